/** Reading a one-request dialog's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { dialogMachine } from './dialog.machine';

type Snapshot = SnapshotFrom<typeof dialogMachine>;

export const selectIsOpen = (s: Snapshot) => s.matches('open');
export const selectIsBusy = (s: Snapshot) => s.matches({ open: 'sending' });
export const selectTarget = (s: Snapshot) => s.context.target;
/** The server's message, its id, and the field it is about. */
export const selectError = (s: Snapshot) => ({ message: s.context.error, code: s.context.errorCode, field: s.context.errorField });
