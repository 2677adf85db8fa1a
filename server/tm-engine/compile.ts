/**
 * Compiling a rule definition: validated once by the shared schema, then turned into closures, so evaluating
 * a transaction walks no JSON and looks up no field names. Each node returns whether it holds and, when it
 * does, leaves the parts of its explanation in the context; a node that fails removes what its children left.
 */
import {
  HIGH_RISK_COUNTRIES,
  TX_FIELDS,
  windowMs,
  type Aggregate,
  type AggregateExplanation,
  type CompareOp,
  type Expr,
  type ExplanationPart,
  type ListRef,
  type Operand,
  type Pattern,
  type RuleAction,
  type RuleDefinition,
  type TxField,
} from '../../common/tm-rules';
import { ruleDefinitionProblems } from '../../common/schemas/tm-rules';
import { computeAggregate } from './aggregate';
import { fieldReader, displayValue, normCountry, normNumber, normText } from './fields';
import type { TxFacts } from './facts';
import { compilePattern } from './patterns';
import type { TransferState } from './state';

export interface EvaluateContext {
  /** Whether a value is on an organisation's custom list (rules with { custom_list }); no callback = not listed. */
  inCustomList?: (listId: string, value: string) => boolean;
}

/** What a node reads while it runs: the transaction, the history, the caller's lists, and where to explain. */
export interface EvalCtx {
  tx: TxFacts;
  state: TransferState;
  env: EvaluateContext;
  parts: ExplanationPart[];
  /** False inside a filter on past transactions: nothing there is shown, so nothing is recorded. */
  explain: boolean;
}

export type Node = (c: EvalCtx) => boolean;

export interface CompiledRule {
  id: string;
  version: number;
  score: number;
  action: RuleAction;
  definition: RuleDefinition;
  /** The compiled condition. */
  readonly test: Node;
  /** The longest window the rule reads, in ms. */
  readonly horizonMs: number;
}

export class RuleDefinitionError extends Error {
  constructor(readonly problems: ReturnType<typeof ruleDefinitionProblems>) {
    super(`invalid rule definition: ${problems.map((p) => `${p.path.join('.') || '(root)'}: ${p.message}`).join('; ')}`);
  }
}

/** Compiles a stored rule; throws RuleDefinitionError (with the problems) when the definition is not valid. */
export function compileRule(r: { id: string; version: number; score: number; definition: unknown }): CompiledRule {
  const problems = ruleDefinitionProblems(r.definition);
  if (problems.length) throw new RuleDefinitionError(problems);
  const definition = r.definition as RuleDefinition;
  const compiler = new Compiler();
  const test = compiler.expr(definition.when);
  return { id: r.id, version: r.version, score: r.score, action: definition.action ?? 'review', definition, test, horizonMs: compiler.horizon };
}

/** The longest window any of the rules reads: how much history the state must keep. */
export function horizonOf(rules: readonly CompiledRule[]): number {
  let h = 0;
  for (const r of rules) h = Math.max(h, r.horizonMs);
  return h;
}

const FLIP: Record<CompareOp, CompareOp> = { '>': '<', '<': '>', '>=': '<=', '<=': '>=', '=': '=', '!=': '!=' };

function test(op: CompareOp, a: number | string | boolean, b: number | string | boolean): boolean {
  switch (op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '=':
      return a === b;
    case '!=':
      return a !== b;
  }
}

/** Relative cost of a node, so a group tests cheap conditions first and stops before the expensive ones. */
function cost(e: Expr): number {
  if ('all' in e) return e.all.reduce((s, x) => s + cost(x), 0);
  if ('any' in e) return e.any.reduce((s, x) => s + cost(x), 0);
  if ('not' in e) return cost(e.not);
  // Scans grow with their windows: a 90-day guard runs after a 5-day pattern that already said no.
  const days = (w: { amount: number; unit: 'minutes' | 'hours' | 'days' }) => windowMs(w) / 86_400_000;
  if ('compare' in e) return e.compare.reduce<number>((s, o) => s + (typeof o === 'object' && 'aggregate' in o ? 20 + days(o.aggregate.window) : 0), 1);
  if ('pattern' in e) return PATTERN_COST[e.pattern.kind] + days(e.pattern.window);
  return 1;
}

const PATTERN_COST: Record<Pattern['kind'], number> = { repeated_pair: 30, fan_in: 60, fan_out: 60, pass_through: 80, cycle: 100 };

