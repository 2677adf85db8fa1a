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
import { isUniqueViolation } from '../users/pg-errors';
import { announceSessionChange } from '../users/session-events';
import { permissionsToSave } from './permission-rules';
import {
  findRole,
  listRoles,
  lockRole,
  permissionsOf,
  replacePermissions,
  roleNameTaken,
  roleSummary,
  toRoleView,
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
      tag: 'Roles and users',
      summary: 'Roles of the organisation with their user and permission counts; optional name search.',
      // The users screen picks roles from this list too, so view_users is enough to read it.
      access: {},
      allow: (auth) => auth.permissions.includes('view_roles_and_permissions') || auth.permissions.includes('view_users'),
      attack: { skip: { permissions: 'either view_roles_and_permissions or view_users lets a user in (allow); tests/admin/roles.api.test.ts covers both and neither' } },
      query: RoleListQuery,
      async handler({ deps, auth, query }) {
        const { rows, total } = await listRoles(deps.db, auth.organisation.id, { search: query.search, page: query.page, pageSize: query.page_size });
        return pageOf(query, total, rows.map((r) => toRoleView(r)));
      },
    }),

    route({
      method: 'GET',
      path: '/get_all_roles_with_permissions',
      tag: 'Roles and users',
      summary: 'Every role of the organisation with its permissions.',
      access: VIEW,
      async handler({ deps, auth }) {
        const { rows } = await listRoles(deps.db, auth.organisation.id);
        const data = [];
        for (const row of rows) data.push(toRoleView(row, await permissionsOf(deps.db, row.id)));
        return { total: data.length, data };
      },
    }),

    route({
      method: 'GET',
      path: '/role',
      ids: { 'query.role_id': 'role' },
      examples: [{ query: { role_id: '<role id>' } }],
      tag: 'Roles and users',
      summary: 'One role with its permissions and the number of users holding it.',
      access: VIEW,
      query: RoleQuery,
      async handler({ deps, auth, query }) {
        const role = await findRole(deps.db, auth.organisation.id, query.role_id);
        if (!role) throw notFound();
        const summary = await roleSummary(deps.db, auth.organisation.id, role.id);
        return { role: toRoleView(summary!, await permissionsOf(deps.db, role.id)) };
      },
    }),

    route({
      method: 'POST',
      path: '/create-role',
      tag: 'Roles and users',
      summary: "Creates a role with its permissions (dependencies included); 'Role name already exists' when the name is taken.",
      access: withPermission(VIEW, 'create_roles_and_permissions'),
      body: CreateRoleBody,
      async handler(ctx) {
        const { deps, auth, body } = ctx;
        const organisationId = auth.organisation.id;
        const name = body.name.trim();
        const permissions = permissionsToSave(body.permissions);
        const role = await withUniqueName(() =>
          deps.db.transaction(async (tx) => {
            if (await roleNameTaken(tx, organisationId, name)) throw new ApiError(409, 'role_name_exists', {}, 'name');
            const row = await tx.one<{ id: string }>('INSERT INTO roles (organisation_id, name) VALUES ($1, $2) RETURNING id', [organisationId, name]);
            await replacePermissions(tx, row!.id, permissions);
            await auditAction(tx, ctx, 'role.created', { type: 'role', id: row!.id }, { name, permissions });
            return toRoleView((await roleSummary(tx, organisationId, row!.id))!, permissions);
          }),
        );
        return done('role_created', { role });
      },
    }),

    route({
      method: 'POST',
      path: '/edit-role',
      ids: { 'body.role_id': 'role' },
      examples: [{ body: { role_id: '<role id>', name: 'Renamed role' } }],
      tag: 'Roles and users',
      summary: "Renames a role and/or replaces its permissions; its users' next call already uses the new permissions.",
      access: withPermission(VIEW, 'update_roles_and_permissions'),
      body: EditRoleBody,
      async handler(ctx) {
        const { deps, auth, body } = ctx;
        const organisationId = auth.organisation.id;
        const outcome = await withUniqueName(() =>
          deps.db.transaction(async (tx) => {
            const role = await lockRole(tx, organisationId, body.role_id);
            const details: Record<string, unknown> = {};
            if (body.name !== undefined && body.name.trim() !== role.name) {
              const name = body.name.trim();
              if (await roleNameTaken(tx, organisationId, name, role.id)) throw new ApiError(409, 'role_name_exists', {}, 'name');
              await tx.query('UPDATE roles SET name = $2, updated_at = now() WHERE id = $1', [role.id, name]);
              details.name = { from: role.name, to: name };
            }
            let permissionsChanged = false;
            if (body.permissions !== undefined) {
              if (role.is_admin) throw new ApiError(400, 'admin_role_locked', {}, 'permissions');
              const before = await permissionsOf(tx, role.id);
              const after = permissionsToSave(body.permissions);
              const added = after.filter((p) => !before.includes(p));
              const removed = before.filter((p) => !(after as string[]).includes(p));
              if (added.length || removed.length) {
                await replacePermissions(tx, role.id, after);
                await tx.query('UPDATE roles SET updated_at = now() WHERE id = $1', [role.id]);
                details.added = added;
                details.removed = removed;
                permissionsChanged = true;
              }
            }
            if (Object.keys(details).length) {
              await auditAction(tx, ctx, permissionsChanged ? 'role.permissions_changed' : 'role.renamed', { type: 'role', id: role.id }, { role: role.name, ...details });
            }
            const view = toRoleView((await roleSummary(tx, organisationId, role.id))!, await permissionsOf(tx, role.id));
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
      ids: { 'body.role_id': 'role', 'body.reassign_to': { kind: 'role', unknown: 400 } },
      examples: [{ body: { role_id: '<role id>', reassign_to: '<another role id>' } }],
      tag: 'Roles and users',
      summary: 'Deletes a role; a role in use needs reassign_to, the role its users move to.',
      access: withPermission(VIEW, 'delete_roles_and_permissions'),
      body: DeleteRoleBody,
      async handler(ctx) {
        const { deps, auth, body } = ctx;
        const organisationId = auth.organisation.id;
        const moved = await deps.db.transaction(async (tx) => {
          const role = await lockRole(tx, organisationId, body.role_id);
          if (role.is_admin) throw new ApiError(400, 'admin_role_locked');
          const users = await usersOfRole(tx, role.id);
          let target: { id: string; name: string } | undefined;
          if (users.length) {
            if (!body.reassign_to) throw new ApiError(409, 'role_in_use', { count: users.length }, 'reassign_to', { user_count: users.length });
            target = await findRole(tx, organisationId, body.reassign_to);
            if (!target || target.id === role.id) throw new ApiError(400, 'reassign_role_invalid', {}, 'reassign_to');
            await tx.query('UPDATE users SET role_id = $2, updated_at = now() WHERE role_id = $1', [role.id, target.id]);
          }
          await tx.query('DELETE FROM roles WHERE id = $1 AND organisation_id = $2', [role.id, organisationId]);
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
