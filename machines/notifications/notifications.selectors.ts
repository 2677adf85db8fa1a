/** Reading the notifications panel's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches({ on: 'loading' });
export const selectIsLoadingMore = (s: Snapshot) => s.matches({ on: 'loadingMore' });
export const selectIsFailed = (s: Snapshot) => s.matches({ on: 'failed' });
export const selectTab = (s: Snapshot) => s.context.tab;
export const selectItems = (s: Snapshot) => s.context.items;
/** The badge on the bell. */
export const selectUnreadCount = (s: Snapshot) => s.context.unreadCount;
export const selectHasMore = (s: Snapshot) => s.context.items.length < s.context.total;
export const selectError = (s: Snapshot) => s.context.error;
