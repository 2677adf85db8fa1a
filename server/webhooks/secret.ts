/**
 * The organisation's web hook secret key and signing (section 3: web hooks "plus one web hook secret key";
 * the Standard Webhooks specification; docs/webhooks.md, "Signatures"). Deliveries are signed with it, so
 * it is kept in clear; the API shows it masked, and in full only once, to whoever generates it.
 *
 * The key is `whsec_` followed by base64, as the specification and its libraries expect: the HMAC key is
 * the base64-decoded bytes. New keys are 32 letters and digits, which is base64 (24 bytes, 190 bits of
 * randomness) with none of the characters base64 and base64url disagree on, so any library decodes them
 * alike. Keys generated before were base64url; Node decodes both alphabets, so they keep signing as before.
 *
 * Rotation: a new key replaces the current one at once, and the previous one keeps signing beside it for
 * WEBHOOK_SECRET_GRACE_HOURS (two signatures in webhook-signature), so a receiver still holding the old key
 * verifies every delivery until it switches.
 */
import { createHmac, randomInt } from 'node:crypto';
import { WEBHOOK_SECRET_GRACE_HOURS } from '../../common/webhooks';
import type { Queryable } from '../db/client';
import { inTransaction, type OrgDb } from '../db/tenant';

export const SECRET_PREFIX = 'whsec_';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function generateWebhookSecret(): string {
  let key = '';
  for (let i = 0; i < 32; i++) key += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${SECRET_PREFIX}${key}`;
}

/** Enough to recognise the key (its prefix and last four characters), never enough to use it. */
export const maskSecret = (secret: string) => `${secret.slice(0, SECRET_PREFIX.length)}${'•'.repeat(16)}${secret.slice(-4)}`;

/** The HMAC key of a secret: its base64 after the prefix (Node reads base64url too, for keys made before). */
const keyBytes = (secret: string) => Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

/** One Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of "id.timestamp.body". */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyBytes(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The webhook-signature header: one signature per key that signs now, space-separated. */
export const signatureHeader = (secrets: readonly string[], id: string, timestamp: number, body: string) => secrets.map((s) => signature(s, id, timestamp, body)).join(' ');

/** The key web hook deliveries of this organisation are signed with, or null before one is generated. */
export async function webhookSecretFor(db: Queryable, organisationId: string): Promise<string | null> {
  const row = await inTransaction(db, organisationId).one<{ secret: string }>('SELECT secret FROM webhook_secret_keys WHERE organisation_id = $org');
  return row?.secret ?? null;
}

/** The keys that sign a delivery now: the current one, and the previous one during its grace period. Empty before any key exists. */
export async function signingSecrets(org: OrgDb, now = new Date()): Promise<string[]> {
  const row = await org.one<{ secret: string; previous_secret: string | null; previous_valid_until: Date | null }>(
    'SELECT secret, previous_secret, previous_valid_until FROM webhook_secret_keys WHERE organisation_id = $org',
  );
  if (!row) return [];
  const previous = row.previous_secret && row.previous_valid_until && new Date(row.previous_valid_until) > now ? [row.previous_secret] : [];
  return [row.secret, ...previous];
}

/** The settings screen's view of the key: the secret (masked by the caller), when and by whom it was generated, and the previous key's grace. */
export async function webhookKeyDetail(org: OrgDb) {
  return org.one<{ secret: string; created_at: Date; created_by_name: string | null; previous_valid_until: Date | null }>(
    `SELECT k.secret, k.created_at, u.name AS created_by_name,
            CASE WHEN k.previous_valid_until > now() THEN k.previous_valid_until END AS previous_valid_until
       FROM webhook_secret_keys k LEFT JOIN users u ON u.id = k.created_by AND u.organisation_id = $org WHERE k.organisation_id = $org`,
  );
}

/**
 * Generates a new key in the caller's transaction. The key it replaces keeps signing for the grace period;
 * a key replaced again within that time is dropped (the one just replaced is the one receivers may still hold).
 */
export async function replaceWebhookSecret(org: OrgDb, userId: string) {
  const secret = generateWebhookSecret();
  const row = await org.one<{ created_at: Date; previous_valid_until: Date | null }>(
    `INSERT INTO webhook_secret_keys (organisation_id, secret, created_by) VALUES ($org, $1, $2)
     ON CONFLICT (organisation_id) DO UPDATE SET secret = EXCLUDED.secret, created_by = EXCLUDED.created_by, created_at = now(),
       previous_secret = webhook_secret_keys.secret, previous_valid_until = now() + make_interval(hours => $3::int)
     RETURNING created_at, previous_valid_until`,
    [secret, userId, WEBHOOK_SECRET_GRACE_HOURS],
  );
  return {
    secret,
    created_at: new Date(row!.created_at).toISOString(),
    previous_valid_until: row!.previous_valid_until ? new Date(row!.previous_valid_until).toISOString() : null,
  };
}
