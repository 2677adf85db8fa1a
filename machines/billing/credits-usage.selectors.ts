/** What Credits Usage's view reads from its statechart (credits-usage.machine.ts): tags rather than state names. */
import type { CreditsUsageContext, CreditsUsageTag } from './credits-usage.types';

interface Snapshot {
  context: CreditsUsageContext;
  hasTag(tag: CreditsUsageTag): boolean;
}

export const selectLedgerBusy = (s: Snapshot) => s.hasTag('busy');
export const selectLedgerFailed = (s: Snapshot) => s.hasTag('failed');
export const selectSummaryBusy = (s: Snapshot) => s.hasTag('summaryBusy');
export const selectSummaryFailed = (s: Snapshot) => s.hasTag('summaryFailed');
export const selectExporting = (s: Snapshot) => s.hasTag('exporting');
export const selectView = (s: Snapshot) => s.context.view;
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectRangeError = (s: Snapshot) => s.context.rangeError;
export const selectRows = (s: Snapshot) => s.context.rows;
export const selectTotal = (s: Snapshot) => s.context.total;
export const selectLoaded = (s: Snapshot) => s.context.loaded;
export const selectError = (s: Snapshot) => s.context.error;
export const selectSummary = (s: Snapshot) => s.context.summary;
export const selectSummaryError = (s: Snapshot) => s.context.summaryError;
/** Any filter of the ledger besides the period is set (the empty state then says the filters find nothing). */
export const selectFiltered = (s: Snapshot) => Boolean(s.context.view.filters.kind || s.context.view.filters.entry || s.context.view.filters.reason);
