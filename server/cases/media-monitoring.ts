/**
 * Adverse-media monitoring (docs/custom-sources.md, "Adverse-media monitoring"). A case is due when adverse
 * media monitoring is on for it or for one of its entities (views.ts monitoringOn) and articles it may see
 * (the shared corpus, its organisation's custom sources) arrived after its last check
 * (cases.media_checked_at; before the first check, since monitoring started or the case was made). A check
 * costs one Media Watcher credit and, in one transaction per case:
 * - looks for mentions, among the articles that arrived since the last check only (up to the newest one it
 *   saw, which becomes the new mark), of the searched name when monitoring is on for the case, and of each
 *   monitored entity's names (media-mentions.ts, media-corpus/mentions.ts);
 * - stores what is new to the case marked new (the Adverse Media tab shows it once), marks the entities it
 *   names as updated (the "updated" flag the case's results show, as AML monitoring marks a changed record),
 *   writes a `media_monitoring_update` history event, gathers an alert for the organisation's next digest
 *   (the followers hear of it at the configured frequency and through the configured channels: in the app and
 *   by e-mail, or a web hook) and emits `monitoring.change_found` to the organisation's web hooks at once;
 * - moves the case's mark, so the same articles are never paid for twice.
 * A case whose organisation has no Media Watcher credit left is skipped and stays due (AML monitoring's
 * no_credit); a case whose monitoring period is over is ended first and not checked (monitoring-period.ts).
 *
 * The work runs on the job queue like AML monitoring: a sweep job (enqueued after every ingest of new articles
 * through media-corpus/monitoring-sweep.ts, and every MONITORING_INTERVAL_MINUTES) finds the due cases and
 * enqueues check jobs of CHECK_BATCH cases; "due" is worked out from the database, so a crash or a restart
 * finds the same cases due again, and a case already checked is skipped.
 *
 * A system module: the sweep looks across organisations on the raw database; each case is checked through
 * its own organisation's handle once it is locked.
 */
