/**
 * The rule builder's form over the rule language (common/tm-rules.ts). A definition is an expression tree; the
 * form edits a tree of the same shape whose nodes carry an id (so the screen can name, focus and move them) and
 * hold what the user typed as text (so "5,0" can stay on screen with its problem instead of being lost). This
 * file turns a definition into that tree and back, edits it, and says what in it cannot be saved yet, node by
 * node and field by field, before the shared schema (common/schemas/tm-rules.ts) checks the whole definition.
 *
 * Every definition opens in the builder: a part the form has no fields for (a comparison of two aggregates, say)
 * is kept as it is, shown in words, and can be removed but not edited.
 */
import type { MessageId } from '../../common/messages';
import { ruleDefinitionProblems, type RulePath } from '../../common/schemas/tm-rules';
import {
  AGGREGATE_FNS_WITH_FIELD,
  HIGH_RISK_LIST,
  OPERATORS_BY_TYPE,
  PATTERN_KINDS,
  RULE_LIMITS,
  TM_RULE_LANGUAGE_VERSION,
  TX_FIELDS,
  WINDOW_LIMITS,
  isTxField,
  windowMs,
  type AggregateDirection,
  type AggregateFn,
  type AggregatePer,
  type CompareOp,
  type Expr,
  type Operand,
  type Pattern,
  type PatternKind,
  type RuleAction,
  type RuleDefinition,
  type TxField,
  type TxFieldType,
  type WindowUnit,
} from '../../common/tm-rules';

// ---------------------------------------------------------------- The form's tree

export type NodeId = string;

export interface GroupNode {
  id: NodeId;
  kind: 'group';
  /** all: every condition holds; any: at least one does. */
  op: 'all' | 'any';
  /** The group is turned around (none of them / not all of them). */
  negate: boolean;
  children: DraftNode[];
}

export interface ConditionNode {
  id: NodeId;
  kind: 'condition';
  field: TxField;
  op: CompareOp;
  /** As typed; a number, a text, a country code or true/false by the field's type. */
  value: string;
}

export interface AggregateNode {
  id: NodeId;
  kind: 'aggregate';
  fn: AggregateFn;
  per: AggregatePer;
  direction: AggregateDirection;
  windowAmount: string;
  windowUnit: WindowUnit;
  op: CompareOp;
  threshold: string;
  /** Conditions on the past transactions counted (their own fields): an all-group, left out when empty. */
  where: GroupNode;
}

export type ListSource = 'high_risk_countries' | 'values' | 'custom_list';

export interface ListNode {
  id: NodeId;
  kind: 'list';
  field: TxField;
  /** not in the list. */
  negate: boolean;
  source: ListSource;
  /** The values, separated by commas (source 'values'). */
  values: string;
  /** A custom list's id (source 'custom_list'). */
  customList: string;
}

export interface DifferNode {
  id: NodeId;
  kind: 'differ';
  a: TxField;
  b: TxField;
}

export interface PatternNode {
  id: NodeId;
  kind: 'pattern';
  pattern: PatternKind;
  windowAmount: string;
  windowUnit: WindowUnit;
  /** The pattern's own parameters as typed (PATTERN_PARAMS names them); percentages for tolerances. */
  params: Record<string, string>;
  /** Keys of the stored pattern the form has no fields for (kept as they are). */
  extra: Record<string, unknown>;
  where: GroupNode;
}

/** A part of a definition the form has no fields for: kept as it is. */
export interface RawNode {
  id: NodeId;
  kind: 'raw';
  expr: Expr;
}

export type DraftNode = GroupNode | ConditionNode | AggregateNode | ListNode | DifferNode | PatternNode | RawNode;
export type NodeKind = DraftNode['kind'];
/** What the "Add" menu of a group offers; a where-group (conditions on past transactions) offers fewer. */
export const ADDABLE_KINDS = ['condition', 'aggregate', 'list', 'differ', 'pattern', 'group'] as const satisfies readonly NodeKind[];
export const WHERE_KINDS = ['condition', 'list', 'differ', 'group'] as const satisfies readonly NodeKind[];
export type AddableKind = (typeof ADDABLE_KINDS)[number];

