/**
 * Custom lists' data (docs/custom-lists.md): the list page, creating a list from a file, adding a
 * file's records to a list, and deleting a list. Every statement goes through the organisation's
 * handle; the route module (routes.ts) holds no SQL. Records are in records.ts, comments in comments.ts.
 *
 * The screening contract (server/case-store/list-changes.ts): every transaction that changes a list or
 * a record calls customListsChanged first, which bumps the organisation's custom-list revision under its
 * row lock, and stamps every record it touched with that revision, so the screening index of every
 * process catches up with exactly the records that changed. custom_lists.total_records always equals the
 * list's live (not deleted) records.
 */
import { CUSTOM_LIST_MAX_RECORDS } from '../../common/custom-lists';
import type { CustomListType } from '../../common/enums';
import type { CustomListQueryValue } from '../../common/schemas/custom-lists';
import { toBoolean } from '../../common/schemas/core';
import { recordOrganisationAudit } from '../audit/record';
import { customListsChanged } from '../case-store/list-changes';
import type { Row } from '../db/client';
import { likePattern } from '../db/like';
import { pageOfRows, sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import type { UploadStream } from '../http/body';
import { ApiError } from '../http/errors';
import { readListFile } from './file';
import { LIST_JOINS, LIST_SELECT } from './views';

/** Who changes a list, a record or a comment: for its columns and the audit trail. */
export interface ListActor {
  id: string;
  name: string;
  email: string;
  is_admin: boolean;
  ip?: string;
  userAgent?: string;
}

export const isUuid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** Writes one entry of the audit trail (every change of a list, a record or a comment). */
export function auditList(
  org: OrgDb,
  actor: ListActor,
  action: string,
  target: { type: 'custom_list' | 'custom_list_record' | 'custom_list_comment'; id: string },
  details: Record<string, unknown>,
) {
  return recordOrganisationAudit(org, {
    actor_user_id: actor.id,
    actor_email: actor.email,
    action,
    target_type: target.type,
    target_id: target.id,
    ip: actor.ip,
    user_agent: actor.userAgent,
    details,
  });
}

/** The list page: lists of the organisation, newest first, filtered by name, type and deletion, paged. */
export async function listLists(org: OrgDb, filter: CustomListQueryValue): Promise<{ total: number; rows: Row[] }> {
  const { params, add } = sqlParams();
  const conditions = ['l.organisation_id = $org'];
  if (!toBoolean(filter.include_deleted)) conditions.push('NOT l.is_deleted');
  if (filter.name?.trim()) conditions.push(`lower(l.name) LIKE ${add(likePattern(filter.name))}`);
  if (filter.type) conditions.push(`l.list_type = ${add(filter.type)}`);
  return pageOfRows(org, {
    select: LIST_SELECT,
    from: 'custom_lists l',
    joins: LIST_JOINS,
    where: conditions.join(' AND '),
    orderBy: 'l.is_deleted, l.created_at DESC, l.id DESC',
    params,
    page: filter.page,
    pageSize: filter.page_size,
  });
}

/** One list of the organisation (deleted or not), or undefined. */
export async function findList(org: OrgDb, id: string): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  return org.one(`SELECT ${LIST_SELECT} FROM custom_lists l ${LIST_JOINS} WHERE l.id = $1 AND l.organisation_id = $org`, [id]);
}

