/**
 * The default rule set: every rule is documented (name, description, typology, why), valid and compiled; the
 * spec's example is one of them; and on a small held-out synthetic set (tests/tm/synthetic.ts, not the data the
 * rules were measured on) the enabled rules find the injected patterns without flagging ordinary accounts
 * wholesale. scripts/bench-tm.ts measures the full-size set and AMLSim.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, TransferState, compileRule, evaluate, horizonOf } from '../../server/tm-engine';
import { generateSynthetic } from './synthetic';

const compiled = DEFAULT_RULES.filter((r) => r.enabled).map((r) => compileRule({ id: r.key, version: 1, score: r.score, definition: r.definition }));

describe('default rules', () => {
  it('are documented, unique, scored 0..100 and valid', () => {
    expect(new Set(DEFAULT_RULES.map((r) => r.key)).size).toBe(DEFAULT_RULES.length);
    for (const r of DEFAULT_RULES) {
      expect(r.name.length, r.key).toBeGreaterThan(5);
      expect(r.description.length, r.key).toBeGreaterThan(20);
      expect(r.typology.length, r.key).toBeGreaterThan(3);
      expect(r.why.length, r.key).toBeGreaterThan(30);
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(100);
      expect(() => compileRule({ id: r.key, version: 1, score: r.score, definition: r.definition })).not.toThrow();
    }
    const keys = DEFAULT_RULES.map((r) => r.key);
    for (const k of ['velocity_large', 'high_risk_country', 'ip_bin_mismatch', 'structuring', 'fan_in', 'fan_out', 'pass_through', 'cycle', 'large_cash', 'rapid_movement']) expect(keys).toContain(k);
  });

  it('include the spec example: more than 3 transactions above 5,000 within 24 hours', () => {
    const v = DEFAULT_RULES.find((r) => r.key === 'velocity_large')!;
    expect(v.name).toBe('More than 3 transactions above 5,000 within 24 hours');
    expect(v.definition.when).toEqual({
      compare: [{ aggregate: { fn: 'count', per: 'customer', direction: 'any', window: { amount: 24, unit: 'hours' }, where: { compare: [{ field: 'amount' }, '>', { value: 5000 }] } } }, '>', { value: 3 }],
    });
  });

  it('find the injected patterns of a held-out synthetic set', () => {
    const data = generateSynthetic({ seed: 7, persons: 1200, merchants: 60, employers: 20, days: 90, patterns: { fan_out: 6, scatter_gather: 6, pass_through: 6, cycle: 6, structuring: 6, funnel: 6 } });
    const state = new TransferState({ horizonMs: horizonOf(compiled) });
    const flagged = new Set<string>();
    for (const t of data.transactions) {
      state.add(t);
      for (const hit of evaluate(compiled, t, state)) {
        flagged.add(hit.party_key.replace(/^C-/, ''));
        for (const m of hit.members) flagged.add(m);
      }
    }
    let tp = 0;
    let positives = 0;
    for (const [, v] of data.accounts) if (v.fraud) positives++;
    for (const a of flagged) if (data.accounts.get(a)?.fraud) tp++;
    const precision = tp / flagged.size;
    const recall = tp / positives;
    expect(precision).toBeGreaterThan(0.7);
    expect(recall).toBeGreaterThan(0.5);
    // Each kind of injected pattern is found at least once.
    for (const kind of ['fan_out', 'scatter_gather', 'pass_through', 'cycle', 'structuring'] as const) {
      expect(data.patterns.some((p) => p.kind === kind && p.accounts.every((a) => flagged.has(a))), kind).toBe(true);
    }
  });
});
