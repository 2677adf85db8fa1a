/**
 * AML Screening credits (docs/cases.md): one credit per search that creates a
 * case. An organisation with allotted credits cannot search once they are used
 * up ('Your search limit has been reached.', the credits-expired dialog); one
 * with a daily limit cannot search more than that many times in a UTC day
 * ('Daily search limit has been reached.'). The credit is spent in the
 * transaction that stores the case, with the organisation row locked, so two
 * searches at the same moment cannot both take the last credit; the lock is
 * taken as late as possible in that transaction, so searches of one
 * organisation wait for each other only for a few statements. Each check of
 * ongoing monitoring and each row of a bulk search costs one credit as well.
 */
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';

interface CreditState {
  alloted: number | null;
  used: number;
  daily: number | null;
  today: number;
}

const CREDITS = `
  SELECT o.aml_screening_credits_alloted AS alloted, o.aml_screening_credits_used AS used, o.daily_search_limit AS daily,
         COALESCE((SELECT u.searches FROM screening_usage u WHERE u.organisation_id = $org AND u.day = (now() AT TIME ZONE 'UTC')::date), 0) AS today
    FROM organisations o WHERE o.id = $org`;

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
  refuseWhenSpent(await org.one<CreditState>(CREDITS), true);
}

/** Spends one credit; dailyLimit false for ongoing monitoring, which is no user's search and so not held to the daily limit. */
export async function spendScreeningCredit(org: OrgDb, options: { dailyLimit?: boolean } = {}): Promise<void> {
  const dailyLimit = options.dailyLimit !== false;
  refuseWhenSpent(await org.one<CreditState>(`${CREDITS} FOR UPDATE OF o`), dailyLimit);
  await org.query('UPDATE organisations SET aml_screening_credits_used = aml_screening_credits_used + 1, updated_at = now() WHERE id = $org');
  if (!dailyLimit) return;
  await org.query(
    `INSERT INTO screening_usage (organisation_id, day, searches) VALUES ($org, (now() AT TIME ZONE 'UTC')::date, 1)
     ON CONFLICT (organisation_id, day) DO UPDATE SET searches = screening_usage.searches + 1`,
  );
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
 * Spends up to n credits at once (a chunk of a bulk search): the organisation row is locked once, and
 * as many are spent as both the allotted credits and, with dailyLimit, what is left of the day's limit
 * allow. Nothing is refused: the caller stores as many cases as it was given credits for.
 */
export async function spendScreeningCredits(org: OrgDb, n: number, options: { dailyLimit?: boolean } = {}): Promise<CreditsSpent> {
  const dailyLimit = options.dailyLimit !== false;
  // NO KEY UPDATE serialises spenders as FOR UPDATE does, without blocking inserts that merely reference the organisation.
  const state = await org.one<CreditState>(`${CREDITS} FOR NO KEY UPDATE OF o`);
  if (!state) throw new ApiError(404, 'not_found');
  const byCredits = state.alloted === null ? Infinity : Math.max(0, state.alloted - state.used);
  const byDay = !dailyLimit || state.daily === null ? Infinity : Math.max(0, state.daily - state.today);
  const spent = Math.max(0, Math.min(n, byCredits, byDay));
  const short = spent === n ? null : byCredits <= byDay ? 'credits' : 'daily_limit';
  if (spent === 0) return { spent, short };
  await org.query('UPDATE organisations SET aml_screening_credits_used = aml_screening_credits_used + $1, updated_at = now() WHERE id = $org', [spent]);
  if (dailyLimit) {
    await org.query(
      `INSERT INTO screening_usage (organisation_id, day, searches) VALUES ($org, (now() AT TIME ZONE 'UTC')::date, $1)
       ON CONFLICT (organisation_id, day) DO UPDATE SET searches = screening_usage.searches + $1`,
      [spent],
    );
  }
  return { spent, short };
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
