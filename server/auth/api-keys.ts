/**
 * Authenticating with an API key (docs/integrations.md). A system module: a key arrives without an
 * organisation, so it is looked up by its digest across organisations, as a session token is
 * (sessions.ts). The key acts as the user who generated it, with the permissions that user's role has
 * now, so a role change or a deactivation applies to the key's next call; it stops at its expiry and
 * when it is deleted.
 */
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '../../common/api-keys';
import type { Queryable } from '../db/client';
import { ApiError } from '../http/errors';
import { randomToken, sha256 } from './secrets';
import { authContextOf, authenticateToken, type AuthContext } from './sessions';

/** A new key: the whole key (shown once), the prefix the list shows and the digest that is stored. */
export function newApiKey() {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_LENGTH), hash: sha256(key) };
}

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

const KEY_SQL = `SELECT k.id AS api_key_id, k.prefix AS api_key_prefix, k.name AS api_key_name, k.expires_at AS api_key_expires_at,
            u.*, r.name AS role_name, r.is_admin AS role_is_admin,
            row_to_json(o.*) AS organisation,
            ARRAY(SELECT rp.permission FROM role_permissions rp JOIN permissions p ON p.name = rp.permission
                   WHERE rp.role_id = u.role_id ORDER BY p.sort_order) AS role_permissions
       FROM api_keys k
       JOIN users u ON u.id = k.user_id AND u.organisation_id = k.organisation_id
       JOIN roles r ON r.id = u.role_id
       JOIN organisations o ON o.id = k.organisation_id
      WHERE k.key_hash = $1 AND k.deleted_at IS NULL`;

/** The caller of an API key, or the 401 an unknown, deleted or expired key (or a deactivated user) gets. */
export async function authenticateApiKey(db: Queryable, key: string): Promise<AuthContext> {
  const row = await db.one(KEY_SQL, [sha256(key)]);
  if (!row || !row.is_active) throw new ApiError(401, 'token_invalid');
  const expiresAt = new Date(row.api_key_expires_at);
  if (expiresAt.getTime() <= Date.now()) throw new ApiError(401, 'api_key_expired');
  const { api_key_id: id, api_key_prefix: prefix, api_key_name: name, api_key_expires_at: _expires, ...rest } = row;
  return authContextOf(rest, { sessionId: `api-key:${id}`, token: key, expiresAt, apiKey: { id, prefix, name } });
}

/** Whoever a bearer token names: an API key by its prefix, otherwise a browser session. */
export function authenticateCaller(db: Queryable, token: string | undefined): Promise<AuthContext> {
  return token && isApiKey(token) ? authenticateApiKey(db, token) : authenticateToken(db, token);
}

/**
 * Records one use of a key once its answer is known: the key's last use, and an audit event with the
 * call and its status, so an administrator can see what a key did (docs/integrations.md).
 */
export async function recordApiKeyUse(db: Queryable, auth: AuthContext, call: { method: string; path: string; status: number; ip: string; userAgent: string }) {
  if (!auth.apiKey) return;
  await db.query(
    `WITH used AS (UPDATE api_keys SET last_used_at = now() WHERE id = $1 RETURNING organisation_id)
     INSERT INTO audit_events (organisation_id, actor_user_id, actor_email, action, target_type, target_id, ip, user_agent, details)
     SELECT organisation_id, $2, $3, 'api_key.used', 'api_key', $1, $4, $5, $6 FROM used`,
    [auth.apiKey.id, auth.user.id, auth.user.email, call.ip, call.userAgent, JSON.stringify({ method: call.method, path: call.path, status: call.status, key_prefix: auth.apiKey.prefix })],
  );
}
