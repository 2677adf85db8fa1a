/** What the custom source dialog reads from its statechart's snapshot (tags rather than state names). */
import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../common/messages';
import { fieldProblem, formError } from '../forms/edited-field';
import type { sourceEditorMachine } from './source-editor.machine';
import type { SourceField } from './source-editor.types';

type Snapshot = SnapshotFrom<typeof sourceEditorMachine>;

const PLACED: readonly string[] = ['publisher_name', 'url', 'description', 'frequency_minutes'] satisfies SourceField[];

export const selectIsOpen = (s: Snapshot) => s.hasTag('open');
export const selectIsSaving = (s: Snapshot) => s.hasTag('busy');
export const selectValues = (s: Snapshot) => s.context.values;
/** Editing an existing source (rather than adding one). */
export const selectEditing = (s: Snapshot) => s.context.editing;
export const selectFieldProblem = (s: Snapshot, field: SourceField) => fieldProblem<MessageId>(s.context, field);
/** The refusal to show above the buttons: none when it is already shown under its field. */
export const selectFormError = (s: Snapshot) => formError(s.context, PLACED);
