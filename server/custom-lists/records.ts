/**
 * A list's records one at a time (docs/custom-lists.md): the records page (searched by name, paged),
 * one record, adding, editing and deleting one. Every change keeps the screening contract of data.ts:
 * the organisation's custom-list revision is bumped in the change's transaction and the record is
 * stamped with it; total_records follows the live records.
 */
import { CUSTOM_LIST_MAX_RECORDS, listRecordProblems, type CustomListColumn, type ListRecordInput } from '../../common/custom-lists';
import type { MessageId } from '../../common/messages';
import type { ListEntriesQueryValue, ListEntryFieldsValue } from '../../common/schemas/custom-lists';
import { toBoolean } from '../../common/schemas/core';
import { customListsChanged } from '../case-store/list-changes';
import type { Row } from '../db/client';
import { likePattern } from '../db/like';
import { pageOfRows, sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { isKnownCountry } from '../reference/countries';
import { auditList, isUuid, type ListActor } from './data';
import { recordRow } from './file';
import { RECORD_JOINS, RECORD_SELECT } from './views';

/** A list's records, in the order they were added (file order), searched by name or other name, paged. */
export async function listRecords(org: OrgDb, listId: string, filter: ListEntriesQueryValue): Promise<{ total: number; rows: Row[] }> {
  const { params, add } = sqlParams([listId]);
  const conditions = ['r.list_id = $1', 'r.organisation_id = $org'];
  if (!toBoolean(filter.include_deleted)) conditions.push('NOT r.is_deleted');
  if (filter.search?.trim()) {
    const pattern = add(likePattern(filter.search));
    conditions.push(`(lower(r.full_name) LIKE ${pattern} OR EXISTS (SELECT 1 FROM unnest(r.aliases) AS a(name) WHERE lower(a.name) LIKE ${pattern}))`);
  }
  return pageOfRows(org, {
    select: RECORD_SELECT,
    from: 'custom_list_records r',
    joins: RECORD_JOINS,
    where: conditions.join(' AND '),
    orderBy: 'r.created_at, r.source_row NULLS LAST, r.id',
    params,
    page: filter.page,
    pageSize: filter.page_size,
  });
}

/** One record of the organisation (deleted or not, of a deleted list or not), or undefined. */
export async function findRecord(org: OrgDb, id: string): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  return org.one(`SELECT ${RECORD_SELECT} FROM custom_list_records r ${RECORD_JOINS} WHERE r.id = $1 AND r.organisation_id = $org`, [id]);
}

