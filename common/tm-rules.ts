/**
 * The transaction-monitoring rule language (docs/transaction-rules.md): what a rule definition is, the
 * transaction fields a rule may read, the operators, aggregates and network patterns, and the shape of the
 * explanation a fired rule carries. The schema that validates a definition is common/schemas/tm-rules.ts;
 * the engine that runs one is server/tm-engine. Both the rule builder (browser) and the API read this file,
 * so it holds types and plain data only.
 */

/** The language version a definition declares. A definition of another version is refused, never guessed at. */
export const TM_RULE_LANGUAGE_VERSION = 1 as const;

/** How a field's values compare: numbers order, strings and countries only (in)equal, booleans only (in)equal. */
export const TX_FIELD_TYPES = ['number', 'string', 'country', 'boolean'] as const;
export type TxFieldType = (typeof TX_FIELD_TYPES)[number];

export interface TxFieldInfo {
  type: TxFieldType;
  /** Locale key of the field's label in the rule builder. */
  label: string;
  /** The values a field can take when the set is closed (the builder offers a choice instead of free text). */
  values?: readonly string[];
  /** Computed by the engine from other fields, not sent by an integrator. */
  derived?: true;
}

const f = (type: TxFieldType, name: string, extra: Partial<TxFieldInfo> = {}): TxFieldInfo => ({ type, label: `tm_rules.field.${name}`, ...extra });

/**
 * Every field a rule may name. The names are the Transaction's (spec section 3) in snake_case, plus a few the
 * engine derives so that common conditions need no arithmetic in the language:
 * - customer_account: the customer's own account in the transfer (remitter's for outbound, beneficiary's for inbound);
 * - counterparty_account / counterparty_country: the other side of the transfer;
 * - hour_of_day / day_of_week: of occurred_at in UTC (0..23; 0 = Sunday .. 6).
 */
export const TX_FIELDS = {
  amount: f('number', 'amount'),
  currency: f('string', 'currency'),
  direction: f('string', 'direction', { values: ['inbound', 'outbound'] }),
  payment_method: f('string', 'payment_method'),
  type: f('string', 'type'),
  customer_id: f('string', 'customer_id'),
  email: f('string', 'email'),
  ip_address: f('string', 'ip_address'),
  ip_country: f('country', 'ip_country'),
  device_id: f('string', 'device_id'),
  declared_relationship: f('string', 'declared_relationship'),
  document_id: f('string', 'document_id'),
  remitter_name: f('string', 'remitter_name'),
  remitter_account: f('string', 'remitter_account'),
  remitter_bin: f('string', 'remitter_bin'),
  remitter_bin_country: f('country', 'remitter_bin_country'),
  remitter_country: f('country', 'remitter_country'),
  remitter_card: f('string', 'remitter_card'),
  beneficiary_name: f('string', 'beneficiary_name'),
  beneficiary_account: f('string', 'beneficiary_account'),
  beneficiary_bin: f('string', 'beneficiary_bin'),
  beneficiary_bin_country: f('country', 'beneficiary_bin_country'),
  beneficiary_country: f('country', 'beneficiary_country'),
  beneficiary_card: f('string', 'beneficiary_card'),
  eci_3ds: f('string', 'eci_3ds'),
  order_id: f('string', 'order_id'),
  order_status: f('string', 'order_status'),
  order_total: f('number', 'order_total'),
  customer_account: f('string', 'customer_account', { derived: true }),
  counterparty_account: f('string', 'counterparty_account', { derived: true }),
  counterparty_country: f('country', 'counterparty_country', { derived: true }),
  hour_of_day: f('number', 'hour_of_day', { derived: true }),
  day_of_week: f('number', 'day_of_week', { derived: true }),
} as const satisfies Record<string, TxFieldInfo>;

export type TxField = keyof typeof TX_FIELDS;
export const TX_FIELD_NAMES = Object.keys(TX_FIELDS) as TxField[];
export const isTxField = (name: unknown): name is TxField => typeof name === 'string' && Object.prototype.hasOwnProperty.call(TX_FIELDS, name);

