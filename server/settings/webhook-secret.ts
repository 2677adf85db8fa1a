/**
 * The organisation's web hook secret key (section 3: web hooks "plus one web
 * hook secret key"). Deliveries are signed with it, so it is kept in clear;
 * the API shows it masked, and in full only once, to whoever generates it.
 */
import type { Queryable } from '../db/client';
import { inTransaction, type OrgDb } from '../db/tenant';
import { randomToken } from '../auth/secrets';

const PREFIX = 'whsec_';

export const generateWebhookSecret = () => `${PREFIX}${randomToken(24)}`;

/** Enough to recognise the key (its prefix and last four characters), never enough to use it. */
export const maskSecret = (secret: string) => `${secret.slice(0, PREFIX.length)}${'•'.repeat(16)}${secret.slice(-4)}`;

/** The key web hook deliveries of this organisation are signed with, or null before one is generated. */
export async function webhookSecretFor(db: Queryable, organisationId: string): Promise<string | null> {
  const row = await inTransaction(db, organisationId).one<{ secret: string }>('SELECT secret FROM webhook_secret_keys WHERE organisation_id = $org');
  return row?.secret ?? null;
}

/** The settings screen's view of the key: the secret (masked by the caller), when and by whom it was generated. */
export async function webhookKeyDetail(org: OrgDb) {
  return org.one<{ secret: string; created_at: Date; created_by_name: string | null }>(
    `SELECT k.secret, k.created_at, u.name AS created_by_name FROM webhook_secret_keys k
       LEFT JOIN users u ON u.id = k.created_by WHERE k.organisation_id = $org`,
  );
}

export async function replaceWebhookSecret(org: OrgDb, userId: string) {
  const secret = generateWebhookSecret();
  const row = await org.one<{ created_at: Date }>(
    `INSERT INTO webhook_secret_keys (organisation_id, secret, created_by) VALUES ($org, $1, $2)
     ON CONFLICT (organisation_id) DO UPDATE SET secret = EXCLUDED.secret, created_by = EXCLUDED.created_by, created_at = now()
     RETURNING created_at`,
    [secret, userId],
  );
  return { secret, created_at: new Date(row!.created_at).toISOString() };
}
