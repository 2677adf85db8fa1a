/**
 * AML Screening credits (docs/cases.md; docs/billing.md, "Credits ledger"): one credit per search that creates
 * a case. An organisation with allotted credits cannot search once they are used up ('Your search limit has
 * been reached.', the credits-expired dialog); one with a daily limit cannot search more than that many times
 * in a UTC day ('Daily search limit has been reached.'), counted from the day's spends in the credit ledger of
 * the reasons common/billing.ts names DAILY_LIMITED_REASONS (a user's own searches: Create New Case and bulk
 * search, not ongoing monitoring). Every spend is a ledger row with its reason, actor and subject; the row
 * moves the organisation's counters (server/organisations/ledger.ts). The credit is spent in the transaction
 * that stores the case, with the organisation row locked, so two searches at the same moment cannot both
 * take the last credit; the lock is taken as late as possible in that transaction, so searches of one
 * organisation wait for each other only for a few statements. Each check of ongoing monitoring and each row
 * of a bulk search costs one credit as well.
 */
import { DAILY_LIMITED_REASONS, type LedgerReason } from '../../common/billing';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { appendLedger, DAILY_LIMITED, dailySpendsSql, type LedgerWrite } from '../organisations/ledger';

interface CreditState {
  alloted: number | null;
  used: number;
  daily: number | null;
  today: number;
}

/** What a screening spend is for: the ledger row's reason, the user (null for background work) and the subject. */
export interface ScreeningCharge {
  reason: Extract<LedgerReason, 'case_search' | 'bulk_search' | 'monitoring' | 'demo_search'>;
  actorId: string | null;
  subject?: LedgerWrite['subject'];
}

const CREDITS = `
  SELECT o.aml_screening_credits_alloted AS alloted, o.aml_screening_credits_used AS used, o.daily_search_limit AS daily,
         (${dailySpendsSql(1)}) AS today
    FROM organisations o WHERE o.id = $org`;

const dailyLimited = (reason: LedgerReason) => DAILY_LIMITED_REASONS.includes(reason);

async function creditState(org: OrgDb, lock: '' | ' FOR NO KEY UPDATE OF o'): Promise<CreditState | undefined> {
  const row = await org.one<CreditState>(`${CREDITS}${lock}`, [DAILY_LIMITED]);
  return row && { alloted: row.alloted === null ? null : Number(row.alloted), used: Number(row.used), daily: row.daily === null ? null : Number(row.daily), today: Number(row.today) };
}

function refuseWhenSpent(state: CreditState | undefined, dailyLimit: boolean) {
  if (!state) throw new ApiError(404, 'not_found');
  if (state.alloted !== null && state.used >= state.alloted) throw new ApiError(402, 'search_limit', {}, undefined, { credits_expired: true });
  if (dailyLimit && state.daily !== null && state.today >= state.daily) throw new ApiError(429, 'daily_search_limit');
}

/**
 * Refuses, without locking anything, a search the organisation has no credit for, so a search that
 * cannot be paid for is not screened. Whether the credit is still there is decided when it is spent.
 */
export async function checkScreeningCredit(org: OrgDb): Promise<void> {
  refuseWhenSpent(await creditState(org, ''), true);
}

/**
 * Locks the organisation row inside the caller's transaction and refuses when no credit is left for a
 * spend of this reason; the lock holds until the transaction ends, so the spendScreeningCredit that
 * follows once the subject exists (the stored case) cannot be refused. Lets a caller take the
 * organisation's lock before any other, in the order every transaction takes them.
 */
export async function holdScreeningCredit(tx: OrgDb, reason: ScreeningCharge['reason']): Promise<void> {
  refuseWhenSpent(await creditState(tx, ' FOR NO KEY UPDATE OF o'), dailyLimited(reason));
}

/**
 * Spends one credit inside the caller's transaction: locks the organisation row, refuses when none is
 * left (ongoing monitoring is no user's search and so not held to the daily limit) and appends the spend.
 */
export async function spendScreeningCredit(tx: OrgDb, charge: ScreeningCharge): Promise<void> {
  await holdScreeningCredit(tx, charge.reason);
  await appendLedger(tx, { kind: 'aml_screening', entry: 'spend', amount: 1, reason: charge.reason, actorId: charge.actorId, subject: charge.subject ?? null });
}

export async function nextCaseNumber(org: OrgDb, year: number): Promise<number> {
  const row = await org.one<{ last_value: number }>(
    `INSERT INTO case_counters (organisation_id, year, last_value) VALUES ($org, $1, 1)
     ON CONFLICT (organisation_id, year) DO UPDATE SET last_value = case_counters.last_value + 1 RETURNING last_value`,
    [year],
  );
  return row!.last_value;
}

export interface CreditsSpent {
  /** Credits spent: at most the number asked for. */
  spent: number;
  /** Why fewer than asked were spent; null when all were. */
  short: 'credits' | 'daily_limit' | null;
}

/**
 * Spends up to n credits at once (a chunk of a bulk search) as one ledger row: the organisation row is
 * locked once, and as many are spent as both the allotted credits and, for a reason held to it, what is
 * left of the day's limit allow. Nothing is refused: the caller stores as many cases as it was given
 * credits for.
 */
export async function spendScreeningCredits(tx: OrgDb, n: number, charge: ScreeningCharge): Promise<CreditsSpent> {
  const state = await creditState(tx, ' FOR NO KEY UPDATE OF o');
  if (!state) throw new ApiError(404, 'not_found');
  const byCredits = state.alloted === null ? Infinity : Math.max(0, state.alloted - state.used);
  const byDay = !dailyLimited(charge.reason) || state.daily === null ? Infinity : Math.max(0, state.daily - state.today);
  const spent = Math.max(0, Math.min(n, byCredits, byDay));
  const short = spent === n ? null : byCredits <= byDay ? 'credits' : 'daily_limit';
  if (spent === 0) return { spent, short };
  await appendLedger(tx, { kind: 'aml_screening', entry: 'spend', amount: spent, reason: charge.reason, actorId: charge.actorId, subject: charge.subject ?? null });
  return { spent, short };
}

/** Why no more can be screened now (allotted credits, then the day's limit), or null when a search may go ahead; no lock. */
export async function screeningCreditShortage(org: OrgDb): Promise<'credits' | 'daily_limit' | null> {
  const state = await creditState(org, '');
  if (!state) return 'credits';
  if (state.alloted !== null && state.used >= state.alloted) return 'credits';
  if (state.daily !== null && state.today >= state.daily) return 'daily_limit';
  return null;
}

/** Reserves n consecutive case numbers of the year with one counter update; answers the first. */
export async function nextCaseNumbers(org: OrgDb, year: number, n: number): Promise<number> {
  const row = await org.one<{ last_value: number }>(
    `INSERT INTO case_counters (organisation_id, year, last_value) VALUES ($org, $1, $2)
     ON CONFLICT (organisation_id, year) DO UPDATE SET last_value = case_counters.last_value + $2 RETURNING last_value`,
    [year, n],
  );
  return row!.last_value - n + 1;
}
