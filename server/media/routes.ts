/**
 * The Media Watcher calls (section 7 "Media"; docs/media-watcher.md): the media search and its "Fetch more"
 * (each a paid check: one Media Watcher credit), media cases (create, list, detail, read, update, delete,
 * export, report) and an article's highlighted text. Searching and changing need create_adverse_media,
 * reading view_adverse_media, both with the media_watcher service (common/access.ts). Each call is scoped
 * to the caller's organisation: another organisation's media case or article answers 404 as an unknown one.
 * Part of the public API (app.ts acceptApiKeys), like the screening calls.
 */
import { findRoute } from '../../common/access';
import { MEDIA_LIMITS, type ArticleMatchStatus, type MediaSearchAnswer } from '../../common/media';
import { toBoolean } from '../../common/schemas/core';
import {
  CreateMediaCaseBody,
  HighlightTextBody,
  MediaCaseDeleteBody,
  MediaCaseExportQuery,
  MediaCaseListQuery,
  MediaCaseReadBody,
  MediaCaseUpdateBody,
  MediaFetchMoreBody,
  MediaSearchBody,
  toMediaQuery,
} from '../../common/schemas/media';
import { MAX_BULK_RECORDS } from '../../common/schemas/cases';
import { auditAction } from '../audit/actor';
import { ApiError } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { csvStream, xlsxStream } from '../http/spreadsheet';
import { checkMediaCredit, spendMediaCredit } from '../media-corpus/credits';
import { highlightArticle } from '../media-corpus/highlight';
import { searchArticles } from '../media-corpus/search';
import { findMediaCase, insertMediaCase, lockMediaCases, markMediaCaseDeleted, mediaCaseArticles, setArticleStatuses, setMediaCasesRead, toMediaCaseView, updateMediaCase } from './data';
import { MEDIA_EXPORT_COLUMNS, mediaExportRow } from './export';
import { checkDates, listMediaCases, streamMediaCases } from './list';
import { renderMediaCaseReport } from './report';

const SEARCH = findRoute('media-search').requirement;
const VIEW = findRoute('media-manage-case').requirement;
const TAG = 'Media Watcher';
const CASE_REF = { 'path.reference': 'media_case' } as const;

const EXAMPLE_QUERY = { keywords: [{ term: 'fraud', mode: 'all' }, { term: 'money laundering', mode: 'any' }], match: 'broad', languages: ['en'], window: { amount: 5, unit: 'years' }, sort: 'relevance' };

const SEARCH_ATTACK = {
  runs: { count: 80, reason: 'an accepted request searches the whole corpus and spends a Media Watcher credit' },
};

