/**
 * The notifications calls of section 7: notifications (the panel's list, All
 * or Unread) and edit-notification (mark one or all as read or unread). A user
 * only ever sees and changes their own notifications; anyone else's id
 * answers 404.
 */
import { SOCKET_EVENTS } from '../../common/constants';
import { EditNotificationBody, NotificationsQuery, isUuid } from '../../common/schemas/admin';
import { toBoolean } from '../../common/schemas/core';
import type { Queryable } from '../db/client';
import { ApiError, notFound } from '../http/errors';
import { pageOf } from '../http/reply';
import { route } from '../http/routes';
import { rooms } from '../realtime/bus';
import { toNotificationView } from './notify';

async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const row = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return row?.n ?? 0;
}

export function notificationRoutes() {
  return [
    route({
      method: 'GET',
      path: '/notifications',
      tag: 'Notifications',
      summary: "The signed-in user's notifications, newest first; status=unread keeps the unread ones.",
      // Every signed-in user has a notifications panel; nothing beyond the session is needed.
      access: { allowedWithoutPlanDetails: true },
      query: NotificationsQuery,
      async handler({ deps, auth, query }) {
        const unreadOnly = query.status === 'unread';
        const rows = await deps.db.query(
          `SELECT *, count(*) OVER ()::int AS total FROM notifications
            WHERE user_id = $1 AND organisation_id = $2 ${unreadOnly ? 'AND read_at IS NULL' : ''}
            ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
          [auth.user.id, auth.organisation.id, query.page_size, (query.page - 1) * query.page_size],
        );
        return { ...pageOf(query, rows[0]?.total ?? 0, rows.map(toNotificationView)), unread_count: await unreadCount(deps.db, auth.user.id) };
      },
    }),

    route({
      method: 'POST',
      path: '/edit-notification',
      ids: { 'body.notification_id': 'notification' },
      examples: [{ body: { notification_id: '<notification id>', is_read: true } }],
      tag: 'Notifications',
      summary: 'Marks one notification (notification_id) or all of them (all=true) as read, or unread with is_read=false.',
      access: { allowedWithoutPlanDetails: true },
      body: EditNotificationBody,
      async handler({ deps, auth, body }) {
        const isRead = toBoolean(body.is_read);
        const all = body.all !== undefined && toBoolean(body.all);
        if (!all && !body.notification_id) throw new ApiError(400, 'required', {}, 'notification_id');
        let notification = null;
        if (all) {
          await deps.db.query(
            `UPDATE notifications SET read_at = ${isRead ? 'now()' : 'NULL'} WHERE user_id = $1 AND ${isRead ? 'read_at IS NULL' : 'read_at IS NOT NULL'}`,
            [auth.user.id],
          );
        } else {
          if (!isUuid(body.notification_id)) throw notFound();
          const row = await deps.db.one(
            `UPDATE notifications SET read_at = ${isRead ? 'COALESCE(read_at, now())' : 'NULL'}
              WHERE id = $1 AND user_id = $2 RETURNING *`,
            [body.notification_id, auth.user.id],
          );
          if (!row) throw notFound();
          notification = toNotificationView(row);
        }
        const unread_count = await unreadCount(deps.db, auth.user.id);
        // The user's other tabs update their bell too.
        await deps.realtime.publish({ room: rooms.user(auth.user.id), event: SOCKET_EVENTS.notificationsChanged, payload: { unread_count } });
        return { notification, unread_count };
      },
    }),
  ];
}
