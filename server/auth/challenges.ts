/**
 * Second-factor challenges. After a correct password, a sign-in waits in a
 * challenge identified by an otp_token (random, stored hashed). E-mail codes
 * are six digits, stored hashed, expire and allow a few attempts; app codes
 * are checked against the user's TOTP secret. Two-factor set-up by e-mail uses
 * the same table with purpose 'configure_email'.
 */
import type { Queryable, Row } from '../db/client';
import { ApiError } from '../http/errors';
import { randomCode, randomToken, safeEqual, sha256 } from './secrets';
import { verifyTotp } from './totp';

export const MAX_CODE_ATTEMPTS = 5;

export type ChallengeMethod = 'email' | 'app';

export async function createLoginChallenge(db: Queryable, userId: string, method: ChallengeMethod, ttlMinutes: number) {
  await db.query("UPDATE otp_challenges SET consumed_at = now() WHERE user_id = $1 AND purpose = 'login' AND consumed_at IS NULL", [userId]);
  const otpToken = randomToken(24);
  const code = method === 'email' ? randomCode() : null;
  const row = await db.one<{ id: string; expires_at: Date }>(
    `INSERT INTO otp_challenges (user_id, purpose, method, token_hash, code_hash, expires_at)
     VALUES ($1, 'login', $2, $3, $4, now() + ($5::float8 * interval '1 minute')) RETURNING id, expires_at`,
    [userId, method, sha256(otpToken), code ? sha256(code) : null, ttlMinutes],
  );
  return { otpToken, code, challengeId: row!.id, expiresAt: new Date(row!.expires_at) };
}

/** The live login challenge behind an otp_token, with its user. */
export async function findLoginChallenge(db: Queryable, otpToken: string): Promise<Row> {
  const row = await db.one(
    `SELECT c.*, u.email, u.language, u.app_2fa_secret, u.app_2fa_last_step, u.email_2fa_enabled, u.app_2fa_enabled, u.is_active
       FROM otp_challenges c JOIN users u ON u.id = c.user_id
      WHERE c.token_hash = $1 AND c.purpose = 'login'`,
    [sha256(otpToken)],
  );
  if (!row || row.consumed_at || !row.is_active || new Date(row.expires_at).getTime() <= Date.now()) {
    throw new ApiError(400, 'otp_session_invalid');
  }
  return row;
}

/** Switches a challenge to a fresh e-mail code (resend, or fall back from the app). */
export async function refreshEmailCode(db: Queryable, challengeId: string, ttlMinutes: number): Promise<string> {
  const code = randomCode();
  await db.query(
    `UPDATE otp_challenges SET method = 'email', code_hash = $2, attempts = 0, expires_at = now() + ($3::float8 * interval '1 minute')
      WHERE id = $1`,
    [challengeId, sha256(code), ttlMinutes],
  );
  return code;
}

async function countAttempt(db: Queryable, challenge: Row) {
  const attempts = challenge.attempts + 1;
  const exhaustedNow = attempts >= MAX_CODE_ATTEMPTS;
  await db.query(
    `UPDATE otp_challenges SET attempts = $2, consumed_at = CASE WHEN $3 THEN now() ELSE consumed_at END WHERE id = $1`,
    [challenge.id, attempts, exhaustedNow],
  );
  const exhausted = challenge.purpose === 'login' ? 'otp_session_invalid' : 'otp_expired';
  throw new ApiError(400, exhaustedNow ? exhausted : 'otp_invalid');
}

/** Checks a code against a challenge; on success the challenge is used up. */
export async function answerChallenge(db: Queryable, challenge: Row, method: ChallengeMethod, code: string): Promise<void> {
  if (challenge.method !== method) throw new ApiError(400, 'otp_invalid');
  if (method === 'email') {
    if (!challenge.code_hash || !safeEqual(challenge.code_hash, sha256(code))) return countAttempt(db, challenge);
  } else {
    if (!challenge.app_2fa_secret) throw new ApiError(400, 'otp_not_configured');
    const step = verifyTotp(challenge.app_2fa_secret, code, Number(challenge.app_2fa_last_step));
    if (step === null) return countAttempt(db, challenge);
    await db.query('UPDATE users SET app_2fa_last_step = $2 WHERE id = $1', [challenge.user_id, step]);
  }
  const used = await db.query('UPDATE otp_challenges SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id', [challenge.id]);
  if (used.length === 0) throw new ApiError(400, 'otp_session_invalid');
}

// --- E-mail two-factor set-up -------------------------------------------------

export async function startEmailSetup(db: Queryable, userId: string, ttlMinutes: number): Promise<string> {
  await db.query("UPDATE otp_challenges SET consumed_at = now() WHERE user_id = $1 AND purpose = 'configure_email' AND consumed_at IS NULL", [userId]);
  const code = randomCode();
  await db.query(
    `INSERT INTO otp_challenges (user_id, purpose, method, code_hash, expires_at)
     VALUES ($1, 'configure_email', 'email', $2, now() + ($3::float8 * interval '1 minute'))`,
    [userId, sha256(code), ttlMinutes],
  );
  return code;
}

export async function confirmEmailSetup(db: Queryable, userId: string, code: string): Promise<void> {
  const challenge = await db.one(
    `SELECT * FROM otp_challenges WHERE user_id = $1 AND purpose = 'configure_email' AND consumed_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  if (!challenge) throw new ApiError(400, 'otp_expired');
  if (new Date(challenge.expires_at).getTime() <= Date.now()) throw new ApiError(400, 'otp_expired');
  await answerChallenge(db, challenge, 'email', code);
}
