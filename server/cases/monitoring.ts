/**
 * Ongoing AML monitoring. A case is due for a check when AML monitoring is on
 * (for the case or for one of its entities) and the lists it was last checked
 * against (cases.lists_version) differ from the lists the engine holds now. A
 * check costs one AML Screening credit and, in one transaction per case:
 * - re-screens the saved search input when monitoring is on for the case, and
 *   adds listed entities that were not among its hits (the case goes back to For Review);
 * - compares each monitored entity's snapshot with the list's current record,
 *   marks changed or removed ones as updated and keeps the new record;
 * - stores the lists' versions, so the case is not checked again until they change.
 * The work runs on the job queue (server/jobs): a sweep job finds the due cases
 * and enqueues one check job per batch of them; a check job checks its cases,
 * reports progress and is retried with backoff when it fails. A sweep is
 * enqueued when the lists are loaded, when a list changes and every
 * MONITORING_INTERVAL_MINUTES (at most one sweep waits at a time). Because "due"
 * is worked out from the database, a job stopped by a crash or a restart finds
 * the same cases due when it runs again, and a case already checked is skipped.
 *
 * Around the checks, the organisation's monitoring configuration applies
 * (docs/monitoring-configuration.md): the sweep first ends the monitoring of
 * cases whose period is over (monitoring-period.ts) and a check job skips any
 * of its cases whose period ended meanwhile, so no credit is spent on them; what
 * a check finds is gathered as an alert and sent by the digest job at the
 * organisation's alert frequency (monitoring-digest.ts), enqueued after each
 * sweep and every interval.
 */
import { statusAfterNewHits, type SearchInputView } from '../../common/cases';
import type { RiskEngineSnapshot } from '../../common/risk-scoring';
import type { Db, Queryable, Row } from '../db/client';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import { inTransaction } from '../db/tenant';
import { caseScreening, type CaseScreening } from '../case-store/screen';
import { spendScreeningCredit } from '../case-store/credits';
import { recordCaseEvent } from '../case-store/events';
import { insertHits, listsVersionOf, rollUpCase } from '../case-store/hits';
import { enqueueMonitoringSweep, MONITORING_SWEEP } from '../case-store/list-changes';
import { publishCaseChange } from './events';
import { defineMonitoringDigestJobs, enqueueMonitoringDigest } from './monitoring-digest';
import { endExpiredAmong, endExpiredMonitoring } from './monitoring-period';
import { gatherAlert } from './monitoring-settings';
import { emitWebhookEvent } from '../webhooks/events';

export interface MonitoringPassResult {
  /** Cases checked (each spent one credit). */
  checked: number;
  /** Cases where the check found new hits or changed records. */
  changed: number;
  new_hits: number;
  updated_records: number;
  /** Due cases left for a later pass because their organisation has no credits left. */
  no_credit: number;
}

/** JSON with object keys in one order, so a record read back from jsonb compares equal to the same record from the engine. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The top-level fields of a listed record that differ between two versions of it. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => canonical(before[k]) !== canonical(after[k])).sort();
}

/**
 * Cases whose lists changed since their last check: the public lists' versions ($1), and the
 * organisation's custom list revision once it has custom lists (an organisation's own list change makes
 * only its own cases due).
 */
const DUE_CASES = `
  SELECT c.id FROM cases c JOIN organisations o ON o.id = c.organisation_id
   WHERE NOT c.is_deleted
     AND c.lists_version <> (CASE WHEN o.custom_lists_revision > 0 THEN $1::jsonb || jsonb_build_object('custom_lists', o.custom_lists_revision) ELSE $1::jsonb END)
     AND c.id > $2::uuid
     AND (c.aml_monitoring OR EXISTS (SELECT 1 FROM case_hits h WHERE h.case_id = c.id AND h.aml_monitoring))
   ORDER BY c.id LIMIT $3`;

interface CaseOutcome {
  case: { id: string; reference: string; organisation_id: string };
  new_hits: number;
  updated_records: number;
}

/**
 * One case's check, in the transaction that locked it, with its organisation's screening (public lists,
 * custom lists, and the risk engine the case was scored with). The pass crosses organisations, but once a
 * case is locked its organisation is known, so its own statements go through that organisation's handle;
 * hits and events are written by the cases area's helpers, which take the transaction and the organisation id.
 */
