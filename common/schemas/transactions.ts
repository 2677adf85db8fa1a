/**
 * Request schemas of the transaction and customer calls (spec sections 3 "Transaction", 7 "Transactions";
 * docs/transaction-monitoring.md). Each field of a transaction has one rule here (TRANSACTION_FIELD_RULES),
 * used three ways: by the JSON schema of POST /transactions (the API answers the first failure on its field,
 * "transactions.3.amount"), by the CSV upload's row check (every problem of every row), and by a form that
 * reads schemaProblems. normaliseTransaction turns checked text into the values ingest stores.
 */
import ipaddr from 'ipaddr.js';
import { Struct, array, coerce, defaulted, enums, integer, max, min, object, optional, refine, size, string, type Infer } from 'superstruct';
import { DATE_PRESETS } from '../enums';
import type { MessageId } from '../messages';
import {
  ANALYST_STATUSES,
  CUSTOMER_RISK_LEVELS,
  CUSTOMER_SORTS,
  CUSTOMER_TYPES,
  TRANSACTION_DIRECTIONS,
  TRANSACTION_INPUT_FIELDS,
  TRANSACTION_LIMITS,
  TRANSACTION_SORTS,
  TRANSACTION_STATUSES,
  type CustomerInput,
  type CustomerRiskLevel,
  type CustomerType,
  type TransactionDirection,
  type TransactionInputField,
} from '../transactions';
import { validateEmail } from '../validation';
import { INPUT_LIMITS, ruledIfPresent, text, textOrNumber } from './core';
import { listOf } from './cases';

type FieldRule = (value: string) => MessageId | null;

// ---------------------------------------------------------------------------------------------------------
// Field rules (text in, message id or null out; an empty value is checked by `required` only)

// Regions ICU names that are groupings or retired codes, not countries (server/reference/countries.ts keeps the same list).
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ', 'AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR']);
let regionNames: Intl.DisplayNames | null | undefined;
/** An ISO 3166-1 alpha-2 country code (any case), by the ICU data both the browser and Node ship. */
export function isCountryCode(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regionNames = null;
    }
  }
  // Without ICU region names the format alone decides; the server always has them.
  return regionNames ? regionNames.of(code) !== undefined : true;
}

let currencies: ReadonlySet<string> | null | undefined;
/** An ISO 4217 currency code in use (any case), by the ICU data both sides ship. */
export function isCurrencyCode(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (currencies === undefined) {
    try {
      currencies = new Set(Intl.supportedValuesOf('currency'));
    } catch {
      currencies = null;
    }
  }
  return currencies ? currencies.has(code) : true;
}

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
const amountRule: FieldRule = (v) => {
  const s = v.trim();
  if (!AMOUNT.test(s) || !(Number(s) > 0)) return 'tm_amount_invalid';
  if (Number(s) > TRANSACTION_LIMITS.amountMax) return 'tm_amount_max';
  return null;
};
const orderTotalRule: FieldRule = (v) => {
  const s = v.trim();
  if (!AMOUNT.test(s)) return 'tm_order_total_invalid';
  if (Number(s) > TRANSACTION_LIMITS.amountMax) return 'tm_amount_max';
  return null;
};

/** An ISO 8601 date-time (a date alone is its midnight UTC; without a zone, UTC). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const DAY = 86_400_000;
/** How far ahead of the server's clock a transaction's own time may be (an integrator's clock is never exact). */
export const CREATED_AT_FUTURE_MS = DAY;

function validCalendarDate(y: number, m: number, d: number) {
  return m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The instant of an ISO 8601 date-time, or null when it is not one. */
export function parseDateTime(value: string): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!validCalendarDate(y, mo, d)) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59))) return null;
  let s = value.trim().replace(' ', 'T');
  if (m[4] === undefined) s = `${s}T00:00:00Z`;
  else if (!m[7]) s = `${s}Z`;
  const t = Date.parse(s);
  return Number.isFinite(t) ? new Date(t) : null;
}

const createdAtRule = (now = () => Date.now()): FieldRule => (v) => {
  const at = parseDateTime(v);
  if (!at) return 'tm_datetime_invalid';
  if (at.getTime() < Date.UTC(1970, 0, 1)) return 'tm_datetime_invalid';
  if (at.getTime() > now() + CREATED_AT_FUTURE_MS) return 'future_date';
  return null;
};

const dateRule: FieldRule = (v) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim());
  if (!m || !validCalendarDate(Number(m[1]), Number(m[2]), Number(m[3])) || Number(m[1]) < 1900) return 'tm_date_invalid';
  return null;
};

