/** Types of Credits Usage's statechart (credits-usage.machine.ts). */
import type { CreditsSummaryAnswer, LedgerRow } from '../../common/billing';
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';
import type { ExportFormat, Navigation } from '../shared/address-list';
import type { CreditsUsageFilters, CreditsUsageView } from './credits-query';
export type { ExportFormat, Navigation } from '../shared/address-list';

// ---------------------------------------------------------------- Input

export interface CreditsUsageInput {
  /** The address's query string the page opened with. */
  search: string;
}

// ---------------------------------------------------------------- Context

export interface CreditsUsageContext {
  /** The view the address names; the rows, cards and charts on screen belong to it. */
  view: CreditsUsageView;
  /** The filter form as the user has it (a custom range being typed). */
  draft: CreditsUsageFilters;
  rows: LedgerRow[];
  total: number;
  /** The ledger has been loaded at least once (an empty state may be shown). */
  loaded: boolean;
  error: ApiFailure | null;
  /** The balances and the days of the charts. */
  summary: CreditsSummaryAnswer | null;
  summaryError: ApiFailure | null;
  rangeError: { field: 'date_from' | 'date_to'; rule: MessageId } | null;
  /** The address this machine last asked for: its arrival keeps the form as the user has it. */
  requested: string | null;
}

// ---------------------------------------------------------------- Events

export type CreditsUsageEvent =
  | { type: 'LOCATION'; search: string }
  /** A select of the filter form: applied at once. */
  | { type: 'EDIT'; filters: Partial<CreditsUsageFilters> }
  /** The custom range being typed: kept until the form is applied. */
  | { type: 'DRAFT'; filters: Partial<CreditsUsageFilters> }
  /** The form submitted: the custom range is checked and applied. */
  | { type: 'APPLY' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; pageSize: number }
  /** Load the cards, charts and ledger again (after a failure, or to see new spends). */
  | { type: 'RELOAD' }
  /** Download the ledger rows of the view (all pages) as CSV or Excel. */
  | { type: 'EXPORT'; format: ExportFormat };

// ---------------------------------------------------------------- Actor I/O

export interface LedgerPage {
  data: LedgerRow[];
  total: number;
  page?: number;
  page_size?: number;
}

export interface LedgerExportRequest {
  view: CreditsUsageView;
  format: ExportFormat;
}

// ---------------------------------------------------------------- Tags

/**
 * busy: the ledger is loading; failed: it could not be; summaryBusy / summaryFailed: the same for the cards and
 * charts; exporting: a download is on its way.
 */
export type CreditsUsageTag = 'busy' | 'failed' | 'summaryBusy' | 'summaryFailed' | 'exporting';

export type { Navigation as CreditsUsageNavigation };