async function checkCase(tx: Queryable, screening: CaseScreening, c: Row, current: Record<string, string | number>): Promise<CaseOutcome> {
  const own = inTransaction(tx, c.organisation_id);
  const outcome: CaseOutcome = { case: { id: c.id, reference: c.reference, organisation_id: c.organisation_id }, new_hits: 0, updated_records: 0 };
  const hits = await own.query('SELECT id, entity_id, position, entity, aml_monitoring FROM case_hits WHERE case_id = $1 AND organisation_id = $org ORDER BY position', [c.id]);

  for (const hit of hits.filter((h) => h.aml_monitoring)) {
    const now = screening.getEntity(hit.entity_id) as Record<string, unknown> | undefined;
    const before = (hit.entity ?? {}) as Record<string, unknown>;
    const details = now ? { fields: changedFields(before, now) } : { delisted: true };
    if (now && details.fields!.length === 0) continue;
    await own.query('UPDATE case_hits SET is_updated = true, entity = COALESCE($2::jsonb, entity), updated_at = now() WHERE id = $1 AND organisation_id = $org', [
      hit.id,
      now ? JSON.stringify(now) : null,
    ]);
    await recordCaseEvent(tx, { organisation_id: c.organisation_id, case_id: c.id, hit_id: hit.id, actor: null, action: 'monitoring_update', details });
    outcome.updated_records += 1;
  }

  if (c.aml_monitoring) {
    const input = c.search_input as SearchInputView;
    const known = new Set(hits.map((h) => h.entity_id));
    // A merged entity (one hit for several lists' listings) is known when the case holds any of its listings.
    const fresh = screening.screen(input).hits.filter((h) => !known.has(h.entity_id) && !h.listings?.some((l) => known.has(l.id)));
    if (fresh.length) {
      const firstPosition = hits.reduce((max, h) => Math.max(max, h.position), 0) + 1;
      const decision = screening.decide(fresh);
      await insertHits(tx, screening, { organisationId: c.organisation_id, caseId: c.id, firstPosition, amlMonitoring: true, mediaMonitoring: c.adverse_media_monitoring }, fresh, decision.hits);
      await own.query(
        `UPDATE cases SET hit_count = hit_count + $2, case_status = $5,
                relevance = ARRAY(SELECT DISTINCT unnest(relevance || $3::text[])),
                hit_databases = ARRAY(SELECT DISTINCT unnest(hit_databases || $4::text[]))
          WHERE id = $1 AND organisation_id = $org`,
        [c.id, fresh.length, fresh.flatMap((h) => h.relevance), fresh.map((h) => h.database), statusAfterNewHits(c.case_status, decision.case_status)],
      );
      await rollUpCase(own, c.id);
      await recordCaseEvent(tx, {
        organisation_id: c.organisation_id,
        case_id: c.id,
        actor: null,
        action: 'monitoring_new_hits',
        details: { hit_count: fresh.length, names: fresh.slice(0, 10).map((h) => h.name) },
      });
      outcome.new_hits = fresh.length;
    }
  }

  const changed = outcome.new_hits + outcome.updated_records > 0;
  await own.query(`UPDATE cases SET lists_version = $2${changed ? ', updated_at = now()' : ''} WHERE id = $1 AND organisation_id = $org`, [c.id, JSON.stringify(current)]);
  // Gathered for the organisation's next digest in the check's own transaction: what a check finds is never lost to a crash after it.
  if (changed) await gatherAlert(own, { case_id: c.id, kind: 'findings', details: { new_hits: outcome.new_hits, updated_records: outcome.updated_records } });
  return outcome;
}

/**
 * The change-streams event of a case a check changed, at once: it refreshes the screens open on the case.
 * The followers hear of it through the alert the check gathered, at the configured frequency and through
 * the configured channels.
 */
async function announce(deps: Deps, outcome: CaseOutcome) {
  await publishCaseChange(deps, [outcome.case], '');
}

/** Job kinds of ongoing monitoring. */
export const MONITORING_JOBS = { sweep: MONITORING_SWEEP.kind, check: 'aml-monitoring.check' } as const;
/** Cases per check job: small enough that a retry redoes little, large enough that a list update is not thousands of jobs. */
const CHECK_BATCH = 50;

type CheckResult = CaseOutcome | 'no_credit' | null;

