/** The permission catalogue (section 7: permissions with page=1 and page_size=100), grouped by product area. */
import { PageQuery } from '../../common/schemas/paging';
import { pageOf } from '../http/reply';
import { route } from '../http/routes';
import { listPermissions } from './catalogue';

export function permissionRoutes() {
  return [
    route({
      method: 'GET',
      path: '/permissions',
      operationId: 'listPermissions',
      tag: 'Roles and users',
      summary: 'Lists the permissions a role can hold, with area, dependencies and whether only the administrator may hold it.',
      query: PageQuery,
      access: { permissions: ['view_roles_and_permissions'] },
      async handler({ deps, query }) {
        const { total, rows } = await listPermissions(deps, query);
        return pageOf(query, total, rows);
      },
    }),
  ];
}