export interface RuleDraft {
  name: string;
  description: string;
  /** As typed: a whole number from 0 to 100. */
  score: string;
  action: RuleAction;
  root: GroupNode;
}

// ---------------------------------------------------------------- Pattern parameters

export interface PatternParam {
  key: string;
  /** int: a whole number; percent: a tolerance typed as a percentage (10 → 0.1). */
  kind: 'int' | 'percent';
  min: number;
  max: number;
  optional?: boolean;
  /** The value a new pattern starts with. */
  initial: string;
}

const countParam = (key: string, initial: string, min = 2): PatternParam => ({ key, kind: 'int', min, max: RULE_LIMITS.maxCounterparties, initial });
const tolerance = (initial: string, optional = false): PatternParam => ({ key: 'tolerance', kind: 'percent', min: 0, max: 100, initial, optional });

/** Each pattern's parameters, in the order the form shows them (common/tm-rules.ts documents their meaning). */
export const PATTERN_PARAMS: Record<PatternKind, readonly PatternParam[]> = {
  fan_in: [countParam('min_counterparties', '5'), { key: 'similar_amounts', kind: 'percent', min: 0, max: 100, optional: true, initial: '' }],
  fan_out: [countParam('min_counterparties', '5'), { key: 'similar_amounts', kind: 'percent', min: 0, max: 100, optional: true, initial: '' }],
  pass_through: [countParam('min_senders', '2', 1), countParam('min_receivers', '2', 1), tolerance('10')],
  cycle: [{ key: 'min_hops', kind: 'int', min: 2, max: RULE_LIMITS.maxCycleHops, optional: true, initial: '' }, { key: 'max_hops', kind: 'int', min: 2, max: RULE_LIMITS.maxCycleHops, initial: '4' }, tolerance('10')],
  repeated_pair: [countParam('min_count', '3')],
};

const PATTERN_WINDOWS: Record<PatternKind, [string, WindowUnit]> = {
  fan_in: ['7', 'days'],
  fan_out: ['7', 'days'],
  pass_through: ['3', 'days'],
  cycle: ['14', 'days'],
  repeated_pair: ['24', 'hours'],
};

// ---------------------------------------------------------------- New nodes

/** Ids: the draft's counter, so a draft built twice from the same definition has the same ids. */
export interface IdSource {
  next: number;
}
const idOf = (ids: IdSource): NodeId => `n${ids.next++}`;

export function emptyGroup(ids: IdSource, op: 'all' | 'any' = 'all'): GroupNode {
  return { id: idOf(ids), kind: 'group', op, negate: false, children: [] };
}

export function newNode(kind: AddableKind, ids: IdSource): DraftNode {
  switch (kind) {
    case 'condition':
      return { id: idOf(ids), kind, field: 'amount', op: '>', value: '' };
    case 'aggregate':
      return { id: idOf(ids), kind, fn: 'count', per: 'customer', direction: 'any', windowAmount: '24', windowUnit: 'hours', op: '>', threshold: '', where: emptyGroup(ids) };
    case 'list':
      return { id: idOf(ids), kind, field: 'beneficiary_country', negate: false, source: 'high_risk_countries', values: '', customList: '' };
    case 'differ':
      return { id: idOf(ids), kind, a: 'ip_country', b: 'remitter_bin_country' };
    case 'pattern':
      return patternNode('fan_in', ids);
    case 'group': {
      const group = emptyGroup(ids, 'any');
      group.children.push(newNode('condition', ids));
      return group;
    }
  }
}

function patternNode(pattern: PatternKind, ids: IdSource): PatternNode {
  const [windowAmount, windowUnit] = PATTERN_WINDOWS[pattern];
  return { id: idOf(ids), kind: 'pattern', pattern, windowAmount, windowUnit, params: Object.fromEntries(PATTERN_PARAMS[pattern].map((p) => [p.key, p.initial])), extra: {}, where: emptyGroup(ids) };
}

/** A new rule: one empty velocity condition to start from. */
export function newDraft(ids: IdSource): RuleDraft {
  const root = emptyGroup(ids);
  root.children.push(newNode('aggregate', ids));
  return { name: '', description: '', score: '50', action: 'review', root };
}