/**
 * Each organisation's screening, prepared once per job (its custom list index caught up) and bound to
 * each case's own risk engine.
 */
class Screenings {
  private byOrganisation = new Map<string, Promise<CaseScreening>>();
  constructor(private deps: Deps) {}
  of(organisationId: string): Promise<CaseScreening> {
    let s = this.byOrganisation.get(organisationId);
    if (!s) this.byOrganisation.set(organisationId, (s = caseScreening(this.deps, organisationId, { snapshot: null })));
    return s;
  }
}

/** Checks one case against the lists as they are now; null when it is no longer due or is being checked elsewhere. */
async function checkDueCase(deps: Deps, id: string, screenings: Screenings): Promise<CheckResult> {
  // The organisation's screening is prepared before the case's transaction: it reads the database itself.
  const owner = await deps.db.one<{ organisation_id: string }>('SELECT organisation_id FROM cases WHERE id = $1', [id]);
  if (!owner) return null;
  const screening = await screenings.of(owner.organisation_id);
  const current = screening.listsVersion();
  const currentJson = JSON.stringify(current);
  try {
    return await deps.db.transaction(async (tx) => {
      const c = await tx.one('SELECT * FROM cases WHERE id = $1 AND lists_version <> $2::jsonb AND NOT is_deleted FOR UPDATE SKIP LOCKED', [id, currentJson]);
      if (!c) return null;
      const own = inTransaction(tx, c.organisation_id);
      await spendScreeningCredit(own, { reason: 'monitoring', actorId: null, subject: { type: 'case', id: c.id, label: c.reference } });
      const outcome = await checkCase(tx, screening.withEngine((c.risk_engine as RiskEngineSnapshot | null) ?? null), c, current);
      if (outcome.new_hits + outcome.updated_records > 0) {
        // At once and in the check's transaction, whatever the digest's frequency: a receiver acts on each finding as it is stored.
        const after = await own.one<{ case_status: string }>('SELECT case_status FROM cases WHERE id = $1 AND organisation_id = $org', [c.id]);
        await emitWebhookEvent(deps.jobs, own, 'monitoring.change_found', {
          reference: c.reference,
          new_hits: outcome.new_hits,
          updated_records: outcome.updated_records,
          case_status: after?.case_status ?? c.case_status,
          checked_at: new Date().toISOString(),
        });
      }
      return outcome;
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) return 'no_credit';
    throw error;
  }
}

/** Adds one case's result to a pass's totals and gathers an alert when something changed. */
async function tally(deps: Deps, result: MonitoringPassResult, outcome: CheckResult) {
  if (outcome === 'no_credit') {
    result.no_credit += 1;
    return;
  }
  if (!outcome) return;
  result.checked += 1;
  if (outcome.new_hits + outcome.updated_records === 0) return;
  result.changed += 1;
  result.new_hits += outcome.new_hits;
  result.updated_records += outcome.updated_records;
  await announce(deps, outcome).catch((error) => deps.log.warn(`monitoring result not announced: ${(error as Error).message}`));
}

/** Pages through the cases due against the given public lists' versions (and each organisation's custom list revision), in id order. */
async function* dueCaseIds(db: Db, currentJson: string, batchSize: number) {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const due = await db.query<{ id: string }>(DUE_CASES, [currentJson, after, batchSize]);
    if (!due.length) return;
    after = due[due.length - 1].id;
    yield due.map((d) => d.id);
  }
}

const emptyResult = (): MonitoringPassResult => ({ checked: 0, changed: 0, new_hits: 0, updated_records: 0, no_credit: 0 });

/**
 * Checks every due case once, in this process and without the queue (tests, benchmarks, tools).
 * Safe beside the queue's jobs: a case being checked elsewhere is skipped.
 */
export async function runAmlMonitoringPass(deps: Deps, options: { batchSize?: number } = {}): Promise<MonitoringPassResult> {
  const result = emptyResult();
  const engine = deps.screening;
  if (engine.status().state !== 'ready') return result;
  // As the sweep does: periods that are over end first, so their cases are not due.
  await endExpiredMonitoring(deps);
  const screenings = new Screenings(deps);
  for await (const ids of dueCaseIds(deps.db, JSON.stringify(listsVersionOf(engine)), options.batchSize ?? 100)) {
    const ended = await endExpiredAmong(deps, ids);
    for (const id of ids) if (!ended.has(id)) await tally(deps, result, await checkDueCase(deps, id, screenings));
  }
  return result;
}

