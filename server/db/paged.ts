/**
 * A list screen's query: conditions built one at a time with numbered parameters, then one page of rows
 * and the count of all that match, run together. The count reads only the filtered table (joins are for
 * the page's columns, never for its filter), so it stays cheap on large lists.
 */
import type { Row } from './client';
import type { OrgDb } from './tenant';

/**
 * Parameters collected while a filter is built: `add(value)` appends to `params` (the array given, so a
 * caller may extend a statement's existing parameters) and answers its placeholder (`$3`).
 */
export function sqlParams(params: unknown[] = []) {
  return {
    params,
    add(value: unknown) {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

export interface PageQuery {
  select: string;
  /** The filtered table with its alias (`custom_lists l`). */
  from: string;
  /** Joins for the selected columns only. */
  joins?: string;
  where: string;
  orderBy: string;
  params: unknown[];
  page: number;
  pageSize: number;
}

export async function pageOfRows(org: OrgDb, q: PageQuery): Promise<{ total: number; rows: Row[] }> {
  const n = q.params.length;
  const [rows, count] = await Promise.all([
    org.query(`SELECT ${q.select} FROM ${q.from} ${q.joins ?? ''} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT $${n + 1}::int OFFSET $${n + 2}::int`, [
      ...q.params,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    ]),
    org.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${q.from} WHERE ${q.where}`, q.params),
  ]);
  return { total: count?.n ?? 0, rows };
}
