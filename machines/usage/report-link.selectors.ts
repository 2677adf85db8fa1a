/** What a report link's page reads from its statechart's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { reportLinkMachine } from './report-link.machine';

type Snapshot = SnapshotFrom<typeof reportLinkMachine>;

export const selectLoading = (s: Snapshot) => s.hasTag('busy');
export const selectFailed = (s: Snapshot) => s.hasTag('failed');
export const selectReady = (s: Snapshot) => s.hasTag('succeeded');
export const selectFile = (s: Snapshot) => s.context.file;
export const selectError = (s: Snapshot) => s.context.error;
/** A link that will never work (unknown or expired), as opposed to a failure a retry may fix. */
export const selectLinkDead = (s: Snapshot) => s.context.error?.status === 404 || s.context.error?.status === 410 || s.context.error?.status === 400;