const emailRule: FieldRule = (v) => validateEmail(v);
const countryRule: FieldRule = (v) => (isCountryCode(v) ? null : 'invalid_country');
const currencyRule: FieldRule = (v) => (isCurrencyCode(v) ? null : 'tm_currency_invalid');
const directionRule: FieldRule = (v) => ((TRANSACTION_DIRECTIONS as readonly string[]).includes(v.trim().toLowerCase()) ? null : 'tm_direction_invalid');
const ipRule: FieldRule = (v) => {
  const s = v.trim();
  return ipaddr.IPv4.isValidFourPartDecimal(s) || (s.includes(':') && ipaddr.IPv6.isValid(s)) ? null : 'tm_ip_invalid';
};
const binRule: FieldRule = (v) => (/^\d{6,8}$/.test(v.trim()) ? null : 'tm_bin_invalid');
const eciRule: FieldRule = (v) => (/^0?[0-7]$/.test(v.trim()) ? null : 'tm_eci_invalid');

/**
 * A card as the product may keep it: its last four digits, or a masked number (PCI DSS: at most the first six
 * and last four digits visible, the rest masked with *, x, X, # or •). A full card number, or a masked one
 * showing too many digits, is refused: card numbers are never stored (docs/transaction-monitoring.md).
 */
const cardRule: FieldRule = (v) => {
  const s = v.trim().replace(/[\s-]/g, '');
  if (/^\d{4}$/.test(s)) return null;
  if (/^\d{8,19}$/.test(s)) return 'tm_card_full_number';
  if (!/^[\d*xX#•]{12,19}$/.test(s)) return 'tm_card_invalid';
  const digits = s.replace(/\D/g, '').length;
  if (digits > 10) return 'tm_card_full_number';
  if (!/\d{4}$/.test(s) && !/[*xX#•]{4}$/.test(s)) return 'tm_card_invalid';
  return null;
};

const plain: FieldRule = () => null;

/** The longest value of each field (text beyond it is 'text_too_long'). */
export const TRANSACTION_FIELD_MAX: Record<TransactionInputField, number> = {
  reference_id: TRANSACTION_LIMITS.referenceLength.max,
  created_at: 40,
  customer_id: TRANSACTION_LIMITS.idMax,
  customer_first_name: 100,
  customer_last_name: 100,
  email: INPUT_LIMITS.email,
  amount: 20,
  currency: 3,
  payment_id: TRANSACTION_LIMITS.idMax,
  payment_method: 50,
  type: 50,
  direction: 10,
  document_id: TRANSACTION_LIMITS.idMax,
  document_date: 10,
  ip_address: 45,
  ip_country: 2,
  device_id: TRANSACTION_LIMITS.idMax,
  declared_relationship: 100,
  remitter_name: TRANSACTION_LIMITS.textMax,
  remitter_account: TRANSACTION_LIMITS.idMax,
  remitter_bin: 8,
  remitter_bin_country: 2,
  remitter_country: 2,
  remitter_card: 23,
  beneficiary_name: TRANSACTION_LIMITS.textMax,
  beneficiary_account: TRANSACTION_LIMITS.idMax,
  beneficiary_bin: 8,
  beneficiary_bin_country: 2,
  beneficiary_country: 2,
  beneficiary_card: 23,
  eci_3ds: 2,
  order_id: TRANSACTION_LIMITS.idMax,
  order_status: 50,
  order_total: 20,
};

export const REQUIRED_TRANSACTION_FIELDS = ['reference_id', 'amount', 'currency', 'direction'] as const satisfies readonly TransactionInputField[];

/** The rule of each field. created_at's "not in the future" reads the clock when it runs. */
export const TRANSACTION_FIELD_RULES: Record<TransactionInputField, FieldRule> = {
  reference_id: plain,
  created_at: createdAtRule(),
  customer_id: plain,
  customer_first_name: plain,
  customer_last_name: plain,
  email: emailRule,
  amount: amountRule,
  currency: currencyRule,
  payment_id: plain,
  payment_method: plain,
  type: plain,
  direction: directionRule,
  document_id: plain,
  document_date: dateRule,
  ip_address: ipRule,
  ip_country: countryRule,
  device_id: plain,
  declared_relationship: plain,
  remitter_name: plain,
  remitter_account: plain,
  remitter_bin: binRule,
  remitter_bin_country: countryRule,
  remitter_country: countryRule,
  remitter_card: cardRule,
  beneficiary_name: plain,
  beneficiary_account: plain,
  beneficiary_bin: binRule,
  beneficiary_bin_country: countryRule,
  beneficiary_country: countryRule,
  beneficiary_card: cardRule,
  eci_3ds: eciRule,
  order_id: plain,
  order_status: plain,
  order_total: orderTotalRule,
};

/**
 * Every problem of one transaction given as text (a CSV row, or a form), field by field: required fields, each
 * field's rule, then its length. Empty values are absent.
 */
export function transactionProblems(cells: Partial<Record<TransactionInputField, string>>): Partial<Record<TransactionInputField, MessageId>> {
  const problems: Partial<Record<TransactionInputField, MessageId>> = {};
  for (const field of TRANSACTION_INPUT_FIELDS) {
    const value = (cells[field] ?? '').trim();
    if (!value) {
      if ((REQUIRED_TRANSACTION_FIELDS as readonly string[]).includes(field)) problems[field] = 'required';
      continue;
    }
    // The rule speaks first, as in the JSON schema (common/schemas/core.ts ruledIfPresent): "Spain" is not a country code.
    const failed = TRANSACTION_FIELD_RULES[field](value) ?? (value.length > TRANSACTION_FIELD_MAX[field] ? 'text_too_long' : null);
    if (failed) problems[field] = failed;
  }
  return problems;
}

/** A checked transaction as ingest stores it: trimmed text, codes in capitals, amounts as numbers, the time as an instant. */
export interface NormalisedTransaction {
  reference_id: string;
  /** null: the receipt time. */
  created_at: Date | null;
  customer_id: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  email: string | null;
  amount: number;
  currency: string;
  payment_id: string | null;
  payment_method: string | null;
  type: string | null;
  direction: TransactionDirection;
  document_id: string | null;
  document_date: string | null;
  ip_address: string | null;
  ip_country: string | null;
  device_id: string | null;
  declared_relationship: string | null;
  remitter_name: string | null;
  remitter_account: string | null;
  remitter_bin: string | null;
  remitter_bin_country: string | null;
  remitter_country: string | null;
  remitter_card: string | null;
  beneficiary_name: string | null;
  beneficiary_account: string | null;
  beneficiary_bin: string | null;
  beneficiary_bin_country: string | null;
  beneficiary_country: string | null;
  beneficiary_card: string | null;
  eci_3ds: string | null;
  order_id: string | null;
  order_status: string | null;
  order_total: number | null;
}

const COUNTRY_FIELDS = new Set<TransactionInputField>(['ip_country', 'remitter_bin_country', 'remitter_country', 'beneficiary_bin_country', 'beneficiary_country']);

/** The stored values of a transaction whose fields passed transactionProblems (or the JSON schema). */
export function normaliseTransaction(input: Partial<Record<TransactionInputField, string | number | null | undefined>>): NormalisedTransaction {
  const out: Record<string, unknown> = {};
  for (const field of TRANSACTION_INPUT_FIELDS) {
    const raw = input[field];
    const value = raw === null || raw === undefined ? '' : String(raw).trim();
    out[field] = value === '' ? null : COUNTRY_FIELDS.has(field) ? value.toUpperCase() : value;
  }
  out.currency = String(out.currency ?? '').toUpperCase();
  out.direction = String(out.direction ?? '').toLowerCase();
  out.amount = Number(out.amount);
  out.order_total = out.order_total === null ? null : Number(out.order_total);
  out.created_at = out.created_at === null ? null : parseDateTime(out.created_at as string);
  if (out.eci_3ds !== null) out.eci_3ds = String(out.eci_3ds).padStart(2, '0');
  for (const card of ['remitter_card', 'beneficiary_card'] as const) {
    if (out[card] !== null) out[card] = String(out[card]).replace(/[\s-]/g, '');
  }
  return out as unknown as NormalisedTransaction;
}

// ---------------------------------------------------------------------------------------------------------
// JSON schemas

/** A field checked by its rule, taking a number as its digits; `required` for the four required fields. */
function fieldStruct(field: TransactionInputField): Struct<string, any> {
  const rule = TRANSACTION_FIELD_RULES[field];
  const maxLength = TRANSACTION_FIELD_MAX[field];
  const required = (REQUIRED_TRANSACTION_FIELDS as readonly string[]).includes(field);
  const checked = ruledIfPresent((v) => (v.trim() === '' ? (required ? 'required' : null) : rule(v)), field, maxLength);
  return textOrNumber(required ? defaulted(checked, '') : (optional(checked) as unknown as Struct<string, any>));
}

/** null and empty values are absent: integrators often send every field, empty or null when unknown. */
const dropEmpty = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== ''));
const isPlainObject = new Struct<Record<string, unknown>>({ type: 'object', schema: null, validator: (v) => typeof v === 'object' && v !== null && !Array.isArray(v) });

const transactionShape = Object.fromEntries(TRANSACTION_INPUT_FIELDS.map((field) => [field, fieldStruct(field)])) as Record<TransactionInputField, Struct<string, any>>;

/** One transaction of POST /transactions. */
export const TransactionInputSchema = coerce(object(transactionShape), isPlainObject, dropEmpty);

/** POST /api/transactions */
export const TransactionsBody = object({
  transactions: refine(size(array(TransactionInputSchema), 0, TRANSACTION_LIMITS.batchMax), 'transactions', (v) => (v.length === 0 ? 'tm_transactions_required' : true)),
});
export type TransactionsBodyValue = Infer<typeof TransactionsBody>;

const pageInt = (lo: number, hi: number, fallback: number) => defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);
const amountFilter = refine(text(INPUT_LIMITS.short), 'amount', (v) => /^\d{1,13}(\.\d{1,2})?$/.test(v.trim()) || 'tm_amount_filter');
const tzOffset = optional(coerce(max(min(integer(), -840), 840), string(), (v) => Number(v)));

/** Filters of the transaction listing, shared by the list and the export. */
const transactionFilters = {
  /** Reference, customer id or name, remitter or beneficiary name or account. */
  q: optional(text(INPUT_LIMITS.short)),
  status: optional(listOf(enums(TRANSACTION_STATUSES))),
  direction: optional(enums(TRANSACTION_DIRECTIONS)),
  customer_id: optional(text(TRANSACTION_LIMITS.idMax)),
  /** Remitter or beneficiary account. */
  account: optional(text(TRANSACTION_LIMITS.idMax)),
  min_amount: optional(amountFilter),
  max_amount: optional(amountFilter),
  date_preset: optional(enums(DATE_PRESETS)),
  /** With date_preset custom (or alone): from and to as YYYY-MM-DD, inclusive days. */
  date_from: optional(text(INPUT_LIMITS.short)),
  date_to: optional(text(INPUT_LIMITS.short)),
  /** The browser's Date.getTimezoneOffset(), so presets follow the user's calendar. */
  tz_offset: tzOffset,
  sort: defaulted(enums(TRANSACTION_SORTS), 'created_at_desc'),
};

export const TransactionListQuery = object({ page: pageInt(1, 1_000_000, 1), page_size: pageInt(1, TRANSACTION_LIMITS.pageSizeMax, 20), ...transactionFilters });
export type TransactionListQueryValue = Infer<typeof TransactionListQuery>;

export const TransactionExportQuery = object({ format: defaulted(enums(['csv', 'xlsx']), 'csv'), ...transactionFilters });
export type TransactionExportQueryValue = Infer<typeof TransactionExportQuery>;

const isNull = new Struct<null>({ type: 'null', schema: null, validator: (v) => v === null });

/** POST /api/update: an analyst's decision on a transaction. */
export const TransactionUpdateBody = object({
  reference_id: refine(text(TRANSACTION_LIMITS.referenceLength.max), 'reference_id', (v) => v.trim().length > 0 || 'not_found'),
  status: optional(enums(ANALYST_STATUSES)),
  /** A user of the organisation, or null to unassign. */
  assignee_id: optional(
    coerce(
      refine(text(INPUT_LIMITS.id), 'assignee', (v) => v === '' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v.trim()) || 'assignee_invalid'),
      isNull,
      () => '',
    ),
  ),
  /** Why (kept in the history). */
  note: optional(text(500)),
});
export type TransactionUpdateValue = Infer<typeof TransactionUpdateBody>;

