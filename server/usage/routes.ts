/**
 * The usage statistics calls (section 1 "a usage report", section 2 /usage-statistics and /usage-report-pdf;
 * docs/usage-statistics.md). Statistics, the PDF and report links need the Usage Statistics screen's
 * requirement (the organisation flag usage_report); opening a report link needs only its token. SQL lives in
 * data.ts and links.ts.
 */
import { findRoute } from '../../common/access';
import { SharedUsageReportQuery, UsagePeriodQuery, UsageShareLinkBody } from '../../common/schemas/usage';
import { usagePeriodProblem, usageRange, type UsagePeriodQuery as PeriodQuery, type UsageReportLink } from '../../common/usage';
import { auditAction } from '../audit/actor';
import { ApiError } from '../http/errors';
import { done } from '../http/reply';
import { route } from '../http/routes';
import type { FastifyReply } from 'fastify';
import { reportOrganisation, usageStatistics } from './data';
import { issueReportLink, openReportLink, reportLinkUrl } from './links';
import { renderUsageReport, usageReportFileName } from './report';

const USAGE = findRoute('usage-statistics').requirement;
const TAG = 'Usage statistics';

/** The period asked for, or the 400 of its first problem (on its field). */
function rangeOf(query: PeriodQuery) {
  const problem = usagePeriodProblem(query);
  if (problem) throw new ApiError(400, problem.rule, {}, problem.field);
  return usageRange(query);
}

const PERIOD_EXAMPLES = [{}, { query: { date_preset: 'last_month' } }, { query: { date_preset: 'custom', date_from: '2026-01-01', date_to: '2026-01-31' } }];

const sendPdf = (reply: FastifyReply, doc: PDFKit.PDFDocument, fileName: string) =>
  // A report is the organisation's own business: no cache keeps a copy.
  reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(doc);

export function usageRoutes() {
  return [
    route({
      method: 'GET',
      path: '/usage-statistics',
      operationId: 'getUsageStatistics',
      tag: TAG,
      summary:
        "The organisation's usage in a period of UTC days: searches, hits, decisions, media searches, transactions and alerts per day and in total; searches, decisions and media searches per user; searches by case status and alerts by level. The period is a date preset or custom (date_from, date_to, at most 2 years); the last 30 days by default.",
      access: USAGE,
      query: UsagePeriodQuery,
      examples: PERIOD_EXAMPLES,
      async handler({ org, query }) {
        return usageStatistics(org, rangeOf(query));
      },
    }),

    route({
      method: 'GET',
      path: '/usage-statistics/report',
      operationId: 'downloadUsageReport',
      tag: TAG,
      summary: 'The usage report of a period as a PDF: the period, the totals, and tables per outcome, per user and per day. The period is taken as getUsageStatistics takes it.',
      access: USAGE,
      query: UsagePeriodQuery,
      examples: PERIOD_EXAMPLES,
      async handler({ org, auth, query, reply }) {
        const statistics = await usageStatistics(org, rangeOf(query));
        const doc = renderUsageReport({ organisation: auth.organisation.name, brand: auth.organisation.white_labeling_for, generatedBy: auth.user.name, statistics });
        return sendPdf(reply, doc, usageReportFileName(statistics));
      },
    }),

    route({
      method: 'POST',
      path: '/usage-statistics/share-link',
      operationId: 'createUsageReportLink',
      tag: TAG,
      summary:
        'Makes a link (/usage-report-pdf?token=...) that opens the usage report of a period without signing in, for 30 days. Answers the link, shown this once; the period is taken as getUsageStatistics takes it.',
      access: USAGE,
      body: UsageShareLinkBody,
      examples: [{ body: { date_preset: 'last_month' } }, { body: { date_preset: 'custom', date_from: '2026-01-01', date_to: '2026-01-31' } }],
      async handler(ctx) {
        const { org, auth, body, deps } = ctx;
        const range = rangeOf(body);
        const link = await org.transaction(async (tx) => {
          const made = await issueReportLink(tx, { range, purpose: 'share', userId: auth.user.id });
          await auditAction(tx, ctx, 'usage_report.link_created', { type: 'organisation', id: auth.organisation.id }, { first_day: range.first_day, last_day: range.last_day, expires_at: made.expires_at });
          return made;
        });
        const answer: UsageReportLink = {
          url: reportLinkUrl(deps.config.publicUrl, link.token),
          expires_at: link.expires_at,
          period: { date_preset: range.date_preset, first_day: range.first_day, last_day: range.last_day },
        };
        return done('usage_report_link_created', answer);
      },
    }),

    route({
      method: 'GET',
      path: '/usage-report-pdf',
      operationId: 'getSharedUsageReport',
      tag: TAG,
      summary:
        "The usage report a report link opens, as a PDF, without signing in: the link's organisation and period, with today's figures. An unknown link answers 404 'usage_report_link_invalid', an expired one 410 'usage_report_link_expired'.",
      public: true,
      query: SharedUsageReportQuery,
      async handler({ deps, query, reply }) {
        const { org, range } = await openReportLink(deps, query.token);
        const organisation = await reportOrganisation(org);
        const statistics = await usageStatistics(org, range);
        const doc = renderUsageReport({ organisation: organisation.name, brand: organisation.brand, generatedBy: 'a report link', statistics });
        return sendPdf(reply, doc, usageReportFileName(statistics));
      },
    }),
  ];
}
