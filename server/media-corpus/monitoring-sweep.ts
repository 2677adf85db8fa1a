/**
 * What new articles ask of adverse-media monitoring (server/cases/media-monitoring.ts): a sweep that finds
 * the monitored cases with articles they were not checked against. Whoever ingests articles (a custom
 * source's read, the corpus loader) enqueues it in the transaction of the ingest, so the sweep exists
 * exactly when the articles committed; at most one sweep waits at a time. The job's kind lives here, in the
 * platform folder every area may use, because the area that ingests (custom sources) may not import the area
 * that monitors (cases).
 */
import type { Queryable } from '../db/client';
import type { JobQueue } from '../jobs/queue';

export const MEDIA_MONITORING_SWEEP = { kind: 'media-monitoring.sweep', key: 'media-monitoring' } as const;

/** Enqueues an adverse-media monitoring sweep unless one is already waiting (needs the queue's kinds declared). */
export function enqueueMediaMonitoringSweep(jobs: JobQueue, tx: Queryable) {
  return jobs.enqueue(tx, MEDIA_MONITORING_SWEEP.kind, {}, { singletonKey: MEDIA_MONITORING_SWEEP.key });
}
