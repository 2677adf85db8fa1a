/**
 * Transaction monitoring's rules and alerts, as the API answers them and the screens read them (spec sections 3
 * "Alert" and "Rule", 4 "Rule status", 8 rule messages; docs/transaction-monitoring.md, "Rules and alerts"):
 * alert levels and how a rule's score gives one, the alert workflow and its transition table (the API refuses
 * any other move, the alert machine offers only these), the limits of the rule and alert forms, and the view
 * shapes of rules, alerts, an alert's detail and a backtest.
 */
import type { MessageId } from './messages';
import type { RuleDefinition, RuleExplanation } from './tm-rules';

// ---------------------------------------------------------------------------
// Rules

/** Section 4 "Rule status". A new rule starts Disabled, so nothing fires before it was backtested and switched on. */
export const RULE_STATUSES = ['Enabled', 'Disabled'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

export const TM_RULE_LIMITS = {
  name: { min: 2, max: 100 },
  description: { max: 500 },
  score: { min: 0, max: 100 },
  typology: { max: 100 },
} as const;

/** The rule form's checks, run by the builder and by the API's schema (common/schemas/tm-alerts.ts). */
export function validateTmRuleName(value: string): MessageId | null {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  return v.length < TM_RULE_LIMITS.name.min || v.length > TM_RULE_LIMITS.name.max ? 'tm_rule_name_length' : null;
}

export function validateTmRuleDescription(value: string): MessageId | null {
  return (value ?? '').trim().length > TM_RULE_LIMITS.description.max ? 'tm_rule_description_length' : null;
}

/** A whole number of points from 0 to 100: what one fired rule adds to a transaction's score. */
export function validateTmRuleScore(value: string | number): MessageId | null {
  const v = String(value ?? '').trim();
  if (!v) return 'required';
  return /^\d{1,3}$/.test(v) && Number(v) <= TM_RULE_LIMITS.score.max ? null : 'tm_rule_score_range';
}

/** A row of the rules listing (`GET /transaction-monitoring/rules`), with the definition the builder edits. */
export interface RuleRow {
  id: string;
  name: string;
  description: string;
  score: number;
  status: RuleStatus;
  definition: RuleDefinition;
  /** 1 for a new rule, one more at each change of its name, description, score or definition. */
  version: number;
  /** The laundering typology a default rule catches (docs/transaction-rules.md); null for an organisation's own. */
  typology: string | null;
  /** Shipped with the product (the engine's DEFAULT_RULES), seeded into the organisation. */
  is_default: boolean;
  created_by: { id: string; name: string } | null;
  created_at: string;
  updated_at: string;
  /** When a transaction was last evaluated with it (section 3 "last executed time"); null before. */
  last_executed_at: string | null;
}

/** One stored version of a rule (`GET /transaction-monitoring/rules/:id/versions`), newest first. */
export interface RuleVersionRow {
  version: number;
  name: string;
  description: string;
  score: number;
  definition: RuleDefinition;
  created_by: { id: string; name: string } | null;
  created_at: string;
}

// ---------------------------------------------------------------------------
// Alerts

export const ALERT_LEVELS = ['low', 'medium', 'high'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** The level of a new alert from the score of the rule that raised it (>= 70 high, >= 40 medium). */
export function alertLevelOf(score: number): AlertLevel {
  if (score >= 70) return 'high';
  if (score >= 40) return 'medium';
  return 'low';
}

export const ALERT_WORKFLOW_STATUSES = ['open', 'investigating', 'escalated', 'closed_true_positive', 'closed_false_positive'] as const;
export type AlertWorkflowStatus = (typeof ALERT_WORKFLOW_STATUSES)[number];

export const CLOSED_ALERT_STATUSES = ['closed_true_positive', 'closed_false_positive'] as const satisfies readonly AlertWorkflowStatus[];
export const isClosedAlert = (status: AlertWorkflowStatus): boolean => (CLOSED_ALERT_STATUSES as readonly string[]).includes(status);

export interface AlertTransition {
  from: AlertWorkflowStatus;
  to: AlertWorkflowStatus;
  /** Reopening a closed alert must say why: the conclusion it undoes was someone's decision. */
  noteRequired: boolean;
}

/**
 * The only moves an alert makes: open → investigating → escalated; investigating or escalated → closed as a true
 * or a false positive; a closed alert → investigating again (reopen, with a note). An open alert is not closed
 * unread: someone starts investigating it first, so every conclusion has an investigation in its history.
 */
export const ALERT_TRANSITIONS: readonly AlertTransition[] = [
  { from: 'open', to: 'investigating', noteRequired: false },
  { from: 'investigating', to: 'escalated', noteRequired: false },
  { from: 'investigating', to: 'closed_true_positive', noteRequired: false },
  { from: 'investigating', to: 'closed_false_positive', noteRequired: false },
  { from: 'escalated', to: 'closed_true_positive', noteRequired: false },
  { from: 'escalated', to: 'closed_false_positive', noteRequired: false },
  { from: 'closed_true_positive', to: 'investigating', noteRequired: true },
  { from: 'closed_false_positive', to: 'investigating', noteRequired: true },
];

/** Where an alert in this status may go next, in the table's order. */
export const nextAlertStatuses = (from: AlertWorkflowStatus): AlertWorkflowStatus[] => ALERT_TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);

export const findAlertTransition = (from: AlertWorkflowStatus, to: AlertWorkflowStatus): AlertTransition | undefined => ALERT_TRANSITIONS.find((t) => t.from === from && t.to === to);

/**
 * Why a move is refused, as a message id: 'tm_alert_transition_invalid' for a move the table lacks,
 * 'tm_alert_note_required' for a reopen without a note; null when it is allowed.
 */
export function alertTransitionProblem(from: AlertWorkflowStatus, to: AlertWorkflowStatus, note?: string | null): 'tm_alert_transition_invalid' | 'tm_alert_note_required' | null {
  const transition = findAlertTransition(from, to);
  if (!transition) return 'tm_alert_transition_invalid';
  if (transition.noteRequired && !(note ?? '').trim()) return 'tm_alert_note_required';
  return null;
}

/**
 * What happened to an alert, as its history (tm_alert_events.action) records it. A repeat trigger writes no event:
 * its transaction joins the alert and shows in the timeline itself, so a busy account does not flood the history.
 */
export const ALERT_EVENT_ACTIONS = ['raised', 'workflow', 'assigned', 'commented'] as const;
export type AlertEventAction = (typeof ALERT_EVENT_ACTIONS)[number];

export const ALERT_SORTS = ['created_desc', 'created_asc', 'updated_desc', 'updated_asc', 'triggered_desc', 'level_desc'] as const;
export type AlertSort = (typeof ALERT_SORTS)[number];

export const TM_ALERT_LIMITS = {
  /** Alert comments follow section 5's comment rule (2 to 512 characters). */
  comment: { min: 2, max: 512 },
  /** The note of a workflow step (a reopen's reason). */
  note: { max: 512 },
  pageSize: { default: 20, max: 100 },
  /** The network picture draws at most this many accounts; the rest are counted in `network.truncated`. */
  networkNodes: 60,
  /** Transactions listed on an alert's detail (the newest; `transaction_count` gives them all). */
  detailTransactions: 200,
} as const;

export interface UserRef {
  id: string;
  name: string;
}

/** A row of the alerts listing (`GET /transactions/alerts`), section 3's Alert fields. */
export interface AlertRow {
  /** The organisation's running alert number, 'AL-000123'. */
  alert_id: string;
  level: AlertLevel;
  workflow_status: AlertWorkflowStatus;
  /** The rule that raised it (one alert per rule and party while it is open), as a list for the listing's column. */
  matched_rules: { id: string; name: string }[];
  assignee: UserRef | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  /** The payment method of the transaction that raised it ('card', 'wire', ...); null when it had none. */
  channel: string | null;
  /** The other side of the transaction that raised it (account or name); null when none. */
  counterparty: string | null;
  /** How many transactions fired the rule for this party while the alert was open (1 for a new alert). */
  triggered_count: number;
  /** The account or customer id the alert is about, and its name when known. */
  party_key: string;
  party_name: string | null;
  customer_id: string | null;
  rule_version: number;
}

/** A transaction behind an alert (a TransactionRow subset: enough for the detail's table and timeline). */
export interface AlertTransaction {
  id: string;
  reference_id: string;
  occurred_at: string;
  amount: number;
  currency: string;
  direction: 'inbound' | 'outbound';
  payment_method: string | null;
  customer_id: string | null;
  remitter_name: string | null;
  remitter_account: string | null;
  beneficiary_name: string | null;
  beneficiary_account: string | null;
  status: string;
  score: number | null;
}

export interface AlertEvent {
  id: string;
  action: AlertEventAction;
  actor: UserRef | null;
  from_status: AlertWorkflowStatus | null;
  to_status: AlertWorkflowStatus | null;
  /** A workflow step's note, an assignment's new assignee name, the raising transaction's reference. */
  note: string | null;
  at: string;
}

export interface AlertComment {
  id: string;
  author: UserRef | null;
  text: string;
  created_at: string;
  updated_at: string;
}

/** One line of the detail's timeline: the alert's history and its transactions, oldest first. */
export type AlertTimelineItem = { kind: 'event'; at: string; event: AlertEvent } | { kind: 'transaction'; at: string; transaction: AlertTransaction };

export type NetworkRole = 'party' | 'member' | 'counterparty';

export interface NetworkNode {
  /** The account (or customer id) itself. */
  id: string;
  /** A name when one is known, the id otherwise. */
  label: string;
  role: NetworkRole;
  /** Named by the alert's pattern or its transactions: drawn highlighted. */
  flagged: boolean;
}

export interface NetworkEdge {
  from: string;
  to: string;
  /** Transfers from → to in the window, and their total (in the transactions' own currencies, summed as numbers). */
  count: number;
  amount: number;
}

/** The counterparty network around an alert's party, within the rule's window around its transactions. */
export interface AlertNetwork {
  nodes: NetworkNode[];
  edges: NetworkEdge[];
  /** Accounts left out to keep the picture at TM_ALERT_LIMITS.networkNodes. */
  truncated: number;
  window: { from: string; to: string };
}

/** `GET /transactions/alerts/:alert_id`. */
export interface AlertDetail extends AlertRow {
  rule: { id: string; name: string; description: string; score: number; status: RuleStatus; version: number; typology: string | null } | null;
  /** The last firing's explanation (structured: the screens phrase it with the engine's describe helpers). */
  explanation: RuleExplanation | null;
  /** Every account the rule's pattern named (fan-in senders, cycle accounts, ...). */
  members: string[];
  transactions: AlertTransaction[];
  transaction_count: number;
  history: AlertEvent[];
  timeline: AlertTimelineItem[];
  comments: AlertComment[];
  network: AlertNetwork;
  /** The workflow moves the caller may make now (from ALERT_TRANSITIONS). */
  next_statuses: AlertWorkflowStatus[];
}

// ---------------------------------------------------------------------------
// Backtest

export const BACKTEST_LIMITS = {
  /** The most transactions one backtest reads: a bound on time and memory, reported as `capped` when reached. */
  maxTransactions: 2_000_000,
  topParties: 50,
} as const;

export interface BacktestParty {
  party_key: string;
  name: string | null;
  /** Alerts the rule would have raised on this party (a new one after each would-be close does not apply: alerts stay open). */
  alerts: number;
  /** Transactions that fired the rule for this party (the would-be triggered count). */
  triggers: number;
  /** The party's label in the stored history when there is one (1 laundering, 0 not), null otherwise. */
  label: 0 | 1 | null;
}

/** Precision and recall at account level: accounts named by the alerts against accounts with a laundering label. */
export interface BacktestLabelled {
  precision: number;
  recall: number;
  f1: number;
  /** Accounts with label 1 in the scanned history. */
  labelled_accounts: number;
  /** Accounts the alerts named (party and pattern members). */
  flagged_accounts: number;
  true_positives: number;
}

/** `POST /transaction-monitoring/rules/backtest`. */
export interface BacktestAnswer {
  transactions_scanned: number;
  /** Alerts the rule would have raised: one per party while open, as live. */
  alerts: number;
  /** Transactions that fired the rule (each would have raised an alert or its triggered count). */
  hits: number;
  parties: BacktestParty[];
  /** Parties with at least one alert. */
  party_count: number;
  labelled: BacktestLabelled | null;
  /** The history the run covered (the stored transactions' own times). */
  from: string | null;
  to: string | null;
  /** The run stopped at BACKTEST_LIMITS.maxTransactions. */
  capped: boolean;
  took_ms: number;
}
