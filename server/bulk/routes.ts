/**
 * The bulk search calls of section 7 ("Bulk"; docs/bulk-search.md): the banner and creator options,
 * the batch table, one batch, the template, checking a file (validate-search-batch), starting a batch
 * (create-search-batch), deleting one, and its two downloads. Every call needs the Bulk Search screen's
 * requirement (view_bulk_search, not on the basic plan) and the AML Screening service; checking and
 * starting also need create_new_case ('You do not have permission to create a case.'), deleting
 * delete_case. SQL lives in data.ts and downloads.ts.
 */
import { findRoute, withPermission, type Requirement } from '../../common/access';
import { BULK_FILE_MAX_BYTES, type BulkOptions } from '../../common/bulk';
import { databasesProblem } from '../../common/cases';
import { SOCKET_EVENTS } from '../../common/constants';
import { DATABASES, type Database } from '../../common/enums';
import {
  BatchDownloadQuery,
  BatchIdQuery,
  BatchListQuery,
  BulkTemplateQuery,
  CreateBatchBody,
  DeleteBatchBody,
  ValidateBatchBody,
  type CreateBatchBodyValue,
} from '../../common/schemas/bulk';
import { toBoolean } from '../../common/schemas/core';
import type { AuthContext } from '../auth/sessions';
import { checkScreeningCredit } from '../case-store/credits';
import type { Row } from '../db/client';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { done } from '../http/reply';
import { route } from '../http/routes';
import { csvStream, xlsxStream, type CellValue, type SheetColumn } from '../http/spreadsheet';
import { rooms } from '../realtime/bus';
import { batchCreators, batchNameTaken, batchOr404, deleteBatch, dropDraft, entityLimit, listBatches, searchProfileExists, stageUpload, startDraft } from './data';
import { DATA_COLUMNS, SUMMARY_COLUMNS, contentDisposition, dataPages, firstPage, summaryPages } from './downloads';
import { BULK_TEMPLATE } from './template';
import { sendTemplate } from '../uploads/template';
import { toBatchProgress, toBatchView } from './views';

/** The Bulk Search screen's requirement, with the AML Screening service every screening call needs. */
const BULK: Requirement = { ...findRoute('bulk-search').requirement, service: 'aml_screening' };
/** Checking or starting a batch creates cases: the create-case permission, refused with its own message (section 8). */
const mayCreateCases = (auth: AuthContext) => auth.permissions.includes('create_new_case') || ('no_create_case_permission' as const);
const UPLOAD = { field: 'file', maxBytes: BULK_FILE_MAX_BYTES };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Publishes a batch's progress to its organisation after a change committed; a lost message never fails the call. */
function publishProgress(deps: Deps, org: OrgDb, row: Row) {
  void deps.realtime
    .publish({ room: rooms.organisation(org.organisationId), event: SOCKET_EVENTS.bulkProgress, payload: toBatchProgress(row) })
    .catch((error) => deps.log.warn(`bulk progress not published: ${(error as Error).message}`));
}

/** The options applied to every row, checked as Create New Case checks a search's (before anything is read or spent). */
async function batchOptions(org: OrgDb, body: CreateBatchBodyValue): Promise<BulkOptions> {
  let databases: Database[] = [];
  if (body.search_type === 'profile') {
    if (!(await searchProfileExists(org, body.search_profile_id?.trim()))) throw new ApiError(400, 'profile_required', {}, 'search_profile_id');
  } else {
    // Left out: every database, as Create New Case does; an empty list is refused like the form's.
    databases = body.databases ? [...new Set(body.databases)] : [...DATABASES];
    const refused = databasesProblem(databases);
    if (refused) throw new ApiError(400, refused, {}, 'databases');
  }
  return {
    search_type: body.search_type,
    databases,
    search_profile_id: body.search_type === 'profile' ? body.search_profile_id!.trim() : null,
    match_score: body.match_score == null || body.match_score.trim() === '' ? null : Number(body.match_score),
    exact_match: toBoolean(body.exact_match),
    match_akas: body.match_akas === undefined ? true : toBoolean(body.match_akas),
    match_rca: toBoolean(body.match_rca),
  };
}

