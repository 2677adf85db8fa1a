/**
 * Working alerts (docs/transaction-monitoring.md, "Rules and alerts"): the listing with its filters, date presets,
 * paging and sorts; an alert's detail (its transactions, history, timeline, comments, the explanation of the last
 * firing and the network picture); and the analyst's steps: a workflow move checked against the table of
 * common/tm-alerts.ts, an assignment to a user of the organisation, a comment. Every step is written to the
 * alert's history (tm_alert_events) in the same transaction as the change. Raising alerts is alerts-raise.ts.
 */
import { presetRange } from '../../common/date-presets';
import type { DatePreset } from '../../common/enums';
import type { AlertListQueryValue } from '../../common/schemas/tm-alerts';
import {
  alertTransitionProblem,
  isClosedAlert,
  nextAlertStatuses,
  TM_ALERT_LIMITS,
  type AlertComment,
  type AlertDetail,
  type AlertEvent,
  type AlertRow,
  type AlertSort,
  type AlertTimelineItem,
  type AlertTransaction,
  type AlertWorkflowStatus,
} from '../../common/tm-alerts';
import type { RuleExplanation } from '../../common/tm-rules';
import { validateDateRange } from '../../common/validation';
import type { Row } from '../db/client';
import { likePattern } from '../db/like';
import { pageOfRows, sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { alertNetwork } from './network';
import { isUuid } from './rules-data';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The columns an AlertRow is built from (on "tm_alerts a"). */
const ALERT_COLUMNS = `a.id, a.alert_id, a.level, a.workflow_status, a.rule_id, a.rule_version, a.assignee_id, a.created_at, a.updated_at, a.closed_at,
  a.channel, a.counterparty, a.triggered_count, a.party_key, a.party_name, a.customer_id,
  (SELECT r.name FROM tm_rules r WHERE r.id = a.rule_id) AS rule_name,
  (SELECT u.name FROM users u WHERE u.id = a.assignee_id) AS assignee_name`;

export function toAlertRow(row: Row): AlertRow {
  return {
    alert_id: row.alert_id,
    level: row.level,
    workflow_status: row.workflow_status,
    matched_rules: [{ id: row.rule_id, name: row.rule_name ?? '' }],
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    closed_at: iso(row.closed_at),
    channel: row.channel ?? null,
    counterparty: row.counterparty ?? null,
    triggered_count: Number(row.triggered_count),
    party_key: row.party_key,
    party_name: row.party_name ?? null,
    customer_id: row.customer_id ?? null,
    rule_version: Number(row.rule_version),
  };
}

const SORTS: Record<AlertSort, string> = {
  created_desc: 'a.created_at DESC, a.id DESC',
  created_asc: 'a.created_at ASC, a.id ASC',
  updated_desc: 'a.updated_at DESC, a.id DESC',
  updated_asc: 'a.updated_at ASC, a.id ASC',
  triggered_desc: 'a.triggered_count DESC, a.updated_at DESC, a.id DESC',
  level_desc: `CASE a.level WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END DESC, a.created_at DESC, a.id DESC`,
};

/** The date range of the listing's filter: a preset of section 9, or a custom range checked with the shared rule. */
function dateRange(filter: Pick<AlertListQueryValue, 'date_preset' | 'date_from' | 'date_to' | 'tz_offset'>, now: Date) {
  const preset: DatePreset | undefined = filter.date_preset ?? (filter.date_from?.trim() || filter.date_to?.trim() ? 'custom' : undefined);
  if (!preset) return null;
  if (preset !== 'custom') return presetRange(preset, now, filter.tz_offset ?? 0);
  const problem = validateDateRange(filter.date_from ?? '', filter.date_to ?? '', now);
  if (problem) throw new ApiError(400, problem.rule, {}, problem.field);
  return presetRange('custom', now, filter.tz_offset ?? 0, { from: filter.date_from!.trim(), to: filter.date_to!.trim() });
}

/** The alerts listing: filtered, sorted, one page. */
export async function listAlerts(org: OrgDb, filter: AlertListQueryValue, callerId: string, now = new Date()): Promise<{ total: number; rows: AlertRow[] }> {
  const { params, add } = sqlParams();
  const conditions = ['a.organisation_id = $org'];
  if (filter.status?.length) conditions.push(`a.workflow_status = ANY(${add(filter.status)}::text[])`);
  if (filter.level?.length) conditions.push(`a.level = ANY(${add(filter.level)}::text[])`);
  const ruleId = filter.rule_id?.trim();
  if (ruleId) {
    // Another organisation's rule, or no rule at all, matches nothing (as a filter does).
    if (!isUuid(ruleId)) conditions.push('false');
    else conditions.push(`a.rule_id = ${add(ruleId)}::uuid`);
  }
  const assignee = filter.assignee?.trim();
  if (assignee === 'none') conditions.push('a.assignee_id IS NULL');
  else if (assignee === 'me') conditions.push(`a.assignee_id = ${add(callerId)}::uuid`);
  else if (assignee) conditions.push(isUuid(assignee) ? `a.assignee_id = ${add(assignee)}::uuid` : 'false');
  if (filter.party_key?.trim()) conditions.push(`a.party_key = ${add(filter.party_key.trim())}`);
  if (filter.customer_id?.trim()) conditions.push(`a.customer_id = ${add(filter.customer_id.trim())}`);
  const q = filter.q?.trim();
  if (q) {
    const p = add(likePattern(q));
    conditions.push(`(lower(a.alert_id) LIKE ${p} OR lower(a.party_key) LIKE ${p} OR lower(coalesce(a.party_name, '')) LIKE ${p}
      OR lower(coalesce(a.counterparty, '')) LIKE ${p} OR lower(coalesce(a.customer_id, '')) LIKE ${p})`);
  }
  const range = dateRange(filter, now);
  if (range) conditions.push(`a.created_at >= ${add(range.from.toISOString())}::timestamptz AND a.created_at < ${add(range.to.toISOString())}::timestamptz`);
  const { total, rows } = await pageOfRows(org, {
    select: ALERT_COLUMNS,
    from: 'tm_alerts a',
    where: conditions.join(' AND '),
    orderBy: SORTS[filter.sort],
    params,
    page: filter.page,
    pageSize: filter.page_size,
  });
  return { total, rows: rows.map(toAlertRow) };
}

/** One alert of the organisation by its alert id ('AL-000123'); another organisation's is 404. */
export async function findAlert(org: OrgDb, alertId: string): Promise<Row> {
  const row = await org.one(`SELECT ${ALERT_COLUMNS}, a.explanation, a.members, a.first_transaction_at, a.last_transaction_at FROM tm_alerts a WHERE a.organisation_id = $org AND a.alert_id = $1`, [
    alertId.trim().toUpperCase(),
  ]);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** The alert locked for the rest of the transaction, or 404. */
async function lockAlert(tx: OrgDb, alertId: string): Promise<Row> {
  const row = await tx.one(
    `SELECT a.id, a.alert_id, a.workflow_status, a.rule_id, a.party_key, a.assignee_id FROM tm_alerts a WHERE a.organisation_id = $org AND a.alert_id = $1 FOR UPDATE`,
    [alertId.trim().toUpperCase()],
  );
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

const TRANSACTION_COLUMNS = `t.id, t.reference_id, t.occurred_at, t.amount, t.currency, t.direction, t.payment_method, t.customer_id,
  t.remitter_name, t.remitter_account, t.beneficiary_name, t.beneficiary_account, t.status, t.score`;

const toAlertTransaction = (r: Row): AlertTransaction => ({
  id: r.id,
  reference_id: r.reference_id,
  occurred_at: iso(r.occurred_at)!,
  amount: Number(r.amount),
  currency: typeof r.currency === 'string' ? r.currency.trim() : r.currency,
  direction: r.direction,
  payment_method: r.payment_method ?? null,
  customer_id: r.customer_id ?? null,
  remitter_name: r.remitter_name ?? null,
  remitter_account: r.remitter_account ?? null,
  beneficiary_name: r.beneficiary_name ?? null,
  beneficiary_account: r.beneficiary_account ?? null,
  status: r.status,
  score: r.score === null || r.score === undefined ? null : Number(r.score),
});

async function alertHistory(org: OrgDb, id: string): Promise<AlertEvent[]> {
  const rows = await org.query(
    `SELECT e.id, e.action, e.actor, e.from_status, e.to_status, e.note, e.at, (SELECT u.name FROM users u WHERE u.id = e.actor) AS actor_name
       FROM tm_alert_events e WHERE e.organisation_id = $org AND e.alert_id = $1 ORDER BY e.at, e.id`,
    [id],
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: r.actor ? { id: r.actor, name: r.actor_name ?? '' } : null,
    from_status: r.from_status ?? null,
    to_status: r.to_status ?? null,
    note: r.note ?? null,
    at: iso(r.at)!,
  }));
}

async function alertComments(org: OrgDb, id: string): Promise<AlertComment[]> {
  const rows = await org.query(
    `SELECT c.id, c.author, c.text, c.created_at, c.updated_at, (SELECT u.name FROM users u WHERE u.id = c.author) AS author_name
       FROM tm_alert_comments c WHERE c.organisation_id = $org AND c.alert_id = $1 ORDER BY c.created_at, c.id`,
    [id],
  );
  return rows.map((r) => ({ id: r.id, author: r.author ? { id: r.author, name: r.author_name ?? '' } : null, text: r.text, created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)! }));
}

