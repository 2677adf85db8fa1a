/**
 * Reading and writing one organisation's web hooks and their delivery log, for the routes and for the
 * areas that ask whether the organisation has somewhere to send events (the monitoring configuration's
 * web hooks channel). Every statement goes through the organisation-bound handle.
 */
import type { DeliveryAttemptView, DeliveryDetail, DeliveryStatus, DeliveryView, WebhookDisabledReason, WebhookEventType, WebhookType, WebhookView } from '../../common/webhooks';
import { isUuid } from '../../common/schemas/admin';
import type { Row } from '../db/client';
import { pageOfRows } from '../db/paged';
import type { OrgDb } from '../db/tenant';

const iso = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : new Date(d).toISOString());

/** Whether the organisation has an active web hook: the monitoring configuration offers its web hooks channel only then. */
export async function hasActiveWebhook(org: OrgDb): Promise<boolean> {
  return Boolean(await org.one("SELECT 1 FROM webhooks WHERE organisation_id = $org AND status = 'active' LIMIT 1"));
}

// The last delivery is read per web hook through its index; the creator is joined within the organisation.
const WEBHOOK_SELECT = `w.id, w.name, w.endpoint, w.type, w.status, w.disabled_at, w.disabled_reason, w.created_at,
       u.id AS created_by_id, u.name AS created_by_name, last.status AS last_status, last.at AS last_at`;
const WEBHOOK_JOINS = `LEFT JOIN users u ON u.id = w.created_by AND u.organisation_id = $org
  LEFT JOIN LATERAL (SELECT d.status, COALESCE(d.delivered_at, d.created_at) AS at FROM webhook_deliveries d
                      WHERE d.webhook_id = w.id AND d.organisation_id = $org ORDER BY d.created_at DESC, d.id DESC LIMIT 1) last ON true`;

export function toWebhookView(r: Row): WebhookView {
  return {
    _id: r.id,
    name: r.name,
    endpoint: r.endpoint,
    type: r.type as WebhookType,
    created_at: iso(r.created_at)!,
    created_by: r.created_by_id ? { _id: r.created_by_id, name: r.created_by_name ?? '' } : null,
    status: r.status,
    disabled_at: iso(r.disabled_at),
    disabled_reason: (r.disabled_reason ?? null) as WebhookDisabledReason | null,
    last_delivery: r.last_status ? { status: r.last_status as DeliveryStatus, at: iso(r.last_at)! } : null,
  };
}

/** A page of the organisation's web hooks, newest first, with the total. */
export async function listWebhooks(org: OrgDb, page: number, pageSize: number) {
  const { rows, total } = await pageOfRows(org, {
    select: WEBHOOK_SELECT,
    from: 'webhooks w',
    joins: WEBHOOK_JOINS,
    where: 'w.organisation_id = $org',
    orderBy: 'w.created_at DESC, w.id DESC',
    params: [],
    page,
    pageSize,
  });
  return { total, data: rows.map(toWebhookView) };
}

/** One web hook of the organisation, or undefined (another organisation's id included). */
export async function findWebhook(org: OrgDb, id: unknown): Promise<WebhookView | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await org.one(`SELECT ${WEBHOOK_SELECT} FROM webhooks w ${WEBHOOK_JOINS} WHERE w.id = $1 AND w.organisation_id = $org`, [id]);
  return row ? toWebhookView(row) : undefined;
}

/** One web hook locked until the transaction ends, so a change and a delivery's disabling apply in turn. */
export async function lockWebhook(tx: OrgDb, id: unknown): Promise<{ id: string; name: string; endpoint: string; type: WebhookType; status: string } | undefined> {
  if (!isUuid(id)) return undefined;
  return tx.one('SELECT id, name, endpoint, type, status FROM webhooks WHERE id = $1 AND organisation_id = $org FOR UPDATE', [id]);
}

export async function insertWebhook(tx: OrgDb, input: { name: string; endpoint: string; type: WebhookType }, userId: string): Promise<string> {
  const row = await tx.one<{ id: string }>('INSERT INTO webhooks (organisation_id, name, endpoint, type, created_by) VALUES ($org, $1, $2, $3, $4) RETURNING id', [
    input.name,
    input.endpoint,
    input.type,
    userId,
  ]);
  return row!.id;
}

