/**
 * Conditions and aggregates on hand-made sequences: each fires exactly when it should, at the window's edges as
 * documented (occurred_at in (t - window, t]), with late arrivals counted at their own time, by direction and
 * filter, and with the explanation a screen renders.
 */
import { describe, expect, it } from 'vitest';
import type { Aggregate, Expr } from '../../common/tm-rules';
import { HOUR, at, fired, rule, run, tx } from './engine-helpers';

const above5000 = { compare: [{ field: 'amount' }, '>', { value: 5000 }] } as Expr;
/** The spec's example: more than 3 transactions above 5,000 within 24 hours. */
const velocity: Expr = { compare: [{ aggregate: { fn: 'count', per: 'customer', window: { amount: 24, unit: 'hours' }, where: above5000 } }, '>', { value: 3 }] };
const agg = (a: Partial<Aggregate>, op: '>' | '>=' | '<=' | '=' , v: number): Expr => ({
  compare: [{ aggregate: { fn: 'count', per: 'customer', window: { amount: 24, unit: 'hours' }, ...a } as Aggregate }, op, { value: v }],
});

describe('the spec example: more than 3 transactions above 5,000 within 24 hours', () => {
  it('fires on the fourth, not the third', () => {
    const seq = [tx('A', 'X', 6000, 0, { id: 'a' }), tx('A', 'Y', 7000, 1, { id: 'b' }), tx('A', 'Z', 5001, 2, { id: 'c' }), tx('A', 'X', 9000, 3, { id: 'd' })];
    expect(fired(velocity, seq)).toEqual(['d']);
  });

  it('does not count 5,000 itself, nor another customer, nor smaller amounts', () => {
    const seq = [tx('A', 'X', 6000, 0), tx('A', 'Y', 5000, 1), tx('B', 'Z', 9000, 2), tx('A', 'X', 100, 2.5), tx('A', 'X', 9000, 3, { id: 'last' })];
    expect(fired(velocity, seq)).toEqual([]);
  });

  it('leaves out a transaction exactly 24 hours earlier and keeps one a second later', () => {
    const edge = [tx('A', 'X', 6000, 0), tx('A', 'X', 6000, 10), tx('A', 'X', 6000, 20), tx('A', 'X', 6000, 24, { id: 'at24' })];
    expect(fired(velocity, edge)).toEqual([]);
    const inside = [tx('A', 'X', 6000, 0), tx('A', 'X', 6000, 10), tx('A', 'X', 6000, 20), tx('A', 'X', 6000, 24 - 1 / 3600, { id: 'justIn' })];
    expect(fired(velocity, inside)).toEqual(['justIn']);
  });

  it('counts a late arrival at its own time: in the windows it belongs to, not in earlier ones', () => {
    const seq = [
      tx('A', 'X', 6000, 0, { id: 'h0' }),
      tx('A', 'X', 6000, 1, { id: 'h1' }),
      tx('A', 'X', 6000, 30, { id: 'h30' }),
      // Arrives after h30 but happened at 1.5: its window (t-24h, t] holds h0, h1 and itself.
      tx('A', 'X', 6000, 1.5, { id: 'late1' }),
      // Happened at 2.5: h0, h1, late1 and itself are 4 > 3.
      tx('A', 'X', 6000, 2.5, { id: 'late2' }),
      // h30's own window does not reach back to them; a new one at 31 sees only h30 and itself.
      tx('A', 'X', 6000, 31, { id: 'h31' }),
    ];
    expect(fired(velocity, seq)).toEqual(['late2']);
    const hits = run(velocity, seq);
    const part = hits.get('late2')![0].explanation.parts[0];
    expect(part).toMatchObject({ kind: 'aggregate', fn: 'count', value: 4, op: '>', threshold: 3 });
    expect((part as { transaction_ids: string[] }).transaction_ids).toEqual(['late2', 'late1', 'h1', 'h0']);
  });

  it('explains itself with the values a screen needs', () => {
    const seq = [tx('A', 'X', 6000, 0, { id: 'a' }), tx('A', 'Y', 7000, 1, { id: 'b' }), tx('A', 'Z', 5001, 2, { id: 'c' }), tx('A', 'X', 9000, 3, { id: 'd' })];
    const [hit] = run([rule(velocity, { action: 'hold' }, 'velocity', 40)], seq).get('d')!;
    expect(hit).toMatchObject({ rule_id: 'velocity', rule_version: 1, score: 40, action: 'hold', party_key: 'C-A', counterparty: 'X', members: [] });
    expect(hit.transaction_ids).toEqual(['d', 'c', 'b', 'a']);
    expect(hit.explanation.parts).toEqual([
      {
        kind: 'aggregate',
        fn: 'count',
        per: 'customer',
        subject: 'C-A',
        direction: 'any',
        window: { amount: 24, unit: 'hours' },
        where: above5000,
        value: 4,
        op: '>',
        threshold: 3,
        transaction_ids: ['d', 'c', 'b', 'a'],
      },
    ]);
  });
});

