/**
 * A media case's page (/adverse-media-detail/:referenceNo): the case is loaded; opening it marks it read
 * (the detail call marks nothing, so the page calls read, once, and only for an unread case); its name,
 * case status and risk level are edited and saved together (the name 2 to 100 characters, as the API
 * holds it); each saved article's review (Potential Match, True Positive, False Positive) is saved as it
 * is chosen. A deleted case is read-only. The calls (load, read, update) and the effects (notifySaved,
 * notifyFailure) are supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import { validateMediaCaseName } from '../../common/media';
import { toApiFailure } from '../shared/api-failure';
import type { MediaCaseContext, MediaCaseDraft, MediaCaseEvent, MediaCaseInput, MediaCaseTag, ReadInput, UpdateMediaCaseAnswer, UpdateMediaCaseInput } from './media-case.types';
import type { MediaCaseDetail, MediaCaseView } from './views';
export type { MediaCaseContext, MediaCaseDraft, MediaCaseEvent, MediaCaseInput, ReadInput, UpdateMediaCaseAnswer, UpdateMediaCaseInput } from './media-case.types';

const draftOf = (kase: MediaCaseView): MediaCaseDraft => ({ name: kase.name, case_status: kase.case_status, risk_level: kase.risk_level });

/** The case name's rule is the API's (common/media.ts), with its message. */
export const nameProblem = validateMediaCaseName;

/** The fields that differ from the saved case (only those are sent). */
export function changes(context: Pick<MediaCaseContext, 'detail' | 'draft'>): Omit<UpdateMediaCaseInput, 'reference'> {
  const kase = context.detail?.case;
  if (!kase) return {};
  const out: Omit<UpdateMediaCaseInput, 'reference'> = {};
  if (context.draft.name.trim() !== kase.name) out.name = context.draft.name.trim();
  if (context.draft.case_status !== kase.case_status) out.case_status = context.draft.case_status;
  if (context.draft.risk_level !== kase.risk_level) out.risk_level = context.draft.risk_level;
  return out;
}

/** The case an update answers with: the view itself, with the message's code and text beside its fields. */
const updatedCase = (answer: UpdateMediaCaseAnswer, previous: MediaCaseView): MediaCaseView => {
  const nested = (answer as unknown as { case?: MediaCaseView }).case;
  const view = nested ?? answer;
  return typeof view.reference === 'string' ? { ...previous, ...view } : previous;
};

export const mediaCaseMachine = setup({
  types: {
    context: {} as MediaCaseContext,
    events: {} as MediaCaseEvent,
    input: {} as MediaCaseInput,
    tags: {} as MediaCaseTag,
  },
  actors: {
    load: fromPromise<MediaCaseDetail, { reference: string }>(async () => {
      throw new Error('load is provided by the view');
    }),
    read: fromPromise<unknown, ReadInput>(async () => {
      throw new Error('read is provided by the view');
    }),
    update: fromPromise<UpdateMediaCaseAnswer, UpdateMediaCaseInput>(async () => {
      throw new Error('update is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the snack bar of a saved change. */
    notifySaved: (_, _params: { answer: UpdateMediaCaseAnswer }) => {},
    /** Supplied by the view: the snack bar of a refused article review. */
    notifyFailure: (_, _params: { message: string; code: string | null }) => {},
  },
  guards: {
    unread: ({ context }) => context.detail !== null && !context.detail.case.is_read && !context.detail.case.is_deleted,
    editable: ({ context }) => context.detail !== null && !context.detail.case.is_deleted,
    changedAndValid: ({ context }) => context.detail !== null && !context.detail.case.is_deleted && nameProblem(context.draft.name) === null && Object.keys(changes(context)).length > 0,
    badName: ({ context }) => nameProblem(context.draft.name) !== null,
  },
}).createMachine({
  id: 'mediaCase',
  context: ({ input }) => ({
    reference: input.reference,
    detail: null,
    draft: { name: '', case_status: 'For Review', risk_level: 'Unknown' },
    nameProblem: null,
    error: null,
    saveError: null,
    reviewing: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: { target: 'loaded', actions: assign(({ event }) => ({ detail: event.output, draft: draftOf(event.output.case), nameProblem: null, error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { RETRY: 'loading' },
    },
    loaded: {
      type: 'parallel',
      on: { RELOAD: 'loading' },
      states: {
        reading: {
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'unread', target: 'marking', description: 'Opening an unread case marks it read.' }, { target: 'done' }],
            },
            marking: {
              invoke: {
                id: 'read',
                src: 'read',
                input: ({ context }) => ({ references: [context.reference], is_read: true }),
                onDone: { target: 'done', actions: assign(({ context }) => ({ detail: context.detail && { ...context.detail, case: { ...context.detail.case, is_read: true } } })) },
                onError: { target: 'done', description: 'A case left unread is no reason to stop reading it: nothing is shown.' },
              },
            },
            done: {},
          },
        },
        editing: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                EDIT: { guard: 'editable', actions: assign(({ context, event }) => ({ draft: { ...context.draft, ...event.patch }, nameProblem: null, saveError: null })) },
                SAVE: [
                  { guard: 'changedAndValid', target: 'saving' },
                  { guard: 'badName', description: 'A name the API would refuse says why under the field and sends nothing.', actions: assign({ nameProblem: ({ context }) => nameProblem(context.draft.name) }) },
                ],
                DISCARD: { actions: assign(({ context }) => ({ draft: context.detail ? draftOf(context.detail.case) : context.draft, nameProblem: null, saveError: null })) },
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                id: 'update',
                src: 'update',
                input: ({ context }) => ({ reference: context.reference, ...changes(context) }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => {
                      const kase = updatedCase(event.output, context.detail!.case);
                      return { detail: { ...context.detail!, case: kase }, draft: draftOf(kase) };
                    }),
                    { type: 'notifySaved', params: ({ event }) => ({ answer: event.output }) },
                  ],
                },
                onError: { target: 'idle', actions: assign({ saveError: ({ event }) => toApiFailure(event.error) }) },
              },
            },
          },
        },
        reviewing: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                SET_MATCH: { guard: 'editable', target: 'saving', actions: assign({ reviewing: ({ event }) => ({ id: event.id, match_status: event.match_status }) }) },
              },
            },
            saving: {
              tags: ['reviewing'],
              description: 'One review at a time; the article shows its new status once the API agreed.',
              invoke: {
                id: 'review',
                src: 'update',
                input: ({ context }) => ({ reference: context.reference, articles: [context.reviewing!] }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context }) => {
                    const review = context.reviewing!;
                    const detail = context.detail!;
                    return { reviewing: null, detail: { ...detail, articles: detail.articles.map((a) => (a.id === review.id ? { ...a, match_status: review.match_status } : a)) } };
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ reviewing: null }),
                    { type: 'notifyFailure', params: ({ event }) => ({ message: toApiFailure(event.error).message, code: toApiFailure(event.error).code ?? null }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});
