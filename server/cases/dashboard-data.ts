/** The dashboard's counts of live cases in a date range: by hit category (database) and per local day. */
import type { OrgDb } from '../db/tenant';

const LIVE_IN_RANGE = 'c.organisation_id = $org AND NOT c.is_deleted AND c.created_at >= $1::timestamptz AND c.created_at < $2::timestamptz';

export function casesPerCategory(org: OrgDb, range: { from: Date; to: Date }) {
  return org.query<{ category: string; count: number }>(
    `SELECT d AS category, count(*)::int AS count FROM cases c, unnest(c.hit_databases) d WHERE ${LIVE_IN_RANGE} GROUP BY d`,
    [range.from.toISOString(), range.to.toISOString()],
  );
}

/** Cases per day in the reader's time zone (offset in minutes), the latest 31 days first. */
export function casesPerDay(org: OrgDb, range: { from: Date; to: Date }, tzOffset: number) {
  return org.query<{ day: string; count: number }>(
    `SELECT to_char(date_trunc('day', c.created_at - ($3::int * interval '1 minute')), 'YYYY-MM-DD') AS day, count(*)::int AS count
       FROM cases c WHERE ${LIVE_IN_RANGE} GROUP BY 1 ORDER BY 1 DESC LIMIT 31`,
    [range.from.toISOString(), range.to.toISOString(), tzOffset],
  );
}
