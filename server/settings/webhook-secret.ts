/**
 * The organisation's web hook secret key, as the settings screen manages it. The key itself, how it is
 * generated and how deliveries are signed with it live with the web hooks (server/webhooks/secret.ts),
 * which sign every delivery; this module keeps the settings area's names for them.
 */
export { generateWebhookSecret, maskSecret, replaceWebhookSecret, webhookKeyDetail, webhookSecretFor } from '../webhooks/secret';
