/**
 * The schema of a transaction-monitoring rule definition (common/tm-rules.ts, docs/transaction-rules.md).
 *
 * A definition is a recursive expression tree, and what a person gets wrong in one is rarely the JSON shape:
 * it is a '>' on a country, a window of 500 days, a field that does not exist, an aggregate inside a filter.
 * superstruct's combinators would report those as "Expected a value of type ...", so the tree is checked by one
 * walk that names each problem with a message id (common/messages.ts) and the exact path of the node
 * (['when', 'all', 1, 'compare', 2, 'aggregate', 'window']), wrapped as a superstruct Struct so request
 * schemas embed it like any other field. The walk counts nodes and depth before it recurses further, so a
 * huge or deeply nested body is refused without walking all of it.
 */
import { Struct } from 'superstruct';
import type { MessageId } from '../messages';
import {
  AGGREGATE_DIRECTIONS,
  AGGREGATE_FNS,
  AGGREGATE_FNS_WITH_FIELD,
  AGGREGATE_PER,
  COMPARE_OPERATORS,
  HIGH_RISK_LIST,
  OPERATORS_BY_TYPE,
  PATTERN_KINDS,
  RULE_ACTIONS,
  RULE_LIMITS,
  TM_RULE_LANGUAGE_VERSION,
  TX_FIELDS,
  WINDOW_LIMITS,
  WINDOW_UNITS,
  WINDOW_UNIT_MS,
  isTxField,
  type RuleDefinition,
  type TxFieldType,
} from '../tm-rules';

export type RulePath = (string | number)[];
export interface RuleProblem {
  path: RulePath;
  message: MessageId;
}

const MAX_PROBLEMS = 20;
const COUNTRY = /^[A-Za-z]{2}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = <T extends readonly unknown[]>(list: T, v: unknown): v is T[number] => list.includes(v as T[number]);

/** The type of a compare operand: a field's catalogue type, a literal's own, 'number' for an aggregate. */
type OperandType = TxFieldType | 'literal_string' | null;

class Walker {
  problems: RuleProblem[] = [];
  nodes = 0;
  /** Once the tree is too large or too deep, stop: the one problem says so. */
  stopped = false;

  problem(path: RulePath, message: MessageId): void {
    if (this.problems.length < MAX_PROBLEMS && !this.problems.some((p) => p.message === message && samePath(p.path, path))) this.problems.push({ path, message });
  }

  onlyKeys(node: Record<string, unknown>, allowed: readonly string[], path: RulePath): void {
    for (const key of Object.keys(node)) if (!allowed.includes(key)) this.problem([...path, key], 'tm_rule_shape');
  }

  definition(value: unknown): void {
    if (!isObject(value)) return this.problem([], 'tm_rule_shape');
    if (value.version !== TM_RULE_LANGUAGE_VERSION) return this.problem(['version'], 'tm_rule_version');
    this.onlyKeys(value, ['version', 'when', 'action'], []);
    if (value.action !== undefined && !has(RULE_ACTIONS, value.action)) this.problem(['action'], 'tm_rule_action');
    if (value.when === undefined) return this.problem(['when'], 'required');
    this.expr(value.when, ['when'], 1, false);
  }

  /** inWhere: a filter on past transactions' own fields, where aggregates and patterns have no meaning. */
  expr(node: unknown, path: RulePath, depth: number, inWhere: boolean): void {
    if (this.stopped) return;
    if (++this.nodes > RULE_LIMITS.maxNodes || depth > RULE_LIMITS.maxDepth) {
      this.stopped = true;
      return this.problem(path, 'tm_rule_too_large');
    }
    if (!isObject(node)) return this.problem(path, 'tm_rule_shape');
    const keys = Object.keys(node);
    if (keys.length !== 1) return this.problem(path, 'tm_rule_shape');
    const kind = keys[0];
    const body = node[kind];
    const at = [...path, kind];
    switch (kind) {
      case 'all':
      case 'any':
        if (!Array.isArray(body)) return this.problem(at, 'tm_rule_shape');
        if (body.length === 0) return this.problem(at, 'tm_rule_empty_group');
        if (body.length > RULE_LIMITS.maxChildren) {
          this.stopped = true;
          return this.problem(at, 'tm_rule_too_large');
        }
        body.forEach((child, i) => this.expr(child, [...at, i], depth + 1, inWhere));
        return;
      case 'not':
        return this.expr(body, at, depth + 1, inWhere);
      case 'compare':
        return this.compare(body, at, depth, inWhere);
      case 'in':
        return this.inList(body, at);
      case 'fields_differ':
        return this.fieldsDiffer(body, at);
      case 'pattern':
        if (inWhere) return this.problem(at, 'tm_rule_where');
        return this.pattern(body, at, depth);
      default:
        return this.problem(at, 'tm_rule_shape');
    }
  }

