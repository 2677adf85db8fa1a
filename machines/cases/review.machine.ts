/**
 * Decision review: the dialog that decides selected entities of a case (the
 * entity detail's decision panel) or selected cases (Manage Case's bulk
 * review). The view opens it with a target, edits a draft, and submits; the
 * machine refuses a draft that changes nothing or carries an invalid comment,
 * sends the decision through the `submit` actor (supplied with .provide()), and
 * closes after success so the view can refresh.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CaseStatus, MatchStatus, RiskLevel } from '../../common/enums';
import type { MessageId } from '../../common/messages';
import { validateComment } from '../../common/validation';
import { failureFields } from '../shared/api-failure';

export type ReviewTarget = { kind: 'entities'; reference: string; ids: string[] } | { kind: 'cases'; references: string[] };

export interface ReviewDraft {
  match_status?: MatchStatus;
  risk_level?: RiskLevel;
  case_status?: CaseStatus;
  /** undefined: leave assignees as they are; []: clear them. */
  assignee_ids?: string[];
  aml_monitoring?: boolean;
  comment: string;
}

export interface ReviewContext {
  target: ReviewTarget | null;
  draft: ReviewDraft;
  /** A rule the draft breaks, shown beside its field. */
  invalid: { field: 'comment' | 'draft'; message: MessageId } | null;
  error: string | null;
  errorCode: string | null;
}

export type ReviewEvent =
  | { type: 'OPEN'; target: ReviewTarget; draft?: Partial<ReviewDraft> }
  | { type: 'EDIT'; patch: Partial<ReviewDraft> }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

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
  },
  actors: {
    submit: fromPromise<unknown, Record<string, unknown>>(async () => {
      throw new Error('submit is provided by the view');
    }),
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
      on: {
        EDIT: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.patch }), invalid: null }) },
        SUBMIT: [
          { guard: 'draftIsValid', target: 'submitting' },
          // Why not submit: the server would answer the same, and the user sees it without a round trip.
          { actions: assign({ invalid: ({ context }) => draftProblem(context.draft) }) },
        ],
        CANCEL: 'closed',
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => reviewRequest(context.target!, context.draft),
        onDone: 'saved',
        onError: {
          target: 'editing',
          actions: assign(({ event }) => failureFields(event.error)),
        },
      },
    },
    saved: {
      // The view refreshes its data on entering saved, then closes; a new OPEN starts over.
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
