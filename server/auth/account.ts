/**
 * The signed-in user's own account: password check, two-factor settings and
 * profile. Every statement goes through the caller's organisation handle, so
 * even an id mixed up here cannot reach another organisation's user.
 */
import type { Infer } from 'superstruct';
import type { ConfigureOtpBody, UpdateProfileBody } from '../../common/schemas/auth';
import { toBoolean } from '../../common/schemas/core';
import { auditAction } from '../audit/actor';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { done } from '../http/reply';
import { closeSessionSockets, rooms } from '../realtime/bus';
import { confirmEmailSetup, startEmailSetup } from './challenges';
import { sendSetupCode } from './emails';
import { hashPassword, verifyPassword } from './passwords';
import { payloadForSession } from './session-payload';
import type { AuthContext } from './sessions';
import { generateTotpSecret, otpauthUri, qrDataUrl, verifyTotp } from './totp';

/** A signed-in caller's request: its organisation's handle, its session, where it comes from. */
export interface AccountRequest {
  deps: Deps;
  org: OrgDb;
  auth: AuthContext;
  ip: string;
  userAgent: string;
}

/** Refuses a missing or wrong password of the signed-in user (the field error the forms show). */
export async function requirePassword(org: OrgDb, userId: string, password: string | undefined) {
  const row = await org.one<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1 AND organisation_id = $org', [userId]);
  if (!password || !(await verifyPassword(row?.password_hash, password))) throw new ApiError(400, 'password_incorrect', {}, 'password');
}

export async function setEmailTwoFactor(org: OrgDb, userId: string, enabled: boolean) {
  await org.query(
    `UPDATE users SET email_2fa_enabled = $2, email_2fa_verified_at = ${enabled ? 'now()' : 'NULL'}, updated_at = now()
      WHERE id = $1 AND organisation_id = $org`,
    [userId, enabled],
  );
}

export async function setPendingAppSecret(org: OrgDb, userId: string, secret: string) {
  await org.query('UPDATE users SET app_2fa_pending_secret = $2 WHERE id = $1 AND organisation_id = $org', [userId, secret]);
}

export async function pendingAppSecret(org: OrgDb, userId: string): Promise<string | null> {
  const row = await org.one<{ app_2fa_pending_secret: string | null }>('SELECT app_2fa_pending_secret FROM users WHERE id = $1 AND organisation_id = $org', [userId]);
  return row?.app_2fa_pending_secret ?? null;
}

/** The pending secret becomes the app's secret; step is the time step of the code that proved it. */
export async function confirmAppSecret(org: OrgDb, userId: string, step: number) {
  await org.query(
    `UPDATE users SET app_2fa_secret = app_2fa_pending_secret, app_2fa_pending_secret = NULL, app_2fa_enabled = true,
            app_2fa_verified_at = now(), app_2fa_last_step = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org`,
    [userId, step],
  );
}

export async function disableAppTwoFactor(org: OrgDb, userId: string) {
  await org.query(
    `UPDATE users SET app_2fa_enabled = false, app_2fa_secret = NULL, app_2fa_pending_secret = NULL, app_2fa_verified_at = NULL,
            updated_at = now() WHERE id = $1 AND organisation_id = $org`,
    [userId],
  );
}

export async function setPassword(org: OrgDb, userId: string, passwordHash: string) {
  await org.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org', [userId, passwordHash]);
}

/** Ends one of the organisation's sessions (logging out). */
export async function endSession(org: OrgDb, sessionId: string) {
  await org.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE id = $1 AND revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE organisation_id = $org)`,
    [sessionId],
  );
}

/** Ends every session of the user but the one given; answers their ids so their sockets can be closed. */
export async function endOtherSessions(org: OrgDb, userId: string, keepSessionId: string): Promise<string[]> {
  const rows = await org.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = (SELECT id FROM users WHERE id = $1 AND organisation_id = $org) AND revoked_at IS NULL AND id IS DISTINCT FROM $2
      RETURNING id`,
    [userId, keepSessionId],
  );
  return rows.map((r) => r.id);
}

export async function updateProfileFields(org: OrgDb, userId: string, fields: { name: string | null; language: string | null; emailNotifications: boolean | null }) {
  await org.query(
    `UPDATE users SET name = COALESCE($2, name), language = COALESCE($3, language),
            email_notifications = COALESCE($4, email_notifications), updated_at = now()
      WHERE id = $1 AND organisation_id = $org`,
    [userId, fields.name, fields.language, fields.emailNotifications],
  );
}

