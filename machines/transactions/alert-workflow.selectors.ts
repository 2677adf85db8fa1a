/** What an alert's page reads from its statechart (alert-workflow.machine.ts). */
import { nextAlertStatuses } from '../../common/tm-alerts';
import type { AlertWorkflowContext, AlertWorkflowTag } from './alert-workflow.types';

interface Snapshot {
  context: AlertWorkflowContext;
  hasTag(tag: AlertWorkflowTag): boolean;
}

export const selectDetail = (s: Snapshot) => s.context.detail;
export const selectLoading = (s: Snapshot) => s.hasTag('loading');
export const selectLoadError = (s: Snapshot) => (s.hasTag('failed') ? s.context.error : null);
/** The steps offered now: the API's own list when it gave one, else the workflow's table. */
export const selectNextStatuses = (s: Snapshot) => {
  const detail = s.context.detail;
  if (!detail) return [];
  return detail.next_statuses ?? nextAlertStatuses(detail.workflow_status);
};
/** The step in its dialog (a close to confirm, a reopen to explain), with its note, problem and refusal. */
export const selectPendingMove = (s: Snapshot) => {
  const move = s.context.move;
  if (!move?.dialog || !(s.hasTag('confirming') || s.hasTag('noting') || s.hasTag('moving'))) return null;
  return { to: move.to, note: move.note, noteRequired: move.dialog === 'note', problem: s.context.noteProblem, error: s.context.moveError, sending: s.hasTag('moving') };
};
export const selectMoving = (s: Snapshot) => (s.hasTag('moving') ? s.context.move?.to ?? null : null);
export const selectAssigning = (s: Snapshot) => s.hasTag('assigning');
export const selectComment = (s: Snapshot) => ({ text: s.context.comment, problem: s.context.commentProblem, error: s.context.commentError, sending: s.hasTag('commenting') });
export const selectRefreshing = (s: Snapshot) => s.hasTag('refreshing');
