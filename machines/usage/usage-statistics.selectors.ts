/** What the Usage Statistics screen reads from its statechart's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { USAGE_MEASURES } from '../../common/usage';
import type { usageStatisticsMachine } from './usage-statistics.machine';

type Snapshot = SnapshotFrom<typeof usageStatisticsMachine>;

export const selectLoading = (s: Snapshot) => s.hasTag('busy');
export const selectFailed = (s: Snapshot) => s.hasTag('failed');
export const selectDownloading = (s: Snapshot) => s.hasTag('downloading');
export const selectSharing = (s: Snapshot) => s.hasTag('sharing');
export const selectLinkOpen = (s: Snapshot) => s.hasTag('open');
export const selectStatistics = (s: Snapshot) => s.context.statistics;
export const selectError = (s: Snapshot) => s.context.error;
export const selectView = (s: Snapshot) => s.context.view;
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectRangeErrors = (s: Snapshot) => s.context.rangeErrors;
export const selectLink = (s: Snapshot) => s.context.link;

/** Nothing at all happened in the period shown (the empty state). */
export const selectEmpty = (s: Snapshot) => {
  const totals = s.context.statistics?.totals;
  return Boolean(totals) && USAGE_MEASURES.every((m) => totals![m] === 0);
};
