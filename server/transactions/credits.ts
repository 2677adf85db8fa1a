/**
 * Transaction Monitoring credits (spec sections 1 and 6; docs/transaction-monitoring.md, "Credits"): every
 * transaction evaluated on arrival spends one. A repeat of a stored reference is not evaluated again and
 * spends nothing. As for AML Screening, an organisation without an allotment (invoice billing) is not
 * limited, and one whose allotted credits are used up is refused with 402 'tm_credits' and credits_expired
 * (the credits-expired dialog). Credits are spent in the transaction that stores the transactions, with the
 * organisation row locked (NO KEY UPDATE, as the other credits), so two batches at the same moment cannot
 * both take the last credits; a batch the credits left do not cover is refused whole, so nothing of it is
 * stored and the caller can send it again once credits are added.
 */
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { appendLedger, lockCredits, readCredits, type LedgerWrite } from '../organisations/ledger';

export interface TmCredits {
  /** null: no allotment, not limited. */
  alloted: number | null;
  used: number;
}

/** What a spend is for: the user who sent the transactions (null for background work) and the subject. */
export interface TmCharge {
  actorId: string | null;
  subject?: LedgerWrite['subject'];
}

const refusal = () => new ApiError(402, 'tm_credits', {}, undefined, { credits_expired: true });

/** The organisation's allotment and use. */
export async function tmCredits(org: OrgDb): Promise<TmCredits> {
  const state = await readCredits(org, 'transaction_monitoring');
  if (!state) throw new ApiError(404, 'not_found');
  return state;
}

/** Refuses, without locking anything, when no credit is left (before any work is done for a request). */
export async function checkTmCredit(org: OrgDb): Promise<void> {
  const state = await tmCredits(org);
  if (state.alloted !== null && state.used >= state.alloted) throw refusal();
}

/**
 * Spends n credits under the organisation row's lock, inside the caller's transaction, as one ledger row
 * (reason 'transactions'); refuses (402) when fewer than n are left, spending nothing. Answers the counts
 * after spending.
 */
export async function spendTmCredits(tx: OrgDb, n: number, charge: TmCharge): Promise<TmCredits> {
  const state = await lockCredits(tx, 'transaction_monitoring');
  if (!state) throw new ApiError(404, 'not_found');
  const { alloted, used } = state;
  if (n <= 0) return { alloted, used };
  if (alloted !== null && used + n > alloted) throw refusal();
  await appendLedger(tx, { kind: 'transaction_monitoring', entry: 'spend', amount: n, reason: 'transactions', actorId: charge.actorId, subject: charge.subject ?? null });
  return { alloted, used: used + n };
}
