/**
 * Network patterns over the transfer graph (account → account), each looked for around the current transfer:
 * the transfers of a pattern span less than its window, and the current transfer is one of them. With
 * transactions arriving in time order that is the window ending at the current one; a late arrival can
 * complete a pattern whose other transfers happened after it, because the search looks both ways in time.
 *
 * Work is bounded: a scan reads at most MAX_SCAN transfers of an account around the current time, pass-through
 * tries at most MAX_STARTS starting points, and a cycle search expands at most MAX_EXPANSIONS transfers with at
 * most MAX_PARALLEL transfers per pair of accounts. A pattern hidden behind these caps is missed, not slow.
 */
import { EXPLANATION_MAX_IDS, windowMs, type ActivityLimit, type CyclePattern, type FanPattern, type PassThroughPattern, type Pattern, type PatternExplanation, type RepeatedPairPattern } from '../../common/tm-rules';
import type { EvalCtx } from './compile';
import type { TxFacts } from './facts';
import type { TimeList } from './state';

export const PATTERN_CAPS = { MAX_SCAN: 2000, MAX_STARTS: 64, MAX_EXPANSIONS: 4000, MAX_PARALLEL: 2 } as const;

type Where = ((tx: TxFacts, c: EvalCtx) => boolean) | null;
export type PatternFinder = (c: EvalCtx) => PatternExplanation | null;

/** Two amounts are similar when they differ by at most `tol` of the larger one. */
export const similar = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol * Math.max(Math.abs(a), Math.abs(b)) + 1e-9;

export function compilePattern(p: Pattern, where: Where): PatternFinder {
  switch (p.kind) {
    case 'fan_in':
    case 'fan_out':
      return fan(p, where);
    case 'repeated_pair':
      return repeatedPair(p, where);
    case 'pass_through':
      return passThrough(p, where);
    case 'cycle':
      return cycle(p, where);
  }
}

/** The transfers of a list within (t - w, t + w), at most MAX_SCAN of them nearest to t, that pass the filter. */
function around(list: TimeList, t: number, w: number, keep: (p: TxFacts) => boolean): TxFacts[] {
  let from = list.upperBound(t - w);
  let to = list.lowerBound(t + w);
  if (to - from > PATTERN_CAPS.MAX_SCAN) {
    const mid = list.upperBound(t);
    from = Math.max(from, mid - PATTERN_CAPS.MAX_SCAN / 2);
    to = Math.min(to, from + PATTERN_CAPS.MAX_SCAN);
  }
  const out: TxFacts[] = [];
  for (let i = from; i < to; i++) {
    const p = list.txs[i];
    if (keep(p)) out.push(p);
  }
  return out;
}

/**
 * The span of length < w containing time t with the most distinct keys among `items` (sorted by time):
 * two pointers over starts at or before t. Returns [from, to) indices and the distinct count.
 */
function bestSpan(items: TxFacts[], t: number, w: number, key: (p: TxFacts) => string | null): { from: number; to: number; distinct: number } {
  const counts = new Map<string, number>();
  let best = { from: 0, to: 0, distinct: 0 };
  let r = 0;
  for (let l = 0; l < items.length && items[l].occurred_at <= t; l++) {
    const end = items[l].occurred_at + w;
    if (end <= t) continue;
    if (r < l) r = l;
    while (r < items.length && items[r].occurred_at < end) {
      const k = key(items[r]);
      if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
      r++;
    }
    if (counts.size > best.distinct) best = { from: l, to: r, distinct: counts.size };
    const k = key(items[l]);
    if (k !== null) {
      const n = counts.get(k)! - 1;
      if (n === 0) counts.delete(k);
      else counts.set(k, n);
    }
  }
  return best;
}

/**
 * Whether an account is quiet enough for the pattern (max_activity): at most `count` of its transfers (received
 * and sent, passing the filter) in (t - window, t]. The scan stops as soon as the count is passed.
 */
function quiet(limit: ActivityLimit | undefined, account: string, c: EvalCtx, where: Where): boolean {
  if (!limit) return true;
  const t = c.tx.occurred_at;
  const lo = t - windowMs(limit.window);
  let n = 0;
  for (const list of [c.state.inByAccount.get(account), c.state.outByAccount.get(account)]) {
    if (!list) continue;
    const end = list.upperBound(t);
    for (let i = list.upperBound(lo); i < end; i++) {
      const x = list.txs[i];
      if (where && x !== c.tx && !where(x, c)) continue;
      // A transfer to itself sits in both lists: counted once.
      if (list === c.state.outByAccount.get(account) && x.beneficiary_account === account) continue;
      if (++n > limit.count) return false;
    }
  }
  return true;
}

