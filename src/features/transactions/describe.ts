/**
 * The rule language in words, in the user's language: the rule builder's live preview of a definition, and the
 * explanation of a fired rule (the engine stores it structured, never as prose: common/tm-rules.ts
 * ExplanationPart), so a Spanish analyst reads a rule written by an English one in Spanish.
 *
 * Each phrase is a message under transactions.explain; lists of conditions are joined with the language's own
 * "and" and "or" (Intl.ListFormat), and a group inside another is put in brackets so the reading stays exact.
 */
import type { IntlShape } from 'react-intl';
import {
  HIGH_RISK_LIST,
  TX_FIELDS,
  isTxField,
  type Aggregate,
  type AggregateDirection,
  type CompareOp,
  type ExplanationPart,
  type Expr,
  type Operand,
  type Pattern,
  type RuleWindow,
  type Scalar,
  type TxField,
} from '@common/tm-rules';
import { countryName } from '../../lib/countries';
import { tmLabel } from './labels';

const has = <K extends string>(o: object, key: K): o is Record<K, unknown> => Object.prototype.hasOwnProperty.call(o, key);
const m = (intl: IntlShape, id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `transactions.explain.${id}` }, values);

/** A field's name in the builder's words (the engine's catalogue names the locale key). */
export function fieldLabel(intl: IntlShape, field: string): string {
  const id = isTxField(field) ? TX_FIELDS[field].label : `tm_rules.field.${field}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : field;
}

const OPS: Record<CompareOp, string> = { '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte', '=': 'eq', '!=': 'ne' };
export const opLabel = (intl: IntlShape, op: CompareOp) => m(intl, `op_${OPS[op]}`);

/** A value as the field it is compared with shows it: a country by name, a direction by its label, a number in the user's format. */
export function valueText(intl: IntlShape, field: TxField | null, value: Scalar | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return intl.formatNumber(value);
  if (typeof value === 'boolean') return m(intl, value ? 'yes' : 'no');
  const type = field && isTxField(field) ? TX_FIELDS[field].type : 'string';
  if (type === 'country' && /^[A-Za-z]{2}$/.test(value)) return `${countryName(value, intl.locale)} (${value.toUpperCase()})`;
  if (field === 'direction') return tmLabel(intl, 'direction', value);
  return `“${value}”`;
}

export function windowText(intl: IntlShape, window: RuleWindow): string {
  return m(intl, `window_${window.unit}`, { amount: window.amount });
}

const list = (intl: IntlShape, parts: string[], type: 'conjunction' | 'disjunction') => new Intl.ListFormat(intl.locale, { type, style: 'long' }).format(parts);

/** A group's children in words; a child that is itself a group of several goes in brackets. */
function groupText(intl: IntlShape, children: Expr[], type: 'conjunction' | 'disjunction'): string {
  if (!children.length) return m(intl, 'nothing');
  const parts = children.map((c) => {
    const text = describeExpr(intl, c);
    const nested = (has(c, 'all') && (c.all as Expr[]).length > 1) || (has(c, 'any') && (c.any as Expr[]).length > 1);
    return nested ? `(${text})` : text;
  });
  return parts.length === 1 ? parts[0] : list(intl, parts, type);
}

function perText(intl: IntlShape, per: string, direction: AggregateDirection | undefined) {
  return m(intl, `per_${per}_${direction ?? 'any'}`);
}

function aggregateText(intl: IntlShape, agg: Aggregate, op: CompareOp, threshold: Scalar): string {
  const where = agg.where ? m(intl, 'where', { conditions: describeExpr(intl, agg.where) }) : '';
  return m(intl, 'aggregate', {
    what: m(intl, `fn_${agg.fn}`),
    per: perText(intl, agg.per, agg.direction),
    window: windowText(intl, agg.window),
    where,
    op: opLabel(intl, op),
    threshold: typeof threshold === 'number' ? intl.formatNumber(threshold) : String(threshold),
  });
}

function operandText(intl: IntlShape, operand: Operand, other: Operand): string {
  if (has(operand, 'field')) return fieldLabel(intl, operand.field as string);
  if (has(operand, 'aggregate')) {
    const agg = operand.aggregate as Aggregate;
    return m(intl, 'aggregate_value', { what: m(intl, `fn_${agg.fn}`), per: perText(intl, agg.per, agg.direction), window: windowText(intl, agg.window) });
  }
  const field = has(other, 'field') ? (other.field as TxField) : null;
  return valueText(intl, field, (operand as { value: Scalar }).value);
}

export function patternText(intl: IntlShape, p: Pattern): string {
  const window = windowText(intl, p.window);
  const percent = (v: number | undefined) => intl.formatNumber(v ?? 0, { style: 'percent', maximumFractionDigits: 1 });
  let text: string;
  switch (p.kind) {
    case 'fan_in':
    case 'fan_out':
      text = m(intl, `pattern_${p.kind}`, { count: p.min_counterparties, window });
      if (p.similar_amounts !== undefined) text += m(intl, 'similar', { tolerance: percent(p.similar_amounts) });
      break;
    case 'pass_through':
      text = m(intl, 'pattern_pass_through', { senders: p.min_senders, receivers: p.min_receivers, window, tolerance: percent(p.tolerance) });
      break;
    case 'cycle':
      text = m(intl, 'pattern_cycle', { min: p.min_hops ?? 2, max: p.max_hops, window, tolerance: percent(p.tolerance) });
      break;
    case 'repeated_pair':
      text = m(intl, 'pattern_repeated_pair', { count: p.min_count, window });
      break;
    default:
      text = String((p as { kind: string }).kind);
  }
  if (p.where) text += m(intl, 'where', { conditions: describeExpr(intl, p.where) });
  return text;
}

/** A definition's condition in words. */
export function describeExpr(intl: IntlShape, expr: Expr): string {
  if (has(expr, 'all')) return groupText(intl, expr.all as Expr[], 'conjunction');
  if (has(expr, 'any')) return groupText(intl, expr.any as Expr[], 'disjunction');
  if (has(expr, 'not')) return m(intl, 'not', { condition: describeExpr(intl, expr.not as Expr) });
  if (has(expr, 'compare')) {
    const [left, op, right] = expr.compare as [Operand, CompareOp, Operand];
    if (has(left, 'aggregate') && has(right, 'value')) return aggregateText(intl, left.aggregate as Aggregate, op, right.value as Scalar);
    return m(intl, 'compare', { left: operandText(intl, left, right), op: opLabel(intl, op), right: operandText(intl, right, left) });
  }
  if (has(expr, 'in')) {
    const { field, list: ref } = expr.in as { field: TxField; list: unknown };
    const name = fieldLabel(intl, field);
    if (ref === HIGH_RISK_LIST) return m(intl, 'in_high_risk', { field: name });
    if (ref && typeof ref === 'object' && has(ref, 'values')) return m(intl, 'in_values', { field: name, values: list(intl, (ref.values as string[]).map((v) => valueText(intl, field, v)), 'disjunction') });
    if (ref && typeof ref === 'object' && has(ref, 'custom_list')) return m(intl, 'in_custom_list', { field: name });
  }
  if (has(expr, 'fields_differ')) {
    const [a, b] = expr.fields_differ as [string, string];
    return m(intl, 'fields_differ', { a: fieldLabel(intl, a), b: fieldLabel(intl, b) });
  }
  if (has(expr, 'pattern')) return patternText(intl, expr.pattern as Pattern);
  return JSON.stringify(expr);
}

/** What a fired rule found, part by part, in words: the measured value beside the rule's threshold. */
export function explainPart(intl: IntlShape, part: ExplanationPart): string {
  switch (part.kind) {
    case 'compare':
      return m(intl, 'found_compare', {
        field: part.field ? fieldLabel(intl, part.field) : '—',
        value: valueText(intl, part.field, part.value),
        op: opLabel(intl, part.op),
        threshold: valueText(intl, part.field, part.threshold),
      });
    case 'aggregate':
      return m(intl, 'found_aggregate', {
        what: m(intl, `fn_${part.fn}`),
        per: perText(intl, part.per, part.direction),
        subject: part.subject ?? '—',
        window: windowText(intl, part.window),
        where: part.where ? m(intl, 'where', { conditions: describeExpr(intl, part.where) }) : '',
        value: intl.formatNumber(part.value),
        op: opLabel(intl, part.op),
        threshold: intl.formatNumber(part.threshold),
      });
    case 'list':
      return m(intl, part.negated ? 'found_not_in_list' : 'found_in_list', {
        field: fieldLabel(intl, part.field),
        value: valueText(intl, part.field, part.value),
        list: m(intl, `list_${part.list}`),
      });
    case 'fields_differ':
      return m(intl, 'found_fields_differ', {
        a: fieldLabel(intl, part.fields[0]),
        va: valueText(intl, part.fields[0], part.values[0]),
        b: fieldLabel(intl, part.fields[1]),
        vb: valueText(intl, part.fields[1], part.values[1]),
      });
    case 'pattern':
      return m(intl, 'found_pattern', {
        pattern: m(intl, `pattern_name_${part.pattern}`),
        account: part.account,
        count: intl.formatNumber(part.count),
        threshold: intl.formatNumber(part.threshold),
        window: windowText(intl, part.window),
        members: part.members.length,
      });
    case 'not':
      return m(intl, 'not', { condition: describeExpr(intl, part.expr) });
    default:
      return '';
  }
}
