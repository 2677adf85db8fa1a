/**
 * Sign-in throttling (a system module on the raw database: attempts are counted
 * by e-mail address and network address, before any organisation is known), kept in the database so it holds across API processes
 * and restarts. Failed attempts are counted in a sliding window three ways,
 * each with its own limit (docs/decisions.md, "Throttling"):
 * - one account from one address (low limit): guessing one account's password
 *   from one place stops quickly, and only that place is locked out, so the
 *   owner signing in from elsewhere is not;
 * - one address across accounts: spraying many accounts from one place (wrong
 *   second-factor codes do not count here: many people behind one office
 *   address mistyping codes must not lock each other out);
 * - one account from any address (much higher limit): guessing spread over
 *   many addresses. Even then an address the account signed in from recently
 *   keeps working, so a crowd of addresses cannot lock the owner out of the
 *   places they use.
 * A lock lasts the lock time from the last counted failure. A successful
 * sign-in clears the count of its own account-and-address pair only.
 */
import type { Config } from '../config';
import type { Queryable } from '../db/client';
import { ApiError } from '../http/errors';

type Limits = Config['loginLock'];

/** How far back a successful sign-in makes an address "known" to the account-wide lock. */
export const KNOWN_ADDRESS_DAYS = 30;

interface Count {
  failures: number;
  last_failure: Date | null;
}

function remainingMs(count: Count | null | undefined, max: number, limits: Limits): number {
  if (!count || count.failures < max || !count.last_failure) return 0;
  const unlockAt = new Date(count.last_failure).getTime() + limits.lockMinutes * 60_000;
  return Math.max(0, unlockAt - Date.now());
}

const WINDOW = `created_at > now() - ($2::float8 * interval '1 minute')`;

async function pairFailures(db: Queryable, email: string, ip: string, limits: Limits) {
  return db.one<Count>(
    `SELECT count(*)::int AS failures, max(created_at) AS last_failure
       FROM login_attempts
      WHERE lower(email) = $1 AND ip = $3 AND NOT success AND ${WINDOW}
        AND created_at > COALESCE((SELECT max(created_at) FROM login_attempts WHERE lower(email) = $1 AND ip = $3 AND success), '-infinity')`,
    [email, limits.windowMinutes, ip],
  );
}

async function addressFailures(db: Queryable, ip: string, limits: Limits) {
  return db.one<Count>(
    `SELECT count(*)::int AS failures, max(created_at) AS last_failure FROM login_attempts WHERE ip = $1 AND NOT success AND kind = 'password' AND ${WINDOW}`,
    [ip, limits.windowMinutes],
  );
}

async function accountFailures(db: Queryable, email: string, limits: Limits) {
  return db.one<Count>(
    `SELECT count(*)::int AS failures, max(created_at) AS last_failure FROM login_attempts WHERE lower(email) = $1 AND NOT success AND ${WINDOW}`,
    [email, limits.windowMinutes],
  );
}

async function isKnownAddress(db: Queryable, email: string, ip: string) {
  const row = await db.one(
    `SELECT 1 FROM login_attempts WHERE lower(email) = $1 AND ip = $2 AND success AND created_at > now() - ($3::float8 * interval '1 day') LIMIT 1`,
    [email, ip, KNOWN_ADDRESS_DAYS],
  );
  return Boolean(row);
}

const minutes = (ms: number) => Math.ceil(ms / 60_000);

/** Throws 429 with the minutes left when this account, from this address, may not try to sign in now. */
export async function assertNotLocked(db: Queryable, rawEmail: string, ip: string, limits: Limits) {
  const email = rawEmail.trim().toLowerCase();
  const pairMs = remainingMs(await pairFailures(db, email, ip, limits), limits.pairFailures, limits);
  if (pairMs > 0) throw new ApiError(429, 'account_locked', { minutes: minutes(pairMs) }, undefined, { minutes: minutes(pairMs) });
  const addressMs = remainingMs(await addressFailures(db, ip, limits), limits.addressFailures, limits);
  if (addressMs > 0) throw new ApiError(429, 'address_locked', { minutes: minutes(addressMs) }, undefined, { minutes: minutes(addressMs) });
  const accountMs = remainingMs(await accountFailures(db, email, limits), limits.accountFailures, limits);
  if (accountMs > 0 && !(await isKnownAddress(db, email, ip))) {
    throw new ApiError(429, 'account_locked', { minutes: minutes(accountMs) }, undefined, { minutes: minutes(accountMs) });
  }
}

/** kind 'code': a wrong second-factor code, counted for its account and address but not for the address across accounts. */
export async function recordAttempt(db: Queryable, email: string, ip: string, success: boolean, kind: 'password' | 'code' = 'password') {
  await db.query('INSERT INTO login_attempts (email, ip, success, kind) VALUES ($1, $2, $3, $4)', [email.trim().toLowerCase(), ip, success, kind]);
}