export const COMPARE_OPERATORS = ['>', '>=', '<', '<=', '=', '!='] as const;
export type CompareOp = (typeof COMPARE_OPERATORS)[number];
/** The operators a type allows: only numbers (fields, aggregates) are ordered. */
export const OPERATORS_BY_TYPE: Record<TxFieldType, readonly CompareOp[]> = {
  number: COMPARE_OPERATORS,
  string: ['=', '!='],
  country: ['=', '!='],
  boolean: ['=', '!='],
};

export const WINDOW_UNITS = ['minutes', 'hours', 'days'] as const;
export type WindowUnit = (typeof WINDOW_UNITS)[number];
export interface RuleWindow {
  amount: number;
  unit: WindowUnit;
}
export const WINDOW_UNIT_MS: Record<WindowUnit, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };
/** Windows run from one minute to 400 days: a year of history and a little more, never unbounded. */
export const WINDOW_LIMITS = { minMs: 60_000, maxMs: 400 * 86_400_000 } as const;
export const windowMs = (w: RuleWindow) => w.amount * WINDOW_UNIT_MS[w.unit];

export const AGGREGATE_FNS = ['count', 'sum', 'avg', 'max', 'min', 'distinct_counterparties', 'distinct_countries'] as const;
export type AggregateFn = (typeof AGGREGATE_FNS)[number];
/** The functions that read a numeric field (amount); count and the distinct counts do not. */
export const AGGREGATE_FNS_WITH_FIELD: readonly AggregateFn[] = ['sum', 'avg', 'max', 'min'];
export const AGGREGATE_PER = ['customer', 'account', 'counterparty', 'remitter', 'beneficiary'] as const;
export type AggregatePer = (typeof AGGREGATE_PER)[number];
export const AGGREGATE_DIRECTIONS = ['in', 'out', 'any'] as const;
export type AggregateDirection = (typeof AGGREGATE_DIRECTIONS)[number];

/**
 * A number computed over the past transactions of one subject within a window that ends at the current
 * transaction's occurred_at (included) and starts `window` earlier (excluded): occurred_at in (t - w, t].
 * - per 'customer': the transactions of the current customer_id (direction in = inbound, out = outbound);
 * - per 'account': the transfers of the customer's own account in the transfer graph (in = it received, out = it sent);
 * - per 'counterparty': the transfers of the other account of the current transaction, same meaning of direction;
 * - per 'remitter' / 'beneficiary': the transfers of the current transaction's remitter / beneficiary account,
 *   whichever side the customer is on (the roles of the transfer graph, as patterns read it).
 * `where` filters the past transactions by their own fields (no aggregates or patterns inside).
 */
export interface Aggregate {
  fn: AggregateFn;
  field?: 'amount';
  per: AggregatePer;
  direction?: AggregateDirection;
  window: RuleWindow;
  where?: Expr;
}

export type Scalar = number | string | boolean;
export type Operand = { field: TxField } | { value: Scalar } | { aggregate: Aggregate };

export const HIGH_RISK_LIST = 'high_risk_countries' as const;
/**
 * The list `high_risk_countries`: the jurisdictions the FATF names, as ISO 3166-1 alpha-2 codes. Source: FATF,
 * "High-Risk Jurisdictions subject to a Call for Action" and "Jurisdictions under Increased Monitoring", both
 * published 13 June 2025 (https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html). FATF revises them
 * after each plenary (February, June, October): review this list then.
 */
export const HIGH_RISK_COUNTRIES: readonly string[] = [
  // Call for action (black list): DPRK, Iran, Myanmar.
  'KP', 'IR', 'MM',
  // Increased monitoring (grey list), June 2025.
  'DZ', 'AO', 'BO', 'BG', 'BF', 'CM', 'CI', 'CD', 'HT', 'KE', 'LA', 'LB', 'MC', 'MZ', 'NA', 'NP', 'NG', 'ZA', 'SS', 'SY', 'VE', 'VN', 'VG', 'YE',
];
export const HIGH_RISK_COUNTRIES_AS_OF = '2025-06-13';

