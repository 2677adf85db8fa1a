/**
 * Adverse-media classifier benchmark: `npx tsx scripts/bench-media-classify.ts [--labels FILE]... [--json]`
 *   --labels FILE  a labels CSV (id, adverse, categories, title); repeat for several. Default: every CSV
 *                  of the media corpus's labels/ folder and of tests/fixtures/media-heldout/
 *   --json         print one JSON object with every figure
 * The corpus is read from MEDIA_DIR (default ../shared/data/media, beside the repository). For each
 * file: the articles, precision / recall / F1 of the adverse decision and of each category, the same
 * per detected language, and articles classified per second; then the rate on 5,000-character
 * articles, the size the performance target is set for. Figures are in docs/media-classification.md.
 */
import { readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AdverseCategory, MediaLanguage } from '../common/media';
import { classifyArticle, detectLanguage, type Classification } from '../server/media-corpus/classify';
import { evaluateLabels, readLabelledFile, type LabelEvaluation, type LabelledArticle } from '../server/media-corpus/classify/labels';

const ROOT = resolve(import.meta.dirname, '..');
const HELD_OUT = join(ROOT, 'tests', 'fixtures', 'media-heldout');

export interface FileReport {
  file: string;
  articles: number;
  evaluation: LabelEvaluation;
  /** classifyArticle calls per second on this file's articles (language detection not included). */
  articles_per_second: number;
}

export interface ClassificationReport {
  files: FileReport[];
  /** classifyArticle calls per second on 5,000-character articles made from the corpus texts. */
  articles_per_second_5000_chars: number;
}

interface Prepared {
  label: LabelledArticle;
  language: MediaLanguage | 'other';
}

function timed(articles: Prepared[], rounds: number): { predictions: Classification[]; perSecond: number } {
  let predictions: Classification[] = [];
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) predictions = articles.map((a) => classifyArticle({ title: a.label.title, body: a.label.body, language: a.language }));
  const seconds = (performance.now() - t0) / 1000;
  return { predictions, perSecond: Math.round((articles.length * rounds) / seconds) };
}

/** Every labels file this benchmark knows: the corpus's own and the held-out fixtures. */
export function defaultLabelFiles(mediaDir: string): string[] {
  const csvs = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.csv')).sort().map((f) => join(dir, f));
  return [...csvs(join(mediaDir, 'labels')), ...csvs(HELD_OUT)];
}

export async function classificationReport(options: { mediaDir: string; labelFiles: string[] }): Promise<ClassificationReport> {
  const files: FileReport[] = [];
  const texts: Prepared[] = [];
  for (const file of options.labelFiles) {
    const prepared = readLabelledFile(file, options.mediaDir).map((label) => ({ label, language: detectLanguage(`${label.title}\n${label.body}`) }));
    texts.push(...prepared);
    // A warm-up round first, so lexicon compilation is not counted as classification time.
    timed(prepared.slice(0, 5), 1);
    const { predictions, perSecond } = timed(prepared, 3);
    const evaluation = evaluateLabels(
      prepared.map((p) => p.label),
      predictions.map((p, i) => ({ language: prepared[i].language, adverse: p.adverse, categories: p.categories })),
    );
    files.push({ file, articles: prepared.length, evaluation, articles_per_second: perSecond });
  }
  // Articles of 5,000 characters: each body repeated or cut to that length, in its own language.
  const long = texts
    .filter((t) => t.label.body.length > 200)
    .map((t) => ({ ...t, label: { ...t.label, body: t.label.body.repeat(Math.ceil(5000 / t.label.body.length)).slice(0, 5000) } }));
  const { perSecond } = timed(long, 2);
  return { files, articles_per_second_5000_chars: perSecond };
}

const pct = (x: number) => x.toFixed(3);

function printReport(report: ClassificationReport): void {
  for (const f of report.files) {
    const e = f.evaluation;
    console.log(`\n${basename(f.file)}: ${f.articles} articles, ${e.adverse.support} adverse, ${f.articles_per_second} articles/s`);
    console.log(`  adverse                      P ${pct(e.adverse.precision)}  R ${pct(e.adverse.recall)}  F1 ${pct(e.adverse.f1)}  (tp ${e.adverse.tp}, fp ${e.adverse.fp}, fn ${e.adverse.fn})`);
    for (const [category, s] of Object.entries(e.categories) as [AdverseCategory, (typeof e.categories)[AdverseCategory]][]) {
      if (s.support === 0 && s.fp === 0) continue;
      console.log(`  ${category.padEnd(28)} P ${pct(s.precision)}  R ${pct(s.recall)}  F1 ${pct(s.f1)}  (labelled ${s.support}, fp ${s.fp}, fn ${s.fn})`);
    }
    for (const [language, l] of Object.entries(e.languages)) {
      console.log(`  language ${language.padEnd(6)} ${String(l.articles).padStart(4)} articles  adverse P ${pct(l.adverse.precision)}  R ${pct(l.adverse.recall)}  F1 ${pct(l.adverse.f1)}`);
    }
  }
  console.log(`\n5,000-character articles: ${report.articles_per_second_5000_chars} articles/s (one core)`);
}

async function main(args: string[]): Promise<void> {
  const mediaDir = resolve(process.env.MEDIA_DIR ?? join(ROOT, '..', 'shared', 'data', 'media'));
  const labelFiles = args.flatMap((a, i) => (args[i - 1] === '--labels' ? [resolve(a)] : []));
  const report = await classificationReport({ mediaDir, labelFiles: labelFiles.length ? labelFiles : defaultLabelFiles(mediaDir) });
  if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else printReport(report);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
