/**
 * Reading and changing stored transactions (docs/transaction-monitoring.md): the listing's filters (shared by
 * the list and the export, so what an analyst sees filtered is what gets exported), a transaction's detail
 * and AML cases, and an analyst's decision (POST /update), whose history is the audit trail. Another
 * organisation's reference is an unknown one (404).
 */
import { presetRange } from '../../common/date-presets';
import type { TransactionExportQueryValue, TransactionListQueryValue } from '../../common/schemas/transactions';
import {
  customerName,
  type AppliedRule,
  type PartyScreening,
  type TransactionAmlCase,
  type TransactionDecision,
  type TransactionDetail,
  type TransactionHistoryItem,
  type TransactionParty,
  type TransactionRow,
  type TransactionSort,
  type TransactionStatus,
} from '../../common/transactions';
import { validateDateRange } from '../../common/validation';
import type { Row } from '../db/client';
import { likePattern } from '../db/like';
import { pageOfRows, sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';

/** The listing's columns (on "tm_transactions t" with "users u" joined for the assignee). */
export const TRANSACTION_ROW_COLUMNS = `t.id, t.number, t.reference_id, t.occurred_at, t.received_at, t.customer_id, t.customer_first_name, t.customer_last_name,
  t.amount, t.currency, t.direction, t.payment_method, t.type, t.remitter_name, t.remitter_account, t.beneficiary_name, t.beneficiary_account,
  t.score, t.total_risk_factor_score, t.status, t.assignee_id, u.name AS assignee_name, jsonb_array_length(t.rules_applied) AS rules_count, t.source,
  t.remitter_country, t.beneficiary_country,
  ARRAY(SELECT DISTINCT a->>'rule_name' FROM jsonb_array_elements(t.rules_applied) a ORDER BY 1) AS rule_names`;

const iso = (v: unknown) => new Date(v as string).toISOString();
const money = (v: unknown) => Number(v).toFixed(2);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v).trim());

