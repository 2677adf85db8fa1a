/**
 * Media Watcher credits (spec sections 1 and 6; docs/media-watcher.md, "Credits"; docs/billing.md, "Credits
 * ledger"): every media search, every "Fetch more" and every adverse-media monitoring check is a paid check
 * and spends one credit. Credits are available while allotted minus used is above 0 (common/organisation.ts
 * hasMediaCredits; no allotment counts as none). A search is refused before it runs when none is left ('Your
 * search limit has been reached.', code media_credits, with credits_expired: true for the credits-expired
 * dialog); the credit is spent once the search has answered, as a ledger row (reason, actor, subject) that
 * moves the organisation's counters, with the organisation row locked, so two searches at the same moment
 * cannot both take the last credit and the count never passes the allotment.
 */
import type { LedgerReason } from '../../common/billing';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { appendLedger, lockCredits, readCredits, type CreditCounters, type LedgerWrite } from '../organisations/ledger';

export interface MediaCredits {
  alloted: number;
  used: number;
}

/** What a media spend is for: the ledger row's reason, the user (null for monitoring) and the subject. */
export interface MediaCharge {
  reason: Extract<LedgerReason, 'media_search' | 'media_fetch_more' | 'media_monitoring'>;
  actorId: string | null;
  subject?: LedgerWrite['subject'];
}

// No allotment is no credit for Media Watcher (spec section 6), unlike the other kinds.
const asMedia = (state: CreditCounters | undefined): MediaCredits | undefined => state && { alloted: state.alloted ?? 0, used: state.used };

function refuseWhenSpent(state: MediaCredits | undefined): MediaCredits {
  if (!state) throw new ApiError(404, 'not_found');
  if (state.alloted - state.used <= 0) throw new ApiError(402, 'media_credits', {}, undefined, { credits_expired: true });
  return state;
}

/** The organisation's allotment and use. */
export async function mediaCredits(org: OrgDb): Promise<MediaCredits> {
  const state = asMedia(await readCredits(org, 'media_watcher'));
  if (!state) throw new ApiError(404, 'not_found');
  return state;
}

/** Refuses, without locking anything, a search the organisation has no credit for. */
export async function checkMediaCredit(org: OrgDb): Promise<void> {
  refuseWhenSpent(asMedia(await readCredits(org, 'media_watcher')));
}

/** Spends one credit under a lock of the organisation row; refuses (402) when none is left by then. Answers the new counts. */
export async function spendMediaCredit(org: OrgDb, charge: MediaCharge): Promise<MediaCredits> {
  return org.transaction(async (tx) => {
    const state = refuseWhenSpent(asMedia(await lockCredits(tx, 'media_watcher')));
    await appendLedger(tx, { kind: 'media_watcher', entry: 'spend', amount: 1, reason: charge.reason, actorId: charge.actorId, subject: charge.subject ?? null });
    return { alloted: state.alloted, used: state.used + 1 };
  });
}
