/** Types of the Usage Statistics statechart (usage-statistics.machine.ts). */
import type { DatePreset } from '../../common/enums';
import type { MessageId } from '../../common/messages';
import type { UsagePeriodQuery, UsageReportLink, UsageStatistics } from '../../common/usage';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Input

export interface UsageStatisticsInput {
  /** The address's query string the screen opens with (`?preset=last_month`). */
  search: string;
}

// ---------------------------------------------------------------- Context

/** The period as the address names it: a preset, and the days of a custom one. */
export interface UsagePeriod {
  date_preset: DatePreset;
  date_from: string;
  date_to: string;
}

export type RangeField = 'date_from' | 'date_to';

export interface UsageStatisticsContext {
  /** The period shown (the address's). */
  view: UsagePeriod;
  /** The period being chosen: a preset applies at once, a custom range once its days are applied. */
  draft: UsagePeriod;
  /** The custom range's problem, on its field (the browser's check, or the API's answer). */
  rangeErrors: Partial<Record<RangeField, MessageId>>;
  /** The last answer; kept on screen (dimmed) while the next period loads. */
  statistics: UsageStatistics | null;
  /** Why the statistics could not be loaded, until the next attempt. */
  error: ApiFailure | null;
  /** The report link just made, shown once. */
  link: UsageReportLink | null;
}

// ---------------------------------------------------------------- Events

export type UsageStatisticsEvent =
  /** The address changed (a choice here, Back, Forward, a link). */
  | { type: 'LOCATION'; search: string }
  /** A preset was chosen; custom waits for its days. */
  | { type: 'PRESET'; preset: DatePreset }
  /** A day of the custom range was typed. */
  | { type: 'EDIT_RANGE'; field: RangeField; value: string }
  /** Show the custom range. */
  | { type: 'APPLY_RANGE' }
  /** Load again after a failure. */
  | { type: 'RETRY' }
  /** Download the report of the period shown as a PDF. */
  | { type: 'DOWNLOAD' }
  /** Make a report link to the period shown. */
  | { type: 'SHARE' }
  /** Close the report link. */
  | { type: 'CLOSE_LINK' };

// ---------------------------------------------------------------- Actor I/O

/** What the load, download and share actors are asked for: the API's period query. */
export type UsageQuery = UsagePeriodQuery;

/** The share-link call's answer: the link and its success message. */
export type SharedLink = UsageReportLink & { code?: string; message?: string };
