/**
 * Sign-in throttling, kept in the database so it holds across API processes
 * and restarts. Failed attempts are counted per account and per address in a
 * sliding window; reaching the limit locks that account (or address) until
 * the lock time has passed since the last failure. A successful sign-in clears
 * the account's count.
 */
import type { Config } from '../config';
import type { Queryable } from '../db/client';
import { ApiError } from '../http/errors';

type Limits = Config['loginLock'];

async function lockedFor(db: Queryable, column: 'email' | 'ip', value: string, max: number, limits: Limits): Promise<number> {
  const keyExpr = column === 'email' ? 'lower(email) = lower($1)' : 'ip = $1';
  const sinceSuccess =
    column === 'email' ? `AND created_at > COALESCE((SELECT max(created_at) FROM login_attempts WHERE ${keyExpr} AND success), '-infinity')` : '';
  const row = await db.one<{ failures: number; last_failure: Date | null }>(
    `SELECT count(*)::int AS failures, max(created_at) AS last_failure
       FROM login_attempts
      WHERE ${keyExpr} AND NOT success
        AND created_at > now() - ($2::float8 * interval '1 minute') ${sinceSuccess}`,
    [value, limits.windowMinutes],
  );
  if (!row || row.failures < max || !row.last_failure) return 0;
  const unlockAt = new Date(row.last_failure).getTime() + limits.lockMinutes * 60_000;
  return Math.max(0, unlockAt - Date.now());
}

/** Throws 429 with the minutes left when the account or the address is locked. */
export async function assertNotLocked(db: Queryable, email: string, ip: string, limits: Limits) {
  const accountMs = await lockedFor(db, 'email', email, limits.accountFailures, limits);
  if (accountMs > 0) throw new ApiError(429, 'account_locked', { minutes: Math.ceil(accountMs / 60_000) });
  const addressMs = await lockedFor(db, 'ip', ip, limits.addressFailures, limits);
  if (addressMs > 0) throw new ApiError(429, 'address_locked', { minutes: Math.ceil(addressMs / 60_000) });
}

export async function recordAttempt(db: Queryable, email: string, ip: string, success: boolean) {
  await db.query('INSERT INTO login_attempts (email, ip, success) VALUES ($1, $2, $3)', [email.trim().toLowerCase(), ip, success]);
}