/** Ids for an explanation: the current transaction first, then the others in time order, bounded. */
function idsOf(current: TxFacts, items: readonly TxFacts[]): string[] {
  const ids = [current.id];
  for (const p of items) {
    if (ids.length >= EXPLANATION_MAX_IDS) break;
    if (p !== current) ids.push(p.id);
  }
  return ids;
}

function amountsOf(items: readonly TxFacts[]) {
  let min = Infinity;
  let max = -Infinity;
  let total = 0;
  for (const p of items) {
    if (p.amount < min) min = p.amount;
    if (p.amount > max) max = p.amount;
    total += p.amount;
  }
  return { min, max, total: Math.round(total * 100) / 100 };
}

/**
 * fan_in: the current transfer's beneficiary received from at least min_counterparties distinct senders in a
 * span shorter than the window (fan_out: the remitter sent to that many receivers). With similar_amounts,
 * only transfers whose amounts are within that tolerance of the current one count.
 */
function fan(p: FanPattern, where: Where): PatternFinder {
  const w = windowMs(p.window);
  const incoming = p.kind === 'fan_in';
  const tol = p.similar_amounts;
  const other = incoming ? (x: TxFacts) => x.remitter_account || null : (x: TxFacts) => x.beneficiary_account || null;
  return (c) => {
    const tx = c.tx;
    const hub = incoming ? tx.beneficiary_account : tx.remitter_account;
    if (!hub || (where && !where(tx, c))) return null;
    const list = (incoming ? c.state.inByAccount : c.state.outByAccount).get(hub);
    if (!list) return null;
    const t = tx.occurred_at;
    const items = around(list, t, w, (x) => (tol === undefined || similar(x.amount, tx.amount, tol)) && (x === tx || !where || where(x, c)));
    const best = bestSpan(items, t, w, other);
    if (best.distinct < p.min_counterparties || !quiet(p.max_activity, hub, c, where)) return null;
    const chosen = items.slice(best.from, best.to);
    const members = [...new Set(chosen.map(other).filter((x): x is string => x !== null && x !== hub))];
    const a = amountsOf(chosen);
    return {
      kind: 'pattern',
      pattern: p.kind,
      account: hub,
      window: p.window,
      count: best.distinct,
      threshold: p.min_counterparties,
      members,
      ...(incoming ? { total_in: a.total } : { total_out: a.total }),
      amount_min: a.min,
      amount_max: a.max,
      ...(tol !== undefined ? { tolerance: tol } : {}),
      from: chosen[0].occurred_at,
      to: chosen[chosen.length - 1].occurred_at,
      transaction_ids: idsOf(tx, chosen),
    };
  };
}

/** repeated_pair: the same remitter → beneficiary at least min_count times in a span shorter than the window. */
function repeatedPair(p: RepeatedPairPattern, where: Where): PatternFinder {
  const w = windowMs(p.window);
  return (c) => {
    const tx = c.tx;
    const from = tx.remitter_account;
    const to = tx.beneficiary_account;
    if (!from || !to || from === to || (where && !where(tx, c))) return null;
    const list = c.state.outByAccount.get(from);
    if (!list) return null;
    const t = tx.occurred_at;
    const tol = p.similar_amounts;
    const items = around(list, t, w, (x) => x.beneficiary_account === to && (tol === undefined || similar(x.amount, tx.amount, tol)) && (x === tx || !where || where(x, c)));
    // Every item is a separate transfer: the key is the item itself.
    const best = bestSpan(items, t, w, (x) => x.id);
    if (best.distinct < p.min_count) return null;
    const chosen = items.slice(best.from, best.to);
    const a = amountsOf(chosen);
    return {
      kind: 'pattern',
      pattern: 'repeated_pair',
      account: from,
      window: p.window,
      count: best.distinct,
      threshold: p.min_count,
      members: [to],
      total_out: a.total,
      amount_min: a.min,
      amount_max: a.max,
      ...(tol !== undefined ? { tolerance: tol } : {}),
      from: chosen[0].occurred_at,
      to: chosen[chosen.length - 1].occurred_at,
      transaction_ids: idsOf(tx, chosen),
    };
  };
}

