/**
 * The Manage Case query: one filter builder shared by the list (searches), the
 * export (download-cases) and the dashboard, so what an analyst sees filtered
 * is exactly what gets exported and counted.
 */
import type { CaseSortKey } from '../../common/cases';
import { presetRange } from '../../common/date-presets';
import type { DatePreset } from '../../common/enums';
import { validateDateRange } from '../../common/validation';
import type { Db, Row } from '../db/client';
import { ApiError } from '../http/errors';
import { CASE_COLUMNS } from './views';

export interface CaseFilter {
  case_status?: string[];
  caseStatus?: string;
  match_status?: string[];
  risk_level?: string[];
  relevance?: string[];
  database?: string[];
  date_preset?: DatePreset;
  date_from?: string;
  date_to?: string;
  tz_offset?: number;
  deleted?: boolean | string;
  assigned_to_me?: boolean | string;
  search?: string;
}

const truthy = (v: unknown) => v === true || v === 'true' || v === '1';

/** The date range a filter asks for, or null for no date condition. Custom ranges are validated here. */
export function filterRange(filter: Pick<CaseFilter, 'date_preset' | 'date_from' | 'date_to' | 'tz_offset'>, now = new Date()) {
  const preset = filter.date_preset ?? (filter.date_from || filter.date_to ? 'custom' : undefined);
  if (!preset) return null;
  if (preset === 'custom') {
    const problem = validateDateRange(filter.date_from ?? '', filter.date_to ?? '', now);
    if (problem) throw new ApiError(400, problem.rule, {}, problem.field);
    return presetRange('custom', now, filter.tz_offset ?? 0, { from: filter.date_from!.trim(), to: filter.date_to!.trim() });
  }
  return presetRange(preset, now, filter.tz_offset ?? 0);
}

/** WHERE clause (on "cases c") and its parameters; $1 is always the organisation. */
export function buildCaseWhere(filter: CaseFilter, organisationId: string, userId: string, now = new Date()): { where: string; params: unknown[] } {
  const params: unknown[] = [organisationId];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const conditions = ['c.organisation_id = $1', `c.is_deleted = ${truthy(filter.deleted) ? 'true' : 'false'}`];
  const statuses = [...(filter.case_status ?? []), ...(filter.caseStatus ? [filter.caseStatus] : [])];
  if (statuses.length) conditions.push(`c.case_status = ANY(${add(statuses)}::text[])`);
  if (filter.match_status?.length) conditions.push(`c.match_status = ANY(${add(filter.match_status)}::text[])`);
  if (filter.risk_level?.length) conditions.push(`c.risk_level = ANY(${add(filter.risk_level)}::text[])`);
  // Relevance and database: cases with at least one hit of any chosen kind.
  if (filter.relevance?.length) conditions.push(`c.relevance && ${add(filter.relevance)}::text[]`);
  if (filter.database?.length) conditions.push(`c.hit_databases && ${add(filter.database)}::text[]`);
  if (truthy(filter.assigned_to_me)) conditions.push(`c.assignee_ids @> ARRAY[${add(userId)}::uuid]`);
  const range = filterRange(filter, now);
  if (range) conditions.push(`c.created_at >= ${add(range.from.toISOString())}::timestamptz AND c.created_at < ${add(range.to.toISOString())}::timestamptz`);
  const search = filter.search?.trim();
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const p = add(like);
    conditions.push(`(lower(c.search_term) LIKE ${p} OR lower(c.reference) LIKE ${p} OR lower(coalesce(c.client_reference, '')) LIKE ${p})`);
  }
  return { where: conditions.join(' AND '), params };
}

const SORT_SQL: Record<CaseSortKey, { column: string; type: string }> = {
  created_at: { column: 'c.created_at', type: 'timestamptz' },
  updated_at: { column: 'c.updated_at', type: 'timestamptz' },
  reference: { column: 'c.reference', type: 'text' },
  search_term: { column: 'c.search_term', type: 'text' },
  hit_count: { column: 'c.hit_count', type: 'integer' },
  case_status: { column: 'c.case_status', type: 'text' },
  match_status: { column: 'c.match_status', type: 'text' },
  risk_level: { column: 'c.risk_rank', type: 'smallint' },
};

export async function listCases(db: Db, filter: CaseFilter & { page: number; page_size: number; sort_by: CaseSortKey; sort_order: 'asc' | 'desc' }, organisationId: string, userId: string) {
  const { where, params } = buildCaseWhere(filter, organisationId, userId);
  const sort = SORT_SQL[filter.sort_by];
  const dir = filter.sort_order === 'asc' ? 'ASC' : 'DESC';
  const offset = (filter.page - 1) * filter.page_size;
  // The page's rows first, by index, then their names and counts; the total is a separate count.
  const rows = await db.query(
    `SELECT ${CASE_COLUMNS} FROM (SELECT * FROM cases c WHERE ${where} ORDER BY ${sort.column} ${dir}, c.id ${dir} LIMIT ${filter.page_size} OFFSET ${offset}) c
     ORDER BY ${sort.column} ${dir}, c.id ${dir}`,
    params,
  );
  return { rows, total: await countCases(db, filter, organisationId, userId) };
}

