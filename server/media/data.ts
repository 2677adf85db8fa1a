/**
 * Media cases (docs/media-watcher.md, "Media cases"): a stored media search with the articles an analyst
 * kept from its results, its review (case status, risk level, each article's match status), read state and
 * soft deletion with a reason. References are numbered per organisation, separately from screening cases
 * ("MW-000001"). All SQL of the area is here and in list.ts, through the organisation's handle.
 */
import { ADVERSE_CATEGORIES, type ArticleMatchStatus, type MediaCaseArticle, type MediaCaseView, type MediaQuery } from '../../common/media';
import type { Row } from '../db/client';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { VISIBLE } from '../media-corpus/search';
import { ARTICLE_COLUMNS, leadSnippet, toArticleView } from '../media-corpus/views';

export const REFERENCE_PREFIX = 'MW-';

/** The columns a MediaCaseView is built from (on "media_cases c"), with the names of who created and deleted it. */
export const MEDIA_CASE_COLUMNS = `c.id, c.reference, c.name, c.query, c.article_count, c.adverse_count, c.categories, c.case_status, c.risk_level,
  c.is_read, c.created_by, c.created_at, c.updated_at, c.is_deleted, c.deleted_by, c.deleted_at, c.delete_reason,
  (SELECT u.name FROM users u WHERE u.id = c.created_by) AS created_by_name,
  (SELECT u.name FROM users u WHERE u.id = c.deleted_by) AS deleted_by_name`;

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export function toMediaCaseView(row: Row): MediaCaseView {
  return {
    reference: row.reference,
    name: row.name,
    query: json<MediaQuery>(row.query),
    article_count: row.article_count,
    adverse_count: row.adverse_count,
    categories: row.categories ?? [],
    case_status: row.case_status,
    risk_level: row.risk_level,
    is_read: row.is_read,
    created_by: row.created_by ? { id: row.created_by, name: row.created_by_name ?? '' } : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    is_deleted: row.is_deleted,
    deleted_by: row.deleted_by ? { id: row.deleted_by, name: row.deleted_by_name ?? '' } : null,
    deleted_at: iso(row.deleted_at),
    delete_reason: row.delete_reason ?? null,
  };
}

/** The words a case's query searched (not its exclusions), for the list's search box. */
export const queryTerms = (query: MediaQuery) =>
  query.keywords
    .filter((k) => k.mode !== 'exclude')
    .map((k) => k.term)
    .join(' | ');

/** Reserves the organisation's next media case reference. */
async function nextReference(org: OrgDb): Promise<string> {
  const row = await org.one<{ last_value: number }>(
    `INSERT INTO media_case_counters (organisation_id, last_value) VALUES ($org, 1)
     ON CONFLICT (organisation_id) DO UPDATE SET last_value = media_case_counters.last_value + 1 RETURNING last_value`,
  );
  return `${REFERENCE_PREFIX}${String(row!.last_value).padStart(6, '0')}`;
}

/**
 * Stores a media case with its articles, in the order given. Every article must be one the caller can
 * read (its organisation's or the shared corpus): another organisation's is unknown (404), as a made-up id.
 */
export async function insertMediaCase(tx: OrgDb, input: { name: string; query: MediaQuery; articleIds: string[]; userId: string }): Promise<{ id: string; reference: string }> {
  const ids = [...new Set(input.articleIds.map((id) => id.trim().toLowerCase()))];
  const articles = await tx.query<{ id: string; adverse: boolean; categories: string[] }>(
    `SELECT a.id, a.adverse, a.categories FROM media_articles a WHERE a.id = ANY($1::uuid[]) AND ${VISIBLE}`,
    [ids],
  );
  if (articles.length !== ids.length) throw new ApiError(404, 'not_found');
  const found = new Set(articles.flatMap((a) => a.categories));
  const categories = ADVERSE_CATEGORIES.filter((c) => found.has(c));
  const reference = await nextReference(tx);
  const row = await tx.one<{ id: string }>(
    `INSERT INTO media_cases (organisation_id, reference, name, query, query_terms, article_count, adverse_count, categories, created_by)
     VALUES ($org, $1, $2, $3::jsonb, $4, $5, $6, $7::text[], $8) RETURNING id`,
    [reference, input.name, JSON.stringify(input.query), queryTerms(input.query), ids.length, articles.filter((a) => a.adverse).length, categories, input.userId],
  );
  await tx.query(
    `INSERT INTO media_case_articles (organisation_id, media_case_id, article_id, position, updated_by)
     SELECT $org, $1, x.id, x.position, $3 FROM unnest($2::uuid[]) WITH ORDINALITY AS x(id, position)`,
    [row!.id, ids, input.userId],
  );
  return { id: row!.id, reference };
}

export async function findMediaCase(org: OrgDb, reference: string): Promise<{ row: Row; view: MediaCaseView }> {
  const row = await org.one(`SELECT ${MEDIA_CASE_COLUMNS} FROM media_cases c WHERE c.organisation_id = $org AND c.reference = $1`, [reference.trim()]);
  if (!row) throw new ApiError(404, 'not_found');
  return { row, view: toMediaCaseView(row) };
}

