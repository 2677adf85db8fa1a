/** The auth calls of section 7, under /api with the spec's names. */
import {
  ConfigureOtpBody,
  ForgotPasswordBody,
  LoginBody,
  OtpBody,
  ResendOtpBody,
  ResetPasswordBody,
  SecretLinkBody,
  SetupPasswordBody,
  SignupBody,
  UpdateProfileBody,
  VerifyPasswordBody,
  VerifyTokenBody,
} from '../../common/schemas/auth';
import { toBoolean } from '../../common/schemas/core';
import { validateEmail } from '../../common/validation';
import { recordAudit } from '../audit/record';
import type { Queryable } from '../db/client';
import { ApiError } from '../http/errors';
import { done } from '../http/reply';
import { route, type HandlerContext } from '../http/routes';
import { closeSessionSockets, rooms } from '../realtime/bus';
import { answerChallenge, confirmEmailSetup, createLoginChallenge, findLoginChallenge, mayMailLink, refreshEmailCode, startEmailSetup } from './challenges';
import { sendLoginCode, sendResetLink, sendSecretLoginLink, sendSetupCode } from './emails';
import { consumeLink, issueLink, verifyLink } from './one-time-links';
import { hashPassword, verifyPassword } from './passwords';
import { assertNotLocked, recordAttempt } from './rate-limit';
import { payloadForToken } from './session-payload';
import { createSession, revokeSession, revokeUserSessions, type AuthContext } from './sessions';
import type { UserRow } from './user-row';
import { createOrganisationWithAdmin } from '../organisations/create';
import { generateTotpSecret, otpauthUri, qrDataUrl, verifyTotp } from './totp';

type Ctx = HandlerContext<any, any, any>;

async function findUserByEmail(db: Queryable, email: string) {
  return db.one<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email.trim()]);
}

/** Signs the user in: a new session and the full auth state. */
async function startSession(ctx: Ctx, userId: string, how: string) {
  const { db, config } = ctx.deps;
  const session = await createSession(db, userId, config.tokenTtlMinutes, { ip: ctx.ip, userAgent: ctx.userAgent });
  const payload = await payloadForToken(db, session.token);
  // A completed sign-in clears this address's failures for the account and makes the address known to it.
  await recordAttempt(db, payload.user.email, ctx.ip, true);
  await recordAudit(db, {
    organisation_id: payload.organisation_id,
    actor_user_id: userId,
    actor_email: payload.user.email,
    action: 'auth.login',
    ip: ctx.ip,
    user_agent: ctx.userAgent,
    details: { method: how },
  });
  return payload;
}

function maskEmail(email: string) {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}

async function auditFailure(ctx: Ctx, email: string, reason: string, user?: { id: string; organisation_id: string }) {
  await recordAudit(ctx.deps.db, {
    organisation_id: user?.organisation_id ?? null,
    actor_user_id: user?.id ?? null,
    actor_email: email,
    action: 'auth.login_failed',
    ip: ctx.ip,
    user_agent: ctx.userAgent,
    details: { reason },
  });
}

async function requirePassword(db: Queryable, userId: string, password: string | undefined) {
  const row = await db.one('SELECT password_hash FROM users WHERE id = $1', [userId]);
  if (!password || !(await verifyPassword(row?.password_hash, password))) throw new ApiError(400, 'password_incorrect', {}, 'password');
}

