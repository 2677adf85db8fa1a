/** Reading the reset-password and set-up-password page's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { passwordLinkMachine } from './password-link.machine';

type Snapshot = SnapshotFrom<typeof passwordLinkMachine>;

/** What the page shows: a spinner while the link is checked, the form, or where it sends the user. */
export type PasswordLinkScreen = 'checking' | 'form' | 'saved' | 'tokenExpired' | 'catchAll';

export function selectScreen(s: Snapshot): PasswordLinkScreen {
  if (s.matches('saved')) return 'saved';
  if (s.matches('tokenExpired')) return 'tokenExpired';
  if (s.matches('catchAll')) return 'catchAll';
  if (s.matches('ready') || s.matches('saving')) return 'form';
  return 'checking';
}
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
/** The account the link belongs to, when the server said. */
export const selectEmail = (s: Snapshot) => s.context.email;
export const selectError = (s: Snapshot) => ({ message: s.context.error, code: s.context.errorCode });
