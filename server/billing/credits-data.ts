/**
 * The credits screens' reads of the credit ledger (docs/billing.md, "Credits ledger"): the balances now,
 * what was added and spent on each UTC day of a period with the balance at each day's end, and the rows
 * themselves, filtered, paged or streamed for an export. Rows are written only by
 * server/organisations/ledger.ts; nothing here changes them.
 */
import { CREDIT_KINDS, type CreditsSummaryAnswer, type LedgerRow } from '../../common/billing';
import type { CreditLedgerQueryValue } from '../../common/schemas/credits';
import type { CreditsPeriod } from '../../common/schemas/credits';
import type { Row } from '../db/client';
import { pageOfRows, sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';
import { creditBalances } from '../organisations/ledger';

// A UTC day's first moment, and the first moment after a UTC day, for a YYYY-MM-DD parameter.
const dayStart = (p: string) => `(${p}::date::timestamp AT TIME ZONE 'UTC')`;
const dayEnd = (p: string) => `((${p}::date + 1)::timestamp AT TIME ZONE 'UTC')`;

/** Balances now and, for each day of the period and each kind, what was added, what was spent and the balance at the day's end. */
export async function creditsSummary(org: OrgDb, period: CreditsPeriod): Promise<CreditsSummaryAnswer> {
  const balances = await creditBalances(org);
  const rows = await org.query<{ day: string; kind: (typeof CREDIT_KINDS)[number]; added: number; spent: number; balance: number | null }>(
    `WITH days AS (SELECT d::date AS day FROM generate_series($1::date, $2::date, interval '1 day') AS d),
          kinds AS (SELECT k AS kind, i FROM unnest($3::text[]) WITH ORDINALITY AS u(k, i)),
          moved AS (
            SELECT (l.created_at AT TIME ZONE 'UTC')::date AS day, l.kind,
                   sum(l.amount) FILTER (WHERE l.entry <> 'spend') AS added, sum(l.amount) FILTER (WHERE l.entry = 'spend') AS spent
              FROM credit_ledger l
             WHERE l.organisation_id = $org AND l.created_at >= ${dayStart('$1')} AND l.created_at < ${dayEnd('$2')}
             GROUP BY 1, 2)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day, kinds.kind, COALESCE(m.added, 0)::int AS added, COALESCE(m.spent, 0)::int AS spent,
            -- The balance after the day's last row, or after the last row before it; none yet: no allotment (null).
            (SELECT l.balance_after FROM credit_ledger l
              WHERE l.organisation_id = $org AND l.kind = kinds.kind AND l.created_at < ((days.day + 1)::timestamp AT TIME ZONE 'UTC')
              ORDER BY l.created_at DESC, l.id DESC LIMIT 1) AS balance
       FROM days CROSS JOIN kinds
       LEFT JOIN moved m ON m.day = days.day AND m.kind = kinds.kind
      ORDER BY days.day, kinds.i`,
    [period.from, period.to, [...CREDIT_KINDS]],
  );
  return {
    balances,
    days: rows.map((r) => ({
      day: r.day,
      kind: r.kind,
      added: Number(r.added),
      spent: Number(r.spent),
      balance: r.balance === null ? null : Math.max(0, Number(r.balance)),
    })),
  };
}

type LedgerFilters = Pick<CreditLedgerQueryValue, 'kind' | 'entry' | 'reason' | 'from' | 'to'>;

function ledgerWhere(filters: LedgerFilters, params: unknown[] = []) {
  const p = sqlParams(params);
  const where = ['l.organisation_id = $org'];
  if (filters.kind) where.push(`l.kind = ${p.add(filters.kind)}`);
  if (filters.entry) where.push(`l.entry = ${p.add(filters.entry)}`);
  if (filters.reason) where.push(`l.reason = ${p.add(filters.reason)}`);
  if (filters.from) where.push(`l.created_at >= ${dayStart(p.add(filters.from))}`);
  if (filters.to) where.push(`l.created_at < ${dayEnd(p.add(filters.to))}`);
  return { where: where.join(' AND '), params: p.params };
}

const SELECT = `l.id::text AS id, l.created_at, l.kind, l.entry, l.amount, l.balance_after, l.reason, l.actor_id, u.name AS actor_name,
                l.subject_type, l.subject_id, l.subject_label`;
// The actor's name; the organisation is named so a row can only ever show its own organisation's user.
const JOINS = 'LEFT JOIN users u ON u.id = l.actor_id AND u.organisation_id = $org';

export function toLedgerRow(r: Row): LedgerRow {
  return {
    id: String(r.id),
    created_at: new Date(r.created_at).toISOString(),
    kind: r.kind,
    entry: r.entry,
    amount: r.entry === 'spend' ? -Number(r.amount) : Number(r.amount),
    balance_after: r.balance_after === null ? null : Number(r.balance_after),
    reason: r.reason,
    actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
    subject: r.subject_type ? { type: r.subject_type, id: r.subject_id, label: r.subject_label ?? null } : null,
  };
}

/** One page of the ledger, newest first. */
export async function ledgerPage(org: OrgDb, query: CreditLedgerQueryValue): Promise<{ total: number; rows: LedgerRow[] }> {
  const { where, params } = ledgerWhere(query);
  const { total, rows } = await pageOfRows(org, {
    select: SELECT,
    from: 'credit_ledger l',
    joins: JOINS,
    where,
    orderBy: 'l.created_at DESC, l.id DESC',
    params,
    page: query.page,
    pageSize: query.page_size,
  });
  return { total, rows: rows.map(toLedgerRow) };
}

const EXPORT_BATCH = 1_000;

/** Every row of the filters, newest first, a batch at a time (keyset paging, so a long ledger streams at an even pace). */
export async function* streamLedger(org: OrgDb, filters: LedgerFilters): AsyncGenerator<LedgerRow[]> {
  // The position as text: it keeps the microseconds a JavaScript Date would drop.
  let after: { position: string; id: string } | null = null;
  for (;;) {
    const { where, params } = ledgerWhere(filters);
    const p = sqlParams(params);
    const keyset: string = after ? ` AND (l.created_at, l.id) < (${p.add(after.position)}::timestamptz, ${p.add(after.id)}::bigint)` : '';
    const rows: Row[] = await org.query(
      `SELECT ${SELECT}, l.created_at::text AS position FROM credit_ledger l ${JOINS} WHERE ${where}${keyset} ORDER BY l.created_at DESC, l.id DESC LIMIT ${p.add(EXPORT_BATCH)}::int`,
      p.params,
    );
    if (!rows.length) return;
    yield rows.map(toLedgerRow);
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { position: String(last.position), id: String(last.id) };
  }
}