// ---------------------------------------------------------------- From a definition

const FLIP: Record<CompareOp, CompareOp> = { '>': '<', '>=': '<=', '<': '>', '<=': '>=', '=': '=', '!=': '!=' };
const has = <K extends string>(o: object, key: K): o is Record<K, unknown> => Object.prototype.hasOwnProperty.call(o, key);

const scalarText = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const percentText = (v: number | undefined) => (v === undefined ? '' : String(Math.round(v * 10_000) / 100));

/** The where-group of a definition's filter: its conditions as children of an all-group. */
function whereGroup(where: Expr | undefined, ids: IdSource): GroupNode {
  const group = emptyGroup(ids);
  if (!where) return group;
  if (has(where, 'all')) group.children = (where.all as Expr[]).map((e) => fromExpr(e, ids));
  else group.children = [fromExpr(where, ids)];
  return group;
}

export function fromExpr(expr: Expr, ids: IdSource): DraftNode {
  if (has(expr, 'all') || has(expr, 'any')) {
    const op = has(expr, 'all') ? 'all' : 'any';
    const children = (has(expr, 'all') ? expr.all : (expr as { any: Expr[] }).any) as Expr[];
    return { id: idOf(ids), kind: 'group', op, negate: false, children: children.map((c) => fromExpr(c, ids)) };
  }
  if (has(expr, 'not')) {
    const inner = expr.not as Expr;
    const node = fromExpr(inner, ids);
    if (node.kind === 'group' && !node.negate) return { ...node, negate: true };
    if (node.kind === 'list' && !node.negate) return { ...node, negate: true };
    return { id: idOf(ids), kind: 'group', op: 'all', negate: true, children: [node] };
  }
  if (has(expr, 'compare')) {
    const [left, op, right] = expr.compare as [Operand, CompareOp, Operand];
    const flipped = has(right, 'field') || has(right, 'aggregate');
    const [a, o, b] = flipped ? [right, FLIP[op], left] : [left, op, right];
    if (has(a, 'field') && has(b, 'value') && isTxField(a.field)) return { id: idOf(ids), kind: 'condition', field: a.field, op: o, value: scalarText(b.value) };
    if (has(a, 'aggregate') && has(b, 'value') && typeof b.value === 'number') {
      const agg = (a as { aggregate: import('../../common/tm-rules').Aggregate }).aggregate;
      return {
        id: idOf(ids),
        kind: 'aggregate',
        fn: agg.fn,
        per: agg.per,
        direction: agg.direction ?? 'any',
        windowAmount: String(agg.window.amount),
        windowUnit: agg.window.unit,
        op: o,
        threshold: String(b.value),
        where: whereGroup(agg.where, ids),
      };
    }
    return { id: idOf(ids), kind: 'raw', expr };
  }
  if (has(expr, 'in')) {
    const { field, list } = expr.in as { field: TxField; list: import('../../common/tm-rules').ListRef };
    const base = { id: idOf(ids), kind: 'list' as const, field, negate: false, values: '', customList: '' };
    if (list === HIGH_RISK_LIST) return { ...base, source: 'high_risk_countries' };
    if (typeof list === 'object' && has(list, 'values')) return { ...base, source: 'values', values: (list.values as string[]).join(', ') };
    if (typeof list === 'object' && has(list, 'custom_list')) return { ...base, source: 'custom_list', customList: String(list.custom_list) };
    return { id: base.id, kind: 'raw', expr };
  }
  if (has(expr, 'fields_differ')) {
    const [a, b] = expr.fields_differ as [TxField, TxField];
    return { id: idOf(ids), kind: 'differ', a, b };
  }
  if (has(expr, 'pattern')) {
    const p = expr.pattern as Pattern;
    if (!(PATTERN_KINDS as readonly string[]).includes(p.kind)) return { id: idOf(ids), kind: 'raw', expr };
    const params: Record<string, string> = {};
    const known = new Set(['kind', 'window', 'where', ...PATTERN_PARAMS[p.kind].map((param) => param.key)]);
    for (const param of PATTERN_PARAMS[p.kind]) {
      const v = (p as unknown as Record<string, number | undefined>)[param.key];
      params[param.key] = param.kind === 'percent' ? percentText(v) : scalarText(v);
    }
    const extra = Object.fromEntries(Object.entries(p).filter(([key]) => !known.has(key)));
    return { id: idOf(ids), kind: 'pattern', pattern: p.kind, windowAmount: String(p.window.amount), windowUnit: p.window.unit, params, extra, where: whereGroup(p.where, ids) };
  }
  return { id: idOf(ids), kind: 'raw', expr };
}

