/**
 * Inviting a user: a single-use set-up link to /setup-password, e-mailed in
 * the inviter's language (the invitee has not chosen one yet). A new link
 * replaces an older unused one, so only the latest invitation works.
 */
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { sendSetupLink } from '../auth/emails';
import { issueLink } from '../auth/one-time-links';
import { organisationBrand } from '../mail/brand';

export async function sendInvitation(
  deps: Pick<Deps, 'config' | 'mailer'>,
  org: OrgDb,
  invitee: { id: string; email: string; name: string },
  context: { organisationName: string; language: string | null },
) {
  const hours = deps.config.setupTokenTtlHours;
  // One-time links live in auth_tokens, keyed by user: the invitee is the organisation's (the caller found them through
  // the handle), and the link is issued in the caller's transaction.
  const token = await issueLink(org.unscoped, invitee.id, 'setup', hours * 60);
  const link = `${deps.config.publicUrl}/setup-password?token=${token}`;
  const brand = await organisationBrand(org);
  await sendSetupLink(deps.mailer, { email: invitee.email, name: invitee.name, language: context.language, brand }, link, hours, context.organisationName);
}
