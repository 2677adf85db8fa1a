/**
 * The audit history (docs/decisions.md: /audit-history behind
 * view_audit_history): sign-ins, user and role changes, two-factor and
 * password changes, key and secret changes, with actor, time and address;
 * readable a page at a time and exported as CSV.
 */
import { findRoute } from '../../common/access';
import { AuditExportQuery, AuditQuery } from '../../common/schemas/admin';
import { pageOf } from '../http/reply';
import { route } from '../http/routes';
import { auditCsv } from './csv';
import { exportAudit, listAudit } from './query';

const VIEW = findRoute('audit-history').requirement;

export function auditRoutes() {
  return [
    route({
      method: 'GET',
      path: '/audit-history',
      operationId: 'listAuditEvents',
      tag: 'Audit history',
      summary: "The organisation's audit trail, newest first, filtered by category, actor and days.",
      access: VIEW,
      query: AuditQuery,
      async handler({ org, query }) {
        const { total, rows } = await listAudit(org, query, query.page, query.page_size);
        return pageOf(query, total, rows);
      },
    }),

    route({
      method: 'GET',
      path: '/download-audit-history',
      operationId: 'exportAuditEvents',
      tag: 'Audit history',
      summary: 'The filtered audit trail as a CSV file (at most 50,000 events, newest first).',
      access: VIEW,
      query: AuditExportQuery,
      async handler({ org, query, reply }) {
        const events = await exportAudit(org, query);
        const day = new Date().toISOString().slice(0, 10);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-history-${day}.csv"`)
          .header('cache-control', 'no-store');
        return reply.send(auditCsv(events));
      },
    }),
  ];
}