describe('aggregates', () => {
  it('direction: a customer\'s inbound and outbound transactions are counted apart', () => {
    const seq = [
      tx('P', 'A', 100, 0, { direction: 'inbound' }),
      tx('Q', 'A', 100, 1, { direction: 'inbound' }),
      tx('A', 'X', 100, 2),
      tx('R', 'A', 100, 3, { direction: 'inbound', id: 'in3' }),
      tx('A', 'Y', 100, 4, { id: 'out2' }),
    ];
    expect(fired(agg({ direction: 'in' }, '>=', 3), seq)).toEqual(['in3', 'out2']);
    expect(fired(agg({ direction: 'out' }, '>=', 2), seq)).toEqual(['out2']);
    expect(fired(agg({ direction: 'any' }, '>=', 5), seq)).toEqual(['out2']);
  });

  it('per account and per counterparty read the transfer graph, whoever the customer is', () => {
    // B receives from three senders (their outbound transactions); then B's own customer sends one.
    const seq = [tx('P', 'B', 100, 0), tx('Q', 'B', 100, 1), tx('R', 'B', 100, 2, { id: 'third' }), tx('B', 'X', 100, 3, { id: 'bOut' })];
    const countInOfCounterparty = agg({ per: 'counterparty', direction: 'in' }, '>=', 3);
    expect(fired(countInOfCounterparty, seq)).toEqual(['third']);
    const countInOfAccount = agg({ per: 'account', direction: 'in' }, '>=', 3);
    expect(fired(countInOfAccount, seq)).toEqual(['bOut']);
    expect(fired(agg({ per: 'beneficiary', direction: 'in' }, '>=', 3), seq)).toEqual(['third']);
    expect(fired(agg({ per: 'remitter', direction: 'any' }, '>=', 4), seq)).toEqual(['bOut']);
  });

  it('sum, average, maximum and minimum over the amounts', () => {
    const seq = [tx('A', 'X', 100, 0), tx('A', 'Y', 300, 1), tx('A', 'Z', 200, 2, { id: 'last' })];
    const value = (fn: Aggregate['fn']) => {
      const when: Expr = { compare: [{ aggregate: { fn, field: 'amount', per: 'customer', window: { amount: 1, unit: 'days' } } }, '>=', { value: 0 }] };
      return (run(when, seq).get('last')![0].explanation.parts[0] as { value: number }).value;
    };
    expect([value('sum'), value('avg'), value('max'), value('min')]).toEqual([600, 200, 300, 100]);
    expect(fired({ compare: [{ aggregate: { fn: 'sum', field: 'amount', per: 'customer', window: { amount: 1, unit: 'days' } } }, '>', { value: 599.99 }] }, seq)).toEqual(['last']);
  });

  it('distinct counterparties and countries count each one once', () => {
    const seq = [
      tx('A', 'X', 100, 0, { beneficiary_country: 'DE' }),
      tx('A', 'X', 100, 1, { beneficiary_country: 'DE' }),
      tx('A', 'Y', 100, 2, { beneficiary_country: 'de', id: 'y' }),
      tx('A', 'Z', 100, 3, { beneficiary_country: 'FR', id: 'z' }),
    ];
    expect(fired(agg({ fn: 'distinct_counterparties' }, '>=', 3), seq)).toEqual(['z']);
    expect(fired(agg({ fn: 'distinct_countries' }, '>=', 2), seq)).toEqual(['z']);
    expect(fired(agg({ fn: 'distinct_countries' }, '>=', 3), seq)).toEqual([]);
  });

  it('a filter reads each past transaction\'s own fields, lists included', () => {
    const seq = [
      tx('A', 'X', 100, 0, { payment_method: 'cash' }),
      tx('A', 'X', 100, 1, { payment_method: 'Card' }),
      tx('A', 'X', 100, 2, { payment_method: 'card', id: 'c2' }),
      tx('A', 'X', 100, 3, { beneficiary_country: 'IR', id: 'ir' }),
    ];
    expect(fired(agg({ where: { compare: [{ field: 'payment_method' }, '=', { value: 'CARD' }] } }, '>=', 2), seq)).toEqual(['c2', 'ir']);
    expect(fired(agg({ where: { in: { field: 'beneficiary_country', list: 'high_risk_countries' } } }, '>=', 1), seq)).toEqual(['ir']);
  });

  it('a "<=" guard holds on quiet customers and stops on busy ones', () => {
    const seq = Array.from({ length: 30 }, (_, i) => tx('A', `X${i}`, 100, i / 10, { id: `t${i}` }));
    const hits = fired(agg({}, '<=', 10), seq);
    expect(hits).toEqual(seq.slice(0, 10).map((t) => t.id));
  });

  it('an aggregate compared with a field, and two aggregates compared', () => {
    const seq = [tx('A', 'X', 100, 0), tx('A', 'X', 100, 1), tx('A', 'X', 150, 2, { id: 'big' }), tx('A', 'X', 10, 3, { id: 'small' })];
    // The amount is above the customer's 24-hour average (including itself).
    const aboveAverage: Expr = { compare: [{ field: 'amount' }, '>', { aggregate: { fn: 'avg', field: 'amount', per: 'customer', window: { amount: 24, unit: 'hours' } } }] };
    expect(fired(aboveAverage, seq)).toEqual(['big']);
    const [part] = run(aboveAverage, seq).get('big')![0].explanation.parts;
    expect(part).toMatchObject({ kind: 'aggregate', fn: 'avg', value: 116.67, op: '<', threshold: 150 });
    const moreOutThanIn: Expr = {
      compare: [
        { aggregate: { fn: 'count', per: 'customer', direction: 'out', window: { amount: 1, unit: 'days' } } },
        '>',
        { aggregate: { fn: 'count', per: 'customer', direction: 'in', window: { amount: 1, unit: 'days' } } },
      ],
    };
    expect(fired(moreOutThanIn, [tx('B', 'A', 5, 0, { direction: 'inbound', customer_id: 'C-A' }), tx('A', 'X', 5, 1, { id: 'o1' })])).toEqual([]);
  });
});

