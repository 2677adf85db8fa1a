/**
 * Bulk search's data (docs/bulk-search.md): drafts (a checked file's rows, waiting to be started),
 * starting and deleting batches, and the batch table. Every statement goes through the organisation's
 * handle; the route module (routes.ts) holds no SQL.
 *
 * A checked file is staged as a draft batch owned by its uploader: its rows are written while the file
 * is read, 1,000 rows a statement, outside any transaction (a 100,000-row file would otherwise hold one
 * open for as long as it takes to read; on PGlite, which has one connection, that would stop every other
 * request). A file with problems, or one that fails half way, has its draft deleted at once; a draft
 * left by a crash is deleted by the runner's draft sweep after BULK_DRAFT_HOURS.
 */
import { Readable } from 'node:stream';
import { type BatchStatus, type BulkOptions, type BulkUploadView } from '../../common/bulk';
import { describeRowProblems } from '../../common/bulk-rows';
import { presetRange } from '../../common/date-presets';
import { DATABASES, type DatePreset } from '../../common/enums';
import type { BatchListQueryValue } from '../../common/schemas/bulk';
import { validateDateRange } from '../../common/validation';
import { recordOrganisationAudit } from '../audit/record';
import type { Row } from '../db/client';
import { likePattern } from '../db/like';
import { pageOfRows, sqlParams } from '../db/paged';
import { forOrganisation, type OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import type { UploadStream } from '../http/body';
import { ApiError } from '../http/errors';
import { readBulkFile, type BulkFileRow } from './file';
import { startBatch } from './runner';
import { BATCH_SELECT } from './views';

/** Who starts or deletes a batch, for its columns, the cases' history and the audit trail. */
export interface BatchActor {
  id: string;
  name: string;
  email: string;
  ip?: string;
  userAgent?: string;
}

function audit(org: OrgDb, actor: BatchActor, action: 'bulk.created' | 'bulk.deleted', batchId: string, details: Record<string, unknown>) {
  return recordOrganisationAudit(org, {
    actor_user_id: actor.id,
    actor_email: actor.email,
    action,
    target_type: 'bulk_batch',
    target_id: batchId,
    ip: actor.ip,
    user_agent: actor.userAgent,
    details,
  });
}

const isUuid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The organisation's per-batch entity limit (section 9: stored per organisation, raised by the provider). */
export async function entityLimit(org: OrgDb): Promise<number> {
  const row = await org.one<{ bulk_entity_limit: number }>('SELECT bulk_entity_limit FROM organisations WHERE id = $org');
  return row!.bulk_entity_limit;
}

/** The users who started the organisation's batches: the options of the creator filter. */
export async function batchCreators(org: OrgDb): Promise<{ id: string; name: string }[]> {
  return org.query<{ id: string; name: string }>(
    `SELECT u.id, u.name FROM users u
      WHERE u.organisation_id = $org AND EXISTS (SELECT 1 FROM bulk_batches b WHERE b.organisation_id = $org AND b.created_by = u.id AND b.state <> 'draft')
      ORDER BY lower(u.name), u.id`,
  );
}

const STATUS_STATES: Record<BatchStatus, string[]> = { Success: ['finished'], Deleted: ['deleted'], Pending: ['queued', 'running', 'paused'] };

/** The date range of a list filter (section 9's presets, or a custom range checked with the shared rule). */
function dateRange(filter: Pick<BatchListQueryValue, 'date_preset' | 'date_from' | 'date_to' | 'tz_offset'>, now: Date) {
  const preset: DatePreset | undefined = filter.date_preset ?? (filter.date_from || filter.date_to ? 'custom' : undefined);
  if (!preset) return null;
  if (preset !== 'custom') return presetRange(preset, now, filter.tz_offset ?? 0);
  const problem = validateDateRange(filter.date_from ?? '', filter.date_to ?? '', now);
  if (problem) throw new ApiError(400, problem.rule, {}, problem.field);
  return presetRange('custom', now, filter.tz_offset ?? 0, { from: filter.date_from!.trim(), to: filter.date_to!.trim() });
}

/** The batch table: started batches (never drafts), newest first, filtered and paged. */
export async function listBatches(org: OrgDb, filter: BatchListQueryValue, now = new Date()): Promise<{ total: number; rows: Row[] }> {
  const { params, add } = sqlParams();
  const conditions = ['b.organisation_id = $org', "b.state <> 'draft'"];
  if (filter.name?.trim()) conditions.push(`lower(b.name) LIKE ${add(likePattern(filter.name))}`);
  if (filter.status) conditions.push(`b.state = ANY(${add(STATUS_STATES[filter.status])}::text[])`);
  if (filter.created_by) conditions.push(`b.created_by = ${add(filter.created_by)}::uuid`);
  const range = dateRange(filter, now);
  if (range) conditions.push(`b.created_at >= ${add(range.from.toISOString())}::timestamptz AND b.created_at < ${add(range.to.toISOString())}::timestamptz`);
  return pageOfRows(org, {
    select: BATCH_SELECT,
    from: 'bulk_batches b',
    where: conditions.join(' AND '),
    orderBy: 'b.created_at DESC, b.id DESC',
    params,
    page: filter.page,
    pageSize: filter.page_size,
  });
}

/** One started batch of the organisation (drafts are nobody's business but their uploader's). */
export async function findBatch(org: OrgDb, id: string): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  return org.one(`SELECT ${BATCH_SELECT} FROM bulk_batches b WHERE b.id = $1 AND b.organisation_id = $org AND b.state <> 'draft'`, [id]);
}

