/**
 * The ongoing monitoring calls of section 7 (docs/monitoring-configuration.md): get-ongoing-monitoring-settings,
 * update-ongoing-monitoring-settings and get-ongoing-pdf-report. Reading and the report need the Monitoring
 * Configuration screen's requirement (view_ongoing_monitoring_settings and the organisation flag
 * show_monitoring_configuration); saving also needs update_ongoing_monitoring_settings. SQL lives in
 * monitoring-settings.ts and monitoring-report.ts.
 */
import { findRoute, withPermission, type Requirement } from '../../common/access';
import { monitoringSettingsProblems } from '../../common/monitoring';
import { MonitoringReportQuery, UpdateMonitoringSettingsBody } from '../../common/schemas/monitoring';
import { auditAction } from '../audit/actor';
import { ApiError } from '../http/errors';
import { done } from '../http/reply';
import { route } from '../http/routes';
import { filterRange } from './list';
import { monitoredCasesIn, renderMonitoringReport, reportFileName } from './monitoring-report';
import { saveSettings, settingsOf, settingsView, webhooksAvailable } from './monitoring-settings';

const CONFIGURATION: Requirement = findRoute('monitoring-configuration').requirement;
const UPDATE = withPermission(CONFIGURATION, 'update_ongoing_monitoring_settings');

export function monitoringRoutes() {
  return [
    route({
      method: 'GET',
      path: '/get-ongoing-monitoring-settings',
      operationId: 'getMonitoringSettings',
      tag: 'Ongoing monitoring',
      summary:
        "The organisation's monitoring configuration (the defaults until it saves one: 365 days, daily, in the app and by e-mail) with the next and last digest, the alerts waiting, the cases monitored now and whether a web hook can receive alerts.",
      access: CONFIGURATION,
      examples: [{}],
      async handler({ org }) {
        return settingsView(org);
      },
    }),

    route({
      method: 'POST',
      path: '/update-ongoing-monitoring-settings',
      operationId: 'updateMonitoringSettings',
      tag: 'Ongoing monitoring',
      summary:
        'Saves the whole configuration: duration (30, 90, 365 or custom with custom_end_date, a future YYYY-MM-DD), alert_frequency and channels (at least one; webhooks only once a web hook is registered). Answers the configuration as get-ongoing-monitoring-settings does.',
      access: UPDATE,
      body: UpdateMonitoringSettingsBody,
      examples: [
        { body: { duration: '90', alert_frequency: 'weekly', channels: ['in_app', 'email'] } },
        { body: { duration: 'custom', custom_end_date: '2099-12-31', alert_frequency: 'monthly', channels: ['email'] } },
      ],
      async handler(ctx) {
        const { org, auth } = ctx;
        const body = { ...ctx.body, custom_end_date: ctx.body.custom_end_date ?? null };
        const problems = monitoringSettingsProblems(body, { webhooksAvailable: await webhooksAvailable(org) });
        for (const field of ['custom_end_date', 'channels'] as const) {
          if (problems[field]) throw new ApiError(400, problems[field], {}, field);
        }
        await org.transaction(async (tx) => {
          const { before, after } = await saveSettings(tx, body, auth.user.id);
          await auditAction(tx, ctx, 'monitoring_settings.updated', { type: 'organisation', id: auth.organisation.id }, { before: settingsOf(before), after });
        });
        return done('monitoring_settings_updated', await settingsView(org));
      },
    }),

    route({
      method: 'GET',
      path: '/get-ongoing-pdf-report',
      operationId: 'getMonitoringReportPdf',
      tag: 'Ongoing monitoring',
      summary:
        'The ongoing monitoring report as a PDF: the configuration, then every case monitored in the period with its reference, name, monitoring start and end, and the findings gathered and sent. The period is a date preset or a custom range (date_from, date_to) as Manage Case takes them; the last 30 days by default.',
      access: CONFIGURATION,
      query: MonitoringReportQuery,
      examples: [{}, { query: { date_preset: 'this_month' } }],
      async handler({ org, auth, query, reply }) {
        const custom = Boolean(query.date_from?.trim() || query.date_to?.trim());
        const found = filterRange({ ...query, date_preset: query.date_preset ?? (custom ? undefined : 'last_30_days') })!;
        const range = { from: found.from, to: found.to, tzOffset: query.tz_offset ?? 0 };
        const view = await settingsView(org);
        const cases = await monitoredCasesIn(org, range, view);
        const doc = renderMonitoringReport({ organisation: auth.organisation.name, brand: auth.organisation.white_labeling_for, generatedBy: auth.user.name, range, view, cases });
        reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${reportFileName(range)}"`);
        return reply.send(doc);
      },
    }),
  ];
}
