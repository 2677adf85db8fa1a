/**
 * Transaction monitoring's alerts (section 7 "Transactions": transactions/alerts; docs/transaction-monitoring.md,
 * "Rules and alerts"): the alerts listing with filters and date presets, an alert's detail (transactions, timeline,
 * explanation, comments, network picture), and working it: a workflow step (common/tm-alerts.ts
 * ALERT_TRANSITIONS; any other move answers 409), an assignment (the assignee is notified), a comment. Behind the
 * organisation flag transaction_monitoring and view_transaction_monitoring; an API key may read alerts, not work
 * them. Another organisation's alert answers 404 as an unknown one.
 */
import { findRoute, type Requirement } from '../../common/access';
import { AlertAssignBody, AlertCommentBody, AlertListQuery, AlertWorkflowBody } from '../../common/schemas/tm-alerts';
import { auditAction } from '../audit/actor';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { notifyUser } from '../notifications/notify';
import { addAlertComment, alertDetail, assignAlert, assignableUsers, listAlerts, moveAlert } from './alerts-data';
import { alertLink } from './alerts-raise';

const ACCESS: Requirement = { ...findRoute('alerts-listing').requirement, permissions: ['view_transaction_monitoring'] };
const TAG = 'Transaction monitoring';
/**
 * Section 6 grants view_transaction_monitoring with the organisation flag (common/access.ts effectivePermissions), so
 * no user of an organisation with the flag lacks it: the attack suite's requirement check refuses the flag instead.
 */
const PERMISSION_SKIP = { permissions: 'view_transaction_monitoring comes with the transaction_monitoring flag (section 6), so no role lacks it where the flag is on; the requirement check covers the flag' };
const ATTACK = { skip: PERMISSION_SKIP };
const ALERT_REF = { 'path.alert_id': 'tm_alert' } as const;

