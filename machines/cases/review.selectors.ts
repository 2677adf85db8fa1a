/** Reading the review dialog's snapshot: views use these with useSelector instead of naming states. */
import type { SnapshotFrom } from 'xstate';
import type { reviewMachine } from './review.machine';

type Snapshot = SnapshotFrom<typeof reviewMachine>;

/** The dialog is on screen: being edited, or sending. */
export const selectIsOpen = (s: Snapshot) => s.hasTag('open');
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
/** The decision was stored: the view refreshes its data, then closes the dialog. */
export const selectIsSaved = (s: Snapshot) => s.hasTag('saved');
export const selectTarget = (s: Snapshot) => s.context.target;
export const selectDraft = (s: Snapshot) => s.context.draft;
/** The rule the draft breaks (comment, or nothing to decide), shown beside its field. */
export const selectInvalid = (s: Snapshot) => s.context.invalid;
export const selectError = (s: Snapshot) => ({ message: s.context.error, code: s.context.errorCode });
