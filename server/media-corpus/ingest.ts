/**
 * Storing articles (docs/media-watcher.md, "The index"): each is classified (server/media-corpus/classify),
 * its language detected when not given, the countries it mentions found, and it is written with three
 * search vectors that Postgres builds itself in the same statement:
 *
 * - search_vector: the stems of the article's language configuration (media_ts_config: english, spanish,
 *   french, german, arabic, russian, else simple), title weighted A and body B, and beside them the
 *   cross-script keys of every word (fold.ts; no positions), so one GIN index answers a broad chip by its
 *   stems or by a name's spelling in another script;
 * - exact_vector: the 'simple' configuration (every word as written, positions kept): exact phrases.
 *
 * Only the first INDEX_CHARS characters of a body are indexed (the whole body is stored and shown), which
 * keeps vectors small and searches fast; the facts that identify an article are at its start.
 *
 * Articles are upserted by (owner, guid), where the owner is one organisation (a custom source's article) or
 * the shared corpus (organisation NULL): an article read again unchanged is skipped before it is classified
 * (content_hash), so polling a feed again or resuming the corpus load after a crash costs little. Rows are
 * written 200 to a statement. The shared corpus belongs to no organisation, so its statements name none;
 * an organisation's go through its bound handle.
 */
import { createHash } from 'node:crypto';
import type { MediaLanguage } from '../../common/media';
import type { Queryable } from '../db/client';
import { inTransaction } from '../db/tenant';
import { classifyArticle, countriesMentioned, detectLanguage } from './classify';
import { textLexemes } from './fold';
import { INDEX_CHARS, MAX_BODY_CHARS } from './limits';

export interface ArticleInput {
  guid: string;
  url?: string | null;
  title: string;
  body: string;
  author?: string | null;
  published_at?: Date | null;
  /** Detected from the text when absent. */
  language?: MediaLanguage | 'other' | null;
  publisher?: string | null;
}

export interface IngestScope {
  /** null: the shared corpus every organisation searches. */
  organisationId: string | null;
  sourceId?: string | null;
  /** The corpus or custom source the articles come from, as shown. */
  source: string;
}

const MAX_TITLE_CHARS = 1_000;
const MAX_TEXT_CHARS = 2_000;
const BATCH_ROWS = 200;

// Control characters other than tab and line breaks: never in a real text, and \u0001/\u0002 mark highlights.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// C1 controls in a text are Windows-1252 punctuation that was decoded as Latin-1 upstream ("President\u0092s"):
// read them as the characters the publisher typed, so they show and index as quotes and dashes, not boxes.
// eslint-disable-next-line no-control-regex
const C1 = /[\u0080-\u009F]/g;
const WINDOWS_1252 = new TextDecoder('windows-1252');
const c1AsWindows1252 = (ch: string) => {
  const decoded = WINDOWS_1252.decode(Uint8Array.of(ch.charCodeAt(0)));
  return decoded === ch ? ' ' : decoded;
};

const clean = (text: string | null | undefined, max: number) =>
  (text ?? '').replace(CONTROL, ' ').replace(C1, c1AsWindows1252).replace(LONE_SURROGATE, '').slice(0, max);
const cleanLine = (text: string | null | undefined, max: number) => clean(text, max * 2).replace(/\s+/g, ' ').trim().slice(0, max);

interface Prepared {
  guid: string;
  url: string | null;
  title: string;
  body: string;
  author: string | null;
  published_at: Date | null;
  language: MediaLanguage | 'other' | null;
  publisher: string | null;
  hash: string;
}

function prepare(item: ArticleInput, scope: IngestScope): Prepared | null {
  const guid = cleanLine(item.guid, MAX_TEXT_CHARS);
  const body = clean(item.body, MAX_BODY_CHARS).replace(/\r\n?/g, '\n').trim();
  // An article without a headline is shown by its first words.
  const title = cleanLine(item.title, MAX_TITLE_CHARS) || cleanLine(body.slice(0, 200), 120);
  if (!guid || !title) return null;
  const published = item.published_at && !Number.isNaN(item.published_at.getTime()) ? item.published_at : null;
  const prepared = {
    guid,
    url: cleanLine(item.url, MAX_TEXT_CHARS) || null,
    title,
    body,
    author: cleanLine(item.author, 300) || null,
    published_at: published,
    language: item.language ?? null,
    publisher: cleanLine(item.publisher, 300) || null,
  };
  const hash = createHash('sha1')
    .update(JSON.stringify([prepared.url, prepared.title, prepared.body, prepared.author, published?.toISOString() ?? null, prepared.language, prepared.publisher, scope.source, scope.sourceId ?? null]))
    .digest('hex');
  return { ...prepared, hash };
}

/** The stored digests of these guids in the scope's owner. */
async function storedHashes(db: Queryable, organisationId: string | null, guids: string[]): Promise<Map<string, string>> {
  const rows = organisationId
    ? await inTransaction(db, organisationId).query<{ guid: string; content_hash: string }>('SELECT guid, content_hash FROM media_articles WHERE organisation_id = $org AND guid = ANY($1::text[])', [guids])
    : await db.query<{ guid: string; content_hash: string }>('SELECT guid, content_hash FROM media_articles WHERE organisation_id IS NULL AND guid = ANY($1::text[])', [guids]);
  return new Map(rows.map((r) => [r.guid, r.content_hash]));
}

