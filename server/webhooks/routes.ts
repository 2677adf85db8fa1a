/**
 * The web hook calls (section 7 "Web hooks: webhook (create, list, delete), test-webhook"; docs/webhooks.md):
 * the organisation's endpoints as a paged list, create, delete, enable and disable, a test event, and the
 * delivery log with its replay. Behind the web-hooks route's requirement (view_webhooks), create_webhooks
 * for everything that sends or changes, delete_webhooks for deleting. Every change is in the audit history.
 * Registered by app.ts like audit's routes: web hooks are a platform folder every area emits through.
 */
import { findRoute, withPermission } from '../../common/access';
import { CreateWebhookBody, DeliveryListQuery, TestWebhookBody, WebhookListQuery } from '../../common/schemas/webhooks';
import type { WebhookType } from '../../common/webhooks';
import { auditAction } from '../audit/actor';
import { ApiError, notFound } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { deleteWebhook, deliveryDetail, deliveryEvent, findDelivery, findWebhook, insertWebhook, listDeliveries, listWebhooks, lockWebhook, setWebhookStatus } from './data';
import { eventBody, insertDelivery, newEventId } from './events';
import { enqueueDelivery } from './jobs';
import { signingSecrets } from './secret';

const VIEW = findRoute('web-hooks').requirement;
const TAG = 'Web hooks';
const WEBHOOK_ID = { 'path.webhookId': 'webhook' } as const;
const DELIVERY_ID = { 'path.deliveryId': 'webhook_delivery' } as const;

/** An endpoint as stored: trimmed, nothing else changed (the receiver's URL is theirs to spell). */
const endpointOf = (text: string) => text.trim();

