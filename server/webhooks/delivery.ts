/**
 * Sending web hook deliveries (docs/webhooks.md, "Delivery"). The delivery job (jobs.ts) runs drain(): a
 * few workers each claim a due delivery, send one attempt, record it, and claim the next, until nothing is
 * due. One attempt:
 * - signs the stored body as the Standard Webhooks specification says (webhook-id, webhook-timestamp,
 *   webhook-signature with the organisation's key, and the previous key during its grace period);
 * - POSTs it with safeFetch (server/outbound): the endpoint's address is checked at every attempt, since
 *   DNS may have changed since the web hook was created, and a refused address is the attempt's error;
 * - records, in one transaction: the attempt (status, time taken, the first KB of the answer, the error),
 *   the delivery's new state, the endpoint's run of failures, and the job of the next attempt when one is
 *   scheduled (config.webhookRetrySchedule; a Retry-After may lengthen the wait, never shorten it).
 * 2xx is delivered. 410 Gone disables the endpoint (reason 'gone'). A delivery whose last attempt fails is
 * failed, and WEBHOOK_FAILING_DELIVERIES failed deliveries in a row disable the endpoint (reason
 * 'failing'). Either way the organisation's administrators are told (notifications, which e-mail too).
 *
 * Crash safety: a claim holds the delivery for the attempt's time and a margin (locked_until), not a
 * database transaction, so a slow endpoint holds no connection (PGlite has only one). A worker that dies
 * mid-attempt lets go when the claim lapses; a run that finds only held deliveries enqueues itself for the
 * moment the first claim lapses. The attempt is recorded only if the delivery still stands where it was
 * claimed (pending, same attempt count), so two workers never record the same attempt. Delivery is at
 * least once: a worker that dies after the endpoint answered and before the record commits sends that
 * attempt again, with the same webhook-id, which receivers use to ignore repeats.
 *
 * A system module: claiming due deliveries looks across organisations on the raw database (one job
 * serves them all); everything about one delivery goes through its organisation's handle.
 */
import { WEBHOOK_FAILING_DELIVERIES, WEBHOOK_RESPONSE_EXCERPT_BYTES, WEBHOOK_RETRY_AFTER_MAX_SECONDS, WEBHOOK_TIMEOUT_SECONDS } from '../../common/webhooks';
import { forOrganisation, type OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { notifyUser } from '../notifications/notify';
import { parseAllowList, type OutboundAllowList } from '../outbound/address';
import { OutboundError, safeFetch, type SafeFetchOptions, type SafeResponse } from '../outbound/fetch';
import { enqueueDelivery, WEBHOOK_JOBS } from './jobs';
import { signatureHeader, signingSecrets } from './secret';

type DeliveryDeps = Pick<Deps, 'db' | 'jobs' | 'config' | 'log' | 'realtime' | 'mailer'>;

/** Attempts sent at once by one process. */
const WORKERS = 16;
/** How long a claim holds a delivery beyond the attempt's own time limit. */
const CLAIM_MARGIN_SECONDS = 45;
/** A run stops claiming after this long and leaves the rest to the next run, so no run outlives its job's time limit. */
const RUN_SECONDS = 5 * 60;
/** Redirects an endpoint may send a delivery through; each hop is checked like the endpoint itself. */
const MAX_REDIRECTS = 3;
/** Where a disabled endpoint's notification leads. */
export const WEBHOOKS_LINK = '/web-hooks';

interface Claimed {
  id: string;
  organisation_id: string;
  webhook_id: string;
  event_id: string;
  body: string;
  attempts: number;
  endpoint: string;
  webhook_status: string;
  /** The keys that sign it, read once per organisation per claimed batch. */
  secrets: string[];
}

const allowLists = new Map<string, OutboundAllowList>();
/** The allow-list of OUTBOUND_ALLOW, read once per distinct value. */
function allowListOf(deps: DeliveryDeps): OutboundAllowList {
  let list = allowLists.get(deps.config.outboundAllow);
  if (!list) allowLists.set(deps.config.outboundAllow, (list = parseAllowList(deps.config.outboundAllow, (m) => deps.log.warn(m))));
  return list;
}

/**
 * Claims up to `limit` of the most overdue deliveries no one holds, with their endpoints and signing keys:
 * one statement for the batch and one per organisation in it, rather than several per delivery.
 */
async function claimBatch(deps: DeliveryDeps, limit: number): Promise<Claimed[]> {
  const rows = await deps.db.query<Omit<Claimed, 'secrets'>>(
    `WITH due AS (SELECT id FROM webhook_deliveries
                   WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
                   ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $1::int)
       FROM due, webhooks w
      WHERE d.id = due.id AND w.id = d.webhook_id
      RETURNING d.id, d.organisation_id, d.webhook_id, d.event_id, d.body, d.attempts, w.endpoint, w.status AS webhook_status`,
    [WEBHOOK_TIMEOUT_SECONDS + CLAIM_MARGIN_SECONDS, limit],
  );
  const secrets = new Map<string, string[]>();
  for (const organisationId of new Set(rows.map((r) => r.organisation_id))) secrets.set(organisationId, await signingSecrets(forOrganisation(deps.db, organisationId)));
  return rows.map((r) => ({ ...r, secrets: secrets.get(r.organisation_id)! }));
}

/** The seconds a Retry-After asks for (delta-seconds or an HTTP date), or null when there is none or it cannot be read. */
export function retryAfterSeconds(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : null;
}

/** Text Postgres can store and a log can show: no NUL, no half character at a cut. */
const printable = (text: string) => text.replace(/\u0000/g, '').replace(/\uFFFD$/, '');

interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  excerpt: string;
  error: string | null;
  retryAfter: number | null;
}

