/**
 * What the usage report counts (docs/usage-statistics.md, "What is counted"), straight from the tables that
 * hold the work, through the organisation's handle. Everything is counted by the UTC day it happened:
 * - searches: screening cases a user's search created (Create New Case, bulk search, the API), deleted ones
 *   too (the search was made). Cases transaction monitoring opened for a listed party are not searches: they
 *   are told apart by their link to the transaction that opened them (tm_transaction_cases, tm_party_cases);
 * - hits: the hits those searches found (their cases' hit_count);
 * - decisions: review decisions in the case history ('decision' events: a case's or a hit's status, match
 *   status or risk level changed by a reviewer);
 * - media searches: media cases created (Media Watcher), deleted ones too;
 * - transactions: transactions received; alerts: transaction monitoring alerts raised.
 * Per user: the searches they created, the decisions they made and their media searches (null for users since
 * removed). Per outcome: the searches by their case's status now, the alerts by level.
 */
import {
  USAGE_ALERT_LEVELS,
  USAGE_CASE_STATUSES,
  eachDay,
  emptyFigures,
  type UsageDay,
  type UsageFigures,
  type UsageRange,
  type UsageStatistics,
  type UsageUserRow,
} from '../../common/usage';
import { WHITE_LABELS, type WhiteLabel } from '../../common/organisation';
import type { OrgDb } from '../db/tenant';

/** A case made by a user's search, not opened by transaction monitoring (on "cases c"). */
const SEARCH_CASE = `NOT EXISTS (SELECT 1 FROM tm_transaction_cases tc WHERE tc.case_id = c.id AND tc.organisation_id = $org)
  AND NOT EXISTS (SELECT 1 FROM tm_party_cases pc WHERE pc.case_id = c.id AND pc.organisation_id = $org)`;

/** The UTC day of a moment, as text (a date column would come back as a local Date from one driver). */
const DAY = (column: string) => `to_char((${column} AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`;

/** Figures per day, for the days with any activity; $1 and $2 are the range's start and (exclusive) end. */
const DAILY_SQL = `
  WITH activity AS (
    SELECT ${DAY('c.created_at')} AS day, count(*) AS searches, COALESCE(sum(c.hit_count), 0) AS hits,
           0 AS decisions, 0 AS media_searches, 0 AS transactions, 0 AS alerts
      FROM cases c
     WHERE c.organisation_id = $org AND c.created_at >= $1 AND c.created_at < $2 AND ${SEARCH_CASE}
     GROUP BY 1
    UNION ALL
    SELECT ${DAY('e.created_at')}, 0, 0, count(*), 0, 0, 0
      FROM case_events e
     WHERE e.organisation_id = $org AND e.action = 'decision' AND e.created_at >= $1 AND e.created_at < $2
     GROUP BY 1
    UNION ALL
    SELECT ${DAY('m.created_at')}, 0, 0, 0, count(*), 0, 0
      FROM media_cases m
     WHERE m.organisation_id = $org AND m.created_at >= $1 AND m.created_at < $2
     GROUP BY 1
    UNION ALL
    SELECT ${DAY('t.received_at')}, 0, 0, 0, 0, count(*), 0
      FROM tm_transactions t
     WHERE t.organisation_id = $org AND t.received_at >= $1 AND t.received_at < $2
     GROUP BY 1
    UNION ALL
    SELECT ${DAY('a.created_at')}, 0, 0, 0, 0, 0, count(*)
      FROM tm_alerts a
     WHERE a.organisation_id = $org AND a.created_at >= $1 AND a.created_at < $2
     GROUP BY 1
  )
  SELECT day, sum(searches)::int AS searches, sum(hits)::int AS hits, sum(decisions)::int AS decisions,
         sum(media_searches)::int AS media_searches, sum(transactions)::int AS transactions, sum(alerts)::int AS alerts
    FROM activity GROUP BY day ORDER BY day`;

const USERS_SQL = `
  WITH work AS (
    SELECT c.created_by AS user_id, count(*) AS searches, 0 AS decisions, 0 AS media_searches
      FROM cases c
     WHERE c.organisation_id = $org AND c.created_at >= $1 AND c.created_at < $2 AND ${SEARCH_CASE}
     GROUP BY 1
    UNION ALL
    SELECT e.actor_user_id, 0, count(*), 0
      FROM case_events e
     WHERE e.organisation_id = $org AND e.action = 'decision' AND e.created_at >= $1 AND e.created_at < $2
     GROUP BY 1
    UNION ALL
    SELECT m.created_by, 0, 0, count(*)
      FROM media_cases m
     WHERE m.organisation_id = $org AND m.created_at >= $1 AND m.created_at < $2
     GROUP BY 1
  ), per_user AS (
    SELECT user_id, sum(searches)::int AS searches, sum(decisions)::int AS decisions, sum(media_searches)::int AS media_searches
      FROM work GROUP BY user_id
  )
  SELECT u.id AS user_id, u.name, p.searches, p.decisions, p.media_searches
    FROM per_user p LEFT JOIN users u ON u.id = p.user_id AND u.organisation_id = $org
   ORDER BY (p.searches + p.decisions + p.media_searches) DESC, u.name NULLS LAST, u.id`;