/**
 * pass_through: an account collects, then distributes. Within a span shorter than the window that holds the
 * current transfer, it received a run of transfers from at least min_senders senders, then (with nothing
 * received in between) sent a run of transfers to at least min_receivers receivers, the total sent within
 * `tolerance` of the total received: the money passed through instead of staying. It is looked for at both
 * accounts of the current transfer (the remitter, for which it is an outgoing leg; the beneficiary, incoming).
 * Receipts and payments that interleave (an account that lives on its income) are not a pass-through. Latest
 * start first: the tightest pass-through is the one explained.
 */
function passThrough(p: PassThroughPattern, where: Where): PatternFinder {
  const w = windowMs(p.window);
  const at = (account: string, c: EvalCtx): PatternExplanation | null => {
    const ins = c.state.inByAccount.get(account);
    const outs = c.state.outByAccount.get(account);
    if (!ins || !outs) return null;
    const tx = c.tx;
    const t = tx.occurred_at;
    const keep = (x: TxFacts) => x === tx || !where || where(x, c);
    const inC = around(ins, t, w, keep);
    const outC = around(outs, t, w, keep);
    if (inC.length < p.min_senders || outC.length < p.min_receivers || !quiet(p.max_activity, account, c, where)) return null;
    // One sequence in time order; at equal times receipts first (money arrives before it leaves).
    const seq: { x: TxFacts; incoming: boolean }[] = [];
    for (let i = 0, o = 0; i < inC.length || o < outC.length; ) {
      if (o >= outC.length || (i < inC.length && inC[i].occurred_at <= outC[o].occurred_at)) seq.push({ x: inC[i++], incoming: true });
      else seq.push({ x: outC[o++], incoming: false });
    }
    const current = seq.findIndex((e) => e.x === tx);
    let tried = 0;
    for (let s = seq.length - 1; s >= 0 && tried < PATTERN_CAPS.MAX_STARTS; s--) {
      const first = seq[s];
      if (!first.incoming || first.x.occurred_at > t) continue;
      if (first.x.occurred_at <= t - w) break;
      tried++;
      const end = first.x.occurred_at + w;
      const senders = new Set<string>();
      const receivers = new Set<string>();
      let sumIn = 0;
      let i = s;
      for (; i < seq.length && seq[i].incoming && seq[i].x.occurred_at < end; i++) {
        sumIn += seq[i].x.amount;
        if (seq[i].x.remitter_account && seq[i].x.remitter_account !== account) senders.add(seq[i].x.remitter_account!);
      }
      if (senders.size < p.min_senders) continue;
      let sumOut = 0;
      for (let j = i; j < seq.length && !seq[j].incoming && seq[j].x.occurred_at < end; j++) {
        sumOut += seq[j].x.amount;
        if (seq[j].x.beneficiary_account && seq[j].x.beneficiary_account !== account) receivers.add(seq[j].x.beneficiary_account!);
        if (current < s || current > j || receivers.size < p.min_receivers || !similar(sumIn, sumOut, p.tolerance)) continue;
        const used = seq.slice(s, j + 1).map((e) => e.x);
        const a = amountsOf(used);
        return {
          kind: 'pattern',
          pattern: 'pass_through',
          account,
          window: p.window,
          count: senders.size + receivers.size,
          threshold: p.min_senders + p.min_receivers,
          senders: senders.size,
          receivers: receivers.size,
          members: [...new Set([...senders, ...receivers])],
          total_in: Math.round(sumIn * 100) / 100,
          total_out: Math.round(sumOut * 100) / 100,
          amount_min: a.min,
          amount_max: a.max,
          tolerance: p.tolerance,
          from: used[0].occurred_at,
          to: used[used.length - 1].occurred_at,
          transaction_ids: idsOf(tx, used),
        };
      }
    }
    return null;
  };
  return (c) => {
    const tx = c.tx;
    if (where && !where(tx, c)) return null;
    const { remitter_account: r, beneficiary_account: b } = tx;
    return (r ? at(r, c) : null) ?? (b && b !== r ? at(b, c) : null);
  };
}

