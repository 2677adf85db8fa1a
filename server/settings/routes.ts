/**
 * Settings calls that are not the user's own profile (which the auth calls
 * cover): the organisation's web hook secret key. Reading it (masked) and
 * generating a new one need update_webhook_secret_key; without it the settings
 * screen shows 'Permission Denied'. Generating asks for the password (section 5).
 */
import { findRoute, type Requirement } from '../../common/access';
import { CreateWebhookKeyBody } from '../../common/schemas/admin';
import { auditAction } from '../audit/actor';
import { requirePassword } from '../auth/account';
import { done } from '../http/reply';
import { route } from '../http/routes';
import { maskSecret, replaceWebhookSecret, webhookKeyDetail } from '../webhooks/secret';

const SECRET_KEY: Requirement = { ...findRoute('settings').requirement, permissions: ['update_webhook_secret_key'] };

export function settingsRoutes() {
  return [
    route({
      method: 'GET',
      path: '/webhook-key',
      operationId: 'getWebhookSecretKey',
      tag: 'Web hooks',
      summary: "The organisation's web hook secret key, masked, with when and by whom it was generated.",
      access: SECRET_KEY,
      async handler({ org }) {
        const row = await webhookKeyDetail(org);
        // previous_valid_until: until when the key replaced last still signs beside this one (the rotation's grace period).
        if (!row) return { has_key: false, masked_key: null, created_at: null, created_by: null, previous_valid_until: null };
        return {
          has_key: true,
          masked_key: maskSecret(row.secret),
          created_at: new Date(row.created_at).toISOString(),
          created_by: row.created_by_name ?? null,
          previous_valid_until: row.previous_valid_until ? new Date(row.previous_valid_until).toISOString() : null,
        };
      },
    }),

    route({
      method: 'POST',
      path: '/create-webhook-key',
      operationId: 'rotateWebhookSecretKey',
      attack: { runs: { count: 60, reason: 'every request with a password verifies an argon2id hash' } },
      tag: 'Web hooks',
      summary: "Generates a new web hook secret key after checking the password; the old key keeps signing beside it for 24 hours (a second signature). Answers the key once, in full.",
      access: SECRET_KEY,
      body: CreateWebhookKeyBody,
      async handler(ctx) {
        const { org, auth, body } = ctx;
        await requirePassword(org, auth.user.id, body.password);
        const key = await org.transaction(async (tx) => {
          const created = await replaceWebhookSecret(tx, auth.user.id);
          // The secret itself never goes into the audit trail.
          await auditAction(tx, ctx, 'webhook_secret.updated', { type: 'organisation', id: auth.organisation.id });
          return created;
        });
        return done('secret_key_updated', {
          secret_key: key.secret,
          masked_key: maskSecret(key.secret),
          created_at: key.created_at,
          created_by: auth.user.name,
          previous_valid_until: key.previous_valid_until,
        });
      },
    }),
  ];
}