/** Sends one attempt: signed now, to the endpoint as it is now. Never throws: a failure is the attempt's result. */
async function send(deps: DeliveryDeps, delivery: Claimed, fetchOptions: Partial<SafeFetchOptions>): Promise<AttemptResult> {
  const started = performance.now();
  const { secrets, endpoint } = delivery;
  if (!secrets.length) {
    return { statusCode: null, durationMs: 0, excerpt: '', error: "no_secret_key: the organisation has no web hook secret key yet; generate one in Settings", retryAfter: null };
  }
  const timestamp = Math.floor(Date.now() / 1000);
  let answer: SafeResponse;
  try {
    answer = await safeFetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, delivery.event_id, timestamp, delivery.body),
      },
      body: delivery.body,
      timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000,
      maxBytes: WEBHOOK_RESPONSE_EXCERPT_BYTES,
      overflow: 'truncate',
      maxRedirects: MAX_REDIRECTS,
      allow: allowListOf(deps),
      ...fetchOptions,
    });
  } catch (error) {
    const text = error instanceof OutboundError ? error.toString() : `network: ${(error as Error).message}`;
    return { statusCode: null, durationMs: Math.round(performance.now() - started), excerpt: '', error: printable(text).slice(0, 1000), retryAfter: null };
  }
  return {
    statusCode: answer.status,
    durationMs: answer.durationMs,
    excerpt: printable(answer.body.toString('utf8')),
    error: null,
    retryAfter: retryAfterSeconds(answer.headers['retry-after']),
  };
}

/** The organisation's active administrators, who hear that an endpoint was disabled. */
async function administrators(org: OrgDb): Promise<string[]> {
  const rows = await org.query<{ id: string }>(
    'SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE u.organisation_id = $org AND r.organisation_id = $org AND r.is_admin AND u.is_active',
  );
  return rows.map((r) => r.id);
}

/**
 * Disables an endpoint in the caller's transaction: its other pending deliveries fail (nothing will be sent
 * to it), and the administrators are told. Answers false when it was not active.
 */