/**
 * cycle: the current transfer A → B lies on a loop B → ... → A of min_hops..max_hops transfers in all, spanning
 * less than the window. Ordered (the default): read around the loop from its earliest transfer, the times never
 * go back (money left an account and came back to it), and each transfer's amount is within `tolerance` of the
 * one before it in that order (fees may shave a little off at every hop), the last and the first within
 * `tolerance` × max_hops (the drift of the whole loop). Unordered: any closed loop whose every amount is within `tolerance` of the current one's, whatever
 * the order in which its legs settled. The loop's origin (the alert's party) is the remitter of its earliest transfer.
 */
function cycle(p: CyclePattern, where: Where): PatternFinder {
  const w = windowMs(p.window);
  const maxHops = p.max_hops;
  const minHops = p.min_hops ?? 2;
  const ordered = p.ordered !== false;
  const tol = p.tolerance;
  const loopTol = Math.min(0.9, tol * maxHops);
  return (c) => {
    const tx = c.tx;
    const A = tx.remitter_account;
    const B = tx.beneficiary_account;
    if (!A || !B || A === B || (where && !where(tx, c))) return null;
    const path: TxFacts[] = [tx];
    const visited = new Set<string>([A, B]);
    let budget = PATTERN_CAPS.MAX_EXPANSIONS;
    let found: TxFacts[] | null = null;

    // descents: how many times the time went back along the path so far (ordered loops allow one, at the wrap).
    const dfs = (node: string, tmin: number, tmax: number, descents: number): void => {
      const list = c.state.outByAccount.get(node);
      if (!list) return;
      const prev = path[path.length - 1];
      const from = list.upperBound(tmax - w);
      const to = list.lowerBound(tmin + w);
      const parallel = new Map<string, number>();
      for (let i = from; i < to && !found; i++) {
        if (--budget < 0) return;
        const e = list.txs[i];
        const next = e.beneficiary_account;
        if (!next || e === tx) continue;
        if (next !== A && visited.has(next)) continue;
        const descent = e.occurred_at < prev.occurred_at;
        // Ordered: consecutive legs in time are similar; the one step back in time is the wrap, not a hop.
        // The wrap still bounds the drift of the whole loop: at most `tolerance` per hop.
        if (ordered ? !similar(e.amount, prev.amount, descent ? loopTol : tol) : !similar(e.amount, tx.amount, tol)) continue;
        const seen = parallel.get(next) ?? 0;
        if (seen >= PATTERN_CAPS.MAX_PARALLEL) continue;
        if (where && !where(e, c)) continue;
        parallel.set(next, seen + 1);
        const d = descents + (descent ? 1 : 0);
        if (ordered && d > 1) continue;
        const hops = path.length + 1;
        if (next === A) {
          if (hops < minHops) continue;
          if (ordered) {
            // Closing the loop: from this last leg back to the current one. Either it is the wrap (time goes
            // back, allowed once) or it is a hop in time order and the amounts must be similar.
            const wrap = tx.occurred_at < e.occurred_at;
            if (d + (wrap ? 1 : 0) > 1 || !similar(tx.amount, e.amount, wrap ? loopTol : tol)) continue;
          }
          found = [...path, e];
          return;
        }
        if (hops >= maxHops) continue;
        path.push(e);
        visited.add(next);
        dfs(next, Math.min(tmin, e.occurred_at), Math.max(tmax, e.occurred_at), d);
        path.pop();
        visited.delete(next);
      }
    };
    dfs(B, tx.occurred_at, tx.occurred_at, 0);
    if (!found) return null;
    const loop: TxFacts[] = found;
    // Read the loop from its earliest transfer (ties: the current one's position decides nothing).
    let first = 0;
    for (let i = 1; i < loop.length; i++) if (loop[i].occurred_at < loop[first].occurred_at) first = i;
    const ordering = [...loop.slice(first), ...loop.slice(0, first)];
    const origin = ordering[0].remitter_account!;
    const members = ordering.map((e) => e.beneficiary_account!).filter((a) => a !== origin);
    const a = amountsOf(ordering);
    let tmin = Infinity;
    let tmax = -Infinity;
    for (const e of ordering) {
      tmin = Math.min(tmin, e.occurred_at);
      tmax = Math.max(tmax, e.occurred_at);
    }
    return {
      kind: 'pattern',
      pattern: 'cycle',
      account: origin,
      window: p.window,
      count: ordering.length,
      threshold: minHops,
      members,
      total_out: a.total,
      amount_min: a.min,
      amount_max: a.max,
      tolerance: tol,
      from: tmin,
      to: tmax,
      transaction_ids: ordering.map((e) => e.id),
    };
  };
}