// ---------------------------------------------------------------------------------------------------------
// Customers

const customerIdRule: FieldRule = () => null;
const nameRule: FieldRule = () => null;
const riskScoreRule: FieldRule = (v) => (/^\d{1,3}$/.test(v.trim()) && Number(v) <= 100 ? null : 'tm_risk_score_range');
const birthDateRule: FieldRule = (v) => {
  const failed = dateRule(v);
  if (failed) return failed;
  return Date.parse(`${v.trim()}T00:00:00Z`) > Date.now() ? 'future_date' : null;
};

export const CUSTOMER_ATTRIBUTES_MAX = 50;
const attributeValue = (v: unknown) => (typeof v === 'string' && v.length <= 200) || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';
const Attributes = new Struct<Record<string, string | number | boolean>>({
  type: 'attributes',
  schema: null,
  validator: (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'tm_attributes_invalid';
    const entries = Object.entries(v);
    if (entries.length > CUSTOMER_ATTRIBUTES_MAX) return 'tm_attributes_invalid';
    return entries.every(([k, value]) => k.length >= 1 && k.length <= 50 && attributeValue(value)) || 'tm_attributes_invalid';
  },
});

/** One customer of customer-update-bulk. */
export const CustomerInputSchema = coerce(
  object({
    customer_id: textOrNumber(defaulted(ruledIfPresent((v) => (v.trim() ? customerIdRule(v) : 'required'), 'customer_id', TRANSACTION_LIMITS.idMax), '')),
    first_name: optional(ruledIfPresent(nameRule, 'first_name', 100)),
    last_name: optional(ruledIfPresent(nameRule, 'last_name', 100)),
    email: optional(ruledIfPresent(emailRule, 'email', INPUT_LIMITS.email)),
    country: optional(ruledIfPresent(countryRule, 'country', 2)),
    date_of_birth: optional(ruledIfPresent(birthDateRule, 'date_of_birth', 10)),
    customer_type: optional(enums(CUSTOMER_TYPES)),
    risk_level: optional(enums(CUSTOMER_RISK_LEVELS)),
    risk_score: optional(textOrNumber(ruledIfPresent(riskScoreRule, 'risk_score', 3))),
    attributes: optional(Attributes),
  }),
  isPlainObject,
  dropEmpty,
);

