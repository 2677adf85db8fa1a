/**
 * Decision review: the dialog that decides selected entities of a case (the
 * entity detail's decision panel) or selected cases (Manage Case's bulk
 * review). The view opens it with a target, edits a draft, and submits; the
 * machine refuses a draft that changes nothing or carries an invalid comment,
 * sends the decision through the `submit` actor (supplied with .provide()), and
 * closes after success so the view can refresh.
 */
import { assign, fromPromise, setup } from 'xstate';
import { validateComment } from '../../common/validation';
import { failureFields } from '../shared/api-failure';
import type { ReviewTarget, ReviewDraft, ReviewContext, ReviewEvent } from './review.types';
export type { ReviewTarget, ReviewDraft, ReviewContext, ReviewEvent } from './review.types';

const EMPTY: ReviewDraft = { comment: '' };

/** The body of decision-review for a target and a draft. */
export function reviewRequest(target: ReviewTarget, draft: ReviewDraft): Record<string, unknown> {
  const body: Record<string, unknown> = target.kind === 'entities' ? { reference: target.reference, entity_ids: target.ids } : { references: target.references };
  for (const key of ['match_status', 'risk_level', 'case_status', 'assignee_ids', 'aml_monitoring'] as const) {
    if (draft[key] !== undefined) body[key] = draft[key];
  }
  if (draft.comment.trim()) body.comment = draft.comment.trim();
  return body;
}

export function draftProblem(draft: ReviewDraft): ReviewContext['invalid'] {
  if (draft.comment.trim()) {
    const rule = validateComment(draft.comment);
    if (rule) return { field: 'comment', message: rule };
  }
  const changes = ['match_status', 'risk_level', 'case_status', 'assignee_ids', 'aml_monitoring'].some((k) => draft[k as keyof ReviewDraft] !== undefined);
  if (!changes && !draft.comment.trim()) return { field: 'draft', message: 'decision_required' };
  return null;
}

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    tags: {} as 'open' | 'busy' | 'saved',
  },
  actors: {
    submit: fromPromise<unknown, Record<string, unknown>>(async () => {
      throw new Error('submit is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the snack bar and the screen's follow-up (close, clear the ticks, reload), once per saved decision. */
    onSaved: () => {},
  },
  guards: {
    draftIsValid: ({ context }) => draftProblem(context.draft) === null,
  },
}).createMachine({
  id: 'caseReview',
  context: { target: null, draft: EMPTY, invalid: null, error: null, errorCode: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'editing',
          actions: assign(({ event }) => ({ target: event.target, draft: { ...EMPTY, ...event.draft }, invalid: null, error: null, errorCode: null })),
        },
      },
    },
    editing: {
      tags: ['open'],
      on: {
        EDIT: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.patch }), invalid: null }) },
        SUBMIT: [
          { guard: 'draftIsValid', target: 'submitting' },
          {
            description: 'A draft that changes nothing or carries an invalid comment is not sent: the server would answer the same, and the user sees it without a round trip.',
            actions: assign({ invalid: ({ context }) => draftProblem(context.draft) }),
          },
        ],
        CANCEL: 'closed',
      },
    },
    submitting: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => reviewRequest(context.target!, context.draft),
        onDone: { target: 'saved', actions: 'onSaved' },
        onError: {
          target: 'editing',
          description: 'The dialog stays open with the draft and the message.',
          actions: assign(({ event }) => failureFields(event.error)),
        },
      },
    },
    saved: {
      tags: ['saved'],
      description: 'The view’s onSaved refreshes its data and closes; a new OPEN starts over.',
      on: {
        CLOSE: { target: 'closed', actions: assign({ target: null, draft: EMPTY }) },
        OPEN: {
          target: 'editing',
          actions: assign(({ event }) => ({ target: event.target, draft: { ...EMPTY, ...event.draft }, invalid: null, error: null, errorCode: null })),
        },
      },
    },
  },
});
