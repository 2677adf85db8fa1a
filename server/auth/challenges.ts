/**
 * Second-factor challenges. A system module on the raw database: otp_challenges
 * and otp_code_sends belong to a user, not to an organisation, and a sign-in
 * challenge is opened before any organisation is known. After a correct password, a sign-in waits in a
 * challenge identified by an otp_token (random, stored hashed). E-mail codes
 * are six digits, stored hashed, and expire; app codes are checked against the
 * user's TOTP secret. Two-factor set-up by e-mail uses the same table with
 * purpose 'configure_email'.
 *
 * Guessing and mailbox flooding are bounded three ways: a challenge ends after
 * MAX_CODE_ATTEMPTS wrong codes in total (a resent code does not start the count
 * again), it sends at most MAX_RESENDS_PER_CHALLENGE fresh codes, and at most
 * MAX_CODES_PER_HOUR codes are mailed to one account in an hour, however many
 * challenges are opened (and as many reset or sign-in links, counted apart).
 */
import type { Queryable, Row } from '../db/client';
import { ApiError } from '../http/errors';
import { randomCode, randomToken, safeEqual, sha256 } from './secrets';
import { verifyTotp } from './totp';

export const MAX_CODE_ATTEMPTS = 5;
export const MAX_RESENDS_PER_CHALLENGE = 3;
export const MAX_CODES_PER_HOUR = 10;

export type ChallengeMethod = 'email' | 'app';

/** Opens a login challenge; an e-mail one claims one of the account's codes for the hour (run it in a transaction). */
export async function createLoginChallenge(db: Queryable, userId: string, method: ChallengeMethod, ttlMinutes: number) {
  if (method === 'email') await claimCodeSend(db, userId);
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
    `SELECT c.*, u.email, u.language, u.app_2fa_secret, u.app_2fa_last_step, u.email_2fa_enabled, u.app_2fa_enabled, u.is_active,
            o.white_labeling_for AS brand
       FROM otp_challenges c JOIN users u ON u.id = c.user_id JOIN organisations o ON o.id = u.organisation_id
      WHERE c.token_hash = $1 AND c.purpose = 'login'`,
    [sha256(otpToken)],
  );
  if (!row || row.consumed_at || !row.is_active || new Date(row.expires_at).getTime() <= Date.now()) {
    throw new ApiError(400, 'otp_session_invalid');
  }
  return row;
}

/**
 * Claims one of the account's mailed codes for this hour, or throws 429 with the
 * minutes until the oldest of the hour's codes stops counting. Call it before
 * mailing a code, inside the transaction that mails it when there is one.
 */
export async function claimCodeSend(db: Queryable, userId: string): Promise<void> {
  const minutes = await claimMail(db, userId, 'code');
  if (minutes !== null) throw new ApiError(429, 'otp_send_limit', { minutes }, undefined, { minutes });
}

/**
 * An hourly allowance of the same size for the links the public pages mail
 * (password reset, secret sign-in link), counted apart from the codes: anyone
 * who knows an address can ask for links, and spending that allowance must not
 * stop the owner's sign-in codes. Those calls answer alike whether or not an
 * account exists, so a spent allowance cannot be told either: the mail is just
 * not sent.
 */
export async function mayMailLink(db: Queryable, userId: string): Promise<boolean> {
  return (await claimMail(db, userId, 'link')) === null;
}

/** Records one mail to the account and answers null, or answers the minutes to wait when the hour's allowance is spent. */
async function claimMail(db: Queryable, userId: string, kind: 'code' | 'link'): Promise<number | null> {
  // One account's claims run one at a time, so two simultaneous requests cannot both take the last one.
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const row = await db.one<{ sent: number; oldest: Date | null }>(
    `SELECT count(*)::int AS sent, min(created_at) AS oldest FROM otp_code_sends WHERE user_id = $1 AND kind = $2 AND created_at > now() - interval '1 hour'`,
    [userId, kind],
  );
  if (row && row.sent >= MAX_CODES_PER_HOUR && row.oldest) {
    return Math.max(1, Math.ceil((new Date(row.oldest).getTime() + 3_600_000 - Date.now()) / 60_000));
  }
  await db.query('INSERT INTO otp_code_sends (user_id, kind) VALUES ($1, $2)', [userId, kind]);
  return null;
}

