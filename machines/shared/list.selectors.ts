/** Reading a paged list's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { listMachine } from './list.machine';

type Snapshot = SnapshotFrom<typeof listMachine>;

/** The next rows are on their way (the previous ones stay on screen). */
export const selectIsLoading = (s: Snapshot) => s.matches('loading') || s.matches('settling');
export const selectIsFailed = (s: Snapshot) => s.matches('failed');
export const selectRows = (s: Snapshot) => s.context.rows;
export const selectTotal = (s: Snapshot) => s.context.total;
export const selectPage = (s: Snapshot) => ({ page: s.context.page, pageSize: s.context.pageSize });
/** Loaded at least once and empty: the empty state may be shown. */
export const selectIsEmpty = (s: Snapshot) => s.context.loaded && s.context.rows.length === 0;
export const selectFilterError = (s: Snapshot) => s.context.filterError;
export const selectError = (s: Snapshot) => s.context.error;