/** Deletes a web hook; its deliveries and their log go with it (foreign keys). */
export async function deleteWebhook(tx: OrgDb, id: string): Promise<void> {
  await tx.query('DELETE FROM webhooks WHERE id = $1 AND organisation_id = $org', [id]);
}

/** Enables (and forgets the run of failures) or disables an endpoint by hand. */
export async function setWebhookStatus(tx: OrgDb, id: string, active: boolean): Promise<void> {
  if (active) {
    await tx.query(
      "UPDATE webhooks SET status = 'active', disabled_at = NULL, disabled_reason = NULL, consecutive_failures = 0 WHERE id = $1 AND organisation_id = $org",
      [id],
    );
  } else {
    await tx.query("UPDATE webhooks SET status = 'disabled', disabled_at = now(), disabled_reason = 'manual' WHERE id = $1 AND organisation_id = $org", [id]);
  }
}

const DELIVERY_SELECT = `d.id, d.webhook_id, d.event_id, d.event_type, d.status, d.attempts, d.next_attempt_at, d.created_at, d.delivered_at,
       d.last_status_code, d.last_duration_ms`;

function toDeliveryView(r: Row): DeliveryView {
  return {
    _id: r.id,
    webhook_id: r.webhook_id,
    event_id: r.event_id,
    event_type: r.event_type as WebhookEventType,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    created_at: iso(r.created_at)!,
    delivered_at: iso(r.delivered_at),
    last_status_code: r.last_status_code ?? null,
    last_duration_ms: r.last_duration_ms ?? null,
  };
}

/** A page of one web hook's deliveries, newest first. */
export async function listDeliveries(org: OrgDb, webhookId: string, page: number, pageSize: number) {
  const { rows, total } = await pageOfRows(org, {
    select: DELIVERY_SELECT,
    from: 'webhook_deliveries d',
    where: 'd.organisation_id = $org AND d.webhook_id = $1',
    orderBy: 'd.created_at DESC, d.id DESC',
    params: [webhookId],
    page,
    pageSize,
  });
  return { total, data: rows.map(toDeliveryView) };
}

/** One delivery of the organisation as the list shows it, or undefined. */
export async function findDelivery(org: OrgDb, id: unknown): Promise<DeliveryView | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await org.one(`SELECT ${DELIVERY_SELECT} FROM webhook_deliveries d WHERE d.id = $1 AND d.organisation_id = $org`, [id]);
  return row ? toDeliveryView(row) : undefined;
}

/** One delivery with its payload and every attempt, or undefined. */
export async function deliveryDetail(org: OrgDb, id: unknown): Promise<DeliveryDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await org.one(`SELECT ${DELIVERY_SELECT}, d.body FROM webhook_deliveries d WHERE d.id = $1 AND d.organisation_id = $org`, [id]);
  if (!row) return undefined;
  const attempts = await org.query(
    'SELECT attempt, at, status_code, duration_ms, response_excerpt, error FROM webhook_attempts WHERE delivery_id = $1 AND organisation_id = $org ORDER BY attempt',
    [id],
  );
  const attempt_log: DeliveryAttemptView[] = attempts.map((a) => ({
    attempt: a.attempt,
    at: iso(a.at)!,
    status_code: a.status_code ?? null,
    duration_ms: a.duration_ms,
    response_excerpt: a.response_excerpt ?? '',
    error: a.error ?? null,
  }));
  return { ...toDeliveryView(row), payload: JSON.parse(row.body), attempt_log };
}

/** The stored event of a delivery, for a replay. */
export async function deliveryEvent(org: OrgDb, id: unknown): Promise<{ id: string; webhook_id: string; event_id: string; event_type: string; body: string } | undefined> {
  if (!isUuid(id)) return undefined;
  return org.one('SELECT id, webhook_id, event_id, event_type, body FROM webhook_deliveries WHERE id = $1 AND organisation_id = $org', [id]);
}
