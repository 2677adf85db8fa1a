/**
 * Web hooks (section 3 "Web hook: name, endpoint, type"; section 4 "Web hook type: update, status change";
 * docs/webhooks.md): the shapes the API answers and the Web Hooks screen shows, the event types, which
 * endpoint type receives which event, and the delivery schedule, shared by the API, the screens and the
 * documentation so all three say the same thing.
 */
import type { UserRef } from './actors';

/** Section 4: an 'update' endpoint receives every event; a 'status_change' endpoint only status changes. */
export const WEBHOOK_TYPES = ['update', 'status_change'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/**
 * Every event a web hook can receive, as the payload's `type` says. Transaction alerts ("alert raised and
 * changed") do not exist in the product yet: when they do, their events are `alert.raised` and
 * `alert.status_changed`, emitted with emitWebhookEvent() where an alert is stored or decided
 * (docs/webhooks.md, "Events still to come").
 */
export const WEBHOOK_EVENT_TYPES = [
  'case.created',
  'case.updated',
  'case.status_changed',
  'monitoring.change_found',
  'monitoring.alert',
  'bulk_batch.finished',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Whether an endpoint of this type receives this event (webhook.test is sent to the one endpoint tested, whatever its type). */
export const receivesEvent = (type: WebhookType, event: WebhookEventType): boolean => type === 'update' || event.endsWith('.status_changed') || event === 'webhook.test';

export type WebhookStatus = 'active' | 'disabled';
/** gone: the endpoint answered 410 Gone; failing: WEBHOOK_FAILING_DELIVERIES deliveries in a row failed; manual: someone disabled it. */
export type WebhookDisabledReason = 'gone' | 'failing' | 'manual';
/** pending: more attempts are scheduled; delivered: an attempt was answered 2xx; failed: no attempt is left. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * When each attempt of a delivery is made, in seconds after the previous attempt failed: at once, then 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, so an endpoint down for up to three days still gets
 * the event. A Retry-After the endpoint answers may make a wait longer (never shorter), up to
 * WEBHOOK_RETRY_AFTER_MAX_SECONDS.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS: readonly number[] = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600];

/** The longest wait a Retry-After can ask for; a longer one waits this long. */
export const WEBHOOK_RETRY_AFTER_MAX_SECONDS = 24 * 3600;

/** Deliveries in a row that fail (every attempt used) before the endpoint is disabled and the administrators are told. */
export const WEBHOOK_FAILING_DELIVERIES = 5;

/** How long one attempt may take, from connecting to the answer's end. */
export const WEBHOOK_TIMEOUT_SECONDS = 15;

/** How long the previous secret key keeps signing (a second signature) after a new one is generated. */
export const WEBHOOK_SECRET_GRACE_HOURS = 24;

/** How much of an endpoint's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;

export interface WebhookView {
  _id: string;
  name: string;
  endpoint: string;
  type: WebhookType;
  created_at: string;
  created_by: UserRef | null;
  status: WebhookStatus;
  disabled_at: string | null;
  disabled_reason: WebhookDisabledReason | null;
  last_delivery: { status: DeliveryStatus; at: string } | null;
}

export interface DeliveryView {
  _id: string;
  webhook_id: string;
  /** The event's id, sent as the webhook-id header (msg_...): the same for every attempt and every replay. */
  event_id: string;
  event_type: WebhookEventType;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
}

export interface DeliveryAttemptView {
  attempt: number;
  at: string;
  /** The endpoint's HTTP status; null when no answer came (refused address, timeout, network error). */
  status_code: number | null;
  duration_ms: number;
  /** The first WEBHOOK_RESPONSE_EXCERPT_BYTES of the answer's body, as text. */
  response_excerpt: string;
  /** Why the attempt failed without an answer (e.g. "refused_address: 10.0.0.5 is a private address"), or null. */
  error: string | null;
}

export interface DeliveryDetail extends DeliveryView {
  /** The signed body: { type, timestamp, data }. */
  payload: { type: WebhookEventType; timestamp: string; data: Record<string, unknown> };
  attempt_log: DeliveryAttemptView[];
}
