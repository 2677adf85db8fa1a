/** What the "Register a web hook" dialog reads from its statechart's snapshot (tags rather than state names). */
import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../common/messages';
import { fieldProblem, formError } from '../forms/edited-field';
import type { webhookEditorMachine } from './webhook-editor.machine';
import type { WebhookField } from './webhook-editor.types';

type Snapshot = SnapshotFrom<typeof webhookEditorMachine>;

const PLACED: readonly string[] = ['name', 'endpoint', 'type'] satisfies WebhookField[];

export const selectIsOpen = (s: Snapshot) => s.hasTag('open');
export const selectIsSaving = (s: Snapshot) => s.hasTag('busy');
export const selectValues = (s: Snapshot) => s.context.values;

/** The problem under a field: the browser's own check first, else what the API said about it. */
export const selectFieldProblem = (s: Snapshot, field: WebhookField) => fieldProblem<MessageId>(s.context, field);

/** The refusal to show above the buttons: none when it is already shown under its field. */
export const selectFormError = (s: Snapshot) => formError(s.context, PLACED);
