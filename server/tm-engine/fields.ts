/**
 * Reading a TxField from a transaction, derived fields included, and the normal form values are compared in:
 * countries upper-case, other text trimmed and lower-case (a payment method 'Card' is the rule's 'card'),
 * numbers as numbers. A missing value reads as null, and a comparison with null is false (docs/transaction-rules.md).
 */
import { TX_FIELDS, type TxField } from '../../common/tm-rules';
import type { TxFacts } from './facts';

export type FieldReader = (tx: TxFacts) => string | number | boolean | null;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The account of the transaction's own customer: the remitter's when it is outbound, the beneficiary's when inbound. */
export const customerAccount = (tx: TxFacts): string | null => (tx.direction === 'inbound' ? tx.beneficiary_account : tx.remitter_account) ?? null;
/** The other side of the transfer. */
export const counterpartyAccount = (tx: TxFacts): string | null => (tx.direction === 'inbound' ? tx.remitter_account : tx.beneficiary_account) ?? null;
export const counterpartyCountry = (tx: TxFacts): string | null => normCountry(tx.direction === 'inbound' ? tx.remitter_country : tx.beneficiary_country);

export function normCountry(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s === '' ? null : s.toUpperCase();
}

export function normText(v: unknown): string | null {
  if (v == null) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v).toLowerCase();
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s === '' ? null : s.toLowerCase();
}

export function normNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function normBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 1 || v === '1') return true;
  if (v === 'false' || v === 0 || v === '0') return false;
  return null;
}

const DERIVED: Partial<Record<TxField, FieldReader>> = {
  customer_account: (tx) => normText(customerAccount(tx)),
  counterparty_account: (tx) => normText(counterpartyAccount(tx)),
  counterparty_country: (tx) => counterpartyCountry(tx),
  hour_of_day: (tx) => Math.floor((((tx.occurred_at % DAY) + DAY) % DAY) / HOUR),
  // 1 January 1970 was a Thursday (4).
  day_of_week: (tx) => (((Math.floor(tx.occurred_at / DAY) + 4) % 7) + 7) % 7,
};

const cache = new Map<TxField, FieldReader>();

/** A reader of one field, normalised for comparison. */
export function fieldReader(field: TxField): FieldReader {
  let reader = cache.get(field);
  if (reader) return reader;
  const derived = DERIVED[field];
  if (derived) reader = derived;
  else {
    const type = TX_FIELDS[field].type;
    if (type === 'number') reader = (tx) => normNumber(tx[field]);
    else if (type === 'country') reader = (tx) => normCountry(tx[field]);
    else if (type === 'boolean') reader = (tx) => normBoolean(tx[field]);
    else reader = (tx) => normText(tx[field]);
  }
  cache.set(field, reader);
  return reader;
}

/** The raw (display) value of a field for an explanation: the sender's spelling, derived fields computed. */
export function displayValue(tx: TxFacts, field: TxField): string | number | boolean | null {
  if (field in DERIVED) {
    if (field === 'customer_account') return customerAccount(tx);
    if (field === 'counterparty_account') return counterpartyAccount(tx);
    return fieldReader(field)(tx);
  }
  const v = tx[field];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
}