/** A stored rule as the form shows it. The root is always an all-group, so conditions can be added beside the first. */
export function draftFromRule(rule: { name: string; description: string; score: number; definition: RuleDefinition }, ids: IdSource): RuleDraft {
  const node = fromExpr(rule.definition.when, ids);
  const root: GroupNode = node.kind === 'group' ? node : { id: idOf(ids), kind: 'group', op: 'all', negate: false, children: [node] };
  return { name: rule.name, description: rule.description ?? '', score: String(rule.score), action: rule.definition.action ?? 'review', root };
}

// ---------------------------------------------------------------- Problems

/** Why a field of a node cannot be saved: a locale key under transactions.builder.problem. */
export type FieldProblem = 'required' | 'number' | 'whole' | 'range' | 'window' | 'country' | 'empty_group' | 'list_values' | 'same_fields' | 'percent' | 'min_max';
export type NodeProblems = Record<NodeId, Partial<Record<string, FieldProblem>>>;

const NUMBER = /^-?\d{1,15}(\.\d{1,4})?$/;
const WHOLE = /^\d{1,9}$/;
const COUNTRY = /^[A-Za-z]{2}$/;

export const fieldType = (field: TxField): TxFieldType => TX_FIELDS[field].type;

function valueProblem(type: TxFieldType, value: string): FieldProblem | null {
  const v = value.trim();
  if (!v) return 'required';
  if (type === 'number' && !NUMBER.test(v)) return 'number';
  if (type === 'country' && !COUNTRY.test(v)) return 'country';
  if (type === 'boolean' && v !== 'true' && v !== 'false') return 'required';
  return null;
}

function windowProblem(amount: string, unit: WindowUnit): FieldProblem | null {
  if (!WHOLE.test(amount.trim())) return 'whole';
  const ms = windowMs({ amount: Number(amount), unit });
  return ms < WINDOW_LIMITS.minMs || ms > WINDOW_LIMITS.maxMs ? 'window' : null;
}

