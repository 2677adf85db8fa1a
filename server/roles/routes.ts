/**
 * The roles calls of section 7 (create-role, role, edit-role, delete-role,
 * get_all_roles, get_all_roles_with_permissions). Names are unique per
 * organisation whatever their case ('Role name already exists'); a role in use
 * is deleted only by moving its users to another role; the administrator role
 * always holds every permission. A change reaches the role's users on their
 * next call (permissions are read per request) and their open apps refresh.
 */
import { findRoute, withPermission } from '../../common/access';
import { CreateRoleBody, DeleteRoleBody, EditRoleBody, RoleListQuery, RoleQuery } from '../../common/schemas/admin';
import { auditAction } from '../audit/actor';
import { ApiError, notFound } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { isUniqueViolation } from '../db/errors';
import { announceSessionChange } from '../realtime/session-events';
import { permissionsToSave } from './permission-rules';
import {
  deleteRole,
  findRole,
  insertRoleNamed,
  listRoles,
  lockRole,
  moveRoleUsers,
  renameRole,
  replacePermissions,
  roleNameTaken,
  rolePermissions,
  roleSummary,
  toRoleView,
  touchRole,
  usersOfRole,
} from './queries';

const VIEW = findRoute('role-management').requirement;

async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two requests raced past roleNameTaken(); the unique index settled it.
    if (isUniqueViolation(error)) throw new ApiError(409, 'role_name_exists', {}, 'name');
    throw error;
  }
}

