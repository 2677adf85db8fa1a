/**
 * Media Watcher credits (spec sections 1 and 6; docs/media-watcher.md, "Credits"): every media search and
 * every "Fetch more" is a paid check and spends one credit. Credits are available while allotted minus used
 * is above 0 (common/organisation.ts hasMediaCredits; no allotment counts as none). A search is refused
 * before it runs when none is left ('Your search limit has been reached.', code media_credits, with
 * credits_expired: true for the credits-expired dialog); the credit is spent once the search has answered,
 * with the organisation row locked, so two searches at the same moment cannot both take the last credit and
 * the count never passes the allotment.
 */
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';

export interface MediaCredits {
  alloted: number;
  used: number;
}

const CREDITS = 'SELECT coalesce(o.media_watcher_credits_alloted, 0) AS alloted, o.media_watcher_credits_used AS used FROM organisations o WHERE o.id = $org';

function refuseWhenSpent(state: MediaCredits | undefined): MediaCredits {
  if (!state) throw new ApiError(404, 'not_found');
  if (state.alloted - state.used <= 0) throw new ApiError(402, 'media_credits', {}, undefined, { credits_expired: true });
  return state;
}

/** The organisation's allotment and use. */
export async function mediaCredits(org: OrgDb): Promise<MediaCredits> {
  const state = await org.one<MediaCredits>(CREDITS);
  if (!state) throw new ApiError(404, 'not_found');
  return state;
}

/** Refuses, without locking anything, a search the organisation has no credit for. */
export async function checkMediaCredit(org: OrgDb): Promise<void> {
  refuseWhenSpent(await org.one<MediaCredits>(CREDITS));
}

/** Spends one credit under a lock of the organisation row; refuses (402) when none is left by then. Answers the new counts. */
export async function spendMediaCredit(org: OrgDb): Promise<MediaCredits> {
  return org.transaction(async (tx) => {
    // NO KEY UPDATE serialises spenders as FOR UPDATE does, without blocking inserts that merely reference the organisation.
    const state = refuseWhenSpent(await tx.one<MediaCredits>(`${CREDITS} FOR NO KEY UPDATE OF o`));
    await tx.query('UPDATE organisations SET media_watcher_credits_used = media_watcher_credits_used + 1, updated_at = now() WHERE id = $org');
    return { alloted: state.alloted, used: state.used + 1 };
  });
}
