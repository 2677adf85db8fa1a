/**
 * Media search (docs/media-watcher.md, "Search"): the keyword chips of a MediaQuery as Postgres full-text
 * queries over the article store, with the filters, the order and the snippets.
 *
 * - Chips: every `all` chip must match, at least one `any` chip must match (when there are any), and no
 *   `exclude` chip may match.
 * - Exact: a chip is a phrase as written (phraseto_tsquery('simple') on exact_vector): its words in that
 *   order, no other form of them. "laundered" does not find "laundering", "laundering money" does not find
 *   "money laundering".
 * - Broad: a chip's words in any order, each by its stem in any of the corpus languages (plainto_tsquery with
 *   each language's configuration, ORed: the query's language is not known), OR its spellings in other
 *   scripts (fold.ts): both kinds of lexeme live in search_vector.
 * - The chips are turned into tsqueries by Postgres first (chipQueries) and joined into ONE tsquery of the
 *   searched chips ("(a) & (b) & ((c) | (d))"), so a single GIN index scan answers them all; excluded chips
 *   are a second scan whose articles are left out (an anti-join), not a test of every candidate.
 * - Relevance: ts_rank_cd of the searched chips' words (the title weighs A, the body B; cross-script keys carry
 *   no position and count for nothing) over the RANKED_MATCHES newest matches; ties by date. Date: newest first.
 * - Sequential scans are off for a search's transaction (chipQueries says why).
 * - Snippets: ts_headline with control-character markers, split into TextSegment[] (never HTML); where the
 *   match came from another script, the article's own spellings of the name are marked.
 *
 * A caller sees its own organisation's articles (custom sources) and the shared corpus, nothing else.
 */
import { MEDIA_LANGUAGES, MEDIA_LIMITS, type ArticleView, type MediaQuery, type TextSegment } from '../../common/media';
import type { Db, Queryable, Row } from '../db/client';
import { sqlParams } from '../db/paged';
import { inTransaction, type OrgDb } from '../db/tenant';
import { matchingWords, namesTsquery, queryWords, type KeyAlternative } from './fold';
import { INDEX_CHARS } from './limits';
import { ARTICLE_COLUMNS, HEADLINE_MARKERS, leadSnippet, markedSegments, toArticleView } from './views';

/** The configurations a broad chip is stemmed with: each language's, and 'simple' for articles of other languages. */
export const BROAD_CONFIGS = ['english', 'spanish', 'french', 'german', 'arabic', 'russian', 'simple'] as const;

/** The articles a caller may read: its organisation's and the shared corpus. */
export const VISIBLE = '(a.organisation_id = $org OR a.organisation_id IS NULL)';
/**
 * The same rows as VISIBLE, written so the planner cannot answer it from the (organisation, guid) index: a
 * search is narrowed by its chips' GIN indexes, and the shared corpus is nearly every row anyway.
 */
export const SEARCHABLE = 'coalesce(a.organisation_id, $org) = $org';

/**
 * The most matches a relevance order ranks: the newest this many, which is every result a user can page to
 * (Fetch more stops at MEDIA_LIMITS.maxOffset), so every page comes from the same ranked set. A word most
 * articles hold would otherwise have every match's vector read (170 ms for 11,000 matches on PGlite); the
 * total still counts every match.
 */
export const RANKED_MATCHES = MEDIA_LIMITS.maxOffset + MEDIA_LIMITS.pageSize;

const SNIPPET_OPTIONS = `MaxFragments=2, MaxWords=22, MinWords=8, ShortWord=2, FragmentDelimiter=" … ", ${HEADLINE_MARKERS}`;

interface Chip {
  term: string;
  mode: 'all' | 'any' | 'exclude';
  /** The chip as tsquery text (broad: its stems OR its cross-script keys); null when it has no word to look for. */
  text: string | null;
  /** Its words only (stems or phrase), what a rank counts: the keys have no positions. */
  words: string | null;
}

export interface CompiledSearch {
  /** Conditions on "media_articles a". */
  where: string;
  /** The relevance of a row. */
  rank: string;
  order: string;
  params: unknown[];
  /** Searched terms (not excluded ones), for snippets. */
  terms: string[];
  /** The cross-script spellings looked for, per searched word (broad only). */
  nameWords: KeyAlternative[][];
}

const langQuery = (match: MediaQuery['match'], p: string) =>
  match === 'exact' ? `phraseto_tsquery('simple', ${p})` : BROAD_CONFIGS.map((c) => `plainto_tsquery('${c}', ${p})`).join(' || ');

