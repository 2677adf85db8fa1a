/**
 * The job kinds of custom sources on the durable queue (server/jobs; docs/custom-sources.md, "Polling"):
 * - `custom-sources.sweep`, recurring (every minute, at most one waiting): enqueues a read of every source
 *   that is due (next_poll_at passed) and not paused;
 * - `custom-sources.poll`, one per source at a time (its id is the key, so a source is never read by two
 *   workers at once and a read already waiting absorbs another request): reads the feed and records it.
 * Due-ness lives in the database (custom_sources.next_poll_at), so a restart loses nothing: the first sweep
 * finds whatever fell due while the server was down.
 */
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';
import type { JobQueue } from '../jobs/queue';

export const CUSTOM_SOURCE_JOBS = { sweep: 'custom-sources.sweep', sweepKey: 'custom-sources', poll: 'custom-sources.poll' } as const;

/** The caller's transaction as the queue takes it: an API route holds its organisation's handle, a job a plain transaction. */
const plain = (tx: Queryable | OrgDb): Queryable => ('unscoped' in tx ? tx.unscoped : tx);

/** Enqueues a read of one source (merged with one already waiting for it). */
export function enqueuePoll(jobs: JobQueue, tx: Queryable | OrgDb, sourceId: string) {
  return jobs.enqueue(plain(tx), CUSTOM_SOURCE_JOBS.poll, { source_id: sourceId }, { singletonKey: sourceId });
}

/** Enqueues a sweep for due sources unless one is already waiting. */
export function enqueuePollSweep(jobs: JobQueue, tx: Queryable) {
  return jobs.enqueue(tx, CUSTOM_SOURCE_JOBS.sweep, {}, { singletonKey: CUSTOM_SOURCE_JOBS.sweepKey });
}
