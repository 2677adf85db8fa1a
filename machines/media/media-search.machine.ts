/**
 * Media Search (/media-search): keywords as chips, each with its mode (include all, exclude, any), exact or
 * broad match, countries, languages, a publication window, the sort and "adverse only"; then the search,
 * "Fetch more" and "Save as media case".
 *
 * Every search and every "Fetch more" is a paid check that spends one Media Watcher credit (spec section 1),
 * so: the form is checked in the browser first (nothing is spent on a query the API would refuse);
 * "Fetch more" asks for a confirmation naming the cost; an organisation with no credit left sees the
 * credits-expired dialog (contact sales) instead of a call, and so does a 402 `credits_expired` answer
 * (another user may have spent the last one). The search that ran is written to the address
 * (remember), so it can be bookmarked and shared; an address opened later fills the form without
 * running it.
 *
 * The calls (search, fetchMore, createCase) and the effects (remember, notifySaved, openCase,
 * contactSales) are supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import { hasMediaCredits } from '../../common/organisation';
import { MEDIA_LIMITS, validateMediaCaseName } from '../../common/media';
import { toApiFailure } from '../shared/api-failure';
import { chipsFrom, draftFromSearch, draftProblem, EMPTY_DRAFT, queryOf, searchFromQuery, type SearchDraft } from './search-query';
import type {
  CreateMediaCaseAnswer,
  CreateMediaCaseInput,
  FetchMoreInput,
  MediaSearchAnswer,
  MediaSearchContext,
  MediaSearchEvent,
  MediaSearchInput,
  MediaSearchTag,
  Remembered,
} from './media-search.types';
import type { MediaCredits } from './views';
export type { CreateMediaCaseAnswer, CreateMediaCaseInput, FetchMoreInput, MediaSearchContext, MediaSearchEvent, MediaSearchInput, MediaSearchTag } from './media-search.types';

/** A refusal because the organisation has no Media Watcher credit left (402, credits_expired). */
export function isCreditsExpired(error: unknown): boolean {
  const e = error as { status?: number; code?: string; data?: { credits_expired?: boolean; code?: string } } | null;
  return e?.status === 402 && (e.data?.credits_expired === true || e.code === 'media_credits' || e.data?.code === 'media_credits');
}

const hasCredits = (credits: MediaCredits) => hasMediaCredits({ media_watcher_credits_alloted: credits.alloted, media_watcher_credits_used: credits.used });

/** The form as a search would send it: text left in the keyword box counts as a last keyword. */
function pending(context: MediaSearchContext): { draft: SearchDraft; text: string } {
  if (context.text.trim() === '') return { draft: context.draft, text: '' };
  const chipped = chipsFrom(context.draft.keywords, context.text, true);
  return { draft: { ...context.draft, keywords: chipped.keywords }, text: chipped.text };
}

/** "Fetch more" asks for the page after the last one fetched (offsets are multiples of the page size). */
const nextOffset = (context: MediaSearchContext) => context.offset + MEDIA_LIMITS.pageSize;

/** The case name's rule is the API's (common/media.ts), with its message. */
const caseNameProblem = validateMediaCaseName;

