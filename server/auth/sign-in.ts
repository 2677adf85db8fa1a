/**
 * The sign-in flows: password, sign-up, the second factor, secret links,
 * password reset and set-up. A system module on the raw database: each of
 * them starts before any organisation is known (the caller names an e-mail
 * address, a one-time token or a challenge, and that is what finds the user
 * and so the organisation), so none can go through an organisation's handle.
 * Everything after sign-in reaches organisation-owned rows through ctx.org.
 */
import type { Infer } from 'superstruct';
import type { ForgotPasswordBody, LoginBody, OtpBody, ResendOtpBody, SecretLinkBody, SignupBody, VerifyTokenBody } from '../../common/schemas/auth';
import type { WhiteLabel } from '../../common/organisation';
import { validateEmail } from '../../common/validation';
import { recordAudit } from '../audit/record';
import type { Queryable } from '../db/client';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { done } from '../http/reply';
import { closeSessionSockets } from '../realtime/bus';
import { createOrganisationWithAdmin } from '../organisations/create';
import { answerChallenge, createLoginChallenge, findLoginChallenge, mayMailLink, refreshEmailCode } from './challenges';
import { sendLoginCode, sendResetLink, sendSecretLoginLink } from './emails';
import { consumeLink, issueLink, verifyLink } from './one-time-links';
import { hashPassword, verifyPassword } from './passwords';
import { assertNotLocked, recordAttempt } from './rate-limit';
import { payloadForToken } from './session-payload';
import { createSession, revokeUserSessions } from './sessions';
import type { UserRow } from './user-row';

type LoginBodyValue = Infer<typeof LoginBody>;
type SignupBodyValue = Infer<typeof SignupBody>;
type OtpBodyValue = Infer<typeof OtpBody>;
type ResendOtpBodyValue = Infer<typeof ResendOtpBody>;
type SecretLinkBodyValue = Infer<typeof SecretLinkBody>;
type ForgotPasswordBodyValue = Infer<typeof ForgotPasswordBody>;
type VerifyTokenBodyValue = Infer<typeof VerifyTokenBody>;

/** What a sign-in flow needs from the request: the dependencies and where the request comes from. */
export interface SignInRequest {
  deps: Deps;
  ip: string;
  userAgent: string;
}

// Sign-in addresses are unique across organisations: the look-up reads every organisation's users.
// With the organisation's white-label scheme, which the e-mails sent to the user wear (docs/white-label.md).
async function findUserByEmail(db: Queryable, email: string) {
  return db.one<UserRow & { brand: WhiteLabel | null }>(
    'SELECT u.*, o.white_labeling_for AS brand FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE lower(u.email) = lower($1)',
    [email.trim()],
  );
}

/** Signs the user in: a new session and the full auth state. */
async function startSession(req: SignInRequest, userId: string, how: string) {
  const { db, config } = req.deps;
  const session = await createSession(db, userId, config.tokenTtlMinutes, { ip: req.ip, userAgent: req.userAgent });
  const payload = await payloadForToken(db, session.token);
  // A completed sign-in clears this address's failures for the account and makes the address known to it.
  await recordAttempt(db, payload.user.email, req.ip, true);
  await recordAudit(db, {
    organisation_id: payload.organisation_id,
    actor_user_id: userId,
    actor_email: payload.user.email,
    action: 'auth.login',
    ip: req.ip,
    user_agent: req.userAgent,
    details: { method: how },
  });
  return payload;
}

function maskEmail(email: string) {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}

async function auditFailure(req: SignInRequest, email: string, reason: string, user?: { id: string; organisation_id: string }) {
  await recordAudit(req.deps.db, {
    organisation_id: user?.organisation_id ?? null,
    actor_user_id: user?.id ?? null,
    actor_email: email,
    action: 'auth.login_failed',
    ip: req.ip,
    user_agent: req.userAgent,
    details: { reason },
  });
}