/** Declares monitoring's job kinds on the queue; called once when the server's services are built. */
export function defineAmlMonitoringJobs(deps: Deps, jobs: JobQueue) {
  defineMonitoringDigestJobs(deps, jobs);
  jobs.define<object>(MONITORING_JOBS.sweep, { policy: 'stately', retryLimit: 10, retryDelaySeconds: 30, maxRunSeconds: 60 * 60 }, async (job) => {
    // Periods that are over end before anything is found due (this needs no lists).
    const ended = await endExpiredMonitoring(deps);
    const engine = deps.screening;
    // Lists still loading: retried with backoff (and a sweep is enqueued anyway once they are loaded).
    if (engine.status().state !== 'ready') throw new Error('the screening lists are not loaded yet');
    const currentJson = JSON.stringify(listsVersionOf(engine));
    const total = (await deps.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${DUE_CASES.replace('LIMIT $3', '')}) due`, [currentJson, '00000000-0000-0000-0000-000000000000']))!.n;
    let queued = 0;
    await job.progress(0, total, 'finding due cases');
    for await (const ids of dueCaseIds(deps.db, currentJson, CHECK_BATCH)) {
      await jobs.enqueue(deps.db, MONITORING_JOBS.check, { case_ids: ids });
      queued += ids.length;
      await job.progress(queued, Math.max(total, queued), 'check jobs enqueued');
    }
    // The 'ended' alerts just gathered, and any digest that fell due, go out without waiting for the interval.
    await enqueueMonitoringDigest(jobs, deps.db);
    return { due: queued, ended };
  });

  jobs.define<{ case_ids: string[] }>(MONITORING_JOBS.check, { retryLimit: 5, retryDelaySeconds: 10 }, async (job) => {
    const engine = deps.screening;
    if (engine.status().state !== 'ready') throw new Error('the screening lists are not loaded yet');
    const screenings = new Screenings(deps);
    const result = emptyResult();
    const ids = job.data.case_ids;
    // A period may have ended since the sweep found these cases due: those are ended, not checked.
    const ended = await endExpiredAmong(deps, ids);
    for (let i = 0; i < ids.length; i++) {
      if (job.signal.aborted) throw new Error('stopped');
      if (!ended.has(ids[i])) await tally(deps, result, await checkDueCase(deps, ids[i], screenings));
      await job.progress(i + 1, ids.length, null);
    }
    if (result.checked || result.no_credit) deps.log.info(`ongoing monitoring: ${result.checked} cases checked, ${result.changed} changed, ${result.no_credit} waiting for credits`);
    return result;
  });
}

/** Enqueues a monitoring sweep unless one is already waiting. */
export const enqueueAmlMonitoringSweep = enqueueMonitoringSweep;

/**
 * Enqueues a sweep as soon as the lists are loaded (so work left by a restart resumes), whenever
 * a list changes, and every intervalMinutes (MONITORING_INTERVAL_MINUTES, default 15; 0 switches
 * monitoring off), and the digest job every intervalMinutes too (at most one of each waits).
 * The queue's workers run the sweeps, checks and digests.
 */
export function startAmlMonitoring(deps: Deps, intervalMinutes: number): () => Promise<void> {
  if (!(intervalMinutes > 0)) return async () => undefined;
  let stopped = false;
  // Enqueues under way, so stopping waits for them before the database closes.
  const pending = new Set<Promise<unknown>>();
  const enqueue = (what: string, send: () => Promise<unknown>) => {
    if (stopped) return;
    const sent = send().catch((error) => deps.log.error(`${what} not enqueued: ${(error as Error).message}`));
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  const sweep = () => enqueue('ongoing monitoring', () => enqueueAmlMonitoringSweep(deps.jobs, deps.db));
  const digest = () => enqueue('monitoring digest', () => enqueueMonitoringDigest(deps.jobs, deps.db));
  deps.screening.ready().then(sweep, () => undefined);
  const unsubscribe = deps.screening.onUpdate(sweep);
  // A digest that fell due while the server was down goes out at start, not an interval later; it needs no lists.
  digest();
  const timer = setInterval(() => (sweep(), digest()), intervalMinutes * 60_000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    unsubscribe();
    await Promise.all(pending);
  };
}