export type ListRef = typeof HIGH_RISK_LIST | { values: string[] } | { custom_list: string };

/**
 * Network patterns over the transfer graph (remitter_account → beneficiary_account), looked for around the
 * current transfer: the transfers of a pattern span less than its window and include the current one (details
 * in docs/transaction-rules.md). Amounts are similar within a tolerance x when they differ by at most x times
 * the larger one.
 */
export const PATTERN_KINDS = ['fan_in', 'fan_out', 'pass_through', 'cycle', 'repeated_pair'] as const;
export type PatternKind = (typeof PATTERN_KINDS)[number];

/**
 * Only quiet accounts: the pattern's account made at most `count` transfers (received and sent, of those the
 * pattern's filter keeps) in the `window` up to the current transfer. A business that collects from or pays
 * many parties every week does so by trade; a personal or mule account does not.
 */
export interface ActivityLimit {
  count: number;
  window: RuleWindow;
}

/**
 * fan_in: the beneficiary account of the current transfer received from at least `min_counterparties` distinct
 * senders within the window (fan_out: the remitter sent to that many receivers); with `similar_amounts`, only
 * transfers within that tolerance of the current amount count.
 */
export interface FanPattern {
  kind: 'fan_in' | 'fan_out';
  window: RuleWindow;
  min_counterparties: number;
  /** Relative tolerance (0..1) of the amounts that count together: 0.1 = within 10% of each other. */
  similar_amounts?: number;
  max_activity?: ActivityLimit;
  where?: Expr;
}
/**
 * pass_through: an account received a run of transfers from at least `min_senders` senders, then (nothing
 * received in between) sent a run to at least `min_receivers` receivers, within the window, the total sent
 * within `tolerance` of the total received (money passes through instead of staying). Looked for at both
 * accounts of the current transfer.
 */
export interface PassThroughPattern {
  kind: 'pass_through';
  window: RuleWindow;
  min_senders: number;
  min_receivers: number;
  tolerance: number;
  max_activity?: ActivityLimit;
  where?: Expr;
}
/**
 * cycle: the current transfer lies on a closed loop of `min_hops` (default 2)..`max_hops` transfers within the
 * window. Ordered: in time order around the loop, each amount within `tolerance` of the one before it (the last
 * and the first within tolerance × max_hops). Unordered: every amount within `tolerance` of the current one.
 */
export interface CyclePattern {
  kind: 'cycle';
  window: RuleWindow;
  min_hops?: number;
  max_hops: number;
  tolerance: number;
  /**
   * true (the default): the transfers follow each other in time around the loop (money flows on and comes back).
   * false: any closed loop of similar amounts within the window, whatever the order in which its legs settled.
   */
  ordered?: boolean;
  where?: Expr;
}
/** repeated_pair: the same remitter → beneficiary at least `min_count` times within the window (split payments). */
export interface RepeatedPairPattern {
  kind: 'repeated_pair';
  window: RuleWindow;
  min_count: number;
  /** Relative tolerance (0..1): only transfers within it of the current one's amount count (parts of one split sum). */
  similar_amounts?: number;
  where?: Expr;
}
export type Pattern = FanPattern | PassThroughPattern | CyclePattern | RepeatedPairPattern;

/** Bounds of the language: a definition larger or deeper is refused (the engine's work stays bounded). */
export const RULE_LIMITS = {
  maxDepth: 12,
  maxNodes: 200,
  maxListValues: 500,
  maxStringLength: 200,
  maxChildren: 50,
  maxCycleHops: 8,
  maxCounterparties: 1000,
} as const;

export type Expr =
  | { all: Expr[] }
  | { any: Expr[] }
  | { not: Expr }
  | { compare: [Operand, CompareOp, Operand] }
  | { in: { field: TxField; list: ListRef } }
  | { fields_differ: [TxField, TxField] }
  | { pattern: Pattern };