export async function disableEndpoint(deps: DeliveryDeps, tx: OrgDb, webhookId: string, reason: 'gone' | 'failing'): Promise<boolean> {
  const hook = await tx.one<{ name: string }>(
    `UPDATE webhooks SET status = 'disabled', disabled_at = now(), disabled_reason = $2
      WHERE id = $1 AND organisation_id = $org AND status = 'active' RETURNING name`,
    [webhookId, reason],
  );
  if (!hook) return false;
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, locked_until = NULL
      WHERE webhook_id = $1 AND organisation_id = $org AND status = 'pending'`,
    [webhookId],
  );
  for (const userId of await administrators(tx)) {
    await notifyUser(deps, { organisation_id: tx.organisationId, user_id: userId, kind: 'webhook_disabled', params: { name: hook.name, reason, count: WEBHOOK_FAILING_DELIVERIES }, link: WEBHOOKS_LINK }, tx);
  }
  return true;
}

/** Sends and records one attempt of a claimed delivery. */
async function attempt(deps: DeliveryDeps, claimed: Claimed, fetchOptions: Partial<SafeFetchOptions>) {
  const org = forOrganisation(deps.db, claimed.organisation_id);
  if (claimed.webhook_status !== 'active') {
    // Disabled by hand while this waited: nothing is sent; a replay sends it once the endpoint is enabled again.
    await org.query(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, locked_until = NULL WHERE id = $1 AND organisation_id = $org AND status = 'pending'`,
      [claimed.id],
    );
    return;
  }
  const result = await send(deps, claimed, fetchOptions);
  const number = claimed.attempts + 1;
  const schedule = deps.config.webhookRetrySchedule;
  const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const gone = result.statusCode === 410;
  // A Retry-After lengthens the scheduled wait (never shortens it), up to a day.
  const retryIn = !delivered && !gone && number < schedule.length ? Math.max(schedule[number], Math.min(result.retryAfter ?? 0, WEBHOOK_RETRY_AFTER_MAX_SECONDS)) : null;
  const status = delivered ? 'delivered' : retryIn !== null ? 'pending' : 'failed';

  if (delivered) {
    // The common case in one statement (atomic by itself): the delivery, its attempt, and the end of any run of failures.
    await org.query(
      `WITH moved AS (
         UPDATE webhook_deliveries SET status = 'delivered', attempts = $2, locked_until = NULL, next_attempt_at = NULL, delivered_at = now(),
                last_status_code = $3, last_duration_ms = $4
          WHERE id = $1 AND organisation_id = $org AND status = 'pending' AND attempts = $2 - 1 RETURNING id, webhook_id),
       logged AS (
         INSERT INTO webhook_attempts (organisation_id, delivery_id, attempt, status_code, duration_ms, response_excerpt)
         SELECT $org, id, $2, $3, $4, $5 FROM moved RETURNING delivery_id)
       UPDATE webhooks SET consecutive_failures = 0 WHERE id IN (SELECT webhook_id FROM moved) AND organisation_id = $org AND consecutive_failures <> 0`,
      [claimed.id, number, result.statusCode, result.durationMs, result.excerpt],
    );
    return;
  }

  await org.transaction(async (tx) => {
    // Only the worker whose claim still stands records the attempt (see the header).
    const moved = await tx.one(
      `UPDATE webhook_deliveries SET status = $3, attempts = $2, locked_until = NULL,
              next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + make_interval(secs => $4::int) END,
              delivered_at = CASE WHEN $3 = 'delivered' THEN now() END,
              last_status_code = $5, last_duration_ms = $6
        WHERE id = $1 AND organisation_id = $org AND status = 'pending' AND attempts = $2 - 1 RETURNING id`,
      [claimed.id, number, status, retryIn ?? 0, result.statusCode, result.durationMs],
    );
    if (!moved) return;
    await tx.query(
      `INSERT INTO webhook_attempts (organisation_id, delivery_id, attempt, status_code, duration_ms, response_excerpt, error) VALUES ($org, $1, $2, $3, $4, $5, $6)`,
      [claimed.id, number, result.statusCode, result.durationMs, result.excerpt, result.error],
    );
    if (status === 'pending') await enqueueDelivery(deps.jobs, tx, { afterSeconds: retryIn!, key: `retry:${claimed.id}:${number}` });
    if (gone) await disableEndpoint(deps, tx, claimed.webhook_id, 'gone');
    else if (status === 'failed') {
      const run = await tx.one<{ consecutive_failures: number }>(
        'UPDATE webhooks SET consecutive_failures = consecutive_failures + 1 WHERE id = $1 AND organisation_id = $org RETURNING consecutive_failures',
        [claimed.webhook_id],
      );
      if (run && run.consecutive_failures >= WEBHOOK_FAILING_DELIVERIES) await disableEndpoint(deps, tx, claimed.webhook_id, 'failing');
    }
  });
}

