/**
 * Report links (/usage-report-pdf?token=...; docs/usage-statistics.md, "Report links"): a random token, made
 * with the same secrets as sign-in links and API keys (server/auth/secrets.ts) and kept only as its digest,
 * that opens one organisation's usage report for one period without signing in, for USAGE_LINK_DAYS days.
 *
 * A system module for resolving: a link arrives without a session, so it is looked up by its digest across
 * organisations, as a session token or a password-reset link is; the token names the organisation, and
 * everything after that runs through that organisation's handle. Making a link goes through the handle.
 */
import { DATE_PRESETS } from '../../common/enums';
import { USAGE_LINK_DAYS, usageRangeOfDays, type UsageRange } from '../../common/usage';
import { randomToken, sha256 } from '../auth/secrets';
import type { Db, Queryable } from '../db/client';
import { forOrganisation, type OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';

/** Where a link leads in the app (section 2's public route); the page fetches the PDF with the token. */
export const REPORT_LINK_PATH = '/usage-report-pdf';

export const reportLinkUrl = (publicUrl: string, token: string) => `${publicUrl}${REPORT_LINK_PATH}?token=${encodeURIComponent(token)}`;

/** Makes a link to the organisation's report for the range; answers the token (shown once) and when it stops working. */
export async function issueReportLink(org: OrgDb, link: { range: UsageRange; purpose: 'share' | 'email'; userId: string | null }): Promise<{ token: string; expires_at: string }> {
  const token = randomToken(32);
  const row = await org.one<{ expires_at: Date }>(
    `INSERT INTO usage_report_tokens (organisation_id, token_hash, first_day, last_day, date_preset, purpose, created_by, expires_at)
     VALUES ($org, $1, $2::date, $3::date, $4, $5, $6, now() + ($7::int * interval '1 day')) RETURNING expires_at`,
    [sha256(token), link.range.first_day, link.range.last_day, link.range.date_preset, link.purpose, link.userId, USAGE_LINK_DAYS],
  );
  return { token, expires_at: new Date(row!.expires_at).toISOString() };
}

export interface ResolvedLink {
  organisation_id: string;
  first_day: string;
  last_day: string;
  date_preset: string;
}

/**
 * The organisation and period a link names. An unknown token, or one of an organisation that no longer has
 * the usage report, answers 404; an expired one 410. Each use is noted on the link.
 */
export async function resolveReportLink(db: Queryable, token: string): Promise<ResolvedLink> {
  const row = await db.one<ResolvedLink & { id: string; expires_at: Date; usage_report: boolean }>(
    `SELECT l.id, l.organisation_id, to_char(l.first_day, 'YYYY-MM-DD') AS first_day, to_char(l.last_day, 'YYYY-MM-DD') AS last_day,
            l.date_preset, l.expires_at, o.usage_report
       FROM usage_report_tokens l JOIN organisations o ON o.id = l.organisation_id
      WHERE l.token_hash = $1`,
    [sha256(token.trim())],
  );
  if (!row || !row.usage_report) throw new ApiError(404, 'usage_report_link_invalid');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(410, 'usage_report_link_expired');
  await db.query('UPDATE usage_report_tokens SET last_used_at = now() WHERE id = $1', [row.id]);
  return { organisation_id: row.organisation_id, first_day: row.first_day, last_day: row.last_day, date_preset: row.date_preset };
}

/**
 * What a report link shows: the organisation's handle and the link's period, for the public route (which
 * may not touch the raw database itself).
 */
export async function openReportLink(deps: { db: Db }, token: string) {
  const link = await resolveReportLink(deps.db, token);
  return { org: forOrganisation(deps.db, link.organisation_id), range: usageRangeOfDays(link.first_day, link.last_day, DATE_PRESETS.find((p) => p === link.date_preset) ?? 'custom') };
}
