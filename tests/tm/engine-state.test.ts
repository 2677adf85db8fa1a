/**
 * TransferState: every index stays sorted by the transactions' own time whatever the arrival order (ties in
 * arrival order), a repeated id is not a second transfer, and eviction drops exactly what occurred before
 * the cut from every index.
 */
import { describe, expect, it } from 'vitest';
import { TimeList } from '../../server/tm-engine/state';
import { TransferState, compileRule, horizonOf, DEFAULT_RULES } from '../../server/tm-engine';
import { DAY, HOUR, at, tx } from './engine-helpers';

describe('TimeList', () => {
  it('inserts late arrivals where they belong, ties after earlier arrivals', () => {
    const list = new TimeList();
    for (const [id, h] of [['a', 5], ['b', 1], ['c', 9], ['d', 5], ['e', 0], ['f', 9]] as const) list.insert(tx('A', 'B', 1, h, { id }));
    expect(list.txs.map((t) => t.id)).toEqual(['e', 'b', 'a', 'd', 'c', 'f']);
    expect(list.times).toEqual([0, 1, 5, 5, 9, 9].map(at));
    expect(list.lowerBound(at(5))).toBe(2);
    expect(list.upperBound(at(5))).toBe(4);
  });

  it('drops what is older than the cut and compacts', () => {
    const list = new TimeList();
    for (let i = 0; i < 100; i++) list.insert(tx('A', 'B', 1, i));
    expect(list.dropBefore(at(60))).toBe(false);
    expect(list.size).toBe(40);
    expect(list.txs[list.head].occurred_at).toBe(at(60));
    expect(list.head).toBe(0); // compacted: more than half was dead
    expect(list.dropBefore(at(1000))).toBe(true);
    expect(list.size).toBe(0);
  });
});

describe('TransferState', () => {
  it('indexes by customer, by sending and by receiving account', () => {
    const s = new TransferState({ horizonMs: DAY });
    s.add(tx('A', 'B', 1, 2, { id: 'x' }));
    s.add(tx('B', 'A', 1, 1, { id: 'y', direction: 'inbound' }));
    expect(s.byCustomer.get('C-A')!.txs.map((t) => t.id)).toEqual(['y', 'x']);
    expect(s.outByAccount.get('A')!.txs.map((t) => t.id)).toEqual(['x']);
    expect(s.inByAccount.get('A')!.txs.map((t) => t.id)).toEqual(['y']);
    expect(s.outByAccount.get('B')!.txs.map((t) => t.id)).toEqual(['y']);
    expect(s.size).toBe(2);
    expect(s.newestAt).toBe(at(2));
  });

  it('ignores a repeated id and refuses a time that is not a number', () => {
    const s = new TransferState({ horizonMs: DAY });
    s.add(tx('A', 'B', 1, 0, { id: 'x' }));
    s.add(tx('A', 'B', 1, 0, { id: 'x' }));
    expect(s.outByAccount.get('A')!.size).toBe(1);
    expect(() => s.add({ ...tx('A', 'B', 1, 0), occurred_at: Number.NaN })).toThrow();
  });

  it('evicts from every index and forgets the ids', () => {
    const s = new TransferState({ horizonMs: DAY });
    s.add(tx('A', 'B', 1, 0, { id: 'old' }));
    s.add(tx('A', 'C', 1, 10, { id: 'mid' }));
    s.add(tx('D', 'B', 1, 20, { id: 'new' }));
    s.evict(at(10));
    expect(s.has('old')).toBe(false);
    expect(s.has('mid')).toBe(true);
    expect(s.outByAccount.get('A')!.txs.slice(s.outByAccount.get('A')!.head).map((t) => t.id)).toEqual(['mid']);
    expect([...s.inByAccount.get('B')!.txs.slice(s.inByAccount.get('B')!.head)].map((t) => t.id)).toEqual(['new']);
    s.evict(at(15));
    expect(s.outByAccount.has('A')).toBe(false);
    expect(s.inByAccount.has('C')).toBe(false);
    expect(s.byCustomer.has('C-A')).toBe(false);
    expect(s.size).toBe(1);
  });

  it('evicts by itself beyond the horizon as transactions keep coming', () => {
    const s = new TransferState({ horizonMs: 10 * HOUR });
    for (let i = 0; i < 10_000; i++) s.add(tx(`A${i % 50}`, `B${i % 70}`, 1, i / 10));
    // Every 4096 additions, what is older than newest - horizon goes: at most 4096 + 100 remain.
    expect(s.size).toBeLessThan(4096 + 101);
    expect(s.size).toBeGreaterThanOrEqual(100);
  });

  it('the horizon of the default rules is their longest window', () => {
    const rules = DEFAULT_RULES.map((r) => compileRule({ id: r.key, version: 1, score: r.score, definition: r.definition }));
    expect(horizonOf(rules)).toBe(180 * DAY);
    expect(horizonOf([])).toBe(0);
  });
});
