/**
 * The notifications panel in the header (section 2: tabs All and Unread). One
 * long-lived actor per app: it follows the signed-in user, loads the list a
 * page at a time, takes notifications pushed over the socket, and marks them
 * read at once on screen while edit-notification confirms in the background
 * (a failed request reloads the truth).
 */
import { assign, fromPromise, setup, spawnChild } from 'xstate';
import type { NotificationView } from '../../common/notifications';
import { toApiFailure } from '../shared/api-failure';
import type { ApiFailure } from '../shared/api-failure';

export type NotificationTab = 'all' | 'unread';

export interface NotificationPage {
  data: NotificationView[];
  total: number;
  unread_count: number;
}

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

const empty = { items: [] as NotificationView[], total: 0, unreadCount: 0, page: 1, error: null, tab: 'all' as NotificationTab };

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as { pageSize?: number },
  },
  actors: {
    load: fromPromise<NotificationPage, { tab: NotificationTab; page: number; pageSize: number }>(async () => {
      throw new Error('load is provided by the app');
    }),
    markRead: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('markRead is provided by the app');
    }),
    markAllRead: fromPromise<unknown, void>(async () => {
      throw new Error('markAllRead is provided by the app');
    }),
  },
  guards: {
    isAnotherUser: ({ context }, params: { userId: string }) => context.userId !== params.userId,
    hasMore: ({ context }) => context.items.length < context.total,
    isUnread: ({ context }, params: { id: string }) => context.items.some((n) => n.id === params.id && !n.is_read),
    isNew: ({ context }, params: { id: string }) => !context.items.some((n) => n.id === params.id),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ userId: null, ...empty, pageSize: input.pageSize ?? 10, requests: 0 }),
  initial: 'off',
  states: {
    off: {
      on: { START: { target: 'on', actions: assign(({ event }) => ({ ...empty, userId: event.userId })) } },
    },
    on: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ tab: context.tab, page: 1, pageSize: context.pageSize }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({ items: event.output.data, total: event.output.total, unreadCount: event.output.unread_count, page: 1, error: null })),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'load',
            input: ({ context }) => ({ tab: context.tab, page: context.page + 1, pageSize: context.pageSize }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                // A notification that arrived meanwhile shifts the pages by one; skip what is already shown.
                items: [...context.items, ...event.output.data.filter((n) => !context.items.some((m) => m.id === n.id))],
                total: event.output.total,
                unreadCount: event.output.unread_count,
                page: context.page + 1,
              })),
            },
            onError: { target: 'ready', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
          },
        },
        ready: {
          on: { LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' } },
        },
        failed: {},
      },
      on: {
        START: { guard: { type: 'isAnotherUser', params: ({ event }) => ({ userId: event.userId }) }, target: '.loading', reenter: true, actions: assign(({ event }) => ({ ...empty, userId: event.userId })) },
        STOP: { target: 'off', actions: assign({ userId: null, ...empty }) },
        TAB: { target: '.loading', actions: assign({ tab: ({ event }) => event.tab }) },
        RELOAD: '.loading',
        RECEIVED: {
          guard: { type: 'isNew', params: ({ event }) => ({ id: event.notification.id }) },
          actions: assign(({ context, event }) => ({
            items: [event.notification, ...context.items],
            total: context.total + 1,
            unreadCount: context.unreadCount + (event.notification.is_read ? 0 : 1),
          })),
        },
        COUNT_CHANGED: {
          // Only a change made elsewhere needs a reload; our own marks already agree.
          guard: ({ context, event }) => event.unreadCount !== context.unreadCount,
          target: '.loading',
        },
        MARK_READ: {
          guard: { type: 'isUnread', params: ({ event }) => ({ id: event.id }) },
          actions: [
            assign(({ context, event }) => ({
              items: context.items.map((n) => (n.id === event.id ? { ...n, is_read: true } : n)),
              unreadCount: Math.max(0, context.unreadCount - 1),
              requests: context.requests + 1,
            })),
            spawnChild('markRead', { id: ({ context }) => `mark-${context.requests}`, input: ({ event }) => ({ id: (event as { id: string }).id }) }),
          ],
        },
        MARK_ALL_READ: {
          guard: ({ context }) => context.unreadCount > 0,
          actions: [
            assign(({ context }) => ({ items: context.items.map((n) => ({ ...n, is_read: true })), unreadCount: 0, requests: context.requests + 1 })),
            spawnChild('markAllRead', { id: ({ context }) => `mark-${context.requests}` }),
          ],
        },
        // A background mark failed: what the server holds is the truth.
        'xstate.error.actor.*': { target: '.loading' },
      },
    },
  },
});
