/**
 * Transaction monitoring's shared vocabulary for transactions and customers (spec sections 3 "Transaction",
 * 4 "Transaction status", 7 "Transactions"; docs/transaction-monitoring.md): the fields an integrator sends,
 * the decision the API answers, the rows and details the screens show, the CSV columns of the upload and its
 * template, and decideStatus, the one rule that turns fired rules and screening outcomes into a status.
 * Rules and alerts have their own vocabulary (common/tm-rules.ts, common/tm-alerts.ts).
 */
import { TRANSACTION_STATUSES } from './enums';
import type { RuleAction, RuleExplanation } from './tm-rules';

export { TRANSACTION_STATUSES };
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_DIRECTIONS = ['inbound', 'outbound'] as const;
export type TransactionDirection = (typeof TRANSACTION_DIRECTIONS)[number];

/** Where a stored transaction came from: the JSON call, a CSV upload, the first-start sample, the AMLSim loader. */
export const TRANSACTION_SOURCES = ['api', 'upload', 'sample', 'amlsim'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

/** The statuses an analyst may give a transaction (POST /update); created, deleted and AML check failed are the system's. */
export const ANALYST_STATUSES = ['accepted', 'rejected', 'under review', 'hold other', 'AML hold'] as const;
export type AnalystStatus = (typeof ANALYST_STATUSES)[number];

export const CUSTOMER_TYPES = ['person', 'company'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const CUSTOMER_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type CustomerRiskLevel = (typeof CUSTOMER_RISK_LEVELS)[number];

/** The two screened parties of a transaction. */
export const TRANSACTION_PARTIES = ['remitter', 'beneficiary'] as const;
export type TransactionParty = (typeof TRANSACTION_PARTIES)[number];

/**
 * A party's screening: clear (screened, no hit), hit (a listed name: the transaction is on AML hold and the
 * party has an AML case), error (the screening could not run: AML check failed), skipped (no name to screen,
 * or a loaded simulation whose names were generated and are not screened).
 */
export const SCREENING_OUTCOMES = ['clear', 'hit', 'error', 'skipped'] as const;
export type ScreeningOutcome = (typeof SCREENING_OUTCOMES)[number];

export const TRANSACTION_SORTS = ['created_at_desc', 'created_at_asc', 'amount_desc', 'amount_asc', 'score_desc', 'number_desc'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

export const CUSTOMER_SORTS = ['last_seen_desc', 'name_asc', 'risk_desc', 'total_out_desc', 'transaction_count_desc'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const TRANSACTION_LIMITS = {
  /** Transactions in one POST /transactions, and customers in one customer-update-bulk. */
  batchMax: 1000,
  /** Rows of one CSV upload (each row is decided in the same database transaction, so the file is all or nothing). */
  uploadRowsMax: 1000,
  /** Bytes of one CSV upload. */
  uploadMaxBytes: 5 * 1024 * 1024,
  referenceLength: { min: 1, max: 100 },
  /** The largest amount accepted (two decimals): a trillion, past any single real payment. */
  amountMax: 1e12,
  /** Free-text fields (names, accounts, payment method, order status, ...). */
  textMax: 200,
  /** Identifiers (customer, payment, document, device, order, account). */
  idMax: 100,
  /** Listing pages. */
  pageSizeMax: 100,
  /** Rows of an export. */
  exportMax: 100_000,
} as const;

/**
 * One transaction as an integrator sends it (POST /transactions, one CSV row): section 3's fields in
 * snake_case. reference_id, amount, currency and direction are required. created_at is the transaction's own
 * time (ISO 8601; the receipt time when left out) and is what rule windows count by. Amounts are numbers or
 * decimal strings with at most two decimals. Cards are only ever masked or their last four digits: a full card
 * number is refused and never stored.
 */
export interface TransactionInput {
  reference_id: string;
  created_at?: string;
  customer_id?: string;
  customer_first_name?: string;
  customer_last_name?: string;
  email?: string;
  amount: number | string;
  currency: string;
  payment_id?: string;
  payment_method?: string;
  type?: string;
  direction: TransactionDirection;
  document_id?: string;
  document_date?: string;
  ip_address?: string;
  ip_country?: string;
  device_id?: string;
  declared_relationship?: string;
  remitter_name?: string;
  remitter_account?: string;
  remitter_bin?: string;
  remitter_bin_country?: string;
  remitter_country?: string;
  remitter_card?: string;
  beneficiary_name?: string;
  beneficiary_account?: string;
  beneficiary_bin?: string;
  beneficiary_bin_country?: string;
  beneficiary_country?: string;
  beneficiary_card?: string;
  eci_3ds?: string;
  order_id?: string;
  order_status?: string;
  order_total?: number | string;
}

/** Every input field, in the order of the CSV template's columns (the upload's columns are these names). */
export const TRANSACTION_INPUT_FIELDS = [
  'reference_id',
  'created_at',
  'customer_id',
  'customer_first_name',
  'customer_last_name',
  'email',
  'amount',
  'currency',
  'payment_id',
  'payment_method',
  'type',
  'direction',
  'document_id',
  'document_date',
  'ip_address',
  'ip_country',
  'device_id',
  'declared_relationship',
  'remitter_name',
  'remitter_account',
  'remitter_bin',
  'remitter_bin_country',
  'remitter_country',
  'remitter_card',
  'beneficiary_name',
  'beneficiary_account',
  'beneficiary_bin',
  'beneficiary_bin_country',
  'beneficiary_country',
  'beneficiary_card',
  'eci_3ds',
  'order_id',
  'order_status',
  'order_total',
] as const satisfies readonly (keyof TransactionInput)[];
export type TransactionInputField = (typeof TRANSACTION_INPUT_FIELDS)[number];

/** The columns of the CSV upload and of its template. */
export const TRANSACTION_CSV_COLUMNS = TRANSACTION_INPUT_FIELDS;
/** The template's example row (one per column, same order). */
export const TRANSACTION_CSV_EXAMPLE: Record<TransactionInputField, string> = {
  reference_id: 'TX-2026-000001',
  created_at: '2026-03-01T09:30:00Z',
  customer_id: 'CUST-1001',
  customer_first_name: 'Maria',
  customer_last_name: 'Lopez',
  email: 'maria.lopez@example.com',
  amount: '1250.00',
  currency: 'EUR',
  payment_id: 'PAY-778812',
  payment_method: 'bank_transfer',
  type: 'transfer',
  direction: 'outbound',
  document_id: 'INV-2026-114',
  document_date: '2026-02-28',
  ip_address: '203.0.113.7',
  ip_country: 'ES',
  device_id: 'dev-5f2a',
  declared_relationship: 'supplier',
  remitter_name: 'Maria Lopez',
  remitter_account: 'ES9121000418450200051332',
  remitter_bin: '',
  remitter_bin_country: '',
  remitter_country: 'ES',
  remitter_card: '',
  beneficiary_name: 'Acme Trading GmbH',
  beneficiary_account: 'DE89370400440532013000',
  beneficiary_bin: '',
  beneficiary_bin_country: '',
  beneficiary_country: 'DE',
  beneficiary_card: '',
  eci_3ds: '',
  order_id: '',
  order_status: '',
  order_total: '',
};

/**
 * A rule that fired on a transaction. explanation is the engine's structured explanation
 * (common/tm-rules.ts RuleExplanation): the aggregate's value against its threshold, the pattern's members...
 */
export interface AppliedRule {
  rule_id: string;
  rule_name: string;
  rule_version: number;
  score: number;
  action: RuleAction;
  party_key: string;
  explanation: RuleExplanation;
}

/** One party's screening as stored on the transaction and answered with its decision. */
export interface PartyScreening {
  party: TransactionParty;
  name: string | null;
  outcome: ScreeningOutcome;
  /** Hits above the organisation's threshold. */
  hits: number;
  /** The AML case opened for a hit (its Manage Case reference), else null. */
  case_reference: string | null;
}

/** The answer for one transaction of POST /transactions and of an upload. */
export interface TransactionDecision {
  reference_id: string;
  /** The stored transaction's id and running number. */
  id: string;
  number: number;
  status: TransactionStatus;
  /** min(100, sum of the fired rules' scores). */
  score: number;
  /** Sum of the fired rules' scores (uncapped) + 50 per party with a screening hit. */
  total_risk_factor_score: number;
  rules_applied: AppliedRule[];
  screening: PartyScreening[];
  /** Alerts raised or raised again by this transaction ('AL-000123'). */
  alerts: string[];
  /** true when the reference was already stored: the stored decision, nothing spent, nothing changed. */
  duplicate: boolean;
}

/** A named user, as assignee. */
export interface TransactionUser {
  id: string;
  name: string;
}

/** A row of the transaction listing. */
export interface TransactionRow {
  id: string;
  number: number;
  reference_id: string;
  /** The transaction's own time (section 3 "created at"), ISO. */
  created_at: string;
  received_at: string;
  customer_id: string | null;
  customer_name: string | null;
  amount: string;
  currency: string;
  direction: TransactionDirection;
  payment_method: string | null;
  type: string | null;
  remitter_name: string | null;
  remitter_account: string | null;
  beneficiary_name: string | null;
  beneficiary_account: string | null;
  score: number;
  total_risk_factor_score: number;
  status: TransactionStatus;
  assignee: TransactionUser | null;
  /** How many rules fired. */
  rules_count: number;
  /** The names of the rules that fired, as stored with the decision. */
  rule_names: string[];
  remitter_country: string | null;
  beneficiary_country: string | null;
  source: TransactionSource;
}

/** A stored transaction with every field (GET /transactions/detail/:reference). */
export interface TransactionDetail extends TransactionRow {
  customer_first_name: string | null;
  customer_last_name: string | null;
  email: string | null;
  payment_id: string | null;
  document_id: string | null;
  document_date: string | null;
  ip_address: string | null;
  ip_country: string | null;
  device_id: string | null;
  declared_relationship: string | null;
  remitter_bin: string | null;
  remitter_bin_country: string | null;
  remitter_country: string | null;
  remitter_card: string | null;
  beneficiary_bin: string | null;
  beneficiary_bin_country: string | null;
  beneficiary_country: string | null;
  beneficiary_card: string | null;
  eci_3ds: string | null;
  order_id: string | null;
  order_status: string | null;
  order_total: string | null;
  rules_applied: AppliedRule[];
  screening: PartyScreening[];
  /** Alerts this transaction is behind. */
  alerts: { alert_id: string; level: string; workflow_status: string }[];
  /** AML cases opened for its parties. */
  aml_case_count: number;
  /** Analysts' decisions (POST /update), oldest first; the arrival is received_at. */
  history: TransactionHistoryItem[];
}

export interface TransactionHistoryItem {
  at: string;
  actor: string | null;
  status?: { from: TransactionStatus; to: TransactionStatus };
  assignee?: { from: TransactionUser | null; to: TransactionUser | null };
  note: string | null;
}

/** An AML case of a transaction's party (GET /transactions/detail/:reference/aml-cases); opens at /case/{reference}. */
export interface TransactionAmlCase {
  reference: string;
  name: string;
  party: TransactionParty;
  case_status: string;
  risk_level: string;
  hits: number;
  created_at: string;
}

/** A customer as an integrator sends it (customer-update-bulk) or as transactions fill it in. */
export interface CustomerInput {
  customer_id: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  country?: string;
  date_of_birth?: string;
  customer_type?: CustomerType;
  risk_level?: CustomerRiskLevel;
  /** Risk score 0..100. */
  risk_score?: number | string;
  /** The integrator's own attributes: at most 50 keys, short values. */
  attributes?: Record<string, string | number | boolean>;
}

/** A row of the customer listing. */
export interface CustomerRow {
  id: string;
  customer_id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  country: string | null;
  customer_type: CustomerType;
  risk_level: CustomerRiskLevel;
  risk_score: number;
  transaction_count: number;
  total_in: string;
  total_out: string;
  first_seen_at: string | null;
  last_seen_at: string | null;
  /** Alerts about this customer not closed. */
  open_alerts: number;
}

export interface CustomerCounterparty {
  account: string;
  name: string | null;
  country: string | null;
  in_count: number;
  out_count: number;
  in_sum: string;
  out_sum: string;
}

/** GET /transactions/customers/:customer_id */
export interface CustomerProfile {
  customer: CustomerRow & { date_of_birth: string | null; attributes: Record<string, string | number | boolean>; created_at: string; updated_at: string };
  risk: { level: CustomerRiskLevel; score: number; flagged_transactions: number; aml_holds: number };
  totals: { in_count: number; out_count: number; in_sum: string; out_sum: string; currencies: string[] };
  /** The latest 50 transactions. */
  transactions: TransactionRow[];
  alerts: { alert_id: string; level: string; workflow_status: string; rule_name: string | null; triggered_count: number; updated_at: string }[];
  /** The top 50 accounts it sent to or received from. */
  counterparties: CustomerCounterparty[];
}

/** A page of a listing (server/http/reply.ts pageOf, as every paged call answers). */
export interface TransactionPage<T> {
  page: number;
  page_size: number;
  total: number;
  data: T[];
}

/** The upload's answer (POST /transactions/upload). */
export interface TransactionUploadAnswer {
  accepted: number;
  duplicates: number;
  results: TransactionDecision[];
}

/**
 * A problem of a refused upload (400 'Errors Found in Your File', answered as { rows: TransactionUploadProblem[],
 * problem_count }): the file's line (the header is 1), the column ('' for the file as a whole), the message id
 * (translate msg.<code>), its English text, and the offending value cut to 100 characters.
 */
export interface TransactionUploadProblem {
  row: number;
  field: string;
  code: string;
  message: string;
  value?: string;
}

/** Extra risk a party with a screening hit adds to total_risk_factor_score. */
export const SCREENING_HIT_RISK = 50;

export interface DecisionInput {
  /** Scores and actions of the rules that fired. */
  fired: readonly { score: number; action: RuleAction }[];
  /** Each screened party's outcome. */
  screening: readonly ScreeningOutcome[];
}

export interface DecisionOutcome {
  status: TransactionStatus;
  score: number;
  total_risk_factor_score: number;
}

/**
 * The decision of a transaction. A screening hit wins over everything (a listed party must be held for the
 * AML team), then a screening that could not run (the transaction must not pass unchecked), then the strongest
 * action of the rules that fired; nothing fired is accepted.
 */
export function decideStatus(input: DecisionInput): DecisionOutcome {
  const sum = input.fired.reduce((total, r) => total + r.score, 0);
  const hits = input.screening.filter((o) => o === 'hit').length;
  const score = Math.min(100, sum);
  const total_risk_factor_score = sum + SCREENING_HIT_RISK * hits;
  let status: TransactionStatus;
  if (hits > 0) status = 'AML hold';
  else if (input.screening.includes('error')) status = 'AML check failed';
  else if (input.fired.some((r) => r.action === 'reject')) status = 'rejected';
  else if (input.fired.some((r) => r.action === 'hold')) status = 'hold other';
  else if (input.fired.some((r) => r.action === 'review')) status = 'under review';
  else status = 'accepted';
  return { status, score, total_risk_factor_score };
}

/** A customer's display name from its parts. */
export function customerName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last].filter((p) => p && p.trim()).join(' ');
}
