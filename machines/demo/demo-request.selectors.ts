/** What the "Request full account" dialog reads from its statechart's snapshot (tags rather than state names). */
import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../common/messages';
import { fieldProblem, formError } from '../forms/edited-field';
import type { demoRequestMachine } from './demo-request.machine';
import type { RequestField } from './demo-request.types';

type Snapshot = SnapshotFrom<typeof demoRequestMachine>;

/** The fields the dialog shows a problem under; a refusal about anything else (too many requests) shows above the buttons. */
export const REQUEST_FIELDS: readonly RequestField[] = ['name', 'company', 'email', 'phone', 'message'];

export const selectIsOpen = (s: Snapshot) => s.hasTag('open');
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectIsSent = (s: Snapshot) => s.hasTag('succeeded');
export const selectValues = (s: Snapshot) => s.context.values;
/** The API's confirmation once the request went, to show in the dialog. */
export const selectConfirmation = (s: Snapshot) => (s.hasTag('succeeded') ? s.context.confirmation : null);

/** The problem under a field: the browser's own check first, else what the API said about it. */
export const selectFieldProblem = (s: Snapshot, field: RequestField) => fieldProblem<MessageId>(s.context, field);

/** The refusal to show above the buttons: none when it is already shown under its field. */
export const selectFormError = (s: Snapshot) => formError(s.context, REQUEST_FIELDS);
