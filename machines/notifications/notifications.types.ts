/** Types of the notifications panel statechart (notifications.machine.ts). */
import type { NotificationView } from '../../common/notifications';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Input

export interface NotificationsInput {
  pageSize?: number;
}

// ---------------------------------------------------------------- Context

export type NotificationTab = 'all' | 'unread';

export interface NotificationsContext {
  userId: string | null;
  tab: NotificationTab;
  items: NotificationView[];
  total: number;
  unreadCount: number;
  page: number;
  pageSize: number;
  error: ApiFailure | null;
  /** Numbers the background requests, so each has its own actor id. */
  requests: number;
}

// ---------------------------------------------------------------- Events

export type NotificationsEvent =
  | { type: 'START'; userId: string }
  | { type: 'STOP' }
  | { type: 'TAB'; tab: NotificationTab }
  /** Pushed over the socket. */
  | { type: 'RECEIVED'; notification: NotificationView }
  /** Another tab of the same user read notifications. */
  | { type: 'COUNT_CHANGED'; unreadCount: number }
  | { type: 'MARK_READ'; id: string }
  | { type: 'MARK_ALL_READ' }
  | { type: 'LOAD_MORE' }
  | { type: 'RELOAD' };

// ---------------------------------------------------------------- Actor I/O

export interface NotificationPage {
  data: NotificationView[];
  total: number;
  unread_count: number;
}
