/**
 * What a change to the lists an organisation screens against asks of the rest of the product: a custom
 * list change bumps the organisation's custom-list revision (which the screening index catches up from,
 * server/screening/custom-lists.ts) and asks ongoing monitoring for a sweep, in the transaction of the
 * change, so the sweep exists exactly when the change committed. Monitored cases are due again because
 * they record the revision they were last screened against (cases.lists_version.custom_lists).
 */
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';
import type { JobQueue } from '../jobs/queue';

/** The ongoing monitoring sweep's job kind and key (at most one sweep waits at a time). */
export const MONITORING_SWEEP = { kind: 'aml-monitoring.sweep', key: 'aml-monitoring' } as const;

/** Enqueues a monitoring sweep unless one is already waiting. */
export function enqueueMonitoringSweep(jobs: JobQueue, tx: Queryable) {
  return jobs.enqueue(tx, MONITORING_SWEEP.kind, {}, { singletonKey: MONITORING_SWEEP.key });
}

/**
 * Call inside the transaction of a change to a custom list or its records (tx: the organisation's
 * handle in that transaction), before stamping the changed records: answers the new revision to stamp
 * them with. Taking the organisation's row lock here orders the organisation's list changes by commit.
 */
export async function customListsChanged(jobs: JobQueue, tx: OrgDb): Promise<number> {
  const row = await tx.one<{ revision: string }>('UPDATE organisations SET custom_lists_revision = custom_lists_revision + 1 WHERE id = $org RETURNING custom_lists_revision AS revision');
  // The queue writes through the same transaction; its tables belong to no organisation.
  await enqueueMonitoringSweep(jobs, tx.unscoped);
  return Number(row!.revision);
}
