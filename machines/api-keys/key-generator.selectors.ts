/** What the "Generate API key" dialog reads from its statechart's snapshot (tags rather than state names). */
import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../common/messages';
import { fieldProblem, formError } from '../forms/edited-field';
import type { keyGeneratorMachine } from './key-generator.machine';
import type { KeyField } from './key-generator.types';

type Snapshot = SnapshotFrom<typeof keyGeneratorMachine>;

/** The fields the form shows a problem under; a refusal about anything else shows above the buttons. */
const PLACED: readonly KeyField[] = ['name', 'validity_days', 'password'];

/** The form is open (filling it in or sending it); the shown-once key has its own dialog. */
export const selectIsFormOpen = (s: Snapshot) => s.hasTag('editable') || s.hasTag('busy');
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectValues = (s: Snapshot) => s.context.values;
/** The whole key and its list view, only while the shown-once dialog is open. */
export const selectRevealed = (s: Snapshot) => (s.hasTag('revealed') ? s.context.created : null);

/** The problem under a field: the browser's own check first, else what the API said about it. */
export const selectFieldProblem = (s: Snapshot, field: KeyField) => fieldProblem<MessageId>(s.context, field);

/** The refusal to show above the buttons: none when it is already shown under its field. */
export const selectFormError = (s: Snapshot) => formError(s.context, PLACED);
