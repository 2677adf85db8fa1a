/**
 * An alert's page (/alerts-details/:alert_id): the alert is loaded with its transactions, timeline, network,
 * explanation and comments, then worked. The workflow follows the table the API enforces (common/tm-alerts.ts
 * ALERT_TRANSITIONS: open → investigating → escalated; investigating or escalated → closed as a true or a false
 * positive; closed → investigating again): starting an investigation or escalating is one click; closing is
 * confirmed first (with an optional note); reopening must say why. Assignment (a user of the organisation, or
 * nobody) and comments (section 5: 2 to 512 characters) are sent beside the workflow. Each answer is the alert
 * as stored, so its history shows every step at once; a comment is followed by a quiet reload for the same
 * reason. The calls (load, move, assign, comment) and the effects (notify, notifyFailure) are supplied with
 * .provide().
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import { alertTransitionProblem, findAlertTransition, isClosedAlert, TM_ALERT_LIMITS, type AlertDetail, type AlertWorkflowStatus } from '../../common/tm-alerts';
import { validateComment } from '../../common/validation';
import { failureNotice, toApiFailure } from '../shared/api-failure';
import type { AlertAnswer, AlertWorkflowContext, AlertWorkflowEvent, AlertWorkflowInput, AlertWorkflowTag, CommentAnswer, MoveRequest } from './alert-workflow.types';
import type { TmAnswer } from './views';
export type * from './alert-workflow.types';

/** How an allowed step is asked: a close is confirmed, a step that needs a note (a reopen) is explained, others go at once. */
export function dialogOf(from: AlertWorkflowStatus, to: AlertWorkflowStatus): 'confirm' | 'note' | null {
  const transition = findAlertTransition(from, to);
  if (!transition) return null;
  if (transition.noteRequired) return 'note';
  return isClosedAlert(to) ? 'confirm' : null;
}

/** The alert of an answer that carries it (a step, an assignment), else the one on screen. */
const detailOf = (answer: AlertAnswer, current: AlertDetail | null): AlertDetail | null => (answer && typeof answer.alert_id === 'string' && Array.isArray(answer.history) ? answer : current);

const noteProblemOf = (context: AlertWorkflowContext) => {
  if (!context.detail || !context.move) return null;
  if (context.move.note.trim().length > TM_ALERT_LIMITS.note.max) return 'tm_alert_note_length' as const;
  const problem = alertTransitionProblem(context.detail.workflow_status, context.move.to, context.move.note);
  return problem === 'tm_alert_note_required' ? problem : null;
};

