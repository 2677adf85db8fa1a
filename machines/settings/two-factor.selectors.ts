/** Reading a second factor's settings snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { twoFactorMachine } from './two-factor.machine';

type Snapshot = SnapshotFrom<typeof twoFactorMachine>;

export const selectEnabled = (s: Snapshot) => s.context.enabled;
export const selectIsStarting = (s: Snapshot) => s.matches('starting');
/** The code dialog is open (also while the code is checked). */
export const selectIsCodeOpen = (s: Snapshot) => s.matches('awaitingCode') || s.matches('confirming');
export const selectIsConfirming = (s: Snapshot) => s.matches('confirming');
/** The password dialog is open (also while the password is checked). */
export const selectIsPasswordOpen = (s: Snapshot) => s.matches('askingPassword') || s.matches('disabling');
export const selectIsDisabling = (s: Snapshot) => s.matches('disabling');
/** The QR code and secret of the app, or nothing for e-mail. */
export const selectSetup = (s: Snapshot) => s.context.setup;
export const selectInputError = (s: Snapshot) => s.context.inputError;
export const selectError = (s: Snapshot) => s.context.error;
