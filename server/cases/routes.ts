/**
 * The screening and case calls of section 7: search, searches, search_result_filter,
 * record, case-history, search-actions-logs, decision-review, monitor,
 * download-cases, delete-cases, common-case-keys, generate-pdf, case-report,
 * source_details, sources, and the comment calls. Each is scoped to the
 * caller's organisation: another organisation's reference answers 404.
 */
import { findRoute, type Requirement } from '../../common/access';
import { CASE_EXPORT_KEYS } from '../../common/cases';
import {
  AddCommentBody,
  CaseExportQuery,
  CaseListQuery,
  CaseRefQuery,
  CommentsQuery,
  DecisionBody,
  DeleteCasesBody,
  DeleteCommentBody,
  EntityLogQuery,
  HitFilterQuery,
  MAX_BULK_RECORDS,
  MonitorBody,
  RecordQuery,
  ReportQuery,
  SearchBody,
  SourceDetailsQuery,
  UpdateCommentBody,
} from '../../common/schemas/cases';
import { toBoolean } from '../../common/schemas/core';
import { ApiError } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { changeComment } from './comment-changes';
import { createCase } from './create';
import { reviewDecision, switchMonitoring } from './decisions';
import { recordEvent } from '../case-store/events';
import { publishCaseChange } from './events';
import { exportRow } from './export';
import { csvStream, xlsxStream } from '../http/spreadsheet';
import { filterRange, firstBatchFirst, listCases, streamCases } from './list';
import {
  assignableUsers,
  caseComments,
  caseEvents,
  caseFaceImage,
  insertComment,
  lockCasesByReference,
  markCaseDeleted,
  touchCase,
  userNames,
} from './queries';
import { filterHits, findCase, findHit, hitFacets } from '../case-store/read';
import { renderCaseReport } from './report';
import { caseEntityMentions } from './media-mentions';
import { EXPORT_COLUMNS, toCaseView } from '../case-store/views';

const aml = (...permissions: Requirement['permissions'] & string[]): Requirement => ({
  permissions,
  service: 'aml_screening',
  allowedWithoutPlanDetails: true,
});
const MAKE_CASE = findRoute('make-case').requirement;
const VIEW_CASE = findRoute('case').requirement;
const CASE_DETAIL = findRoute('case-detail').requirement;
const MANAGE_CASE = findRoute('manage-case').requirement;

const EXPORT_HEADER: Record<(typeof CASE_EXPORT_KEYS)[number], string> = {
  reference: 'Case reference',
  search_term: 'Searched name',
  entity_type: 'Entity type',
  hit_count: 'Hits',
  match_status: 'Match status',
  case_status: 'Case status',
  risk_level: 'Risk level',
  created_at: 'Created at',
  updated_at: 'Updated at',
  created_by: 'Created by',
  assignees: 'Assignees',
  aml_monitoring: 'AML monitoring',
  adverse_media_monitoring: 'Adverse media monitoring',
  client_reference: 'Client reference',
  national_id: 'National ID',
  batch_name: 'Batch name',
  databases: 'Databases',
  relevance: 'Relevance',
  is_deleted: 'Deleted',
  deleted_by: 'Deleted by',
  deleted_at: 'Deleted at',
  delete_reason: 'Deletion reason',
};

