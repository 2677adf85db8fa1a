/** What the custom sources screen reads from its statechart (machines/custom-sources/custom-sources.machine.ts). */
import { firstReadPending } from './custom-sources.machine';
import type { CustomSourcesContext, CustomSourcesTag, SourceActionKind } from './custom-sources.types';

interface Snapshot {
  context: CustomSourcesContext;
  hasTag(tag: CustomSourcesTag): boolean;
}

export const selectRows = (s: Snapshot) => s.context.rows;
export const selectTotal = (s: Snapshot) => s.context.total;
export const selectPage = (s: Snapshot) => ({ page: s.context.page, pageSize: s.context.pageSize });
export const selectLoaded = (s: Snapshot) => s.context.loaded;
/** Rows are loading (a quiet refresh does not count: the table is not dimmed for it). */
export const selectLoading = (s: Snapshot) => s.hasTag('busy');
export const selectError = (s: Snapshot) => (s.hasTag('failed') ? s.context.error : null);
export const selectActing = (s: Snapshot) => s.hasTag('acting');
/** Whether this action on this source is the one on its way. */
export const selectIsRunning = (s: Snapshot, kind: SourceActionKind, id: string) => s.context.running?.kind === kind && s.context.running.source.id === id;
/** A source is being read for the first time (the screen says it is watching). */
export const selectWatching = (s: Snapshot) => s.context.rows.some(firstReadPending) || s.context.watching > 0;