describe('conditions', () => {
  it('compare on fields, case-insensitive text, null never matches', () => {
    const seq = [tx('A', 'X', 100, 0, { id: 'card', payment_method: ' Card ' }), tx('A', 'X', 100, 1, { id: 'none' }), tx('A', 'X', 100, 2, { id: 'cash', payment_method: 'cash' })];
    expect(fired({ compare: [{ field: 'payment_method' }, '=', { value: 'card' }] }, seq)).toEqual(['card']);
    expect(fired({ compare: [{ field: 'payment_method' }, '!=', { value: 'card' }] }, seq)).toEqual(['cash']);
    expect(fired({ not: { compare: [{ field: 'payment_method' }, '=', { value: 'card' }] } }, seq)).toEqual(['none', 'cash']);
  });

  it('derived fields: hour of day, day of week, counterparty country', () => {
    // T0 is Monday 2026-01-05 00:00 UTC.
    const seq = [tx('A', 'X', 1, 3, { id: 'mon3am' }), tx('A', 'X', 1, 24 + 14, { id: 'tue2pm', beneficiary_country: 'ir' }), tx('X', 'A', 1, 48, { direction: 'inbound', id: 'wedIn', remitter_country: 'FR', beneficiary_country: 'IR' })];
    expect(fired({ compare: [{ field: 'hour_of_day' }, '<', { value: 6 }] }, seq)).toEqual(['mon3am', 'wedIn']);
    expect(fired({ compare: [{ field: 'day_of_week' }, '=', { value: 2 }] }, seq)).toEqual(['tue2pm']);
    expect(fired({ in: { field: 'counterparty_country', list: 'high_risk_countries' } }, seq)).toEqual(['tue2pm']);
  });

  it('lists: high-risk countries, own values, custom lists through the callback', () => {
    const seq = [tx('A', 'X', 1, 0, { id: 'kp', beneficiary_country: 'KP' }), tx('A', 'X', 1, 1, { id: 'de', beneficiary_country: 'DE' }), tx('A', 'X', 1, 2, { id: 'ru', beneficiary_country: 'RU', beneficiary_name: ' Ivan Petrov ' })];
    expect(fired({ in: { field: 'beneficiary_country', list: 'high_risk_countries' } }, seq)).toEqual(['kp']);
    expect(fired({ in: { field: 'beneficiary_country', list: { values: ['de', 'RU'] } } }, seq)).toEqual(['de', 'ru']);
    const asked: [string, string][] = [];
    const inCustomList = (list: string, value: string) => {
      asked.push([list, value]);
      return list === 'L1' && value === 'Ivan Petrov';
    };
    const listed = run({ in: { field: 'beneficiary_name', list: { custom_list: 'L1' } } }, seq, { inCustomList });
    expect([...listed].filter(([, h]) => h.length).map(([id]) => id)).toEqual(['ru']);
    expect(asked).toEqual([['L1', 'Ivan Petrov']]);
    expect(listed.get('ru')![0].explanation.parts).toEqual([{ kind: 'list', field: 'beneficiary_name', value: 'Ivan Petrov', list: 'custom_list', list_id: 'L1' }]);
    // Without a callback nothing is on a custom list.
    expect(fired({ in: { field: 'beneficiary_name', list: { custom_list: 'L1' } } }, seq)).toEqual([]);
  });

  it('fields_differ: IP country against BIN country, only when both are known', () => {
    const seq = [
      tx('A', 'X', 1, 0, { id: 'same', ip_country: 'de', remitter_bin_country: 'DE' }),
      tx('A', 'X', 1, 1, { id: 'differ', ip_country: 'NG', remitter_bin_country: 'DE' }),
      tx('A', 'X', 1, 2, { id: 'unknown', remitter_bin_country: 'DE' }),
    ];
    const hits = run({ fields_differ: ['ip_country', 'remitter_bin_country'] }, seq);
    expect([...hits].filter(([, h]) => h.length).map(([id]) => id)).toEqual(['differ']);
    expect(hits.get('differ')![0].explanation.parts).toEqual([{ kind: 'fields_differ', fields: ['ip_country', 'remitter_bin_country'], values: ['NG', 'DE'] }]);
  });

  it('all / any / not: explanations of what held, none of what did not', () => {
    const when: Expr = {
      any: [
        { all: [{ compare: [{ field: 'amount' }, '>', { value: 1000 }] }, { compare: [{ field: 'currency' }, '=', { value: 'USD' }] }] },
        { all: [{ compare: [{ field: 'amount' }, '>', { value: 10 }] }, { not: { in: { field: 'beneficiary_country', list: { values: ['DE'] } } } }] },
      ],
    };
    const seq = [tx('A', 'X', 2000, 0, { id: 'big-eur', beneficiary_country: 'DE' }), tx('A', 'X', 2000, 1, { id: 'big-usd', currency: 'USD' }), tx('A', 'X', 50, 2, { id: 'fr', beneficiary_country: 'FR' })];
    const hits = run(when, seq);
    expect(hits.get('big-eur')).toEqual([]);
    expect(hits.get('big-usd')![0].explanation.parts.map((p) => p.kind)).toEqual(['compare', 'compare']);
    expect(hits.get('big-usd')![0].explanation.parts[0]).toEqual({ kind: 'compare', field: 'amount', value: 2000, op: '>', threshold: 1000 });
    expect(hits.get('fr')![0].explanation.parts).toEqual([
      { kind: 'compare', field: 'amount', value: 50, op: '>', threshold: 10 },
      { kind: 'not', expr: { in: { field: 'beneficiary_country', list: { values: ['DE'] } } } },
    ]);
  });

  it('evaluates several rules and returns one hit per rule that held, in rule order', () => {
    const rules = [rule({ compare: [{ field: 'amount' }, '>', { value: 10 }] }, {}, 'big', 20), rule({ compare: [{ field: 'amount' }, '<', { value: 0 }] }, {}, 'never'), rule({ compare: [{ field: 'currency' }, '=', { value: 'EUR' }] }, { action: 'reject' }, 'eur', 90)];
    const hits = run(rules, [tx('A', 'X', 50, 0, { id: 'one' })]).get('one')!;
    expect(hits.map((h) => [h.rule_id, h.score, h.action])).toEqual([
      ['big', 20, 'review'],
      ['eur', 90, 'reject'],
    ]);
    expect(at(0)).toBe(Date.UTC(2026, 0, 5));
    expect(HOUR).toBe(3_600_000);
  });
});