/** The distinct chips of a query, trimmed. */
function chipsOf(query: MediaQuery) {
  const seen = new Set<string>();
  return query.keywords.flatMap((k) => {
    const term = k.term.trim();
    const key = `${k.mode}\u0000${term.toLocaleLowerCase()}`;
    if (!term || seen.has(key)) return [];
    seen.add(key);
    return [{ term, mode: k.mode }];
  });
}

/**
 * A tsquery text ORed from the same words stemmed alike by several configurations ("'fraud' | 'fraud' | ...")
 * with each alternative once. Only a flat OR is rewritten (& binds tighter than |, so splitting on " | " is
 * safe when there is no parenthesis).
 */
export function distinctAlternatives(text: string): string {
  if (text.includes('(')) return text;
  return [...new Set(text.split(' | '))].join(' | ');
}

/**
 * The chips as tsquery texts, made by Postgres (its parsers and stemmers) in one statement on the caller's
 * organisation row. The search itself then compares every row with constants, which lets the planner read
 * the lexemes' statistics and answer each chip from its GIN index.
 *
 * The same statement turns sequential scans off for the rest of the caller's transaction: the planner
 * prices a text-search match like a comparison of two numbers, so on a corpus of a few thousand articles it
 * reads the whole table, decompressing every article's vectors (40 ms on the shipped corpus), where the
 * GIN indexes answer in 1 to 3 ms; and an index scan is never much worse, even for a word most articles
 * hold (35 ms against 65 ms for "fraud" in 4,841 of 7,305 articles).
 */
async function chipQueries(org: OrgDb, query: MediaQuery): Promise<Chip[]> {
  const chips = chipsOf(query);
  const { add, params } = sqlParams();
  const columns = chips.map((c, i) => `(${langQuery(query.match, `${add(c.term)}::text`)})::text AS l${i}`);
  const row = await org.one(`SELECT ${["set_config('enable_seqscan', 'off', true) AS planner", ...columns].join(', ')} FROM organisations o WHERE o.id = $org`, params);
  return chips.map((c, i) => {
    const lang = row?.[`l${i}`] ? distinctAlternatives(row[`l${i}`] as string) : null;
    const names = query.match === 'broad' ? namesTsquery(c.term) : null;
    const parts = [lang, names].filter((p): p is string => !!p);
    return { ...c, text: parts.length ? parts.map((p) => `(${p})`).join(' | ') : null, words: lang };
  });
}

/** The query, the window and the filters as one SQL statement's parts (on "media_articles a"). */
/**
 * The searched terms' names by their close spellings only (the `k` phonetic keys and `s` skeletons of fold.ts,
 * not the vowel-blurred `v` or loose `a` keys), any term counting; null when no term has a name word.
 */
function closeSpellings(terms: string[]): string | null {
  const perTerm: string[] = [];
  for (const term of terms) {
    const words = queryWords(term).map((alternatives) => alternatives.filter((a) => /^~[ks]/.test(a.lexeme)));
    if (!words.length || words.some((w) => !w.length)) continue;
    perTerm.push(words.map((w) => `(${w.map((a) => `'${a.lexeme}'${a.prefix ? ':*' : ''}`).join(' | ')})`).join(' & '));
  }
  return perTerm.length ? perTerm.map((t) => `(${t})`).join(' | ') : null;
}

