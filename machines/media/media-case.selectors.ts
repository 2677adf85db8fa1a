/** What a media case's page reads from its statechart (machines/media/media-case.machine.ts). */
import type { MediaCaseContext, MediaCaseTag } from './media-case.types';
import { changes } from './media-case.machine';

interface Snapshot {
  context: MediaCaseContext;
  hasTag(tag: MediaCaseTag): boolean;
}

export const selectDetail = (s: Snapshot) => s.context.detail;
export const selectLoading = (s: Snapshot) => s.hasTag('loading');
export const selectLoadError = (s: Snapshot) => (s.hasTag('failed') ? s.context.error : null);
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectNameProblem = (s: Snapshot) => s.context.nameProblem;
export const selectSaveError = (s: Snapshot) => s.context.saveError;
export const selectSaving = (s: Snapshot) => s.hasTag('saving');
/** The draft differs from the saved case. */
export const selectDirty = (s: Snapshot) => Object.keys(changes(s.context)).length > 0;
/** The article whose review is being saved, if any. */
export const selectReviewing = (s: Snapshot) => (s.hasTag('reviewing') ? s.context.reviewing : null);
export const selectReadOnly = (s: Snapshot) => s.context.detail?.case.is_deleted ?? true;