export function mediaRoutes() {
  return [
    route({
      method: 'POST',
      path: '/adverse-media',
      operationId: 'searchMedia',
      examples: [{ body: EXAMPLE_QUERY }],
      attack: SEARCH_ATTACK,
      tag: TAG,
      summary:
        'Searches the media corpus and the organisation\'s custom sources: keyword chips (all, any, exclude), exact phrase or broad match (stems, other scripts), countries, languages, a publication window, adverse articles only; the first 20 results. Spends one Media Watcher credit (402 media_credits with credits_expired when none is left).',
      access: SEARCH,
      body: MediaSearchBody,
      async handler({ org, auth, body }) {
        await checkMediaCredit(org);
        const query = toMediaQuery(body);
        const found = await searchArticles(org, query, { offset: 0, limit: MEDIA_LIMITS.pageSize });
        // A search is not stored (a media case is made from it later), so its ledger row has no subject.
        const credits = await spendMediaCredit(org, { reason: 'media_search', actorId: auth.user.id });
        return { total: found.total, offset: 0, results: found.results, credits } satisfies MediaSearchAnswer;
      },
    }),

    route({
      method: 'POST',
      path: '/adverse-media/fetch-more',
      operationId: 'fetchMoreMedia',
      examples: [{ body: { ...EXAMPLE_QUERY, offset: 20 } }],
      attack: SEARCH_ATTACK,
      tag: TAG,
      summary: 'The next 20 results of a media search (offset a multiple of 20, at most 1000). A paid check like the search: spends one Media Watcher credit.',
      access: SEARCH,
      body: MediaFetchMoreBody,
      async handler({ org, auth, body }) {
        await checkMediaCredit(org);
        const { offset, ...rest } = body;
        const at = Number(offset);
        const found = await searchArticles(org, toMediaQuery(rest), { offset: at, limit: MEDIA_LIMITS.pageSize });
        const credits = await spendMediaCredit(org, { reason: 'media_fetch_more', actorId: auth.user.id });
        return { total: found.total, offset: at, results: found.results, credits } satisfies MediaSearchAnswer;
      },
    }),

    route({
      method: 'POST',
      path: '/adverse-media/create',
      operationId: 'createMediaCase',
      ids: { 'body.article_ids': 'article' },
      examples: [{ body: { name: 'Supplier due diligence', query: EXAMPLE_QUERY, article_ids: ['<article id>'] } }],
      tag: TAG,
      summary: 'Stores a media case: a name, the search that found the articles, and the articles kept from its results (1 to 500). Answers the new reference (MW-000012).',
      access: SEARCH,
      body: CreateMediaCaseBody,
      async handler(ctx) {
        const { org, body, auth } = ctx;
        const input = { name: body.name.trim(), query: toMediaQuery(body.query), articleIds: body.article_ids, userId: auth.user.id };
        const created = await org.transaction(async (tx) => {
          const made = await insertMediaCase(tx, input);
          await auditAction(tx, ctx, 'media_case.created', { type: 'media_case', id: made.id }, { reference: made.reference, name: input.name, articles: new Set(input.articleIds).size });
          return made;
        });
        return done('media_case_created', { reference: created.reference }, { ref: created.reference });
      },
    }),

    route({
      method: 'GET',
      path: '/adverse-media',
      operationId: 'listMediaCases',
      examples: [{ query: { page: 1, page_size: 20, case_status: 'For Review' } }],
      tag: TAG,
      summary:
        "The organisation's media cases, newest first, a page at a time: search (name, reference or keyword), case status, risk level, read or unread, category, created between date_from and date_to (YYYY-MM-DD), deleted=true for the deleted ones.",
      access: VIEW,
      query: MediaCaseListQuery,
      async handler({ org, query }) {
        const { total, rows } = await listMediaCases(org, query);
        return pageOf(query, total, rows.map(toMediaCaseView));
      },
    }),

    route({
      method: 'GET',
      path: '/adverse-media/detail-page/:reference',
      operationId: 'getMediaCase',
      ids: CASE_REF,
      examples: [{ params: { reference: '<media case reference>' } }],
      tag: TAG,
      summary: 'A media case with its articles in the order they were kept, each with its match status. Opening it marks nothing read (the page calls adverse-media/read).',
      access: VIEW,
      async handler({ org, params }) {
        const { row, view } = await findMediaCase(org, params.reference);
        return { case: view, articles: await mediaCaseArticles(org, row.id) };
      },
    }),

    route({
      method: 'POST',
      path: '/adverse-media/read',
      operationId: 'markMediaCasesRead',
      ids: { 'body.references': 'media_case' },
      examples: [{ body: { references: ['<media case reference>'], is_read: true } }],
      tag: TAG,
      summary: 'Marks media cases read or unread; answers how many changed.',
      access: VIEW,
      body: MediaCaseReadBody,
      async handler({ org, body }) {
        const references = [...new Set(body.references.map((r) => r.trim()))];
        if (!references.length) throw new ApiError(400, 'select_records', {}, 'references');
        if (references.length > MAX_BULK_RECORDS) throw new ApiError(400, 'too_many_records', { max: MAX_BULK_RECORDS }, 'references');
        const updated = await org.transaction(async (tx) => {
          const rows = await lockMediaCases(tx, references);
          return setMediaCasesRead(
            tx,
            rows.map((r) => r.id),
            toBoolean(body.is_read),
          );
        });
        return { updated };
      },
    }),

    route({
      method: 'POST',
      path: '/adverse-media/update',
      operationId: 'updateMediaCase',
      ids: { 'body.reference': 'media_case' },
      examples: [{ body: { reference: '<media case reference>', case_status: 'Failed', risk_level: 'High' } }],
      tag: TAG,
      summary: "Changes a media case's name, case status or risk level, and the match status of its articles (Potential Match, True Positive, False Positive).",
      access: SEARCH,
      body: MediaCaseUpdateBody,
      async handler(ctx) {
        const { org, body, auth } = ctx;
        const changes = { name: body.name?.trim(), case_status: body.case_status, risk_level: body.risk_level };
        const decisions = (body.articles ?? []).map((a) => ({ id: a.id, match_status: a.match_status as ArticleMatchStatus }));
        if (!changes.name && !changes.case_status && !changes.risk_level && !decisions.length) throw new ApiError(400, 'decision_required');
        const reference = await org.transaction(async (tx) => {
          const [row] = await lockMediaCases(tx, [body.reference]);
          if (row.is_deleted) throw new ApiError(409, 'case_deleted_locked');
          const diff = await updateMediaCase(tx, row, changes);
          const articles = decisions.length ? await setArticleStatuses(tx, row.id, auth.user.id, decisions) : [];
          if (Object.keys(diff).length || articles.length) {
            await auditAction(tx, ctx, 'media_case.updated', { type: 'media_case', id: row.id }, { reference: row.reference, ...diff, ...(articles.length ? { articles } : {}) });
          }
          return row.reference as string;
        });
        const { view } = await findMediaCase(org, reference);
        return done('media_case_updated', view, { ref: reference });
      },
    }),

    route({
      method: 'POST',
      path: '/adverse-media/delete',
      operationId: 'deleteMediaCases',
      ids: { 'body.references': 'media_case' },
      examples: [{ body: { references: ['<media case reference>'], reason: 'Searched the wrong supplier by mistake' } }],
      tag: TAG,
      summary: 'Deletes media cases with a reason (10 to 200 characters). A deleted case stays visible under deleted=true, read-only.',
      access: SEARCH,
      body: MediaCaseDeleteBody,
      async handler(ctx) {
        const { org, body, auth } = ctx;
        const references = [...new Set(body.references.map((r) => r.trim()))];
        if (!references.length) throw new ApiError(400, 'select_records', {}, 'references');
        if (references.length > MAX_BULK_RECORDS) throw new ApiError(400, 'too_many_records', { max: MAX_BULK_RECORDS }, 'references');
        const reason = body.reason.trim();
        const deleted = await org.transaction(async (tx) => {
          const rows = await lockMediaCases(tx, references);
          if (rows.some((r) => r.is_deleted)) throw new ApiError(409, 'case_deleted_locked');
          for (const row of rows) {
            await markMediaCaseDeleted(tx, row.id, auth.user.id, reason);
            await auditAction(tx, ctx, 'media_case.deleted', { type: 'media_case', id: row.id }, { reference: row.reference, name: row.name, reason });
          }
          return rows.map((r) => r.reference as string);
        });
        return done('media_case_deleted', { deleted }, { count: deleted.length });
      },
    }),

    route({
      method: 'POST',
      path: '/highlight-text',
      operationId: 'highlightArticle',
      ids: { 'body.article_id': 'article' },
      examples: [{ body: { article_id: '<article id>', terms: ['fraud'], match: 'broad' } }],
      tag: TAG,
      summary:
        "An article's whole title and body as text segments: the adverse keywords the classifier found marked `keyword` with their category, and the searched terms marked `term` (broad: every inflected form and other-script spelling; exact: the phrase as written).",
      access: VIEW,
      body: HighlightTextBody,
      async handler({ org, body }) {
        return highlightArticle(org, body.article_id, body.terms ?? [], body.match);
      },
    }),

    route({
      method: 'GET',
      path: '/adverse-media-report/:reference',
      operationId: 'getMediaCaseReportPdf',
      ids: CASE_REF,
      examples: [{ params: { reference: '<media case reference>' } }],
      tag: TAG,
      summary: 'The media case report as a PDF: the case, its search, and every article kept with its decision, categories, sentiment, adverse keywords and address.',
      access: VIEW,
      async handler({ org, auth, params, reply }) {
        const { row, view } = await findMediaCase(org, params.reference);
        const articles = await mediaCaseArticles(org, row.id);
        const doc = renderMediaCaseReport({ organisation: auth.organisation.name, brand: auth.organisation.white_labeling_for, generatedBy: auth.user.name, kase: view, articles });
        reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="media-case-${view.reference}.pdf"`);
        return reply.send(doc);
      },
    }),

    route({
      method: 'GET',
      path: '/adverse-media/export',
      operationId: 'exportMediaCases',
      examples: [{ query: { format: 'csv', case_status: 'For Review' } }],
      tag: TAG,
      summary: 'Exports every media case of the Media Manage Case filters as CSV or Excel (xlsx), streamed.',
      access: VIEW,
      query: MediaCaseExportQuery,
      async handler({ org, query, reply }) {
        // A bad date is a 400 before the answer starts, not a broken file.
        checkDates(query);
        const cases = streamMediaCases(org, query);
        // The first batch is read before the first byte, so a failing query answers as an error, not as a file.
        const first = await cases.next();
        const batches = (async function* () {
          if (first.done) return;
          yield first.value.map((r) => mediaExportRow(toMediaCaseView(r)));
          for await (const rows of cases) yield rows.map((r) => mediaExportRow(toMediaCaseView(r)));
        })();
        const stamp = new Date().toISOString().slice(0, 10);
        if (query.format === 'xlsx') {
          reply
            .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header('content-disposition', `attachment; filename="media-cases-${stamp}.xlsx"`);
          return reply.send(xlsxStream(MEDIA_EXPORT_COLUMNS, batches, { sheetName: 'Media cases' }));
        }
        reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="media-cases-${stamp}.csv"`);
        return reply.send(csvStream(MEDIA_EXPORT_COLUMNS, batches));
      },
    }),
  ];
}
