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
import { feedbackReaders, insertFeedback, listFeedback } from './data';

export function feedbackRoutes() {
  return [
    route({
      method: 'POST',
      path: '/customer-feedback',
      operationId: 'sendFeedback',
      tag: 'Feedback',
      summary: "Sends feedback (3 to 512 characters); answers 'Feedback submitted successfully'.",
      access: { allowedWithoutPlanDetails: true },
      body: FeedbackBody,
      async handler({ deps, org, auth, body }) {
        const message = body.feedback.trim();
        // Only an in-app path is kept as context; anything else is dropped rather than stored.
        const page = body.page && /^\/[\w\-/]{0,200}$/.test(body.page) ? body.page : null;
        const readers = await org.transaction(async (tx) => {
          await insertFeedback(tx, { userId: auth.user.id, userName: auth.user.name, userEmail: auth.user.email, message, page });
          return feedbackReaders(tx, auth.user.id);
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
      operationId: 'listFeedback',
      tag: 'Feedback',
      summary: "The organisation's feedback, newest first (administrators: view_feedback).",
      access: { permissions: ['view_feedback'] },
      query: FeedbackListQuery,
      async handler({ org, query }) {
        const { total, rows } = await listFeedback(org, query.page, query.page_size);
        return pageOf(query, total, rows);
      },
    }),
  ];
}
