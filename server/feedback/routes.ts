/**
 * customer-feedback (section 7): any signed-in user sends free text from the
 * header's feedback dialog; it is stored with who sent it and from which screen,
 * and the organisation's administrators (view_feedback) read it and are told
 * about it by a notification.
 */
import { FeedbackBody, FeedbackListQuery } from '../../common/schemas/admin';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { notifyUser } from '../notifications/notify';

export function feedbackRoutes() {
  return [
    route({
      method: 'POST',
      path: '/customer-feedback',
      tag: 'Feedback',
      summary: "Sends feedback (3 to 512 characters); answers 'Feedback submitted successfully'.",
      access: { allowedWithoutPlanDetails: true },
      body: FeedbackBody,
      async handler({ deps, auth, body }) {
        const message = body.feedback.trim();
        // Only an in-app path is kept as context; anything else is dropped rather than stored.
        const page = body.page && /^\/[\w\-/]{0,200}$/.test(body.page) ? body.page : null;
        const readers = await deps.db.transaction(async (tx) => {
          await tx.query(
            'INSERT INTO feedback (organisation_id, user_id, user_name, user_email, message, page) VALUES ($1, $2, $3, $4, $5, $6)',
            [auth.organisation.id, auth.user.id, auth.user.name, auth.user.email, message, page],
          );
          // Only administrators who can act on it: active, and past their invitation (a password set).
          return tx.query<{ id: string }>(
            `SELECT u.id FROM users u JOIN role_permissions rp ON rp.role_id = u.role_id AND rp.permission = 'view_feedback'
              WHERE u.organisation_id = $1 AND u.is_active AND u.password_hash IS NOT NULL AND u.id <> $2`,
            [auth.organisation.id, auth.user.id],
          );
        });
        for (const reader of readers) {
          await notifyUser(deps, {
            organisation_id: auth.organisation.id,
            user_id: reader.id,
            kind: 'feedback_received',
            params: { name: auth.user.name },
            link: '/audit-history?tab=feedback',
          });
        }
        return done('feedback_submitted');
      },
    }),

    route({
      method: 'GET',
      path: '/customer-feedback',
      tag: 'Feedback',
      summary: "The organisation's feedback, newest first (administrators: view_feedback).",
      access: { permissions: ['view_feedback'] },
      query: FeedbackListQuery,
      async handler({ deps, auth, query }) {
        const rows = await deps.db.query(
          `SELECT id, user_id, user_name, user_email, message, page, created_at, count(*) OVER ()::int AS total
             FROM feedback WHERE organisation_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
          [auth.organisation.id, query.page_size, (query.page - 1) * query.page_size],
        );
        return pageOf(
          query,
          rows[0]?.total ?? 0,
          rows.map(({ total: _total, created_at, ...rest }) => ({ ...rest, created_at: new Date(created_at).toISOString() })),
        );
      },
    }),
  ];
}
