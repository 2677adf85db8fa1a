/**
 * Inviting a user: a single-use set-up link to /setup-password, e-mailed in
 * the inviter's language (the invitee has not chosen one yet). A new link
 * replaces an older unused one, so only the latest invitation works.
 */
import type { Queryable } from '../db/client';
import type { Deps } from '../deps';
import { sendSetupLink } from '../auth/emails';
import { issueLink } from '../auth/one-time-links';

export async function sendInvitation(
  deps: Pick<Deps, 'config' | 'mailer'>,
  db: Queryable,
  invitee: { id: string; email: string; name: string },
  context: { organisationName: string; language: string | null },
) {
  const hours = deps.config.setupTokenTtlHours;
  const token = await issueLink(db, invitee.id, 'setup', hours * 60);
  const link = `${deps.config.publicUrl}/setup-password?token=${token}`;
  await sendSetupLink(deps.mailer, { email: invitee.email, name: invitee.name, language: context.language }, link, hours, context.organisationName);
}