export async function compileSearch(org: OrgDb, query: MediaQuery, options: { ranked?: boolean } = {}): Promise<CompiledSearch> {
  const params: unknown[] = [];
  const { add } = sqlParams(params);
  const vector = query.match === 'exact' ? 'a.exact_vector' : 'a.search_vector';
  const chips = await chipQueries(org, query);
  const all = chips.filter((c) => c.mode === 'all');
  const any = chips.filter((c) => c.mode === 'any' && c.text);
  const excluded = chips.filter((c) => c.mode === 'exclude' && c.text);
  // The searched chips as one query: every `all` chip, and one of the `any` chips. A chip with nothing to look
  // for (punctuation) cannot be found, so an `all` chip of that kind finds nothing.
  const wanted = [...all.map((c) => c.text), ...(any.length ? [any.map((c) => `(${c.text})`).join(' | ')] : [])];
  const anyUnfindable = any.length === 0 && chips.some((c) => c.mode === 'any');
  const searchable = wanted.length > 0 && wanted.every((t) => t) && !anyUnfindable;
  const positive = searchable ? (wanted as string[]).map((t) => `(${t})`).join(' & ') : null;
  const conditions = [SEARCHABLE];
  // With no chip to find (the schema refuses such a query), nothing is found rather than everything.
  conditions.push(positive ? `${vector} @@ ${add(positive)}::tsquery` : 'false');
  if (excluded.length) {
    const column = vector.replace('a.', 'x.');
    conditions.push(`a.id NOT IN (SELECT x.id FROM media_articles x WHERE ${column} @@ ${add(excluded.map((c) => `(${c.text})`).join(' | '))}::tsquery)`);
  }

  if (query.countries?.length) conditions.push(`a.countries && ${add(query.countries.map((c) => c.trim().toUpperCase()))}::text[]`);
  if (query.languages?.length) {
    const languages = query.languages.filter((l) => (MEDIA_LANGUAGES as readonly string[]).includes(l));
    conditions.push(`a.language = ANY(${add(languages)}::text[])`);
  }
  if (query.window) {
    const unit = { days: 'days', weeks: 'weeks', months: 'months', years: 'years' }[query.window.unit] ?? 'days';
    conditions.push(`a.published_at >= now() - make_interval(${unit} => ${add(Math.trunc(query.window.amount))}::int)`);
  }
  if (query.adverse_only) conditions.push('a.adverse');

  // Ranked by the searched chips, any of them counting (by date: not ranked). Normalisation 1: divided by
  // 1 + log(length), so a long release does not outrank a short article by its length alone.
  const searched = chips.filter((c) => c.mode !== 'exclude');
  const rankText = searched.filter((c) => c.words).map((c) => `(${c.words})`);
  const ranked = query.sort !== 'date' && options.ranked !== false && positive !== null && rankText.length > 0;
  const nameWords = query.match === 'broad' ? searched.flatMap((c) => queryWords(c.term)) : [];
  // Keys carry no positions, so a name found only in another script ranks by a small bonus instead: its
  // spelling read letter for letter (a phonetic key, or an Arabic skeleton) before a spelling that only shares
  // its consonants ("Vinnik": "Винник" before "Vinayak"). Small enough never to outrank a word of the query.
  const spelt = ranked && query.match === 'broad' ? closeSpellings(searched.map((c) => c.term)) : null;
  const wordsRank = ranked ? `ts_rank_cd(${vector}, ${add(rankText.join(' | '))}::tsquery, 1)` : '0::real';
  const rank = spelt ? `${wordsRank} + CASE WHEN ${vector} @@ ${add(spelt)}::tsquery THEN 0.001 ELSE 0 END` : wordsRank;
  const order = query.sort === 'date' ? 'a.published_at DESC NULLS LAST, a.id' : 'rank DESC, a.published_at DESC NULLS LAST, a.id';
  return { where: conditions.join(' AND '), rank, order, params, terms: searched.map((c) => c.term), nameWords };
}

/** The headline query of an article for the searched terms, in the article's configuration (exact: 'simple'). */
function headlineQuery(match: MediaQuery['match'], termParams: string[], cfg: string) {
  const parts = termParams.map((p) => (match === 'exact' ? `phraseto_tsquery('simple', ${p}::text)` : `plainto_tsquery(${cfg}, ${p}::text)`));
  return parts.length ? parts.join(' || ') : "''::tsquery";
}

/** Snippet segments: whitespace of the body (paragraph breaks) read as single spaces. */
function snippetOf(marked: string | null | undefined): TextSegment[] {
  if (!marked) return [];
  return markedSegments(marked.trim())
    .map((s) => ({ ...s, text: s.text.replace(/\s+/g, ' ') }))
    .filter((s) => s.text !== '');
}

const hasTerm = (segments: TextSegment[]) => segments.some((s) => s.mark === 'term');

