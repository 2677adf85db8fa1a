/**
 * Changing a user's sign-in e-mail (decisions in docs/admin.md). The address is
 * the user's name at sign-in and where codes and links go, so it is not simply
 * overwritten:
 * - a user who has not chosen a password yet gets the invitation again at the
 *   corrected address, which replaces the old one at once;
 * - anyone else keeps signing in with the old address until the owner of the new
 *   one opens the single-use link sent there (confirm-email); the old address is
 *   told about the request. Confirming ends every session, so the next sign-in
 *   uses the new address.
 */
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { sendEmailChangeLink, sendEmailChangeNotice } from '../auth/emails';
import { consumeLink, issueLink, verifyLink } from '../auth/one-time-links';
import { revokeUserSessions } from '../auth/sessions';
import { recordAudit } from '../audit/record';
import { ApiError } from '../http/errors';
import { organisationBrand } from '../mail/brand';
import { sendInvitation } from './invitations';

/** Refuses an address another account signs in with or is already waiting to confirm. */
export async function assertEmailFree(db: Queryable | OrgDb, email: string, exceptUserId: string | null = null) {
  // Sign-in addresses are unique across organisations, so this look-up deliberately reads every organisation's users.
  const runner = 'unscoped' in db ? db.unscoped : db;
  const taken = await runner.one('SELECT 1 FROM users WHERE (lower(email) = $1 OR lower(pending_email) = $1) AND id IS DISTINCT FROM $2::uuid', [email.toLowerCase(), exceptUserId]);
  if (taken) throw new ApiError(409, 'email_taken', {}, 'email');
}

type Target = { id: string; email: string; name: string; language: string | null; password_hash: string | null };

/** Starts a change of target's e-mail to `email` (already lower-cased and checked free). Returns how it went. */
export async function requestEmailChange(
  deps: Pick<Deps, 'config' | 'mailer'>,
  tx: OrgDb,
  target: Target,
  email: string,
  inviter: { organisationName: string; language: string | null },
): Promise<'changed_and_invited' | 'confirmation_sent'> {
  if (!target.password_hash) {
    await tx.query('UPDATE users SET email = $2, pending_email = NULL, updated_at = now() WHERE id = $1 AND organisation_id = $org', [target.id, email]);
    await sendInvitation(deps, tx, { id: target.id, email, name: target.name }, inviter);
    return 'changed_and_invited';
  }
  await tx.query('UPDATE users SET pending_email = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org', [target.id, email]);
  const hours = deps.config.setupTokenTtlHours;
  // auth_tokens is keyed by user, not organisation; target was found through the handle.
  const token = await issueLink(tx.unscoped, target.id, 'email_change', hours * 60);
  const recipient = { name: target.name, language: target.language, brand: await organisationBrand(tx) };
  await sendEmailChangeLink(deps.mailer, { ...recipient, email }, `${deps.config.publicUrl}/confirm-email?token=${token}`, hours, target.email);
  await sendEmailChangeNotice(deps.mailer, { ...recipient, email: target.email }, email);
  return 'confirmation_sent';
}

/**
 * Withdraws a change waiting for confirmation: the pending address is forgotten and
 * the link mailed to it stops working. Any later decision about the user's e-mail
 * (another address, or the current one again) supersedes the pending one.
 * Returns the address that was pending, if any.
 */
export async function cancelEmailChange(tx: OrgDb, userId: string): Promise<string | null> {
  const row = await tx.one<{ pending_email: string | null }>('SELECT pending_email FROM users WHERE id = $1 AND organisation_id = $org FOR UPDATE', [userId]);
  await tx.query(
    `UPDATE auth_tokens SET used_at = now()
      WHERE user_id = (SELECT id FROM users WHERE id = $1 AND organisation_id = $org) AND kind = 'email_change' AND used_at IS NULL`,
    [userId],
  );
  if (!row?.pending_email) return null;
  await tx.query('UPDATE users SET pending_email = NULL, updated_at = now() WHERE id = $1 AND organisation_id = $org', [userId]);
  return row.pending_email;
}

/**
 * confirm-email: the pending address becomes the sign-in e-mail; every session ends. Returns the user and both addresses.
 * A system flow on the raw database: the caller is not signed in, and the link's token is what names the user (and so
 * the organisation).
 */
export async function confirmEmailChange(deps: Pick<Deps, 'db'>, token: string, request: { ip: string; userAgent: string }) {
  const link = await verifyLink(deps.db, token, ['email_change']);
  return deps.db.transaction(async (tx) => {
    await consumeLink(tx, link.id);
    const user = await tx.one<{ id: string; organisation_id: string; email: string; pending_email: string | null }>(
      'SELECT id, organisation_id, email, pending_email FROM users WHERE id = $1 FOR UPDATE',
      [link.user_id],
    );
    if (!user?.pending_email) throw new ApiError(400, 'token_is_incorrect');
    await assertEmailFree(tx, user.pending_email, user.id);
    await tx.query('UPDATE users SET email = pending_email, pending_email = NULL, updated_at = now() WHERE id = $1', [user.id]);
    await revokeUserSessions(tx, user.id);
    await recordAudit(tx, {
      organisation_id: user.organisation_id,
      actor_user_id: user.id,
      actor_email: user.pending_email,
      action: 'user.email_changed',
      target_type: 'user',
      target_id: user.id,
      ip: request.ip,
      user_agent: request.userAgent,
      details: { from: user.email, to: user.pending_email },
    });
    return { userId: user.id, from: user.email, to: user.pending_email };
  });
}