export async function listOr404(org: OrgDb, id: string): Promise<Row> {
  const row = await findList(org, id);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** Is the name taken by a live list of the organisation (ignoring case)? */
export async function listNameTaken(org: OrgDb, name: string): Promise<boolean> {
  return Boolean(await org.one('SELECT 1 AS taken FROM custom_lists WHERE organisation_id = $org AND NOT is_deleted AND lower(name) = lower($1)', [name.trim()]));
}

/** Writes a file's records (chunks from readListFile) into a list, stamped with the transaction's revision. */
async function insertChunks(tx: OrgDb, listId: string, userId: string, revision: number, chunks: string[]) {
  for (const chunk of chunks) {
    await tx.query(
      `INSERT INTO custom_list_records (organisation_id, list_id, full_name, aliases, entity_type, birth_year, birth_month, birth_day, country, category, source_row, revision, created_by, updated_by)
       SELECT $org, $1, r.full_name, coalesce(r.aliases, '{}'), r.entity_type, r.birth_year, r.birth_month, r.birth_day, r.country, r.category, r.source_row, $2, $3, $3
         FROM jsonb_to_recordset($4::jsonb) AS r(full_name text, aliases text[], entity_type text, birth_year integer, birth_month integer, birth_day integer,
              country text, category text, source_row integer)`,
      [listId, revision, userId, chunk],
    );
  }
}

/** A unique index refused the insert (a live list of the same name was created meanwhile). */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Creates a list from an uploaded file: the file is read and checked first (a file with problems
 * answers 400 'errors_found_in_file' and stores nothing), then the list and every record are written
 * in one transaction. Answers the new list's id and the records stored.
 */
export async function createList(
  deps: Pick<Deps, 'jobs'>,
  org: OrgDb,
  actor: ListActor,
  list: { name: string; description: string; type: CustomListType },
  upload: UploadStream,
): Promise<{ id: string; records: number }> {
  const name = list.name.trim();
  // Asked before a file of up to 10 MB is read; the unique index answers for a race.
  if (await listNameTaken(org, name)) throw new ApiError(409, 'list_name_exists', {}, 'name');
  const file = await readListFile(upload, { maxRecords: CUSTOM_LIST_MAX_RECORDS, limit: CUSTOM_LIST_MAX_RECORDS });
  if (file.problem_count > 0) throw new ApiError(400, 'errors_found_in_file', {}, 'file', { problems: file.problems, problem_count: file.problem_count });
  try {
    return await org.transaction(async (tx) => {
      const revision = await customListsChanged(deps.jobs, tx);
      const created = await tx.one<{ id: string }>(
        `INSERT INTO custom_lists (organisation_id, name, description, list_type, total_records, created_by, updated_by)
         VALUES ($org, $1, $2, $3, $4, $5, $5) RETURNING id`,
        [name, list.description.trim(), list.type, file.rows, actor.id],
      );
      const id = created!.id;
      await insertChunks(tx, id, actor.id, revision, file.chunks);
      await auditList(tx, actor, 'custom_list.created', { type: 'custom_list', id }, { name, type: list.type, records: file.rows, file_name: upload.filename });
      return { id, records: file.rows };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'list_name_exists', {}, 'name');
    throw error;
  }
}

/**
 * Adds an uploaded file's records to a live list of the organisation, all of them or none (as for a new
 * list). The list may hold at most CUSTOM_LIST_MAX_RECORDS live records. Answers the records stored.
 */
export async function appendToList(deps: Pick<Deps, 'jobs'>, org: OrgDb, actor: ListActor, listId: string, upload: UploadStream): Promise<{ id: string; records: number }> {
  const before = await listOr404(org, listId);
  if (before.is_deleted) throw new ApiError(409, 'list_deleted_locked', {}, 'list_id');
  const file = await readListFile(upload, { maxRecords: CUSTOM_LIST_MAX_RECORDS - Number(before.total_records), limit: CUSTOM_LIST_MAX_RECORDS });
  if (file.problem_count > 0) throw new ApiError(400, 'errors_found_in_file', {}, 'file', { problems: file.problems, problem_count: file.problem_count });
  return org.transaction(async (tx) => {
    const revision = await customListsChanged(deps.jobs, tx);
    // Under the organisation's lock taken above: the list is as it is now, not as it was before the file was read.
    const list = await tx.one<{ is_deleted: boolean; total_records: number; name: string }>(
      'SELECT is_deleted, total_records, name FROM custom_lists WHERE id = $1 AND organisation_id = $org FOR UPDATE',
      [listId],
    );
    if (!list) throw new ApiError(404, 'not_found');
    if (list.is_deleted) throw new ApiError(409, 'list_deleted_locked', {}, 'list_id');
    if (Number(list.total_records) + file.rows > CUSTOM_LIST_MAX_RECORDS) {
      throw new ApiError(400, 'list_record_limit', { limit: CUSTOM_LIST_MAX_RECORDS }, 'file', { limit: CUSTOM_LIST_MAX_RECORDS });
    }
    await insertChunks(tx, listId, actor.id, revision, file.chunks);
    await tx.query('UPDATE custom_lists SET total_records = total_records + $2, updated_by = $3, updated_at = now() WHERE id = $1 AND organisation_id = $org', [
      listId,
      file.rows,
      actor.id,
    ]);
    await auditList(tx, actor, 'custom_list.records_added', { type: 'custom_list', id: listId }, { name: list.name, records: file.rows, file_name: upload.filename });
    return { id: listId, records: file.rows };
  });
}

/**
 * Deletes a list with a reason. Its records stay as they were (the list page's deleted filter and the
 * record pages still show them, read-only) but are screened no more: each is stamped with the
 * transaction's revision, so every screening index drops them. Deleting twice is 409.
 */
export async function deleteList(deps: Pick<Deps, 'jobs'>, org: OrgDb, actor: ListActor, id: string, reason: string): Promise<void> {
  if (!isUuid(id)) throw new ApiError(404, 'not_found');
  await org.transaction(async (tx) => {
    const revision = await customListsChanged(deps.jobs, tx);
    const list = await tx.one<{ is_deleted: boolean; name: string; list_type: string; total_records: number }>(
      'SELECT is_deleted, name, list_type, total_records FROM custom_lists WHERE id = $1 AND organisation_id = $org FOR UPDATE',
      [id],
    );
    if (!list) throw new ApiError(404, 'not_found');
    if (list.is_deleted) throw new ApiError(409, 'list_deleted_locked');
    await tx.query(
      'UPDATE custom_lists SET is_deleted = true, deleted_by = $2, deleted_at = now(), delete_reason = $3, updated_by = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org',
      [id, actor.id, reason],
    );
    await tx.query('UPDATE custom_list_records SET revision = $2 WHERE list_id = $1 AND organisation_id = $org', [id, revision]);
    await auditList(tx, actor, 'custom_list.deleted', { type: 'custom_list', id }, { name: list.name, type: list.list_type, records: Number(list.total_records), reason });
  });
}
