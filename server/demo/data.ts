/**
 * The demo's SQL, all through the demo organisation's handle: each visitor's allowance of the day, the
 * visitor's own searches (cases of the demo organisation made by that user: visitors are prospects of
 * different companies and never see each other's searches), and requests for a full account.
 */
import type { CaseView } from '../../common/cases';
import type { DemoAllowance } from '../../common/schemas/demo';
import { CASE_COLUMNS, toCaseView } from '../case-store/views';
import type { OrgDb } from '../db/tenant';

const TODAY = `(now() AT TIME ZONE 'UTC')::date`;
/** The next midnight UTC, when the count starts again. */
const RESETS_AT = `((${TODAY} + 1)::timestamp AT TIME ZONE 'UTC')`;

/** The visitor's searches today against the allowance. */
export async function readAllowance(org: OrgDb, userId: string, limit: number): Promise<DemoAllowance> {
  const row = await org.one<{ used: number | null; resets_at: string | Date }>(
    `SELECT (SELECT u.searches FROM demo_usage u WHERE u.organisation_id = $org AND u.user_id = $1 AND u.day = ${TODAY}) AS used, ${RESETS_AT} AS resets_at`,
    [userId],
  );
  const used = Number(row?.used ?? 0);
  return { limit, used, left: Math.max(0, limit - used), resets_at: new Date(row!.resets_at).toISOString() };
}

/**
 * Counts one search of today, in the caller's transaction, only while the visitor is under the allowance:
 * answers the day's count with it, or null when the allowance is used (nothing counted). The row stays
 * locked until the transaction ends, so a second search of the same visitor waits and sees the first.
 */
export async function takeAllowance(org: OrgDb, userId: string, limit: number): Promise<number | null> {
  const row = await org.one<{ searches: number }>(
    `INSERT INTO demo_usage (organisation_id, user_id, day, searches)
     SELECT $org, $1, ${TODAY}, 1 WHERE $2::int > 0
     ON CONFLICT (organisation_id, user_id, day) DO UPDATE SET searches = demo_usage.searches + 1 WHERE demo_usage.searches < $2::int
     RETURNING searches`,
    [userId, limit],
  );
  return row ? Number(row.searches) : null;
}

/** The case id of one of the visitor's own live searches, or null (another visitor's, another organisation's, unknown). */
export async function ownSearchId(org: OrgDb, userId: string, reference: string): Promise<string | null> {
  const row = await org.one<{ id: string }>('SELECT id FROM cases WHERE organisation_id = $org AND reference = $1 AND created_by = $2 AND NOT is_deleted', [reference.trim(), userId]);
  return row?.id ?? null;
}

/** The visitor's most recent searches, newest first. */
export async function recentSearches(org: OrgDb, userId: string, limit: number): Promise<CaseView[]> {
  const rows = await org.query(
    `SELECT ${CASE_COLUMNS} FROM cases c WHERE c.organisation_id = $org AND c.created_by = $1 AND NOT c.is_deleted ORDER BY c.created_at DESC, c.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toCaseView);
}

export interface DemoRequestRow {
  userId: string;
  name: string;
  company: string;
  email: string;
  phone: string | null;
  message: string | null;
}

/** How many requests the visitor sent in the last hour. */
export async function requestsInLastHour(org: OrgDb, userId: string): Promise<number> {
  const row = await org.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM demo_requests WHERE organisation_id = $org AND user_id = $1 AND created_at > now() - interval '1 hour'`,
    [userId],
  );
  return Number(row?.n ?? 0);
}

export async function insertRequest(org: OrgDb, request: DemoRequestRow): Promise<{ id: string; created_at: string }> {
  const row = await org.one<{ id: string; created_at: string | Date }>(
    `INSERT INTO demo_requests (organisation_id, user_id, name, company, email, phone, message) VALUES ($org, $1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
    [request.userId, request.name, request.company, request.email, request.phone, request.message],
  );
  return { id: row!.id, created_at: new Date(row!.created_at).toISOString() };
}
