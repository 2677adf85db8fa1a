/**
 * Access tokens. A token is a random string handed to the browser once; the
 * database keeps its digest with an expiry and a revocation time, so logout and
 * deactivation take effect on the very next call. Permissions are read from the
 * role on every call (in the same statement as the session), so a role change
 * applies without signing in again.
 */
import { effectivePermissions } from '../../common/access';
import type { OrganisationDetail } from '../../common/organisation';
import type { Queryable, Row } from '../db/client';
import { ApiError } from '../http/errors';
import { toOrganisationDetail } from '../organisations/detail';
import { randomToken, sha256 } from './secrets';
import type { UserRow } from './user-row';

export interface AuthContext {
  sessionId: string;
  token: string;
  expiresAt: Date;
  user: UserRow & Row;
  role: { id: string; name: string; is_admin: boolean };
  organisation: OrganisationDetail;
  organisationRow: Row;
  permissions: string[];
  /**
   * Set when the caller authenticated with an API key (server/auth/api-keys.ts) rather than a browser
   * session: the key's id and its shown prefix. sessionId is then "api-key:<id>", which no session has.
   */
  apiKey?: { id: string; prefix: string; name: string };
}

export async function createSession(db: Queryable, userId: string, ttlMinutes: number, meta: { ip?: string; userAgent?: string }) {
  const token = `aml_${randomToken(32)}`;
  const row = await db.one<{ id: string; expires_at: Date }>(
    `INSERT INTO sessions (user_id, token_hash, expires_at, ip, user_agent)
     VALUES ($1, $2, now() + ($3::float8 * interval '1 minute'), $4, $5) RETURNING id, expires_at`,
    [userId, sha256(token), ttlMinutes, meta.ip ?? null, meta.userAgent ?? null],
  );
  await db.query('UPDATE users SET last_login_at = now() WHERE id = $1', [userId]);
  return { token, sessionId: row!.id, expiresAt: new Date(row!.expires_at) };
}

/**
 * The session, its user, role and organisation, and the role's permissions in
 * catalogue order, in one statement: every authenticated call starts here, so
 * it costs one round trip. Nothing is cached between calls, so a logout, a
 * deactivation or a role change applies to the very next call.
 */
const SESSION_SQL = `SELECT s.id AS session_id, s.expires_at, s.revoked_at,
            u.*, r.name AS role_name, r.is_admin AS role_is_admin,
            row_to_json(o.*) AS organisation,
            ARRAY(SELECT rp.permission FROM role_permissions rp JOIN permissions p ON p.name = rp.permission
                   WHERE rp.role_id = u.role_id ORDER BY p.sort_order) AS role_permissions
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       JOIN roles r ON r.id = u.role_id
       JOIN organisations o ON o.id = u.organisation_id
      WHERE s.token_hash = $1`;

/** Resolves a bearer token to its session, or throws the 401 the UI acts on. */
export async function authenticateToken(db: Queryable, token: string | undefined): Promise<AuthContext> {
  if (!token) throw new ApiError(401, 'token_invalid');
  const row = await db.one(SESSION_SQL, [sha256(token)]);
  if (!row || row.revoked_at || !row.is_active) throw new ApiError(401, 'token_invalid');
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= Date.now()) throw new ApiError(401, 'token_has_expired');
  return authContextOf(row, { sessionId: row.session_id, token, expiresAt });
}

/**
 * The caller as every route sees it, from a row of SESSION_SQL's columns (or the same columns reached
 * through an API key): the user, role, organisation and the role's permissions as the organisation allows them.
 */
export function authContextOf(row: Row, session: Pick<AuthContext, 'sessionId' | 'token' | 'expiresAt' | 'apiKey'>): AuthContext {
  const { role_permissions: rolePermissions, ...user } = row;
  const organisationRow = typeof row.organisation === 'string' ? JSON.parse(row.organisation) : row.organisation;
  const organisation = toOrganisationDetail(organisationRow);
  return {
    ...session,
    user: user as UserRow & Row,
    role: { id: row.role_id, name: row.role_name, is_admin: row.role_is_admin },
    organisation,
    organisationRow,
    permissions: effectivePermissions((rolePermissions as string[] | null) ?? [], organisation),
  };
}

export async function revokeSession(db: Queryable, sessionId: string) {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/**
 * Ends every session of a user (deactivation, password change elsewhere) and answers
 * their ids, so their sockets can be closed once the change has committed.
 */
export async function revokeUserSessions(db: Queryable, userId: string, exceptSessionId?: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2 RETURNING id',
    [userId, exceptSessionId ?? null],
  );
  return rows.map((r) => r.id);
}
