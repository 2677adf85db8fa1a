/**
 * Network patterns on hand-made transfer graphs: each fires when its shape is complete, not one transfer
 * earlier, not on a near miss (one sender short, amounts too far apart, a span one step too long, the wrong
 * order), including when the transfer that completes the shape arrives late; and the hit names the party,
 * the members and the transactions behind it.
 */
import { describe, expect, it } from 'vitest';
import type { Expr, Pattern } from '../../common/tm-rules';
import { DAY, HOUR, fired, run, tx } from './engine-helpers';

const p = (pattern: Pattern): Expr => ({ pattern });
const days = (amount: number) => ({ amount, unit: 'days' as const });

describe('fan_in', () => {
  const fanIn = p({ kind: 'fan_in', window: days(5), min_counterparties: 4, similar_amounts: 0.1 });

  it('fires when the fourth distinct sender pays in similar amounts within the window', () => {
    const seq = [tx('S1', 'H', 1000, 0), tx('S2', 'H', 1050, 10), tx('S3', 'H', 980, 30), tx('S4', 'H', 1020, 60, { id: 'fourth' })];
    expect(fired(fanIn, seq)).toEqual(['fourth']);
    const [hit] = run(fanIn, seq).get('fourth')!;
    expect(hit.party_key).toBe('H');
    expect(hit.members.sort()).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(hit.explanation.parts[0]).toMatchObject({ kind: 'pattern', pattern: 'fan_in', account: 'H', count: 4, threshold: 4, total_in: 4050, amount_min: 980, amount_max: 1050, tolerance: 0.1 });
    expect(hit.transaction_ids[0]).toBe('fourth');
    expect(hit.transaction_ids).toHaveLength(4);
  });

  it('near misses: the same sender twice, an amount too far off, a span as long as the window', () => {
    expect(fired(fanIn, [tx('S1', 'H', 1000, 0), tx('S2', 'H', 1000, 1), tx('S3', 'H', 1000, 2), tx('S3', 'H', 1000, 3)])).toEqual([]);
    expect(fired(fanIn, [tx('S1', 'H', 1000, 0), tx('S2', 'H', 1000, 1), tx('S3', 'H', 1000, 2), tx('S4', 'H', 1200, 3)])).toEqual([]);
    // First at 0, fourth exactly 5 days later: the span is not shorter than the window.
    expect(fired(fanIn, [tx('S1', 'H', 1000, 0), tx('S2', 'H', 1000, 1), tx('S3', 'H', 1000, 2), tx('S4', 'H', 1000, 120)])).toEqual([]);
    expect(fired(fanIn, [tx('S1', 'H', 1000, 0), tx('S2', 'H', 1000, 1), tx('S3', 'H', 1000, 2), tx('S4', 'H', 1000, 120 - 1 / 60, { id: 'in' })])).toEqual(['in']);
  });

  it('a late transfer completes the pattern with transfers that happened after it', () => {
    const seq = [tx('S2', 'H', 1000, 24), tx('S3', 'H', 1000, 48), tx('S4', 'H', 1000, 72), tx('S1', 'H', 1000, 0, { id: 'late' })];
    expect(fired(fanIn, seq)).toEqual(['late']);
  });

  it('only quiet accounts with max_activity; a filter keeps business flows out', () => {
    const quiet = p({ kind: 'fan_in', window: days(5), min_counterparties: 4, max_activity: { count: 6, window: days(90) } });
    const four = [tx('S1', 'H', 1000, 0), tx('S2', 'H', 1000, 1), tx('S3', 'H', 1000, 2), tx('S4', 'H', 1000, 3, { id: 'fourth' })];
    expect(fired(quiet, four)).toEqual(['fourth']);
    const busy = [...Array.from({ length: 5 }, (_, i) => tx('H', `Z${i}`, 10, -100 + i)), ...four];
    expect(fired(quiet, busy)).toEqual([]);
    const purchases = p({ kind: 'fan_in', window: days(5), min_counterparties: 4, where: { compare: [{ field: 'type' }, '!=', { value: 'purchase' }] } });
    expect(fired(purchases, four.map((t) => ({ ...t, type: 'purchase' })))).toEqual([]);
    expect(fired(purchases, four.map((t) => ({ ...t, type: 'transfer' })))).toEqual(['fourth']);
  });
});

