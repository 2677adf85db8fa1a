/**
 * How long ongoing monitoring runs (docs/monitoring-configuration.md, "Duration"). A case's period starts
 * when monitoring goes from off to on for it (for the case or any of its entities, AML or adverse media:
 * cases.monitoring_started_at) and ends at monitoringEndsAt() with its organisation's configuration: so
 * many days later, or at the end of the custom end date. A case whose period is over is switched off
 * (case and entities), with a `monitoring_ended` history event and an 'ended' alert for the next digest,
 * before anything checks it, so it spends no credit.
 *
 * syncMonitoringStart() runs in a request's transaction through the organisation's handle. The rest is a
 * system module: the sweep and the check jobs look across organisations on the raw database, and each
 * case they end is changed through its own organisation's handle, in a transaction of its own.
 */
import { monitoringEndsAt, type MonitoringSettings } from '../../common/monitoring';
import { recordCaseEvent } from '../case-store/events';
import { forOrganisation, inTransaction, type OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { publishCaseChange } from './events';
import { gatherAlert, readSettings } from './monitoring-settings';

const DAY = 86_400_000;

/** Monitoring on for the case or any entity, AML or adverse media (views.ts monitoringOn, both kinds). */
const MONITORED = `(c.aml_monitoring OR c.adverse_media_monitoring
  OR EXISTS (SELECT 1 FROM case_hits h WHERE h.case_id = c.id AND h.organisation_id = $org AND (h.aml_monitoring OR h.adverse_media_monitoring)))`;

/**
 * Call in the transaction of any change to a case's monitoring switches, after the change: starts the period
 * when monitoring went from off to on, keeps it while monitoring stays on (switching on one more entity
 * does not restart it), and clears it once monitoring is off for the case and every entity.
 */
export async function syncMonitoringStart(tx: OrgDb, caseId: string) {
  await tx.query(
    `UPDATE cases c SET monitoring_started_at = CASE WHEN NOT ${MONITORED} THEN NULL ELSE COALESCE(c.monitoring_started_at, now()) END
      WHERE c.id = $1 AND c.organisation_id = $org`,
    [caseId],
  );
}

/** What an organisation's cases end with: its configuration, read once per pass. */
class Periods {
  private byOrganisation = new Map<string, Promise<MonitoringSettings>>();
  constructor(private deps: Deps) {}
  of(organisationId: string): Promise<MonitoringSettings> {
    let s = this.byOrganisation.get(organisationId);
    if (!s) this.byOrganisation.set(organisationId, (s = readSettings(forOrganisation(this.deps.db, organisationId))));
    return s;
  }
}

interface EndedCase {
  id: string;
  reference: string;
}

/**
 * Ends one case's monitoring when its period is over, in its own transaction: the row is locked and read
 * again, so a case switched on anew meanwhile (a new start) or already ended is left alone.
 */
async function endCase(deps: Deps, organisationId: string, caseId: string, now: Date): Promise<EndedCase | null> {
  return deps.db.transaction(async (raw) => {
    const own = inTransaction(raw, organisationId);
    const c = await own.one<{ id: string; reference: string; monitoring_started_at: Date }>(
      'SELECT id, reference, monitoring_started_at FROM cases WHERE id = $1 AND organisation_id = $org AND NOT is_deleted AND monitoring_started_at IS NOT NULL FOR UPDATE',
      [caseId],
    );
    if (!c) return null;
    const settings = await readSettings(own);
    const startedAt = new Date(c.monitoring_started_at);
    const endsAt = monitoringEndsAt(startedAt, settings);
    if (endsAt > now) return null;
    await own.query(
      `UPDATE cases SET aml_monitoring = false, adverse_media_monitoring = false, monitoring_started_at = NULL, updated_at = now()
        WHERE id = $1 AND organisation_id = $org`,
      [c.id],
    );
    await own.query(
      `UPDATE case_hits SET aml_monitoring = false, adverse_media_monitoring = false, updated_at = now()
        WHERE case_id = $1 AND organisation_id = $org AND (aml_monitoring OR adverse_media_monitoring)`,
      [c.id],
    );
    const details = {
      started_at: startedAt.toISOString(),
      ended_at: endsAt.toISOString(),
      duration: settings.duration,
      ...(settings.duration === 'custom' ? { custom_end_date: settings.custom_end_date } : {}),
    };
    await recordCaseEvent(raw, { organisation_id: organisationId, case_id: c.id, actor: null, action: 'monitoring_ended', details });
    await gatherAlert(own, { case_id: c.id, kind: 'ended', details }, now);
    return { id: c.id, reference: c.reference };
  });
}

/** Tells the followers' open screens, after the commit; never fails the pass. */
async function announceEnded(deps: Deps, ended: EndedCase[]) {
  if (ended.length) await publishCaseChange(deps, ended, '');
}

/**
 * The latest start that has ended by `now` with each configuration, to narrow the search with the index on
 * monitoring_started_at: so many days before now, or with a custom end date every start once the date has
 * passed and none before. endCase() decides each case with monitoringEndsAt() itself.
 */
function startedBefore(settings: MonitoringSettings, now: Date): string {
  if (settings.duration === 'custom') return monitoringEndsAt(now, settings) <= now ? 'infinity' : '-infinity';
  return new Date(now.getTime() - Number(settings.duration) * DAY).toISOString();
}

/**
 * The sweep's first step: ends every monitored case whose period is over, in every organisation, before
 * the due cases are looked for. Answers how many were ended.
 */
export async function endExpiredMonitoring(deps: Deps, now = new Date(), batchSize = 200): Promise<number> {
  // Organisations that saved a configuration; every other one has the defaults.
  const configured = await deps.db.query<{ organisation_id: string; duration: MonitoringSettings['duration']; custom_end_date: string | null }>(
    `SELECT organisation_id, duration, to_char(custom_end_date, 'YYYY-MM-DD') AS custom_end_date FROM monitoring_settings`,
  );
  const rules = configured.map((s) => ({ organisation_id: s.organisation_id, started_before: startedBefore({ ...s, alert_frequency: 'daily', channels: [] }, now) }));
  const fallback = new Date(now.getTime() - 365 * DAY).toISOString();
  let ended = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await deps.db.query<{ id: string; organisation_id: string }>(
      `SELECT c.id, c.organisation_id FROM cases c
         LEFT JOIN jsonb_to_recordset($1::jsonb) AS r(organisation_id uuid, started_before timestamptz) ON r.organisation_id = c.organisation_id
        WHERE c.monitoring_started_at IS NOT NULL AND NOT c.is_deleted AND c.id > $3::uuid
          AND c.monitoring_started_at <= COALESCE(r.started_before, $2::timestamptz)
        ORDER BY c.id LIMIT $4`,
      [JSON.stringify(rules), fallback, after, batchSize],
    );
    if (!page.length) return ended;
    after = page[page.length - 1].id;
    const done: EndedCase[] = [];
    for (const c of page) {
      const result = await endCase(deps, c.organisation_id, c.id, now);
      if (result) done.push(result);
    }
    ended += done.length;
    await announceEnded(deps, done);
  }
}

/**
 * Ends, among the given cases (a check job's batch), those whose period is over, and answers their ids, so
 * the job checks none of them: a period may end between the sweep that found a case due and its check.
 */
export async function endExpiredAmong(deps: Deps, caseIds: string[], now = new Date()): Promise<Set<string>> {
  const ended = new Set<string>();
  if (!caseIds.length) return ended;
  const started = await deps.db.query<{ id: string; organisation_id: string; monitoring_started_at: Date }>(
    'SELECT id, organisation_id, monitoring_started_at FROM cases WHERE id = ANY($1::uuid[]) AND monitoring_started_at IS NOT NULL AND NOT is_deleted',
    [caseIds],
  );
  const periods = new Periods(deps);
  const done: EndedCase[] = [];
  for (const c of started) {
    if (monitoringEndsAt(new Date(c.monitoring_started_at), await periods.of(c.organisation_id)) > now) continue;
    const result = await endCase(deps, c.organisation_id, c.id, now);
    if (result) {
      done.push(result);
      ended.add(result.id);
    }
  }
  await announceEnded(deps, done);
  return ended;
}