export async function login(req: SignInRequest, body: LoginBodyValue) {
  const { db, config, mailer } = req.deps;
  const email = body.email.trim().toLowerCase();
  await assertNotLocked(db, email, req.ip, config.loginLock);
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.password_hash, body.password);
  if (!user || !valid) {
    await recordAttempt(db, email, req.ip, false);
    await auditFailure(req, email, user ? 'password' : 'unknown_email', user);
    throw new ApiError(400, 'invalid_credentials');
  }
  if (!user.is_active) {
    await auditFailure(req, email, 'inactive', user);
    throw new ApiError(403, 'account_inactive');
  }
  if (user.app_2fa_enabled || user.email_2fa_enabled) {
    // The sign-in is complete only with the second factor: its success (or its wrong codes) are recorded then.
    const method = user.app_2fa_enabled ? 'app' : 'email';
    const challenge = await db.transaction((tx) => createLoginChallenge(tx, user.id, method, config.otpTtlMinutes));
    if (challenge.code) await sendLoginCode(mailer, user, challenge.code, config.otpTtlMinutes);
    return {
      otp_required: true,
      otp_token: challenge.otpToken,
      authentication_type: method,
      email: maskEmail(user.email),
      can_use_email: Boolean(user.email_2fa_enabled),
      expires_at: challenge.expiresAt.toISOString(),
    };
  }
  return startSession(req, user.id, 'password');
}

/** A new organisation (plan billing, no plan chosen yet) with its first administrator, signed in. */
export async function signup(req: SignInRequest, body: SignupBodyValue) {
  const { db } = req.deps;
  if (await findUserByEmail(db, body.email)) throw new ApiError(409, 'email_taken', {}, 'email');
  const { userId } = await db.transaction((tx) =>
    createOrganisationWithAdmin(tx, {
      organisation: { name: body.company_name.trim(), billing_type: 'plan', service_types: ['aml_screening', 'media_watcher'] },
      admin: { name: body.name, email: body.email.trim(), password: body.password },
    }),
  );
  return startSession(req, userId, 'signup');
}

export async function checkOtp(req: SignInRequest, body: ResendOtpBodyValue) {
  const challenge = await findLoginChallenge(req.deps.db, body.otp_token);
  return {
    authentication_type: challenge.method,
    email: maskEmail(challenge.email),
    can_use_email: Boolean(challenge.email_2fa_enabled),
    expires_at: new Date(challenge.expires_at).toISOString(),
  };
}

/** The last step of a two-factor sign-in, by e-mail code or by app code. */
export async function answerSecondFactor(req: SignInRequest, method: 'email' | 'app', body: OtpBodyValue) {
  const { db } = req.deps;
  const challenge = await findLoginChallenge(db, body.otp_token);
  try {
    await answerChallenge(db, challenge, method, body.code.trim());
  } catch (error) {
    // A wrong code is a failed sign-in for this account from this address, so guessing codes
    // over many challenges meets the same throttling as guessing passwords.
    if (error instanceof ApiError && (error.code === 'otp_invalid' || error.code === 'otp_attempts_exhausted')) {
      await recordAttempt(db, challenge.email, req.ip, false, 'code');
    }
    throw error;
  }
  return startSession(req, challenge.user_id, `${method}_otp`);
}

export async function resendOtp(req: SignInRequest, body: ResendOtpBodyValue) {
  const { db, config, mailer } = req.deps;
  const challenge = await findLoginChallenge(db, body.otp_token);
  if (!challenge.email_2fa_enabled && challenge.method !== 'email') throw new ApiError(400, 'otp_not_configured');
  const code = await db.transaction((tx) => refreshEmailCode(tx, challenge, config.otpTtlMinutes));
  await sendLoginCode(mailer, { email: challenge.email, language: challenge.language, brand: challenge.brand }, code, config.otpTtlMinutes);
  return done('otp_sent', { authentication_type: 'email' });
}

