/** Reading the risk engine editor's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../common/messages';
import { draftProblems, sameDraft, scoringProblems, type DraftProblems } from './engine-draft';
import type { engineEditorMachine } from './engine-editor.machine';

type Snapshot = SnapshotFrom<typeof engineEditorMachine>;

export const selectIsOpen = (s: Snapshot) => s.hasTag('open');
export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectIsFailed = (s: Snapshot) => s.hasTag('failed');
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectIsTrying = (s: Snapshot) => s.hasTag('trying');
export const selectIsSaving = (s: Snapshot) => s.hasTag('saving');
export const selectIsConfirmingClose = (s: Snapshot) => s.hasTag('confirming');
export const selectIsNew = (s: Snapshot) => s.context.engineId === null;
export const selectIsDirty = (s: Snapshot) => !sameDraft(s.context.draft, s.context.original);
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectTrial = (s: Snapshot) => s.context.trial;

/**
 * The problems to show, by field ("title", "high_threshold", "rules", "rules.<key>.weightage"): those of
 * the last check's level, as the values are now, plus the field the last refused save named.
 */
export function selectProblems(s: Snapshot): DraftProblems {
  const { checked, draft, error } = s.context;
  const found = checked === 'all' ? draftProblems(draft) : checked === 'scoring' ? scoringProblems(draft) : {};
  return error?.field && error.code && !found[error.field] ? { ...found, [error.field]: error.code as MessageId } : found;
}

/** A refused save's message that no field shows (placed ones appear under their field). */
export const selectFormError = (s: Snapshot) => {
  const { error } = s.context;
  return error && !(error.field && selectProblems(s)[error.field]) ? error : null;
};

/** How many problems there are, for the note beside the save button. */
export const selectProblemCount = (s: Snapshot) => Object.keys(selectProblems(s)).length;

/** The try panel: its result, whether the definition changed since, and what stops it. */
export const selectTrialResult = (s: Snapshot) => s.context.trialResult;
export const selectTrialStale = (s: Snapshot) => s.context.trialStale;
/** The problem under the case reference: the panel's own check, or the server's answer about it. */
export const selectTrialFieldProblem = (s: Snapshot): { code: string; message: string | null } | null => {
  if (s.context.trialProblem) return { code: s.context.trialProblem, message: null };
  const error = s.context.trialError;
  return error && (error.field === 'reference' || error.field?.startsWith('sample')) && error.code ? { code: error.code, message: error.message } : null;
};
/** A failed try the panel shows as a whole (offline, or a problem of the definition the editor shows beside its field). */
export const selectTrialError = (s: Snapshot) => {
  const error = s.context.trialError;
  return error && !selectTrialFieldProblem(s) ? error : null;
};
/** A try refused because thresholds or rules are not complete: the panel says where to look. */
export const selectTrialBlocked = (s: Snapshot) => s.context.checked !== 'none' && Object.keys(scoringProblems(s.context.draft)).length > 0;