/** The values of a list node, trimmed, without repeats (country codes in capitals). */
export function listValues(node: Pick<ListNode, 'field' | 'values'>): string[] {
  const country = fieldType(node.field) === 'country';
  const out: string[] = [];
  for (const part of node.values.split(/[,،\n]/)) {
    const v = country ? part.trim().toUpperCase() : part.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

function collect(node: DraftNode, out: NodeProblems, where: boolean) {
  const problems: Partial<Record<string, FieldProblem>> = {};
  switch (node.kind) {
    case 'group':
      if (!node.children.length && !where) problems.children = 'empty_group';
      for (const child of node.children) collect(child, out, where);
      break;
    case 'condition': {
      const p = valueProblem(fieldType(node.field), node.value);
      if (p) problems.value = p;
      break;
    }
    case 'aggregate': {
      const w = windowProblem(node.windowAmount, node.windowUnit);
      if (w) problems.window = w;
      if (!node.threshold.trim()) problems.threshold = 'required';
      else if (!NUMBER.test(node.threshold.trim())) problems.threshold = 'number';
      collect(node.where, out, true);
      break;
    }
    case 'list':
      if (node.source === 'values') {
        const values = listValues(node);
        if (!values.length) problems.values = 'list_values';
        else if (fieldType(node.field) === 'country' && values.some((v) => !COUNTRY.test(v))) problems.values = 'country';
        else if (values.length > RULE_LIMITS.maxListValues) problems.values = 'range';
      }
      if (node.source === 'custom_list' && !node.customList.trim()) problems.customList = 'required';
      break;
    case 'differ':
      if (node.a === node.b) problems.b = 'same_fields';
      break;
    case 'pattern': {
      const w = windowProblem(node.windowAmount, node.windowUnit);
      if (w) problems.window = w;
      for (const param of PATTERN_PARAMS[node.pattern]) {
        const v = (node.params[param.key] ?? '').trim();
        if (!v) {
          if (!param.optional) problems[param.key] = 'required';
          continue;
        }
        if (param.kind === 'int' && !WHOLE.test(v)) problems[param.key] = 'whole';
        else if (param.kind === 'percent' && !NUMBER.test(v)) problems[param.key] = 'number';
        else if (Number(v) < param.min || Number(v) > param.max) problems[param.key] = param.kind === 'percent' ? 'percent' : 'range';
      }
      const min = Number(node.params.min_hops);
      if (node.pattern === 'cycle' && node.params.min_hops?.trim() && !problems.min_hops && !problems.max_hops && min > Number(node.params.max_hops)) problems.min_hops = 'min_max';
      collect(node.where, out, true);
      break;
    }
    case 'raw':
      break;
  }
  if (Object.keys(problems).length) out[node.id] = problems;
}

/** Every problem of the tree, by node and field. */
export function treeProblems(root: GroupNode): NodeProblems {
  const out: NodeProblems = {};
  collect(root, out, false);
  return out;
}

// ---------------------------------------------------------------- To a definition

const num = (text: string) => Number(text.trim());
const fraction = (text: string) => Math.round(num(text) * 100) / 10_000;

function scalar(field: TxField, text: string): string | number | boolean {
  const type = fieldType(field);
  if (type === 'number') return num(text);
  if (type === 'boolean') return text.trim() === 'true';
  if (type === 'country') return text.trim().toUpperCase();
  return text.trim();
}

/** Where each node of the form lands in the definition, so a problem the shared schema finds at a path shows on its node. */
type Recorder = (path: RulePath, id: NodeId) => void;
const ignore: Recorder = () => {};

/** The where-filter of an aggregate or pattern: nothing, its one condition, or all of them. */
function whereExpr(group: GroupNode, path: RulePath, record: Recorder): Expr | undefined {
  if (!group.children.length) return undefined;
  record(path, group.id);
  if (group.children.length === 1 && !group.negate) return toExpr(group.children[0], path, record);
  const base = group.negate ? [...path, 'not', 'all'] : [...path, 'all'];
  const children = group.children.map((c, i) => toExpr(c, [...base, i], record));
  return group.negate ? { not: { all: children } } : { all: children };
}

export function toExpr(node: DraftNode, path: RulePath = [], record: Recorder = ignore): Expr {
  record(path, node.id);
  switch (node.kind) {
    case 'group': {
      const base = node.negate ? [...path, 'not', node.op] : [...path, node.op];
      const children = node.children.map((c, i) => toExpr(c, [...base, i], record));
      const inner: Expr = node.op === 'all' ? { all: children } : { any: children };
      return node.negate ? { not: inner } : inner;
    }
    case 'condition':
      return { compare: [{ field: node.field }, node.op, { value: scalar(node.field, node.value) }] };
    case 'aggregate': {
      const where = whereExpr(node.where, [...path, 'compare', 0, 'aggregate', 'where'], record);
      return {
        compare: [
          {
            aggregate: {
              fn: node.fn,
              ...(AGGREGATE_FNS_WITH_FIELD.includes(node.fn) ? { field: 'amount' as const } : {}),
              per: node.per,
              ...(node.direction !== 'any' ? { direction: node.direction } : {}),
              window: { amount: num(node.windowAmount), unit: node.windowUnit },
              ...(where ? { where } : {}),
            },
          },
          node.op,
          { value: num(node.threshold) },
        ],
      };
    }
    case 'list': {
      const list = node.source === 'high_risk_countries' ? HIGH_RISK_LIST : node.source === 'values' ? { values: listValues(node) } : { custom_list: node.customList.trim() };
      const expr: Expr = { in: { field: node.field, list } };
      if (node.negate) record([...path, 'not'], node.id);
      return node.negate ? { not: expr } : expr;
    }
    case 'differ':
      return { fields_differ: [node.a, node.b] };
    case 'pattern': {
      const pattern: Record<string, unknown> = { kind: node.pattern, window: { amount: num(node.windowAmount), unit: node.windowUnit }, ...node.extra };
      for (const param of PATTERN_PARAMS[node.pattern]) {
        const v = (node.params[param.key] ?? '').trim();
        if (!v) continue;
        pattern[param.key] = param.kind === 'percent' ? fraction(v) : num(v);
      }
      const where = whereExpr(node.where, [...path, 'pattern', 'where'], record);
      if (where) pattern.where = where;
      return { pattern: pattern as unknown as Pattern };
    }
    case 'raw':
      return node.expr;
  }
}

/** The definition of a draft. A root with one condition and nothing turned around is that condition alone. */
export function toDefinition(draft: Pick<RuleDraft, 'root' | 'action'>, record: Recorder = ignore): RuleDefinition {
  const root = draft.root;
  const single = root.children.length === 1 && !root.negate;
  if (single) record(['when'], root.id);
  const when = single ? toExpr(root.children[0], ['when'], record) : toExpr(root, ['when'], record);
  return { version: TM_RULE_LANGUAGE_VERSION, when, ...(draft.action !== 'review' ? { action: draft.action } : {}) };
}

/**
 * The shared schema's problems of a draft's definition (common/schemas/tm-rules.ts, the API's own check), each
 * placed on the node whose part of the definition it is about; a problem of the definition as a whole is on the root.
 */
export function schemaProblems(draft: Pick<RuleDraft, 'root' | 'action'>): { node: NodeId; message: MessageId }[] {
  const at = new Map<string, NodeId>();
  const definition = toDefinition(draft, (path, id) => at.set(JSON.stringify(path), id));
  return ruleDefinitionProblems(definition).map((p) => {
    for (let n = p.path.length; n >= 0; n--) {
      const id = at.get(JSON.stringify(p.path.slice(0, n)));
      if (id) return { node: id, message: p.message };
    }
    return { node: draft.root.id, message: p.message };
  });
}

// ---------------------------------------------------------------- Edits

export function findNode(root: DraftNode, id: NodeId): DraftNode | null {
  if (root.id === id) return root;
  const children = root.kind === 'group' ? root.children : root.kind === 'aggregate' || root.kind === 'pattern' ? [root.where] : [];
  for (const child of children) {
    const found = findNode(child, id);
    if (found) return found;
  }
  return null;
}

/** The tree with one node replaced by what `change` makes of it (the same tree when the id is not in it). */
export function mapNode(root: DraftNode, id: NodeId, change: (node: DraftNode) => DraftNode | null): DraftNode | null {
  if (root.id === id) return change(root);
  if (root.kind === 'group') {
    const children: DraftNode[] = [];
    for (const child of root.children) {
      const next = mapNode(child, id, change);
      if (next) children.push(next);
    }
    return { ...root, children };
  }
  if (root.kind === 'aggregate' || root.kind === 'pattern') return { ...root, where: mapNode(root.where, id, change) as GroupNode };
  return root;
}

/** A change to a part of the form: the fields of its kind that change (a field another kind has is ignored). */
export interface NodePatch {
  op?: CompareOp | 'all' | 'any';
  negate?: boolean;
  field?: TxField;
  value?: string;
  fn?: AggregateFn;
  per?: AggregatePer;
  direction?: AggregateDirection;
  windowAmount?: string;
  windowUnit?: WindowUnit;
  threshold?: string;
  source?: ListSource;
  values?: string;
  customList?: string;
  a?: TxField;
  b?: TxField;
  pattern?: PatternKind;
  params?: Record<string, string>;
}

const isCompareOp = (op: unknown): op is CompareOp => typeof op === 'string' && (OPERATORS_BY_TYPE.number as readonly string[]).includes(op);

/**
 * A node with a change applied, kept consistent: a condition's operator must suit its field's type (a country
 * is only equal or not), and its value is cleared when the field's type changes; a pattern that changes kind
 * takes that kind's parameters and window.
 */
export function patchNode(node: DraftNode, patch: NodePatch, ids: IdSource): DraftNode {
  switch (node.kind) {
    case 'condition': {
      const field = patch.field && isTxField(patch.field) ? patch.field : node.field;
      const typeChanged = fieldType(field) !== fieldType(node.field);
      const ops = OPERATORS_BY_TYPE[fieldType(field)];
      const op = isCompareOp(patch.op) && ops.includes(patch.op) ? patch.op : ops.includes(node.op) ? node.op : ops[0];
      const value = patch.value ?? (typeChanged ? '' : node.value);
      return { ...node, field, op, value };
    }
    case 'aggregate':
      return { ...node, ...pick(patch, ['fn', 'per', 'direction', 'windowAmount', 'windowUnit', 'threshold']), ...(isCompareOp(patch.op) ? { op: patch.op } : {}) };
    case 'list': {
      const next = { ...node, ...pick(patch, ['field', 'negate', 'source', 'values', 'customList']) } as ListNode;
      // The high-risk list holds countries: only country fields can be looked up in it.
      if (next.source === 'high_risk_countries' && fieldType(next.field) !== 'country') next.source = 'values';
      return next;
    }
    case 'differ':
      return { ...node, ...pick(patch, ['a', 'b']) };
    case 'pattern': {
      if (patch.pattern && patch.pattern !== node.pattern) {
        const fresh = patternNode(patch.pattern, ids);
        return { ...fresh, id: node.id, where: node.where };
      }
      return { ...node, ...pick(patch, ['windowAmount', 'windowUnit']), params: { ...node.params, ...(patch.params ?? {}) } };
    }
    case 'group':
      return { ...node, ...pick(patch, ['negate']), ...(patch.op === 'all' || patch.op === 'any' ? { op: patch.op } : {}) };
    case 'raw':
      return node;
  }
}

function pick<K extends keyof NodePatch>(patch: NodePatch, keys: K[]): Pick<NodePatch, K> {
  const out: Partial<NodePatch> = {};
  for (const key of keys) if (patch[key] !== undefined) (out as Record<string, unknown>)[key] = patch[key];
  return out as Pick<NodePatch, K>;
}

/** Moves a node one place up or down among its group's children (a keyboard-friendly reorder). */
export function moveNode(root: GroupNode, id: NodeId, by: -1 | 1): GroupNode {
  const visit = (node: DraftNode): DraftNode => {
    if (node.kind === 'group') {
      const at = node.children.findIndex((c) => c.id === id);
      if (at >= 0) {
        const to = at + by;
        if (to < 0 || to >= node.children.length) return node;
        const children = [...node.children];
        [children[at], children[to]] = [children[to], children[at]];
        return { ...node, children };
      }
      return { ...node, children: node.children.map(visit) };
    }
    if (node.kind === 'aggregate' || node.kind === 'pattern') return { ...node, where: visit(node.where) as GroupNode };
    return node;
  };
  return visit(root) as GroupNode;
}

/** The group a node sits in, if any. */
export function parentOf(root: DraftNode, id: NodeId): GroupNode | null {
  if (root.kind === 'group') {
    if (root.children.some((c) => c.id === id)) return root;
    for (const child of root.children) {
      const found = parentOf(child, id);
      if (found) return found;
    }
    return null;
  }
  if (root.kind === 'aggregate' || root.kind === 'pattern') return root.where.id === id ? null : parentOf(root.where, id);
  return null;
}

/** Whether a group is the filter of an aggregate or pattern (or inside one): it takes conditions only. */
export function isWhereGroup(root: DraftNode, id: NodeId, inside = false): boolean {
  if (root.id === id) return inside;
  if (root.kind === 'group') return root.children.some((c) => isWhereGroup(c, id, inside));
  if (root.kind === 'aggregate' || root.kind === 'pattern') return isWhereGroup(root.where, id, true);
  return false;
}

/** How many nodes the tree has (the language's bound is RULE_LIMITS.maxNodes). */
export function countNodes(node: DraftNode): number {
  if (node.kind === 'group') return 1 + node.children.reduce((n, c) => n + countNodes(c), 0);
  if (node.kind === 'aggregate' || node.kind === 'pattern') return 1 + countNodes(node.where);
  return 1;
}