export const alertWorkflowMachine = setup({
  types: {
    context: {} as AlertWorkflowContext,
    events: {} as AlertWorkflowEvent,
    input: {} as AlertWorkflowInput,
    tags: {} as AlertWorkflowTag,
  },
  actors: {
    load: fromPromise<AlertDetail, { alertId: string }>(async () => {
      throw new Error('load is provided by the view');
    }),
    move: fromPromise<AlertAnswer, MoveRequest>(async () => {
      throw new Error('move is provided by the view');
    }),
    assign: fromPromise<AlertAnswer, { alert_id: string; assignee_id: string | null }>(async () => {
      throw new Error('assign is provided by the view');
    }),
    comment: fromPromise<CommentAnswer, { alert_id: string; text: string }>(async () => {
      throw new Error('comment is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the snack bar of a stored step, assignment or comment. */
    notify: (_, _params: { answer: TmAnswer }) => {},
    /** Supplied by the view: the snack bar of a refused one-click step or assignment. */
    notifyFailure: (_, _params: { message: string; code: string | null }) => {},
  },
  guards: {
    allowed: ({ context, event }) => event.type === 'MOVE' && context.detail !== null && findAlertTransition(context.detail.workflow_status, event.to) !== undefined,
    confirmFirst: ({ context, event }) => event.type === 'MOVE' && context.detail !== null && dialogOf(context.detail.workflow_status, event.to) === 'confirm',
    noteFirst: ({ context, event }) => event.type === 'MOVE' && context.detail !== null && dialogOf(context.detail.workflow_status, event.to) === 'note',
    noteOk: ({ context }) => noteProblemOf(context) === null,
    fromConfirm: ({ context }) => context.move?.dialog === 'confirm',
    fromNote: ({ context }) => context.move?.dialog === 'note',
    assigneeChanges: ({ context, event }) => event.type === 'ASSIGN' && (context.detail?.assignee?.id ?? null) !== event.assignee_id,
    commentOk: ({ context }) => validateComment(context.comment, TM_ALERT_LIMITS.comment.max) === null,
  },
}).createMachine({
  id: 'alertWorkflow',
  context: ({ input }) => ({
    alertId: input.alertId,
    detail: null,
    error: null,
    move: null,
    noteProblem: null,
    moveError: null,
    assignee: null,
    comment: '',
    commentProblem: null,
    commentError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ alertId: context.alertId }),
        onDone: { target: 'loaded', actions: assign({ detail: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { RETRY: 'loading' },
    },
    loaded: {
      type: 'parallel',
      states: {
        workflow: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                MOVE: [
                  { guard: 'confirmFirst', target: 'confirming', actions: assign({ move: ({ event }) => ({ to: event.to, note: '', dialog: 'confirm' as const }), noteProblem: null, moveError: null }) },
                  { guard: 'noteFirst', target: 'noting', actions: assign({ move: ({ event }) => ({ to: event.to, note: '', dialog: 'note' as const }), noteProblem: null, moveError: null }) },
                  { guard: 'allowed', target: 'sending', actions: assign({ move: ({ event }) => ({ to: event.to, note: '', dialog: null }), moveError: null }) },
                  { description: 'A step the workflow does not allow from here (the page offers none): nothing is sent.' },
                ],
              },
            },
            confirming: {
              tags: ['confirming'],
              description: 'Closing ends the investigation with a conclusion: the analyst confirms it, and may add a note.',
              on: {
                NOTE: { actions: assign({ move: ({ context, event }) => ({ ...context.move!, note: event.note }), noteProblem: null }) },
                CONFIRM: [{ guard: 'noteOk', target: 'sending' }, { actions: assign({ noteProblem: ({ context }) => noteProblemOf(context) }) }],
                CANCEL: { target: 'idle', actions: assign({ move: null, moveError: null, noteProblem: null }) },
              },
            },
            noting: {
              tags: ['noting'],
              description: 'Reopening undoes someone’s conclusion: it must say why.',
              on: {
                NOTE: { actions: assign({ move: ({ context, event }) => ({ ...context.move!, note: event.note }), noteProblem: null }) },
                CONFIRM: [
                  { guard: 'noteOk', target: 'sending' },
                  { description: 'No reason given: it is asked for under the note, and nothing is sent.', actions: assign({ noteProblem: ({ context }) => noteProblemOf(context) }) },
                ],
                CANCEL: { target: 'idle', actions: assign({ move: null, moveError: null, noteProblem: null }) },
              },
            },
            sending: {
              tags: ['moving'],
              invoke: {
                id: 'move',
                src: 'move',
                input: ({ context }) => ({ alert_id: context.alertId, to: context.move!.to, ...(context.move!.note.trim() ? { note: context.move!.note.trim() } : {}) }),
                onDone: {
                  target: 'idle',
                  description: 'The answer is the alert as stored: its new status and the step in its history show at once.',
                  actions: [assign({ detail: ({ context, event }) => detailOf(event.output, context.detail), move: null }), { type: 'notify', params: ({ event }) => ({ answer: event.output }) }],
                },
                onError: [
                  { guard: 'fromConfirm', target: 'confirming', description: 'Refused: the reason shows in the dialog, which stays open.', actions: assign({ moveError: ({ event }) => toApiFailure(event.error) }) },
                  { guard: 'fromNote', target: 'noting', actions: assign({ moveError: ({ event }) => toApiFailure(event.error) }) },
                  { target: 'idle', actions: [assign({ move: null }), { type: 'notifyFailure', params: ({ event }) => failureNotice(event.error) }] },
                ],
              },
            },
          },
        },
        assignment: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                ASSIGN: { guard: 'assigneeChanges', target: 'sending', actions: assign({ assignee: ({ event }) => event.assignee_id }) },
              },
            },
            sending: {
              tags: ['assigning'],
              invoke: {
                id: 'assign',
                src: 'assign',
                input: ({ context }) => ({ alert_id: context.alertId, assignee_id: context.assignee }),
                onDone: { target: 'idle', actions: [assign({ detail: ({ context, event }) => detailOf(event.output, context.detail) }), { type: 'notify', params: ({ event }) => ({ answer: event.output }) }] },
                onError: { target: 'idle', actions: { type: 'notifyFailure', params: ({ event }) => failureNotice(event.error) } },
              },
            },
          },
        },
        commenting: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                COMMENT_TEXT: { actions: assign({ comment: ({ event }) => event.text, commentProblem: null, commentError: null }) },
                POST_COMMENT: [
                  { guard: 'commentOk', target: 'sending' },
                  { description: 'Section 5’s comment rule says what is wrong under the box; nothing is sent.', actions: assign({ commentProblem: ({ context }) => validateComment(context.comment, TM_ALERT_LIMITS.comment.max) }) },
                ],
              },
            },
            sending: {
              tags: ['commenting'],
              invoke: {
                id: 'comment',
                src: 'comment',
                input: ({ context }) => ({ alert_id: context.alertId, text: context.comment.trim() }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({
                      comment: '',
                      detail: context.detail && event.output.comment ? { ...context.detail, comments: [...context.detail.comments, event.output.comment] } : context.detail,
                    })),
                    { type: 'notify', params: ({ event }) => ({ answer: event.output }) },
                    raise({ type: 'RELOAD' }, { id: 'commented' }),
                  ],
                  description: 'A comment joins the history too: the alert reloads quietly.',
                },
                onError: { target: 'idle', actions: assign({ commentError: ({ event }) => toApiFailure(event.error) }) },
              },
            },
          },
        },
        refresh: {
          initial: 'idle',
          states: {
            idle: {
              on: { RELOAD: 'loading' },
            },
            loading: {
              tags: ['refreshing'],
              description: 'The alert loads again while the page stays on screen.',
              invoke: {
                id: 'refresh',
                src: 'load',
                input: ({ context }) => ({ alertId: context.alertId }),
                onDone: { target: 'idle', actions: assign({ detail: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: { type: 'notifyFailure', params: ({ event }) => failureNotice(event.error) } },
              },
            },
          },
        },
      },
    },
  },
});