type OperandEval = { kind: 'field'; field: TxField; read: (tx: TxFacts) => string | number | boolean | null } | { kind: 'value'; value: string | number | boolean } | { kind: 'aggregate'; agg: Aggregate };

class Compiler {
  horizon = 0;

  expr(e: Expr): Node {
    const inner = this.inner(e);
    // A condition that does not hold explains nothing: drop what its children recorded.
    return (c) => {
      const n = c.parts.length;
      if (inner(c)) return true;
      c.parts.length = n;
      return false;
    };
  }

  private inner(e: Expr): Node {
    if ('all' in e) {
      const kids = [...e.all].sort((a, b) => cost(a) - cost(b)).map((x) => this.expr(x));
      return (c) => {
        for (const k of kids) if (!k(c)) return false;
        return true;
      };
    }
    if ('any' in e) {
      const kids = [...e.any].sort((a, b) => cost(a) - cost(b)).map((x) => this.expr(x));
      return (c) => {
        for (const k of kids) if (k(c)) return true;
        return false;
      };
    }
    if ('not' in e) {
      const kid = this.expr(e.not);
      const negated = e.not;
      return (c) => {
        const n = c.parts.length;
        const held = kid(c);
        c.parts.length = n;
        if (held) return false;
        if (c.explain) c.parts.push({ kind: 'not', expr: negated });
        return true;
      };
    }
    if ('compare' in e) return this.compare(e.compare);
    if ('in' in e) return this.inList(e.in.field, e.in.list);
    if ('fields_differ' in e) return this.fieldsDiffer(e.fields_differ[0], e.fields_differ[1]);
    return this.pattern(e.pattern);
  }

  private window(ms: number): void {
    this.horizon = Math.max(this.horizon, ms);
  }

  /** A where-filter: evaluated on a past transaction, explaining nothing. */
  where(e: Expr | undefined): ((tx: TxFacts, c: EvalCtx) => boolean) | null {
    if (!e) return null;
    const node = this.expr(e);
    const scratch: ExplanationPart[] = [];
    return (tx, c) => {
      scratch.length = 0;
      return node({ tx, state: c.state, env: c.env, parts: scratch, explain: false });
    };
  }

  private operand(o: Operand, otherType: string): OperandEval {
    if ('field' in o) return { kind: 'field', field: o.field, read: fieldReader(o.field) };
    if ('aggregate' in o) return { kind: 'aggregate', agg: o.aggregate };
    const v = o.value;
    // A literal takes the normal form of the field it is compared with.
    if (typeof v === 'string') return { kind: 'value', value: (otherType === 'country' ? normCountry(v) : normText(v)) ?? '' };
    return { kind: 'value', value: v };
  }

  private compare([l, op, r]: [Operand, CompareOp, Operand]): Node {
    const typeOf = (o: Operand) => ('field' in o ? TX_FIELDS[o.field].type : 'aggregate' in o ? 'number' : typeof o.value);
    const left = this.operand(l, typeOf(r));
    const right = this.operand(r, typeOf(l));
    if (left.kind === 'aggregate' || right.kind === 'aggregate') return this.compareAggregate(left, op, right);
    const get = (o: OperandEval, tx: TxFacts) => (o.kind === 'field' ? o.read(tx) : o.kind === 'value' ? o.value : null);
    const shownField = left.kind === 'field' ? left : right.kind === 'field' ? right : null;
    const shownOp = left.kind === 'field' ? op : FLIP[op];
    const other = left.kind === 'field' ? right : left;
    return (c) => {
      const a = get(left, c.tx);
      const b = get(right, c.tx);
      if (a === null || b === null) return false;
      if (!test(op, a, b)) return false;
      if (c.explain && shownField) {
        c.parts.push({
          kind: 'compare',
          field: shownField.field,
          value: displayValue(c.tx, shownField.field),
          op: shownOp,
          threshold: other.kind === 'field' ? displayValue(c.tx, other.field) : other.kind === 'value' ? other.value : null,
        });
      }
      return true;
    };
  }

