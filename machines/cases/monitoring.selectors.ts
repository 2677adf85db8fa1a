/** Reading a monitoring switch's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { monitoringMachine } from './monitoring.machine';

type Snapshot = SnapshotFrom<typeof monitoringMachine>;

/** What the server holds: the switch never shows anything else. */
export const selectEnabled = (s: Snapshot) => s.context.enabled;
export const selectIsConfirming = (s: Snapshot) => s.hasTag('confirming');
/** The confirmation asks about switching on (credits) rather than off. */
export const selectIsTurningOn = (s: Snapshot) => s.matches('confirmingOn');
export const selectIsSaving = (s: Snapshot) => s.hasTag('busy');
export const selectError = (s: Snapshot) => ({ message: s.context.error, code: s.context.errorCode });