/** A started batch or 404. */
export async function batchOr404(org: OrgDb, id: string): Promise<Row> {
  const row = await findBatch(org, id);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** Is the name taken by another batch of the organisation (any state but draft, deleted ones too: their cases keep the name)? */
export async function batchNameTaken(org: OrgDb, name: string): Promise<boolean> {
  return Boolean(await org.one(`SELECT 1 AS taken FROM bulk_batches WHERE organisation_id = $org AND state <> 'draft' AND lower(name) = lower($1)`, [name.trim()]));
}

/** Is this search profile the organisation's? */
export async function searchProfileExists(org: OrgDb, id: string | undefined): Promise<boolean> {
  if (!isUuid(id)) return false;
  return Boolean(await org.one('SELECT id FROM search_profiles WHERE id = $1 AND organisation_id = $org', [id]));
}

/** The name a file is shown under: its last path segment, printable characters only, at most 255 of them. */
export function cleanFileName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f<>]/g, '').trim();
  return base.slice(0, 255) || 'upload';
}

async function insertRows(org: OrgDb, batchId: string, rows: BulkFileRow[]) {
  // One statement and one parameter per chunk (up to 1,000 rows): the rows travel as one JSON document.
  // A row with row-only problems is failed from the start, with why, so the runner never screens it.
  await org.query(
    `INSERT INTO bulk_rows (batch_id, row_number, organisation_id, input, state, error)
     SELECT $1, r.row_number, $org, r.input, COALESCE(r.state, 'pending'), r.error
       FROM jsonb_to_recordset($2::jsonb) AS r(row_number integer, input jsonb, state text, error text)`,
    [
      batchId,
      JSON.stringify(
        rows.map((r) => ({ row_number: r.row, input: r.input, ...(r.problems ? { state: 'failed', error: describeRowProblems(r.problems).slice(0, 500) } : {}) })),
      ),
    ],
  );
}

async function deleteDraft(org: OrgDb, id: string) {
  await org.query(`DELETE FROM bulk_batches WHERE id = $1 AND organisation_id = $org AND state = 'draft'`, [id]);
}

/**
 * Reads and checks an uploaded file into a draft batch of the uploader. A file with problems answers
 * 400 'errors_found_in_file' with the problems and their count and leaves nothing behind; so does any
 * file that cannot be read (format, size, limit, empty). Rows whose only problems are their own (a
 * birth date that cannot be, an unknown country) do not stop the file: they are staged as failed with
 * their problems, answered in row_problems, and the other rows are screened.
 */
export async function stageUpload(org: OrgDb, userId: string, upload: UploadStream): Promise<BulkUploadView> {
  const limit = await entityLimit(org);
  const fileName = cleanFileName(upload.filename);
  const draft = await org.one<{ id: string }>(`INSERT INTO bulk_batches (organisation_id, file_name, created_by) VALUES ($org, $1, $2) RETURNING id`, [fileName, userId]);
  const id = draft!.id;
  try {
    const result = await readBulkFile(
      { filename: upload.filename, stream: upload.stream },
      { maxRows: limit, chunkSize: 1_000, onRows: (rows) => insertRows(org, id, rows) },
    );
    if (result.problem_count > 0) {
      throw new ApiError(400, 'errors_found_in_file', {}, 'file', { problems: result.problems, problem_count: result.problem_count });
    }
    // Failed rows count as done from the start: the batch finishes when the others are stored.
    await org.query(`UPDATE bulk_batches SET total_count = $2, failed_count = $3, updated_at = now() WHERE id = $1 AND organisation_id = $org AND state = 'draft'`, [
      id,
      result.rows,
      result.failed_rows,
    ]);
    return {
      upload_id: id,
      file_name: fileName,
      rows: result.rows,
      entity_limit: limit,
      failed_rows: result.failed_rows,
      row_problems: result.row_problems,
      row_problem_count: result.row_problem_count,
    };
  } catch (error) {
    await deleteDraft(org, id);
    throw error;
  }
}

/** Forgets a draft that will not be started (the one-call create failed after staging it). */
export async function dropDraft(org: OrgDb, id: string) {
  await deleteDraft(org, id);
}

/**
 * Starts a draft of the caller as a batch, in one transaction: the draft becomes queued with its name
 * and options (its cases will carry the name), its chunk jobs are enqueued (runner.startBatch) and the
 * audit trail records it. Answers the batch as the table shows it.
 */
