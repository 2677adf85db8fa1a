/** Reading users of one organisation: a record by id, the listing with its filters, administrator counts. */
import { isUuid, type UserSearchFilters } from '../../common/schemas/admin';
import type { Queryable, Row } from '../db/client';
import { toUserView } from '../auth/user-view';
import type { UserRow } from '../auth/user-row';

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
export async function findUser(db: Queryable, organisationId: string, userId: unknown): Promise<AdminUserRow | undefined> {
  if (!isUuid(userId)) return undefined;
  return db.one<AdminUserRow>(`${SELECT_USER} WHERE u.id = $1 AND u.organisation_id = $2`, [userId, organisationId]);
}

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
export const likePattern = (text: string) => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(db: Queryable, organisationId: string, filters: UserSearchFilters, page: number, pageSize: number) {
  const where = ['u.organisation_id = $1'];
  const params: unknown[] = [organisationId];
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
  const rows = await db.query(
    `${SELECT_USER} WHERE ${where.join(' AND ')} ORDER BY lower(u.name), u.created_at LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page: still report how many there are, so the pager can step back.
    const count = await db.one(`SELECT count(*)::int AS n FROM users u WHERE ${where.join(' AND ')}`, params.slice(0, -2));
    total = count?.n ?? 0;
  }
  return { rows, total };
}

/** Active users holding the administrator role, other than the given one. */
export async function otherActiveAdmins(db: Queryable, organisationId: string, exceptUserId: string): Promise<number> {
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id
      WHERE u.organisation_id = $1 AND r.is_admin AND u.is_active AND u.id <> $2`,
    [organisationId, exceptUserId],
  );
  return row?.n ?? 0;
}
