/** Reading and writing roles of one organisation. */
import { isUuid } from '../../common/schemas/admin';
import type { Queryable, Row } from '../db/client';
import { notFound } from '../http/errors';
import { likePattern } from '../users/queries';

export interface RoleRow {
  id: string;
  organisation_id: string;
  name: string;
  is_admin: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A role of this organisation, or undefined for anything else (another organisation's id included). */
export async function findRole(db: Queryable, organisationId: string, roleId: unknown): Promise<RoleRow | undefined> {
  if (!isUuid(roleId)) return undefined;
  return db.one<RoleRow>('SELECT * FROM roles WHERE id = $1 AND organisation_id = $2', [roleId, organisationId]);
}

/**
 * A role of this organisation, locked for the rest of the transaction so two
 * changes of one role apply one after the other; 404 for anything else.
 */
export async function lockRole(db: Queryable, organisationId: string, roleId: unknown): Promise<RoleRow> {
  const role = isUuid(roleId) ? await db.one<RoleRow>('SELECT * FROM roles WHERE id = $1 AND organisation_id = $2 FOR UPDATE', [roleId, organisationId]) : undefined;
  if (!role) throw notFound();
  return role;
}

export async function roleNameTaken(db: Queryable, organisationId: string, name: string, exceptRoleId?: string) {
  const row = await db.one(
    'SELECT 1 FROM roles WHERE organisation_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3',
    [organisationId, name.trim(), exceptRoleId ?? null],
  );
  return Boolean(row);
}

/** The role's permissions in catalogue order; sessions read them on every call, so a role change applies at once. */
export async function permissionsOf(db: Queryable, roleId: string): Promise<string[]> {
  const rows = await db.query<{ permission: string }>(
    `SELECT rp.permission FROM role_permissions rp JOIN permissions p ON p.name = rp.permission
      WHERE rp.role_id = $1 ORDER BY p.sort_order`,
    [roleId],
  );
  return rows.map((r) => r.permission);
}

export async function replacePermissions(db: Queryable, roleId: string, permissions: readonly string[]) {
  await db.query('DELETE FROM role_permissions WHERE role_id = $1', [roleId]);
  if (permissions.length) {
    await db.query('INSERT INTO role_permissions (role_id, permission) SELECT $1, unnest($2::text[])', [roleId, permissions]);
  }
}

export async function usersOfRole(db: Queryable, roleId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE role_id = $1', [roleId]);
  return rows.map((r) => r.id);
}

const ROLE_SUMMARY = `SELECT r.*,
    (SELECT count(*)::int FROM users u WHERE u.role_id = r.id) AS user_count,
    (SELECT count(*)::int FROM role_permissions rp WHERE rp.role_id = r.id) AS permission_count,
    count(*) OVER ()::int AS total
  FROM roles r`;

export function toRoleView(row: Row, permissions?: string[]) {
  return {
    _id: row.id,
    name: row.name,
    is_admin: Boolean(row.is_admin),
    user_count: row.user_count ?? 0,
    permission_count: row.permission_count ?? permissions?.length ?? 0,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    ...(permissions ? { permissions: permissions.map((name) => ({ name })) } : {}),
  };
}
export type RoleView = ReturnType<typeof toRoleView>;

/** Roles of the organisation, the administrator role first, then by name; optionally filtered by a name search. */
export async function listRoles(db: Queryable, organisationId: string, options: { search?: string; page?: number; pageSize?: number } = {}) {
  const params: unknown[] = [organisationId];
  let where = 'r.organisation_id = $1';
  if (options.search?.trim()) {
    params.push(likePattern(options.search));
    where += ` AND lower(r.name) LIKE $${params.length}`;
  }
  let limit = '';
  if (options.page && options.pageSize) {
    params.push(options.pageSize, (options.page - 1) * options.pageSize);
    limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  const rows = await db.query(`${ROLE_SUMMARY} WHERE ${where} ORDER BY r.is_admin DESC, lower(r.name) ${limit}`, params);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function roleSummary(db: Queryable, organisationId: string, roleId: string) {
  return db.one(`${ROLE_SUMMARY} WHERE r.organisation_id = $1 AND r.id = $2`, [organisationId, roleId]);
}