export function roleRoutes() {
  return [
    route({
      method: 'GET',
      path: '/get_all_roles',
      operationId: 'listRoles',
      tag: 'Roles and users',
      summary: 'Roles of the organisation with their user and permission counts; optional name search.',
      // The users screen picks roles from this list too, so view_users is enough to read it.
      access: {},
      allow: (auth) => auth.permissions.includes('view_roles_and_permissions') || auth.permissions.includes('view_users'),
      attack: { skip: { permissions: 'either view_roles_and_permissions or view_users lets a user in (allow); tests/admin/roles.api.test.ts covers both and neither' } },
      query: RoleListQuery,
      async handler({ org, query }) {
        const { rows, total } = await listRoles(org, { search: query.search, page: query.page, pageSize: query.page_size });
        return pageOf(query, total, rows.map((r) => toRoleView(r)));
      },
    }),

    route({
      method: 'GET',
      path: '/get_all_roles_with_permissions',
      operationId: 'listRolesWithPermissions',
      tag: 'Roles and users',
      summary: 'Every role of the organisation with its permissions.',
      access: VIEW,
      async handler({ org }) {
        const { rows } = await listRoles(org);
        const data = [];
        for (const row of rows) data.push(toRoleView(row, await rolePermissions(org, row.id)));
        return { total: data.length, data };
      },
    }),

    route({
      method: 'GET',
      path: '/role',
      operationId: 'getRole',
      ids: { 'query.role_id': 'role' },
      examples: [{ query: { role_id: '<role id>' } }],
      tag: 'Roles and users',
      summary: 'One role with its permissions and the number of users holding it.',
      access: VIEW,
      query: RoleQuery,
      async handler({ org, query }) {
        const role = await findRole(org, query.role_id);
        if (!role) throw notFound();
        const summary = await roleSummary(org, role.id);
        return { role: toRoleView(summary!, await rolePermissions(org, role.id)) };
      },
    }),

    route({
      method: 'POST',
      path: '/create-role',
      operationId: 'createRole',
      tag: 'Roles and users',
      summary: "Creates a role with its permissions (dependencies included); 'Role name already exists' when the name is taken.",
      access: withPermission(VIEW, 'create_roles_and_permissions'),
      body: CreateRoleBody,
      async handler(ctx) {
        const { org, body } = ctx;
        const name = body.name.trim();
        const permissions = permissionsToSave(body.permissions);
        const role = await withUniqueName(() =>
          org.transaction(async (tx) => {
            if (await roleNameTaken(tx, name)) throw new ApiError(409, 'role_name_exists', {}, 'name');
            const id = await insertRoleNamed(tx, name);
            await replacePermissions(tx, id, permissions);
            await auditAction(tx, ctx, 'role.created', { type: 'role', id }, { name, permissions });
            return toRoleView((await roleSummary(tx, id))!, permissions);
          }),
        );
        return done('role_created', { role });
      },
    }),

    route({
      method: 'POST',
      path: '/edit-role',
      operationId: 'updateRole',
      ids: { 'body.role_id': 'role' },
      examples: [{ body: { role_id: '<role id>', name: 'Renamed role' } }],
      tag: 'Roles and users',
      summary: "Renames a role and/or replaces its permissions; its users' next call already uses the new permissions.",
      access: withPermission(VIEW, 'update_roles_and_permissions'),
      body: EditRoleBody,
      async handler(ctx) {
        const { deps, org, body } = ctx;
        const outcome = await withUniqueName(() =>
          org.transaction(async (tx) => {
            const role = await lockRole(tx, body.role_id);
            const details: Record<string, unknown> = {};
            if (body.name !== undefined && body.name.trim() !== role.name) {
              const name = body.name.trim();
              if (await roleNameTaken(tx, name, role.id)) throw new ApiError(409, 'role_name_exists', {}, 'name');
              await renameRole(tx, role.id, name);
              details.name = { from: role.name, to: name };
            }
            let permissionsChanged = false;
            if (body.permissions !== undefined) {
              if (role.is_admin) throw new ApiError(400, 'admin_role_locked', {}, 'permissions');
              const before = await rolePermissions(tx, role.id);
              const after = permissionsToSave(body.permissions);
              const added = after.filter((p) => !before.includes(p));
              const removed = before.filter((p) => !(after as string[]).includes(p));
              if (added.length || removed.length) {
                await replacePermissions(tx, role.id, after);
                await touchRole(tx, role.id);
                details.added = added;
                details.removed = removed;
                permissionsChanged = true;
              }
            }
            if (Object.keys(details).length) {
              await auditAction(tx, ctx, permissionsChanged ? 'role.permissions_changed' : 'role.renamed', { type: 'role', id: role.id }, { role: role.name, ...details });
            }
            const view = toRoleView((await roleSummary(tx, role.id))!, await rolePermissions(tx, role.id));
            return { view, affected: Object.keys(details).length ? await usersOfRole(tx, role.id) : [] };
          }),
        );
        await announceSessionChange(deps, outcome.affected);
        return done('role_updated', { role: outcome.view });
      },
    }),

    route({
      method: 'POST',
      path: '/delete-role',
      operationId: 'deleteRole',
      ids: { 'body.role_id': 'role', 'body.reassign_to': { kind: 'role', unknown: 400 } },
      examples: [{ body: { role_id: '<role id>', reassign_to: '<another role id>' } }],
      tag: 'Roles and users',
      summary: 'Deletes a role; a role in use needs reassign_to, the role its users move to.',
      access: withPermission(VIEW, 'delete_roles_and_permissions'),
      body: DeleteRoleBody,
      async handler(ctx) {
        const { deps, org, body } = ctx;
        const moved = await org.transaction(async (tx) => {
          const role = await lockRole(tx, body.role_id);
          if (role.is_admin) throw new ApiError(400, 'admin_role_locked');
          const users = await usersOfRole(tx, role.id);
          let target: { id: string; name: string } | undefined;
          if (users.length) {
            if (!body.reassign_to) throw new ApiError(409, 'role_in_use', { count: users.length }, 'reassign_to', { user_count: users.length });
            target = await findRole(tx, body.reassign_to);
            if (!target || target.id === role.id) throw new ApiError(400, 'reassign_role_invalid', {}, 'reassign_to');
            await moveRoleUsers(tx, role.id, target.id);
          }
          await deleteRole(tx, role.id);
          await auditAction(tx, ctx, 'role.deleted', { type: 'role', id: role.id }, {
            name: role.name,
            users_moved: users.length,
            ...(target ? { reassigned_to: target.name } : {}),
          });
          return users;
        });
        await announceSessionChange(deps, moved);
        return done('role_deleted', { role_id: body.role_id, users_moved: moved.length });
      },
    }),
  ];
}
