/** Types of an alert's page statechart (alert-workflow.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { AlertComment, AlertDetail, AlertWorkflowStatus } from '../../common/tm-alerts';
import type { ApiFailure } from '../shared/api-failure';
import type { TmAnswer } from './views';

// ---------------------------------------------------------------- Input

export interface AlertWorkflowInput {
  /** The alert's id ('AL-000123'), from the address. */
  alertId: string;
}

// ---------------------------------------------------------------- Context

export interface AlertWorkflowContext {
  alertId: string;
  detail: AlertDetail | null;
  /** The last load failure. */
  error: ApiFailure | null;
  /** The step chosen: where to, the note typed for it, and whether it is asked in a dialog (a close, a reopen). */
  move: { to: AlertWorkflowStatus; note: string; dialog: 'confirm' | 'note' | null } | null;
  noteProblem: MessageId | null;
  /** The last refused step, shown in its dialog. */
  moveError: ApiFailure | null;
  /** The assignee being sent (null: nobody). */
  assignee: string | null;
  /** The comment as typed, and why it cannot be posted. */
  comment: string;
  commentProblem: MessageId | null;
  commentError: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type AlertWorkflowEvent =
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  /** A workflow step (investigate, escalate, close as true or false positive, reopen). */
  | { type: 'MOVE'; to: AlertWorkflowStatus }
  /** The note of the step being confirmed (a reopen must say why). */
  | { type: 'NOTE'; note: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** Assign to a user of the organisation, or to nobody (null). */
  | { type: 'ASSIGN'; assignee_id: string | null }
  | { type: 'COMMENT_TEXT'; text: string }
  | { type: 'POST_COMMENT' };

// ---------------------------------------------------------------- Actor I/O

export interface MoveRequest {
  alert_id: string;
  to: AlertWorkflowStatus;
  note?: string;
}

/** What a step and an assignment answer: the alert's detail, with the message. */
export type AlertAnswer = AlertDetail & TmAnswer;

export type CommentAnswer = TmAnswer & { comment: AlertComment };

// ---------------------------------------------------------------- Tags

/**
 * loading: the alert is loading; failed: it could not be; confirming: a closing step waits for its confirmation;
 * noting: a reopen waits for its reason; moving: a step is on its way; assigning, commenting: those are.
 */
export type AlertWorkflowTag = 'loading' | 'failed' | 'confirming' | 'noting' | 'moving' | 'assigning' | 'commenting' | 'refreshing';