/** The search's statement (the page of hits with their articles and snippets), for searchArticles and for EXPLAIN. */
export async function searchStatement(org: OrgDb, query: MediaQuery, page: { offset: number; limit: number }): Promise<{ sql: string; params: unknown[]; compiled: CompiledSearch }> {
  const compiled = await compileSearch(org, query);
  const { add, params } = sqlParams([...compiled.params]);
  const termParams = compiled.terms.map((t) => add(t));
  const limit = add(page.limit);
  const offset = add(page.offset);
  const cfg = query.match === 'exact' ? "'simple'::regconfig" : 'media_ts_config(a.language)';
  const byDate = query.sort === 'date';
  // Every match's id and date first (the index answers which; only their dates are read), counted once. By date,
  // the page comes straight from them. By relevance, the RANKED_MATCHES newest are ranked (each rank reads the
  // article's whole vector, the costly part of a search for a word thousands of articles hold) and the page
  // comes from those; with fewer matches, that is every match. Only the page's rows are read whole.
  const page_ = byDate
    ? `SELECT m.id, 0::real AS rank, m.published_at FROM matches m
        ORDER BY m.published_at DESC NULLS LAST, m.id LIMIT ${limit}::int OFFSET ${offset}::int`
    : `SELECT a.id, ${compiled.rank} AS rank, a.published_at
         FROM (SELECT m.id FROM matches m ORDER BY m.published_at DESC NULLS LAST, m.id LIMIT ${RANKED_MATCHES}) c
         JOIN media_articles a ON a.id = c.id
        ORDER BY ${compiled.order} LIMIT ${limit}::int OFFSET ${offset}::int`;
  const sql = `WITH matches AS MATERIALIZED (
       SELECT a.id, a.published_at FROM media_articles a WHERE ${compiled.where}),
     hits AS (${page_})
     SELECT (SELECT count(*) FROM matches)::int AS total, ${ARTICLE_COLUMNS},
            ts_headline(${cfg}, left(a.body, ${INDEX_CHARS}), ${headlineQuery(query.match, termParams, cfg)}, '${SNIPPET_OPTIONS}') AS snippet
       FROM hits h JOIN media_articles a ON a.id = h.id
      ORDER BY ${compiled.order.replace('rank DESC', 'h.rank DESC')}`;
  return { sql, params, compiled };
}

/** A page of a search's results with the total; one transaction, whose planner settings chipQueries makes. */
export async function searchArticles(org: OrgDb, query: MediaQuery, page: { offset: number; limit: number }): Promise<{ total: number; results: ArticleView[] }> {
  return org.transaction((tx) => searchIn(tx, query, page));
}

async function searchIn(org: OrgDb, query: MediaQuery, page: { offset: number; limit: number }): Promise<{ total: number; results: ArticleView[] }> {
  const { sql, params, compiled } = await searchStatement(org, query, page);
  const rows = await org.query(sql, params);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page.offset > 0) total = await countArticles(org, query);
  const snippets = new Map(rows.map((r) => [r.id as string, snippetOf(r.snippet)]));
  // A match through another script leaves the snippet unmarked: mark the article's own spellings of the name.
  const unmarked = rows.filter((r) => !hasTerm(snippets.get(r.id)!)).map((r) => r.id as string);
  if (compiled.nameWords.length && unmarked.length) {
    for (const [id, segments] of await crossScriptSnippets(org, unmarked, compiled.nameWords)) if (hasTerm(segments)) snippets.set(id, segments);
  }
  return {
    total,
    results: rows.map((r) => {
      const snippet = snippets.get(r.id)!;
      return toArticleView(r, snippet.length ? snippet : leadSnippet(r.title));
    }),
  };
}

