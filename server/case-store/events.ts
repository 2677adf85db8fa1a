/**
 * A case's history events: who did what to a case and when. Written by every
 * change to a case, whichever area makes it (Create New Case, review, ongoing
 * monitoring, bulk search).
 */
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';

export type CaseAction =
  | 'created'
  | 'decision'
  | 'assigned'
  | 'comment_added'
  | 'comment_edited'
  | 'comment_deleted'
  | 'deleted'
  | 'monitoring'
  /** Ongoing monitoring found listed entities that were not among the hits. */
  | 'monitoring_new_hits'
  /** Ongoing monitoring found a hit's listed record changed or removed. */
  | 'monitoring_update'
  /** The case's monitoring period (the organisation's configured duration) is over: monitoring was switched off. */
  | 'monitoring_ended'
  /** Adverse-media monitoring found new articles mentioning the searched name or a monitored entity (server/cases/media-monitoring.ts). */
  | 'media_monitoring_update';

export interface Actor {
  id: string;
  name: string;
}

export async function recordCaseEvent(
  tx: Queryable,
  // actor is null for the system's own work (ongoing monitoring).
  event: { organisation_id: string; case_id: string; hit_id?: string | null; actor: Actor | null; action: CaseAction; details?: Record<string, unknown> },
) {
  await tx.query(
    `INSERT INTO case_events (organisation_id, case_id, hit_id, actor_user_id, actor_name, action, details) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [event.organisation_id, event.case_id, event.hit_id ?? null, event.actor?.id ?? null, event.actor?.name ?? null, event.action, JSON.stringify(event.details ?? {})],
  );
}

/** recordCaseEvent for a request's change, through the organisation's handle. */
export async function recordEvent(org: OrgDb, event: { case_id: string; hit_id?: string | null; actor: Actor | null; action: CaseAction; details?: Record<string, unknown> }) {
  await org.query(
    `INSERT INTO case_events (organisation_id, case_id, hit_id, actor_user_id, actor_name, action, details) VALUES ($org, $1, $2, $3, $4, $5, $6)`,
    [event.case_id, event.hit_id ?? null, event.actor?.id ?? null, event.actor?.name ?? null, event.action, JSON.stringify(event.details ?? {})],
  );
}
