/**
 * The API key calls (section 7 "API keys: api-keys (list), api-key (generate, delete)";
 * docs/integrations.md). Listing needs view_api; generating and deleting need create_api_key and
 * delete_api_key and, being sensitive actions (section 5), the user's password. A key is shown in full
 * once, in the answer that generates it; only its digest is kept. These calls are the browser's: a key
 * cannot make or delete keys (app.ts does not open this module to keys).
 */
import { findRoute, withPermission } from '../../common/access';
import { ApiKeyListQuery, CreateApiKeyBody, DeleteApiKeyBody } from '../../common/schemas/api-keys';
import { isUuid } from '../../common/schemas/admin';
import { auditAction } from '../audit/actor';
import { newApiKey } from '../auth/api-keys';
import { requirePassword } from '../auth/account';
import { notFound } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { deleteKey, findKey, insertKey, listKeys } from './data';

const VIEW = findRoute('api-keys').requirement;
const TAG = 'API keys';
const PASSWORD_CHECK = { runs: { count: 60, reason: 'every request with a password verifies an argon2id hash' } };

export function apiKeyRoutes() {
  return [
    route({
      method: 'GET',
      path: '/api-keys',
      operationId: 'listApiKeys',
      tag: TAG,
      summary: "The organisation's API keys, newest first: name, prefix, created, expires, last used. Never the keys themselves.",
      access: VIEW,
      query: ApiKeyListQuery,
      async handler({ org, query }) {
        const { rows, total } = await listKeys(org, query);
        return pageOf(query, total, rows);
      },
    }),

    route({
      method: 'POST',
      path: '/api-key',
      operationId: 'createApiKey',
      tag: TAG,
      summary: 'Generates an API key valid for 1 to 365 days after checking the password. Answers the key in full this once; it acts as the user who generated it.',
      access: withPermission(VIEW, 'create_api_key'),
      body: CreateApiKeyBody,
      examples: [{ body: { name: 'Onboarding service', validity_days: 90, password: '<password>' } }],
      attack: PASSWORD_CHECK,
      async handler(ctx) {
        const { org, auth, body } = ctx;
        await requirePassword(org, auth.user.id, body.password);
        const generated = newApiKey();
        const key = await org.transaction(async (tx) => {
          const created = await insertKey(tx, { userId: auth.user.id, name: body.name.trim(), prefix: generated.prefix, hash: generated.hash, validityDays: Number(body.validity_days) });
          // The key itself never goes into the audit trail: its prefix tells it apart.
          await auditAction(tx, ctx, 'api_key.created', { type: 'api_key', id: created._id }, { name: created.name, prefix: created.prefix, expires_at: created.expires_at });
          return created;
        });
        return done('api_key_created', { api_key: generated.key, key });
      },
    }),

    route({
      method: 'DELETE',
      path: '/api-key/:keyId',
      operationId: 'deleteApiKey',
      tag: TAG,
      summary: 'Deletes an API key after checking the password; the key is refused from its next call.',
      access: withPermission(VIEW, 'delete_api_key'),
      body: DeleteApiKeyBody,
      ids: { 'path.keyId': 'api_key' },
      examples: [{ params: { keyId: '<api key id>' }, body: { password: '<password>' } }],
      attack: PASSWORD_CHECK,
      async handler(ctx) {
        const { org, auth, body, params } = ctx;
        // An unknown key is named as such before the password is asked about, as any record's deletion does.
        if (!isUuid(params.keyId) || !(await findKey(org, params.keyId))) throw notFound();
        await requirePassword(org, auth.user.id, body.password);
        await org.transaction(async (tx) => {
          if (!(await deleteKey(tx, params.keyId, auth.user.id))) throw notFound();
          await auditAction(tx, ctx, 'api_key.deleted', { type: 'api_key', id: params.keyId });
        });
        return done('api_key_deleted');
      },
    }),
  ];
}
