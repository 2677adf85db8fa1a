/**
 * Request schemas of the credits calls (docs/billing.md, "Credits ledger"): the summary of a period and
 * the ledger's rows with their filters, paged or exported. A period is from and to, inclusive UTC days as
 * YYYY-MM-DD; both default (the last 30 days, or the 30 days up to the one given), and a period longer than
 * CREDITS_MAX_DAYS is refused (creditsPeriodProblem, which the page applies too).
 */
import { coerce, defaulted, enums, integer, max, min, object, optional, refine, string, type Infer } from 'superstruct';
import { CREDIT_KINDS, LEDGER_ENTRIES, LEDGER_REASONS } from '../billing';
import type { MessageId } from '../messages';
import { text } from './core';

/** The longest period a summary or a ledger filter takes, in days. */
export const CREDITS_MAX_DAYS = 731;
/** The default period, in days, ending today. */
export const CREDITS_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const day = refine(text(10), 'iso_day', (v) => isIsoDay(v) || 'invalid_format');
const pageInt = (lo: number, hi: number, fallback: number) => defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);

export interface CreditsPeriod {
  /** First day, inclusive (YYYY-MM-DD, UTC). */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

/** The period asked for with its defaults filled in: to defaults to today (UTC), from to 29 days before to. */
export function creditsPeriod(query: { from?: string; to?: string }, now = new Date()): CreditsPeriod {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (CREDITS_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** What is wrong with a period, with the field to name; null when it is fine. */
export function creditsPeriodProblem(period: CreditsPeriod): { field: 'from' | 'to'; message: MessageId } | null {
  const from = Date.parse(`${period.from}T00:00:00Z`);
  const to = Date.parse(`${period.to}T00:00:00Z`);
  if (from > to) return { field: 'from', message: 'date_range_order' };
  if ((to - from) / DAY_MS + 1 > CREDITS_MAX_DAYS) return { field: 'from', message: 'credits_range_too_long' };
  return null;
}

const period = { from: optional(day), to: optional(day) };

/** GET /api/credits/summary */
export const CreditsSummaryQuery = object(period);
export type CreditsSummaryQueryValue = Infer<typeof CreditsSummaryQuery>;

/** The ledger's filters, shared by the list and the export; without from and to, every row. */
const ledgerFilters = {
  kind: optional(enums(CREDIT_KINDS)),
  entry: optional(enums(LEDGER_ENTRIES)),
  reason: optional(enums(LEDGER_REASONS)),
  ...period,
};

/** GET /api/credits/ledger: newest first. */
export const CreditLedgerQuery = object({ page: pageInt(1, 1_000_000, 1), page_size: pageInt(1, 500, 20), ...ledgerFilters });
export type CreditLedgerQueryValue = Infer<typeof CreditLedgerQuery>;

/** GET /api/credits/ledger/export */
export const CreditLedgerExportQuery = object({ format: defaulted(enums(['csv', 'xlsx']), 'csv'), ...ledgerFilters });
export type CreditLedgerExportQueryValue = Infer<typeof CreditLedgerExportQuery>;
