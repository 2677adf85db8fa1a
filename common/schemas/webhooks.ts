/**
 * Request schemas of the web hook calls (section 7 "Web hooks: webhook (create, list, delete),
 * test-webhook"; docs/webhooks.md). The name, endpoint and type are checked with the section-5 rules the
 * form uses, so the screen and the API agree on every message.
 */
import { object, type Infer } from 'superstruct';
import { LIMITS } from '../constants';
import { validateIntegrationName, validateWebhookEndpoint, validateWebhookType } from '../validation';
import { INPUT_LIMITS, requiredString, ruled } from './core';
import { PageQuery } from './paging';

export const WebhookListQuery = PageQuery;
export const DeliveryListQuery = PageQuery;

export const CreateWebhookBody = object({
  name: ruled(validateIntegrationName, 'name', INPUT_LIMITS.short),
  // The raw bound sits just above the rule's own limit, so an over-long URL reads the rule's message.
  endpoint: ruled(validateWebhookEndpoint, 'endpoint', LIMITS.customSourceLinkMax + 100),
  type: ruled(validateWebhookType, 'type', INPUT_LIMITS.short),
});
export type CreateWebhookValue = Infer<typeof CreateWebhookBody>;

/** POST /test-webhook: the web hook to send a webhook.test event to. */
export const TestWebhookBody = object({ webhook_id: requiredString('not_found') });
