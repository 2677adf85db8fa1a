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
 * Because "due" is worked out from the database, a pass stopped by a crash or a
 * restart simply finds the same cases due at the next pass.
 */
import type { SearchInputView } from '../../common/cases';
import type { Queryable, Row } from '../db/client';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { notifyUser } from '../notifications/notify';
import type { ScreeningEngine } from '../screening';
import { spendScreeningCredit } from '../cases/credits';
import { caseFollowers, caseLink, publishCaseChange, recordCaseEvent } from '../cases/events';
import { insertHits, listsVersionOf, rollUpCase, screeningQueryFor } from '../cases/hits';

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

const DUE_CASES = `
  SELECT c.id FROM cases c
   WHERE NOT c.is_deleted AND c.lists_version <> $1::jsonb AND c.id > $2::uuid
     AND (c.aml_monitoring OR EXISTS (SELECT 1 FROM case_hits h WHERE h.case_id = c.id AND h.aml_monitoring))
   ORDER BY c.id LIMIT $3`;

interface CaseOutcome {
  case: { id: string; reference: string; organisation_id: string };
  new_hits: number;
  updated_records: number;
}

async function checkCase(tx: Queryable, engine: ScreeningEngine, c: Row, current: Record<string, string>): Promise<CaseOutcome> {
  const outcome: CaseOutcome = { case: { id: c.id, reference: c.reference, organisation_id: c.organisation_id }, new_hits: 0, updated_records: 0 };
  const hits = await tx.query('SELECT id, entity_id, position, entity, aml_monitoring FROM case_hits WHERE case_id = $1 ORDER BY position', [c.id]);

  for (const hit of hits.filter((h) => h.aml_monitoring)) {
    const now = engine.getEntity(hit.entity_id) as Record<string, unknown> | undefined;
    const before = (hit.entity ?? {}) as Record<string, unknown>;
    const details = now ? { fields: changedFields(before, now) } : { delisted: true };
    if (now && details.fields!.length === 0) continue;
    await tx.query('UPDATE case_hits SET is_updated = true, entity = COALESCE($2::jsonb, entity), updated_at = now() WHERE id = $1', [hit.id, now ? JSON.stringify(now) : null]);
    await recordCaseEvent(tx, { organisation_id: c.organisation_id, case_id: c.id, hit_id: hit.id, actor: null, action: 'monitoring_update', details });
    outcome.updated_records += 1;
  }

  if (c.aml_monitoring) {
    const input = c.search_input as SearchInputView;
    const known = new Set(hits.map((h) => h.entity_id));
    const fresh = engine.screen(screeningQueryFor(input)).hits.filter((h) => !known.has(h.entity_id));
    if (fresh.length) {
      const firstPosition = hits.reduce((max, h) => Math.max(max, h.position), 0) + 1;
      await insertHits(tx, engine, { organisationId: c.organisation_id, caseId: c.id, firstPosition, amlMonitoring: true, mediaMonitoring: c.adverse_media_monitoring }, fresh);
      await tx.query(
        `UPDATE cases SET hit_count = hit_count + $2, case_status = 'For Review',
                relevance = ARRAY(SELECT DISTINCT unnest(relevance || $3::text[])),
                hit_databases = ARRAY(SELECT DISTINCT unnest(hit_databases || $4::text[]))
          WHERE id = $1`,
        [c.id, fresh.length, fresh.flatMap((h) => h.relevance), fresh.map((h) => h.database)],
      );
      await rollUpCase(tx, c.id);
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
  await tx.query(`UPDATE cases SET lists_version = $2${changed ? ', updated_at = now()' : ''} WHERE id = $1`, [c.id, JSON.stringify(current)]);
  return outcome;
}

/** Tells the case's followers what monitoring found: the change-streams event and a notification. */
async function announce(deps: Deps, outcome: CaseOutcome) {
  await publishCaseChange(deps, [outcome.case], '');
  for (const userId of await caseFollowers(deps.db, outcome.case.id)) {
    await notifyUser(deps, {
      organisation_id: outcome.case.organisation_id,
      user_id: userId,
      kind: 'case_monitoring',
      params: { ref: outcome.case.reference, new_hits: outcome.new_hits, updated: outcome.updated_records },
      link: caseLink(outcome.case.reference),
    });
  }
}

/** Checks every due case once. Safe to run from several processes: a case being checked elsewhere is skipped. */
export async function runAmlMonitoringPass(deps: Deps, options: { batchSize?: number } = {}): Promise<MonitoringPassResult> {
  const result: MonitoringPassResult = { checked: 0, changed: 0, new_hits: 0, updated_records: 0, no_credit: 0 };
  const engine = deps.screening;
  if (engine.status().state !== 'ready') return result;
  const current = listsVersionOf(engine);
  const currentJson = JSON.stringify(current);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const due = await deps.db.query<{ id: string }>(DUE_CASES, [currentJson, after, options.batchSize ?? 100]);
    if (!due.length) return result;
    after = due[due.length - 1].id;
    for (const { id } of due) {
      let outcome: CaseOutcome | null;
      try {
        outcome = await deps.db.transaction(async (tx) => {
          const c = await tx.one('SELECT * FROM cases WHERE id = $1 AND lists_version <> $2::jsonb AND NOT is_deleted FOR UPDATE SKIP LOCKED', [id, currentJson]);
          if (!c) return null;
          await spendScreeningCredit(tx, c.organisation_id, { dailyLimit: false });
          return checkCase(tx, engine, c, current);
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 402) {
          result.no_credit += 1;
          continue;
        }
        throw error;
      }
      if (!outcome) continue;
      result.checked += 1;
      if (outcome.new_hits + outcome.updated_records === 0) continue;
      result.changed += 1;
      result.new_hits += outcome.new_hits;
      result.updated_records += outcome.updated_records;
      await announce(deps, outcome).catch((error) => deps.log.warn(`monitoring result not announced: ${(error as Error).message}`));
    }
  }
}

/**
 * Runs a pass every intervalMinutes (MONITORING_INTERVAL_MINUTES, default 15; 0 switches it off),
 * one at a time, and once as soon as the lists are loaded so work left by a restart resumes.
 */
export function startAmlMonitoring(deps: Deps, intervalMinutes: number): () => Promise<void> {
  if (!(intervalMinutes > 0)) return async () => undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = runAmlMonitoringPass(deps)
      .then((r) => {
        if (r.checked || r.no_credit) deps.log.info(`ongoing monitoring: ${r.checked} cases checked, ${r.changed} changed, ${r.no_credit} waiting for credits`);
      })
      .catch((error) => deps.log.error(`ongoing monitoring pass failed: ${(error as Error).message}`))
      .finally(() => (running = null));
  };
  deps.screening.ready().then(pass, () => undefined);
  const timer = setInterval(pass, intervalMinutes * 60_000);
  timer.unref();
  // Stopping waits for a pass under way, so the database is not closed beneath it.
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