const CASE_STATUS_SQL = `
  SELECT c.case_status AS status, count(*)::int AS count
    FROM cases c
   WHERE c.organisation_id = $org AND c.created_at >= $1 AND c.created_at < $2 AND ${SEARCH_CASE}
   GROUP BY 1`;

const ALERT_LEVEL_SQL = `
  SELECT a.level, count(*)::int AS count
    FROM tm_alerts a
   WHERE a.organisation_id = $org AND a.created_at >= $1 AND a.created_at < $2
   GROUP BY 1`;

type DayRow = UsageFigures & { day: string };

/** The organisation's usage in the range. */
export async function usageStatistics(org: OrgDb, range: UsageRange): Promise<UsageStatistics> {
  const params = [range.from.toISOString(), range.to.toISOString()];
  const [dayRows, userRows, statusRows, levelRows] = await Promise.all([
    org.query<DayRow>(DAILY_SQL, params),
    org.query<{ user_id: string | null; name: string | null; searches: number; decisions: number; media_searches: number }>(USERS_SQL, params),
    org.query<{ status: string; count: number }>(CASE_STATUS_SQL, params),
    org.query<{ level: string; count: number }>(ALERT_LEVEL_SQL, params),
  ]);

  const byDay = new Map(dayRows.map((r) => [r.day, r]));
  // "All time" starts in 1970: its days start at the first one with any activity.
  const firstDay = range.date_preset === 'all_time' ? (dayRows[0]?.day ?? range.last_day) : range.first_day;
  const days: UsageDay[] = eachDay(firstDay, range.last_day).map((day) => {
    const row = byDay.get(day);
    return row ? { day, ...figuresOf(row) } : { day, ...emptyFigures() };
  });
  const totals = emptyFigures();
  for (const row of dayRows) for (const [key, value] of Object.entries(figuresOf(row))) totals[key as keyof UsageFigures] += value;

  const users: UsageUserRow[] = userRows.map((r) => ({
    user: r.user_id ? { _id: r.user_id, name: r.name ?? '' } : null,
    searches: r.searches,
    decisions: r.decisions,
    media_searches: r.media_searches,
  }));
  // Work of removed users (their id set to null) is one row, so the per-user figures add up to the totals.
  const removed = users.filter((u) => u.user === null);
  const kept = users.filter((u) => u.user !== null);
  if (removed.length > 1) {
    kept.push(removed.reduce((sum, r) => ({ user: null, searches: sum.searches + r.searches, decisions: sum.decisions + r.decisions, media_searches: sum.media_searches + r.media_searches })));
  } else kept.push(...removed);

  const statusCount = new Map(statusRows.map((r) => [r.status, r.count]));
  const levelCount = new Map(levelRows.map((r) => [r.level, r.count]));
  return {
    period: { date_preset: range.date_preset, first_day: firstDay, last_day: range.last_day },
    totals,
    days,
    users: kept,
    outcomes: {
      case_status: USAGE_CASE_STATUSES.map((status) => ({ status, count: statusCount.get(status) ?? 0 })),
      alert_level: USAGE_ALERT_LEVELS.map((level) => ({ level, count: levelCount.get(level) ?? 0 })),
    },
  };
}

const figuresOf = (r: UsageFigures): UsageFigures => ({
  searches: Number(r.searches),
  hits: Number(r.hits),
  decisions: Number(r.decisions),
  media_searches: Number(r.media_searches),
  transactions: Number(r.transactions),
  alerts: Number(r.alerts),
});

/** The organisation as the report names it, with its white-label scheme (white_labeling_for). */
export async function reportOrganisation(org: OrgDb): Promise<{ name: string; brand: WhiteLabel | null; usage_report: boolean }> {
  const row = (await org.one<{ name: string; white_labeling_for: string | null; usage_report: boolean }>(
    'SELECT name, white_labeling_for, usage_report FROM organisations WHERE id = $org',
  ))!;
  const brand = WHITE_LABELS.find((w) => w === row.white_labeling_for) ?? null;
  return { name: row.name, brand, usage_report: row.usage_report };
}
