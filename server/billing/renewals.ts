/**
 * Monthly renewal of plans (docs/billing.md, "Renewal"). A plan invoice pays for one month (its period); when
 * that month has ended, the next month of the organisation's current plan is invoiced. A recurring job on the
 * durable queue (`billing.renewals`, at most one waiting) sweeps once a day and again at each server start, so
 * a month that ended while the server was down is invoiced at the next start: every month that has begun gets
 * its invoice, one each, and never two (a unique index on the organisation and the period's start backs the
 * check made under the organisation's lock).
 *
 * A system module: the sweep looks across organisations on the raw database for the ones due (one job serves
 * them all); each organisation's months are invoiced through its own handle.
 */
import { addMonths } from '../../common/monitoring';
import type { Invoice } from '../../common/billing';
import type { Queryable } from '../db/client';
import { inTransaction } from '../db/tenant';
import type { Deps } from '../deps';
import type { JobQueue } from '../jobs/queue';
import { insertInvoice, latestPlanPeriod, planDraft } from './invoices';
import { collectInvoice, paymentCollector } from './payments';
import { lockPlan } from './plans';

type RenewalDeps = Pick<Deps, 'db' | 'realtime' | 'log'>;

export const RENEWAL_JOB = { kind: 'billing.renewals', key: 'billing-renewals' } as const;
/** Seconds between sweeps. */
export const RENEWAL_SWEEP_SECONDS = 24 * 60 * 60;

/** Invoices the months of one organisation's plan that have begun since its last plan invoice's month ended. */
export async function renewOrganisation(deps: RenewalDeps, organisationId: string, now = new Date()): Promise<Invoice[]> {
  const collector = paymentCollector();
  const issued = await deps.db.transaction(async (raw) => {
    const tx = inTransaction(raw, organisationId);
    const plan = await lockPlan(tx);
    // Only a plan-billing organisation that has chosen a plan renews; the first month comes from choosing it.
    if (plan.billing_type !== 'plan' || !plan.plan_name) return [];
    let last = await latestPlanPeriod(tx);
    const out: Invoice[] = [];
    while (last && last.end.getTime() <= now.getTime()) {
      const invoice = await insertInvoice(tx, planDraft(plan.plan_name, last.end), { collector: collector.id, issuedBy: null });
      out.push(invoice);
      last = { start: last.end, end: addMonths(last.end, 1) };
    }
    return out;
  });
  const collected: Invoice[] = [];
  for (const invoice of issued) collected.push(await collectInvoice(deps, invoice, collector));
  return collected;
}

/** Every organisation whose last plan month has ended: renews each; answers the invoices issued. */
export async function sweepRenewals(deps: RenewalDeps, now = new Date()): Promise<Invoice[]> {
  const due = await deps.db.query<{ id: string }>(
    `SELECT o.id FROM organisations o
      WHERE o.billing_type = 'plan' AND o.plan_name IS NOT NULL
        AND (SELECT max(i.period_end) FROM invoices i WHERE i.organisation_id = o.id AND i.kind = 'plan' AND i.status <> 'void') <= $1
      ORDER BY o.id`,
    [now.toISOString()],
  );
  const issued: Invoice[] = [];
  for (const { id } of due) {
    try {
      issued.push(...(await renewOrganisation(deps, id, now)));
    } catch (error) {
      // One organisation's failure does not hold up the others; the next sweep tries it again.
      deps.log.warn(`billing renewal of organisation ${id} failed: ${(error as Error).message}`);
    }
  }
  return issued;
}

export function enqueueRenewalSweep(jobs: JobQueue, tx: Queryable, afterSeconds = 0) {
  return jobs.enqueue(tx, RENEWAL_JOB.kind, {}, { singletonKey: RENEWAL_JOB.key, ...(afterSeconds ? { startAfterSeconds: afterSeconds } : {}) });
}

/** Declares the renewal sweep on the queue; each run enqueues the next, a day later. */
export function defineBillingJobs(deps: RenewalDeps & Pick<Deps, 'jobs'>) {
  deps.jobs.define<object>(RENEWAL_JOB.kind, { policy: 'stately', retryLimit: 3, retryDelaySeconds: 300 }, async () => {
    const issued = await sweepRenewals(deps);
    await enqueueRenewalSweep(deps.jobs, deps.db, RENEWAL_SWEEP_SECONDS);
    return { issued: issued.map((i) => i.number) };
  });
}
