/**
 * The delivery job of web hooks on the durable queue (server/jobs). One job kind, `webhooks.deliver`: a run
 * sends every delivery that is due (delivery.ts), so a burst of events is sent by the job already running
 * rather than one job each. It is enqueued
 * - by each event, through the transaction that writes its deliveries (key `now`: at most one waits, and
 *   the one that waits sends everything due when it runs);
 * - by each failed attempt that has another one scheduled, through the transaction that records it, to
 *   run when that attempt is due (a key of its own, so it is never merged away);
 * - when a server starts, so work left by a stopped server resumes at once (the scheduled jobs survive a
 *   restart anyway: they live in the database).
 */
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';
import type { JobQueue } from '../jobs/queue';

export const WEBHOOK_JOBS = { deliver: 'webhooks.deliver' } as const;

/** The caller's transaction as the queue takes it: an API route holds its organisation's handle, a job a plain transaction. */
const plain = (tx: Queryable | OrgDb): Queryable => ('unscoped' in tx ? tx.unscoped : tx);

/** Enqueues a delivery run: now (key `now`, merged with one already waiting) or after a delay under its own key. */
export function enqueueDelivery(jobs: JobQueue, tx: Queryable | OrgDb, options: { afterSeconds?: number; key?: string } = {}) {
  const afterSeconds = Math.max(0, Math.ceil(options.afterSeconds ?? 0));
  return jobs.enqueue(plain(tx), WEBHOOK_JOBS.deliver, {}, { singletonKey: options.key ?? 'now', ...(afterSeconds ? { startAfterSeconds: afterSeconds } : {}) });
}
