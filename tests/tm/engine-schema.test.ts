/**
 * The rule-definition schema (common/schemas/tm-rules.ts): valid definitions pass, and each kind of mistake
 * is refused with its message id at the exact path of the node, so the rule builder can put it under the
 * right control. compileRule refuses what the schema refuses.
 */
import { describe, expect, it } from 'vitest';
import { object, string } from 'superstruct';
import { schemaProblems } from '../../common/schemas/field-problems';
import { RuleDefinitionSchema, ruleDefinitionProblems } from '../../common/schemas/tm-rules';
import { MESSAGES } from '../../common/messages';
import { DEFAULT_RULES, RuleDefinitionError, compileRule } from '../../server/tm-engine';

const def = (when: unknown, extra: Record<string, unknown> = {}) => ({ version: 1, when, ...extra });
const count = (extra: Record<string, unknown> = {}) => ({ aggregate: { fn: 'count', per: 'customer', window: { amount: 24, unit: 'hours' }, ...extra } });
const problems = (value: unknown) => ruleDefinitionProblems(value);

describe('rule definition schema', () => {
  it('accepts every default rule and the spec example', () => {
    for (const r of DEFAULT_RULES) expect(problems(r.definition), r.key).toEqual([]);
    const example = def({ compare: [count({ where: { compare: [{ field: 'amount' }, '>', { value: 5000 }] } }), '>', { value: 3 }] });
    expect(problems(example)).toEqual([]);
  });

  it('refuses an unknown language version, and a missing one, at version', () => {
    expect(problems({ version: 2, when: { compare: [{ field: 'amount' }, '>', { value: 1 }] } })).toEqual([{ path: ['version'], message: 'tm_rule_version' }]);
    expect(problems({ when: { compare: [{ field: 'amount' }, '>', { value: 1 }] } })).toEqual([{ path: ['version'], message: 'tm_rule_version' }]);
    expect(problems('not an object')).toEqual([{ path: [], message: 'tm_rule_shape' }]);
  });

  it('requires a condition and a known action', () => {
    expect(problems({ version: 1 })).toEqual([{ path: ['when'], message: 'required' }]);
    expect(problems(def({ compare: [{ field: 'amount' }, '>', { value: 1 }] }, { action: 'block' }))).toEqual([{ path: ['action'], message: 'tm_rule_action' }]);
    expect(problems(def({ compare: [{ field: 'amount' }, '>', { value: 1 }] }, { extra: 1 }))).toEqual([{ path: ['extra'], message: 'tm_rule_shape' }]);
  });

  it('names an unknown field at its path', () => {
    expect(problems(def({ all: [{ compare: [{ field: 'amount' }, '>', { value: 1 }] }, { compare: [{ field: 'colour' }, '=', { value: 'red' }] }] }))).toEqual([
      { path: ['when', 'all', 1, 'compare', 0, 'field'], message: 'tm_rule_field' },
    ]);
  });

  it('refuses an ordering on a country, a type mismatch, and two constants', () => {
    expect(problems(def({ compare: [{ field: 'ip_country' }, '>', { value: 'DE' }] }))).toEqual([{ path: ['when', 'compare', 1], message: 'tm_rule_operator' }]);
    expect(problems(def({ compare: [{ field: 'amount' }, '>', { value: 'a lot' }] }))).toEqual([{ path: ['when', 'compare'], message: 'tm_rule_type_mismatch' }]);
    expect(problems(def({ compare: [{ field: 'amount' }, '>', { field: 'currency' }] }))).toEqual([{ path: ['when', 'compare'], message: 'tm_rule_type_mismatch' }]);
    expect(problems(def({ compare: [{ value: 1 }, '<', { value: 2 }] }))).toEqual([{ path: ['when', 'compare'], message: 'tm_rule_constant' }]);
    expect(problems(def({ compare: [{ field: 'amount' }, '=>', { value: 2 }] }))).toEqual([{ path: ['when', 'compare', 1], message: 'tm_rule_operator' }]);
    expect(problems(def({ compare: [{ field: 'ip_country' }, '=', { value: 'Germany' }] }))).toEqual([{ path: ['when', 'compare', 2, 'value'], message: 'tm_rule_country' }]);
  });

  it('refuses numbers that are not finite', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(problems(def({ compare: [{ field: 'amount' }, '>', { value: bad }] }))).toEqual([{ path: ['when', 'compare', 2, 'value'], message: 'tm_rule_number' }]);
    }
  });

  it('bounds windows to 1 minute .. 400 days, whole numbers, known units', () => {
    const at = (window: unknown) => problems(def({ compare: [{ aggregate: { fn: 'count', per: 'customer', window } }, '>', { value: 3 }] }));
    expect(at({ amount: 400, unit: 'days' })).toEqual([]);
    expect(at({ amount: 1, unit: 'minutes' })).toEqual([]);
    expect(at({ amount: 401, unit: 'days' })).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'window', 'amount'], message: 'tm_rule_window' }]);
    expect(at({ amount: 0, unit: 'minutes' })).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'window', 'amount'], message: 'tm_rule_window' }]);
    expect(at({ amount: 1.5, unit: 'hours' })).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'window', 'amount'], message: 'tm_rule_window' }]);
    expect(at({ amount: 2, unit: 'weeks' })).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'window', 'unit'], message: 'tm_rule_window' }]);
    expect(at(undefined)).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'window'], message: 'required' }]);
  });

  it('checks aggregates: function, field, subject, direction', () => {
    const agg = (a: Record<string, unknown>) => problems(def({ compare: [{ aggregate: { fn: 'count', per: 'customer', window: { amount: 1, unit: 'days' }, ...a } }, '>', { value: 3 }] }));
    expect(agg({ fn: 'median' })).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'fn'], message: 'tm_rule_aggregate' }]);
    expect(agg({ per: 'bank' })).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'per'], message: 'tm_rule_aggregate' }]);
    expect(agg({ direction: 'up' })).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'direction'], message: 'tm_rule_aggregate' }]);
    // count reads no field; sum reads the amount only.
    expect(agg({ field: 'amount' })).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'field'], message: 'tm_rule_field' }]);
    expect(agg({ fn: 'sum', field: 'order_total' })).toEqual([{ path: ['when', 'compare', 0, 'aggregate', 'field'], message: 'tm_rule_field' }]);
    expect(agg({ fn: 'sum', field: 'amount' })).toEqual([]);
  });

  it('refuses aggregates and patterns inside a filter', () => {
    const inner = count();
    expect(problems(def({ compare: [count({ where: { compare: [inner, '>', { value: 1 }] } }), '>', { value: 3 }] }))).toEqual([
      { path: ['when', 'compare', 0, 'aggregate', 'where', 'compare', 0, 'aggregate'], message: 'tm_rule_where' },
    ]);
    const pattern = { pattern: { kind: 'repeated_pair', window: { amount: 1, unit: 'days' }, min_count: 2 } };
    expect(problems(def({ compare: [count({ where: { not: pattern } }), '>', { value: 3 }] }))).toEqual([
      { path: ['when', 'compare', 0, 'aggregate', 'where', 'not', 'pattern'], message: 'tm_rule_where' },
    ]);
  });

  it('bounds depth and size, and refuses empty groups and nodes of two kinds', () => {
    let deep: unknown = { compare: [{ field: 'amount' }, '>', { value: 1 }] };
    // 12 levels are allowed: 12 nots and their comparison make 13.
    for (let i = 0; i < 12; i++) deep = { not: deep };
    expect(problems(def(deep))).toEqual([{ path: ['when', ...Array(12).fill('not')], message: 'tm_rule_too_large' }]);
    const wide = { any: Array.from({ length: 51 }, () => ({ compare: [{ field: 'amount' }, '>', { value: 1 }] })) };
    expect(problems(def(wide))).toEqual([{ path: ['when', 'any'], message: 'tm_rule_too_large' }]);
    const many = { all: Array.from({ length: 10 }, () => ({ any: Array.from({ length: 25 }, () => ({ compare: [{ field: 'amount' }, '>', { value: 1 }] })) })) };
    expect(problems(def(many)).map((p) => p.message)).toEqual(['tm_rule_too_large']);
    expect(problems(def({ all: [] }))).toEqual([{ path: ['when', 'all'], message: 'tm_rule_empty_group' }]);
    expect(problems(def({ all: [{ compare: [{ field: 'amount' }, '>', { value: 1 }], not: { all: [] } }] }))).toEqual([{ path: ['when', 'all', 0], message: 'tm_rule_shape' }]);
  });

  it('checks lists: the high-risk list needs a country field; values are bounded and well formed', () => {
    expect(problems(def({ in: { field: 'beneficiary_country', list: 'high_risk_countries' } }))).toEqual([]);
    expect(problems(def({ in: { field: 'customer_id', list: 'high_risk_countries' } }))).toEqual([{ path: ['when', 'in', 'field'], message: 'tm_rule_type_mismatch' }]);
    expect(problems(def({ in: { field: 'amount', list: { values: ['1'] } } }))).toEqual([{ path: ['when', 'in', 'field'], message: 'tm_rule_type_mismatch' }]);
    expect(problems(def({ in: { field: 'ip_country', list: { values: ['DE', 'DEU'] } } }))).toEqual([{ path: ['when', 'in', 'list', 'values', 1], message: 'tm_rule_country' }]);
    expect(problems(def({ in: { field: 'payment_method', list: { values: [] } } }))).toEqual([{ path: ['when', 'in', 'list', 'values'], message: 'tm_rule_list_values' }]);
    expect(problems(def({ in: { field: 'payment_method', list: { custom_list: '' } } }))).toEqual([{ path: ['when', 'in', 'list', 'custom_list'], message: 'tm_rule_custom_list' }]);
    expect(problems(def({ in: { field: 'payment_method', list: 'sanctions' } }))).toEqual([{ path: ['when', 'in', 'list'], message: 'tm_rule_list' }]);
  });

  it('checks fields_differ and pattern settings', () => {
    expect(problems(def({ fields_differ: ['ip_country', 'ip_country'] }))).toEqual([{ path: ['when', 'fields_differ'], message: 'tm_rule_fields_differ' }]);
    expect(problems(def({ fields_differ: ['ip_country', 'amount'] }))).toEqual([{ path: ['when', 'fields_differ'], message: 'tm_rule_fields_differ' }]);
    const p = (pattern: Record<string, unknown>) => problems(def({ pattern: { window: { amount: 5, unit: 'days' }, ...pattern } }));
    expect(p({ kind: 'fan_in', min_counterparties: 1 })).toEqual([{ path: ['when', 'pattern', 'min_counterparties'], message: 'tm_rule_pattern_param' }]);
    expect(p({ kind: 'fan_in', min_counterparties: 3, similar_amounts: 1.5 })).toEqual([{ path: ['when', 'pattern', 'similar_amounts'], message: 'tm_rule_pattern_param' }]);
    expect(p({ kind: 'fan_in', min_counterparties: 3, max_activity: { count: 0, window: { amount: 90, unit: 'days' } } })).toEqual([
      { path: ['when', 'pattern', 'max_activity', 'count'], message: 'tm_rule_pattern_param' },
    ]);
    expect(p({ kind: 'cycle', max_hops: 9, tolerance: 0.1 })).toEqual([{ path: ['when', 'pattern', 'max_hops'], message: 'tm_rule_pattern_param' }]);
    expect(p({ kind: 'cycle', min_hops: 5, max_hops: 4, tolerance: 0.1 })).toEqual([{ path: ['when', 'pattern', 'min_hops'], message: 'tm_rule_pattern_param' }]);
    expect(p({ kind: 'spiral' })).toEqual([{ path: ['when', 'pattern', 'kind'], message: 'tm_rule_pattern' }]);
    expect(p({ kind: 'repeated_pair', min_count: 2, hops: 3 })).toEqual([{ path: ['when', 'pattern', 'hops'], message: 'tm_rule_shape' }]);
  });

  it('is a superstruct schema whose failures carry the full path and a message id the UI translates', () => {
    const Body = object({ name: string(), definition: RuleDefinitionSchema });
    const body = { name: 'x', definition: def({ compare: [{ field: 'ip_country' }, '>', { value: 'DE' }] }) };
    const [error] = Body.validate(body);
    const failures = error!.failures();
    expect(failures.map((f) => [f.path, f.message])).toEqual([[['definition', 'when', 'compare', 1], 'tm_rule_operator']]);
    expect(schemaProblems(Body, body)).toEqual({ definition: 'tm_rule_operator' });
    for (const id of ['tm_rule_version', 'tm_rule_shape', 'tm_rule_window', 'tm_rule_where', 'tm_rule_pattern_param']) expect(MESSAGES).toHaveProperty(id);
    expect(Body.validate({ name: 'x', definition: DEFAULT_RULES[0].definition })[0]).toBeUndefined();
  });

  it('compileRule refuses an invalid definition with the problems', () => {
    expect(() => compileRule({ id: 'r', version: 1, score: 1, definition: { version: 3, when: {} } })).toThrow(RuleDefinitionError);
    try {
      compileRule({ id: 'r', version: 1, score: 1, definition: def({ all: [] }) });
    } catch (e) {
      expect((e as RuleDefinitionError).problems).toEqual([{ path: ['when', 'all'], message: 'tm_rule_empty_group' }]);
    }
  });
});
