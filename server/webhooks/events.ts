/**
 * Emitting a web hook event (docs/webhooks.md, "Events"). Every area calls emitWebhookEvent() in the
 * transaction of the change the event reports: it writes one delivery per active endpoint of the
 * organisation that receives the event (an outbox) and enqueues the delivery job through the same
 * transaction. So an event is sent exactly when its change commits: a rolled-back change sends nothing,
 * and a crash after the commit loses nothing (the delivery rows and the job are already stored).
 *
 * An organisation without an active web hook pays one indexed look-up and writes nothing.
 *
 * Transaction alerts do not exist yet: when they do, storing an alert emits `alert.raised` and deciding
 * one `alert.status_changed`, here, with the alert's reference, status and the case it belongs to.
 */
import { randomUUID } from 'node:crypto';
import { receivesEvent, type WebhookEventType, type WebhookType } from '../../common/webhooks';
import type { OrgDb } from '../db/tenant';
import type { JobQueue } from '../jobs/queue';
import { enqueueDelivery } from './jobs';

/** A new event id: `msg_` and 32 hexadecimal digits, as the Standard Webhooks examples name them. */
export const newEventId = () => `msg_${randomUUID().replace(/-/g, '')}`;

/** The signed body of an event: the Standard Webhooks payload { type, timestamp, data }. */
export const eventBody = (type: WebhookEventType, data: Record<string, unknown>, at = new Date()) => JSON.stringify({ type, timestamp: at.toISOString(), data });

/** Writes one pending delivery of an event to one endpoint, due now; answers its id. */
export async function insertDelivery(tx: OrgDb, input: { webhookId: string; eventId: string; type: string; body: string; replayOf?: string }): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO webhook_deliveries (organisation_id, webhook_id, event_id, event_type, body, next_attempt_at, replay_of)
     VALUES ($org, $1, $2, $3, $4, now(), $5) RETURNING id`,
    [input.webhookId, input.eventId, input.type, input.body, input.replayOf ?? null],
  );
  return row!.id;
}

/**
 * Records an event for every active endpoint of the organisation that receives it (an 'update' endpoint
 * every event, a 'status_change' endpoint the *.status_changed ones), in the caller's transaction, and
 * enqueues their delivery. Answers the event's id, or null when no endpoint receives it.
 */
export async function emitWebhookEvent(jobs: JobQueue, tx: OrgDb, type: WebhookEventType, data: Record<string, unknown>): Promise<string | null> {
  const hooks = await tx.query<{ id: string; type: WebhookType }>("SELECT id, type FROM webhooks WHERE organisation_id = $org AND status = 'active'");
  const receivers = hooks.filter((h) => receivesEvent(h.type, type));
  if (!receivers.length) return null;
  const eventId = newEventId();
  const body = eventBody(type, data);
  for (const hook of receivers) await insertDelivery(tx, { webhookId: hook.id, eventId, type, body });
  await enqueueDelivery(jobs, tx);
  return eventId;
}
