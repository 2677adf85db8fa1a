/**
 * Running a bulk search on the durable job queue (server/jobs). A started batch
 * is split into chunk jobs of CHUNK_ROWS file rows, so several API processes
 * share a batch and a job whose process died is claimed again after its lease.
 * A chunk job screens its pending rows on the engine's worker threads and stores
 * them in short transactions of STORE_ROWS rows; each transaction locks the
 * organisation row (credits) and then the batch row, re-reads which of its rows
 * are still pending, spends credits for as many of them as the organisation can
 * pay, stores their cases and marks them done. A row is therefore stored, and
 * charged, once however often a job runs or however many jobs overlap: a row
 * another run already stored is simply no longer pending.
 *
 * - Rows the engine refuses become failed with its error and cost nothing.
 * - When the credits (or the day's search limit) run out the batch is paused and
 *   a resume job waits for credit; resumePausedBatches() resumes at once for
 *   whoever grants credits.
 * - The last row stored finishes the batch and notifies its creator once.
 * - Every stored transaction and every change of state is published to the
 *   organisation's room (SOCKET_EVENTS.bulkProgress).
 * - Drafts (checked files never started) are deleted after BULK_DRAFT_HOURS by a
 *   recurring job that each server enqueues when it starts and that enqueues its
 *   own next run (stately: at most one waits).
 */