export const EXPR_KINDS = ['all', 'any', 'not', 'compare', 'in', 'fields_differ', 'pattern'] as const;
export type ExprKind = (typeof EXPR_KINDS)[number];
/** The kind of an expression node: its one key. */
export const exprKind = (e: Expr): ExprKind => Object.keys(e)[0] as ExprKind;

export const RULE_ACTIONS = ['review', 'hold', 'reject'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

export interface RuleDefinition {
  version: typeof TM_RULE_LANGUAGE_VERSION;
  when: Expr;
  /** What a fired rule asks for; review unless told. */
  action?: RuleAction;
}

// ---------------------------------------------------------------------------------------------------------
// Explanations: what a fired rule stores (transactions.rules_applied, alerts.explanation) so a screen can say
// why, e.g. "4 transactions above 5,000 within 24 hours (threshold: more than 3)". Structured, never prose.

export interface CompareExplanation {
  kind: 'compare';
  field: TxField | null;
  value: Scalar | null;
  op: CompareOp;
  threshold: Scalar | null;
}
export interface AggregateExplanation {
  kind: 'aggregate';
  fn: AggregateFn;
  field?: 'amount';
  per: AggregatePer;
  /** The customer id or account the aggregate was computed over. */
  subject: string | null;
  direction: AggregateDirection;
  window: RuleWindow;
  /** The filter the past transactions passed (the builder describes it: "above 5,000"). */
  where?: Expr;
  value: number;
  op: CompareOp;
  threshold: number;
  /** The transactions counted (at most EXPLANATION_MAX_IDS, newest first). */
  transaction_ids: string[];
}
export interface ListExplanation {
  kind: 'list';
  field: TxField;
  value: string | null;
  list: 'high_risk_countries' | 'values' | 'custom_list';
  list_id?: string;
  /** The operand was negated (not in). */
  negated?: boolean;
}
export interface FieldsDifferExplanation {
  kind: 'fields_differ';
  fields: [TxField, TxField];
  values: [string | null, string | null];
}
export interface PatternExplanation {
  kind: 'pattern';
  pattern: PatternKind;
  /** The account the pattern is about: the hub of a fan, the pass-through account, the cycle's origin, the remitter of a pair. */
  account: string;
  window: RuleWindow;
  /** What was counted (senders, receivers, transfers, hops) and the threshold it reached. */
  count: number;
  threshold: number;
  /** Other accounts the pattern names (senders, receivers, accounts on the cycle, the beneficiary of a pair). */
  members: string[];
  /** pass_through: distinct senders and receivers in the span. */
  senders?: number;
  receivers?: number;
  total_in?: number;
  total_out?: number;
  amount_min?: number;
  amount_max?: number;
  tolerance?: number;
  /** First and last occurred_at (ms) of the transfers behind it. */
  from?: number;
  to?: number;
  transaction_ids: string[];
}
export interface NotExplanation {
  kind: 'not';
  expr: Expr;
}
export type ExplanationPart = CompareExplanation | AggregateExplanation | ListExplanation | FieldsDifferExplanation | PatternExplanation | NotExplanation;

export interface RuleExplanation {
  parts: ExplanationPart[];
}

/** A fired rule: what a decision, an alert and a backtest store. */
export interface RuleHit {
  rule_id: string;
  rule_version: number;
  score: number;
  action: RuleAction;
  /** The account or customer the alert is about. */
  party_key: string;
  party_name: string | null;
  counterparty: string | null;
  /** Every account the pattern names (fan-in senders, cycle accounts...). */
  members: string[];
  /** The transactions behind the hit, the current one included. */
  transaction_ids: string[];
  explanation: RuleExplanation;
}

/** Ids kept per explanation part and per hit: enough to show, bounded for storage. */
export const EXPLANATION_MAX_IDS = 50;