/** The secret sign-in link: with an e-mail, mails a single-use link; with the link's secret, signs in. */
export async function secretLink(req: SignInRequest, body: SecretLinkBodyValue) {
  const { db, config, mailer } = req.deps;
  if ('email' in body) {
    const invalid = validateEmail(body.email);
    if (invalid) throw new ApiError(400, invalid, {}, 'email');
    const user = await findUserByEmail(db, body.email);
    if (user?.is_active && user.password_hash && (await mayMailLink(db, user.id))) {
      const secret = await issueLink(db, user.id, 'secret_login', config.otpTtlMinutes);
      await sendSecretLoginLink(mailer, user, `${config.publicUrl}/secret-login/${secret}`, config.otpTtlMinutes);
    }
    return done('login_link_sent');
  }
  let link;
  try {
    link = await verifyLink(db, body.user_secret, ['secret_login']);
  } catch {
    throw new ApiError(400, 'secret_link_invalid');
  }
  await consumeLink(db, link.id);
  const user = await db.one<UserRow>('SELECT * FROM users WHERE id = $1', [link.user_id]);
  if (!user?.is_active) throw new ApiError(403, 'account_inactive');
  // The link proves control of the mailbox, which is what e-mail two-factor proves;
  // an authenticator app is a different factor and is still asked for.
  if (user.app_2fa_enabled) {
    const challenge = await createLoginChallenge(db, user.id, 'app', config.otpTtlMinutes);
    return {
      otp_required: true,
      otp_token: challenge.otpToken,
      authentication_type: 'app',
      email: maskEmail(user.email),
      can_use_email: false,
      expires_at: challenge.expiresAt.toISOString(),
    };
  }
  return startSession(req, user.id, 'secret_link');
}

export async function forgotPassword(req: SignInRequest, body: ForgotPasswordBodyValue) {
  const { db, config, mailer } = req.deps;
  const user = await findUserByEmail(db, body.email);
  if (user?.is_active && (await mayMailLink(db, user.id))) {
    const token = await issueLink(db, user.id, 'reset', config.resetTokenTtlMinutes);
    await sendResetLink(mailer, user, `${config.publicUrl}/reset-password?token=${token}`, config.resetTokenTtlMinutes);
    await recordAudit(db, {
      organisation_id: user.organisation_id,
      actor_user_id: user.id,
      actor_email: user.email,
      action: 'auth.password_reset_requested',
      ip: req.ip,
      user_agent: req.userAgent,
    });
  }
  return done('reset_email_sent');
}

export async function verifyToken(req: SignInRequest, body: VerifyTokenBodyValue) {
  const kinds = body.type ? [body.type] : (['reset', 'setup'] as const);
  const link = await verifyLink(req.deps.db, body.token, [...kinds]);
  const user = await req.deps.db.one('SELECT email, name FROM users WHERE id = $1', [link.user_id]);
  return { valid: true, type: link.kind, email: user?.email, name: user?.name };
}

export async function setPasswordFromLink(req: SignInRequest, kind: 'reset' | 'setup', body: { token: string; password: string }) {
  const { db } = req.deps;
  const link = await verifyLink(db, body.token, [kind]);
  const passwordHash = await hashPassword(body.password);
  const revoked = await db.transaction(async (tx) => {
    await consumeLink(tx, link.id);
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [link.user_id, passwordHash]);
    // Whoever held the old password is signed out everywhere, sockets included.
    return revokeUserSessions(tx, link.user_id);
  });
  await closeSessionSockets(req.deps.realtime, revoked);
  const user = await db.one('SELECT id, email, organisation_id FROM users WHERE id = $1', [link.user_id]);
  await recordAudit(db, {
    organisation_id: user?.organisation_id,
    actor_user_id: link.user_id,
    actor_email: user?.email,
    action: kind === 'reset' ? 'auth.password_reset' : 'auth.password_setup',
    ip: req.ip,
    user_agent: req.userAgent,
  });
  return done('password_updated');
}
