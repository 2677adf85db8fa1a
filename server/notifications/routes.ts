/**
 * The notifications calls of section 7: notifications (the panel's list, All
 * or Unread) and edit-notification (mark one or all as read or unread). A user
 * only ever sees and changes their own notifications; anyone else's id
 * answers 404.
 */
import { SOCKET_EVENTS } from '../../common/constants';
import { EditNotificationBody, NotificationsQuery, isUuid } from '../../common/schemas/admin';
import { toBoolean } from '../../common/schemas/core';
import { ApiError, notFound } from '../http/errors';
import { pageOf } from '../http/reply';
import { route } from '../http/routes';
import { rooms } from '../realtime/bus';
import { listNotifications, markAllNotifications, markNotification, unreadCount } from './notify';

export function notificationRoutes() {
  return [
    route({
      method: 'GET',
      path: '/notifications',
      operationId: 'listNotifications',
      tag: 'Notifications',
      summary: "The signed-in user's notifications, newest first; status=unread keeps the unread ones.",
      // Every signed-in user has a notifications panel; nothing beyond the session is needed.
      access: { allowedWithoutPlanDetails: true },
      query: NotificationsQuery,
      async handler({ org, auth, query }) {
        const { total, rows } = await listNotifications(org, auth.user.id, { unreadOnly: query.status === 'unread', page: query.page, pageSize: query.page_size });
        return { ...pageOf(query, total, rows), unread_count: await unreadCount(org, auth.user.id) };
      },
    }),

    route({
      method: 'POST',
      path: '/edit-notification',
      operationId: 'markNotifications',
      ids: { 'body.notification_id': 'notification' },
      examples: [{ body: { notification_id: '<notification id>', is_read: true } }],
      tag: 'Notifications',
      summary: 'Marks one notification (notification_id) or all of them (all=true) as read, or unread with is_read=false.',
      access: { allowedWithoutPlanDetails: true },
      body: EditNotificationBody,
      async handler({ deps, org, auth, body }) {
        const isRead = toBoolean(body.is_read);
        const all = body.all !== undefined && toBoolean(body.all);
        if (!all && !body.notification_id) throw new ApiError(400, 'required', {}, 'notification_id');
        let notification = null;
        if (all) {
          await markAllNotifications(org, auth.user.id, isRead);
        } else {
          if (!isUuid(body.notification_id)) throw notFound();
          notification = (await markNotification(org, auth.user.id, body.notification_id, isRead)) ?? null;
          if (!notification) throw notFound();
        }
        const unread_count = await unreadCount(org, auth.user.id);
        // The user's other tabs update their bell too.
        await deps.realtime.publish({ room: rooms.user(auth.user.id), event: SOCKET_EVENTS.notificationsChanged, payload: { unread_count } });
        return { notification, unread_count };
      },
    }),
  ];
}