export function caseRoutes() {
  return [
    route({
      method: 'POST',
      path: '/search',
      operationId: 'screenEntity',
      ids: { 'body.search_profile_id': { kind: 'search_profile', unknown: 400 }, 'body.risk_engine_id': { kind: 'risk_engine', unknown: 400 } },
      examples: [
        { body: { search_term: 'Jane Example', entity_type: 'person', search_type: 'profile', search_profile_id: '<search profile id>' } },
        { body: { search_term: 'Jane Example', entity_type: 'person', risk_engine_id: '<risk engine id>' } },
      ],
      attack: {
        runs: { count: 60, reason: 'an accepted request screens the lists and creates a case' },
        notIds: {
          'body.national_id': "the searched person's national identity number, not a record",
        },
      },
      tag: 'Screening',
      summary: 'Screens a name against the lists and creates a case with its hits; spends one AML Screening credit.',
      access: MAKE_CASE,
      body: SearchBody,
      async handler({ deps, auth, body }) {
        const created = await createCase(deps, auth, body);
        return done(
          'case_created',
          { reference: created.reference, _id: created.id, hit_count: created.hit_count, case_status: created.case_status, took_ms: created.took_ms },
          { ref: created.reference },
        );
      },
    }),
    route({
      method: 'GET',
      path: '/searches',
      operationId: 'listCases',
      tag: 'Screening',
      summary: 'Manage Case: the organisation\'s cases, filtered, sorted and paginated on the server.',
      access: MANAGE_CASE,
      query: CaseListQuery,
      async handler({ org, auth, query }) {
        const { rows, total } = await listCases(org, query, auth.user.id);
        return pageOf(query, total, rows.map(toCaseView));
      },
    }),
    route({
      method: 'GET',
      path: '/search_result_filter',
      operationId: 'getCase',
      ids: { 'query.reference': 'case' },
      examples: [{ query: { reference: '<case reference>' } }],
      tag: 'Screening',
      summary: 'One case with its entity results, filtered on the server by relevance, database, match status, risk level and score.',
      access: VIEW_CASE,
      query: HitFilterQuery,
      async handler({ org, query }) {
        const { row, view } = await findCase(org, query.reference);
        const [hits, facets] = await Promise.all([filterHits(org, row.id, query), hitFacets(org, row.id)]);
        return { case: view, data: hits, total: hits.length, facets };
      },
    }),
    route({
      method: 'GET',
      path: '/record',
      operationId: 'getCaseEntity',
      ids: { 'query.reference': 'case', 'query.id': 'hit' },
      examples: [{ query: { reference: '<case reference>', id: '<entity id>' } }],
      tag: 'Screening',
      summary: 'One entity of a case: the listed record as screened, why it matched, its decision, and the previous and next entities.',
      access: CASE_DETAIL,
      query: RecordQuery,
      async handler({ org, query }) {
        const { row, view } = await findCase(org, query.reference);
        return { case: view, entity: await findHit(org, row.id, query.id) };
      },
    }),
    route({
      method: 'GET',
      path: '/record-adverse-media',
      operationId: 'getCaseEntityAdverseMedia',
      ids: { 'query.reference': 'case', 'query.id': 'hit' },
      examples: [{ query: { reference: '<case reference>', id: '<entity id>' } }],
      tag: 'Screening',
      summary:
        "The Adverse Media tab of one entity of a case: articles (the shared corpus and the organisation's custom sources) mentioning the searched name or the entity's names and aliases in any script, each with the name and words that matched and how closely; looked for on the first request and kept, with what adverse-media monitoring found since marked new until shown once.",
      access: CASE_DETAIL,
      query: RecordQuery,
      async handler({ org, query, deps }) {
        return caseEntityMentions(deps, org, query.reference, query.id);
      },
    }),
    route({
      method: 'GET',
      path: '/case-history',
      operationId: 'getCaseHistory',
      ids: { 'query.reference': 'case' },
      examples: [{ query: { reference: '<case reference>' } }],
      tag: 'Screening',
      summary: 'Everything that happened to a case and its entities, newest first.',
      access: VIEW_CASE,
      query: CaseRefQuery,
      async handler({ org, query }) {
        const { row } = await findCase(org, query.reference);
        return { data: await caseEvents(org, row.id) };
      },
    }),
    route({
      method: 'GET',
      path: '/search-actions-logs',
      operationId: 'getCaseActionLog',
      ids: { 'query.reference': 'case', 'query.id': 'hit' },
      examples: [{ query: { reference: '<case reference>', id: '<entity id>' } }],
      tag: 'Screening',
      summary: 'The actions taken on one entity of a case (or the whole case without id), newest first.',
      access: CASE_DETAIL,
      query: EntityLogQuery,
      async handler({ org, query }) {
        const { row } = await findCase(org, query.reference);
        if (query.id) await findHit(org, row.id, query.id);
        return { data: await caseEvents(org, row.id, query.id) };
      },
    }),
    route({
      method: 'POST',
      path: '/decision-review',
      operationId: 'reviewDecisions',
      ids: { 'body.references': 'case', 'body.reference': 'case', 'body.entity_ids': 'hit', 'body.assignee_ids': { kind: 'user', unknown: 400 } },
      examples: [
        { body: { reference: '<case reference>', entity_ids: ['<entity id>'], risk_level: 'High', assignee_ids: ['<user id>'] } },
        { body: { references: ['<case reference>'], risk_level: 'Medium' } },
      ],
      tag: 'Screening',
      summary: 'Decides selected cases (references) or entities of one case (reference + entity_ids): risk level, match status, case status, assignees, monitoring, comment.',
      access: aml('update_case'),
      body: DecisionBody,
      async handler({ deps, org, auth, body }) {
        return done('decision_saved', await reviewDecision(deps, org, auth, body));
      },
    }),
    route({
      method: 'POST',
      path: '/monitor',
      operationId: 'setCaseMonitoring',
      ids: { 'body.reference': 'case', 'body.entity_id': 'hit' },
      examples: [{ body: { reference: '<case reference>', entity_id: '<entity id>', kind: 'aml', enabled: true } }],
      tag: 'Screening',
      summary: 'Switches AML or adverse-media ongoing monitoring on or off for a case or one of its entities.',
      access: aml('update_case'),
      body: MonitorBody,
      async handler({ deps, org, auth, body }) {
        return done('monitoring_updated', await switchMonitoring(deps, org, auth, { ...body, enabled: toBoolean(body.enabled) }));
      },
    }),
    route({
      method: 'POST',
      path: '/delete-cases',
      operationId: 'deleteCases',
      ids: { 'body.references': 'case' },
      examples: [{ body: { references: ['<case reference>'], reason: 'Opened by mistake, closing it' } }],
      tag: 'Screening',
      summary: 'Deletes cases with a reason (10 to 200 characters). Deletion is permanent: the case stays visible under the deleted filter, read-only.',
      access: aml('delete_case'),
      body: DeleteCasesBody,
      async handler({ deps, org, auth, body }) {
        const references = [...new Set(body.references)];
        if (!references.length) throw new ApiError(400, 'select_records');
        if (references.length > MAX_BULK_RECORDS) throw new ApiError(400, 'too_many_records', { max: MAX_BULK_RECORDS });
        const actor = { id: auth.user.id, name: auth.user.name };
        const rows = await org.transaction(async (tx) => {
          const found = await lockCasesByReference(tx, references);
          if (found.length !== references.length) throw new ApiError(404, 'not_found');
          if (found.some((c) => c.is_deleted)) throw new ApiError(409, 'case_deleted_locked');
          for (const c of found) {
            await markCaseDeleted(tx, c.id, actor.id, body.reason.trim());
            await recordEvent(tx, { case_id: c.id, actor, action: 'deleted', details: { reason: body.reason.trim() } });
          }
          return found.map(({ id, reference }) => ({ id, reference }));
        });
        void publishCaseChange(deps, rows, actor.id, org);
        return done('cases_deleted', { deleted: rows.map((r) => r.reference) });
      },
    }),
    route({
      method: 'GET',
      path: '/common-case-keys',
      operationId: 'listCaseExportColumns',
      tag: 'Screening',
      summary: 'The columns of the Manage Case export, in order, with their English headings.',
      access: MANAGE_CASE,
      async handler() {
        return { data: CASE_EXPORT_KEYS.map((key) => ({ key, label: EXPORT_HEADER[key] })) };
      },
    }),
    route({
      method: 'GET',
      path: '/download-cases',
      operationId: 'exportCases',
      tag: 'Screening',
      summary: 'Exports every case of the Manage Case filters as CSV or Excel (xlsx), streamed.',
      access: aml('export_cases', 'view_manage_case'),
      query: CaseExportQuery,
      async handler({ org, auth, query, reply }) {
        // Validate the filter (custom dates) before the answer starts, so a bad range is a 400, not a broken file.
        filterRange(query);
        // The organisation's user names once, rather than three look-ups per exported row.
        const names = await userNames(org);
        const ref = (id: string | null) => (id && names.has(id) ? { _id: id, name: names.get(id)! } : null);
        // The first batch is read before the first byte: whatever the query itself cannot do answers as an error, not as a file.
        // A failure after that destroys the stream, so the client sees a broken transfer, never a complete-looking file.
        const cases = await firstBatchFirst(streamCases(org, query, auth.user.id, { columns: EXPORT_COLUMNS }));
        const batches = (async function* () {
          for await (const rows of cases) {
            yield rows.map((r) =>
              exportRow(
                toCaseView({
                  ...r,
                  created_by_ref: ref(r.created_by),
                  deleted_by_ref: ref(r.deleted_by),
                  assignees_ref: (r.assignee_ids ?? []).map(ref).filter(Boolean),
                }),
              ),
            );
          }
        })();
        const columns = CASE_EXPORT_KEYS.map((key) => ({ key, header: EXPORT_HEADER[key] }));
        const stamp = new Date().toISOString().slice(0, 10);
        if (query.format === 'xlsx') {
          reply
            .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header('content-disposition', `attachment; filename="cases-${stamp}.xlsx"`);
          return reply.send(xlsxStream(columns, batches, { sheetName: 'Cases' }));
        }
        reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="cases-${stamp}.csv"`);
        return reply.send(csvStream(columns, batches));
      },
    }),
    route({
      method: 'GET',
      path: '/generate-pdf',
      operationId: 'getCaseReportPdf',
      ids: { 'query.reference': 'case' },
      examples: [{ query: { reference: '<case reference>' } }],
      attack: { notIds: { 'query.id': 'not read by the whole-case report (case-report reads it)' } },
      tag: 'Screening',
      summary: 'The case report as a PDF: search and case information, every entity with its decision and explanation, comments and history.',
      access: VIEW_CASE,
      query: ReportQuery,
      async handler({ org, auth, query, reply }) {
        const { row, view } = await findCase(org, query.reference);
        const [hits, comments, events] = await Promise.all([filterHits(org, row.id, { sort_by: 'score' }), caseComments(org, row.id), caseEvents(org, row.id)]);
        const fullHits = await Promise.all(hits.map((h) => findHit(org, row.id, h._id)));
        const doc = renderCaseReport({ organisation: auth.organisation.name, brand: auth.organisation.white_labeling_for, generatedBy: auth.user.name, kase: view, hits: fullHits, comments: comments.filter((c) => !c.is_deleted), events });
        reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="case-${view.reference}.pdf"`);
        return reply.send(doc);
      },
    }),
    route({
      method: 'GET',
      path: '/case-report',
      operationId: 'getEntityReportPdf',
      ids: { 'query.reference': 'case', 'query.id': 'hit' },
      examples: [{ query: { reference: '<case reference>', id: '<entity id>' } }],
      tag: 'Screening',
      summary: 'The report of one entity of a case as a PDF.',
      access: CASE_DETAIL,
      query: ReportQuery,
      async handler({ org, auth, query, reply }) {
        const { row, view } = await findCase(org, query.reference);
        if (!query.id) throw new ApiError(404, 'not_found');
        const hit = await findHit(org, row.id, query.id);
        const [comments, events] = await Promise.all([caseComments(org, row.id, hit._id), caseEvents(org, row.id, hit._id)]);
        const doc = renderCaseReport({ organisation: auth.organisation.name, brand: auth.organisation.white_labeling_for, generatedBy: auth.user.name, kase: view, hits: [hit], comments: comments.filter((c) => !c.is_deleted), events, single: true });
        reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="case-${view.reference}-${hit.position}.pdf"`);
        return reply.send(doc);
      },
    }),
    route({
      method: 'GET',
      path: '/face-image',
      operationId: 'getCaseFaceImage',
      ids: { 'query.reference': 'case' },
      examples: [{ query: { reference: '<case reference>' } }],
      tag: 'Screening',
      summary: 'The face image uploaded with a case.',
      access: VIEW_CASE,
      query: CaseRefQuery,
      async handler({ org, query, reply }) {
        const row = await caseFaceImage(org, query.reference);
        if (!row?.face_image) throw new ApiError(404, 'not_found');
        return reply.header('content-type', row.face_image_type).header('cache-control', 'private, max-age=3600').send(Buffer.from(row.face_image));
      },
    }),
    route({
      method: 'GET',
      path: '/source_details',
      operationId: 'findListedEntities',
      attack: { notIds: { 'query.entity_id': 'an entity of the public lists, which belong to no organisation' } },
      tag: 'Screening',
      summary: 'A listed entity by id, or the listed entities closest to a name (the linked-entity search); no case, no credit.',
      access: CASE_DETAIL,
      query: SourceDetailsQuery,
      async handler({ deps, query }) {
        const engine = deps.screening;
        if (engine.status().state !== 'ready') throw new ApiError(503, 'lists_loading');
        if (query.entity_id) {
          const entity = engine.getEntity(query.entity_id);
          if (!entity) throw new ApiError(404, 'not_found');
          return { entity };
        }
        const term = query.search?.trim() ?? '';
        if (!term) return { data: [] };
        // A linked name may be a person or an organisation: look for both unless told which.
        const types = query.entity_type ? [query.entity_type] : (['person', 'company'] as const);
        const best = new Map<string, ReturnType<typeof engine.screen>['hits'][number]>();
        for (const entity_type of types) {
          for (const h of engine.screen({ search_term: term.slice(0, 100), entity_type, match_score: 70, limit: 10 }).hits) {
            if ((best.get(h.entity_id)?.score ?? -1) < h.score) best.set(h.entity_id, h);
          }
        }
        const hits = [...best.values()].sort((a, b) => b.score - a.score).slice(0, 10);
        return { data: hits.map((h) => ({ entity_id: h.entity_id, name: h.name, matched_name: h.matched_name, score: h.score, database: h.database, source: h.source, countries: h.countries, kind: h.kind })) };
      },
    }),
    route({
      method: 'GET',
      path: '/sources',
      operationId: 'listSources',
      tag: 'Screening',
      summary: 'The lists screened against, with their database, size, version and load time.',
      access: { service: 'aml_screening', allowedWithoutPlanDetails: true },
      async handler({ deps }) {
        const status = deps.screening.status();
        return { state: status.state, data: status.lists.map((l) => ({ id: l.id, name: l.name, database: l.database, entities: l.entities, version: l.version, loaded_at: l.loaded_at || null })) };
      },
    }),
    route({
      method: 'GET',
      path: '/case-assignees',
      operationId: 'listCaseAssignees',
      tag: 'Screening',
      summary: 'Active users of the organisation a case can be assigned to.',
      access: aml('update_case'),
      async handler({ org }) {
        const rows = await assignableUsers(org);
        return { data: rows.map((r) => ({ _id: r.id, name: r.name, email: r.email })) };
      },
    }),

    // Comments
    route({
      method: 'GET',
      path: '/comments',
      operationId: 'listCaseComments',
      ids: { 'query.reference': 'case', 'query.entity_id': 'hit' },
      examples: [{ query: { reference: '<case reference>', entity_id: '<entity id>' } }],
      tag: 'Comments',
      summary: 'Comments of a case, or of one of its entities with entity_id; deleted ones keep their place without their text.',
      access: CASE_DETAIL,
      query: CommentsQuery,
      async handler({ org, query }) {
        const { row } = await findCase(org, query.reference);
        if (query.entity_id) await findHit(org, row.id, query.entity_id);
        return { data: await caseComments(org, row.id, query.entity_id) };
      },
    }),
    route({
      method: 'POST',
      path: '/add-comment',
      operationId: 'addCaseComment',
      ids: { 'body.reference': 'case', 'body.entity_id': 'hit' },
      examples: [{ body: { reference: '<case reference>', entity_id: '<entity id>', text: 'Checked against the register' } }],
      tag: 'Comments',
      summary: 'Adds a comment (2 to 512 characters, none of ( ) [ ] { } < >) to a case or one of its entities.',
      access: aml('post_comment_on_case'),
      body: AddCommentBody,
      async handler({ deps, org, auth, body }) {
        const actor = { id: auth.user.id, name: auth.user.name };
        const { row } = await findCase(org, body.reference);
        if (row.is_deleted) throw new ApiError(409, 'case_deleted_locked');
        const hit = body.entity_id ? await findHit(org, row.id, body.entity_id) : null;
        const commentId = await org.transaction(async (tx) => {
          const id = await insertComment(tx, { caseId: row.id, hitId: hit?._id ?? null, userId: actor.id, text: body.text.trim() });
          await touchCase(tx, row.id);
          await recordEvent(tx, { case_id: row.id, hit_id: hit?._id ?? null, actor, action: 'comment_added', details: { comment_id: id, text: body.text.trim() } });
          return id;
        });
        void publishCaseChange(deps, [{ id: row.id, reference: row.reference }], actor.id, org);
        return done('comment_added', { _id: commentId });
      },
    }),
    route({
      method: 'POST',
      path: '/update-comment',
      operationId: 'updateCaseComment',
      ids: { 'body.id': 'comment' },
      examples: [{ body: { id: '<comment id>', text: 'Checked against the register again' } }],
      tag: 'Comments',
      summary: 'Edits one\'s own comment; it is marked edited with the time.',
      access: aml('post_comment_on_case'),
      body: UpdateCommentBody,
      async handler({ deps, org, auth, body }) {
        await changeComment(deps, org, auth, body.id, { action: 'comment_edited', text: body.text.trim() });
        return done('comment_updated', { _id: body.id });
      },
    }),
    route({
      method: 'POST',
      path: '/delete-comment',
      operationId: 'deleteCaseComment',
      ids: { 'body.id': 'comment' },
      examples: [{ body: { id: '<comment id>', reason: 'Posted on the wrong case' } }],
      tag: 'Comments',
      summary: 'Deletes a comment with a reason (10 to 200 characters): one\'s own, or any as the organisation\'s administrator.',
      access: aml('post_comment_on_case'),
      body: DeleteCommentBody,
      async handler({ deps, org, auth, body }) {
        await changeComment(deps, org, auth, body.id, { action: 'comment_deleted', reason: body.reason.trim() });
        return done('comment_deleted', { _id: body.id });
      },
    }),
  ];
}