import type { Db, Queryable } from '../db/client';
import { inTransaction, type OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import { recordCaseEvent } from '../case-store/events';
import { spendMediaCredit } from '../media-corpus/credits';
import { findMentions, microsecondsTime, type MentionName } from '../media-corpus/mentions';
import { enqueueMediaMonitoringSweep, MEDIA_MONITORING_SWEEP } from '../media-corpus/monitoring-sweep';
import { emitWebhookEvent } from '../webhooks/events';
import { publishCaseChange } from './events';
import { caseNameKind, entityNames, storeMentions } from './media-mentions';
import { enqueueMonitoringDigest } from './monitoring-digest';
import { endExpiredAmong } from './monitoring-period';
import { gatherAlert } from './monitoring-settings';

export const MEDIA_MONITORING_JOBS = { sweep: MEDIA_MONITORING_SWEEP.kind, check: 'media-monitoring.check' } as const;
/** Cases per check job. */
const CHECK_BATCH = 50;
const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

export interface MediaMonitoringResult {
  /** Cases checked (each spent one Media Watcher credit). */
  checked: number;
  /** Cases where the check found new mentions. */
  changed: number;
  /** Mentions new to their case. */
  mentions: number;
  /** Due cases left for a later pass because their organisation has no Media Watcher credit left. */
  no_credit: number;
}

const emptyResult = (): MediaMonitoringResult => ({ checked: 0, changed: 0, mentions: 0, no_credit: 0 });

/** Where a case's look for new articles starts: its last check, else when monitoring started, else its creation. */
const SINCE = 'COALESCE(c.media_checked_at, c.monitoring_started_at, c.created_at)';

const MONITORED = `(c.adverse_media_monitoring OR EXISTS (SELECT 1 FROM case_hits h WHERE h.case_id = c.id AND h.organisation_id = c.organisation_id AND h.adverse_media_monitoring))`;

/** Cases with adverse-media monitoring on and articles they have not been checked against, in id order. */
const DUE_CASES = `
  SELECT c.id FROM cases c
   WHERE NOT c.is_deleted AND c.id > $1::uuid AND ${MONITORED}
     AND EXISTS (SELECT 1 FROM media_articles a WHERE a.ingested_at > ${SINCE} AND (a.organisation_id IS NULL OR a.organisation_id = c.organisation_id))
   ORDER BY c.id LIMIT $2`;

async function* dueCaseIds(db: Db, batchSize: number) {
  let after = ZERO_UUID;
  for (;;) {
    const due = await db.query<{ id: string }>(DUE_CASES, [after, batchSize]);
    if (!due.length) return;
    after = due[due.length - 1].id;
    yield due.map((d) => d.id);
  }
}

interface CaseOutcome {
  case: { id: string; reference: string; organisation_id: string };
  mentions: number;
  /** Mentions of the searched name, and entities with new mentions. */
  searched: number;
  entities: number;
}

type CheckResult = CaseOutcome | 'no_credit' | null;

/** The newest article the organisation sees, ingested after `since` (null: nothing new), to the microsecond. */
async function newestSince(own: OrgDb, since: string): Promise<string | null> {
  const row = await own.one<{ at: string | null }>(
    `SELECT ${microsecondsTime('max(ingested_at)')} AS at FROM media_articles WHERE ingested_at > $1::timestamptz AND (organisation_id IS NULL OR organisation_id = $org)`,
    [since],
  );
  return row?.at ?? null;
}

/** One case's check in the transaction that locked it. */
async function checkCase(deps: Deps, raw: Queryable, own: OrgDb, c: Record<string, any>, since: string, until: string): Promise<CaseOutcome> {
  const outcome: CaseOutcome = { case: { id: c.id, reference: c.reference, organisation_id: c.organisation_id }, mentions: 0, searched: 0, entities: 0 };
  const organisationId = c.organisation_id as string;
  const look = (names: MentionName[]) => findMentions(raw, { organisationId, names, since, until });

  if (c.adverse_media_monitoring) {
    const found = await look([{ name: c.search_term, kind: caseNameKind(c.entity_type) }]);
    outcome.searched = await storeMentions(own, { caseId: c.id, hitId: null, mentions: found, isNew: true });
    outcome.mentions += outcome.searched;
  }
  const hits = await own.query<{ id: string; name: string; kind: string; entity: unknown }>(
    'SELECT id, name, kind, entity FROM case_hits WHERE case_id = $1 AND organisation_id = $org AND adverse_media_monitoring ORDER BY position',
    [c.id],
  );
  const marked: string[] = [];
  for (const hit of hits) {
    const stored = await storeMentions(own, { caseId: c.id, hitId: hit.id, mentions: await look(entityNames(hit)), isNew: true });
    if (!stored) continue;
    outcome.mentions += stored;
    marked.push(hit.id);
  }
  if (marked.length) await own.query('UPDATE case_hits SET is_updated = true, updated_at = now() WHERE id = ANY($1::uuid[]) AND organisation_id = $org', [marked]);
  outcome.entities = marked.length;

  const changed = outcome.mentions > 0;
  await own.query(`UPDATE cases SET media_checked_at = $2::timestamptz${changed ? ', updated_at = now()' : ''} WHERE id = $1 AND organisation_id = $org`, [c.id, until]);
  if (changed) {
    const articles = await own.query<{ title: string }>(
      `SELECT DISTINCT a.title FROM case_media_mentions m JOIN media_articles a ON a.id = m.article_id
        WHERE m.organisation_id = $org AND m.case_id = $1 AND m.is_new AND m.found_at = now() LIMIT 10`,
      [c.id],
    );
    await recordCaseEvent(raw, {
      organisation_id: organisationId,
      case_id: c.id,
      actor: null,
      action: 'media_monitoring_update',
      details: { mentions: outcome.mentions, entities: outcome.entities, titles: articles.map((a) => a.title) },
    });
    // The records it marked (the case's searched name counts as one) are the digest's "changed records".
    const updated = outcome.entities + (outcome.searched > 0 ? 1 : 0);
    await gatherAlert(own, { case_id: c.id, kind: 'findings', details: { new_hits: 0, updated_records: updated, media_mentions: outcome.mentions } });
    await emitWebhookEvent(deps.jobs, own, 'monitoring.change_found', {
      reference: c.reference,
      new_hits: 0,
      updated_records: updated,
      media_mentions: outcome.mentions,
      case_status: c.case_status,
      checked_at: new Date().toISOString(),
    });
  }
  return outcome;
}

/** Checks one case if it is still due; null when it is not (or is being checked elsewhere). */
async function checkDueCase(deps: Deps, id: string): Promise<CheckResult> {
  try {
    return await deps.db.transaction(async (raw) => {
      const c = await raw.one(`SELECT c.*, ${microsecondsTime(SINCE)} AS since FROM cases c WHERE c.id = $1 AND NOT c.is_deleted AND ${MONITORED} FOR UPDATE OF c SKIP LOCKED`, [id]);
      if (!c) return null;
      const own = inTransaction(raw, c.organisation_id);
      const since = c.since as string;
      const until = await newestSince(own, since);
      if (!until) return null;
      // One credit per case check; none left: the transaction rolls back and the case stays due.
      await spendMediaCredit(own, { reason: 'media_monitoring', actorId: null, subject: { type: 'case', id: c.id, label: c.reference } });
      return checkCase(deps, raw, own, c, since, until);
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) return 'no_credit';
    throw error;
  }
}

async function tally(deps: Deps, result: MediaMonitoringResult, outcome: CheckResult) {
  if (outcome === 'no_credit') {
    result.no_credit += 1;
    return;
  }
  if (!outcome) return;
  result.checked += 1;
  if (!outcome.mentions) return;
  result.changed += 1;
  result.mentions += outcome.mentions;
  // The change-streams event refreshes the screens open on the case at once (never fails the pass).
  await publishCaseChange(deps, [outcome.case], '');
}

/** Checks the given cases (a check job's batch), ending first those whose monitoring period is over. */
async function checkCases(deps: Deps, ids: string[], signal?: AbortSignal, progress?: (done: number) => Promise<void>): Promise<MediaMonitoringResult> {
  const result = emptyResult();
  const ended = await endExpiredAmong(deps, ids);
  for (let i = 0; i < ids.length; i++) {
    if (signal?.aborted) throw new Error('stopped');
    if (!ended.has(ids[i])) await tally(deps, result, await checkDueCase(deps, ids[i]));
    await progress?.(i + 1);
  }
  return result;
}

/**
 * Checks every due case once, in this process and without the queue (tests, tools). Safe beside the
 * queue's jobs: a case being checked elsewhere is skipped.
 */
export async function runMediaMonitoringPass(deps: Deps, options: { batchSize?: number } = {}): Promise<MediaMonitoringResult> {
  const total = emptyResult();
  for await (const ids of dueCaseIds(deps.db, options.batchSize ?? 100)) {
    const r = await checkCases(deps, ids);
    total.checked += r.checked;
    total.changed += r.changed;
    total.mentions += r.mentions;
    total.no_credit += r.no_credit;
  }
  return total;
}

/** Declares the sweep and the check; called once when the server's services are built. */
export function defineMediaMonitoringJobs(deps: Deps, jobs: JobQueue) {
  jobs.define<object>(MEDIA_MONITORING_JOBS.sweep, { policy: 'stately', retryLimit: 10, retryDelaySeconds: 30, maxRunSeconds: 60 * 60 }, async (job) => {
    let queued = 0;
    await job.progress(0, null, 'finding due cases');
    for await (const ids of dueCaseIds(deps.db, CHECK_BATCH)) {
      await jobs.enqueue(deps.db, MEDIA_MONITORING_JOBS.check, { case_ids: ids });
      queued += ids.length;
      await job.progress(queued, null, 'check jobs enqueued');
    }
    // Alerts gathered by the checks go out with the organisation's next digest, as AML monitoring's do.
    if (queued) await enqueueMonitoringDigest(jobs, deps.db);
    return { due: queued };
  });
  jobs.define<{ case_ids: string[] }>(MEDIA_MONITORING_JOBS.check, { retryLimit: 5, retryDelaySeconds: 10 }, async (job) => {
    const result = await checkCases(deps, job.data.case_ids, job.signal, (done) => job.progress(done, job.data.case_ids.length, null));
    if (result.checked || result.no_credit) deps.log.info(`adverse-media monitoring: ${result.checked} cases checked, ${result.changed} with new mentions, ${result.no_credit} waiting for credits`);
    return result;
  });
}

/**
 * Enqueues a sweep at start (work a stopped server left resumes) and every intervalMinutes
 * (MONITORING_INTERVAL_MINUTES; 0 switches monitoring off), at most one waiting; ingests enqueue their own.
 */
export function startMediaMonitoring(deps: Deps, intervalMinutes: number): () => Promise<void> {
  if (!(intervalMinutes > 0)) return async () => undefined;
  let stopped = false;
  const pending = new Set<Promise<unknown>>();
  const sweep = () => {
    if (stopped) return;
    const sent = enqueueMediaMonitoringSweep(deps.jobs, deps.db).catch((error) => deps.log.error(`adverse-media monitoring not enqueued: ${(error as Error).message}`));
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  sweep();
  const timer = setInterval(sweep, intervalMinutes * 60_000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(pending);
  };
}