/** POST /api/transactions/customer-update-bulk */
export const CustomerBulkBody = object({
  customers: refine(size(array(CustomerInputSchema), 0, TRANSACTION_LIMITS.batchMax), 'customers', (v) => (v.length === 0 ? 'tm_customers_required' : true)),
});
export type CustomerBulkValue = Infer<typeof CustomerBulkBody>;

/** A checked customer as stored. */
export interface NormalisedCustomer {
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  country: string | null;
  date_of_birth: string | null;
  customer_type: CustomerType | null;
  risk_level: CustomerRiskLevel | null;
  risk_score: number | null;
  attributes: Record<string, string | number | boolean> | null;
}

export function normaliseCustomer(input: Partial<CustomerInput>): NormalisedCustomer {
  const t = (v: unknown) => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim());
  return {
    customer_id: t(input.customer_id) ?? '',
    first_name: t(input.first_name),
    last_name: t(input.last_name),
    email: t(input.email),
    country: t(input.country)?.toUpperCase() ?? null,
    date_of_birth: t(input.date_of_birth),
    customer_type: (t(input.customer_type) as CustomerType | null) ?? null,
    risk_level: (t(input.risk_level) as CustomerRiskLevel | null) ?? null,
    risk_score: t(input.risk_score) === null ? null : Number(input.risk_score),
    attributes: input.attributes ?? null,
  };
}

