/** The permission catalogue (section 7: permissions with page=1 and page_size=100), grouped by product area. */
import { PageQuery } from '../../common/schemas/paging';
import { pageOf } from '../http/reply';
import { route } from '../http/routes';

export function permissionRoutes() {
  return [
    route({
      method: 'GET',
      path: '/permissions',
      tag: 'Roles and users',
      summary: 'Lists the permissions a role can hold, with area, dependencies and whether only the administrator may hold it.',
      query: PageQuery,
      access: { permissions: ['view_roles_and_permissions'] },
      async handler({ deps, query }) {
        const search = query.search?.trim() ? `%${query.search.trim().toLowerCase()}%` : null;
        const where = search ? 'WHERE name LIKE $3' : '';
        const params = search ? [query.page_size, (query.page - 1) * query.page_size, search] : [query.page_size, (query.page - 1) * query.page_size];
        const rows = await deps.db.query(
          `SELECT name, area, admin_only, depends_on, count(*) OVER ()::int AS total FROM permissions ${where}
           ORDER BY sort_order LIMIT $1 OFFSET $2`,
          params,
        );
        return pageOf(query, rows[0]?.total ?? 0, rows.map(({ total: _total, ...rest }) => rest));
      },
    }),
  ];
}
