/** The audit trail: who did what, to what, when and from where. */
import type { Queryable } from '../db/client';

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

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_events (organisation_id, actor_user_id, actor_email, action, target_type, target_id, ip, user_agent, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.organisation_id ?? null,
      entry.actor_user_id ?? null,
      entry.actor_email ?? null,
      entry.action,
      entry.target_type ?? null,
      entry.target_id ?? null,
      entry.ip ?? null,
      entry.user_agent ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}