export function toTransactionRow(r: Row): TransactionRow {
  return {
    id: r.id,
    number: Number(r.number),
    reference_id: r.reference_id,
    created_at: iso(r.occurred_at),
    received_at: iso(r.received_at),
    customer_id: r.customer_id ?? null,
    customer_name: customerName(r.customer_first_name, r.customer_last_name) || null,
    amount: money(r.amount),
    currency: String(r.currency).trim(),
    direction: r.direction,
    payment_method: r.payment_method ?? null,
    type: r.type ?? null,
    remitter_name: r.remitter_name ?? null,
    remitter_account: r.remitter_account ?? null,
    beneficiary_name: r.beneficiary_name ?? null,
    beneficiary_account: r.beneficiary_account ?? null,
    score: Number(r.score),
    total_risk_factor_score: Number(r.total_risk_factor_score),
    status: r.status as TransactionStatus,
    assignee: r.assignee_id ? { id: r.assignee_id, name: r.assignee_name ?? '' } : null,
    rules_count: Number(r.rules_count ?? 0),
    rule_names: Array.isArray(r.rule_names) ? r.rule_names.filter((n: unknown): n is string => typeof n === 'string') : [],
    remitter_country: text(r.remitter_country),
    beneficiary_country: text(r.beneficiary_country),
    source: r.source,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Listing

type Filter = Omit<TransactionListQueryValue, 'page' | 'page_size' | 'sort'>;

/** The date range a filter asks for (presets in the user's calendar), or null; a bad custom range is a 400 on its field. */
function filterRange(filter: Filter, now = new Date()) {
  const preset = filter.date_preset ?? (filter.date_from || filter.date_to ? 'custom' : undefined);
  if (!preset) return null;
  if (preset === 'custom') {
    const problem = validateDateRange(filter.date_from ?? '', filter.date_to ?? '', now);
    if (problem) throw new ApiError(400, problem.rule, {}, problem.field);
    return presetRange('custom', now, filter.tz_offset ?? 0, { from: filter.date_from!.trim(), to: filter.date_to!.trim() });
  }
  return presetRange(preset, now, filter.tz_offset ?? 0);
}

/** WHERE clause (on "tm_transactions t") and its parameters; the organisation is `$org`. */
export function buildTransactionWhere(filter: Filter, now = new Date()): { where: string; params: unknown[] } {
  const { params, add } = sqlParams();
  const conditions = ['t.organisation_id = $org', 't.deleted_at IS NULL'];
  if (filter.status?.length) conditions.push(`t.status = ANY(${add(filter.status)}::text[])`);
  if (filter.direction) conditions.push(`t.direction = ${add(filter.direction)}`);
  if (filter.customer_id?.trim()) conditions.push(`t.customer_id = ${add(filter.customer_id.trim())}`);
  if (filter.account?.trim()) {
    const p = add(filter.account.trim());
    conditions.push(`(t.remitter_account = ${p} OR t.beneficiary_account = ${p})`);
  }
  if (filter.min_amount) conditions.push(`t.amount >= ${add(filter.min_amount.trim())}::numeric`);
  if (filter.max_amount) conditions.push(`t.amount <= ${add(filter.max_amount.trim())}::numeric`);
  if (filter.min_amount && filter.max_amount && Number(filter.min_amount) > Number(filter.max_amount)) throw new ApiError(400, 'date_range_order', {}, 'min_amount');
  const range = filterRange(filter, now);
  if (range) conditions.push(`t.occurred_at >= ${add(range.from)}::timestamptz AND t.occurred_at < ${add(range.to)}::timestamptz`);
  const q = filter.q?.trim();
  if (q) {
    const exact = add(q);
    const like = add(likePattern(q));
    conditions.push(
      `(t.reference_id = ${exact} OR t.customer_id = ${exact} OR t.remitter_account = ${exact} OR t.beneficiary_account = ${exact}
        OR lower(t.reference_id) LIKE ${like} OR lower(t.remitter_name) LIKE ${like} OR lower(t.beneficiary_name) LIKE ${like}
        OR lower(coalesce(t.customer_first_name, '') || ' ' || coalesce(t.customer_last_name, '')) LIKE ${like})`,
    );
  }
  return { where: conditions.join(' AND '), params };
}

/** Each sort's column and direction; ties are broken by the running number the same way. */
const SORTS: Record<TransactionSort, { column: string; desc: boolean }> = {
  created_at_desc: { column: 't.occurred_at', desc: true },
  created_at_asc: { column: 't.occurred_at', desc: false },
  amount_desc: { column: 't.amount', desc: true },
  amount_asc: { column: 't.amount', desc: false },
  score_desc: { column: 't.score', desc: true },
  number_desc: { column: 't.number', desc: true },
};
const orderOf = (sort: TransactionSort) => {
  const s = SORTS[sort];
  const dir = s.desc ? 'DESC' : 'ASC';
  return s.column === 't.number' ? `t.number ${dir}` : `${s.column} ${dir}, t.number ${dir}`;
};

export async function listTransactions(org: OrgDb, query: TransactionListQueryValue): Promise<{ total: number; rows: TransactionRow[] }> {
  const { where, params } = buildTransactionWhere(query);
  const { total, rows } = await pageOfRows(org, {
    select: TRANSACTION_ROW_COLUMNS,
    from: 'tm_transactions t',
    joins: 'LEFT JOIN users u ON u.id = t.assignee_id',
    where,
    orderBy: orderOf(query.sort),
    params,
    page: query.page,
    pageSize: query.page_size,
  });
  return { total, rows: rows.map(toTransactionRow) };
}

/** Every transaction of a filter, in the listing's order, a batch at a time (keyset), for the export. */
export async function* streamTransactions(org: OrgDb, filter: TransactionExportQueryValue & { sort?: TransactionSort }, batchSize = 1000): AsyncGenerator<Row[]> {
  const { where, params } = buildTransactionWhere(filter);
  const sort = SORTS[filter.sort ?? 'created_at_desc'];
  const cmp = sort.desc ? '<' : '>';
  let after: { key: unknown; number: number } | null = null;
  let sent = 0;
  for (;;) {
    const page: unknown[] = [...params];
    const { add } = sqlParams(page);
    const keyset = !after
      ? ''
      : sort.column === 't.number'
        ? ` AND t.number ${cmp} ${add(after.number)}::bigint`
        : ` AND (${sort.column}, t.number) ${cmp} (${add(after.key)}::${sort.column === 't.occurred_at' ? 'timestamptz' : 'numeric'}, ${add(after.number)}::bigint)`;
    const rows: Row[] = await org.query(
      `SELECT ${DETAIL_COLUMNS}, ${sort.column === 't.occurred_at' ? 't.occurred_at::text' : `${sort.column}::text`} AS sort_key
         FROM tm_transactions t LEFT JOIN users u ON u.id = t.assignee_id WHERE ${where}${keyset} ORDER BY ${orderOf(filter.sort ?? 'created_at_desc')} LIMIT ${add(batchSize)}::int`,
      page,
    );
    if (!rows.length) return;
    yield rows;
    sent += rows.length;
    if (rows.length < batchSize || sent >= EXPORT_MAX) return;
    const last = rows[rows.length - 1];
    // The key as Postgres writes it keeps the microseconds a JavaScript date would lose.
    after = { key: last.sort_key, number: Number(last.number) };
  }
}
const EXPORT_MAX = 100_000;

// ---------------------------------------------------------------------------------------------------------
// One transaction

export const DETAIL_COLUMNS = `${TRANSACTION_ROW_COLUMNS}, t.email, t.payment_id, t.document_id, t.document_date::text AS document_date, t.ip_address, t.ip_country,
  t.device_id, t.declared_relationship, t.remitter_bin, t.remitter_bin_country, t.remitter_card, t.beneficiary_bin,
  t.beneficiary_bin_country, t.beneficiary_card, t.eci_3ds, t.order_id, t.order_status, t.order_total, t.rules_applied, t.screening`;

export function toTransactionDetail(r: Row, alerts: TransactionDetail['alerts'], amlCaseCount: number, history: TransactionHistoryItem[] = []): TransactionDetail {
  return {
    ...toTransactionRow(r),
    customer_first_name: r.customer_first_name ?? null,
    customer_last_name: r.customer_last_name ?? null,
    email: r.email ?? null,
    payment_id: r.payment_id ?? null,
    document_id: r.document_id ?? null,
    document_date: r.document_date ?? null,
    ip_address: r.ip_address ?? null,
    ip_country: text(r.ip_country),
    device_id: r.device_id ?? null,
    declared_relationship: r.declared_relationship ?? null,
    remitter_bin: r.remitter_bin ?? null,
    remitter_bin_country: text(r.remitter_bin_country),
    remitter_country: text(r.remitter_country),
    remitter_card: r.remitter_card ?? null,
    beneficiary_bin: r.beneficiary_bin ?? null,
    beneficiary_bin_country: text(r.beneficiary_bin_country),
    beneficiary_country: text(r.beneficiary_country),
    beneficiary_card: r.beneficiary_card ?? null,
    eci_3ds: r.eci_3ds ?? null,
    order_id: r.order_id ?? null,
    order_status: r.order_status ?? null,
    order_total: r.order_total === null || r.order_total === undefined ? null : money(r.order_total),
    rules_applied: (r.rules_applied ?? []) as AppliedRule[],
    screening: (r.screening ?? []) as PartyScreening[],
    alerts,
    aml_case_count: amlCaseCount,
    history,
  };
}

/** The audit action of an analyst's decision on a transaction. */
export const TRANSACTION_UPDATED_ACTION = 'tm_transaction.updated';

/** A transaction's analyst decisions, from the audit trail, oldest first. */
async function transactionHistory(org: OrgDb, id: string): Promise<TransactionHistoryItem[]> {
  const rows = await org.query(
    `SELECT a.created_at, a.details, coalesce(u.name, a.actor_email) AS actor FROM audit_events a LEFT JOIN users u ON u.id = a.actor_user_id
      WHERE a.organisation_id = $org AND a.target_type = 'tm_transaction' AND a.target_id = $1 AND a.action = $2 ORDER BY a.created_at, a.id`,
    [id, TRANSACTION_UPDATED_ACTION],
  );
  const ids = new Set<string>();
  for (const r of rows) {
    const d = r.details?.assignee_id;
    if (d?.from) ids.add(d.from);
    if (d?.to) ids.add(d.to);
  }
  const users = ids.size ? await org.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE organisation_id = $org AND id = ANY($1::uuid[])', [[...ids]]) : [];
  const user = (id: string | null | undefined) => (id ? { id, name: users.find((u) => u.id === id)?.name ?? '' } : null);
  return rows.map((r) => {
    const d = r.details ?? {};
    return {
      at: iso(r.created_at),
      actor: r.actor ?? null,
      ...(d.status ? { status: { from: d.status.from, to: d.status.to } } : {}),
      ...(d.assignee_id ? { assignee: { from: user(d.assignee_id.from), to: user(d.assignee_id.to) } } : {}),
      note: d.note ?? null,
    };
  });
}

/** The row of a transaction by its reference; 404 when the organisation has none (another organisation's included). */
export async function findTransactionRow(org: OrgDb, reference: string): Promise<Row> {
  const row = await org.one(`SELECT ${DETAIL_COLUMNS} FROM tm_transactions t LEFT JOIN users u ON u.id = t.assignee_id WHERE t.organisation_id = $org AND t.reference_id = $1`, [
    reference.trim(),
  ]);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** The alerts each of these transactions is behind, by transaction id. */
export async function alertsOf(org: OrgDb, transactionIds: readonly string[]): Promise<Map<string, TransactionDetail['alerts']>> {
  const out = new Map<string, TransactionDetail['alerts']>();
  if (!transactionIds.length) return out;
  const rows = await org.query<{ transaction_id: string; alert_id: string; level: string; workflow_status: string }>(
    `SELECT at.transaction_id, a.alert_id, a.level, a.workflow_status FROM tm_alert_transactions at JOIN tm_alerts a ON a.id = at.alert_id AND a.organisation_id = $org
      WHERE at.organisation_id = $org AND at.transaction_id = ANY($1::uuid[]) ORDER BY a.alert_id`,
    [transactionIds],
  );
  for (const r of rows) {
    const list = out.get(r.transaction_id) ?? [];
    list.push({ alert_id: r.alert_id, level: r.level, workflow_status: r.workflow_status });
    out.set(r.transaction_id, list);
  }
  return out;
}

export async function transactionDetail(org: OrgDb, reference: string): Promise<TransactionDetail> {
  const row = await findTransactionRow(org, reference);
  const [alerts, cases, history] = await Promise.all([
    alertsOf(org, [row.id]),
    org.one<{ n: number }>('SELECT count(*)::int AS n FROM tm_transaction_cases WHERE organisation_id = $org AND transaction_id = $1', [row.id]),
    transactionHistory(org, row.id),
  ]);
  return toTransactionDetail(row, alerts.get(row.id) ?? [], cases?.n ?? 0, history);
}

/** The AML cases of a transaction's parties, remitter first; a deleted case is left out. */
export async function transactionAmlCases(org: OrgDb, reference: string): Promise<TransactionAmlCase[]> {
  const row = await findTransactionRow(org, reference);
  const rows = await org.query(
    `SELECT c.reference, c.search_term, tc.party, c.case_status, c.risk_level, c.hit_count, c.created_at
       FROM tm_transaction_cases tc JOIN cases c ON c.id = tc.case_id AND c.organisation_id = $org
      WHERE tc.organisation_id = $org AND tc.transaction_id = $1 AND NOT c.is_deleted
      ORDER BY CASE tc.party WHEN 'remitter' THEN 0 ELSE 1 END`,
    [row.id],
  );
  return rows.map((c) => ({
    reference: c.reference,
    name: c.search_term,
    party: c.party as TransactionParty,
    case_status: c.case_status,
    risk_level: c.risk_level,
    hits: Number(c.hit_count),
    created_at: iso(c.created_at),
  }));
}

/** Stored decisions of these references (a repeat's answer), by reference. */
export async function storedDecisions(org: OrgDb, references: readonly string[]): Promise<Map<string, TransactionDecision>> {
  const out = new Map<string, TransactionDecision>();
  if (!references.length) return out;
  // Most batches hold no repeat: an index-only look first, the stored decisions only for the repeats.
  const known = (await org.query<{ reference_id: string }>('SELECT reference_id FROM tm_transactions WHERE organisation_id = $org AND reference_id = ANY($1::text[])', [references])).map(
    (r) => r.reference_id,
  );
  if (!known.length) return out;
  references = known;
  const rows = await org.query<{ id: string; number: number; reference_id: string; status: TransactionStatus; score: number; total_risk_factor_score: string; rules_applied: AppliedRule[]; screening: PartyScreening[] }>(
    `SELECT id, number, reference_id, status, score, total_risk_factor_score, rules_applied, screening FROM tm_transactions
      WHERE organisation_id = $org AND reference_id = ANY($1::text[])`,
    [references],
  );
  const alerts = await alertsOf(
    org,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    out.set(r.reference_id, {
      reference_id: r.reference_id,
      id: r.id,
      number: Number(r.number),
      status: r.status,
      score: Number(r.score),
      total_risk_factor_score: Number(r.total_risk_factor_score),
      rules_applied: r.rules_applied ?? [],
      screening: r.screening ?? [],
      alerts: (alerts.get(r.id) ?? []).map((a) => a.alert_id),
      duplicate: true,
    });
  }
  return out;
}

/**
 * An analyst's decision (POST /update): a new status and/or assignee. Answers what changed (for the audit
 * record), or null when nothing did. The assignee must be an active user of the organisation.
 */
export async function updateTransaction(
  tx: OrgDb,
  reference: string,
  changes: { status?: TransactionStatus; assignee_id?: string | null },
): Promise<{ id: string; reference: string; diff: Record<string, { from: unknown; to: unknown }> }> {
  const row = await tx.one<{ id: string; reference_id: string; status: string; assignee_id: string | null }>(
    'SELECT id, reference_id, status, assignee_id FROM tm_transactions WHERE organisation_id = $org AND reference_id = $1 AND deleted_at IS NULL FOR UPDATE',
    [reference.trim()],
  );
  if (!row) throw new ApiError(404, 'not_found');
  if (changes.assignee_id) {
    const user = await tx.one('SELECT id FROM users WHERE organisation_id = $org AND id = $1 AND is_active', [changes.assignee_id]);
    if (!user) throw new ApiError(400, 'assignee_invalid', {}, 'assignee_id');
  }
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  if (changes.status !== undefined && changes.status !== row.status) diff.status = { from: row.status, to: changes.status };
  if (changes.assignee_id !== undefined && changes.assignee_id !== row.assignee_id) diff.assignee_id = { from: row.assignee_id, to: changes.assignee_id };
  if (Object.keys(diff).length) {
    await tx.query(
      `UPDATE tm_transactions SET status = coalesce($2, status), assignee_id = CASE WHEN $3::boolean THEN $4::uuid ELSE assignee_id END, updated_at = now()
        WHERE organisation_id = $org AND id = $1`,
      [row.id, diff.status ? changes.status : null, Boolean(diff.assignee_id), changes.assignee_id ?? null],
    );
  }
  return { id: row.id, reference: row.reference_id, diff };
}