export function authRoutes() {
  return [
    route({
      method: 'POST',
      path: '/login',
      attack: { runs: { count: 60, reason: 'every request with an e-mail and a password verifies an argon2id hash (about 20 ms)' } },
      tag: 'Auth',
      summary: 'Sign in with e-mail and password; answers the auth state, or an otp_token when a second factor is needed.',
      public: true,
      body: LoginBody,
      async handler(ctx) {
        const { db, config, mailer } = ctx.deps;
        const email = ctx.body.email.trim().toLowerCase();
        await assertNotLocked(db, email, ctx.ip, config.loginLock);
        const user = await findUserByEmail(db, email);
        const valid = await verifyPassword(user?.password_hash, ctx.body.password);
        if (!user || !valid) {
          await recordAttempt(db, email, ctx.ip, false);
          await auditFailure(ctx, email, user ? 'password' : 'unknown_email', user);
          throw new ApiError(400, 'invalid_credentials');
        }
        if (!user.is_active) {
          await auditFailure(ctx, email, 'inactive', user);
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
        return startSession(ctx, user.id, 'password');
      },
    }),

    route({
      method: 'POST',
      path: '/signup',
      attack: { runs: { count: 40, reason: 'an accepted request hashes a password with argon2id and creates an organisation' } },
      tag: 'Auth',
      summary: 'Create a new organisation (plan billing, no plan chosen yet) with its first administrator, and sign in.',
      public: true,
      body: SignupBody,
      async handler(ctx) {
        const { db } = ctx.deps;
        if (await findUserByEmail(db, ctx.body.email)) throw new ApiError(409, 'email_taken', {}, 'email');
        const { userId } = await db.transaction((tx) =>
          createOrganisationWithAdmin(tx, {
            organisation: { name: ctx.body.company_name.trim(), billing_type: 'plan', service_types: ['aml_screening', 'media_watcher'] },
            admin: { name: ctx.body.name, email: ctx.body.email.trim(), password: ctx.body.password },
          }),
        );
        return startSession(ctx, userId, 'signup');
      },
    }),

    route({
      method: 'POST',
      path: '/check-otp',
      tag: 'Auth',
      summary: 'Tells whether a pending two-factor sign-in is still open, and by which method.',
      public: true,
      body: ResendOtpBody,
      async handler(ctx) {
        const challenge = await findLoginChallenge(ctx.deps.db, ctx.body.otp_token);
        return {
          authentication_type: challenge.method,
          email: maskEmail(challenge.email),
          can_use_email: Boolean(challenge.email_2fa_enabled),
          expires_at: new Date(challenge.expires_at).toISOString(),
        };
      },
    }),

    secondFactorRoute('/verify-otp-code', 'email', 'Completes a sign-in with the code sent by e-mail.'),
    secondFactorRoute('/verify-otp', 'app', 'Completes a sign-in with the code of the authenticator app.'),

    route({
      method: 'POST',
      path: '/resend-otp',
      tag: 'Auth',
      summary: 'Sends a new sign-in code by e-mail (also to switch from the app to e-mail when both are set up).',
      public: true,
      body: ResendOtpBody,
      async handler(ctx) {
        const { db, config, mailer } = ctx.deps;
        const challenge = await findLoginChallenge(db, ctx.body.otp_token);
        if (!challenge.email_2fa_enabled && challenge.method !== 'email') throw new ApiError(400, 'otp_not_configured');
        const code = await db.transaction((tx) => refreshEmailCode(tx, challenge, config.otpTtlMinutes));
        await sendLoginCode(mailer, { email: challenge.email, language: challenge.language }, code, config.otpTtlMinutes);
        return done('otp_sent', { authentication_type: 'email' });
      },
    }),

    route({
      method: 'POST',
      path: '/user-login',
      tag: 'Auth',
      summary: 'Secret sign-in link: with {email} e-mails a single-use link to /secret-login/{user_secret}; with {user_secret} signs in.',
      public: true,
      body: SecretLinkBody,
      async handler(ctx) {
        const { db, config, mailer } = ctx.deps;
        if ('email' in ctx.body) {
          const invalid = validateEmail(ctx.body.email);
          if (invalid) throw new ApiError(400, invalid, {}, 'email');
          const user = await findUserByEmail(db, ctx.body.email);
          if (user?.is_active && user.password_hash && (await mayMailLink(db, user.id))) {
            const secret = await issueLink(db, user.id, 'secret_login', config.otpTtlMinutes);
            await sendSecretLoginLink(mailer, user, `${config.publicUrl}/secret-login/${secret}`, config.otpTtlMinutes);
          }
          return done('login_link_sent');
        }
        let link;
        try {
          link = await verifyLink(db, ctx.body.user_secret, ['secret_login']);
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
        return startSession(ctx, user.id, 'secret_link');
      },
    }),

    route({
      method: 'GET',
      path: '/refresh',
      tag: 'Auth',
      summary: 'The signed-in user, role, permissions, limits, organisation detail and access token.',
      async handler(ctx) {
        return payloadForToken(ctx.deps.db, ctx.auth.token);
      },
    }),

    route({
      method: 'POST',
      path: '/logout',
      attack: { sessionPerRequest: 'logging out ends the session the request is made with' },
      tag: 'Auth',
      summary: 'Ends the session; the token stops working at once.',
      async handler(ctx) {
        const { db, realtime } = ctx.deps;
        await revokeSession(db, ctx.auth.sessionId);
        await recordAudit(db, {
          organisation_id: ctx.auth.organisation.id,
          actor_user_id: ctx.auth.user.id,
          actor_email: ctx.auth.user.email,
          action: 'auth.logout',
          ip: ctx.ip,
          user_agent: ctx.userAgent,
        });
        await realtime.publish({ room: rooms.session(ctx.auth.sessionId), event: 'logout', disconnect: true });
        return done('logged_out');
      },
    }),

    route({
      method: 'POST',
      path: '/forgot-password',
      tag: 'Auth',
      summary: 'E-mails a password-reset link; answers the same whether or not the e-mail is known.',
      public: true,
      body: ForgotPasswordBody,
      async handler(ctx) {
        const { db, config, mailer } = ctx.deps;
        const user = await findUserByEmail(db, ctx.body.email);
        if (user?.is_active && (await mayMailLink(db, user.id))) {
          const token = await issueLink(db, user.id, 'reset', config.resetTokenTtlMinutes);
          await sendResetLink(mailer, user, `${config.publicUrl}/reset-password?token=${token}`, config.resetTokenTtlMinutes);
          await recordAudit(db, {
            organisation_id: user.organisation_id,
            actor_user_id: user.id,
            actor_email: user.email,
            action: 'auth.password_reset_requested',
            ip: ctx.ip,
            user_agent: ctx.userAgent,
          });
        }
        return done('reset_email_sent');
      },
    }),

    route({
      method: 'POST',
      path: '/verify-token',
      tag: 'Auth',
      summary: "Checks a reset or set-up token; fails with 'Token is expired' or 'token is incorrect'.",
      public: true,
      body: VerifyTokenBody,
      async handler(ctx) {
        const kinds = ctx.body.type ? [ctx.body.type] : (['reset', 'setup'] as const);
        const link = await verifyLink(ctx.deps.db, ctx.body.token, [...kinds]);
        const user = await ctx.deps.db.one('SELECT email, name FROM users WHERE id = $1', [link.user_id]);
        return { valid: true, type: link.kind, email: user?.email, name: user?.name };
      },
    }),

    route({
      method: 'POST',
      path: '/reset-password',
      tag: 'Auth',
      summary: 'Sets a new password from a reset link and signs the user out everywhere.',
      public: true,
      body: ResetPasswordBody,
      handler: (ctx) => setPasswordFromLink(ctx, 'reset'),
    }),

    route({
      method: 'POST',
      path: '/setup-password',
      tag: 'Auth',
      summary: 'Sets the first password of an invited user.',
      public: true,
      body: SetupPasswordBody,
      handler: (ctx) => setPasswordFromLink(ctx, 'setup'),
    }),

    route({
      method: 'POST',
      path: '/verify-password',
      attack: { runs: { count: 60, reason: 'every request with a password verifies an argon2id hash' } },
      tag: 'Auth',
      summary: "Confirms the signed-in user's password before a sensitive action.",
      body: VerifyPasswordBody,
      async handler(ctx) {
        await requirePassword(ctx.deps.db, ctx.auth.user.id, ctx.body.password);
        return { verified: true };
      },
    }),

    route({
      method: 'POST',
      path: '/update-profile',
      tag: 'Auth',
      summary: 'Updates the name, language and e-mail preference; changes the password when the current one is given.',
      body: UpdateProfileBody,
      handler: updateProfile,
    }),

    route({
      method: 'POST',
      path: '/configure-otp',
      tag: 'Auth',
      summary: 'E-mail two-factor: start (sends a code), confirm with the code, or disable with the password.',
      body: ConfigureOtpBody,
      async handler(ctx) {
        const { db, config, mailer } = ctx.deps;
        const user = ctx.auth.user;
        if (ctx.body.action === 'start') {
          const code = await startEmailSetup(db, user.id, config.otpTtlMinutes);
          await sendSetupCode(mailer, user, code, config.otpTtlMinutes);
          return done('otp_sent');
        }
        if (ctx.body.action === 'confirm') {
          await confirmEmailSetup(db, user.id, ctx.body.code.trim());
          await db.query('UPDATE users SET email_2fa_enabled = true, email_2fa_verified_at = now(), updated_at = now() WHERE id = $1', [user.id]);
          await auditSecurity(ctx, 'two_factor.email_enabled');
          return done('two_factor_enabled', await payloadForToken(db, ctx.auth.token));
        }
        await requirePassword(db, user.id, ctx.body.password);
        await db.query('UPDATE users SET email_2fa_enabled = false, email_2fa_verified_at = NULL, updated_at = now() WHERE id = $1', [user.id]);
        await auditSecurity(ctx, 'two_factor.email_disabled');
        return done('two_factor_disabled', await payloadForToken(db, ctx.auth.token));
      },
    }),

    route({
      method: 'POST',
      path: '/configure-app-otp',
      tag: 'Auth',
      summary: 'Authenticator-app two-factor: start (secret and QR code), confirm with a code, or disable with the password.',
      body: ConfigureOtpBody,
      async handler(ctx) {
        const { db } = ctx.deps;
        const user = ctx.auth.user;
        if (ctx.body.action === 'start') {
          const secret = generateTotpSecret();
          await db.query('UPDATE users SET app_2fa_pending_secret = $2 WHERE id = $1', [user.id, secret]);
          const uri = otpauthUri(secret, user.email);
          return { secret, otpauth_url: uri, qr_code: await qrDataUrl(uri) };
        }
        if (ctx.body.action === 'confirm') {
          const row = await db.one('SELECT app_2fa_pending_secret FROM users WHERE id = $1', [user.id]);
          const pending = row?.app_2fa_pending_secret;
          if (!pending) throw new ApiError(400, 'otp_not_configured');
          const step = verifyTotp(pending, ctx.body.code.trim(), 0);
          if (step === null) throw new ApiError(400, 'otp_invalid', {}, 'code');
          await db.query(
            `UPDATE users SET app_2fa_secret = app_2fa_pending_secret, app_2fa_pending_secret = NULL, app_2fa_enabled = true,
                    app_2fa_verified_at = now(), app_2fa_last_step = $2, updated_at = now() WHERE id = $1`,
            [user.id, step],
          );
          await auditSecurity(ctx, 'two_factor.app_enabled');
          return done('two_factor_enabled', await payloadForToken(db, ctx.auth.token));
        }
        await requirePassword(db, user.id, ctx.body.password);
        await db.query(
          `UPDATE users SET app_2fa_enabled = false, app_2fa_secret = NULL, app_2fa_pending_secret = NULL, app_2fa_verified_at = NULL,
                  updated_at = now() WHERE id = $1`,
          [user.id],
        );
        await auditSecurity(ctx, 'two_factor.app_disabled');
        return done('two_factor_disabled', await payloadForToken(db, ctx.auth.token));
      },
    }),
  ];
}

/** The last step of a two-factor sign-in, by e-mail code or by app code. */
function secondFactorRoute(path: string, method: 'email' | 'app', summary: string) {
  return route({
    method: 'POST',
    path,
    tag: 'Auth',
    summary,
    public: true,
    body: OtpBody,
    async handler(ctx) {
      const { db } = ctx.deps;
      const challenge = await findLoginChallenge(db, ctx.body.otp_token);
      try {
        await answerChallenge(db, challenge, method, ctx.body.code.trim());
      } catch (error) {
        // A wrong code is a failed sign-in for this account from this address, so guessing codes
        // over many challenges meets the same throttling as guessing passwords.
        if (error instanceof ApiError && (error.code === 'otp_invalid' || error.code === 'otp_attempts_exhausted')) {
          await recordAttempt(db, challenge.email, ctx.ip, false, 'code');
        }
        throw error;
      }
      return startSession(ctx, challenge.user_id, `${method}_otp`);
    },
  });
}

async function auditSecurity(ctx: HandlerContext<any, any, AuthContext>, action: string, details: Record<string, unknown> = {}) {
  await recordAudit(ctx.deps.db, {
    organisation_id: ctx.auth.organisation.id,
    actor_user_id: ctx.auth.user.id,
    actor_email: ctx.auth.user.email,
    action,
    target_type: 'user',
    target_id: ctx.auth.user.id,
    ip: ctx.ip,
    user_agent: ctx.userAgent,
    details,
  });
}

async function setPasswordFromLink(ctx: Ctx, kind: 'reset' | 'setup') {
  const { db } = ctx.deps;
  const link = await verifyLink(db, ctx.body.token, [kind]);
  const passwordHash = await hashPassword(ctx.body.password);
  const revoked = await db.transaction(async (tx) => {
    await consumeLink(tx, link.id);
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [link.user_id, passwordHash]);
    // Whoever held the old password is signed out everywhere, sockets included.
    return revokeUserSessions(tx, link.user_id);
  });
  await closeSessionSockets(ctx.deps.realtime, revoked);
  const user = await db.one('SELECT id, email, organisation_id FROM users WHERE id = $1', [link.user_id]);
  await recordAudit(db, {
    organisation_id: user?.organisation_id,
    actor_user_id: link.user_id,
    actor_email: user?.email,
    action: kind === 'reset' ? 'auth.password_reset' : 'auth.password_setup',
    ip: ctx.ip,
    user_agent: ctx.userAgent,
  });
  return done('password_updated');
}

async function updateProfile(ctx: HandlerContext<any, any, AuthContext>) {
  const { db } = ctx.deps;
  const body = ctx.body;
  const user = ctx.auth.user;
  if (body.new_password !== undefined) {
    await requirePassword(db, user.id, body.current_password);
    await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [user.id, await hashPassword(body.new_password)]);
    // Every other session ends, sockets included; this one goes on.
    await closeSessionSockets(ctx.deps.realtime, await revokeUserSessions(db, user.id, ctx.auth.sessionId));
    await auditSecurity(ctx, 'auth.password_changed');
  }
  await db.query(
    `UPDATE users SET name = COALESCE($2, name), language = COALESCE($3, language),
            email_notifications = COALESCE($4, email_notifications), updated_at = now()
      WHERE id = $1`,
    [user.id, body.name ?? null, body.language ?? null, body.email_notifications === undefined ? null : toBoolean(body.email_notifications)],
  );
  if (body.name !== undefined || body.language !== undefined) {
    await auditSecurity(ctx, 'user.profile_updated', { name: body.name, language: body.language });
  }
  return done('profile_updated', await payloadForToken(db, ctx.auth.token));
}