export const mediaSearchMachine = setup({
  types: {
    context: {} as MediaSearchContext,
    events: {} as MediaSearchEvent,
    input: {} as MediaSearchInput,
    tags: {} as MediaSearchTag,
  },
  actors: {
    search: fromPromise<MediaSearchAnswer, ReturnType<typeof queryOf>>(async () => {
      throw new Error('search is provided by the view');
    }),
    fetchMore: fromPromise<MediaSearchAnswer, FetchMoreInput>(async () => {
      throw new Error('fetchMore is provided by the view');
    }),
    createCase: fromPromise<CreateMediaCaseAnswer, CreateMediaCaseInput>(async () => {
      throw new Error('createCase is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the search that ran goes into the address. */
    remember: (_, _params: Remembered) => {},
    /** Supplied by the view: the snack bar of a saved media case. */
    notifySaved: (_, _params: { answer: CreateMediaCaseAnswer }) => {},
    /** Supplied by the view: the saved case's page. */
    openCase: (_, _params: { reference: string }) => {},
    /** Supplied by the view: the credits dialog's way on. */
    contactSales: () => {},
  },
  guards: {
    noCreditLeft: ({ context }) => !hasCredits(context.credits),
    searchable: ({ context }) => draftProblem(pending(context).draft) === null,
    canFetchMore: ({ context }) => context.query !== null && nextOffset(context) < context.total && nextOffset(context) <= MEDIA_LIMITS.maxOffset,
    hasResults: ({ context }) => context.query !== null && context.results.length > 0,
    validName: ({ context }) => caseNameProblem(context.caseName) === null,
    creditsExpired: ({ event }) => isCreditsExpired((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'mediaSearch',
  context: ({ input }) => ({
    draft: input.search ? draftFromSearch(input.search) : EMPTY_DRAFT,
    text: '',
    keywordProblem: null,
    problem: null,
    asked: null,
    query: null,
    offset: 0,
    results: [],
    total: 0,
    credits: input.credits,
    error: null,
    caseName: '',
    caseProblem: null,
    caseError: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      description: 'The form and the results of the last search, if any.',
      on: {
        SEARCH: [
          {
            guard: 'noCreditLeft',
            target: 'noCredits',
            description: 'No credit left: the credits dialog rather than a call the API would refuse.',
            actions: assign(({ context }) => ({ ...pending(context), problem: null })),
          },
          {
            guard: 'searchable',
            target: 'searching',
            actions: assign(({ context }) => {
              const { draft, text } = pending(context);
              return { draft, text, asked: queryOf(draft), problem: null, keywordProblem: null, error: null };
            }),
          },
          {
            description: 'A form the API would refuse (no keyword, only exclusions, a window out of range) says why and spends nothing.',
            actions: assign(({ context }) => ({ ...pending(context), problem: draftProblem(pending(context).draft) })),
          },
        ],
        MORE: { guard: 'canFetchMore', target: 'confirmingMore' },
        SAVE_CASE: { guard: 'hasResults', target: 'naming', actions: assign({ caseName: '', caseProblem: null, caseError: null }) },
      },
    },
    searching: {
      description: 'The search is on its way (one credit); the previous results stay on screen, dimmed.',
      tags: ['searching'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => context.asked!,
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              query: context.asked,
              offset: 0,
              results: event.output.results,
              total: event.output.total,
              credits: event.output.credits ?? { ...context.credits, used: context.credits.used + 1 },
            })),
            { type: 'remember', params: ({ context }) => ({ search: searchFromQuery(context.query!) }) },
          ],
        },
        onError: [
          { guard: 'creditsExpired', target: 'noCredits', description: 'Refused for want of credits (402 credits_expired): the credits dialog.', actions: assign(({ context }) => ({ credits: { ...context.credits, used: context.credits.alloted } })) },
          { target: 'ready', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
        ],
      },
    },
    confirmingMore: {
      description: '"Fetch more" is an extra paid check: it spends one Media Watcher credit only once confirmed.',
      tags: ['confirming'],
      on: {
        CONFIRM: [
          { guard: 'noCreditLeft', target: 'noCredits' },
          { target: 'fetchingMore', actions: assign({ error: null }) },
        ],
        CANCEL: 'ready',
        CLOSE: 'ready',
      },
    },
    fetchingMore: {
      tags: ['fetching'],
      invoke: {
        id: 'fetchMore',
        src: 'fetchMore',
        input: ({ context }) => ({ query: context.query!, offset: nextOffset(context) }),
        onDone: {
          target: 'ready',
          description: 'The next page joins the results (an article already shown is not shown twice).',
          actions: assign(({ context, event }) => {
            const seen = new Set(context.results.map((a) => a.id));
            return {
              offset: nextOffset(context),
              results: [...context.results, ...event.output.results.filter((a) => !seen.has(a.id))],
              total: event.output.total,
              credits: event.output.credits ?? { ...context.credits, used: context.credits.used + 1 },
            };
          }),
        },
        onError: [
          { guard: 'creditsExpired', target: 'noCredits', actions: assign(({ context }) => ({ credits: { ...context.credits, used: context.credits.alloted } })) },
          { target: 'ready', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
        ],
      },
    },
    noCredits: {
      description: 'The credits-expired dialog, with its way on: contacting sales.',
      tags: ['halted'],
      on: {
        DISMISS: 'ready',
        FOLLOW_UP: { target: 'ready', actions: 'contactSales' },
      },
    },
    naming: {
      description: 'The "Save as media case" dialog: a name for the case that keeps the query and the articles fetched.',
      tags: ['naming'],
      on: {
        NAME: { actions: assign({ caseName: ({ event }) => event.value, caseProblem: null, caseError: null }) },
        SUBMIT: [{ guard: 'validName', target: 'saving' }, { actions: assign({ caseProblem: ({ context }) => caseNameProblem(context.caseName) }) }],
        CLOSE: 'ready',
      },
    },
    saving: {
      tags: ['naming', 'saving'],
      invoke: {
        id: 'createCase',
        src: 'createCase',
        input: ({ context }) => ({ name: context.caseName.trim(), query: context.query!, article_ids: context.results.slice(0, MEDIA_LIMITS.caseArticlesMax).map((a) => a.id) }),
        onDone: {
          target: 'ready',
          description: 'Saved: the snack bar, then the new case’s page.',
          actions: [{ type: 'notifySaved', params: ({ event }) => ({ answer: event.output }) }, { type: 'openCase', params: ({ event }) => ({ reference: event.output.reference }) }],
        },
        onError: { target: 'naming', actions: assign({ caseError: ({ event }) => toApiFailure(event.error) }) },
      },
    },
  },
  on: {
    TYPE: {
      description: 'A comma ends a keyword: what comes before it becomes a chip.',
      actions: assign(({ context, event }) => {
        const chipped = chipsFrom(context.draft.keywords, event.text, false);
        return { draft: { ...context.draft, keywords: chipped.keywords }, text: chipped.text, keywordProblem: chipped.problem, problem: null };
      }),
    },
    ADD_KEYWORD: {
      actions: assign(({ context }) => {
        const chipped = chipsFrom(context.draft.keywords, context.text, true);
        return { draft: { ...context.draft, keywords: chipped.keywords }, text: chipped.text, keywordProblem: chipped.problem, problem: null };
      }),
    },
    REMOVE_KEYWORD: {
      actions: assign(({ context, event }) => ({ draft: { ...context.draft, keywords: context.draft.keywords.filter((_, i) => i !== event.index) }, keywordProblem: null, problem: null })),
    },
    SET_MODE: {
      actions: assign(({ context, event }) => ({
        draft: { ...context.draft, keywords: context.draft.keywords.map((k, i) => (i === event.index ? { ...k, mode: event.mode } : k)) },
        problem: null,
      })),
    },
    SET: { actions: assign(({ context, event }) => ({ draft: { ...context.draft, ...event.patch }, problem: null })) },
    CLEAR: { actions: assign({ draft: EMPTY_DRAFT, text: '', keywordProblem: null, problem: null }) },
  },
});