const INSERT = `
  INSERT INTO media_articles AS m (organisation_id, source_id, source, publisher, url, guid, title, body, author, published_at, language,
      countries, adverse, categories, keywords, adverse_keywords, sentiment, sentiment_score, search_vector, exact_vector, content_hash)
  SELECT $1::uuid, $2::uuid, $3::text, x.publisher, x.url, x.guid, x.title, x.body, x.author, x.published_at, x.language,
         string_to_array(x.countries, ','), x.adverse, string_to_array(x.categories, ','), x.keywords::jsonb, string_to_array(x.adverse_keywords, E'\\x1f'),
         x.sentiment, x.sentiment_score,
         setweight(to_tsvector(media_ts_config(x.language), x.title), 'A') || setweight(to_tsvector(media_ts_config(x.language), left(x.body, ${INDEX_CHARS})), 'B')
           || array_to_tsvector(string_to_array(x.names, ' ')),
         setweight(to_tsvector('simple', x.title), 'A') || setweight(to_tsvector('simple', left(x.body, ${INDEX_CHARS})), 'B'),
         x.hash
    FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::text[], $11::text[], $12::boolean[], $13::text[],
                $14::text[], $15::text[], $16::text[], $17::real[], $18::text[], $19::text[], $20::text[])
      AS x(guid, url, title, body, author, published_at, language, countries, adverse, categories, keywords, adverse_keywords, sentiment, sentiment_score, names, hash, publisher)
  ON CONFLICT (organisation_id, guid) DO UPDATE SET
      source_id = EXCLUDED.source_id, source = EXCLUDED.source, publisher = EXCLUDED.publisher, url = EXCLUDED.url, title = EXCLUDED.title,
      body = EXCLUDED.body, author = EXCLUDED.author, published_at = EXCLUDED.published_at, language = EXCLUDED.language,
      countries = EXCLUDED.countries, adverse = EXCLUDED.adverse, categories = EXCLUDED.categories, keywords = EXCLUDED.keywords,
      adverse_keywords = EXCLUDED.adverse_keywords, sentiment = EXCLUDED.sentiment, sentiment_score = EXCLUDED.sentiment_score,
      search_vector = EXCLUDED.search_vector, exact_vector = EXCLUDED.exact_vector,
      content_hash = EXCLUDED.content_hash, updated_at = now()
    WHERE m.content_hash <> EXCLUDED.content_hash
  RETURNING m.id, (m.xmax = 0) AS inserted`;

/** What ingest stores for one article besides the text itself. */
export interface Analysis {
  language: MediaLanguage | 'other';
  countries: string[];
  adverse: boolean;
  categories: string[];
  keywords: Record<string, string[]>;
  adverse_keywords: string[];
  sentiment: string;
  sentiment_score: number;
  names: string[];
}

/** Classifies one article and computes its cross-script keys. */
export function analyseArticle(article: { title: string; body: string; language: MediaLanguage | 'other' | null }): Analysis {
  const language = article.language ?? detectLanguage(`${article.title}\n${article.body.slice(0, 5_000)}`);
  const result = classifyArticle({ title: article.title, body: article.body, language });
  const adverseKeywords = [...new Set(Object.values(result.keywords).flat())];
  return {
    language,
    countries: [...new Set(countriesMentioned(`${article.title}\n${article.body}`, language).map((c) => c.toUpperCase()))].sort(),
    adverse: result.adverse,
    categories: result.categories,
    keywords: result.keywords,
    adverse_keywords: adverseKeywords,
    sentiment: result.sentiment,
    sentiment_score: Number.isFinite(result.sentiment_score) ? result.sentiment_score : 0,
    names: textLexemes(`${article.title}\n${article.body.slice(0, INDEX_CHARS)}`),
  };
}

/**
 * Classifies, indexes and upserts articles; answers the ids of the articles that were new, and how many
 * known ones changed. Unchanged articles are skipped. Bodies are plain text.
 */
export async function ingestArticles(db: Queryable, items: ArticleInput[], scope: IngestScope): Promise<{ inserted: string[]; updated: number }> {
  // The last of several items with one guid wins (an upsert statement may touch a row only once).
  const byGuid = new Map<string, Prepared>();
  for (const item of items) {
    const prepared = prepare(item, scope);
    if (prepared) byGuid.set(prepared.guid, prepared);
  }
  const inserted: string[] = [];
  let updated = 0;
  const all = [...byGuid.values()];
  for (let i = 0; i < all.length; i += BATCH_ROWS) {
    const batch = all.slice(i, i + BATCH_ROWS);
    const stored = await storedHashes(
      db,
      scope.organisationId,
      batch.map((b) => b.guid),
    );
    const changed = batch.filter((b) => stored.get(b.guid) !== b.hash);
    if (!changed.length) continue;
    const analysed = changed.map((p) => ({ p, a: analyseArticle(p) }));
    const col = <T>(f: (x: (typeof analysed)[number]) => T) => analysed.map(f);
    const rows = await db.query<{ id: string; inserted: boolean }>(INSERT, [
      scope.organisationId,
      scope.sourceId ?? null,
      cleanLine(scope.source, 300),
      col(({ p }) => p.guid),
      col(({ p }) => p.url),
      col(({ p }) => p.title),
      col(({ p }) => p.body),
      col(({ p }) => p.author),
      col(({ p }) => p.published_at?.toISOString() ?? null),
      col(({ a }) => a.language),
      col(({ a }) => a.countries.join(',')),
      col(({ a }) => a.adverse),
      col(({ a }) => a.categories.join(',')),
      col(({ a }) => JSON.stringify(a.keywords)),
      col(({ a }) => a.adverse_keywords.join('\u001f')),
      col(({ a }) => a.sentiment),
      col(({ a }) => a.sentiment_score),
      col(({ a }) => a.names.join(' ')),
      col(({ p }) => p.hash),
      col(({ p }) => p.publisher),
    ]);
    for (const row of rows) {
      if (row.inserted) inserted.push(row.id);
      else updated++;
    }
  }
  return { inserted, updated };
}
