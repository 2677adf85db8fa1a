/** Reading the role drawer's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { sameSelection } from './permission-selection';
import type { roleEditorMachine } from './role-editor.machine';

type Snapshot = SnapshotFrom<typeof roleEditorMachine>;

export const selectIsOpen = (s: Snapshot) => !s.matches('closed');
export const selectIsLoading = (s: Snapshot) => s.matches('opening') || s.matches('loadingCatalogue') || s.matches('loadingRole');
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
export const selectIsConfirmingClose = (s: Snapshot) => s.matches('confirmingClose');
export const selectIsFailed = (s: Snapshot) => s.matches('failed');
export const selectIsNew = (s: Snapshot) => s.context.roleId === null;
/** Something differs from what was loaded (the name, or a tick). */
export const selectIsDirty = (s: Snapshot) => s.context.name.trim() !== s.context.originalName || !sameSelection(s.context.selected, s.context.originalSelected);
export const selectSelected = (s: Snapshot) => s.context.selected;
/** What the last tick switched on or off alongside, for the hint under the list. */
export const selectLastChange = (s: Snapshot) => s.context.lastChange;
export const selectNameError = (s: Snapshot) => s.context.nameError;
export const selectError = (s: Snapshot) => s.context.error;
