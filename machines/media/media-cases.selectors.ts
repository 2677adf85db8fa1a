/** What Media Manage Case's view reads from its statechart (machines/media/media-cases.machine.ts). */
import type { MediaCasesContext, MediaCasesTag } from './media-cases.types';

interface Snapshot {
  context: MediaCasesContext;
  hasTag(tag: MediaCasesTag): boolean;
}

export const selectListBusy = (s: Snapshot) => s.hasTag('busy');
export const selectListFailed = (s: Snapshot) => s.hasTag('failed');
export const selectExporting = (s: Snapshot) => s.hasTag('exporting');
export const selectMarking = (s: Snapshot) => s.hasTag('marking');
export const selectSelection = (s: Snapshot) => s.context.selection;
/** The references of the ticked rows. */
export const selectSelected = (s: Snapshot) => Object.keys(s.context.selection).filter((k) => s.context.selection[k]);
/** Loaded at least once and empty: the empty state may be shown. */
export const selectIsEmpty = (s: Snapshot) => s.context.loaded && s.context.rows.length === 0;
