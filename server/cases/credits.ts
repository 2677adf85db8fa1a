/**
 * AML Screening credits (docs/cases.md): one credit per search that creates a
 * case. An organisation with allotted credits cannot search once they are used
 * up ('Your search limit has been reached.', the credits-expired dialog); one
 * with a daily limit cannot search more than that many times in a UTC day
 * ('Daily search limit has been reached.'). Both are checked and spent inside
 * the transaction that creates the case, with the organisation row locked, so
 * two searches at the same moment cannot both take the last credit. Each check
 * of ongoing monitoring costs one credit as well (server/monitoring).
 */
import type { Queryable } from '../db/client';
import { ApiError } from '../http/errors';

/** Spends one credit; dailyLimit false for ongoing monitoring, which is no user's search and so not held to the daily limit. */
export async function spendScreeningCredit(tx: Queryable, organisationId: string, options: { dailyLimit?: boolean } = {}): Promise<void> {
  const org = await tx.one<{ alloted: number | null; used: number; daily: number | null; today: number }>(
    `SELECT o.aml_screening_credits_alloted AS alloted, o.aml_screening_credits_used AS used, o.daily_search_limit AS daily,
            COALESCE((SELECT u.searches FROM screening_usage u WHERE u.organisation_id = o.id AND u.day = (now() AT TIME ZONE 'UTC')::date), 0) AS today
       FROM organisations o WHERE o.id = $1 FOR UPDATE`,
    [organisationId],
  );
  if (!org) throw new ApiError(404, 'not_found');
  if (org.alloted !== null && org.used >= org.alloted) throw new ApiError(402, 'search_limit', {}, undefined, { credits_expired: true });
  if (options.dailyLimit !== false && org.daily !== null && org.today >= org.daily) throw new ApiError(429, 'daily_search_limit');
  await tx.query('UPDATE organisations SET aml_screening_credits_used = aml_screening_credits_used + 1, updated_at = now() WHERE id = $1', [organisationId]);
  if (options.dailyLimit === false) return;
  await tx.query(
    `INSERT INTO screening_usage (organisation_id, day, searches) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1)
     ON CONFLICT (organisation_id, day) DO UPDATE SET searches = screening_usage.searches + 1`,
    [organisationId],
  );
}

export async function nextCaseNumber(tx: Queryable, organisationId: string, year: number): Promise<number> {
  const row = await tx.one<{ last_value: number }>(
    `INSERT INTO case_counters (organisation_id, year, last_value) VALUES ($1, $2, 1)
     ON CONFLICT (organisation_id, year) DO UPDATE SET last_value = case_counters.last_value + 1 RETURNING last_value`,
    [organisationId, year],
  );
  return row!.last_value;
}