import { BULK_DRAFT_HOURS, type BulkOptions, type BulkRowInput } from '../../common/bulk';
import type { SearchInputView } from '../../common/cases';
import { SOCKET_EVENTS } from '../../common/constants';
import { screeningCreditShortage, spendScreeningCredits } from '../case-store/credits';
import { caseScreening, type CaseScreening } from '../case-store/screen';
import { resolveScope, type SearchScope } from '../case-store/scope';
import { storeScreenedCases, type ScreenedItem } from '../case-store/store';
import type { Queryable, Row } from '../db/client';
import { forOrganisation, inTransaction, type OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import type { JobQueue, RunningJob } from '../jobs/queue';
import { notifyUser } from '../notifications/notify';
import { emitWebhookEvent } from '../webhooks/events';
import { rooms } from '../realtime/bus';
import type { ScreeningResult } from '../screening';
import { BATCH_SELECT, toBatchProgress } from './views';

export const BULK_JOBS = { chunk: 'bulk.chunk', resume: 'bulk.resume', drafts: 'bulk.drafts' } as const;

/** File rows per chunk job: a retry redoes little, and a 100,000-row batch is 200 jobs. */
export const CHUNK_ROWS = 500;
/** Rows per storing transaction: the organisation's credit lock is held for one of these at a time. */
export const STORE_ROWS = 250;
/** How long a resume job waits before looking for credit again. */
const RESUME_AFTER_SECONDS = 30;
/** How often drafts are looked for. */
const DRAFT_SWEEP_SECONDS = 60 * 60;

export interface ChunkJob {
  batch_id: string;
  organisation_id: string;
  first_row: number;
  last_row: number;
}
export interface ResumeJob {
  batch_id: string;
  organisation_id: string;
}

type BatchDeps = Pick<Deps, 'db' | 'jobs' | 'realtime' | 'mailer' | 'log' | 'config' | 'screening' | 'customLists'>;

/** The caller's transaction as the queue takes it: an API route holds its organisation's handle, a job a plain transaction. */
const plain = (tx: Queryable | OrgDb): Queryable => ('unscoped' in tx ? tx.unscoped : tx);

async function batchView(org: OrgDb, batchId: string): Promise<Row | undefined> {
  return org.one(`SELECT ${BATCH_SELECT} FROM bulk_batches b WHERE b.id = $1 AND b.organisation_id = $org`, [batchId]);
}

/** Publishes the batch's progress to its organisation; never fails the caller. */
async function publishProgress(deps: BatchDeps, organisationId: string, row: Row | undefined) {
  if (!row || row.state === 'draft') return;
  await deps.realtime
    .publish({ room: rooms.organisation(organisationId), event: SOCKET_EVENTS.bulkProgress, payload: toBatchProgress(row) })
    .catch((error) => deps.log.warn(`bulk progress not published: ${(error as Error).message}`));
}

/** Ranges of about CHUNK_ROWS pending rows of a batch, in row order. */
async function pendingRanges(org: OrgDb, batchId: string): Promise<Array<{ first: number; last: number }>> {
  return org.query<{ first: number; last: number }>(
    `SELECT min(row_number)::int AS first, max(row_number)::int AS last
       FROM (SELECT row_number, (row_number() OVER (ORDER BY row_number) - 1) / $2 AS part
               FROM bulk_rows WHERE batch_id = $1 AND organisation_id = $org AND state = 'pending') r
      GROUP BY part ORDER BY first`,
    [batchId, CHUNK_ROWS],
  );
}

async function enqueueChunks(jobs: JobQueue, tx: Queryable, org: OrgDb, batchId: string): Promise<number> {
  const ranges = await pendingRanges(org, batchId);
  for (const r of ranges) {
    await jobs.enqueue<ChunkJob>(tx, BULK_JOBS.chunk, { batch_id: batchId, organisation_id: org.organisationId, first_row: r.first, last_row: r.last });
  }
  return ranges.length;
}

/**
 * Enqueues the chunk jobs of a batch the API has just turned from a draft into a queued batch, in the
 * same transaction, so the jobs exist exactly when the batch does. The first chunk to run marks it running.
 */
export async function startBatch(deps: Pick<Deps, 'jobs'>, tx: Queryable | OrgDb, batch: { id: string; organisation_id: string; total_count: number }): Promise<number> {
  const runner = plain(tx);
  return enqueueChunks(deps.jobs, runner, inTransaction(runner, batch.organisation_id), batch.id);
}

/**
 * Resumes one paused batch in the caller's transaction if its organisation has credit now: running again
 * from now (rows per second start over) with chunk jobs for the rows still pending. Answers whether it did.
 */
async function resumeBatch(deps: BatchDeps, tx: Queryable, organisationId: string, batchId: string): Promise<Row | null> {
  const org = inTransaction(tx, organisationId);
  // Credit for at least one more row now (allotted credits and the day's limit)?
  if (await screeningCreditShortage(org)) return null;
  const resumed = await org.one(
    `UPDATE bulk_batches SET state = 'running', paused_reason = NULL, run_started_at = now(), run_done = 0, updated_at = now()
      WHERE id = $1 AND organisation_id = $org AND state = 'paused' RETURNING id`,
    [batchId],
  );
  if (!resumed) return null;
  await enqueueChunks(deps.jobs, tx, org, batchId);
  return (await batchView(org, batchId)) ?? null;
}

/**
 * For whoever grants credits, in the transaction that grants them: resumes the organisation's paused
 * batches now rather than when their resume jobs next look. Publishes after the caller commits.
 */
export async function resumePausedBatches(deps: BatchDeps, tx: Queryable | OrgDb, organisationId: string): Promise<number> {
  const runner = plain(tx);
  const org = inTransaction(runner, organisationId);
  const paused = await org.query<{ id: string }>(`SELECT id FROM bulk_batches WHERE organisation_id = $org AND state = 'paused' ORDER BY created_at`);
  const resumed: Row[] = [];
  for (const b of paused) {
    const row = await resumeBatch(deps, runner, organisationId, b.id);
    if (row) resumed.push(row);
  }
  if (resumed.length) setImmediate(() => void Promise.all(resumed.map((row) => publishProgress(deps, organisationId, row))));
  return resumed.length;
}

/** The search input of one row with the batch's options, built as Create New Case builds a search's. */
function rowInput(row: BulkRowInput, options: BulkOptions, scope: SearchScope | null): SearchInputView {
  const profileCountries = scope?.profile?.countries ?? [];
  const sources = scope?.profile?.sources ?? [];
  return {
    search_term: row.search_term.trim(),
    entity_type: row.entity_type,
    ...(row.birth_day ? { birth_day: row.birth_day } : {}),
    ...(row.birth_month ? { birth_month: row.birth_month } : {}),
    ...(row.birth_year ? { birth_year: row.birth_year } : {}),
    countries: row.countries?.length ? row.countries : profileCountries,
    residence_countries: row.residence_countries ?? [],
    ...(row.nationality ? { nationality: row.nationality } : {}),
    ...(row.gender ? { gender: row.gender } : {}),
    ...(row.unique_identifier?.trim() ? { unique_identifier: row.unique_identifier.trim() } : {}),
    match_score: options.match_score ?? 0,
    exact_match: Boolean(options.exact_match),
    match_akas: options.match_akas !== false,
    match_rca: Boolean(options.match_rca),
    search_type: options.search_type === 'profile' ? 'profile' : 'manual',
    databases: scope?.databases ?? [],
    ...(sources.length ? { sources } : {}),
  };
}

interface PendingRow {
  row_number: number;
  input: BulkRowInput;
}
type Screened = { row: PendingRow; input: SearchInputView; result: ScreeningResult | { error: string } };

type StoreOutcome = 'stored' | 'stopped';

/**
 * One storing transaction: the rows of `screened` still pending are stored (as far as credits go) or
 * failed; the batch's counts move on; it pauses, or finishes, as the case may be.
 */
async function storeRows(
  deps: BatchDeps,
  screening: CaseScreening,
  batch: Row,
  screened: Screened[],
  profile: { id: string; title: string } | null,
  actor: { id: string; name: string } | null,
): Promise<{ outcome: StoreOutcome; state: string; view?: Row }> {
  const organisationId = batch.organisation_id as string;
  return deps.db.transaction(async (tx) => {
    const org = inTransaction(tx, organisationId);
    // The organisation row first (credits), then the batch, in the order every transaction that takes both takes them.
    await org.query('SELECT 1 FROM organisations WHERE id = $org FOR NO KEY UPDATE');
    const current = await org.one('SELECT state, name FROM bulk_batches WHERE id = $1 AND organisation_id = $org FOR UPDATE', [batch.id]);
    if (!current || current.state !== 'running') return { outcome: 'stopped' as const, state: (current?.state as string | undefined) ?? 'gone' };
    const numbers = screened.map((s) => s.row.row_number);
    const pending = new Set(
      (
        await org.query<{ row_number: number }>(
          `SELECT row_number FROM bulk_rows WHERE batch_id = $1 AND organisation_id = $org AND row_number = ANY($2::int[]) AND state = 'pending' FOR UPDATE`,
          [batch.id, numbers],
        )
      ).map((r) => r.row_number),
    );
    const mine = screened.filter((s) => pending.has(s.row.row_number));
    const refused = mine.filter((s) => 'error' in s.result);
    const ok = mine.filter((s) => !('error' in s.result));

    if (refused.length) {
      await org.query(
        // = ANY keeps the statement on the primary key's few rows whatever join the planner picks for a batch of 100,000 rows.
        `UPDATE bulk_rows r SET state = 'failed', error = f.error
           FROM unnest($2::int[], $3::text[]) AS f(row_number, error)
          WHERE r.batch_id = $1 AND r.organisation_id = $org AND r.row_number = ANY($2::int[]) AND r.row_number = f.row_number AND r.state = 'pending'`,
        [batch.id, refused.map((s) => s.row.row_number), refused.map((s) => String((s.result as { error: string }).error).slice(0, 500))],
      );
    }
    const credits = ok.length
      ? await spendScreeningCredits(org, ok.length, { reason: 'bulk_search', actorId: actor?.id ?? null, subject: { type: 'batch', id: batch.id as string, label: current.name as string } })
      : { spent: 0, short: null };
    const paid = ok.slice(0, credits.spent);
    if (paid.length) {
      const items: ScreenedItem[] = paid.map((s) => ({
        input: s.input,
        result: s.result as ScreeningResult,
        client_reference: s.row.input.client_reference ?? null,
        national_id: s.row.input.national_id ?? null,
        search_profile: profile,
        aml_monitoring: Boolean(s.row.input.aml_monitoring),
        adverse_media_monitoring: Boolean(s.row.input.adverse_media_monitoring),
        batch: { id: batch.id, name: current.name },
      }));
      const stored = await storeScreenedCases(tx, screening, items, actor);
      await org.query(
        `UPDATE bulk_rows r SET state = 'done', case_id = d.case_id, error = NULL
           FROM unnest($2::int[], $3::uuid[]) AS d(row_number, case_id)
          WHERE r.batch_id = $1 AND r.organisation_id = $org AND r.row_number = ANY($2::int[]) AND r.row_number = d.row_number`,
        [batch.id, paid.map((s) => s.row.row_number), stored.map((c) => c.id)],
      );
    }
    const pause = credits.short !== null;
    const updated = await org.one<{ success_count: number; failed_count: number; total_count: number; created_by: string | null; name: string }>(
      `UPDATE bulk_batches SET success_count = success_count + $2, failed_count = failed_count + $3, run_done = run_done + $4, updated_at = now(),
              state = CASE WHEN $5::text IS NOT NULL THEN 'paused' ELSE state END, paused_reason = $5::text
        WHERE id = $1 AND organisation_id = $org RETURNING success_count, failed_count, total_count, created_by, name`,
      [batch.id, paid.length, refused.length, paid.length + refused.length, pause ? credits.short : null],
    );
    if (pause) {
      await deps.jobs.enqueue<ResumeJob>(tx, BULK_JOBS.resume, { batch_id: batch.id, organisation_id: organisationId }, { singletonKey: batch.id, startAfterSeconds: RESUME_AFTER_SECONDS });
    } else if (updated && updated.success_count + updated.failed_count >= updated.total_count) {
      // Counts move only here, under the batch's lock, so they are exact: the batch finishes once, in one transaction.
      await org.query(`UPDATE bulk_batches SET state = 'finished', finished_at = now(), updated_at = now() WHERE id = $1 AND organisation_id = $org`, [batch.id]);
      await emitWebhookEvent(deps.jobs, org, 'bulk_batch.finished', {
        batch_id: batch.id,
        name: updated.name,
        total_count: updated.total_count,
        success_count: updated.success_count,
        failed_count: updated.failed_count,
        finished_at: new Date().toISOString(),
      });
      if (updated.created_by) {
        await notifyUser(
          deps,
          { organisation_id: organisationId, user_id: updated.created_by, kind: 'batch_finished', params: { name: updated.name }, link: `/manage-case?batch=${encodeURIComponent(updated.name)}` },
          org,
        );
      }
    }
    return { outcome: pause ? ('stopped' as const) : ('stored' as const), state: pause ? 'paused' : 'running', view: await batchView(org, batch.id) };
  });
}

/** Marks a queued batch running (its first chunk); answers the batch as it is now, or undefined when it is gone. */
async function markRunning(deps: BatchDeps, org: OrgDb, batchId: string): Promise<Row | undefined> {
  const started = await org.one(
    `UPDATE bulk_batches SET state = 'running', started_at = COALESCE(started_at, now()), run_started_at = now(), run_done = 0, updated_at = now()
      WHERE id = $1 AND organisation_id = $org AND state = 'queued' RETURNING id`,
    [batchId],
  );
  const row = await org.one('SELECT * FROM bulk_batches WHERE id = $1 AND organisation_id = $org', [batchId]);
  if (started) await publishProgress(deps, org.organisationId, await batchView(org, batchId));
  return row;
}

/** Runs one chunk job: see the header. */
export async function runChunk(deps: BatchDeps, job: Pick<RunningJob<ChunkJob>, 'data' | 'signal' | 'progress'>) {
  const { batch_id: batchId, organisation_id: organisationId, first_row: firstRow, last_row: lastRow } = job.data;
  const engine = deps.screening;
  // Lists still loading: the job is retried with backoff, as monitoring's are.
  if (engine.status().state !== 'ready') throw new Error('the screening lists are not loaded yet');
  const org = forOrganisation(deps.db, organisationId);
  const batch = await markRunning(deps, org, batchId);
  if (!batch || batch.state !== 'running') return { skipped: batch?.state ?? 'gone' };

  const rows = await org.query<PendingRow>(
    `SELECT row_number, input FROM bulk_rows WHERE batch_id = $1 AND organisation_id = $org AND state = 'pending' AND row_number BETWEEN $2 AND $3 ORDER BY row_number`,
    [batchId, firstRow, lastRow],
  );
  if (!rows.length) return { stored: 0 };
  const options = (batch.options ?? {}) as BulkOptions;
  const scope = await resolveScope(org, options);
  // Every row is screened with the organisation's custom lists and decided by its active risk engine, as of now.
  const screening = await caseScreening(deps, organisationId);
  const creator = batch.created_by ? await org.one<{ id: string; name: string }>('SELECT id, name FROM users WHERE id = $1 AND organisation_id = $org', [batch.created_by]) : undefined;
  const actor = creator ? { id: creator.id, name: creator.name } : null;

  const screen = async (part: PendingRow[]): Promise<Screened[]> => {
    if ('refused' in scope) return part.map((row) => ({ row, input: rowInput(row.input, options, null), result: { error: scope.refused } }));
    const inputs = part.map((row) => rowInput(row.input, options, scope));
    const results = await screening.screenBatch(inputs);
    return part.map((row, i) => ({ row, input: inputs[i], result: results[i] }));
  };
  const profile = 'refused' in scope || !scope.profile ? null : { id: scope.profile.id, title: scope.profile.title };

  const parts: PendingRow[][] = [];
  for (let i = 0; i < rows.length; i += STORE_ROWS) parts.push(rows.slice(i, i + STORE_ROWS));
  let done = 0;
  // The next part is screened on the worker threads while this one is stored.
  let next: Promise<Screened[]> | undefined = screen(parts[0]);
  try {
    for (let p = 0; p < parts.length; p++) {
      if (job.signal.aborted) throw new Error('stopped');
      const screened: Screened[] = await next!;
      next = p + 1 < parts.length ? screen(parts[p + 1]) : undefined;
      const { outcome, state, view } = await storeRows(deps, screening, batch, screened, profile, actor);
      await publishProgress(deps, organisationId, view);
      if (outcome === 'stopped') return { stored: done + (state === 'paused' ? screened.length : 0), stopped: state };
      done += screened.length;
      await job.progress(done, rows.length, null);
    }
  } finally {
    // A part screened for nothing (the batch paused or was deleted) must not reject unobserved.
    next?.catch(() => undefined);
  }
  return { stored: done };
}

/** Runs one resume job: resumes the batch if credit is there now, otherwise waits again. */
export async function runResume(deps: BatchDeps, data: ResumeJob) {
  const outcome = await deps.db.transaction(async (tx) => {
    const org = inTransaction(tx, data.organisation_id);
    const batch = await org.one('SELECT state FROM bulk_batches WHERE id = $1 AND organisation_id = $org', [data.batch_id]);
    if (!batch || batch.state !== 'paused') return { resumed: false, waiting: false };
    const view = await resumeBatch(deps, tx, data.organisation_id, data.batch_id);
    if (view) return { resumed: true, waiting: false, view };
    return { resumed: false, waiting: true };
  });
  if (outcome.view) await publishProgress(deps, data.organisation_id, outcome.view);
  // Enqueued after this job's transaction: the kind is stately, so at most one resume waits per batch.
  if (outcome.waiting) await deps.jobs.enqueue<ResumeJob>(deps.db, BULK_JOBS.resume, data, { singletonKey: data.batch_id, startAfterSeconds: RESUME_AFTER_SECONDS });
  return { resumed: outcome.resumed, waiting: outcome.waiting };
}

/**
 * Deletes drafts older than BULK_DRAFT_HOURS (their rows go with them). A system statement across
 * organisations by nature: it looks for every organisation's forgotten drafts, and names none.
 */
export async function deleteOldDrafts(deps: Pick<Deps, 'db'>): Promise<number> {
  const rows = await deps.db.query(`DELETE FROM bulk_batches WHERE state = 'draft' AND created_at < now() - make_interval(hours => $1) RETURNING id`, [BULK_DRAFT_HOURS]);
  return rows.length;
}

/** Enqueues the draft clean-up unless one is already waiting; each server does so when it starts. */
export function enqueueDraftCleanup(jobs: JobQueue, tx: Queryable, afterSeconds = 0) {
  return jobs.enqueue(tx, BULK_JOBS.drafts, {}, { singletonKey: 'bulk-drafts', ...(afterSeconds ? { startAfterSeconds: afterSeconds } : {}) });
}

/** Declares bulk search's job kinds on the queue; called once when the server's services are built. */
export function defineBulkJobs(deps: Deps, jobs: JobQueue) {
  // A short lease: a chunk of a process that died is taken up again within seconds, and the rows it stored stay stored.
  // Polled every half second: pg-boss waits out the polling interval after a job shorter than it, and a chunk takes about that long.
  jobs.define<ChunkJob>(BULK_JOBS.chunk, { retryLimit: 10, retryDelaySeconds: 10, leaseSeconds: 10, maxRunSeconds: 30 * 60, pollingSeconds: 0.5 }, (job) => runChunk(deps, job));
  jobs.define<ResumeJob>(BULK_JOBS.resume, { policy: 'stately', retryLimit: 10, retryDelaySeconds: 30 }, (job) => runResume(deps, job.data));
  jobs.define<object>(BULK_JOBS.drafts, { policy: 'stately', retryLimit: 3, retryDelaySeconds: 60 }, async () => {
    const deleted = await deleteOldDrafts(deps);
    await enqueueDraftCleanup(jobs, deps.db, DRAFT_SWEEP_SECONDS);
    return { deleted };
  });
}
