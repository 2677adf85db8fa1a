/**
 * Creating a notification: one row per recipient, pushed live to the user's
 * sockets, and e-mailed when the user keeps e-mail notifications on. Product
 * areas call notifyUser() when something happens to a user's work (a case
 * assigned to them, a decision on their case, a batch finished).
 */
import { SOCKET_EVENTS } from '../../common/constants';
import type { NotificationView } from '../../common/notifications';
import type { Queryable } from '../db/client';
import { forOrganisation, inTransaction, type OrgDb } from '../db/tenant';
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
 * `email: false` leaves the mail out: the caller sends its own (ongoing monitoring's
 * digest mails one message listing every case, server/cases/monitoring-digest.ts).
 */
export async function notifyUser(
  deps: Pick<Deps, 'db' | 'realtime' | 'mailer' | 'log' | 'config'>,
  input: NewNotification,
  tx?: Queryable | OrgDb,
  options: { email?: boolean } = {},
) {
  // Monitoring hands a plain connection (it runs for every organisation), a request its organisation's handle; either way
  // the statement runs in the caller's transaction and names input's organisation.
  const runner = tx && 'unscoped' in tx ? tx.unscoped : (tx ?? deps.db);
  const org = inTransaction(runner, input.organisation_id);
  const row = await org.one(
    `INSERT INTO notifications (organisation_id, user_id, kind, params, link)
     SELECT $org, u.id, $2, $3, $4 FROM users u WHERE u.id = $1 AND u.organisation_id = $org
     RETURNING *`,
    [input.user_id, input.kind, JSON.stringify(input.params ?? {}), input.link ?? null],
  );
  if (!row) return null;
  const view = toNotificationView(row);
  const deliver = async () => {
    await deps.realtime.publish({ room: rooms.user(input.user_id), event: SOCKET_EVENTS.notification, payload: view });
    if (options.email === false) return;
    // With the organisation's white-label scheme, which the e-mail wears (docs/white-label.md).
    const user = await forOrganisation(deps.db, input.organisation_id).one(
      `SELECT u.email, u.name, u.language, u.email_notifications, u.is_active, o.white_labeling_for AS brand
         FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE u.id = $1 AND u.organisation_id = $org`,
      [input.user_id],
    );
    if (user?.email_notifications && user.is_active) {
      const lang = user.language ?? 'en';
      const values = { name: user.name, ...(input.params ?? {}) };
      const title = translate(lang, `notification.${input.kind}`, values);
      const link = input.link ? `\n\n${deps.config.publicUrl}${input.link}` : '';
      await deps.mailer.send({ to: user.email, subject: title, text: `${title}${link}\n\n${translate(lang, 'email.signature')}`, brand: user.brand, language: lang });
    }
  };
  // After the caller's transaction, if any, has had its chance to commit.
  setImmediate(() => deliver().catch((error) => deps.log.warn(`notification delivery failed: ${(error as Error).message}`)));
  return view;
}

/** The signed-in user's notifications, newest first; unreadOnly keeps the unread ones. */
export async function listNotifications(org: OrgDb, userId: string, options: { unreadOnly: boolean; page: number; pageSize: number }) {
  const rows = await org.query(
    `SELECT *, count(*) OVER ()::int AS total FROM notifications
      WHERE user_id = $1 AND organisation_id = $org ${options.unreadOnly ? 'AND read_at IS NULL' : ''}
      ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
    [userId, options.pageSize, (options.page - 1) * options.pageSize],
  );
  return { total: (rows[0]?.total as number | undefined) ?? 0, rows: rows.map(toNotificationView) };
}

export async function unreadCount(org: OrgDb, userId: string): Promise<number> {
  const row = await org.one<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND organisation_id = $org AND read_at IS NULL', [userId]);
  return row?.n ?? 0;
}

export async function markAllNotifications(org: OrgDb, userId: string, isRead: boolean) {
  await org.query(
    `UPDATE notifications SET read_at = ${isRead ? 'now()' : 'NULL'}
      WHERE user_id = $1 AND organisation_id = $org AND ${isRead ? 'read_at IS NULL' : 'read_at IS NOT NULL'}`,
    [userId],
  );
}

/** One of the user's notifications marked read or unread; undefined for anyone else's. */
export async function markNotification(org: OrgDb, userId: string, notificationId: string, isRead: boolean) {
  const row = await org.one(
    `UPDATE notifications SET read_at = ${isRead ? 'COALESCE(read_at, now())' : 'NULL'}
      WHERE id = $1 AND user_id = $2 AND organisation_id = $org RETURNING *`,
    [notificationId, userId],
  );
  return row ? toNotificationView(row) : undefined;
}
