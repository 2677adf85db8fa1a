/** What the transaction-monitoring lists' views read from their statechart (tm-list.machine.ts). */
import type { TmListContext, TmListTag } from './tm-list.types';

interface Snapshot {
  context: TmListContext;
  hasTag(tag: TmListTag): boolean;
}

export const selectListBusy = (s: Snapshot) => s.hasTag('busy');
export const selectListFailed = (s: Snapshot) => s.hasTag('failed');
export const selectExporting = (s: Snapshot) => s.hasTag('exporting');
export const selectAmountError = (s: Snapshot) => s.context.amountError;
/** Loaded at least once and empty: the empty state may be shown. */
export const selectIsEmpty = (s: Snapshot) => s.context.loaded && s.context.rows.length === 0;