/** One of a batch's two downloads (section 7: download-bulk-search, download-bulk-search-data), streamed as CSV or Excel. */
function batchDownload<K extends string>(spec: {
  operationId: string;
  path: string;
  summary: string;
  part: 'summary' | 'data';
  columns: readonly SheetColumn<K>[];
  pages: (org: OrgDb, batchId: string) => AsyncGenerator<Record<K, CellValue>[]>;
  sheetName: string;
  /** The format of the attack suite's example request. */
  format: 'csv' | 'xlsx';
}) {
  return route({
    method: 'GET',
    path: spec.path,
    operationId: spec.operationId,
    ids: { 'query.id': 'batch' },
    examples: [{ query: { id: '<batch id>', format: spec.format } }],
    tag: 'Bulk search',
    summary: spec.summary,
    access: BULK,
    query: BatchDownloadQuery,
    async handler({ org, query, reply }) {
      const batch = await batchOr404(org, query.id);
      const pages = await firstPage(spec.pages(org, batch.id));
      reply.header('content-disposition', contentDisposition(batch.name, spec.part, query.format));
      if (query.format === 'xlsx') return reply.header('content-type', XLSX_TYPE).send(xlsxStream(spec.columns, pages, { sheetName: spec.sheetName }));
      return reply.header('content-type', 'text/csv; charset=utf-8').send(csvStream(spec.columns, pages));
    },
  });
}

