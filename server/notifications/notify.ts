/**
 * Creating a notification: one row per recipient, pushed live to the user's
 * sockets, and e-mailed when the user keeps e-mail notifications on. Product
 * areas call notifyUser() when something happens to a user's work (a case
 * assigned to them, a decision on their case, a batch finished).
 */
import { SOCKET_EVENTS } from '../../common/constants';
import type { NotificationView } from '../../common/notifications';
import type { Queryable } from '../db/client';
import type { Deps } from '../deps';
import { translate } from '../i18n';
import { rooms } from '../realtime/bus';

export interface NewNotification {
  organisation_id: string;
  user_id: string;
  /** Translated as notification.<kind> in locales/ (title) with params. */
  kind: string;
  params?: Record<string, string | number>;
  link?: string;
}

export const toNotificationView = (row: Record<string, any>): NotificationView => ({
  id: row.id,
  kind: row.kind,
  params: row.params ?? {},
  link: row.link ?? null,
  is_read: row.read_at !== null && row.read_at !== undefined,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * Records the notification (inside the caller's transaction when one is given),
 * then pushes and mails it. Pushing and mailing never fail the caller's action.
 */
export async function notifyUser(deps: Pick<Deps, 'db' | 'realtime' | 'mailer' | 'log' | 'config'>, input: NewNotification, tx?: Queryable) {
  const db = tx ?? deps.db;
  const row = await db.one(
    `INSERT INTO notifications (organisation_id, user_id, kind, params, link)
     SELECT $1, u.id, $3, $4, $5 FROM users u WHERE u.id = $2 AND u.organisation_id = $1
     RETURNING *`,
    [input.organisation_id, input.user_id, input.kind, JSON.stringify(input.params ?? {}), input.link ?? null],
  );
  if (!row) return null;
  const view = toNotificationView(row);
  const deliver = async () => {
    await deps.realtime.publish({ room: rooms.user(input.user_id), event: SOCKET_EVENTS.notification, payload: view });
    const user = await deps.db.one('SELECT email, name, language, email_notifications, is_active FROM users WHERE id = $1', [input.user_id]);
    if (user?.email_notifications && user.is_active) {
      const lang = user.language ?? 'en';
      const values = { name: user.name, ...(input.params ?? {}) };
      const title = translate(lang, `notification.${input.kind}`, values);
      const link = input.link ? `\n\n${deps.config.publicUrl}${input.link}` : '';
      await deps.mailer.send({ to: user.email, subject: title, text: `${title}${link}\n\n${translate(lang, 'email.signature')}` });
    }
  };
  // After the caller's transaction, if any, has had its chance to commit.
  setImmediate(() => deliver().catch((error) => deps.log.warn(`notification delivery failed: ${(error as Error).message}`)));
  return view;
}