export async function startDraft(
  deps: Pick<Deps, 'jobs'>,
  org: OrgDb,
  actor: BatchActor,
  draft: { id: string; name: string; options: BulkOptions },
): Promise<Row> {
  return org.transaction(async (tx) => {
    // The organisation row first, then the batch, as the runner takes them; it also makes two starts with one name wait for each other.
    await tx.query('SELECT 1 FROM organisations WHERE id = $org FOR NO KEY UPDATE');
    const row = isUuid(draft.id)
      ? await tx.one<{ id: string; total_count: number }>(
          `SELECT id, total_count FROM bulk_batches WHERE id = $1 AND organisation_id = $org AND state = 'draft' AND created_by = $2 FOR UPDATE`,
          [draft.id, actor.id],
        )
      : undefined;
    if (!row) throw new ApiError(404, 'batch_upload_missing', {}, 'upload_id');
    if (await batchNameTaken(tx, draft.name)) throw new ApiError(409, 'batch_name_exists', {}, 'name');
    await tx.query(
      `UPDATE bulk_batches SET state = 'queued', name = $2, options = $3, created_at = now(), updated_at = now() WHERE id = $1 AND organisation_id = $org`,
      [row.id, draft.name.trim(), JSON.stringify(draft.options)],
    );
    await startBatch(deps, tx, { id: row.id, organisation_id: org.organisationId, total_count: row.total_count });
    await audit(tx, actor, 'bulk.created', row.id, { name: draft.name.trim(), rows: row.total_count });
    return (await tx.one(`SELECT ${BATCH_SELECT} FROM bulk_batches b WHERE b.id = $1 AND b.organisation_id = $org`, [row.id]))!;
  });
}

/**
 * Deletes a batch with a reason: the batch becomes Deleted (its pending rows are never screened: the
 * runner stores only for a running batch) and every live case it created is deleted with the same
 * reason and a 'deleted' history event, all in one transaction. Deleting twice is 409.
 */
export async function deleteBatch(org: OrgDb, actor: BatchActor, id: string, reason: string): Promise<{ row: Row; cases: number }> {
  return org.transaction(async (tx) => {
    // The organisation row, then the batch, then its cases: the order the runner's storing transactions lock in.
    await tx.query('SELECT 1 FROM organisations WHERE id = $org FOR NO KEY UPDATE');
    const batch = isUuid(id)
      ? await tx.one<{ state: string; name: string }>(`SELECT state, name FROM bulk_batches WHERE id = $1 AND organisation_id = $org AND state <> 'draft' FOR UPDATE`, [id])
      : undefined;
    if (!batch) throw new ApiError(404, 'not_found');
    if (batch.state === 'deleted') throw new ApiError(409, 'batch_deleted_locked');
    const user = actor;
    await tx.query(
      `UPDATE bulk_batches SET state = 'deleted', paused_reason = NULL, deleted_by = $2, deleted_at = now(), delete_reason = $3, updated_at = now()
        WHERE id = $1 AND organisation_id = $org`,
      [id, user.id, reason],
    );
    const deleted = await tx.query<{ id: string }>(
      `UPDATE cases SET is_deleted = true, deleted_by = $2, deleted_at = now(), delete_reason = $3, updated_at = now()
        WHERE organisation_id = $org AND batch_id = $1 AND NOT is_deleted RETURNING id`,
      [id, user.id, reason],
    );
    if (deleted.length) {
      // The history event each case gets when deleted one by one (case-store/events.ts), written for all of them in one statement.
      await tx.query(
        `INSERT INTO case_events (organisation_id, case_id, hit_id, actor_user_id, actor_name, action, details)
         SELECT $org, c.id, NULL, $2, $3, 'deleted', $4 FROM unnest($1::uuid[]) AS c(id)`,
        [deleted.map((c) => c.id), user.id, user.name, JSON.stringify({ reason, batch_name: batch.name })],
      );
    }
    await audit(tx, actor, 'bulk.deleted', id, { name: batch.name, reason, cases: deleted.length });
    const row = (await tx.one(`SELECT ${BATCH_SELECT} FROM bulk_batches b WHERE b.id = $1 AND b.organisation_id = $org`, [id]))!;
    return { row, cases: deleted.length };
  });
}

type SampleBatch = { organisationId: string; actor: BatchActor; name: string; fileName: string; csv: Buffer };

/**
 * The first start's sample batch (server/db/seed.ts SEED_BATCH), uploaded, checked and started through
 * the same functions as the API's once the lists are loaded (its chunks would only wait for them).
 * Answers the batch's id.
 */
export async function stageSampleBatch(deps: Pick<Deps, 'db' | 'jobs' | 'screening'>, sample: SampleBatch): Promise<string> {
  await deps.screening.ready();
  const org = forOrganisation(deps.db, sample.organisationId);
  const staged = await stageUpload(org, sample.actor.id, { filename: sample.fileName, mimetype: 'text/csv', stream: Readable.from([sample.csv]) });
  const options: BulkOptions = { search_type: 'manual', databases: [...DATABASES], search_profile_id: null, match_score: null, exact_match: false, match_akas: true, match_rca: false };
  const batch = await startDraft(deps, org, sample.actor, { id: staged.upload_id, name: sample.name, options });
  return batch.id as string;
}
