/**
 * Credits Usage's view (the ledger's filters, the period, the page) and its address, read and written with the
 * shared address rules (machines/shared/address.ts): a value the address cannot hold reads as the default and
 * only what differs from the default is written, so the plain screen is /credits-usage (the last 30 days).
 * The period (a date preset of section 9, or a custom range) is the page's: the charts and the ledger show
 * the same days. A preset becomes a range of calendar days (common/date-presets.ts), sent to the API as from
 * and to, both included; the API counts in UTC days, so the screen passes a UTC offset of 0 and says so.
 */
import { CREDIT_KINDS, LEDGER_ENTRIES, LEDGER_REASONS, type CreditKind, type LedgerEntry, type LedgerReason } from '../../common/billing';
import { presetRange } from '../../common/date-presets';
import { DATE_PRESETS, type DatePreset } from '../../common/enums';
import { addressOf, customRange, oneOf, positive, queryParams } from '../shared/address';

export const LEDGER_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The charts draw at most this many days: a longer period (all time) is drawn for its last year. */
export const MAX_CHART_DAYS = 366;

export interface CreditsUsageFilters {
  kind: '' | CreditKind;
  entry: '' | LedgerEntry;
  reason: '' | LedgerReason;
  date_preset: DatePreset;
  date_from: string;
  date_to: string;
}

export interface CreditsUsageView {
  filters: CreditsUsageFilters;
  page: number;
  pageSize: number;
}

export const DEFAULT_USAGE_FILTERS: CreditsUsageFilters = { kind: '', entry: '', reason: '', date_preset: 'last_30_days', date_from: '', date_to: '' };
export const DEFAULT_USAGE_VIEW: CreditsUsageView = { filters: DEFAULT_USAGE_FILTERS, page: 1, pageSize: 20 };

export function viewFromSearch(search: string): CreditsUsageView {
  const q = queryParams(search);
  const preset = oneOf(DATE_PRESETS, q.get('date_preset'), DEFAULT_USAGE_FILTERS.date_preset);
  const pageSize = Number(q.get('page_size'));
  return {
    filters: {
      kind: oneOf(['', ...CREDIT_KINDS], q.get('kind'), ''),
      entry: oneOf(['', ...LEDGER_ENTRIES], q.get('entry'), ''),
      reason: oneOf(['', ...LEDGER_REASONS], q.get('reason'), ''),
      date_preset: preset,
      ...customRange(preset, q.get('date_from'), q.get('date_to')),
    },
    page: positive(q.get('page'), 1),
    pageSize: (LEDGER_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_USAGE_VIEW.pageSize,
  };
}

function normalise(filters: CreditsUsageFilters): CreditsUsageFilters {
  const custom = filters.date_preset === 'custom';
  return { ...filters, date_from: custom ? filters.date_from.trim() : '', date_to: custom ? filters.date_to.trim() : '' };
}

export function searchFromView(view: CreditsUsageView): string {
  const q = new URLSearchParams();
  const filters = normalise(view.filters);
  for (const key of Object.keys(DEFAULT_USAGE_FILTERS) as (keyof CreditsUsageFilters)[]) {
    if (filters[key] !== DEFAULT_USAGE_FILTERS[key]) q.set(key, filters[key]);
  }
  if (view.page !== 1) q.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_USAGE_VIEW.pageSize) q.set('page_size', String(view.pageSize));
  return addressOf(q);
}

/** Different filters start again at page 1. */
export function withFilters(view: CreditsUsageView, filters: Partial<CreditsUsageFilters>): CreditsUsageView {
  const next = { ...view.filters, ...filters };
  const changed = (Object.keys(filters) as (keyof CreditsUsageFilters)[]).some((k) => normalise(next)[k] !== normalise(view.filters)[k]);
  return { ...view, filters: next, page: changed ? 1 : view.page };
}

/** Whether two views show different periods (the charts load again only then). */
export const samePeriod = (a: CreditsUsageView, b: CreditsUsageView) => {
  const x = normalise(a.filters);
  const y = normalise(b.filters);
  return x.date_preset === y.date_preset && x.date_from === y.date_from && x.date_to === y.date_to;
};

/** The calendar day of an instant in the user's time zone (offset: minutes behind UTC, as Date.getTimezoneOffset()). */
const localDay = (instant: Date, offsetMinutes: number) => new Date(instant.getTime() - offsetMinutes * 60_000).toISOString().slice(0, 10);

/** The view's period as the first and last day included (YYYY-MM-DD). */
export function periodOf(view: CreditsUsageView, tzOffset: number, now = new Date()): { from: string; to: string } {
  const f = normalise(view.filters);
  if (f.date_preset === 'custom') return { from: f.date_from, to: f.date_to };
  const range = presetRange(f.date_preset, now, tzOffset);
  // Ranges are half-open; the API's "to" is the last day included. All time ends today, not a year ahead.
  const end = f.date_preset === 'all_time' ? presetRange('today', now, tzOffset).to : range.to;
  return { from: localDay(range.from, tzOffset), to: localDay(new Date(end.getTime() - 1), tzOffset) };
}

const DAY = 86_400_000;

/** The days the charts draw: the period, or its last MAX_CHART_DAYS days when it is longer. */
export function chartPeriod(view: CreditsUsageView, tzOffset: number, now = new Date()): { from: string; to: string; clipped: boolean } {
  const { from, to } = periodOf(view, tzOffset, now);
  const earliest = new Date(Date.parse(`${to}T00:00:00Z`) - (MAX_CHART_DAYS - 1) * DAY).toISOString().slice(0, 10);
  return from < earliest ? { from: earliest, to, clipped: true } : { from, to, clipped: false };
}

/** The ledger's filters as the list and its export take them. */
export function ledgerQuery(view: CreditsUsageView, tzOffset: number, now = new Date()): Record<string, string> {
  const f = view.filters;
  // All time is every row: the API takes no period then (and refuses one longer than CREDITS_MAX_DAYS).
  const q: Record<string, string> = f.date_preset === 'all_time' ? {} : { ...periodOf(view, tzOffset, now) };
  if (f.kind) q.kind = f.kind;
  if (f.entry) q.entry = f.entry;
  if (f.reason) q.reason = f.reason;
  return q;
}

/** The summary's query (the cards and the charts). */
export function summaryQuery(view: CreditsUsageView, tzOffset: number, now = new Date()): { from: string; to: string } {
  const { from, to } = chartPeriod(view, tzOffset, now);
  return { from, to };
}

/** Every day from one to the other, both included (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && days.length <= MAX_CHART_DAYS; t += DAY) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