/** The cases named by references, locked for the rest of the transaction; any unknown one answers 404. */
export async function lockMediaCases(tx: OrgDb, references: string[]): Promise<Row[]> {
  const wanted = [...new Set(references.map((r) => r.trim()))];
  const rows = await tx.query(`SELECT c.id, c.reference, c.name, c.is_deleted, c.is_read FROM media_cases c WHERE c.organisation_id = $org AND c.reference = ANY($1::text[]) ORDER BY c.id FOR UPDATE`, [wanted]);
  if (rows.length !== wanted.length) throw new ApiError(404, 'not_found');
  return rows;
}

/** A case's articles in the order they were kept, each with its match status (snippet: the body's start). */
export async function mediaCaseArticles(org: OrgDb, caseId: string): Promise<MediaCaseArticle[]> {
  const rows = await org.query(
    `SELECT ${ARTICLE_COLUMNS}, left(a.body, 600) AS lead, ca.match_status
       FROM media_case_articles ca JOIN media_articles a ON a.id = ca.article_id
      WHERE ca.organisation_id = $org AND ca.media_case_id = $1
      ORDER BY ca.position`,
    [caseId],
  );
  return rows.map((r) => ({ ...toArticleView(r, leadSnippet(r.lead || r.title)), match_status: r.match_status as ArticleMatchStatus }));
}

export async function setMediaCasesRead(tx: OrgDb, ids: string[], isRead: boolean): Promise<number> {
  const rows = await tx.query('UPDATE media_cases SET is_read = $2 WHERE organisation_id = $org AND id = ANY($1::uuid[]) AND is_read <> $2 RETURNING id', [ids, isRead]);
  return rows.length;
}

export interface MediaCaseChanges {
  name?: string;
  case_status?: string;
  risk_level?: string;
}

/** Applies the changes that differ from the stored ones; answers them as { field: { from, to } }. */
export async function updateMediaCase(tx: OrgDb, row: Row, changes: MediaCaseChanges): Promise<Record<string, { from: unknown; to: unknown }>> {
  const current = await tx.one(`SELECT c.name, c.case_status, c.risk_level FROM media_cases c WHERE c.organisation_id = $org AND c.id = $1`, [row.id]);
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['name', 'case_status', 'risk_level'] as const) {
    const to = changes[key];
    if (to !== undefined && to !== current![key]) diff[key] = { from: current![key], to };
  }
  if (Object.keys(diff).length) {
    await tx.query(
      `UPDATE media_cases SET name = coalesce($2, name), case_status = coalesce($3, case_status), risk_level = coalesce($4, risk_level), updated_at = now()
        WHERE organisation_id = $org AND id = $1`,
      [row.id, diff.name?.to ?? null, diff.case_status?.to ?? null, diff.risk_level?.to ?? null],
    );
  }
  return diff;
}

/**
 * Sets the match status of articles of the case. An article the case does not keep answers 404 (another
 * organisation's article among them too). Answers the articles whose status changed.
 */
export async function setArticleStatuses(tx: OrgDb, caseId: string, userId: string, decisions: { id: string; match_status: ArticleMatchStatus }[]): Promise<{ id: string; from: string; to: string }[]> {
  const byId = new Map(decisions.map((d) => [d.id.trim().toLowerCase(), d.match_status]));
  const ids = [...byId.keys()];
  const rows = await tx.query<{ article_id: string; match_status: string }>(
    'SELECT ca.article_id, ca.match_status FROM media_case_articles ca WHERE ca.organisation_id = $org AND ca.media_case_id = $1 AND ca.article_id = ANY($2::uuid[]) FOR UPDATE',
    [caseId, ids],
  );
  if (rows.length !== ids.length) throw new ApiError(404, 'not_found');
  const changed = rows.filter((r) => byId.get(r.article_id) !== r.match_status).map((r) => ({ id: r.article_id, from: r.match_status, to: byId.get(r.article_id)! }));
  if (changed.length) {
    await tx.query(
      `UPDATE media_case_articles ca SET match_status = x.status, updated_by = $3, updated_at = now()
         FROM unnest($2::uuid[], $4::text[]) AS x(id, status)
        WHERE ca.organisation_id = $org AND ca.media_case_id = $1 AND ca.article_id = x.id`,
      [caseId, changed.map((c) => c.id), userId, changed.map((c) => c.to)],
    );
    await tx.query('UPDATE media_cases SET updated_at = now() WHERE organisation_id = $org AND id = $1', [caseId]);
  }
  return changed;
}

export async function markMediaCaseDeleted(tx: OrgDb, id: string, userId: string, reason: string): Promise<void> {
  await tx.query(
    'UPDATE media_cases SET is_deleted = true, deleted_by = $2, deleted_at = now(), delete_reason = $3, updated_at = now() WHERE organisation_id = $org AND id = $1',
    [id, userId, reason],
  );
}

