/** The audit trail: who did what, to what, when and from where. */
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';

export interface AuditEntry {
  organisation_id?: string | null;
  actor_user_id?: string | null;
  actor_email?: string | null;
  action: string;
  target_type?: string;
  target_id?: string;
  ip?: string;
  user_agent?: string;
  details?: Record<string, unknown>;
}

/**
 * Records an event on the raw database. For the events that happen before an
 * organisation is known or that may have none (sign-in attempts by e-mail,
 * password links); an organisation's own actions use recordOrganisationAudit.
 */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(insertAudit('$9'), [...auditValues(entry), entry.organisation_id ?? null]);
}

/** Records an event of the handle's organisation. */
export async function recordOrganisationAudit(org: OrgDb, entry: Omit<AuditEntry, 'organisation_id'>): Promise<void> {
  await org.query(insertAudit('$org'), auditValues(entry));
}

const insertAudit = (organisation: string) =>
  `INSERT INTO audit_events (organisation_id, actor_user_id, actor_email, action, target_type, target_id, ip, user_agent, details)
   VALUES (${organisation}, $1, $2, $3, $4, $5, $6, $7, $8)`;

const auditValues = (entry: Omit<AuditEntry, 'organisation_id'>) => [
  entry.actor_user_id ?? null,
  entry.actor_email ?? null,
  entry.action,
  entry.target_type ?? null,
  entry.target_id ?? null,
  entry.ip ?? null,
  entry.user_agent ?? null,
  JSON.stringify(entry.details ?? {}),
];