/** Filters the daily counts can answer: status, deleted and a date range, nothing that looks inside a case. */
function countableFromSummary(filter: CaseFilter) {
  return !filter.match_status?.length && !filter.risk_level?.length && !filter.relevance?.length && !filter.database?.length && !truthy(filter.assigned_to_me) && !filter.search?.trim();
}

const DAY_MS = 86_400_000;

/**
 * The total of a filter. Status/date/deleted filters (the common ones) are
 * answered from case_daily_counts for whole UTC days plus an indexed count of
 * the partial days at either end; anything else is counted from cases.
 */
export async function countCases(db: Db, filter: CaseFilter, organisationId: string, userId: string, now = new Date()): Promise<number> {
  if (!countableFromSummary(filter)) {
    const { where, params } = buildCaseWhere(filter, organisationId, userId, now);
    return (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM cases c WHERE ${where}`, params))?.n ?? 0;
  }
  const statuses = [...(filter.case_status ?? []), ...(filter.caseStatus ? [filter.caseStatus] : [])];
  const deleted = truthy(filter.deleted);
  const range = filterRange(filter, now);
  const statusSql = (i: number) => (statuses.length ? ` AND case_status = ANY($${i}::text[])` : '');
  const base = [organisationId, deleted, ...(statuses.length ? [statuses] : [])];
  if (!range) {
    const row = await db.one<{ n: number }>(`SELECT coalesce(sum(n), 0)::int AS n FROM case_daily_counts WHERE organisation_id = $1 AND is_deleted = $2${statusSql(3)}`, base);
    return row?.n ?? 0;
  }
  const firstDay = Math.ceil(range.from.getTime() / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(range.to.getTime() / DAY_MS) * DAY_MS;
  const exact = (from: number, to: number) =>
    db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM cases WHERE organisation_id = $1 AND is_deleted = $2${statusSql(3)}
         AND created_at >= $${base.length + 1}::timestamptz AND created_at < $${base.length + 2}::timestamptz`,
      [...base, new Date(from).toISOString(), new Date(to).toISOString()],
    );
  if (firstDay >= lastDay) return (await exact(range.from.getTime(), range.to.getTime()))?.n ?? 0;
  const days = await db.one<{ n: number }>(
    `SELECT coalesce(sum(n), 0)::int AS n FROM case_daily_counts WHERE organisation_id = $1 AND is_deleted = $2${statusSql(3)}
       AND day >= $${base.length + 1}::date AND day < $${base.length + 2}::date`,
    [...base, new Date(firstDay).toISOString().slice(0, 10), new Date(lastDay).toISOString().slice(0, 10)],
  );
  const head = firstDay > range.from.getTime() ? ((await exact(range.from.getTime(), firstDay))?.n ?? 0) : 0;
  const tail = range.to.getTime() > lastDay ? ((await exact(lastDay, range.to.getTime()))?.n ?? 0) : 0;
  return (days?.n ?? 0) + head + tail;
}

/**
 * Every case of a filter, in the list's order, a batch at a time: keyset
 * pagination on (sort column, id), so memory stays flat and each batch is an
 * index range scan however deep into the set it is.
 */
export async function* streamCases(
  db: Db,
  filter: CaseFilter & { sort_by: CaseSortKey; sort_order: 'asc' | 'desc' },
  organisationId: string,
  userId: string,
  options: { batchSize?: number; columns?: string } = {},
): AsyncGenerator<Row[]> {
  const batchSize = options.batchSize ?? 1000;
  const columns = options.columns ?? CASE_COLUMNS;
  const { where, params } = buildCaseWhere(filter, organisationId, userId);
  const sort = SORT_SQL[filter.sort_by];
  const dir = filter.sort_order === 'asc' ? 'ASC' : 'DESC';
  const cmp = filter.sort_order === 'asc' ? '>' : '<';
  let cursor: { value: string; id: string } | null = null;
  for (;;) {
    const p = [...params];
    let keyset = '';
    if (cursor) {
      p.push(cursor.value, cursor.id);
      keyset = ` AND (${sort.column}, c.id) ${cmp} ($${p.length - 1}::${sort.type}, $${p.length}::uuid)`;
    }
    const rows = await db.query(
      `SELECT ${columns}, ${sort.column}::text AS _cursor
         FROM (SELECT * FROM cases c WHERE ${where}${keyset} ORDER BY ${sort.column} ${dir}, c.id ${dir} LIMIT ${batchSize}) c
        ORDER BY ${sort.column} ${dir}, c.id ${dir}`,
      p,
    );
    if (!rows.length) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { value: last._cursor, id: last.id };
  }
}

/**
 * Starts a stream of batches and waits for its first one, so a failure of the
 * query itself surfaces before any byte of an answer is sent; the returned
 * stream yields that batch, then the rest.
 */
export async function firstBatchFirst<T>(batches: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}
