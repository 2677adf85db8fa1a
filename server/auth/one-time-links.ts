/**
 * Password-reset, account set-up and secret sign-in links. A system module on
 * the raw database: a link is looked up by its token before anyone is signed in,
 * and auth_tokens belong to a user, not to an organisation. Each is a random
 * token sent once by e-mail; the database keeps only its digest, its expiry and
 * when it was used. Verifying answers 'Token is expired' or 'token is incorrect',
 * the two messages the SPA's token pages act on.
 */
import type { Queryable } from '../db/client';
import { ApiError } from '../http/errors';
import { randomToken, sha256 } from './secrets';

export type LinkKind = 'reset' | 'setup' | 'secret_login' | 'email_change';

export async function issueLink(db: Queryable, userId: string, kind: LinkKind, ttlMinutes: number): Promise<string> {
  // A new link replaces any unused one of the same kind, so only the latest e-mail works.
  await db.query('UPDATE auth_tokens SET used_at = now() WHERE user_id = $1 AND kind = $2 AND used_at IS NULL', [userId, kind]);
  const token = randomToken(32);
  await db.query(
    `INSERT INTO auth_tokens (user_id, kind, token_hash, expires_at) VALUES ($1, $2, $3, now() + ($4::float8 * interval '1 minute'))`,
    [userId, kind, sha256(token), ttlMinutes],
  );
  return token;
}

export interface VerifiedLink {
  id: string;
  user_id: string;
  kind: LinkKind;
}

export async function verifyLink(db: Queryable, token: string, kinds: LinkKind[]): Promise<VerifiedLink> {
  const row = await db.one<VerifiedLink & { expires_at: Date; used_at: Date | null }>(
    'SELECT id, user_id, kind, expires_at, used_at FROM auth_tokens WHERE token_hash = $1 AND kind = ANY($2)',
    [sha256(token), kinds],
  );
  if (!row || row.used_at) throw new ApiError(400, 'token_is_incorrect');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(400, 'token_is_expired');
  return row;
}

/** Marks the link used; fails if another request used it a moment earlier. */
export async function consumeLink(db: Queryable, id: string): Promise<void> {
  const rows = await db.query('UPDATE auth_tokens SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [id]);
  if (rows.length === 0) throw new ApiError(400, 'token_is_incorrect');
}
