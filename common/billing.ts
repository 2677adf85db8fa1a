/**
 * Billing and credits shared by the API, the browser and the scripts: the three credit kinds of section 1,
 * the entries of the credit ledger, the plans of section 9 with what each includes, and the top-up packs.
 * Prices are in euro cents. The plan restrictions themselves live in the route table (common/access.ts,
 * blockedOnPlans); a plan's feature list is read from there, so the plans page and the guards cannot disagree.
 */
import { findRoute, type AppRouteId } from './access';
import type { PlanName } from './organisation';

export const CREDIT_KINDS = ['aml_screening', 'media_watcher', 'transaction_monitoring'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/**
 * What a ledger row records. grant: credits given without payment (trial, a plan's monthly credits once its
 * invoice is paid, an operator's gift); purchase: a paid top-up; spend: credits used; refund: credits given
 * back for work that was charged but not done. Only spend lowers the balance.
 */
export const LEDGER_ENTRIES = ['grant', 'purchase', 'spend', 'refund'] as const;
export type LedgerEntry = (typeof LEDGER_ENTRIES)[number];

/** Why a ledger row was written; the ledger table shows it in words. */
export const LEDGER_REASONS = [
  'opening_balance',
  'trial',
  'plan',
  'top_up',
  'operator',
  'case_search',
  'bulk_search',
  'monitoring',
  'media_search',
  'media_fetch_more',
  'media_monitoring',
  'transactions',
  'demo_search',
  'refund',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Spends of these reasons are a user's own searches and count towards the daily search limit. */
export const DAILY_LIMITED_REASONS: readonly LedgerReason[] = ['case_search', 'bulk_search'];

/** What a ledger row was spent on or paid by. */
export const LEDGER_SUBJECTS = ['case', 'batch', 'media_case', 'transaction', 'invoice'] as const;
export type LedgerSubject = (typeof LEDGER_SUBJECTS)[number];

export interface PlanDefinition {
  name: PlanName;
  /** Monthly price in euro cents. */
  price_cents: number;
  /** Credits granted each month the plan's invoice is paid. */
  credits: Record<CreditKind, number>;
  /** Searches a day; null: no daily limit. */
  daily_search_limit: number | null;
}

export const PLANS: readonly PlanDefinition[] = [
  { name: 'basic', price_cents: 49_000, credits: { aml_screening: 500, media_watcher: 100, transaction_monitoring: 2_000 }, daily_search_limit: 200 },
  { name: 'plus', price_cents: 129_000, credits: { aml_screening: 2_000, media_watcher: 500, transaction_monitoring: 10_000 }, daily_search_limit: 1_000 },
];

export function planDefinition(name: PlanName): PlanDefinition {
  return PLANS.find((p) => p.name === name)!;
}

/** The features a plan may leave out (section 2's plan restrictions), in the order the plans page lists them. */
export const PLAN_FEATURES = ['bulk-search', 'search-profile', 'risk-scoring', 'aml-custom-list', 'custom-source'] as const satisfies readonly AppRouteId[];
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** Whether a plan includes a feature, read from the route table's restrictions. */
export function planHasFeature(plan: PlanName, feature: PlanFeature): boolean {
  return !findRoute(feature).requirement.blockedOnPlans?.includes(plan);
}

/** A top-up: a pack of credits of one kind bought on an invoice. */
export interface TopUpPack {
  kind: CreditKind;
  credits: number;
  price_cents: number;
}

export const TOP_UP_PACKS: readonly TopUpPack[] = [
  { kind: 'aml_screening', credits: 100, price_cents: 12_000 },
  { kind: 'media_watcher', credits: 50, price_cents: 6_000 },
  { kind: 'transaction_monitoring', credits: 1_000, price_cents: 8_000 },
];

export const MAX_TOP_UP_PACKS = 50;

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Days an invoice is payable. */
export const INVOICE_TERMS_DAYS = 14;
export const VAT_RATE_PERCENT = 0;
export const CURRENCY = 'EUR';

// ---------------------------------------------------------------------------------------------------------------
// Response shapes of the billing calls (server/billing answers them, src/features/billing reads them).
// ---------------------------------------------------------------------------------------------------------------

/** GET /api/plans */
export interface PlansAnswer {
  current: PlanName | null;
  plans: (PlanDefinition & { features: Record<PlanFeature, boolean> })[];
  currency: string;
}

/** One kind's balance. alloted null: not limited (invoice billing). balance = alloted - used, never below 0. */
export interface CreditBalance {
  kind: CreditKind;
  alloted: number | null;
  used: number;
  balance: number | null;
}

/** GET /api/credits/summary?from&to: balances now and, per UTC day of the window, what was added and spent. */
export interface CreditsSummaryAnswer {
  balances: CreditBalance[];
  days: { day: string; kind: CreditKind; added: number; spent: number; balance: number | null }[];
}

/** A row of GET /api/credits/ledger (filters kind, entry, reason, from, to; paged; export=csv|xlsx). */
export interface LedgerRow {
  id: string;
  created_at: string;
  kind: CreditKind;
  entry: LedgerEntry;
  /** Signed: negative for a spend. */
  amount: number;
  balance_after: number | null;
  reason: LedgerReason;
  actor: { id: string; name: string } | null;
  subject: { type: LedgerSubject; id: string; label: string | null } | null;
}

export interface BillingDetails {
  company_name: string;
  billing_email: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postcode: string;
  /** ISO 3166 alpha-2. */
  country: string;
  vat_number: string | null;
}

export interface Invoice {
  id: string;
  number: string;
  issued_at: string;
  due_at: string;
  status: InvoiceStatus;
  paid_at: string | null;
  description: string;
  lines: { description: string; quantity: number; unit_cents: number; total_cents: number }[];
  total_cents: number;
  currency: string;
  /** What it charges for, so a screen can describe it in the reader's language (description is English). */
  kind: InvoiceKind;
  /** The plan of a plan invoice and the month it pays for; null on a top-up. */
  plan_name: PlanName | null;
  period_start: string | null;
  period_end: string | null;
  /** The credits paying it grants. */
  grants: { kind: CreditKind; credits: number }[];
}

export const INVOICE_KINDS = ['plan', 'top_up'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * How invoices are paid with the shipped collector: a bank transfer within the invoice's terms to the operator's
 * account, quoting the invoice number. Data rather than a sentence, so each screen words it in its reader's
 * language. iban and bic are null while the operator has not configured them; the bank details are then asked
 * for at `email` (the address printed on every invoice).
 */
export interface InvoicePaymentMethod {
  type: 'invoice';
  terms_days: number;
  /** The account holder the transfer is made out to. */
  payee: string;
  iban: string | null;
  bic: string | null;
  email: string;
}

/** What the payment collector in service says about paying; another collector (a card processor's) names its own type. */
export type PaymentMethod = InvoicePaymentMethod | { type: string };

export const paysByInvoice = (method: PaymentMethod): method is InvoicePaymentMethod => method.type === 'invoice';

/** GET /api/billing: details (null until entered), how payment is collected, the packs on offer. */
export interface BillingAnswer {
  details: BillingDetails | null;
  /** The payment collector in service; 'invoice' is the one shipped (bank transfer against an invoice). */
  payment_method: PaymentMethod;
  top_up_packs: readonly TopUpPack[];
  plan: PlanName | null;
}
