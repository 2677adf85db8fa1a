/**
 * Reading the audit trail of one organisation with the audit screen's filters:
 * a category of actions, the actor (name or e-mail), and a range of calendar
 * days in the reader's time zone.
 */
import type { AuditCategory, AuditFilters } from '../../common/schemas/admin';
import { validateFilterDate } from '../../common/validation';
import type { Row } from '../db/client';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { likePattern } from '../db/like';

/** Which recorded actions each category of the filter covers. */
const CATEGORY_PATTERNS: Record<AuditCategory, string[]> = {
  sign_in: ['auth.login%', 'auth.logout'],
  users: ['user.%'],
  roles: ['role.%'],
  security: ['two_factor.%', 'auth.password%'],
  keys: ['webhook_secret.%', 'api_key.%'],
};

/** A local calendar day's start as a UTC instant, given the browser's offset in minutes. */
function dayStart(date: string, tzOffset: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + tzOffset * 60_000);
}

export function auditWhere(filters: AuditFilters) {
  const where = ['a.organisation_id = $org'];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (filters.category) {
    const patterns = CATEGORY_PATTERNS[filters.category as AuditCategory];
    add((n) => `a.action LIKE ANY(${n}::text[])`, patterns);
  }
  if (filters.actor?.trim()) add((n) => `(lower(a.actor_email) LIKE ${n} OR lower(u.name) LIKE ${n})`, likePattern(filters.actor));
  const offset = filters.tz_offset ?? 0;
  for (const field of ['from', 'to'] as const) {
    const value = filters[field]?.trim();
    if (!value) continue;
    const invalid = validateFilterDate(value);
    if (invalid) throw new ApiError(400, invalid, {}, field);
  }
  if (filters.from?.trim() && filters.to?.trim() && filters.from.trim() > filters.to.trim()) throw new ApiError(400, 'date_range_order', {}, 'from');
  if (filters.from?.trim()) add((n) => `a.created_at >= ${n}`, dayStart(filters.from.trim(), offset).toISOString());
  if (filters.to?.trim()) add((n) => `a.created_at < ${n}`, new Date(dayStart(filters.to.trim(), offset).getTime() + 86_400_000).toISOString());
  return { where: where.join(' AND '), params };
}

const SELECT = `SELECT a.*, u.name AS actor_name FROM audit_events a LEFT JOIN users u ON u.id = a.actor_user_id`;

export function toAuditView(row: Row) {
  return {
    id: String(row.id),
    created_at: new Date(row.created_at).toISOString(),
    action: row.action as string,
    actor: { id: row.actor_user_id ?? null, name: row.actor_name ?? null, email: row.actor_email ?? null },
    target: row.target_type ? { type: row.target_type as string, id: row.target_id as string | null } : null,
    ip: row.ip ?? null,
    user_agent: row.user_agent ?? null,
    details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) ?? {},
  };
}
export type AuditView = ReturnType<typeof toAuditView>;

export async function listAudit(org: OrgDb, filters: AuditFilters, page: number, pageSize: number) {
  const { where, params } = auditWhere(filters);
  const count = await org.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events a LEFT JOIN users u ON u.id = a.actor_user_id WHERE ${where}`, params);
  const rows = await org.query(`${SELECT} WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    pageSize,
    (page - 1) * pageSize,
  ]);
  return { total: count?.n ?? 0, rows: rows.map(toAuditView) };
}

/** The export reads at most this many events, newest first; a wider range is narrowed with the filters. */
export const AUDIT_EXPORT_LIMIT = 50_000;

export async function exportAudit(org: OrgDb, filters: AuditFilters) {
  const { where, params } = auditWhere(filters);
  const rows = await org.query(`${SELECT} WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${AUDIT_EXPORT_LIMIT}`, params);
  return rows.map(toAuditView);
}