function auditSecurity(req: AccountRequest, action: string, details: Record<string, unknown> = {}) {
  return auditAction(req.org, req, action, { type: 'user', id: req.auth.user.id }, details);
}

export async function logout(req: AccountRequest) {
  await endSession(req.org, req.auth.sessionId);
  await auditAction(req.org, req, 'auth.logout');
  await req.deps.realtime.publish({ room: rooms.session(req.auth.sessionId), event: 'logout', disconnect: true });
  return done('logged_out');
}

/** E-mail two-factor: start (sends a code), confirm with the code, or disable with the password. */
export async function configureEmailTwoFactor(req: AccountRequest, body: Infer<typeof ConfigureOtpBody>) {
  const { org, auth } = req;
  const { config, mailer } = req.deps;
  const user = auth.user;
  if (body.action === 'start') {
    // Set-up codes live in otp_challenges, keyed by the signed-in user, beside the sign-in challenges.
    const code = await startEmailSetup(org.unscoped, user.id, config.otpTtlMinutes);
    await sendSetupCode(mailer, { ...user, brand: auth.organisation.white_labeling_for }, code, config.otpTtlMinutes);
    return done('otp_sent');
  }
  if (body.action === 'confirm') {
    await confirmEmailSetup(org.unscoped, user.id, body.code.trim());
    await setEmailTwoFactor(org, user.id, true);
    await auditSecurity(req, 'two_factor.email_enabled');
    return done('two_factor_enabled', await payloadForSession(org, auth.token));
  }
  await requirePassword(org, user.id, body.password);
  await setEmailTwoFactor(org, user.id, false);
  await auditSecurity(req, 'two_factor.email_disabled');
  return done('two_factor_disabled', await payloadForSession(org, auth.token));
}

/** Authenticator-app two-factor: start (secret and QR code), confirm with a code, or disable with the password. */
export async function configureAppTwoFactor(req: AccountRequest, body: Infer<typeof ConfigureOtpBody>) {
  const { org, auth } = req;
  const user = auth.user;
  if (body.action === 'start') {
    const secret = generateTotpSecret();
    await setPendingAppSecret(org, user.id, secret);
    const uri = otpauthUri(secret, user.email);
    return { secret, otpauth_url: uri, qr_code: await qrDataUrl(uri) };
  }
  if (body.action === 'confirm') {
    const pending = await pendingAppSecret(org, user.id);
    if (!pending) throw new ApiError(400, 'otp_not_configured');
    const step = verifyTotp(pending, body.code.trim(), 0);
    if (step === null) throw new ApiError(400, 'otp_invalid', {}, 'code');
    await confirmAppSecret(org, user.id, step);
    await auditSecurity(req, 'two_factor.app_enabled');
    return done('two_factor_enabled', await payloadForSession(org, auth.token));
  }
  await requirePassword(org, user.id, body.password);
  await disableAppTwoFactor(org, user.id);
  await auditSecurity(req, 'two_factor.app_disabled');
  return done('two_factor_disabled', await payloadForSession(org, auth.token));
}

/** Name, language and e-mail preference; the password too when the current one is given. */
export async function updateProfile(req: AccountRequest, body: Infer<typeof UpdateProfileBody>) {
  const { org, auth } = req;
  const user = auth.user;
  if (body.new_password !== undefined) {
    await requirePassword(org, user.id, body.current_password);
    await setPassword(org, user.id, await hashPassword(body.new_password));
    // Every other session ends, sockets included; this one goes on.
    await closeSessionSockets(req.deps.realtime, await endOtherSessions(org, user.id, auth.sessionId));
    await auditSecurity(req, 'auth.password_changed');
  }
  await updateProfileFields(org, user.id, {
    name: body.name ?? null,
    language: body.language ?? null,
    emailNotifications: body.email_notifications === undefined ? null : toBoolean(body.email_notifications),
  });
  if (body.name !== undefined || body.language !== undefined) {
    await auditSecurity(req, 'user.profile_updated', { name: body.name, language: body.language });
  }
  return done('profile_updated', await payloadForSession(org, auth.token));
}
