/**
 * An article as highlighted text (POST /api/highlight-text; docs/media-watcher.md, "Highlighting"): its whole
 * title and body as TextSegment[], the adverse keywords the classifier found marked `keyword` with their
 * category, and the searched terms marked `term`. Broad terms are marked in every form the search finds
 * (Postgres's own stemmer of the article's language marks them, through ts_headline with HighlightAll) and
 * in other scripts (fold.ts); exact terms only where the phrase is written as typed. Where a term and a
 * keyword overlap, the term is marked.
 */
import type { ArticleView, MediaLanguage, MatchKind, TextSegment } from '../../common/media';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { classifyArticle } from './classify';
import { matchingWords, queryWords, WORD } from './fold';
import { markWords, VISIBLE } from './search';
import { ARTICLE_COLUMNS, leadSnippet, markedWords, segmentText, toArticleView, wordRanges, type MarkRange } from './views';

export interface HighlightedArticle {
  article: ArticleView;
  title: TextSegment[];
  body: TextSegment[];
}

const words = (text: string) => [...text.matchAll(WORD)].map((m) => ({ text: m[0].toLocaleLowerCase(), start: m.index, end: m.index + m[0].length }));

/** Where each exact term is written in a text: its words in order, whole words, ignoring case. */
export function phraseRanges(text: string, terms: string[]): MarkRange[] {
  const tokens = words(text);
  const ranges: MarkRange[] = [];
  for (const term of terms) {
    const wanted = words(term).map((w) => w.text);
    if (!wanted.length) continue;
    for (let i = 0; i + wanted.length <= tokens.length; i++) {
      if (wanted.every((w, j) => tokens[i + j].text === w)) ranges.push({ start: tokens[i].start, end: tokens[i + wanted.length - 1].end, mark: 'term' });
    }
  }
  return ranges;
}

export async function highlightArticle(org: OrgDb, articleId: string, terms: string[], match: MatchKind): Promise<HighlightedArticle> {
  const row = await org.one(`SELECT ${ARTICLE_COLUMNS}, a.body FROM media_articles a WHERE a.id = $1::uuid AND ${VISIBLE}`, [articleId.trim()]);
  if (!row) throw new ApiError(404, 'not_found');
  const title: string = row.title;
  const body: string = row.body;
  const searched = [...new Set(terms.map((t) => t.trim()).filter(Boolean))];

  const termRanges = { title: [] as MarkRange[], body: [] as MarkRange[] };
  if (searched.length && match === 'exact') {
    termRanges.title = phraseRanges(title, searched);
    termRanges.body = phraseRanges(body, searched);
  } else if (searched.length) {
    // The article's own spellings of searched names in other scripts join the words Postgres marks by stem.
    const spellings = matchingWords(`${title}\n${body}`, searched.flatMap((t) => queryWords(t)), 200);
    const [marked] = await markWords(org, [{ id: row.id, words: [...searched, ...spellings] }], { title: true, body: true });
    const found = marked ? [...markedWords(marked.title ?? ''), ...markedWords(marked.body ?? '')] : [];
    const all = [...found, ...spellings];
    termRanges.title = wordRanges(title, all);
    termRanges.body = wordRanges(body, all);
  }

  const language = (row.language ?? 'other') as MediaLanguage | 'other';
  const classified = classifyArticle({ title, body, language });
  const keywordRanges = { title: [] as MarkRange[], body: [] as MarkRange[] };
  for (const hit of classified.hits) keywordRanges[hit.field === 'title' ? 'title' : 'body'].push({ start: hit.start, end: hit.end, mark: 'keyword', category: hit.category });

  return {
    article: toArticleView(row, leadSnippet(body || title)),
    title: segmentText(title, [...termRanges.title, ...keywordRanges.title]),
    body: segmentText(body, [...termRanges.body, ...keywordRanges.body]),
  };
}