  compare(body: unknown, at: RulePath, depth: number, inWhere: boolean): void {
    if (!Array.isArray(body) || body.length !== 3) return this.problem(at, 'tm_rule_shape');
    const [left, op, right] = body;
    const lt = this.operand(left, [...at, 0], depth, inWhere);
    const rt = this.operand(right, [...at, 2], depth, inWhere);
    if (!has(COMPARE_OPERATORS, op)) return this.problem([...at, 1], 'tm_rule_operator');
    if (lt === undefined || rt === undefined) return;
    if (isObject(left) && 'value' in left && isObject(right) && 'value' in right) return this.problem(at, 'tm_rule_constant');
    // The side that is not a literal decides the type; a literal string fits a string or a country field.
    const type: OperandType = lt === 'literal_string' ? rt : lt;
    const other: OperandType = lt === 'literal_string' ? lt : rt;
    const fits = (a: OperandType, b: OperandType) =>
      a === b || (b === 'literal_string' && (a === 'string' || a === 'country')) || (a === 'literal_string' && (b === 'string' || b === 'country')) || ((a === 'string' || a === 'country') && (b === 'string' || b === 'country'));
    if (!fits(type, other)) return this.problem(at, 'tm_rule_type_mismatch');
    const effective: TxFieldType = type === 'literal_string' || type === null ? 'string' : type;
    if (!OPERATORS_BY_TYPE[effective].includes(op)) return this.problem([...at, 1], 'tm_rule_operator');
    // A literal compared with a country field must be a country code, or the comparison can never be true.
    if (effective === 'country') {
      for (const [side, i] of [[left, 0], [right, 2]] as const) {
        if (isObject(side) && 'value' in side && !COUNTRY.test(String(side.value))) this.problem([...at, i, 'value'], 'tm_rule_country');
      }
    }
  }

