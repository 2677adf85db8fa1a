/**
 * One organisation's custom sources, for the routes (docs/custom-sources.md): the table's page, one source,
 * creating, changing, pausing and deleting. Every statement goes through the organisation-bound handle; the
 * reads of the feeds themselves are poll.ts's.
 */
import type { CustomSourceView } from '../../common/custom-sources';
import type { CustomSourceStatus } from '../../common/media';
import type { CustomSourceListQueryValue } from '../../common/schemas/custom-sources';
import { isUuid } from '../../common/schemas/admin';
import type { Row } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { likePattern } from '../db/like';
import { pageOfRows, sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';

const iso = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : new Date(d).toISOString());

const SOURCE_SELECT = `s.id, s.publisher_name, s.url, s.description, s.frequency_minutes, s.status, s.created_at, s.updated_at,
       s.last_polled_at, s.last_success_at, s.next_poll_at, s.last_error, s.failures,
       u.id AS created_by_id, u.name AS created_by_name,
       (SELECT count(*)::int FROM media_articles a WHERE a.source_id = s.id AND a.organisation_id = $org) AS article_count`;
const SOURCE_JOINS = 'LEFT JOIN users u ON u.id = s.created_by AND u.organisation_id = $org';

export function toSourceView(r: Row): CustomSourceView {
  return {
    id: r.id,
    publisher_name: r.publisher_name,
    url: r.url,
    description: r.description,
    frequency_minutes: Number(r.frequency_minutes),
    status: r.status as CustomSourceStatus,
    created_by: r.created_by_id ? { id: r.created_by_id, name: r.created_by_name ?? '' } : null,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    last_polled_at: iso(r.last_polled_at),
    last_success_at: iso(r.last_success_at),
    // A paused source has no next read.
    next_poll_at: r.status === 'In-Active' ? null : iso(r.next_poll_at),
    last_error: r.last_error ?? null,
    failures: Number(r.failures ?? 0),
    article_count: Number(r.article_count ?? 0),
  };
}

/** A page of the organisation's sources, newest first: search in the publisher name, link and description; a status. */
export async function listSources(org: OrgDb, q: CustomSourceListQueryValue) {
  const p = sqlParams();
  const where = ['s.organisation_id = $org'];
  const search = q.search?.trim();
  if (search) {
    const pattern = p.add(likePattern(search));
    where.push(`(lower(s.publisher_name) LIKE ${pattern} OR lower(s.url) LIKE ${pattern} OR lower(s.description) LIKE ${pattern})`);
  }
  if (q.status) where.push(`s.status = ${p.add(q.status)}`);
  const { rows, total } = await pageOfRows(org, {
    select: SOURCE_SELECT,
    from: 'custom_sources s',
    joins: SOURCE_JOINS,
    where: where.join(' AND '),
    orderBy: 's.created_at DESC, s.id DESC',
    params: p.params,
    page: q.page,
    pageSize: q.page_size,
  });
  return { total, data: rows.map(toSourceView) };
}

/** One source of the organisation, or undefined (another organisation's id, or no uuid at all, included). */
export async function findSource(org: OrgDb, id: unknown): Promise<CustomSourceView | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await org.one(`SELECT ${SOURCE_SELECT} FROM custom_sources s ${SOURCE_JOINS} WHERE s.id = $1 AND s.organisation_id = $org`, [id]);
  return row ? toSourceView(row) : undefined;
}

/** A source's stored fields as the reads and changes of the server use them (the last success as a Date). */
export interface StoredSource extends Pick<CustomSourceView, 'id' | 'publisher_name' | 'url' | 'description' | 'frequency_minutes' | 'status'> {
  last_success_at: Date | null;
}

/** The source's row held for the rest of the caller's transaction, or undefined. */
export async function lockSource(tx: OrgDb, id: unknown): Promise<StoredSource | undefined> {
  if (!isUuid(id)) return undefined;
  return tx.one<StoredSource & Row>(
    'SELECT id, publisher_name, url, description, frequency_minutes, status, last_success_at FROM custom_sources WHERE id = $1 AND organisation_id = $org FOR UPDATE',
    [id],
  );
}

