/**
 * Guards the matching quality measured by the benchmark (npm run bench:screening)
 * against regressions: F1 at the default threshold on the labelled pair files and
 * recall on the cross-script pairs. Name scores here use no list word weights
 * (the benchmark's use the bundled lists' and come out within a point or two).
 * Floors sit just under the measured figures, so a change that costs quality fails.
 * The pair files are required: without them these floors would guard nothing, so a
 * missing directory fails (EVAL_DIR names it) instead of skipping.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confusionAt, readPairs } from '../../server/screening/evaluation';
import { compareNames } from '../../server/screening/name-match';
import { prepareNameVariants, type NameMode } from '../../server/screening/normalize';
import { DEFAULT_MATCH_SCORE } from '../../server/screening/query';

const EVAL_DIR = resolve(process.env.EVAL_DIR ?? resolve(__dirname, '../../../shared/data/eval'));
const mode = (schema: string): NameMode => (schema === 'Person' ? 'person' : schema === 'Vessel' ? 'vessel' : schema === 'LegalEntity' ? 'any' : 'org');

/** The path of a pair file, or a failure that says which variable points at the directory. */
function evaluationFile(dir: string, file: string): string {
  const path = resolve(dir, file);
  if (!existsSync(path)) {
    throw new Error(`matching-quality pairs not found: ${path} does not exist. Set EVAL_DIR to the directory holding ${file} (default ../shared/data/eval).`);
  }
  return path;
}

function f1(file: string) {
  const pairs = readPairs(file.startsWith('/') ? file : evaluationFile(EVAL_DIR, file));
  const scores = pairs.map((p) => {
    let best = 0;
    for (const a of prepareNameVariants(p.query, mode(p.schema))) for (const b of prepareNameVariants(p.candidate, mode(p.schema))) best = Math.max(best, compareNames(a, b).score);
    return best;
  });
  return confusionAt(scores, pairs.map((p) => p.is_match), DEFAULT_MATCH_SCORE / 100);
}

describe('matching quality at the default match score', () => {
  it('fails, naming EVAL_DIR, when the evaluation directory is missing', () => {
    expect(() => evaluationFile(resolve(EVAL_DIR, 'no-such-directory'), 'cascade-name-pairs.csv')).toThrow(/EVAL_DIR/);
  });

  it('cascade-name-pairs.csv: F1 at least 0.85 (Watchman 0.49)', () => {
    expect(f1('cascade-name-pairs.csv').f1).toBeGreaterThanOrEqual(0.925);
  });

  it('the project\'s own pair sets for other scripts (bench/screening): F1 at least 0.88 on the development set and 0.845 held out', () => {
    expect(f1(resolve(__dirname, '../../bench/screening/script-pairs.csv')).f1).toBeGreaterThanOrEqual(0.88);
    expect(f1(resolve(__dirname, '../../bench/screening/script-pairs-heldout.csv')).f1).toBeGreaterThanOrEqual(0.845);
  });

  it('name_bench_cases.csv: F1 about 0.90 (logic-v2 0.79; the benchmark, with list word weights, measures 0.901)', () => {
    expect(f1('name_bench_cases.csv').f1).toBeGreaterThanOrEqual(0.895);
  });

  it('cross_script_pairs.csv: recall at least 0.8', () => {
    expect(f1('cross_script_pairs.csv').recall).toBeGreaterThanOrEqual(0.85);
  });
});