describe('fan_out', () => {
  const fanOut = p({ kind: 'fan_out', window: { amount: 48, unit: 'hours' }, min_counterparties: 3, similar_amounts: 0.05 });
  it('fires on the third distinct receiver of similar amounts, names the sender as party', () => {
    const seq = [tx('H', 'R1', 500, 0), tx('H', 'R2', 510, 5), tx('H', 'R1', 505, 6), tx('H', 'R3', 495, 20, { id: 'third' })];
    expect(fired(fanOut, seq)).toEqual(['third']);
    const [hit] = run(fanOut, seq).get('third')!;
    expect(hit.party_key).toBe('H');
    expect(hit.members.sort()).toEqual(['R1', 'R2', 'R3']);
    expect(hit.explanation.parts[0]).toMatchObject({ pattern: 'fan_out', count: 3, total_out: 2010 });
  });
  it('does not fire on receivers of the hub (direction) nor on dissimilar amounts', () => {
    expect(fired(fanOut, [tx('R1', 'H', 500, 0), tx('R2', 'H', 500, 1), tx('R3', 'H', 500, 2)])).toEqual([]);
    expect(fired(fanOut, [tx('H', 'R1', 500, 0), tx('H', 'R2', 500, 1), tx('H', 'R3', 600, 2)])).toEqual([]);
  });
});

describe('repeated_pair', () => {
  const split = p({ kind: 'repeated_pair', window: { amount: 24, unit: 'hours' }, min_count: 3, similar_amounts: 0.35 });
  it('fires on the third payment to the same beneficiary within 24 hours', () => {
    const seq = [tx('A', 'B', 900, 0), tx('A', 'C', 900, 1), tx('A', 'B', 950, 2), tx('A', 'B', 880, 23, { id: 'third' })];
    expect(fired(split, seq)).toEqual(['third']);
    const [hit] = run(split, seq).get('third')!;
    expect(hit).toMatchObject({ party_key: 'A', counterparty: 'B', members: ['B'] });
    expect(hit.explanation.parts[0]).toMatchObject({ pattern: 'repeated_pair', count: 3, threshold: 3, total_out: 2730 });
  });
  it('near misses: two only, the third a day later, the third of another size, the reverse direction', () => {
    expect(fired(split, [tx('A', 'B', 900, 0), tx('A', 'B', 900, 1)])).toEqual([]);
    expect(fired(split, [tx('A', 'B', 900, 0), tx('A', 'B', 900, 1), tx('A', 'B', 900, 24)])).toEqual([]);
    expect(fired(split, [tx('A', 'B', 900, 0), tx('A', 'B', 900, 1), tx('A', 'B', 90, 2)])).toEqual([]);
    expect(fired(split, [tx('A', 'B', 900, 0), tx('B', 'A', 900, 1), tx('A', 'B', 900, 2)])).toEqual([]);
  });
  it('a late payment between two others completes it', () => {
    expect(fired(split, [tx('A', 'B', 900, 0), tx('A', 'B', 900, 20), tx('A', 'B', 900, 10, { id: 'late' })])).toEqual(['late']);
  });
});

describe('pass_through', () => {
  const pass = p({ kind: 'pass_through', window: days(5), min_senders: 3, min_receivers: 2, tolerance: 0.05 });
  const collect = [tx('S1', 'M', 3000, 0), tx('S2', 'M', 3100, 10), tx('S3', 'M', 2900, 30)];

  it('fires when what was collected from 3 senders has gone on to 2 receivers', () => {
    const seq = [...collect, tx('M', 'R1', 4500, 40), tx('M', 'R2', 4300, 50, { id: 'second' })];
    expect(fired(pass, seq)).toEqual(['second']);
    const [hit] = run(pass, seq).get('second')!;
    expect(hit.party_key).toBe('M');
    expect(hit.members.sort()).toEqual(['R1', 'R2', 'S1', 'S2', 'S3']);
    expect(hit.explanation.parts[0]).toMatchObject({ pattern: 'pass_through', senders: 3, receivers: 2, total_in: 9000, total_out: 8800 });
  });

  it('near misses: most of it stays, receipts and payments interleave, too slow', () => {
    expect(fired(pass, [...collect, tx('M', 'R1', 3000, 40), tx('M', 'R2', 3000, 50)])).toEqual([]);
    const interleaved = [tx('S1', 'M', 3000, 0), tx('S2', 'M', 3000, 10), tx('M', 'R1', 4500, 20), tx('S3', 'M', 3000, 30), tx('M', 'R2', 4500, 40)];
    expect(fired(pass, interleaved)).toEqual([]);
    expect(fired(pass, [...collect, tx('M', 'R1', 4500, 40), tx('M', 'R2', 4300, 5 * 24)])).toEqual([]);
  });

  it('a late receipt that completes it is found at the beneficiary side', () => {
    const seq = [tx('S1', 'M', 3000, 0), tx('S2', 'M', 3100, 10), tx('M', 'R1', 4500, 40), tx('M', 'R2', 4300, 50), tx('S3', 'M', 2900, 30, { id: 'late' })];
    expect(fired(pass, seq)).toEqual(['late']);
    expect(run(pass, seq).get('late')![0].party_key).toBe('M');
  });

  it('one in, one out: rapid movement', () => {
    const rapid = p({ kind: 'pass_through', window: { amount: 48, unit: 'hours' }, min_senders: 1, min_receivers: 1, tolerance: 0.03 });
    expect(fired(rapid, [tx('S', 'M', 1000, 0), tx('M', 'R', 985, 30, { id: 'out' })])).toEqual(['out']);
    expect(fired(rapid, [tx('S', 'M', 1000, 0), tx('M', 'R', 900, 30)])).toEqual([]);
    expect(fired(rapid, [tx('S', 'M', 1000, 0), tx('M', 'R', 1000, 48)])).toEqual([]);
  });
});

