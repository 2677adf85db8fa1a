/**
 * Media Manage Case's query: one filter builder shared by the list and the export, so what an analyst sees
 * filtered is exactly what gets exported. Newest first.
 */
import { validateFilterDate } from '../../common/validation';
import type { Row } from '../db/client';
import { pageOfRows, sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { MEDIA_CASE_COLUMNS } from './data';

export interface MediaCaseFilter {
  search?: string;
  case_status?: string[];
  risk_level?: string[];
  read?: 'read' | 'unread';
  category?: string[];
  date_from?: string;
  date_to?: string;
  deleted?: boolean | string;
}

const truthy = (v: unknown) => v === true || v === 'true' || v === '1';

/** Refuses a date that is not YYYY-MM-DD, lies in the future or comes after the end (400 on its field). */
export function checkDates(filter: Pick<MediaCaseFilter, 'date_from' | 'date_to'>, now = new Date()) {
  for (const field of ['date_from', 'date_to'] as const) {
    const value = filter[field]?.trim();
    if (!value) continue;
    const problem = validateFilterDate(value, now);
    if (problem) throw new ApiError(400, problem, {}, field);
  }
  if (filter.date_from?.trim() && filter.date_to?.trim() && filter.date_from.trim() > filter.date_to.trim()) throw new ApiError(400, 'date_range_order', {}, 'date_from');
}

/** WHERE clause (on "media_cases c") and its parameters; the organisation is `$org`. */
export function buildMediaCaseWhere(filter: MediaCaseFilter): { where: string; params: unknown[] } {
  checkDates(filter);
  const { params, add } = sqlParams();
  const conditions = ['c.organisation_id = $org', `c.is_deleted = ${truthy(filter.deleted) ? 'true' : 'false'}`];
  if (filter.case_status?.length) conditions.push(`c.case_status = ANY(${add(filter.case_status)}::text[])`);
  if (filter.risk_level?.length) conditions.push(`c.risk_level = ANY(${add(filter.risk_level)}::text[])`);
  if (filter.read) conditions.push(`c.is_read = ${filter.read === 'read' ? 'true' : 'false'}`);
  if (filter.category?.length) conditions.push(`c.categories && ${add(filter.category)}::text[]`);
  // Days are UTC calendar days, inclusive at both ends.
  if (filter.date_from?.trim()) conditions.push(`c.created_at >= (${add(filter.date_from.trim())}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.date_to?.trim()) conditions.push(`c.created_at < (${add(filter.date_to.trim())}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const search = filter.search?.trim();
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const p = add(like);
    conditions.push(`(lower(c.name) LIKE ${p} OR lower(c.reference) LIKE ${p} OR lower(c.query_terms) LIKE ${p})`);
  }
  return { where: conditions.join(' AND '), params };
}

export async function listMediaCases(org: OrgDb, filter: MediaCaseFilter & { page: number; page_size: number }): Promise<{ total: number; rows: Row[] }> {
  const { where, params } = buildMediaCaseWhere(filter);
  return pageOfRows(org, { select: MEDIA_CASE_COLUMNS, from: 'media_cases c', where, orderBy: 'c.created_at DESC, c.id DESC', params, page: filter.page, pageSize: filter.page_size });
}

/** Every case of a filter, a batch at a time (keyset on created_at and id), for the export. */
export async function* streamMediaCases(org: OrgDb, filter: MediaCaseFilter, batchSize = 500): AsyncGenerator<Row[]> {
  const { where, params } = buildMediaCaseWhere(filter);
  let after: { created_key: string; id: string } | null = null;
  for (;;) {
    const page: unknown[] = [...params];
    const { add } = sqlParams(page);
    const keyset: string = after ? ` AND (c.created_at, c.id) < (${add(after.created_key)}::timestamptz, ${add(after.id)}::uuid)` : '';
    const rows: Row[] = await org.query(`SELECT ${MEDIA_CASE_COLUMNS}, c.created_at::text AS created_key FROM media_cases c WHERE ${where}${keyset} ORDER BY c.created_at DESC, c.id DESC LIMIT ${add(batchSize)}::int`, page);
    if (!rows.length) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    // The key as Postgres writes it keeps the microseconds a JavaScript date would lose.
    after = { created_key: last.created_key, id: last.id };
  }
}
