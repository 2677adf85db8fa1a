/**
 * The permission catalogue. It belongs to no organisation (every organisation's
 * roles pick from the same list, written by server/db/permissions-sync.ts), so
 * this system module reads it on the raw database rather than through an
 * organisation's handle.
 */
import type { Deps } from '../deps';

export async function listPermissions(deps: Pick<Deps, 'db'>, query: { search?: string; page: number; page_size: number }) {
  const search = query.search?.trim() ? `%${query.search.trim().toLowerCase()}%` : null;
  const where = search ? 'WHERE name LIKE $3' : '';
  const params = search ? [query.page_size, (query.page - 1) * query.page_size, search] : [query.page_size, (query.page - 1) * query.page_size];
  const rows = await deps.db.query(
    `SELECT name, area, admin_only, depends_on, count(*) OVER ()::int AS total FROM permissions ${where}
     ORDER BY sort_order LIMIT $1 OFFSET $2`,
    params,
  );
  return { total: (rows[0]?.total as number | undefined) ?? 0, rows: rows.map(({ total: _total, ...rest }) => rest) };
}