export function alertRoutes() {
  return [
    route({
      method: 'GET',
      path: '/transactions/alerts',
      operationId: 'listTransactionAlerts',
      ids: { 'query.rule_id': { kind: 'tm_rule', unknown: 200 }, 'query.assignee': { kind: 'user', unknown: 200 }, 'query.customer_id': { kind: 'tm_customer', unknown: 200 } },
      examples: [
        { query: { page: 1, page_size: 20, status: 'open', level: 'high', date_preset: 'last_30_days' } },
        { query: { rule_id: '<rule id>', assignee: '<user id>', customer_id: '<customer id>' } },
      ],
      attack: ATTACK,
      tag: TAG,
      summary:
        "The organisation's alerts (alerts listing), a page at a time: alert id, level, workflow status, matched rules, assignee, created, last updated, channel, counterparty and triggered count. Filters: status and level (repeatable or comma-separated), rule_id, assignee (a user id, me or none), q (alert id, party, counterparty), party_key, customer_id, date_preset or date_from/date_to (YYYY-MM-DD) with tz_offset; sort.",
      access: ACCESS,
      apiKey: true,
      query: AlertListQuery,
      async handler({ org, query, auth }) {
        const { total, rows } = await listAlerts(org, query, auth.user.id);
        return pageOf(query, total, rows);
      },
    }),

    route({
      method: 'GET',
      path: '/transactions/alerts-assignees',
      operationId: 'listTransactionAlertAssignees',
      attack: ATTACK,
      tag: TAG,
      summary: "The organisation's active users an alert (or a transaction) can be assigned to: id, name and e-mail, by name.",
      access: ACCESS,
      async handler({ org }) {
        return { data: await assignableUsers(org) };
      },
    }),

    route({
      method: 'GET',
      path: '/transactions/alerts/:alert_id',
      operationId: 'getTransactionAlert',
      ids: ALERT_REF,
      examples: [{ params: { alert_id: '<alert id>' } }],
      attack: ATTACK,
      tag: TAG,
      summary:
        "An alert's detail: the alert, its rule, the last firing's explanation, the transactions behind it (the newest 200, with their count), its history and a timeline of history and transactions, comments, the workflow steps open to it now, and the counterparty network around the party (at most 60 accounts, transfers aggregated per pair).",
      access: ACCESS,
      apiKey: true,
      async handler({ org, params }) {
        return alertDetail(org, params.alert_id);
      },
    }),

    route({
      method: 'POST',
      path: '/transactions/alerts/:alert_id/workflow',
      operationId: 'moveTransactionAlert',
      ids: ALERT_REF,
      examples: [{ params: { alert_id: '<alert id>' }, body: { to: 'investigating', note: 'Looking at the senders.' } }],
      attack: ATTACK,
      tag: TAG,
      summary:
        "Moves an alert along its workflow: open → investigating → escalated; investigating or escalated → closed_true_positive or closed_false_positive; closed → investigating (reopen, with a note). Any other move answers 409 'tm_alert_transition_invalid' and changes nothing. Each step is kept in the alert's history; the assignee is notified when someone else moves it.",
      access: ACCESS,
      body: AlertWorkflowBody,
      async handler(ctx) {
        const { org, body, auth, params, deps } = ctx;
        const moved = await org.transaction(async (tx) => {
          const result = await moveAlert(tx, params.alert_id, body.to, body.note?.trim() || null, auth.user.id);
          await auditAction(tx, ctx, 'tm_alert.workflow', { type: 'tm_alert', id: result.id }, { alert_id: result.alert_id, from: result.from, to: body.to });
          if (result.assignee_id && result.assignee_id !== auth.user.id) {
            await notifyUser(
              deps,
              { organisation_id: org.organisationId, user_id: result.assignee_id, kind: 'tm_alert_status', params: { ref: result.alert_id, by: auth.user.name, status: body.to }, link: alertLink(result.alert_id) },
              tx,
            );
          }
          return result;
        });
        return done('tm_alert_updated', await alertDetail(org, moved.alert_id), { ref: moved.alert_id });
      },
    }),

    route({
      method: 'POST',
      path: '/transactions/alerts/:alert_id/assign',
      operationId: 'assignTransactionAlert',
      ids: { ...ALERT_REF, 'body.assignee_id': { kind: 'user', unknown: 400 } },
      examples: [{ params: { alert_id: '<alert id>' }, body: { assignee_id: '<user id>' } }],
      attack: ATTACK,
      tag: TAG,
      summary: 'Assigns an alert to an active user of the organisation (who is notified in the app and by e-mail), or to nobody with null.',
      access: ACCESS,
      body: AlertAssignBody,
      async handler(ctx) {
        const { org, body, auth, params, deps } = ctx;
        const assigned = await org.transaction(async (tx) => {
          const result = await assignAlert(tx, params.alert_id, body.assignee_id, auth.user.id);
          if (result.changed) {
            await auditAction(tx, ctx, 'tm_alert.assigned', { type: 'tm_alert', id: result.id }, { alert_id: result.alert_id, assignee: result.assignee?.name ?? null });
            if (result.assignee && result.assignee.id !== auth.user.id) {
              await notifyUser(
                deps,
                { organisation_id: org.organisationId, user_id: result.assignee.id, kind: 'tm_alert_assigned', params: { ref: result.alert_id, by: auth.user.name }, link: alertLink(result.alert_id) },
                tx,
              );
            }
          }
          return result;
        });
        const detail = await alertDetail(org, assigned.alert_id);
        return assigned.assignee ? done('tm_alert_assigned', detail, { ref: assigned.alert_id }) : done('tm_alert_unassigned', detail, { ref: assigned.alert_id });
      },
    }),

    route({
      method: 'POST',
      path: '/transactions/alerts/:alert_id/comments',
      operationId: 'commentTransactionAlert',
      ids: ALERT_REF,
      examples: [{ params: { alert_id: '<alert id>' }, body: { text: 'Senders share one device id.' } }],
      attack: ATTACK,
      tag: TAG,
      summary: "Adds a comment to an alert (2 to 512 characters, section 5's comment rule); it shows in the alert's history.",
      access: ACCESS,
      body: AlertCommentBody,
      async handler(ctx) {
        const { org, body, auth, params } = ctx;
        const added = await org.transaction(async (tx) => {
          const result = await addAlertComment(tx, params.alert_id, body.text.trim(), auth.user.id);
          await auditAction(tx, ctx, 'tm_alert.commented', { type: 'tm_alert', id: result.id }, { alert_id: result.alert_id });
          return result;
        });
        return done('comment_added', { comment: added.comment });
      },
    }),
  ];
}
