/**
 * The Manage Case query: one filter builder shared by the list (searches), the
 * export (download-cases) and the dashboard, so what an analyst sees filtered
 * is exactly what gets exported and counted.
 */
import type { CaseSortKey } from '../../common/cases';
import { presetRange } from '../../common/date-presets';
import type { DatePreset } from '../../common/enums';
import { validateDateRange } from '../../common/validation';
import type { Row } from '../db/client';
import { sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { CASE_COLUMNS } from '../case-store/views';

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
  /** A bulk search's cases: the batch name, matched whole and ignoring case (Manage Case's ?batch=). */
  batch_name?: string;
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

/** WHERE clause (on "cases c") and its parameters, for an organisation's handle: the organisation is `$org`. */
export function buildCaseWhere(filter: CaseFilter, userId: string, now = new Date()): { where: string; params: unknown[] } {
  const { params, add } = sqlParams();
  const conditions = ['c.organisation_id = $org', `c.is_deleted = ${truthy(filter.deleted) ? 'true' : 'false'}`];
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
  const batchName = filter.batch_name?.trim();
  if (batchName) conditions.push(`lower(c.batch_name) = lower(${add(batchName)})`);
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

export async function listCases(org: OrgDb, filter: CaseFilter & { page: number; page_size: number; sort_by: CaseSortKey; sort_order: 'asc' | 'desc' }, userId: string) {
  const now = new Date();
  const { where, params } = buildCaseWhere(filter, userId, now);
  const sort = SORT_SQL[filter.sort_by];
  const dir = filter.sort_order === 'asc' ? 'ASC' : 'DESC';
  // The page's bounds are parameters, so every page of a filter is one statement text (prepared once on Postgres).
  params.push(filter.page_size, (filter.page - 1) * filter.page_size);
  const [limit, offset] = [`$${params.length - 1}::int`, `$${params.length}::int`];
  const total = countableFromSummary(filter) ? summaryCount(filter, params, now) : `SELECT count(*)::int FROM cases c WHERE ${where}`;
  // One statement and one row: the page as a JSON array (decoding one JSON value costs the drivers far less than
  // decoding every column of every row) and its total. The page's rows come first, by index, then their names
  // and counts.
  const answer = await org.one(
    `SELECT coalesce((SELECT json_agg(p ORDER BY p.sort_key ${dir}, p.id ${dir}) FROM (
              SELECT ${CASE_COLUMNS}, ${sort.column} AS sort_key
                FROM (SELECT * FROM cases c WHERE ${where} ORDER BY ${sort.column} ${dir}, c.id ${dir} LIMIT ${limit} OFFSET ${offset}) c) p),
            '[]'::json) AS rows,
            (${total}) AS total`,
    params,
  );
  const rows: Row[] = typeof answer!.rows === 'string' ? JSON.parse(answer!.rows) : answer!.rows;
  return { rows, total: answer!.total as number };
}

/** Filters the daily counts can answer: status, deleted and a date range, nothing that looks inside a case. */
function countableFromSummary(filter: CaseFilter) {
  return (
    !filter.match_status?.length &&
    !filter.risk_level?.length &&
    !filter.relevance?.length &&
    !filter.database?.length &&
    !truthy(filter.assigned_to_me) &&
    !filter.search?.trim() &&
    !filter.batch_name?.trim()
  );
}

const DAY_MS = 86_400_000;

/**
 * The total of a status/date/deleted filter (the common ones) as one scalar
 * query: case_daily_counts for whole UTC days plus an indexed count of the
 * partial days at either end. Its parameters are appended to params.
 */
function summaryCount(filter: CaseFilter, params: unknown[], now: Date): string {
  const { add } = sqlParams(params);
  const statuses = [...(filter.case_status ?? []), ...(filter.caseStatus ? [filter.caseStatus] : [])];
  const base = `organisation_id = $org AND is_deleted = ${truthy(filter.deleted) ? 'true' : 'false'}${statuses.length ? ` AND case_status = ANY(${add(statuses)}::text[])` : ''}`;
  const days = (range = '') => `(SELECT coalesce(sum(n), 0)::int FROM case_daily_counts WHERE ${base}${range})`;
  const exact = (from: number, to: number) =>
    `(SELECT count(*)::int FROM cases WHERE ${base} AND created_at >= ${add(new Date(from).toISOString())}::timestamptz AND created_at < ${add(new Date(to).toISOString())}::timestamptz)`;
  const range = filterRange(filter, now);
  if (!range) return `SELECT ${days()}`;
  const firstDay = Math.ceil(range.from.getTime() / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(range.to.getTime() / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return `SELECT ${exact(range.from.getTime(), range.to.getTime())}`;
  const parts = [days(` AND day >= ${add(new Date(firstDay).toISOString().slice(0, 10))}::date AND day < ${add(new Date(lastDay).toISOString().slice(0, 10))}::date`)];
  if (firstDay > range.from.getTime()) parts.push(exact(range.from.getTime(), firstDay));
  if (range.to.getTime() > lastDay) parts.push(exact(lastDay, range.to.getTime()));
  return `SELECT ${parts.join(' + ')}`;
}

/**
 * The total of a filter, in one statement: status/date/deleted filters from the
 * daily counts (summaryCount), anything else counted from cases.
 */
export async function countCases(org: OrgDb, filter: CaseFilter, userId: string, now = new Date()): Promise<number> {
  if (!countableFromSummary(filter)) {
    const { where, params } = buildCaseWhere(filter, userId, now);
    return (await org.one<{ n: number }>(`SELECT count(*)::int AS n FROM cases c WHERE ${where}`, params))?.n ?? 0;
  }
  const params: unknown[] = [];
  return (await org.one<{ n: number }>(`${summaryCount(filter, params, now)} AS n`, params))?.n ?? 0;
}

/**
 * Every case of a filter, in the list's order, a batch at a time: keyset
 * pagination on (sort column, id), so memory stays flat and each batch is an
 * index range scan however deep into the set it is.
 */
export async function* streamCases(
  org: OrgDb,
  filter: CaseFilter & { sort_by: CaseSortKey; sort_order: 'asc' | 'desc' },
  userId: string,
  options: { batchSize?: number; columns?: string } = {},
): AsyncGenerator<Row[]> {
  const batchSize = options.batchSize ?? 1000;
  const columns = options.columns ?? CASE_COLUMNS;
  const { where, params } = buildCaseWhere(filter, userId);
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
    const rows = await org.query(
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