  private compareAggregate(left: OperandEval, op: CompareOp, right: OperandEval): Node {
    // Explained with the aggregate on the left: "4 transactions ... (threshold: more than 3)".
    const aggSide = left.kind === 'aggregate' ? left : (right as Extract<OperandEval, { kind: 'aggregate' }>);
    const otherSide = left.kind === 'aggregate' ? right : left;
    const shownOp = left.kind === 'aggregate' ? op : FLIP[op];
    const agg = (aggSide as Extract<OperandEval, { kind: 'aggregate' }>).agg;
    const w = windowMs(agg.window);
    this.window(w);
    const where = this.where(agg.where);
    const otherAgg = otherSide.kind === 'aggregate' ? otherSide.agg : null;
    if (otherAgg) this.window(windowMs(otherAgg.window));
    const otherWhere = otherAgg ? this.where(otherAgg.where) : null;
    const counting = agg.fn === 'count' || agg.fn === 'distinct_counterparties' || agg.fn === 'distinct_countries';
    return (c) => {
      let threshold: number | null;
      if (otherSide.kind === 'aggregate') {
        const b = computeAggregate(otherAgg!, windowMs(otherAgg!.window), otherWhere, c);
        threshold = b?.value ?? null;
      } else if (otherSide.kind === 'field') threshold = normNumber(otherSide.read(c.tx));
      else threshold = typeof otherSide.value === 'number' ? otherSide.value : null;
      if (threshold === null) return false;
      // A count only grows: once it passes what "<", "<=" or "=" allow, the answer is no and the scan can stop.
      const stopAt = !counting ? Infinity : shownOp === '<' ? threshold : shownOp === '<=' || shownOp === '=' ? Math.floor(threshold) + 1 : Infinity;
      const a = computeAggregate(agg, w, where, c, stopAt);
      if (!a || a.value === null) return false;
      if (!test(shownOp, a.value, threshold)) return false;
      if (c.explain) {
        const part: AggregateExplanation = {
          kind: 'aggregate',
          fn: agg.fn,
          per: agg.per,
          subject: a.subject,
          direction: agg.direction ?? 'any',
          window: agg.window,
          value: a.value,
          op: shownOp,
          threshold,
          transaction_ids: a.ids,
        };
        if (agg.field) part.field = agg.field;
        if (agg.where) part.where = agg.where;
        c.parts.push(part);
      }
      return true;
    };
  }

  private inList(field: TxField, list: ListRef): Node {
    const read = fieldReader(field);
    if (list === 'high_risk_countries') {
      const set = new Set(HIGH_RISK_COUNTRIES);
      return (c) => {
        const v = read(c.tx);
        if (typeof v !== 'string' || !set.has(v)) return false;
        if (c.explain) c.parts.push({ kind: 'list', field, value: String(displayValue(c.tx, field)), list: 'high_risk_countries' });
        return true;
      };
    }
    if ('values' in list) {
      const country = TX_FIELDS[field].type === 'country';
      const set = new Set(list.values.map((v) => (country ? normCountry(v) : normText(v))).filter((v): v is string => v !== null));
      return (c) => {
        const v = read(c.tx);
        if (typeof v !== 'string' || !set.has(v)) return false;
        if (c.explain) c.parts.push({ kind: 'list', field, value: String(displayValue(c.tx, field)), list: 'values' });
        return true;
      };
    }
    const listId = list.custom_list;
    return (c) => {
      const raw = displayValue(c.tx, field);
      if (raw === null || raw === '' || !c.env.inCustomList) return false;
      const value = String(raw).trim();
      if (!c.env.inCustomList(listId, value)) return false;
      if (c.explain) c.parts.push({ kind: 'list', field, value, list: 'custom_list', list_id: listId });
      return true;
    };
  }

  private fieldsDiffer(a: TxField, b: TxField): Node {
    const ra = fieldReader(a);
    const rb = fieldReader(b);
    // Country against text field: both upper-case so 'de' and 'DE' agree.
    const norm = (v: string | number | boolean | null) => (typeof v === 'string' ? v.toUpperCase() : v);
    return (c) => {
      const va = norm(ra(c.tx));
      const vb = norm(rb(c.tx));
      if (va === null || vb === null || va === vb) return false;
      if (c.explain) {
        const da = displayValue(c.tx, a);
        const db = displayValue(c.tx, b);
        c.parts.push({ kind: 'fields_differ', fields: [a, b], values: [da === null ? null : String(da), db === null ? null : String(db)] });
      }
      return true;
    };
  }

  private pattern(p: Pattern): Node {
    this.window(windowMs(p.window));
    if ('max_activity' in p && p.max_activity) this.window(windowMs(p.max_activity.window));
    const find = compilePattern(p, this.where(p.where));
    return (c) => {
      const part = find(c);
      if (!part) return false;
      c.parts.push(part);
      return true;
    };
  }
}
