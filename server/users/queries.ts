/** Reading users of one organisation: a record by id, the listing with its filters, administrator counts. */
import { isUuid, type UserSearchFilters } from '../../common/schemas/admin';
import type { Row } from '../db/client';
import type { OrgDb } from '../db/tenant';
import { toUserView } from '../auth/user-view';
import type { UserRow } from '../auth/user-row';
import { likePattern } from '../db/like';

export type AdminUserRow = UserRow & { role_name: string; role_is_admin: boolean; total?: number };

const SELECT_USER = `SELECT u.*, r.name AS role_name, r.is_admin AS role_is_admin, count(*) OVER ()::int AS total
  FROM users u JOIN roles r ON r.id = u.role_id`;

/** The users screen's view of a user: section 3's User plus what the table shows. */
export function toAdminUserView(row: Row) {
  const { total: _total, ...rest } = row;
  const view = toUserView(rest);
  return {
    ...view,
    role: { _id: row.role_id, name: row.role_name, is_admin: Boolean(row.role_is_admin) },
    status: row.is_active ? ('active' as const) : ('inactive' as const),
    /** Invited but has not chosen a password yet. */
    invitation_pending: !row.password_hash,
    /** The new sign-in e-mail until its owner confirms it. */
    pending_email: (row.pending_email as string | null) ?? null,
  };
}
export type AdminUserView = ReturnType<typeof toAdminUserView>;

/** A user of this organisation, or undefined for anything else (another organisation's id included). */
export async function findUser(org: OrgDb, userId: unknown): Promise<AdminUserRow | undefined> {
  if (!isUuid(userId)) return undefined;
  return org.one<AdminUserRow>(`${SELECT_USER} WHERE u.id = $1 AND u.organisation_id = $org`, [userId]);
}

/** Escapes LIKE wildcards so a typed % or _ matches itself. */

export async function listUsers(org: OrgDb, filters: UserSearchFilters, page: number, pageSize: number) {
  const where = ['u.organisation_id = $org'];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (filters.name?.trim()) add((n) => `lower(u.name) LIKE ${n}`, likePattern(filters.name));
  if (filters.email?.trim()) add((n) => `lower(u.email) LIKE ${n}`, likePattern(filters.email));
  if (filters.role_id?.trim()) {
    // A role id that cannot exist matches nobody, rather than failing the whole search.
    if (!isUuid(filters.role_id.trim())) return { rows: [], total: 0 };
    add((n) => `u.role_id = ${n}`, filters.role_id.trim());
  }
  if (filters.status === 'active' || filters.status === 'inactive') add((n) => `u.is_active = ${n}`, filters.status === 'active');
  params.push(pageSize, (page - 1) * pageSize);
  const rows = await org.query(
    `${SELECT_USER} WHERE ${where.join(' AND ')} ORDER BY lower(u.name), u.created_at LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page: still report how many there are, so the pager can step back.
    const count = await org.one(`SELECT count(*)::int AS n FROM users u WHERE ${where.join(' AND ')}`, params.slice(0, -2));
    total = count?.n ?? 0;
  }
  return { rows, total };
}

/** Active users holding the administrator role, other than the given one. */
export async function otherActiveAdmins(org: OrgDb, exceptUserId: string): Promise<number> {
  const row = await org.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id
      WHERE u.organisation_id = $org AND r.is_admin AND u.is_active AND u.id <> $1`,
    [exceptUserId],
  );
  return row?.n ?? 0;
}

/**
 * Locks the organisation's row for the rest of the transaction: changes to one
 * organisation's users run one at a time, so "the last administrator" checks
 * cannot race.
 */
export async function lockOrganisation(org: OrgDb) {
  await org.query('SELECT id FROM organisations WHERE id = $org FOR UPDATE');
}

/** A new member of the organisation, invited: no password until they follow their set-up link. */
export async function insertMember(org: OrgDb, user: { roleId: string; name: string; email: string }): Promise<string> {
  const row = await org.one<{ id: string }>('INSERT INTO users (organisation_id, role_id, name, email) VALUES ($org, $1, $2, $3) RETURNING id', [
    user.roleId,
    user.name,
    user.email.toLowerCase(),
  ]);
  return row!.id;
}

export async function setUserRole(org: OrgDb, userId: string, roleId: string) {
  await org.query('UPDATE users SET role_id = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org', [userId, roleId]);
}

export async function setUserName(org: OrgDb, userId: string, name: string) {
  await org.query('UPDATE users SET name = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org', [userId, name]);
}

export async function setUserActive(org: OrgDb, userId: string, active: boolean) {
  await org.query('UPDATE users SET is_active = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org', [userId, active]);
}

export async function deleteUser(org: OrgDb, userId: string) {
  await org.query('DELETE FROM users WHERE id = $1 AND organisation_id = $org', [userId]);
}

/** Ends every session of one of the organisation's users; answers their ids so their sockets can be closed after commit. */
export async function endUserSessions(org: OrgDb, userId: string): Promise<string[]> {
  const rows = await org.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = (SELECT id FROM users WHERE id = $1 AND organisation_id = $org) AND revoked_at IS NULL RETURNING id`,
    [userId],
  );
  return rows.map((r) => r.id);
}

/** The role a user of this organisation may be given (none for another organisation's id): what the user forms choose from. */
export async function assignableRole(org: OrgDb, roleId: unknown) {
  if (!isUuid(roleId)) return undefined;
  return org.one<{ id: string; name: string; is_admin: boolean }>('SELECT id, name, is_admin FROM roles WHERE id = $1 AND organisation_id = $org', [roleId]);
}
