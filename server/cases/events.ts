/**
 * What follows a change to a case: a history event (who, what, when), the
 * change-streams message to everyone who follows the case, and notifications
 * to users a case was assigned to or decided for.
 */
import { SOCKET_EVENTS } from '../../common/constants';
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { notifyUser } from '../notifications/notify';
import { rooms } from '../realtime/bus';

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
  | 'monitoring_update';

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

/** Who hears about a case: its creator and its assignees (case and entities), not the one who changed it. */
export async function caseFollowers(db: Queryable | OrgDb, caseId: string): Promise<string[]> {
  // The monitoring pass asks on a plain connection for every organisation; a request passes its organisation's handle.
  const own = 'unscoped' in db ? ' AND organisation_id = $org' : '';
  const rows = await db.query<{ user_id: string }>(
    `SELECT DISTINCT x.user_id FROM (
       SELECT created_by AS user_id FROM cases WHERE id = $1${own}
       UNION SELECT unnest(assignee_ids) FROM cases WHERE id = $1${own}
       UNION SELECT unnest(assignee_ids) FROM case_hits WHERE case_id = $1${own}
     ) x WHERE x.user_id IS NOT NULL`,
    [caseId],
  );
  return rows.map((r) => r.user_id);
}

/** Section 7: { userId, data: { search_reference } } to each follower's own room. Never fails the caller. */
export async function publishCaseChange(
  deps: Pick<Deps, 'db' | 'realtime' | 'log'>,
  cases: { id: string; reference: string }[],
  actorId: string,
  /** The organisation's handle of a request; the monitoring pass, which has none, leaves it out. */
  org?: OrgDb,
) {
  try {
    for (const c of cases) {
      for (const userId of await caseFollowers(org ?? deps.db, c.id)) {
        if (userId === actorId) continue;
        await deps.realtime.publish({ room: rooms.user(userId), event: SOCKET_EVENTS.changeStreams, payload: { userId, data: { search_reference: c.reference } } });
      }
    }
  } catch (error) {
    deps.log.warn(`case change not published: ${(error as Error).message}`);
  }
}

export async function notifyAssigned(deps: Deps, tx: Queryable | OrgDb, input: { organisation_id: string; reference: string; userIds: string[]; actor: Actor; link: string }) {
  for (const userId of input.userIds) {
    if (userId === input.actor.id) continue;
    await notifyUser(deps, { organisation_id: input.organisation_id, user_id: userId, kind: 'case_assigned', params: { ref: input.reference, by: input.actor.name }, link: input.link }, tx);
  }
}

export async function notifyDecided(deps: Deps, tx: Queryable | OrgDb, input: { organisation_id: string; reference: string; userIds: string[]; actor: Actor; status: string; link: string }) {
  for (const userId of input.userIds) {
    if (userId === input.actor.id) continue;
    await notifyUser(
      deps,
      { organisation_id: input.organisation_id, user_id: userId, kind: 'case_decided', params: { ref: input.reference, by: input.actor.name, status: input.status }, link: input.link },
      tx,
    );
  }
}

export const caseLink = (reference: string) => `/case/${encodeURIComponent(reference)}`;
export const hitLink = (reference: string, hitId: string) => `/case-detail/${encodeURIComponent(reference)}/${hitId}`;
