/**
 * Labelled files (id, adverse, categories, title; see the corpus's labels/README.md) and their
 * evaluation: precision, recall and F1 of the adverse decision and of each category, overall and
 * per language.
 *
 * An id is found in the corpus as follows: an id ending in ".txt" is a text file (headline on its
 * first non-empty line) relative to the labels file's folder, to the media folder, or to one of the
 * media folder's sub-folders (the NEREL ids are relative to nerel-ru-wikinews/); any other id is the
 * `url` of a row of one of the CSV files in the media folder's sub-folders (Wikinews has `text`, the
 * DOJ releases an HTML `body`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Papa from 'papaparse';
import { ownEntry } from '../../../common/lookup';
import { ADVERSE_CATEGORIES, type AdverseCategory, type MediaLanguage } from '../../../common/media';

export interface LabelledArticle {
  id: string;
  adverse: boolean;
  categories: AdverseCategory[];
  title: string;
  body: string;
}

const CATEGORY_SET = new Set<string>(ADVERSE_CATEGORIES);

function parseCsv(text: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“', ndash: '–', mdash: '—', hellip: '…' };

/** HTML to plain text: block ends become line breaks (sentence ends for the tokeniser), tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
      }
      return ownEntry(ENTITIES, name.toLowerCase()) ?? all;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
}

interface SourceRow {
  title: string;
  body: string;
}

/** url -> article over every CSV of the media folder's sub-folders, built once per media folder. */
const urlIndexes = new Map<string, Map<string, SourceRow>>();

function urlIndex(mediaDir: string): Map<string, SourceRow> {
  let index = urlIndexes.get(mediaDir);
  if (index) return index;
  index = new Map();
  for (const sub of readdirSync(mediaDir)) {
    const folder = join(mediaDir, sub);
    if (sub === 'labels' || !statSync(folder).isDirectory()) continue;
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.csv')) continue;
      for (const row of parseCsv(readFileSync(join(folder, file), 'utf8'))) {
        if (!row.url || !row.title) continue;
        const body = row.text ?? (row.body ? htmlToText(row.body) : '');
        index.set(row.url, { title: row.title.replace(/\s+/g, ' ').trim(), body });
      }
    }
  }
  urlIndexes.set(mediaDir, index);
  return index;
}

function readTextFile(path: string): SourceRow {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  return { title: (lines[first] ?? '').trim(), body: lines.slice(first + 1).join('\n').trim() };
}

function findTextFile(id: string, roots: string[]): string | null {
  for (const root of roots) {
    const path = join(root, id);
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

/** Reads a labels CSV and the text of each article; an id that cannot be found is an error, so a figure is never computed on fewer articles than the file lists. */
export function readLabelledFile(file: string, mediaDir: string): LabelledArticle[] {
  const rows = parseCsv(readFileSync(file, 'utf8'));
  const roots = [dirname(file), mediaDir, ...readdirSync(mediaDir).map((d) => join(mediaDir, d))];
  return rows.map((row, i) => {
    const id = row.id;
    if (!id) throw new Error(`${file}: row ${i + 2} has no id`);
    let source: SourceRow | undefined;
    if (id.endsWith('.txt')) {
      const path = findTextFile(id, roots);
      if (path) source = readTextFile(path);
    } else source = urlIndex(mediaDir).get(id);
    if (!source) throw new Error(`${file}: article ${id} is not in ${mediaDir}`);
    const categories = (row.categories ?? '')
      .split('|')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    const unknown = categories.find((c) => !CATEGORY_SET.has(c));
    if (unknown) throw new Error(`${file}: article ${id} has an unknown category ${unknown}`);
    return { id, adverse: row.adverse === '1', categories: categories as AdverseCategory[], title: source.title, body: source.body };
  });
}

export interface Scores {
  /** Articles (or, for a category, articles labelled with it). */
  support: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface Evaluation {
  articles: number;
  adverse: Scores;
  categories: Record<AdverseCategory, Scores>;
}

export interface LabelEvaluation extends Evaluation {
  languages: Partial<Record<MediaLanguage | 'other', Evaluation>>;
}

export interface Prediction {
  language: MediaLanguage | 'other';
  adverse: boolean;
  categories: AdverseCategory[];
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function scores(tp: number, fp: number, fn: number, support: number): Scores {
  // An empty class (nothing labelled, nothing predicted) is not a failure: its figures are 1.
  const precision = tp + fp === 0 ? (fn === 0 ? 1 : 0) : tp / (tp + fp);
  const recall = tp + fn === 0 ? (fp === 0 ? 1 : 0) : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { support, tp, fp, fn, precision: round(precision), recall: round(recall), f1: round(f1) };
}

function evaluate(pairs: { label: LabelledArticle; prediction: Prediction }[]): Evaluation {
  const count = (test: (label: LabelledArticle, p: Prediction) => boolean) => pairs.filter(({ label, prediction }) => test(label, prediction)).length;
  const adverse = scores(
    count((l, p) => l.adverse && p.adverse),
    count((l, p) => !l.adverse && p.adverse),
    count((l, p) => l.adverse && !p.adverse),
    count((l) => l.adverse),
  );
  const categories = {} as Record<AdverseCategory, Scores>;
  for (const c of ADVERSE_CATEGORIES) {
    categories[c] = scores(
      count((l, p) => l.categories.includes(c) && p.categories.includes(c)),
      count((l, p) => !l.categories.includes(c) && p.categories.includes(c)),
      count((l, p) => l.categories.includes(c) && !p.categories.includes(c)),
      count((l) => l.categories.includes(c)),
    );
  }
  return { articles: pairs.length, adverse, categories };
}

/** Compares predictions with labels, position by position, overall and per predicted language. */
export function evaluateLabels(labels: LabelledArticle[], predictions: Prediction[]): LabelEvaluation {
  if (labels.length !== predictions.length) throw new Error(`${labels.length} labels but ${predictions.length} predictions`);
  const pairs = labels.map((label, i) => ({ label, prediction: predictions[i] }));
  const languages: LabelEvaluation['languages'] = {};
  for (const language of new Set(predictions.map((p) => p.language))) {
    languages[language] = evaluate(pairs.filter((p) => p.prediction.language === language));
  }
  return { ...evaluate(pairs), languages };
}