export interface DrainResult {
  attempts: number;
}

/**
 * Sends every delivery that is due, WORKERS at a time, then makes sure a run is waiting for the first claim
 * another worker holds (in case that worker died). `fetchOptions` lets tests resolve names their own way.
 */
export async function drain(deps: DeliveryDeps, fetchOptions: Partial<SafeFetchOptions> = {}): Promise<DrainResult> {
  const until = Date.now() + RUN_SECONDS * 1000;
  let attempts = 0;
  let stoppedEarly = false;
  // Claimed deliveries waiting for a worker; one claim of a batch runs at a time, and a claim that finds nothing ends the run.
  const claimed: Claimed[] = [];
  let claiming: Promise<void> | null = null;
  let exhausted = false;
  const next = async (): Promise<Claimed | undefined> => {
    while (!claimed.length && !exhausted) {
      if (Date.now() > until) {
        stoppedEarly = true;
        return undefined;
      }
      claiming ??= claimBatch(deps, WORKERS)
        .then((rows) => {
          claimed.push(...rows);
          exhausted = rows.length === 0;
        })
        .finally(() => (claiming = null));
      await claiming;
    }
    return claimed.shift();
  };
  const worker = async () => {
    for (;;) {
      const claimed = await next();
      if (!claimed) return;
      try {
        await attempt(deps, claimed, fetchOptions);
        attempts += 1;
      } catch (error) {
        // The claim lapses and a later run tries again; the others carry on.
        deps.log.warn(`web hook delivery ${claimed.id} not recorded: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  if (stoppedEarly) await enqueueDelivery(deps.jobs, deps.db);
  const held = await deps.db.one<{ seconds: number | null }>(
    `SELECT ceil(extract(epoch FROM min(locked_until) - now()))::int AS seconds FROM webhook_deliveries
      WHERE status = 'pending' AND locked_until > now()`,
  );
  if (held?.seconds !== null && held?.seconds !== undefined) {
    const seconds = Math.max(1, held.seconds);
    await enqueueDelivery(deps.jobs, deps.db, { afterSeconds: seconds, key: `lapse:${Math.floor(Date.now() / 1000) + seconds}` });
  }
  return { attempts };
}

/** Declares the delivery job; `fetchOptions` lets tests resolve names their own way. */
export function defineWebhookJobs(deps: DeliveryDeps, fetchOptions: Partial<SafeFetchOptions> = {}) {
  // Polled every half second: the wait between an event and its first attempt is mostly this interval.
  deps.jobs.define<object>(
    WEBHOOK_JOBS.deliver,
    { policy: 'stately', retryLimit: 5, retryDelaySeconds: 5, maxRunSeconds: RUN_SECONDS + 2 * (WEBHOOK_TIMEOUT_SECONDS + CLAIM_MARGIN_SECONDS), pollingSeconds: 0.5 },
    async () => drain(deps, fetchOptions),
  );
}

/** Enqueues a run when a server starts, so what a stopped server left due is sent at once. */
export const resumeWebhookDeliveries = (deps: Pick<Deps, 'jobs' | 'db'>) => enqueueDelivery(deps.jobs, deps.db, { key: 'resume' });