  /** Checks one operand and returns its type (undefined when it is broken). */
  operand(node: unknown, at: RulePath, depth: number, inWhere: boolean): OperandType | undefined {
    if (!isObject(node) || Object.keys(node).length !== 1) {
      this.problem(at, 'tm_rule_shape');
      return undefined;
    }
    if ('field' in node) {
      if (!isTxField(node.field)) {
        this.problem([...at, 'field'], 'tm_rule_field');
        return undefined;
      }
      return TX_FIELDS[node.field].type;
    }
    if ('value' in node) {
      const v = node.value;
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) {
          this.problem([...at, 'value'], 'tm_rule_number');
          return undefined;
        }
        return 'number';
      }
      if (typeof v === 'string') {
        if (v.length > RULE_LIMITS.maxStringLength) {
          this.problem([...at, 'value'], 'tm_rule_text');
          return undefined;
        }
        return 'literal_string';
      }
      if (typeof v === 'boolean') return 'boolean';
      this.problem([...at, 'value'], 'tm_rule_shape');
      return undefined;
    }
    if ('aggregate' in node) {
      if (inWhere) {
        this.problem([...at, 'aggregate'], 'tm_rule_where');
        return undefined;
      }
      return this.aggregate(node.aggregate, [...at, 'aggregate'], depth) ? 'number' : undefined;
    }
    this.problem(at, 'tm_rule_shape');
    return undefined;
  }

  aggregate(node: unknown, at: RulePath, depth: number): boolean {
    if (!isObject(node)) {
      this.problem(at, 'tm_rule_shape');
      return false;
    }
    const before = this.problems.length;
    this.onlyKeys(node, ['fn', 'field', 'per', 'direction', 'window', 'where'], at);
    if (!has(AGGREGATE_FNS, node.fn)) this.problem([...at, 'fn'], 'tm_rule_aggregate');
    else if (node.field !== undefined && (node.field !== 'amount' || !AGGREGATE_FNS_WITH_FIELD.includes(node.fn))) this.problem([...at, 'field'], 'tm_rule_field');
    if (!has(AGGREGATE_PER, node.per)) this.problem([...at, 'per'], 'tm_rule_aggregate');
    if (node.direction !== undefined && !has(AGGREGATE_DIRECTIONS, node.direction)) this.problem([...at, 'direction'], 'tm_rule_aggregate');
    this.window(node.window, [...at, 'window']);
    if (node.where !== undefined) this.expr(node.where, [...at, 'where'], depth + 1, true);
    return this.problems.length === before;
  }

  window(node: unknown, at: RulePath): void {
    if (!isObject(node)) return this.problem(at, node === undefined ? 'required' : 'tm_rule_window');
    this.onlyKeys(node, ['amount', 'unit'], at);
    const { amount, unit } = node;
    if (!has(WINDOW_UNITS, unit)) return this.problem([...at, 'unit'], 'tm_rule_window');
    if (typeof amount !== 'number' || !Number.isInteger(amount)) return this.problem([...at, 'amount'], 'tm_rule_window');
    const ms = amount * WINDOW_UNIT_MS[unit];
    if (ms < WINDOW_LIMITS.minMs || ms > WINDOW_LIMITS.maxMs) this.problem([...at, 'amount'], 'tm_rule_window');
  }

  inList(body: unknown, at: RulePath): void {
    if (!isObject(body)) return this.problem(at, 'tm_rule_shape');
    this.onlyKeys(body, ['field', 'list'], at);
    if (!isTxField(body.field)) return this.problem([...at, 'field'], 'tm_rule_field');
    const type = TX_FIELDS[body.field].type;
    if (type !== 'string' && type !== 'country') return this.problem([...at, 'field'], 'tm_rule_type_mismatch');
    const list = body.list;
    if (list === HIGH_RISK_LIST) {
      if (type !== 'country') this.problem([...at, 'field'], 'tm_rule_type_mismatch');
      return;
    }
    if (!isObject(list) || Object.keys(list).length !== 1) return this.problem([...at, 'list'], 'tm_rule_list');
    if ('values' in list) {
      const values = list.values;
      if (!Array.isArray(values) || values.length === 0 || values.length > RULE_LIMITS.maxListValues) return this.problem([...at, 'list', 'values'], 'tm_rule_list_values');
      values.forEach((v, i) => {
        if (typeof v !== 'string' || v.trim() === '') this.problem([...at, 'list', 'values', i], 'tm_rule_list_values');
        else if (v.length > RULE_LIMITS.maxStringLength) this.problem([...at, 'list', 'values', i], 'tm_rule_text');
        else if (type === 'country' && !COUNTRY.test(v)) this.problem([...at, 'list', 'values', i], 'tm_rule_country');
      });
      return;
    }
    if ('custom_list' in list) {
      const id = list.custom_list;
      if (typeof id !== 'string' || id.trim() === '' || id.length > 100) this.problem([...at, 'list', 'custom_list'], 'tm_rule_custom_list');
      return;
    }
    this.problem([...at, 'list'], 'tm_rule_list');
  }

  fieldsDiffer(body: unknown, at: RulePath): void {
    if (!Array.isArray(body) || body.length !== 2) return this.problem(at, 'tm_rule_shape');
    const [a, b] = body;
    if (!isTxField(a)) return this.problem([...at, 0], 'tm_rule_field');
    if (!isTxField(b)) return this.problem([...at, 1], 'tm_rule_field');
    const ta = TX_FIELDS[a].type;
    const tb = TX_FIELDS[b].type;
    const comparable = ta === tb || ((ta === 'string' || ta === 'country') && (tb === 'string' || tb === 'country'));
    if (a === b || !comparable) this.problem(at, 'tm_rule_fields_differ');
  }

  activity(node: unknown, at: RulePath): void {
    if (node === undefined) return;
    if (!isObject(node)) return this.problem(at, 'tm_rule_pattern_param');
    this.onlyKeys(node, ['count', 'window'], at);
    const n = node.count;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 100_000) this.problem([...at, 'count'], 'tm_rule_pattern_param');
    this.window(node.window, [...at, 'window']);
  }

  pattern(node: unknown, at: RulePath, depth: number): void {
    if (!isObject(node)) return this.problem(at, 'tm_rule_shape');
    const kind = node.kind;
    if (!has(PATTERN_KINDS, kind)) return this.problem([...at, 'kind'], 'tm_rule_pattern');
    const int = (key: string, lo: number, hi: number, required = true) => {
      const v = node[key];
      if (v === undefined && !required) return;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) this.problem([...at, key], 'tm_rule_pattern_param');
    };
    const fraction = (key: string, required = true) => {
      const v = node[key];
      if (v === undefined && !required) return;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) this.problem([...at, key], 'tm_rule_pattern_param');
    };
    this.window(node.window, [...at, 'window']);
    const max = RULE_LIMITS.maxCounterparties;
    switch (kind) {
      case 'fan_in':
      case 'fan_out':
        this.onlyKeys(node, ['kind', 'window', 'min_counterparties', 'similar_amounts', 'max_activity', 'where'], at);
        int('min_counterparties', 2, max);
        fraction('similar_amounts', false);
        this.activity(node.max_activity, [...at, 'max_activity']);
        break;
      case 'pass_through':
        this.onlyKeys(node, ['kind', 'window', 'min_senders', 'min_receivers', 'tolerance', 'max_activity', 'where'], at);
        int('min_senders', 1, max);
        int('min_receivers', 1, max);
        fraction('tolerance');
        this.activity(node.max_activity, [...at, 'max_activity']);
        break;
      case 'cycle': {
        this.onlyKeys(node, ['kind', 'window', 'min_hops', 'max_hops', 'tolerance', 'ordered', 'where'], at);
        int('max_hops', 2, RULE_LIMITS.maxCycleHops);
        int('min_hops', 2, RULE_LIMITS.maxCycleHops, false);
        if (typeof node.min_hops === 'number' && typeof node.max_hops === 'number' && node.min_hops > node.max_hops) this.problem([...at, 'min_hops'], 'tm_rule_pattern_param');
        fraction('tolerance');
        if (node.ordered !== undefined && typeof node.ordered !== 'boolean') this.problem([...at, 'ordered'], 'tm_rule_pattern_param');
        break;
      }
      case 'repeated_pair':
        this.onlyKeys(node, ['kind', 'window', 'min_count', 'similar_amounts', 'where'], at);
        int('min_count', 2, max);
        fraction('similar_amounts', false);
        break;
    }
    if (node.where !== undefined) this.expr(node.where, [...at, 'where'], depth + 1, true);
  }
}

function samePath(a: RulePath, b: RulePath): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Every problem of a definition (at most 20), each with the path of the node it is about; [] when it is valid. */
export function ruleDefinitionProblems(value: unknown): RuleProblem[] {
  const walker = new Walker();
  walker.definition(value);
  return walker.problems;
}

export function isRuleDefinition(value: unknown): value is RuleDefinition {
  return ruleDefinitionProblems(value).length === 0;
}

/**
 * The definition as a superstruct schema: each problem is a failure at its path below the field that holds the
 * definition, with the message id as its message (schemaProblems() and the API read it as any other field's).
 */
export const RuleDefinitionSchema = new Struct<RuleDefinition, null>({
  type: 'tm_rule_definition',
  schema: null,
  *validator(value, context) {
    for (const p of ruleDefinitionProblems(value)) {
      yield { path: [...context.path, ...p.path], message: p.message, refinement: 'tm_rule' };
    }
  },
});
