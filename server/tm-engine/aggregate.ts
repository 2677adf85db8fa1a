/**
 * Aggregates over a sliding window: the transactions of one subject (customer, the customer's account, or the
 * counterparty's account) whose occurred_at lies in (t - window, t], t being the current transaction's
 * occurred_at. A transaction that arrives late is in the state at its own time, so it counts in the windows
 * it belongs to and not in those of transactions that happened before it.
 */
import { EXPLANATION_MAX_IDS, type Aggregate } from '../../common/tm-rules';
import type { EvalCtx } from './compile';
import { counterpartyAccount, counterpartyCountry, customerAccount, normCountry } from './fields';
import type { TxFacts } from './facts';
import type { TimeList } from './state';

export interface AggregateResult {
  /** null when the function has no value over an empty set (avg, min, max). */
  value: number | null;
  subject: string | null;
  /** Newest first, at most EXPLANATION_MAX_IDS. */
  ids: string[];
}

type Role = 'customer' | 'in' | 'out';

/**
 * `stopAt`: for the counting functions (count, distinct counts), which only grow as the scan goes on, the value
 * at which the comparison is decided false (a `count <= 10` guard on a busy account stops at 11 instead of
 * reading a year of transfers). The value returned is then that partial count, and nothing is explained.
 */
export function computeAggregate(agg: Aggregate, w: number, where: ((tx: TxFacts, c: EvalCtx) => boolean) | null, c: EvalCtx, stopAt = Infinity): AggregateResult | null {
  const { tx, state } = c;
  const dir = agg.direction ?? 'any';
  const sources: [TimeList, Role][] = [];
  let subject: string | null;
  if (agg.per === 'customer') {
    subject = tx.customer_id || null;
    const list = subject === null ? undefined : state.byCustomer.get(subject);
    if (list) sources.push([list, 'customer']);
  } else {
    subject =
      agg.per === 'account' ? customerAccount(tx) : agg.per === 'counterparty' ? counterpartyAccount(tx) : agg.per === 'remitter' ? (tx.remitter_account ?? null) : (tx.beneficiary_account ?? null);
    if (subject) {
      const ins = dir !== 'out' ? state.inByAccount.get(subject) : undefined;
      const outs = dir !== 'in' ? state.outByAccount.get(subject) : undefined;
      if (ins) sources.push([ins, 'in']);
      if (outs) sources.push([outs, 'out']);
    }
  }
  if (subject === null) return null;

  const t = tx.occurred_at;
  const lo = t - w;
  const wantDirection = dir === 'in' ? 'inbound' : dir === 'out' ? 'outbound' : null;
  const fn = agg.fn;

  // count without a filter is the length of the window: no scan, the explanation reads only the newest ids.
  if (fn === 'count' && !where && (wantDirection === null || sources.every(([, r]) => r !== 'customer'))) {
    let n = 0;
    const newest: TxFacts[] = [];
    for (const [list, role] of sources) {
      const end = list.upperBound(t);
      const start = list.upperBound(lo);
      if (role === 'out' && sources.length === 2) {
        for (let i = start; i < end; i++) if (list.txs[i].beneficiary_account !== subject) n++;
      } else n += end - start;
      if (c.explain) for (let i = Math.max(start, end - EXPLANATION_MAX_IDS); i < end; i++) newest.push(list.txs[i]);
    }
    if (sources.length > 1) newest.sort((a, b) => a.occurred_at - b.occurred_at);
    return { value: n, subject, ids: newest.slice(-EXPLANATION_MAX_IDS).reverse().map((p) => p.id) };
  }

  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  const distinct = fn === 'distinct_counterparties' || fn === 'distinct_countries' ? new Set<string>() : null;
  const picked: TxFacts[] = [];
  for (const [list, role] of sources) {
    const end = list.upperBound(t);
    for (let i = list.upperBound(lo); i < end; i++) {
      const p = list.txs[i];
      if (role === 'customer' && wantDirection !== null && p.direction !== wantDirection) continue;
      // A transfer to itself sits in both of the account's lists: count it once.
      if (role === 'out' && sources.length === 2 && p.beneficiary_account === subject) continue;
      if (where && !where(p, c)) continue;
      count++;
      const amount = p.amount;
      sum += amount;
      if (amount < min) min = amount;
      if (amount > max) max = amount;
      if (distinct) {
        const key = fn === 'distinct_counterparties' ? counterpartyOf(p, role) : countryOf(p, role);
        if (key) distinct.add(key);
      }
      if (c.explain) picked.push(p);
      if ((fn === 'count' ? count : distinct ? distinct.size : -Infinity) >= stopAt) return { value: fn === 'count' ? count : distinct!.size, subject, ids: [] };
    }
  }
  let value: number | null;
  switch (fn) {
    case 'count':
      value = count;
      break;
    case 'sum':
      value = round2(sum);
      break;
    case 'avg':
      value = count ? round2(sum / count) : null;
      break;
    case 'max':
      value = count ? max : null;
      break;
    case 'min':
      value = count ? min : null;
      break;
    default:
      value = distinct!.size;
  }
  let ids: string[] = [];
  if (c.explain && picked.length) {
    if (sources.length > 1) picked.sort((a, b) => a.occurred_at - b.occurred_at);
    ids = picked.slice(-EXPLANATION_MAX_IDS).reverse().map((p) => p.id);
  }
  return { value, subject, ids };
}

/** Cents: sums of amounts with two decimals stay exact for display and thresholds. */
const round2 = (n: number) => Math.round(n * 100) / 100;

function counterpartyOf(p: TxFacts, role: Role): string | null {
  if (role === 'in') return p.remitter_account || null;
  if (role === 'out') return p.beneficiary_account || null;
  return counterpartyAccount(p) || (p.direction === 'inbound' ? (p.remitter_name as string | null) : (p.beneficiary_name as string | null)) || null;
}

function countryOf(p: TxFacts, role: Role): string | null {
  if (role === 'in') return normCountry(p.remitter_country);
  if (role === 'out') return normCountry(p.beneficiary_country);
  return counterpartyCountry(p);
}
