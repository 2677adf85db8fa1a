/** What Manage Case's view reads from its statechart (machines/cases/manage-case.machine.ts). */
import type { ManageCaseContext, ManageCaseTag } from './manage-case.types';

interface ManageCaseSnapshot {
  context: ManageCaseContext;
  hasTag(tag: ManageCaseTag): boolean;
}

/** Rows are loading, or a page past the end is giving way to the last page with rows: either way the table shows it is busy. */
export const selectListBusy = (s: ManageCaseSnapshot) => s.hasTag('busy');
export const selectListFailed = (s: ManageCaseSnapshot) => s.hasTag('failed');
/** An export is downloading. */
export const selectExporting = (s: ManageCaseSnapshot) => s.hasTag('exporting');
export const selectSelection = (s: ManageCaseSnapshot) => s.context.selection;
/** The references of the ticked rows. */
export const selectSelected = (s: ManageCaseSnapshot) => Object.keys(s.context.selection).filter((k) => s.context.selection[k]);
