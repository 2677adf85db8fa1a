/**
 * Measuring helpers shared by the benchmark script and the tests: reading the
 * labelled pair files (name_bench layout, and the cross-script file) and query
 * files (rows with an impossible date or an unknown country skipped with their reason), precision / recall / F1 at a threshold, and the best F1 over all thresholds.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { resolveCountry } from '../../common/countries';
import { validateBirthDate, validateSearchTerm } from '../../common/validation';
import type { ScreeningQuery } from './types';

export interface LabelledPair {
  schema: string;
  query: string;
  candidate: string;
  is_match: boolean;
  group?: string;
  category?: string;
  /** STRONG, MEDIUM (blank in the file) or WEAK. */
  quality?: string;
}

/** name_bench layout: case_group, schema, name1, name2, is_match, ...; or the cross-script layout (all positives). */
export function readPairs(file: string): LabelledPair[] {
  const text = readFileSync(file, 'utf8');
  const firstLine = text.split('\n').find((l) => l.trim() && !l.startsWith('#')) ?? '';
  if (/^case_group,/.test(firstLine)) {
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    return rows.map((r) => ({
      schema: r.schema || 'Person',
      query: r.name1,
      candidate: r.name2,
      is_match: String(r.is_match).toLowerCase() === 'true',
      group: r.case_group,
      category: r.category,
      quality: r.quality || 'MEDIUM',
    }));
  }
  // Cross-script layout: Query, Expected Match, Min Score, Description; '#' lines are comments.
  const body = text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .join('\n');
  const rows = Papa.parse<string[]>(body, { skipEmptyLines: true }).data;
  return rows.map((r) => ({ schema: 'Person', query: r[0], candidate: r[1], is_match: true, category: r[3] }));
}

export interface Confusion {
  threshold: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
}

export function confusionAt(scores: number[], labels: boolean[], threshold: number): Confusion {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (let i = 0; i < scores.length; i++) {
    const hit = scores[i] >= threshold;
    if (hit && labels[i]) tp++;
    else if (hit) fp++;
    else if (labels[i]) fn++;
    else tn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : tp + fn ? 0 : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { threshold, tp, fp, fn, tn, precision: r3(precision), recall: r3(recall), f1: r3(f1) };
}

/** The threshold (over 0.01 steps) that maximises F1. */
export function bestF1(scores: number[], labels: boolean[]): Confusion {
  let best = confusionAt(scores, labels, 0.5);
  for (let t = 0.01; t <= 1.0001; t += 0.01) {
    const c = confusionAt(scores, labels, Math.round(t * 100) / 100);
    if (c.f1 > best.f1) best = c;
  }
  return best;
}

function r3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export interface PairReport {
  file: string;
  schema: string;
  pairs: number;
  at_default: Confusion;
  best: Confusion;
}

/** Per-schema and overall ("all") figures for one file. */
export function reportPairs(file: string, pairs: LabelledPair[], scores: number[], threshold: number): PairReport[] {
  const schemas = ['all', ...new Set(pairs.map((p) => p.schema))];
  return schemas.map((schema) => {
    const idx = pairs.map((p, i) => (schema === 'all' || p.schema === schema ? i : -1)).filter((i) => i >= 0);
    const s = idx.map((i) => scores[i]);
    const l = idx.map((i) => pairs[i].is_match);
    return { file, schema, pairs: idx.length, at_default: confusionAt(s, l, threshold), best: bestF1(s, l) };
  });
}

export interface QueryRow {
  query: ScreeningQuery;
  expected?: string;
  /** The row's record number in the file (the header is 1). */
  row?: number;
}

/** A row of a query file that was not screened, and why: "<field>: <message id>" (date_of_birth: invalid_day). */
export interface SkippedQuery {
  row: number;
  field: 'full_name' | 'date_of_birth' | 'nationality';
  reason: string;
  value: string;
}

export interface QueryFile {
  /** Data rows read (blank lines are not rows). */
  read: number;
  /** The rows to screen, in file order. */
  rows: QueryRow[];
  /** Rows left out with their reasons; they never stop the file. */
  skipped: SkippedQuery[];
}

const QUERY_DATE = /^(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?$/;

/**
 * A query file (full_name, first_name, middle_name, last_name, gender, date_of_birth, place_of_birth,
 * nationality[, expected_entity_id]) as engine queries. Dates are YYYY, YYYY-MM or YYYY-MM-DD and must
 * be possible (Create New Case's rules: common/validation.ts validateBirthDate); nationality is a code
 * or a country name the shared resolver knows (common/countries.ts) and is passed on as its alpha-2
 * code. A row that breaks a rule is skipped with its reason; the other rows are screened.
 */
export function readQueryFile(file: string, now = new Date()): QueryFile {
  const records = Papa.parse<string[]>(readFileSync(file, 'utf8'), { skipEmptyLines: false }).data;
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const rows: QueryRow[] = [];
  const skipped: SkippedQuery[] = [];
  let read = 0;
  for (let i = 1; i < records.length; i++) {
    const cells = records[i];
    if (cells.every((c) => !(c ?? '').trim())) continue;
    read++;
    const row = i + 1;
    const r: Record<string, string> = {};
    header.forEach((h, k) => (r[h] = (cells[k] ?? '').trim()));
    const skip = (field: SkippedQuery['field'], rule: string, value: string) => skipped.push({ row, field, reason: `${field}: ${rule}`, value });

    const full = (r.full_name || [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' ')).trim();
    const nameRule = validateSearchTerm(full);
    if (nameRule) {
      skip('full_name', nameRule, full);
      continue;
    }
    const q: ScreeningQuery = { search_term: full, entity_type: 'person' };
    const dob = r.date_of_birth ?? '';
    if (dob) {
      const m = QUERY_DATE.exec(dob);
      if (!m) {
        skip('date_of_birth', 'invalid_date', dob);
        continue;
      }
      const problem = validateBirthDate({ year: m[1], month: m[2] ?? '', day: m[3] ?? '' }, now);
      if (problem) {
        skip('date_of_birth', problem.rule, dob);
        continue;
      }
      q.date_of_birth = { year: Number(m[1]), month: m[2] ? Number(m[2]) : undefined, day: m[3] ? Number(m[3]) : undefined };
    }
    const g = (r.gender ?? '').toLowerCase();
    if (g === 'male' || g === 'm') q.gender = 'male';
    if (g === 'female' || g === 'f') q.gender = 'female';
    if (r.nationality) {
      const code = resolveCountry(r.nationality);
      if (!code) {
        skip('nationality', 'invalid_country', r.nationality);
        continue;
      }
      q.nationality = code;
    }
    rows.push({ query: q, expected: r.expected_entity_id || undefined, row });
  }
  return { read, rows, skipped };
}

/** The rows of a query file to screen (readQueryFile without what was skipped). */
export function readQueries(file: string): QueryRow[] {
  return readQueryFile(file).rows;
}

/** Skipped rows counted by reason, most frequent first. */
export function countReasons(skipped: readonly SkippedQuery[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}
