/**
 * Credits Usage (/credits-usage): a card per credit kind (balance, allotment, used), the charts of the period
 * (spent per day, balance over time) and the credit ledger, paged and filtered by kind, entry and reason, with
 * its export. Driven by the address as the case lists are: every change the user makes becomes a new address
 * through the provided navigate action, and what is shown loads only when the address changes (LOCATION), so
 * a reload, a shared link and Back show the view the address names. The summary (cards and charts) loads
 * again only when the period changes; the ledger with every change. A custom range is checked with the
 * section-5 date rules before it is applied.
 * The calls (load, summary, download) and the effects (navigate, notifyFailure) are supplied with .provide().
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CreditsSummaryAnswer } from '../../common/billing';
import { creditsPeriodProblem } from '../../common/schemas/credits';
import { validateDateRange } from '../../common/validation';
import { failureNotice, toApiFailure } from '../shared/api-failure';
import { lastPageWithRows, pageWentEmpty } from '../shared/list.machine';
import { samePeriod, searchFromView, viewFromSearch, withFilters, type CreditsUsageView } from './credits-query';
import type { CreditsUsageContext, CreditsUsageEvent, CreditsUsageInput, CreditsUsageTag, LedgerExportRequest, LedgerPage, Navigation } from './credits-usage.types';
export type { CreditsUsageContext, CreditsUsageEvent, CreditsUsageInput, CreditsUsageTag, LedgerExportRequest, LedgerPage } from './credits-usage.types';

/** What asking for a view's address takes: a custom range must be valid; nothing when it is the address already. */
function plan(context: CreditsUsageContext, next: CreditsUsageView, replace = false): { changes: Partial<CreditsUsageContext>; navigation?: Navigation } {
  if (next.filters.date_preset === 'custom') {
    // The section-5 date rules first, then the API's own limit on a period's length (common/schemas/credits.ts).
    const problem = validateDateRange(next.filters.date_from, next.filters.date_to);
    if (problem) return { changes: { rangeError: problem } };
    const tooLong = creditsPeriodProblem({ from: next.filters.date_from.trim(), to: next.filters.date_to.trim() });
    if (tooLong) return { changes: { rangeError: { field: 'date_from', rule: tooLong.message } } };
  }
  const search = searchFromView(next);
  if (search === searchFromView(context.view)) return { changes: { rangeError: null } };
  return { changes: { rangeError: null, requested: search }, navigation: { search, replace } };
}

type Enqueue = { assign: (changes: Partial<CreditsUsageContext>) => void } & ((action: { type: 'navigate'; params: Navigation }) => void);

function commit(enqueue: Enqueue, planned: ReturnType<typeof plan>) {
  enqueue.assign(planned.changes);
  if (planned.navigation) enqueue({ type: 'navigate', params: planned.navigation });
}

