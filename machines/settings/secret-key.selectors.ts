/** Reading the web hook secret key section's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { secretKeyMachine } from './secret-key.machine';

type Snapshot = SnapshotFrom<typeof secretKeyMachine>;

export const selectIsDenied = (s: Snapshot) => s.matches('denied');
export const selectIsLoading = (s: Snapshot) => s.matches('loading') || s.matches('checking');
export const selectIsFailed = (s: Snapshot) => s.matches('failed');
/** Generating is offered only when the key is shown and nothing else is going on. */
export const selectCanGenerate = (s: Snapshot) => s.matches('ready');
/** The password question is open (also while its answer is checked). */
export const selectIsAskingPassword = (s: Snapshot) => s.matches('askingPassword') || s.matches('generating');
export const selectIsGenerating = (s: Snapshot) => s.matches('generating');
/** The key is read again after a rotation (for the end of the previous key's grace period); the new key shows meanwhile. */
export const selectIsRefreshing = (s: Snapshot) => s.matches({ revealed: 'refreshing' });
export const selectKey = (s: Snapshot) => s.context.key;
/** The new key in full, only until dismissed. */
export const selectRevealed = (s: Snapshot) => (s.matches('revealed') ? s.context.revealed : null);
export const selectInputError = (s: Snapshot) => s.context.inputError;
export const selectError = (s: Snapshot) => s.context.error;
/** Until when the previous key keeps signing after a rotation (a second signature), or null outside that grace period. */
export const selectPreviousValidUntil = (s: Snapshot) => (s.context.key?.has_key ? (s.context.key.previous_valid_until ?? null) : null);
