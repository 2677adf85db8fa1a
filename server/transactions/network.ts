/**
 * The network picture of an alert (docs/transaction-monitoring.md, "Rules and alerts"): the party, the accounts
 * the rule's pattern named (members) and their counterparties, from the transfers within the rule's window
 * around the alert's transactions, with transfers between two accounts aggregated into one edge (count and sum).
 * At most TM_ALERT_LIMITS.networkNodes accounts: the party always, then the members, then the counterparties
 * that moved the most money with them; the rest are counted as truncated, and edges to them left out.
 *
 * A party that is a customer id rather than an account (a rule aggregated per customer) stands for the
 * customer's own side of each of its transactions, so its node is where its money goes and comes from.
 */
import { TM_ALERT_LIMITS, type AlertNetwork, type AlertTransaction, type NetworkEdge, type NetworkNode } from '../../common/tm-alerts';
import type { OrgDb } from '../db/tenant';
import { compileRule, horizonOf } from '../tm-engine';

const DAY_MS = 86_400_000;
/** The stretch read when the rule's window cannot be known (its definition gone or no longer compiling). */
const FALLBACK_WINDOW_MS = DAY_MS;
/** The picture reads at most this far on each side, whatever the rule's window: a year-long window would read a year. */
const MAX_WINDOW_MS = 31 * DAY_MS;
/** Distinct account pairs read: enough to pick 60 accounts from, bounded for a hub with thousands of counterparties. */
const MAX_PAIRS = 2_000;
/** Accounts the picture centres on: the party and at most this many members. */
const MAX_FOCUS = 200;

export interface NetworkInput {
  partyKey: string;
  partyName: string | null;
  members: string[];
  transactions: AlertTransaction[];
  /** The definition of the rule version that raised the alert, for its window. */
  definition: unknown;
  first: Date;
  last: Date;
}

function ruleWindow(definition: unknown): number {
  if (!definition) return FALLBACK_WINDOW_MS;
  try {
    const horizon = horizonOf([compileRule({ id: 'network', version: 0, score: 0, definition })]);
    return Math.min(Math.max(horizon, 60_000), MAX_WINDOW_MS);
  } catch {
    return FALLBACK_WINDOW_MS;
  }
}

export async function alertNetwork(org: OrgDb, input: NetworkInput): Promise<AlertNetwork> {
  const window = ruleWindow(input.definition);
  const from = new Date(input.first.getTime() - window);
  const to = new Date(input.last.getTime() + window);
  const party = input.partyKey;
  const focus = [...new Set([party, ...input.members])].slice(0, MAX_FOCUS);

  const isAccount = await org.one(
    `SELECT 1 AS yes FROM tm_transactions t WHERE t.organisation_id = $org AND (t.remitter_account = $1 OR t.beneficiary_account = $1) LIMIT 1`,
    [party],
  );
  // The ends of a transfer; a customer-id party stands for the customer's own side of its transactions.
  const fromEnd = isAccount ? 't.remitter_account' : `CASE WHEN t.customer_id = $4 AND t.direction = 'outbound' THEN $4 ELSE t.remitter_account END`;
  const toEnd = isAccount ? 't.beneficiary_account' : `CASE WHEN t.customer_id = $4 AND t.direction = 'inbound' THEN $4 ELSE t.beneficiary_account END`;
  const rows = await org.query<{ src: string; dst: string; n: number; amount: number; src_name: string | null; dst_name: string | null }>(
    `SELECT e.src, e.dst, count(*)::int AS n, sum(e.amount)::float8 AS amount, max(e.src_name) AS src_name, max(e.dst_name) AS dst_name
       FROM (SELECT ${fromEnd} AS src, ${toEnd} AS dst, t.amount, t.remitter_name AS src_name, t.beneficiary_name AS dst_name
               FROM tm_transactions t
              WHERE t.organisation_id = $org AND t.deleted_at IS NULL AND t.occurred_at >= $2 AND t.occurred_at <= $3
                AND (t.remitter_account = ANY($1::text[]) OR t.beneficiary_account = ANY($1::text[]) OR t.customer_id = $4)) e
      WHERE e.src IS NOT NULL AND e.dst IS NOT NULL AND e.src <> e.dst
      GROUP BY e.src, e.dst
      ORDER BY count(*) DESC, sum(e.amount) DESC, e.src, e.dst
      LIMIT ${MAX_PAIRS}`,
    [focus, from.toISOString(), to.toISOString(), party],
  );

  const memberSet = new Set(input.members);
  const involved = new Set<string>();
  for (const t of input.transactions) {
    if (t.remitter_account) involved.add(t.remitter_account);
    if (t.beneficiary_account) involved.add(t.beneficiary_account);
  }
  const names = new Map<string, string>();
  const weight = new Map<string, number>();
  const touchesFocus = new Set(focus);
  for (const r of rows) {
    if (r.src_name && !names.has(r.src)) names.set(r.src, r.src_name);
    if (r.dst_name && !names.has(r.dst)) names.set(r.dst, r.dst_name);
    // A counterparty's weight is the money it moved with the accounts in focus.
    for (const [end, other] of [
      [r.src, r.dst],
      [r.dst, r.src],
    ] as const) {
      if (touchesFocus.has(other)) weight.set(end, (weight.get(end) ?? 0) + Number(r.amount));
    }
  }
  if (input.partyName) names.set(party, input.partyName);

  const all = new Set<string>([party]);
  for (const r of rows) {
    all.add(r.src);
    all.add(r.dst);
  }
  const byWeight = (a: string, b: string) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
  const members = input.members.filter((m) => m !== party && all.has(m)).sort(byWeight);
  const others = [...all].filter((k) => k !== party && !memberSet.has(k)).sort(byWeight);
  const kept = [party, ...members, ...others].slice(0, TM_ALERT_LIMITS.networkNodes);
  const keptSet = new Set(kept);

  const nodes: NetworkNode[] = kept.map((id) => ({
    id,
    label: names.get(id) ?? id,
    role: id === party ? 'party' : memberSet.has(id) ? 'member' : 'counterparty',
    flagged: id === party || memberSet.has(id) || involved.has(id),
  }));
  const edges: NetworkEdge[] = rows
    .filter((r) => keptSet.has(r.src) && keptSet.has(r.dst))
    .map((r) => ({ from: r.src, to: r.dst, count: Number(r.n), amount: Math.round(Number(r.amount) * 100) / 100 }));
  return { nodes, edges, truncated: all.size - kept.length, window: { from: from.toISOString(), to: to.toISOString() } };
}
