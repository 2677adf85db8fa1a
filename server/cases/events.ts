/**
 * What follows a change to a case (its history event is written by
 * server/case-store/events.ts): the change-streams message to everyone who follows the case, and notifications
 * to users a case was assigned to or decided for.
 */
import { SOCKET_EVENTS } from '../../common/constants';
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { notifyUser } from '../notifications/notify';
import { rooms } from '../realtime/bus';
import type { Actor } from '../case-store/events';

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
