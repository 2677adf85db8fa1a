/** Reading and writing roles of one organisation. */
import { isUuid } from '../../common/schemas/admin';
import type { Row } from '../db/client';
import type { OrgDb } from '../db/tenant';
import { notFound } from '../http/errors';
import { likePattern } from '../db/like';

export interface RoleRow {
  id: string;
  organisation_id: string;
  name: string;
  is_admin: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A role of this organisation, or undefined for anything else (another organisation's id included). */
export async function findRole(org: OrgDb, roleId: unknown): Promise<RoleRow | undefined> {
  if (!isUuid(roleId)) return undefined;
  return org.one<RoleRow>('SELECT * FROM roles WHERE id = $1 AND organisation_id = $org', [roleId]);
}

/**
 * A role of this organisation, locked for the rest of the transaction so two
 * changes of one role apply one after the other; 404 for anything else.
 */
export async function lockRole(org: OrgDb, roleId: unknown): Promise<RoleRow> {
  const role = isUuid(roleId) ? await org.one<RoleRow>('SELECT * FROM roles WHERE id = $1 AND organisation_id = $org FOR UPDATE', [roleId]) : undefined;
  if (!role) throw notFound();
  return role;
}

export async function roleNameTaken(org: OrgDb, name: string, exceptRoleId?: string) {
  const row = await org.one(
    'SELECT 1 FROM roles WHERE organisation_id = $org AND lower(name) = lower($1) AND id IS DISTINCT FROM $2',
    [name.trim(), exceptRoleId ?? null],
  );
  return Boolean(row);
}

/** The permissions of one of the organisation's roles, in catalogue order (none for another organisation's role). */
export async function rolePermissions(org: OrgDb, roleId: string): Promise<string[]> {
  const rows = await org.query<{ permission: string }>(
    `SELECT rp.permission FROM role_permissions rp JOIN permissions p ON p.name = rp.permission
       JOIN roles r ON r.id = rp.role_id AND r.organisation_id = $org
      WHERE rp.role_id = $1 ORDER BY p.sort_order`,
    [roleId],
  );
  return rows.map((r) => r.permission);
}

// role_permissions has no organisation column: its rows are reached through their role, which must be the organisation's.
const OWN_ROLE = 'SELECT id FROM roles WHERE id = $1 AND organisation_id = $org';

export async function replacePermissions(org: OrgDb, roleId: string, permissions: readonly string[]) {
  await org.query(`DELETE FROM role_permissions WHERE role_id = (${OWN_ROLE})`, [roleId]);
  if (permissions.length) {
    await org.query(`INSERT INTO role_permissions (role_id, permission) SELECT r.id, unnest($2::text[]) FROM (${OWN_ROLE}) r`, [roleId, permissions]);
  }
}

export async function usersOfRole(org: OrgDb, roleId: string): Promise<string[]> {
  const rows = await org.query<{ id: string }>('SELECT id FROM users WHERE role_id = $1 AND organisation_id = $org', [roleId]);
  return rows.map((r) => r.id);
}

export async function insertRoleNamed(org: OrgDb, name: string): Promise<string> {
  const row = await org.one<{ id: string }>('INSERT INTO roles (organisation_id, name) VALUES ($org, $1) RETURNING id', [name]);
  return row!.id;
}

export async function renameRole(org: OrgDb, roleId: string, name: string) {
  await org.query('UPDATE roles SET name = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org', [roleId, name]);
}

export async function touchRole(org: OrgDb, roleId: string) {
  await org.query('UPDATE roles SET updated_at = now() WHERE id = $1 AND organisation_id = $org', [roleId]);
}

/** Moves every user of one role to another (both the organisation's). */
export async function moveRoleUsers(org: OrgDb, fromRoleId: string, toRoleId: string) {
  await org.query('UPDATE users SET role_id = $2, updated_at = now() WHERE role_id = $1 AND organisation_id = $org', [fromRoleId, toRoleId]);
}

export async function deleteRole(org: OrgDb, roleId: string) {
  await org.query('DELETE FROM roles WHERE id = $1 AND organisation_id = $org', [roleId]);
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
export async function listRoles(org: OrgDb, options: { search?: string; page?: number; pageSize?: number } = {}) {
  const params: unknown[] = [];
  let where = 'r.organisation_id = $org';
  if (options.search?.trim()) {
    params.push(likePattern(options.search));
    where += ` AND lower(r.name) LIKE $${params.length}`;
  }
  let limit = '';
  if (options.page && options.pageSize) {
    params.push(options.pageSize, (options.page - 1) * options.pageSize);
    limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  const rows = await org.query(`${ROLE_SUMMARY} WHERE ${where} ORDER BY r.is_admin DESC, lower(r.name) ${limit}`, params);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function roleSummary(org: OrgDb, roleId: string) {
  return org.one(`${ROLE_SUMMARY} WHERE r.organisation_id = $org AND r.id = $1`, [roleId]);
}