/** The alert with everything its detail page shows. */
export async function alertDetail(org: OrgDb, alertId: string): Promise<AlertDetail> {
  const row = await findAlert(org, alertId);
  const [rule, transactions, count, history, comments] = await Promise.all([
    org.one(
      `SELECT r.id, r.name, r.description, r.score, r.status, r.version, r.typology,
              (SELECT v.definition FROM tm_rule_versions v WHERE v.organisation_id = $org AND v.rule_id = r.id AND v.version = $2) AS version_definition, r.definition
         FROM tm_rules r WHERE r.organisation_id = $org AND r.id = $1`,
      [row.rule_id, row.rule_version],
    ),
    org.query(
      `SELECT ${TRANSACTION_COLUMNS} FROM tm_alert_transactions x JOIN tm_transactions t ON t.id = x.transaction_id
        WHERE x.organisation_id = $org AND x.alert_id = $1 ORDER BY t.occurred_at DESC, t.number DESC LIMIT $2`,
      [row.id, TM_ALERT_LIMITS.detailTransactions],
    ),
    org.one<{ n: number; first: string | null; last: string | null }>(
      `SELECT count(*)::int AS n, min(t.occurred_at) AS first, max(t.occurred_at) AS last
         FROM tm_alert_transactions x JOIN tm_transactions t ON t.id = x.transaction_id WHERE x.organisation_id = $org AND x.alert_id = $1`,
      [row.id],
    ),
    alertHistory(org, row.id),
    alertComments(org, row.id),
  ]);
  const txs = transactions.map(toAlertTransaction);
  const members = json<string[]>(row.members) ?? [];
  const timeline: AlertTimelineItem[] = [
    ...history.map((event): AlertTimelineItem => ({ kind: 'event', at: event.at, event })),
    ...txs.map((transaction): AlertTimelineItem => ({ kind: 'transaction', at: transaction.occurred_at, transaction })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const network = await alertNetwork(org, {
    partyKey: row.party_key,
    partyName: row.party_name ?? null,
    members,
    transactions: txs,
    definition: rule ? json(rule.version_definition ?? rule.definition) : null,
    first: count?.first ? new Date(count.first) : row.first_transaction_at ? new Date(row.first_transaction_at) : new Date(row.created_at),
    last: count?.last ? new Date(count.last) : row.last_transaction_at ? new Date(row.last_transaction_at) : new Date(row.created_at),
  });
  const base = toAlertRow(row);
  return {
    ...base,
    rule: rule
      ? { id: rule.id, name: rule.name, description: rule.description ?? '', score: Number(rule.score), status: rule.status, version: Number(rule.version), typology: rule.typology ?? null }
      : null,
    explanation: row.explanation ? json<RuleExplanation>(row.explanation) : null,
    members,
    transactions: txs,
    transaction_count: count?.n ?? txs.length,
    history,
    timeline,
    comments,
    network,
    next_statuses: nextAlertStatuses(base.workflow_status),
  };
}

/**
 * Moves an alert along the workflow (ALERT_TRANSITIONS). A move the table lacks answers 409; a reopen without a
 * note 400 on `note`; a reopen while a newer alert of the same rule and party is open 409 (only one may be open).
 */
export async function moveAlert(tx: OrgDb, alertId: string, to: AlertWorkflowStatus, note: string | null, actorId: string): Promise<{ id: string; alert_id: string; from: AlertWorkflowStatus; assignee_id: string | null }> {
  const row = await lockAlert(tx, alertId);
  const from = row.workflow_status as AlertWorkflowStatus;
  const problem = alertTransitionProblem(from, to, note);
  if (problem === 'tm_alert_transition_invalid') throw new ApiError(409, problem, {}, 'to', { from, to });
  if (problem) throw new ApiError(400, problem, {}, 'note');
  if (isClosedAlert(from) && !isClosedAlert(to)) {
    const open = await tx.one(`SELECT a.alert_id FROM tm_alerts a WHERE a.organisation_id = $org AND a.rule_id = $1 AND a.party_key = $2 AND a.closed_at IS NULL`, [row.rule_id, row.party_key]);
    if (open) throw new ApiError(409, 'tm_alert_reopen_conflict', {}, 'to', { open_alert_id: open.alert_id });
  }
  await tx.query(
    `UPDATE tm_alerts SET workflow_status = $2, updated_at = now(), closed_at = CASE WHEN $3::boolean THEN now() ELSE NULL END WHERE organisation_id = $org AND id = $1`,
    [row.id, to, isClosedAlert(to)],
  );
  await tx.query(`INSERT INTO tm_alert_events (organisation_id, alert_id, actor, action, from_status, to_status, note) VALUES ($org, $1, $2, 'workflow', $3, $4, $5)`, [
    row.id,
    actorId,
    from,
    to,
    note?.trim() || null,
  ]);
  return { id: row.id, alert_id: row.alert_id, from, assignee_id: row.assignee_id ?? null };
}

/**
 * Assigns an alert to an active user of the organisation, or to nobody (null). Another organisation's user, an
 * inactive one or a made-up id is 400 on `assignee_id`. Answers the new assignee and whether anything changed.
 */
export async function assignAlert(tx: OrgDb, alertId: string, assigneeId: string | null, actorId: string): Promise<{ id: string; alert_id: string; assignee: { id: string; name: string } | null; changed: boolean }> {
  const row = await lockAlert(tx, alertId);
  let assignee: { id: string; name: string } | null = null;
  if (assigneeId) {
    const user = await tx.one<{ id: string; name: string }>('SELECT u.id, u.name FROM users u WHERE u.organisation_id = $org AND u.id = $1 AND u.is_active', [assigneeId.trim().toLowerCase()]);
    if (!user) throw new ApiError(400, 'assignee_invalid', {}, 'assignee_id');
    assignee = user;
  }
  if ((row.assignee_id ?? null) === (assignee?.id ?? null)) return { id: row.id, alert_id: row.alert_id, assignee, changed: false };
  await tx.query('UPDATE tm_alerts SET assignee_id = $2, updated_at = now() WHERE organisation_id = $org AND id = $1', [row.id, assignee?.id ?? null]);
  await tx.query(`INSERT INTO tm_alert_events (organisation_id, alert_id, actor, action, note) VALUES ($org, $1, $2, 'assigned', $3)`, [row.id, actorId, assignee?.name ?? null]);
  return { id: row.id, alert_id: row.alert_id, assignee, changed: true };
}

/** Adds a comment (the rule of section 5 was checked by the schema); it shows in the history too. */
export async function addAlertComment(tx: OrgDb, alertId: string, text: string, authorId: string): Promise<{ id: string; alert_id: string; comment: AlertComment }> {
  const row = await lockAlert(tx, alertId);
  const inserted = await tx.one<{ id: string }>(`INSERT INTO tm_alert_comments (organisation_id, alert_id, author, text) VALUES ($org, $1, $2, $3) RETURNING id`, [row.id, authorId, text]);
  await tx.query(`INSERT INTO tm_alert_events (organisation_id, alert_id, actor, action) VALUES ($org, $1, $2, 'commented')`, [row.id, authorId]);
  await tx.query('UPDATE tm_alerts SET updated_at = now() WHERE organisation_id = $org AND id = $1', [row.id]);
  const comment = (await alertComments(tx, row.id)).find((c) => c.id === inserted!.id)!;
  return { id: row.id, alert_id: row.alert_id, comment };
}

/** The users an alert (or a transaction) can be assigned to: the organisation's active users, by name. */
export async function assignableUsers(org: OrgDb): Promise<{ id: string; name: string; email: string }[]> {
  return org.query<{ id: string; name: string; email: string }>('SELECT u.id, u.name, u.email FROM users u WHERE u.organisation_id = $org AND u.is_active ORDER BY lower(u.name), u.id');
}
