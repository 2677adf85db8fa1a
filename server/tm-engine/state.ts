/**
 * TransferState: one organisation's recent transactions in memory, indexed the ways rules read them.
 *
 * Every index is an array kept sorted by occurred_at (the transaction's own time, not its arrival): a new
 * transaction is placed by binary search, so one that arrives late lands where it belongs and every window
 * sees it at its own time. Ties keep arrival order (a later arrival with the same time goes after). Old
 * transactions leave by eviction: whatever occurred before `newest - horizon` can no longer fall inside any
 * rule's window, so it is dropped (add() does this by itself every few thousand additions; evict() does it now).
 */
import type { TxFacts } from './facts';

/** A time-sorted run of transactions. Eviction advances `head` instead of shifting the array each time. */
export class TimeList {
  times: number[] = [];
  txs: TxFacts[] = [];
  head = 0;

  get size(): number {
    return this.times.length - this.head;
  }

  /** Inserts after every entry with a time <= t (stable for ties); appending, the usual case, is O(1). */
  insert(tx: TxFacts): void {
    const t = tx.occurred_at;
    const n = this.times.length;
    if (n === this.head || this.times[n - 1] <= t) {
      this.times.push(t);
      this.txs.push(tx);
      return;
    }
    const at = this.upperBound(t);
    this.times.splice(at, 0, t);
    this.txs.splice(at, 0, tx);
  }

  /** First index whose time is >= t. */
  lowerBound(t: number): number {
    let lo = this.head;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.times[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose time is > t. */
  upperBound(t: number): number {
    let lo = this.head;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.times[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Drops the entries older than t. Returns true when the list became empty. */
  dropBefore(t: number): boolean {
    this.head = this.lowerBound(t);
    if (this.head === this.times.length) {
      this.times = [];
      this.txs = [];
      this.head = 0;
      return true;
    }
    // Compact once the dead prefix is the larger half, so memory follows the live size.
    if (this.head > 32 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.txs = this.txs.slice(this.head);
      this.head = 0;
    }
    return false;
  }
}

export interface TransferStateOptions {
  /** The longest window any rule needs (horizonOf(rules)); older transactions are evicted. */
  horizonMs: number;
}

const AUTO_EVICT_EVERY = 4096;

export class TransferState {
  readonly horizonMs: number;
  /** Transactions of each customer_id. */
  readonly byCustomer = new Map<string, TimeList>();
  /** Transfers each account sent (it is the remitter). */
  readonly outByAccount = new Map<string, TimeList>();
  /** Transfers each account received (it is the beneficiary). */
  readonly inByAccount = new Map<string, TimeList>();
  /** Every transaction, for eviction and duplicate checks. */
  private readonly all = new TimeList();
  private readonly ids = new Set<string>();
  private newest = -Infinity;
  private sinceEvict = 0;

  constructor(options: TransferStateOptions) {
    this.horizonMs = Math.max(0, options.horizonMs);
  }

  get size(): number {
    return this.ids.size;
  }

  /** The latest occurred_at seen. */
  get newestAt(): number {
    return this.newest;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Records a transaction. Adding the same id twice is a no-op (a repeated delivery is not a second transfer). */
  add(tx: TxFacts): void {
    if (this.ids.has(tx.id)) return;
    if (!Number.isFinite(tx.occurred_at)) throw new Error('occurred_at must be a finite time in ms');
    this.ids.add(tx.id);
    this.all.insert(tx);
    if (tx.customer_id != null && tx.customer_id !== '') listOf(this.byCustomer, tx.customer_id).insert(tx);
    if (tx.remitter_account) listOf(this.outByAccount, tx.remitter_account).insert(tx);
    if (tx.beneficiary_account) listOf(this.inByAccount, tx.beneficiary_account).insert(tx);
    if (tx.occurred_at > this.newest) this.newest = tx.occurred_at;
    if (++this.sinceEvict >= AUTO_EVICT_EVERY) this.evict(this.newest - this.horizonMs);
  }

  /** Drops every transaction that occurred before beforeMs. */
  evict(beforeMs: number): void {
    this.sinceEvict = 0;
    const all = this.all;
    const end = all.lowerBound(beforeMs);
    for (let i = all.head; i < end; i++) {
      const tx = all.txs[i];
      this.ids.delete(tx.id);
      if (tx.customer_id != null && tx.customer_id !== '') dropFrom(this.byCustomer, tx.customer_id, beforeMs);
      if (tx.remitter_account) dropFrom(this.outByAccount, tx.remitter_account, beforeMs);
      if (tx.beneficiary_account) dropFrom(this.inByAccount, tx.beneficiary_account, beforeMs);
    }
    all.dropBefore(beforeMs);
  }
}

function listOf(map: Map<string, TimeList>, key: string): TimeList {
  let list = map.get(key);
  if (!list) map.set(key, (list = new TimeList()));
  return list;
}

function dropFrom(map: Map<string, TimeList>, key: string, beforeMs: number): void {
  const list = map.get(key);
  if (list && list.dropBefore(beforeMs)) map.delete(key);
}
