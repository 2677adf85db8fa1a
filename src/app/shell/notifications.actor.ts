/**
 * The app's one notifications actor (machines/notifications): created at
 * start, it follows the session (starts for a signed-in user, stops at sign-out),
 * takes notifications pushed over the socket and flashes them for a second
 * (section 8: notification toasts last 1 second).
 */
import { createActor, fromPromise } from 'xstate';
import { SOCKET_EVENTS } from '@common/constants';
import type { NotificationView } from '@common/notifications';
import { notificationsMachine, type NotificationPage } from '@machines/notifications/notifications.machine';
import { api } from '../../lib/api';
import { getIntl } from '../../lib/i18n';
import { inspect } from '../../lib/inspector';
import { onSocketEvent } from '../../lib/socket';
import { notify } from '../../lib/toaster';
import { sessionActor } from '../session';

export function notificationText(item: Pick<NotificationView, 'kind' | 'params'>): string {
  return getIntl().formatMessage({ id: `notification.${item.kind}`, defaultMessage: item.kind }, item.params);
}

export const notificationsActor = createActor(
  notificationsMachine.provide({
    actors: {
      load: fromPromise(({ input }) => api.get<NotificationPage>('/notifications', { status: input.tab, page: input.page, page_size: input.pageSize })),
      markRead: fromPromise(({ input }) => api.post('/edit-notification', { notification_id: input.id, is_read: true })),
      markAllRead: fromPromise(() => api.post('/edit-notification', { all: true, is_read: true })),
    },
  }),
  { input: { pageSize: 10 }, inspect },
);
notificationsActor.start();

// Follow the signed-in user.
const follow = () => {
  const snapshot = sessionActor.getSnapshot();
  const userId = snapshot.matches('signedIn') || snapshot.matches('refreshing') ? snapshot.context.session?.user._id : undefined;
  if (userId) notificationsActor.send({ type: 'START', userId });
  else if (snapshot.matches('signedOut')) notificationsActor.send({ type: 'STOP' });
};
sessionActor.subscribe(follow);
follow();

onSocketEvent<NotificationView>(SOCKET_EVENTS.notification, (notification) => {
  if (!notification?.id) return;
  notificationsActor.send({ type: 'RECEIVED', notification });
  notify.notification(notificationText(notification));
});

onSocketEvent<{ unread_count: number }>(SOCKET_EVENTS.notificationsChanged, (payload) => {
  if (typeof payload?.unread_count === 'number') notificationsActor.send({ type: 'COUNT_CHANGED', unreadCount: payload.unread_count });
});