export const CustomerListQuery = object({
  page: pageInt(1, 1_000_000, 1),
  page_size: pageInt(1, TRANSACTION_LIMITS.pageSizeMax, 20),
  /** Customer id, name or e-mail. */
  q: optional(text(INPUT_LIMITS.short)),
  risk_level: optional(listOf(enums(CUSTOMER_RISK_LEVELS))),
  country: optional(refine(text(INPUT_LIMITS.short), 'country', (v) => isCountryCode(v) || 'invalid_country')),
  sort: defaulted(enums(CUSTOMER_SORTS), 'last_seen_desc'),
});
export type CustomerListQueryValue = Infer<typeof CustomerListQuery>;

/** The template format of GET /transactions/upload-template. */
export const UploadTemplateQuery = object({ format: defaulted(enums(['csv', 'xlsx']), 'csv') });

/** A header cell of an upload, matched to its column: the field's own name, or a common other name for it. */
export const TRANSACTION_COLUMN_SYNONYMS: Readonly<Record<string, TransactionInputField>> = {
  reference: 'reference_id',
  transaction_reference: 'reference_id',
  transaction_id: 'reference_id',
  date: 'created_at',
  timestamp: 'created_at',
  occurred_at: 'created_at',
  first_name: 'customer_first_name',
  last_name: 'customer_last_name',
  e_mail: 'email',
  ip: 'ip_address',
  '3ds_eci': 'eci_3ds',
  eci: 'eci_3ds',
};