export const creditsUsageMachine = setup({
  types: {
    context: {} as CreditsUsageContext,
    events: {} as CreditsUsageEvent,
    input: {} as CreditsUsageInput,
    tags: {} as CreditsUsageTag,
  },
  actors: {
    load: fromPromise<LedgerPage, CreditsUsageView>(async () => {
      throw new Error('load is provided by the view');
    }),
    summary: fromPromise<CreditsSummaryAnswer, CreditsUsageView>(async () => {
      throw new Error('summary is provided by the view');
    }),
    download: fromPromise<unknown, LedgerExportRequest>(async () => {
      throw new Error('download is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the router's navigate, to ?search (pushing or replacing the history entry). */
    navigate: (_, _params: Navigation) => {},
    /** Supplied by the view: the snack bar of a failed export. */
    notifyFailure: (_, _params: { message: string; code: string | null }) => {},
    /** The address arrived: its view is shown; an address this machine asked for keeps the form as the user has it. */
    arrive: assign(({ context, event }) => {
      const view = viewFromSearch((event as Extract<CreditsUsageEvent, { type: 'LOCATION' }>).search);
      const ours = context.requested !== null && searchFromView(view) === context.requested;
      return { view, draft: ours ? context.draft : view.filters, rangeError: ours ? context.rangeError : null, requested: null };
    }),
  },
  guards: {
    addressChanged: ({ context, event }) => event.type === 'LOCATION' && searchFromView(viewFromSearch(event.search)) !== searchFromView(context.view),
    periodChanged: ({ context, event }) => event.type === 'LOCATION' && !samePeriod(viewFromSearch(event.search), context.view),
    pageWentEmpty: ({ context }) => pageWentEmpty(context, context.view.page),
    customWithoutRange: ({ event }) => event.type === 'EDIT' && event.filters.date_preset === 'custom',
  },
}).createMachine({
  id: 'creditsUsage',
  context: ({ input }) => {
    const view = viewFromSearch(input.search);
    return { view, draft: view.filters, rows: [], total: 0, loaded: false, error: null, summary: null, summaryError: null, rangeError: null, requested: null };
  },
  type: 'parallel',
  states: {
    ledger: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => context.view,
            onDone: {
              target: 'settling',
              actions: assign({ rows: ({ event }) => event.output.data, total: ({ event }) => event.output.total, loaded: true, error: null }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
          },
        },
        settling: {
          tags: ['busy'],
          description: 'A page past the end (an address kept from a longer list) gives way to the last page that has rows.',
          always: [
            {
              guard: 'pageWentEmpty',
              target: 'ready',
              description: 'Asks for the last page with rows by replacing the address, so Back does not return to the empty page.',
              actions: enqueueActions(({ context, enqueue }) => commit(enqueue, plan(context, { ...context.view, page: lastPageWithRows(context.total, context.view.pageSize) }, true))),
            },
            { target: 'ready' },
          ],
        },
        ready: {},
        failed: { tags: ['failed'] },
      },
      // Each region takes the address and RELOAD itself, so an export on its way is not interrupted.
      on: {
        LOCATION: {
          guard: 'addressChanged',
          target: '.loading',
          description: 'The ledger loads only when the address changes: a click, Back, a reload and a shared link all arrive here.',
          actions: 'arrive',
        },
        RELOAD: { target: '.loading' },
      },
    },
    summary: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['summaryBusy'],
          invoke: {
            id: 'summary',
            src: 'summary',
            input: ({ context }) => context.view,
            onDone: { target: 'ready', actions: assign({ summary: ({ event }) => event.output, summaryError: null }) },
            onError: { target: 'failed', actions: assign({ summaryError: ({ event }) => toApiFailure(event.error) }) },
          },
        },
        ready: {},
        failed: { tags: ['summaryFailed'] },
      },
      on: {
        LOCATION: {
          guard: 'periodChanged',
          target: '.loading',
          description: 'The cards and charts load again only for another period (guards read the view before the ledger region takes the new one).',
        },
        RELOAD: { target: '.loading' },
      },
    },
    exporting: {
      initial: 'idle',
      states: {
        idle: { on: { EXPORT: 'downloading' } },
        downloading: {
          tags: ['exporting'],
          description: 'One export at a time; the screen stays usable meanwhile.',
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context, event }) => ({ view: context.view, format: (event as Extract<CreditsUsageEvent, { type: 'EXPORT' }>).format }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              description: 'A failed export is told in a snack bar; the screen is untouched.',
              actions: { type: 'notifyFailure', params: ({ event }) => failureNotice(event.error) },
            },
          },
        },
      },
    },
  },
  on: {
    EDIT: [
      {
        guard: 'customWithoutRange',
        description: 'A custom range waits for its dates: the form shows them and applies them when submitted.',
        actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.filters }) }),
      },
      {
        actions: enqueueActions(({ context, event, enqueue }) => {
          const draft = { ...context.draft, ...event.filters };
          enqueue.assign({ draft });
          commit(enqueue, plan(context, withFilters(context.view, draft)));
        }),
      },
    ],
    DRAFT: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.filters }), rangeError: null }) },
    APPLY: { actions: enqueueActions(({ context, enqueue }) => commit(enqueue, plan(context, withFilters(context.view, context.draft)))) },
    PAGE: { actions: enqueueActions(({ context, event, enqueue }) => commit(enqueue, plan(context, { ...context.view, page: Math.max(1, event.page) }))) },
    PAGE_SIZE: { actions: enqueueActions(({ context, event, enqueue }) => commit(enqueue, plan(context, { ...context.view, pageSize: event.pageSize, page: 1 }))) },
  },
});