describe('cycle', () => {
  const ordered = p({ kind: 'cycle', window: days(30), min_hops: 3, max_hops: 5, tolerance: 0.05 });
  const loop = [tx('A', 'B', 10000, 0, { id: 'ab' }), tx('B', 'C', 9800, 24, { id: 'bc' }), tx('C', 'A', 9600, 48, { id: 'ca' })];

  it('fires when money comes back to its origin, in time order, amounts shaved a little at each hop', () => {
    expect(fired(ordered, loop)).toEqual(['ca']);
    const [hit] = run(ordered, loop).get('ca')!;
    expect(hit.party_key).toBe('A');
    expect(hit.members.sort()).toEqual(['B', 'C']);
    // The hit lists the current transaction first; the explanation reads the loop from its origin.
    expect(hit.transaction_ids).toEqual(['ca', 'ab', 'bc']);
    expect(hit.explanation.parts[0]).toMatchObject({ pattern: 'cycle', account: 'A', count: 3, threshold: 3, amount_min: 9600, amount_max: 10000, transaction_ids: ['ab', 'bc', 'ca'] });
  });

  it('a late middle leg completes the loop', () => {
    expect(fired(ordered, [loop[0], loop[2], { ...loop[1], id: 'late-bc' }])).toEqual(['late-bc']);
  });

  it('near misses: a hop of another amount, too long, too few hops, legs out of order', () => {
    expect(fired(ordered, [loop[0], loop[1], tx('C', 'A', 5000, 48)])).toEqual([]);
    expect(fired(ordered, [loop[0], loop[1], tx('C', 'A', 9600, 30 * 24)])).toEqual([]);
    expect(fired(ordered, [tx('A', 'B', 10000, 0), tx('B', 'A', 9900, 5)])).toEqual([]);
    // B → C happened before A → B: the money that came back to A is not the money that left it.
    const unordered = [tx('B', 'C', 10000, 0), tx('A', 'B', 10000, 24), tx('C', 'A', 10000, 48, { id: 'x' })];
    expect(fired(ordered, unordered)).toEqual([]);
    const anyOrder = p({ kind: 'cycle', window: days(30), min_hops: 3, max_hops: 5, tolerance: 0.02, ordered: false });
    expect(fired(anyOrder, unordered)).toEqual(['x']);
    expect(fired(anyOrder, [tx('B', 'C', 10000, 0), tx('A', 'B', 10000, 24), tx('C', 'A', 9500, 48)])).toEqual([]);
  });

  it('respects max_hops', () => {
    const four = [tx('A', 'B', 100, 0), tx('B', 'C', 100, 1), tx('C', 'D', 100, 2), tx('D', 'A', 100, 3, { id: 'back' })];
    expect(fired(p({ kind: 'cycle', window: days(5), max_hops: 4, tolerance: 0.01 }), four)).toEqual(['back']);
    expect(fired(p({ kind: 'cycle', window: days(5), max_hops: 3, tolerance: 0.01 }), four)).toEqual([]);
  });

  it('stays bounded on a dense graph', () => {
    // 40 accounts all paying each other the same amount: the search stops at its caps, quickly.
    const seq = [];
    let h = 0;
    for (let i = 0; i < 40; i++) for (let j = 0; j < 40; j++) if (i !== j) seq.push(tx(`N${i}`, `N${j}`, 100, (h += 0.001)));
    const started = performance.now();
    const hits = run(p({ kind: 'cycle', window: days(5), max_hops: 8, tolerance: 0.01 }), seq);
    const perTx = (performance.now() - started) / seq.length;
    expect(perTx).toBeLessThan(5);
    expect([...hits.values()].some((x) => x.length > 0)).toBe(true);
    expect(DAY).toBe(24 * HOUR);
  });
});