/**
 * Switches a challenge to a fresh e-mail code (resend, or fall back from the app).
 * Wrong codes already tried keep counting; the challenge allows a few fresh codes only.
 */
export async function refreshEmailCode(db: Queryable, challenge: Row, ttlMinutes: number): Promise<string> {
  if (challenge.resends >= MAX_RESENDS_PER_CHALLENGE) throw new ApiError(429, 'otp_resend_limit');
  await claimCodeSend(db, challenge.user_id);
  const code = randomCode();
  const updated = await db.query(
    `UPDATE otp_challenges SET method = 'email', code_hash = $2, resends = resends + 1, expires_at = now() + ($3::float8 * interval '1 minute')
      WHERE id = $1 AND consumed_at IS NULL AND resends < $4 RETURNING id`,
    [challenge.id, sha256(code), ttlMinutes, MAX_RESENDS_PER_CHALLENGE],
  );
  // Another request used the last resend (or ended the challenge) a moment earlier.
  if (updated.length === 0) throw new ApiError(429, 'otp_resend_limit');
  return code;
}

const exhaustedCode = (challenge: Row) => (challenge.purpose === 'login' ? 'otp_attempts_exhausted' : 'otp_expired');

/**
 * Takes one of the challenge's attempts before the code is checked, so answers
 * sent all at once cannot test more codes than the challenge allows.
 */
async function reserveAttempt(db: Queryable, challenge: Row): Promise<number> {
  const row = await db.one<{ attempts: number }>(
    'UPDATE otp_challenges SET attempts = attempts + 1 WHERE id = $1 AND consumed_at IS NULL AND attempts < $2 RETURNING attempts',
    [challenge.id, MAX_CODE_ATTEMPTS],
  );
  // Used up or ended by another answer a moment earlier.
  if (!row) throw new ApiError(400, challenge.purpose === 'login' ? 'otp_session_invalid' : 'otp_expired');
  return row.attempts;
}

async function wrongCode(db: Queryable, challenge: Row, attempt: number): Promise<never> {
  if (attempt < MAX_CODE_ATTEMPTS) throw new ApiError(400, 'otp_invalid');
  await db.query('UPDATE otp_challenges SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL', [challenge.id]);
  throw new ApiError(400, exhaustedCode(challenge));
}

/** Checks a code against a challenge; on success the challenge is used up. A wrong code counts, across resends. */
export async function answerChallenge(db: Queryable, challenge: Row, method: ChallengeMethod, code: string): Promise<void> {
  if (challenge.method !== method) throw new ApiError(400, 'otp_invalid');
  if (method === 'app' && !challenge.app_2fa_secret) throw new ApiError(400, 'otp_not_configured');
  const attempt = await reserveAttempt(db, challenge);
  if (method === 'email') {
    if (!challenge.code_hash || !safeEqual(challenge.code_hash, sha256(code))) return wrongCode(db, challenge, attempt);
  } else {
    const step = verifyTotp(challenge.app_2fa_secret, code, Number(challenge.app_2fa_last_step));
    if (step === null) return wrongCode(db, challenge, attempt);
    await db.query('UPDATE users SET app_2fa_last_step = $2 WHERE id = $1', [challenge.user_id, step]);
  }
  const used = await db.query('UPDATE otp_challenges SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id', [challenge.id]);
  if (used.length === 0) throw new ApiError(400, 'otp_session_invalid');
}

// --- E-mail two-factor set-up -------------------------------------------------

export async function startEmailSetup(db: Queryable, userId: string, ttlMinutes: number): Promise<string> {
  await claimCodeSend(db, userId);
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