export function webhookRoutes() {
  return [
    route({
      method: 'GET',
      path: '/webhook',
      operationId: 'listWebhooks',
      examples: [{ query: { page: 1, page_size: 10 } }],
      tag: TAG,
      summary: "The organisation's web hooks, newest first, a page at a time, each with its last delivery; has_secret_key tells whether deliveries can be signed yet.",
      access: VIEW,
      query: WebhookListQuery,
      async handler({ org, query }) {
        const [{ total, data }, secrets] = await Promise.all([listWebhooks(org, query.page, query.page_size), signingSecrets(org)]);
        // The screen warns before anything is registered that nothing can be sent until the key exists.
        return { ...pageOf(query, total, data), has_secret_key: secrets.length > 0 };
      },
    }),

    route({
      method: 'POST',
      path: '/webhook',
      operationId: 'createWebhook',
      examples: [{ body: { name: 'Case updates', endpoint: 'https://hooks.example.com/aml', type: 'update' } }],
      tag: TAG,
      summary:
        "Registers a web hook: a name, the endpoint URL (http or https; whether its address may be reached is checked at every delivery) and its type (update: every event; status_change: status changes only).",
      access: withPermission(VIEW, 'create_webhooks'),
      body: CreateWebhookBody,
      async handler(ctx) {
        const { org, body, auth, reply } = ctx;
        const input = { name: body.name.trim(), endpoint: endpointOf(body.endpoint), type: body.type.trim() as WebhookType };
        const id = await org.transaction(async (tx) => {
          const created = await insertWebhook(tx, input, auth.user.id);
          await auditAction(tx, ctx, 'webhook.created', { type: 'webhook', id: created }, input);
          return created;
        });
        reply.status(201);
        return done('webhook_created', { webhook: (await findWebhook(org, id))! }, { name: input.name });
      },
    }),

    route({
      method: 'DELETE',
      path: '/webhook/:webhookId',
      operationId: 'deleteWebhook',
      ids: WEBHOOK_ID,
      examples: [{ params: { webhookId: '<webhook id>' } }],
      tag: TAG,
      summary: 'Deletes a web hook with its delivery log; nothing more is sent to it.',
      access: withPermission(VIEW, 'delete_webhooks'),
      async handler(ctx) {
        const { org, params } = ctx;
        await org.transaction(async (tx) => {
          const hook = await lockWebhook(tx, params.webhookId);
          if (!hook) throw notFound();
          await deleteWebhook(tx, hook.id);
          await auditAction(tx, ctx, 'webhook.deleted', { type: 'webhook', id: hook.id }, { name: hook.name, endpoint: hook.endpoint });
        });
        return done('webhook_deleted', { id: params.webhookId });
      },
    }),

    ...(['enable', 'disable'] as const).map((action) =>
      route({
        method: 'POST',
        path: `/webhook/:webhookId/${action}`,
        operationId: action === 'enable' ? 'enableWebhook' : 'disableWebhook',
        ids: WEBHOOK_ID,
        examples: [{ params: { webhookId: '<webhook id>' } }],
        tag: TAG,
        summary:
          action === 'enable'
            ? 'Enables a web hook (one disabled by hand, by a 410 Gone or after failing deliveries): new events are sent to it again.'
            : 'Disables a web hook by hand: no event is sent to it until it is enabled; deliveries waiting for a retry are not sent.',
        access: withPermission(VIEW, 'create_webhooks'),
        async handler(ctx) {
          const { org, params } = ctx;
          const name = await org.transaction(async (tx) => {
            const hook = await lockWebhook(tx, params.webhookId);
            if (!hook) throw notFound();
            const active = action === 'enable';
            if ((hook.status === 'active') !== active) {
              await setWebhookStatus(tx, hook.id, active);
              await auditAction(tx, ctx, active ? 'webhook.enabled' : 'webhook.disabled', { type: 'webhook', id: hook.id }, { name: hook.name });
            }
            return hook.name;
          });
          return done(action === 'enable' ? 'webhook_enabled' : 'webhook_disabled', { webhook: (await findWebhook(org, params.webhookId))! }, { name });
        },
      }),
    ),

    route({
      method: 'POST',
      path: '/test-webhook',
      operationId: 'testWebhook',
      ids: { 'body.webhook_id': 'webhook' },
      examples: [{ body: { webhook_id: '<webhook id>' } }],
      tag: TAG,
      summary: 'Sends a webhook.test event to one web hook, whatever its type; its delivery is in the log like any other.',
      access: withPermission(VIEW, 'create_webhooks'),
      body: TestWebhookBody,
      async handler(ctx) {
        const { org, body, deps, auth } = ctx;
        const outcome = await org.transaction(async (tx) => {
          const hook = await lockWebhook(tx, body.webhook_id.trim());
          if (!hook) throw notFound();
          if (hook.status !== 'active') throw new ApiError(409, 'webhook_inactive');
          // Without a secret key nothing can be signed: a test would only fail and retry for days, so say why now.
          if (!(await signingSecrets(tx)).length) throw new ApiError(409, 'webhook_secret_missing');
          const data = { webhook_id: hook.id, name: hook.name, message: 'This is a test event sent from the Web Hooks screen.', sent_by: { _id: auth.user.id, name: auth.user.name } };
          const deliveryId = await insertDelivery(tx, { webhookId: hook.id, eventId: newEventId(), type: 'webhook.test', body: eventBody('webhook.test', data) });
          await enqueueDelivery(deps.jobs, tx);
          await auditAction(tx, ctx, 'webhook.tested', { type: 'webhook', id: hook.id }, { name: hook.name });
          return { deliveryId, name: hook.name };
        });
        return done('webhook_test_sent', { delivery: (await findDelivery(org, outcome.deliveryId))! }, { name: outcome.name });
      },
    }),

    route({
      method: 'GET',
      path: '/webhook/:webhookId/deliveries',
      operationId: 'listWebhookDeliveries',
      ids: WEBHOOK_ID,
      examples: [{ params: { webhookId: '<webhook id>' }, query: { page: 1, page_size: 10 } }],
      tag: TAG,
      summary: "A web hook's deliveries, newest first, a page at a time: one per event sent to it, with its state and last attempt.",
      access: VIEW,
      query: DeliveryListQuery,
      async handler({ org, params, query }) {
        const hook = await findWebhook(org, params.webhookId);
        if (!hook) throw notFound();
        const { total, data } = await listDeliveries(org, hook._id, query.page, query.page_size);
        return pageOf(query, total, data);
      },
    }),

    route({
      method: 'GET',
      path: '/webhook-delivery/:deliveryId',
      operationId: 'getWebhookDelivery',
      ids: DELIVERY_ID,
      examples: [{ params: { deliveryId: '<delivery id>' } }],
      tag: TAG,
      summary: 'One delivery with the payload it sends and every attempt: when, the status code, the time taken, the start of the answer and the error.',
      access: VIEW,
      async handler({ org, params }) {
        const detail = await deliveryDetail(org, params.deliveryId);
        if (!detail) throw notFound();
        return detail;
      },
    }),

    route({
      method: 'POST',
      path: '/webhook-delivery/:deliveryId/replay',
      operationId: 'replayWebhookDelivery',
      ids: DELIVERY_ID,
      examples: [{ params: { deliveryId: '<delivery id>' } }],
      tag: TAG,
      summary: 'Sends a delivered or failed event again, as a new delivery with its own attempts; the body and webhook-id are the same, so receivers can tell a repeat.',
      access: withPermission(VIEW, 'create_webhooks'),
      async handler(ctx) {
        const { org, params, deps } = ctx;
        const outcome = await org.transaction(async (tx) => {
          const original = await deliveryEvent(tx, params.deliveryId);
          if (!original) throw notFound();
          const hook = await lockWebhook(tx, original.webhook_id);
          if (!hook) throw notFound();
          if (hook.status !== 'active') throw new ApiError(409, 'webhook_inactive');
          const deliveryId = await insertDelivery(tx, { webhookId: hook.id, eventId: original.event_id, type: original.event_type, body: original.body, replayOf: original.id });
          await enqueueDelivery(deps.jobs, tx);
          await auditAction(tx, ctx, 'webhook.delivery_replayed', { type: 'webhook_delivery', id: original.id }, { webhook: hook.name, event_id: original.event_id, replay_id: deliveryId });
          return { deliveryId, name: hook.name };
        });
        return done('webhook_delivery_replayed', { delivery: (await findDelivery(org, outcome.deliveryId))! }, { name: outcome.name });
      },
    }),
  ];
}