export interface SourceInput {
  publisher_name: string;
  url: string;
  description: string;
  frequency_minutes: number;
}

/** Adds a source, due for its first read at once; undefined when the organisation already reads this feed. */
export async function insertSource(tx: OrgDb, input: SourceInput, userId: string): Promise<string | undefined> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO custom_sources (organisation_id, publisher_name, url, description, frequency_minutes, created_by, updated_by, next_poll_at)
     VALUES ($org, $1, $2, $3, $4, $5, $5, now())
     ON CONFLICT (organisation_id, url) DO NOTHING RETURNING id`,
    [input.publisher_name, input.url, input.description, input.frequency_minutes, userId],
  );
  return row?.id;
}

export interface SourceChanges {
  publisher_name?: string;
  url?: string;
  description?: string;
  frequency_minutes?: number;
  active?: boolean;
}

/**
 * Applies changes to a locked source and answers whether it must be read now: a new link is a new feed
 * (In-Progress again, validators and failures forgotten, read at once); resuming a paused source reads it
 * at once (Live again if it was ever read, In-Progress if not); pausing it stops its reads. A new frequency
 * brings a later read forward, never pushes a due one back. Answers 'exists' when the new link is another
 * source's.
 */
export async function updateSource(tx: OrgDb, before: StoredSource, changes: SourceChanges, userId: string): Promise<{ readNow: boolean } | 'exists'> {
  const newLink = changes.url !== undefined && changes.url !== before.url;
  const pausing = changes.active === false && before.status !== 'In-Active';
  const resuming = changes.active === true && before.status === 'In-Active';
  const paused = pausing || (before.status === 'In-Active' && !resuming);
  const everRead = before.last_success_at !== null && !newLink;
  const status: CustomSourceStatus = paused ? 'In-Active' : newLink || !everRead ? 'In-Progress' : 'Live';
  const readNow = !paused && (newLink || resuming);
  if (newLink && (await tx.one('SELECT 1 FROM custom_sources WHERE organisation_id = $org AND url = $1 AND id <> $2', [changes.url, before.id]))) return 'exists';
  try {
    await tx.query(
      `UPDATE custom_sources SET publisher_name = $2, url = $3, description = $4, frequency_minutes = $5, status = $6,
              next_poll_at = CASE WHEN $7 THEN now() ELSE LEAST(next_poll_at, COALESCE(last_polled_at, now()) + make_interval(mins => $5::int)) END,
              etag = CASE WHEN $8 THEN NULL ELSE etag END, last_modified = CASE WHEN $8 THEN NULL ELSE last_modified END,
              failures = CASE WHEN $7 THEN 0 ELSE failures END, last_error = CASE WHEN $8 THEN NULL ELSE last_error END,
              last_success_at = CASE WHEN $8 THEN NULL ELSE last_success_at END,
              updated_by = $9, updated_at = now()
        WHERE id = $1 AND organisation_id = $org`,
      [
        before.id,
        changes.publisher_name ?? before.publisher_name,
        changes.url ?? before.url,
        changes.description ?? before.description,
        changes.frequency_minutes ?? before.frequency_minutes,
        status,
        readNow,
        newLink,
        userId,
      ],
    );
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
  return { readNow };
}

/** Makes the source due now (a read asked for by hand). */
export async function markDueNow(tx: OrgDb, id: string) {
  await tx.query('UPDATE custom_sources SET next_poll_at = now() WHERE id = $1 AND organisation_id = $org', [id]);
}

/** Deletes the source; its articles stay (their source_id is cleared by the foreign key), no longer refreshed. */
export async function deleteSource(tx: OrgDb, id: string) {
  await tx.query('DELETE FROM custom_sources WHERE id = $1 AND organisation_id = $org', [id]);
}
