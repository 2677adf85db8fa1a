/**
 * Articles as the API shows them (common/media.ts ArticleView), and texts as segments (TextSegment[]):
 * plain runs and marked runs, never HTML, so nothing an article contains is ever rendered as markup.
 */
import { ADVERSE_CATEGORIES, MEDIA_LANGUAGES, SENTIMENTS, type AdverseCategory, type ArticleView, type MediaLanguage, type Sentiment, type TextSegment } from '../../common/media';
import type { Row } from '../db/client';

/** Where ts_headline opens and closes a match: control characters no stored text contains (ingest strips them). */
export const MARK_START = '\u0001';
export const MARK_STOP = '\u0002';
/** ts_headline's options with those markers. */
export const HEADLINE_MARKERS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}`;

/** The columns an ArticleView is built from (on "media_articles a"). */
export const ARTICLE_COLUMNS = `a.id, a.title, a.url, a.source, a.publisher, a.author, a.published_at, a.language, a.countries, a.adverse,
  a.categories, a.keywords, a.adverse_keywords, a.sentiment, a.sentiment_score`;

const LANGUAGES = new Set<string>(MEDIA_LANGUAGES);
const CATEGORIES = new Set<string>(ADVERSE_CATEGORIES);
const SENTIMENT_SET = new Set<string>(SENTIMENTS);

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const json = <T>(value: unknown, fallback: T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : ((value as T) ?? fallback));

export function toArticleView(row: Row, snippet: TextSegment[]): ArticleView {
  return {
    id: row.id,
    title: row.title,
    url: row.url ?? null,
    source: row.source,
    publisher: row.publisher ?? null,
    author: row.author ?? null,
    published_at: iso(row.published_at),
    language: LANGUAGES.has(row.language) ? (row.language as MediaLanguage) : 'other',
    countries: row.countries ?? [],
    snippet,
    adverse: Boolean(row.adverse),
    categories: ((row.categories ?? []) as string[]).filter((c): c is AdverseCategory => CATEGORIES.has(c)),
    keywords: json<Record<string, string[]>>(row.keywords, {}),
    adverse_keywords: row.adverse_keywords ?? [],
    sentiment: SENTIMENT_SET.has(row.sentiment) ? (row.sentiment as Sentiment) : 'neutral',
    sentiment_score: Number(row.sentiment_score ?? 0),
  };
}

/** ts_headline's output (matches between MARK_START and MARK_STOP) as segments, the matches marked as terms. */
export function markedSegments(marked: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let open = false;
  for (const piece of marked.split(/([\u0001\u0002])/)) {
    if (piece === MARK_START) open = true;
    else if (piece === MARK_STOP) open = false;
    else if (piece) {
      const last = segments[segments.length - 1];
      const mark = open ? 'term' : undefined;
      // Two adjacent matches ("money laundering" as a phrase) read as one marked run.
      if (last && last.mark === mark && !last.category) last.text += piece;
      else segments.push(mark ? { text: piece, mark } : { text: piece });
    }
  }
  return mergeAdjacentTerms(segments);
}

/** "money" + " " + "laundering", both marked, become one marked run when only spaces lie between them. */
function mergeAdjacentTerms(segments: TextSegment[]): TextSegment[] {
  const out: TextSegment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    const prev = out[out.length - 1];
    const next = segments[i + 1];
    if (!s.mark && /^[ \t]+$/.test(s.text) && prev?.mark === 'term' && next?.mark === 'term') {
      prev.text += s.text + next.text;
      i++;
      continue;
    }
    out.push({ ...s });
  }
  return out;
}

/** The words of ts_headline's output that it marked, for marking them in the original text. */
export function markedWords(marked: string): string[] {
  const words = new Set<string>();
  for (const m of marked.matchAll(/\u0001([^\u0001\u0002]*)\u0002/g)) if (m[1].trim()) words.add(m[1]);
  return [...words];
}

/** A range of a text to mark. */
export interface MarkRange {
  start: number;
  end: number;
  mark: 'term' | 'keyword';
  category?: AdverseCategory;
}

/**
 * A text as segments with ranges marked. Where ranges overlap, a searched term wins over a keyword of the
 * classifier (the analyst looked for it), and an earlier range over a later one of the same kind.
 */
export function segmentText(text: string, ranges: MarkRange[]): TextSegment[] {
  const owner: (MarkRange | undefined)[] = new Array(text.length);
  const ordered = [...ranges].filter((r) => r.end > r.start).sort((a, b) => (a.mark === b.mark ? a.start - b.start : a.mark === 'term' ? -1 : 1));
  for (const r of ordered) {
    for (let i = Math.max(0, r.start); i < Math.min(text.length, r.end); i++) if (!owner[i]) owner[i] = r;
  }
  const segments: TextSegment[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && owner[i] === owner[start]) continue;
    const r = owner[start];
    const piece = text.slice(start, i);
    segments.push(r ? { text: piece, mark: r.mark, ...(r.category ? { category: r.category } : {}) } : { text: piece });
    start = i;
  }
  return segments.length ? segments : [{ text }];
}

/** The ranges of every occurrence of these words in a text, whole words only, ignoring case. */
export function wordRanges(text: string, words: string[]): MarkRange[] {
  const wanted = new Set(words.map((w) => w.toLocaleLowerCase()));
  if (!wanted.size) return [];
  const ranges: MarkRange[] = [];
  for (const m of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    if (wanted.has(m[0].toLocaleLowerCase())) ranges.push({ start: m.index, end: m.index + m[0].length, mark: 'term' });
  }
  // Words joined by spaces in a marked phrase ("money laundering") read as one run.
  ranges.sort((a, b) => a.start - b.start);
  const merged: MarkRange[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && /^[ \t]+$/.test(text.slice(last.end, r.start))) last.end = r.end;
    else merged.push({ ...r });
  }
  return merged;
}

/** The first ~length characters of a text, cut at a word boundary, as a plain segment. */
export function leadSnippet(text: string, length = 300): TextSegment[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= length) return clean ? [{ text: clean }] : [];
  const cut = clean.lastIndexOf(' ', length);
  return [{ text: `${clean.slice(0, cut > length / 2 ? cut : length)} …` }];
}