/** How many articles a query finds (for a page past the last one, which has no row to carry the count). */
export async function countArticles(org: OrgDb, query: MediaQuery): Promise<number> {
  return org.transaction(async (tx) => {
    const compiled = await compileSearch(tx, query, { ranked: false });
    const row = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM media_articles a WHERE ${compiled.where}`, compiled.params);
    return row?.n ?? 0;
  });
}

/** Snippets that mark, in each article, the words that spell the searched names in another script. */
async function crossScriptSnippets(org: OrgDb, ids: string[], nameWords: KeyAlternative[][]): Promise<Map<string, TextSegment[]>> {
  const texts = await org.query(`SELECT a.id, a.title, left(a.body, ${INDEX_CHARS}) AS body FROM media_articles a WHERE a.id = ANY($1::uuid[]) AND ${VISIBLE}`, [ids]);
  const wanted = texts.map((t) => ({ id: t.id as string, words: matchingWords(`${t.title}\n${t.body}`, nameWords) })).filter((t) => t.words.length);
  if (!wanted.length) return new Map();
  const marked = await markWords(org, wanted, { body: true, snippet: true });
  return new Map(marked.map((m) => [m.id, snippetOf(m.body)]));
}

/**
 * ts_headline over articles with, for each, a list of words to mark as written (matched in the article's
 * own configuration): the whole title and body (highlight: true) or the body's best fragments (snippet).
 */
export async function markWords(
  db: OrgDb,
  items: { id: string; words: string[]; query?: string }[],
  options: { body: boolean; snippet?: boolean; title?: boolean; highlightAll?: boolean },
): Promise<Array<{ id: string; title: string | null; body: string | null }>> {
  if (!items.length) return [];
  // The words become an OR of the lexemes the article's configuration makes of them; a lexeme with a backslash
  // could not be written in tsquery syntax and is left out.
  const wordsQuery = `(SELECT string_agg(quote_literal(v.lexeme), ' | ') FROM unnest(to_tsvector(media_ts_config(a.language), x.words)) v WHERE position(E'\\\\' in v.lexeme) = 0)`;
  const opts = options.snippet ? SNIPPET_OPTIONS : `HighlightAll=true, ${HEADLINE_MARKERS}`;
  const rows = await db.query(
    `SELECT x.id, ${options.title ? `ts_headline(media_ts_config(a.language), a.title, h.q, '${opts}')` : 'NULL'} AS title,
            ${options.body ? `ts_headline(media_ts_config(a.language), ${options.snippet ? `left(a.body, ${INDEX_CHARS})` : 'a.body'}, h.q, '${opts}')` : 'NULL'} AS body
       FROM unnest($1::uuid[], $2::text[]) AS x(id, words)
       JOIN media_articles a ON a.id = x.id AND ${VISIBLE}
       CROSS JOIN LATERAL (SELECT coalesce(${wordsQuery}, '')::text AS w) lw
       CROSS JOIN LATERAL (SELECT (CASE WHEN lw.w = '' THEN NULL ELSE lw.w::tsquery END) AS q) h
      WHERE h.q IS NOT NULL`,
    [items.map((i) => i.id), items.map((i) => i.words.join(' '))],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, body: r.body }));
}

/**
 * The candidates of the mention matcher (mentions.ts): articles of the organisation and the shared corpus in
 * which every word of one of the names appears in some script (fold.ts keys in search_vector), newest first.
 */
export async function candidateArticles(
  db: Queryable,
  input: { organisationId: string; names: string[]; since?: Date | null; limit?: number },
): Promise<Array<{ id: string; title: string; body: string; language: string }>> {
  const queries = [...new Set(input.names.map((n) => namesTsquery(n)).filter((q): q is string => !!q))];
  if (!queries.length) return [];
  const { add, params } = sqlParams();
  const matchAny = `a.search_vector @@ ${add(queries.map((q) => `(${q})`).join(' | '))}::tsquery`;
  const since = input.since ? ` AND a.ingested_at > ${add(input.since.toISOString())}::timestamptz` : '';
  const limit = add(Math.max(1, Math.min(input.limit ?? 1000, 10_000)));
  return withIndexScans(db, (tx) =>
    inTransaction(tx, input.organisationId).query<{ id: string; title: string; body: string; language: string }>(
      `SELECT a.id, a.title, left(a.body, ${INDEX_CHARS}) AS body, a.language
         FROM media_articles a
        WHERE ${SEARCHABLE} AND ${matchAny}${since}
        ORDER BY a.published_at DESC NULLS LAST, a.id
        LIMIT ${limit}::int`,
      params,
    ),
  );
}

/**
 * Runs fn with sequential scans off (see chipQueries for why): in a transaction of its own on the database,
 * or, inside the caller's transaction, with the setting put back afterwards.
 */
async function withIndexScans<T>(db: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const setting = (value: string) => "SELECT current_setting('enable_seqscan') AS was, set_config('enable_seqscan', " + value + ', true)';
  if ('transaction' in db && typeof (db as Db).transaction === 'function') {
    return (db as Db).transaction(async (tx) => {
      await tx.query(setting("'off'"));
      return fn(tx);
    });
  }
  const before = await db.one<{ was: string }>(setting("'off'"));
  try {
    return await fn(db);
  } finally {
    await db.query(setting('$1::text'), [before?.was ?? 'on']);
  }
}

/** Articles by id as the API shows them, the snippet the first ~300 characters of the body; unknown or foreign ids are left out. */
export async function articleViews(db: Queryable, organisationId: string, ids: string[]): Promise<ArticleView[]> {
  if (!ids.length) return [];
  const org = inTransaction(db, organisationId);
  const rows = await org.query<Row>(`SELECT ${ARTICLE_COLUMNS}, left(a.body, 600) AS lead FROM media_articles a WHERE a.id = ANY($1::uuid[]) AND ${VISIBLE}`, [ids]);
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toArticleView(row, leadSnippet(row.lead || row.title))] : [];
  });
}