export function bulkRoutes() {
  return [
    route({
      method: 'GET',
      path: '/bulk-batches',
      operationId: 'getBulkSearchOverview',
      tag: 'Bulk search',
      summary: "The Bulk Search banner's per-batch entity limit and the users who started the organisation's batches (the creator filter).",
      access: BULK,
      async handler({ org }) {
        const [entity_limit, creators] = await Promise.all([entityLimit(org), batchCreators(org)]);
        return { entity_limit, creators };
      },
    }),
    route({
      method: 'GET',
      path: '/bulk-batches-list',
      operationId: 'listBulkBatches',
      ids: { 'query.created_by': { kind: 'user', unknown: 200 } },
      examples: [{ query: { created_by: '<user id>' } }, { query: { name: 'batch', status: 'Success', date_preset: 'all_time', page: 1, page_size: 20 } }],
      tag: 'Bulk search',
      summary: 'The batch table: started batches, newest first, filtered by name (part of it), status (Success, Deleted, Pending), creator and date, paged.',
      access: BULK,
      query: BatchListQuery,
      async handler({ org, query }) {
        const { total, rows } = await listBatches(org, query);
        return { total, rows: rows.map(toBatchView) };
      },
    }),
    route({
      method: 'GET',
      path: '/bulk-batch',
      operationId: 'getBulkBatch',
      ids: { 'query.id': 'batch' },
      examples: [{ query: { id: '<batch id>' } }],
      tag: 'Bulk search',
      summary: 'One batch as the table shows it, with its progress.',
      access: BULK,
      query: BatchIdQuery,
      async handler({ org, query }) {
        return toBatchView(await batchOr404(org, query.id));
      },
    }),
    route({
      method: 'GET',
      path: '/bulk-search-template',
      operationId: 'getBulkSearchTemplate',
      tag: 'Bulk search',
      summary: 'The file to fill in: the columns of a search input and an example row, as CSV or Excel (xlsx).',
      access: BULK,
      query: BulkTemplateQuery,
      async handler({ query, reply }) {
        return sendTemplate(reply, BULK_TEMPLATE, query.format);
      },
    }),
    route({
      method: 'POST',
      path: '/validate-search-batch',
      operationId: 'validateBulkFile',
      tag: 'Bulk search',
      summary:
        "Checks a bulk file (multipart field file: CSV or xlsx, at most 50 MB and the organisation's entity limit) with Create New Case's rules and keeps its rows for create-search-batch (upload_id). A file with problems answers 400 'Errors Found in Your File' with every problem; nothing is spent.",
      access: BULK,
      allow: mayCreateCases,
      upload: UPLOAD,
      body: ValidateBatchBody,
      async handler({ org, auth, upload }) {
        if (!upload) throw new ApiError(400, 'bulk_file_required', {}, 'file');
        return stageUpload(org, auth.user.id, upload);
      },
    }),
    route({
      method: 'POST',
      path: '/create-search-batch',
      operationId: 'createBulkBatch',
      ids: { 'body.upload_id': 'upload', 'body.search_profile_id': { kind: 'search_profile', unknown: 400 } },
      examples: [
        { body: { upload_id: '<upload id>', name: 'Attack suite batch', search_type: 'manual', databases: ['sanctions', 'pep'], match_score: 80 } },
        { body: { upload_id: '<upload id>', name: 'Attack suite profile batch', search_type: 'profile', search_profile_id: '<search profile id>' } },
      ],
      tag: 'Bulk search',
      summary:
        'Starts a batch from a checked file (upload_id), or from a file sent in the multipart field file after the other fields: its name (unique in the organisation) and the options applied to every row. Each row becomes a case and spends one AML Screening credit; the batch pauses when credits run out and resumes when there are some.',
      access: BULK,
      allow: mayCreateCases,
      upload: UPLOAD,
      body: CreateBatchBody,
      async handler({ deps, org, auth, body, upload, reply, ip, userAgent }) {
        const name = body.name.trim();
        if (upload && body.upload_id) throw new ApiError(400, 'bad_request', {}, 'upload_id');
        const options = await batchOptions(org, body);
        // No credit at all: refused before the file is read (a batch that runs out later pauses instead).
        await checkScreeningCredit(org);
        const actor = { id: auth.user.id, name: auth.user.name, email: auth.user.email, ip, userAgent };
        let draftId = body.upload_id;
        if (upload) {
          // Asked before a file of up to 50 MB is read; asked again, under lock, when the batch starts.
          if (await batchNameTaken(org, name)) throw new ApiError(409, 'batch_name_exists', {}, 'name');
          draftId = (await stageUpload(org, auth.user.id, upload)).upload_id;
        } else if (!draftId) {
          throw new ApiError(400, 'bulk_file_required', {}, 'file');
        }
        let row: Row;
        try {
          row = await startDraft(deps, org, actor, { id: draftId, name, options });
        } catch (error) {
          if (upload) await dropDraft(org, draftId);
          throw error;
        }
        publishProgress(deps, org, row);
        reply.status(201);
        return done('batch_started', { batch: toBatchView(row) }, { name: row.name, rows: row.total_count });
      },
    }),
    route({
      method: 'POST',
      path: '/delete-bulk-search',
      operationId: 'deleteBulkBatch',
      ids: { 'body.id': 'batch' },
      examples: [{ body: { id: '<batch id>', reason: 'Uploaded the wrong file' } }],
      tag: 'Bulk search',
      summary: 'Deletes a batch with a reason (10 to 200 characters): rows not yet screened never will be, and every case it created is deleted with the same reason (still listed under the deleted filter).',
      access: withPermission(BULK, 'delete_case'),
      body: DeleteBatchBody,
      async handler({ deps, org, auth, body, ip, userAgent }) {
        const { row } = await deleteBatch(org, { id: auth.user.id, name: auth.user.name, email: auth.user.email, ip, userAgent }, body.id, body.reason.trim());
        publishProgress(deps, org, row);
        return done('batch_deleted', { batch: toBatchView(row) });
      },
    }),
    batchDownload({
      path: '/download-bulk-search',
      operationId: 'downloadBulkBatchSummary',
      summary: 'The batch summary, streamed as CSV or Excel: one line per row of the file with its status (screened, failed, pending), case reference, hits, match and case status, risk level and error.',
      part: 'summary',
      columns: SUMMARY_COLUMNS,
      pages: summaryPages,
      sheetName: 'Batch',
      format: 'csv',
    }),
    batchDownload({
      path: '/download-bulk-search-data',
      operationId: 'downloadBulkBatchResults',
      summary: 'Every case of the batch with each of its hits, streamed as CSV or Excel: one line per hit, a case without hits on a line of its own.',
      part: 'data',
      columns: DATA_COLUMNS,
      pages: dataPages,
      sheetName: 'Cases and hits',
      format: 'xlsx',
    }),
  ];
}