export async function recordOr404(org: OrgDb, id: string): Promise<Row> {
  const row = await findRecord(org, id);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/**
 * A record's fields checked with the file's rules (common/custom-lists.ts listRecordProblems, with the
 * known countries); the first problem answers 400 on its field. Other names travel as a list, and ";" or
 * "|" inside one separates names as in the file.
 */
export function checkRecordFields(fields: ListEntryFieldsValue): ListRecordInput {
  const checked = listRecordProblems(
    {
      full_name: fields.full_name,
      entity_type: fields.entity_type,
      date_of_birth: fields.date_of_birth ?? '',
      country: fields.country ?? '',
      category: fields.category ?? '',
      aliases: (fields.aliases ?? []).join(';'),
    },
    new Date(),
    isKnownCountry,
  );
  const first = (Object.entries(checked.problems) as [CustomListColumn, MessageId][])[0];
  if (first) throw new ApiError(400, first[1], checked.values ?? {}, first[0], checked.values ?? {});
  return checked.input!;
}

/** Adds one record to a live list; answers its id. */
export async function addRecord(deps: Pick<Deps, 'jobs'>, org: OrgDb, actor: ListActor, listId: string, input: ListRecordInput): Promise<string> {
  if (!isUuid(listId)) throw new ApiError(404, 'not_found');
  return org.transaction(async (tx) => {
    const revision = await customListsChanged(deps.jobs, tx);
    const list = await tx.one<{ is_deleted: boolean; total_records: number; name: string }>(
      'SELECT is_deleted, total_records, name FROM custom_lists WHERE id = $1 AND organisation_id = $org FOR UPDATE',
      [listId],
    );
    if (!list) throw new ApiError(404, 'not_found');
    if (list.is_deleted) throw new ApiError(409, 'list_deleted_locked', {}, 'list_id');
    if (Number(list.total_records) + 1 > CUSTOM_LIST_MAX_RECORDS) throw new ApiError(400, 'list_record_limit', { limit: CUSTOM_LIST_MAX_RECORDS }, undefined, { limit: CUSTOM_LIST_MAX_RECORDS });
    const r = recordRow(input, null);
    const inserted = await tx.one<{ id: string }>(
      `INSERT INTO custom_list_records (organisation_id, list_id, full_name, aliases, entity_type, birth_year, birth_month, birth_day, country, category, revision, created_by, updated_by)
       VALUES ($org, $1, $2, $3::text[], $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [listId, r.full_name, r.aliases, r.entity_type, r.birth_year, r.birth_month, r.birth_day, r.country, r.category, revision, actor.id],
    );
    await tx.query('UPDATE custom_lists SET total_records = total_records + 1, updated_by = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org', [listId, actor.id]);
    await auditList(tx, actor, 'custom_list.record_added', { type: 'custom_list_record', id: inserted!.id }, { list_id: listId, list_name: list.name, record: input });
    return inserted!.id;
  });
}

/** Locks a record and its list for a change: 404 for an unknown one, 409 when it or its list is deleted. */
async function lockRecord(tx: OrgDb, id: string) {
  const row = await tx.one<{ id: string; list_id: string; list_name: string; list_deleted: boolean; is_deleted: boolean; full_name: string }>(
    `SELECT r.id, r.list_id, l.name AS list_name, l.is_deleted AS list_deleted, r.is_deleted, r.full_name
       FROM custom_list_records r JOIN custom_lists l ON l.id = r.list_id AND l.organisation_id = $org
      WHERE r.id = $1 AND r.organisation_id = $org FOR UPDATE OF r, l`,
    [id],
  );
  if (!row) throw new ApiError(404, 'not_found');
  if (row.list_deleted) throw new ApiError(409, 'list_deleted_locked');
  if (row.is_deleted) throw new ApiError(409, 'list_record_deleted_locked');
  return row;
}

/** Replaces a live record's fields (what the form leaves empty is cleared). */
export async function updateRecord(deps: Pick<Deps, 'jobs'>, org: OrgDb, actor: ListActor, id: string, input: ListRecordInput): Promise<void> {
  if (!isUuid(id)) throw new ApiError(404, 'not_found');
  await org.transaction(async (tx) => {
    const revision = await customListsChanged(deps.jobs, tx);
    const before = await lockRecord(tx, id);
    const r = recordRow(input, null);
    await tx.query(
      `UPDATE custom_list_records SET full_name = $2, aliases = $3::text[], entity_type = $4, birth_year = $5, birth_month = $6, birth_day = $7, country = $8, category = $9,
              revision = $10, updated_by = $11, updated_at = now()
        WHERE id = $1 AND organisation_id = $org`,
      [id, r.full_name, r.aliases, r.entity_type, r.birth_year, r.birth_month, r.birth_day, r.country, r.category, revision, actor.id],
    );
    await tx.query('UPDATE custom_lists SET updated_by = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org', [before.list_id, actor.id]);
    await auditList(tx, actor, 'custom_list.record_updated', { type: 'custom_list_record', id }, { list_id: before.list_id, list_name: before.list_name, before: before.full_name, record: input });
  });
}

/** Deletes a live record with a reason: it is screened no more and its list holds one record fewer. */
export async function deleteRecord(deps: Pick<Deps, 'jobs'>, org: OrgDb, actor: ListActor, id: string, reason: string): Promise<void> {
  if (!isUuid(id)) throw new ApiError(404, 'not_found');
  await org.transaction(async (tx) => {
    const revision = await customListsChanged(deps.jobs, tx);
    const before = await lockRecord(tx, id);
    await tx.query(
      `UPDATE custom_list_records SET is_deleted = true, deleted_by = $2, deleted_at = now(), delete_reason = $3, revision = $4, updated_by = $2, updated_at = now()
        WHERE id = $1 AND organisation_id = $org`,
      [id, actor.id, reason, revision],
    );
    await tx.query('UPDATE custom_lists SET total_records = total_records - 1, updated_by = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org', [before.list_id, actor.id]);
    await auditList(tx, actor, 'custom_list.record_deleted', { type: 'custom_list_record', id }, { list_id: before.list_id, list_name: before.list_name, full_name: before.full_name, reason });
  });
}
