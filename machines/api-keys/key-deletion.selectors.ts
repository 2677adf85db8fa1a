/** What the API key deletion dialog reads from its statechart's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../common/messages';
import type { keyDeletionMachine } from './key-deletion.machine';

type Snapshot = SnapshotFrom<typeof keyDeletionMachine>;

export const selectIsOpen = (s: Snapshot) => s.hasTag('open');
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectKey = (s: Snapshot) => s.context.key;
export const selectPassword = (s: Snapshot) => s.context.password;

/** The problem under the password: none typed, or the API's verdict on it. */
export function selectPasswordProblem(s: Snapshot): MessageId | null {
  if (s.context.problem) return s.context.problem;
  const { error } = s.context;
  return error?.field === 'password' && error.code ? (error.code as MessageId) : null;
}

/** Any other refusal, above the buttons. */
export function selectFormError(s: Snapshot) {
  const { error } = s.context;
  if (!error || (error.field === 'password' && error.code)) return null;
  return { message: error.message, code: error.code ?? null };
}
