/**
 * The first start's web hook (server/db/seed.ts): the main organisation gets one registered endpoint with a
 * short delivery log, so the Web Hooks screen and its log have something real to show.
 *
 * Nothing may be sent at start, and no delivery may wait for an attempt: the endpoint is on the reserved
 * `.example` domain (RFC 2606, never resolves) and is disabled by hand, so no event of the seeded
 * organisation is queued for it and the monitoring configuration does not offer the web hooks channel until
 * someone registers a real one; and every seeded delivery is already finished (delivered), with the
 * attempts that got it there. No secret key is seeded: generating it is the administrator's step in
 * Settings, and the key is shown once, to them.
 */
import type { Queryable } from '../db/client';
import { inTransaction } from '../db/tenant';
import { WEBHOOK_EVENTS } from './catalogue';

const SEED_ENDPOINT = 'https://compliance-hooks.northwind.example/aml-events';

/** Minutes ago, as a timestamp for the log. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

export async function seedWebhooks(tx: Queryable, organisationId: string, adminId: string) {
  const org = inTransaction(tx, organisationId);
  const hook = await org.one<{ id: string }>(
    `INSERT INTO webhooks (organisation_id, name, endpoint, type, status, disabled_at, disabled_reason, created_by, created_at)
     VALUES ($org, 'Case management system', $1, 'update', 'disabled', $2, 'manual', $3, $4) RETURNING id`,
    [SEED_ENDPOINT, ago(60), adminId, ago(3 * 24 * 60)],
  );
  const example = (type: string) => WEBHOOK_EVENTS.find((e) => e.type === type)!.example;
  // Each: the event, when it was sent, and its attempts (status, milliseconds, the receiver's answer).
  const log: [string, number, [number, number, string][]][] = [
    ['webhook.test', 3 * 24 * 60 - 5, [[200, 142, '{"received":true}']]],
    ['case.created', 2 * 24 * 60, [[200, 88, '{"received":true}']]],
    [
      'case.status_changed',
      24 * 60,
      [
        [503, 30012, 'Service Unavailable: deploy in progress'],
        [200, 95, '{"received":true}'],
      ],
    ],
  ];
  for (const [i, [type, minutesAgo, attempts]] of log.entries()) {
    const sent = ago(minutesAgo);
    const body = JSON.stringify({ ...example(type), timestamp: sent.toISOString() });
    const [last] = attempts.slice(-1);
    const delivery = await org.one<{ id: string }>(
      `INSERT INTO webhook_deliveries (organisation_id, webhook_id, event_id, event_type, body, status, attempts, created_at, delivered_at, last_status_code, last_duration_ms)
       VALUES ($org, $1, $2, $3, $4, 'delivered', $5, $6, $7, $8, $9) RETURNING id`,
      [hook!.id, `msg_seed${String(i + 1).padStart(28, '0')}`, type, body, attempts.length, sent, new Date(sent.getTime() + (attempts.length - 1) * 5000 + last[1]), last[0], last[1]],
    );
    for (const [n, [status, ms, answer]] of attempts.entries()) {
      await org.query('INSERT INTO webhook_attempts (organisation_id, delivery_id, attempt, at, status_code, duration_ms, response_excerpt) VALUES ($org, $1, $2, $3, $4, $5, $6)', [
        delivery!.id,
        n + 1,
        new Date(sent.getTime() + n * 5000),
        status,
        ms,
        answer,
      ]);
    }
  }
}
