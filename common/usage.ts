/**
 * The usage report (section 1 "a usage report"; /usage-statistics, organisation flag usage_report): what an
 * organisation did in a period, per UTC day, per user and per outcome. The browser and the server both turn
 * a chosen period into days here, so the page and the API agree on what "last month" is.
 *
 * Periods are counted in UTC days, whatever the reader's time zone: the report is a record of use (the
 * monthly e-mail, a shared link) and must read the same for everyone who opens it.
 */
import { presetRange } from './date-presets';
import { DATE_PRESETS, type DatePreset } from './enums';
import type { MessageId } from './messages';
import { validateDateRange } from './validation';

/** The longest custom period: two years of days (a leap day included). */
export const USAGE_MAX_DAYS = 731;
/** The period the page and the API show when none is chosen. */
export const USAGE_DEFAULT_PRESET: DatePreset = 'last_30_days';
/** How long a report link (shared from the page or e-mailed) keeps working. */
export const USAGE_LINK_DAYS = 30;

/** The figures counted per day and in total. */
export const USAGE_MEASURES = ['searches', 'hits', 'decisions', 'media_searches', 'transactions', 'alerts'] as const;
export type UsageMeasure = (typeof USAGE_MEASURES)[number];
export type UsageFigures = Record<UsageMeasure, number>;

/** The figures counted per user. */
export const USAGE_USER_MEASURES = ['searches', 'decisions', 'media_searches'] as const;
export type UsageUserMeasure = (typeof USAGE_USER_MEASURES)[number];

/** Case statuses (section 4) and alert levels, in the order the report lists them. */
export const USAGE_CASE_STATUSES = ['Passed', 'Passed Conditionally', 'For Review', 'Failed'] as const;
export const USAGE_ALERT_LEVELS = ['high', 'medium', 'low'] as const;

export interface UsagePeriodView {
  date_preset: DatePreset;
  /** The first and last day of the period (inclusive), YYYY-MM-DD in UTC. */
  first_day: string;
  last_day: string;
}

export interface UsageDay extends UsageFigures {
  /** YYYY-MM-DD, a UTC day. */
  day: string;
}

export interface UsageUserRow {
  /** Null for work whose user has since been removed. */
  user: { _id: string; name: string } | null;
  searches: number;
  decisions: number;
  media_searches: number;
}

/** GET /api/usage-statistics' answer. */
export interface UsageStatistics {
  period: UsagePeriodView;
  totals: UsageFigures;
  /**
   * Every day of the period, days without activity as zeros; for "all time" from the first day with any
   * activity (the period itself starts in 1970).
   */
  days: UsageDay[];
  users: UsageUserRow[];
  outcomes: {
    /** Searches by their case's status now, every status listed. */
    case_status: { status: (typeof USAGE_CASE_STATUSES)[number]; count: number }[];
    /** Alerts raised in the period by level, every level listed. */
    alert_level: { level: (typeof USAGE_ALERT_LEVELS)[number]; count: number }[];
  };
}

/** The share-link call's answer. */
export interface UsageReportLink {
  url: string;
  expires_at: string;
  period: UsagePeriodView;
}

/** A period as the page and the API take it: a preset, or custom with two YYYY-MM-DD days. */
export interface UsagePeriodQuery {
  date_preset?: DatePreset;
  date_from?: string;
  date_to?: string;
}

export interface UsageRange {
  date_preset: DatePreset;
  /** Inclusive start and exclusive end, at UTC midnights. */
  from: Date;
  to: Date;
  first_day: string;
  last_day: string;
}

export type UsagePeriodProblem = { field: 'date_from' | 'date_to'; rule: MessageId };

const DAY = 86_400_000;
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Whole days from one YYYY-MM-DD to another, both included. */
export const daysBetween = (first: string, last: string) => Math.round((dayStart(last).getTime() - dayStart(first).getTime()) / DAY) + 1;

/**
 * The problem of a period before anything is counted: a custom range's date rules (section 5 "Date filter":
 * format, day, month, no future dates, start before end, both given), then the two-year limit.
 */
export function usagePeriodProblem(query: UsagePeriodQuery, now = new Date()): UsagePeriodProblem | null {
  const preset = query.date_preset ?? (query.date_from?.trim() || query.date_to?.trim() ? 'custom' : USAGE_DEFAULT_PRESET);
  if (preset !== 'custom') return null;
  const problem = validateDateRange(query.date_from ?? '', query.date_to ?? '', now);
  if (problem) return problem;
  if (daysBetween(query.date_from!.trim(), query.date_to!.trim()) > USAGE_MAX_DAYS) return { field: 'date_from', rule: 'usage_range_too_long' };
  return null;
}

/**
 * The days of a period, in UTC. Periods that run to now end today (a preset's range ends at tomorrow's
 * midnight; "all time" reaches further). Check usagePeriodProblem first: a custom range must be valid.
 */
export function usageRange(query: UsagePeriodQuery, now = new Date()): UsageRange {
  const custom = Boolean(query.date_from?.trim() || query.date_to?.trim());
  const preset: DatePreset = query.date_preset ?? (custom ? 'custom' : USAGE_DEFAULT_PRESET);
  const range = presetRange(preset, now, 0, preset === 'custom' ? { from: query.date_from!.trim(), to: query.date_to!.trim() } : undefined);
  const tomorrow = new Date(dayStart(utcDay(now)).getTime() + DAY);
  const to = new Date(Math.min(range.to.getTime(), tomorrow.getTime()));
  return { date_preset: preset, from: range.from, to, first_day: utcDay(range.from), last_day: utcDay(new Date(to.getTime() - DAY)) };
}

/** A range of fixed days (a report link's or a month's), as usageRange answers it. */
export function usageRangeOfDays(firstDay: string, lastDay: string, preset: DatePreset = 'custom'): UsageRange {
  return { date_preset: preset, from: dayStart(firstDay), to: new Date(dayStart(lastDay).getTime() + DAY), first_day: firstDay, last_day: lastDay };
}

/** The calendar month before the one `now` is in (UTC): the monthly e-mail's period, and its key ("2026-04"). */
export function previousMonth(now = new Date()): { key: string; range: UsageRange } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { key: utcDay(start).slice(0, 7), range: usageRangeOfDays(utcDay(start), utcDay(new Date(end.getTime() - DAY)), 'last_month') };
}

/** Every day from first to last (inclusive), YYYY-MM-DD. */
export function eachDay(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = dayStart(first).getTime(), end = dayStart(last).getTime(); t <= end; t += DAY) out.push(utcDay(new Date(t)));
  return out;
}

export const emptyFigures = (): UsageFigures => ({ searches: 0, hits: 0, decisions: 0, media_searches: 0, transactions: 0, alerts: 0 });

/** The presets the page offers, in the order of section 9. */
export const USAGE_PRESETS: readonly DatePreset[] = DATE_PRESETS;
