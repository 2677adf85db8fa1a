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
import type { NotificationTab, NotificationsContext, NotificationsEvent, NotificationPage, NotificationsInput } from './notifications.types';
export type { NotificationTab, NotificationsContext, NotificationsEvent, NotificationPage, NotificationsInput } from './notifications.types';

const empty = { items: [] as NotificationView[], total: 0, unreadCount: 0, page: 1, error: null, tab: 'all' as NotificationTab };

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
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
    countChangedElsewhere: ({ context, event }) => event.type === 'COUNT_CHANGED' && event.unreadCount !== context.unreadCount,
    hasUnread: ({ context }) => context.unreadCount > 0,
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
            onError: { target: 'ready', description: 'The pages already shown stay usable; the message says the next one failed.', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
          },
        },
        ready: {
          on: { LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' } },
        },
        failed: {},
      },
      on: {
        START: {
          guard: { type: 'isAnotherUser', params: ({ event }) => ({ userId: event.userId }) },
          target: '.loading',
          reenter: true,
          description: 'Someone else signed in (or the same user again, ignored): their list replaces the last one.',
          actions: assign(({ event }) => ({ ...empty, userId: event.userId })) },
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
          guard: 'countChangedElsewhere',
          target: '.loading',
          description: 'Only a change made elsewhere needs a reload; our own marks already agree.',
        },
        MARK_READ: {
          guard: { type: 'isUnread', params: ({ event }) => ({ id: event.id }) },
          description: 'Shown read at once; the request confirms in the background.',
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
          guard: 'hasUnread',
          actions: [
            assign(({ context }) => ({ items: context.items.map((n) => ({ ...n, is_read: true })), unreadCount: 0, requests: context.requests + 1 })),
            spawnChild('markAllRead', { id: ({ context }) => `mark-${context.requests}` }),
          ],
        },
        'xstate.error.actor.*': { target: '.loading', description: 'A background mark failed: what the server holds is the truth, so the list is loaded again.' },
      },
    },
  },
});
