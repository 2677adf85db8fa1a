/**
 * Transaction Listing, Customer Listing and Alerts Listing: one statechart for the three server-paged lists of
 * transaction monitoring, each driven by its address as Manage Case's and Media Manage Case's are. Every change
 * the user makes (a filter, a page, the page size, text typed into the search) becomes a new address through the
 * provided navigate action, and the rows load only when the address changes (LOCATION), so a reload, a shared
 * link and Back show the view the address names. Typed text is applied after a pause; the first pause adds a
 * history entry and later ones replace it. A custom date range is checked with the section-5 date rules and an
 * amount range (Transaction Listing) with its own before either is applied. Which list it is (its filters and
 * address format: list-query.ts) comes with the input.
 *
 * Beside the rows: the export of the filtered rows (one at a time, the list usable meanwhile). The calls (load,
 * download) and the effects (navigate, notifyFailure) are supplied with .provide().
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { commitPlan, initialAddressList, planAddress, type Navigation } from '../shared/address-list';
import { failureNotice, toApiFailure } from '../shared/api-failure';
import { lastPageWithRows, pageWentEmpty } from '../shared/list.machine';
import { amountProblem, searchFromView, viewFromSearch, withFilters, type TmListView } from './list-query';
import type { ExportRequest, LoadRequest, TmListContext, TmListEvent, TmListInput, TmListTag } from './tm-list.types';
export type { ExportFormat, ExportRequest, LoadRequest, Navigation, TmListContext, TmListEvent, TmListInput } from './tm-list.types';

export const tmListMachine = setup({
  types: {
    context: {} as TmListContext,
    events: {} as TmListEvent,
    input: {} as TmListInput,
    tags: {} as TmListTag,
  },
  actors: {
    load: fromPromise<{ data: unknown[]; total: number }, LoadRequest>(async () => {
      throw new Error('load is provided by the view');
    }),
    download: fromPromise<unknown, ExportRequest>(async () => {
      throw new Error('download is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the router's navigate, to ?search (pushing or replacing the history entry). */
    navigate: (_, _params: Navigation) => {},
    /** Supplied by the view: the snack bar of a failed export. */
    notifyFailure: (_, _params: { message: string; code: string | null }) => {},
  },
  delays: {
    typingPause: 400,
  },
  guards: {
    addressChanged: ({ context, event }) =>
      event.type === 'LOCATION' && searchFromView(context.kind, viewFromSearch(context.kind, event.search)) !== searchFromView(context.kind, context.view),
    pageWentEmpty: ({ context }) => pageWentEmpty(context, context.view.page),
    typedSearch: ({ event }) => event.type === 'DRAFT' && 'search' in event.filters,
  },
}).createMachine({
  id: 'tmList',
  context: ({ input }) => ({ ...initialAddressList<TmListView, unknown>(viewFromSearch(input.kind, input.search)), kind: input.kind, amountError: null }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ kind: context.kind, view: context.view }),
            onDone: {
              target: 'settling',
              actions: assign({ rows: ({ event }) => event.output.data, total: ({ event }) => event.output.total, loaded: true, error: null }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
          },
        },
        settling: {
          tags: ['busy'],
          description: 'A page past the end (the rows moved on since the address was written) gives way to the last page that has rows.',
          always: [
            {
              guard: 'pageWentEmpty',
              target: 'ready',
              description: 'Asks for the last page with rows by replacing the address, so Back does not return to the empty page.',
              actions: enqueueActions(({ context, enqueue }) => commitPlan(enqueue, go(context, { ...context.view, page: lastPageWithRows(context.total, context.view.pageSize) }, { replace: true }))),
            },
            { target: 'ready' },
          ],
        },
        ready: {},
        failed: { tags: ['failed'] },
      },
      on: {
        RELOAD: { target: '.loading', reenter: true },
        ACTED: {
          target: '.loading',
          reenter: true,
          description: 'Something changed the rows (an upload stored transactions, a decision): the ticks go and the rows load again.',
          actions: assign({ selection: {} }),
        },
      },
    },
    exporting: {
      initial: 'idle',
      states: {
        idle: { on: { EXPORT: 'downloading' } },
        downloading: {
          tags: ['exporting'],
          description: 'One export at a time; the list stays usable meanwhile.',
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context, event }) => ({ kind: context.kind, view: context.view, format: (event as Extract<TmListEvent, { type: 'EXPORT' }>).format }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              description: 'A failed export is told in a snack bar; the list is untouched.',
              actions: { type: 'notifyFailure', params: ({ event }) => failureNotice(event.error) },
            },
          },
        },
      },
    },
    typing: {
      initial: 'idle',
      states: {
        idle: {},
        pausing: {
          after: {
            typingPause: {
              target: 'idle',
              actions: enqueueActions(({ context, enqueue }) => commitPlan(enqueue, go(context, withFilters(context.view, { search: context.draft.search }), { typed: true }))),
            },
          },
        },
      },
      on: {
        DRAFT: [
          {
            guard: 'typedSearch',
            target: '.pausing',
            reenter: true,
            description: 'Each keystroke restarts the pause: the search is applied once typing stops.',
            actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.filters }) as TmListContext['draft'], amountError: null }),
          },
          { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.filters }) as TmListContext['draft'], amountError: null }) },
        ],
        APPLY: {
          target: '.idle',
          description: 'The form submitted: a pending typed search, the amounts and a custom range are applied with it.',
          actions: enqueueActions(({ context, enqueue }) => commitPlan(enqueue, go(context, withFilters(context.view, context.draft), {}))),
        },
        EDIT: {
          target: '.idle',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const draft = { ...context.draft, ...event.filters } as TmListContext['draft'];
            enqueue.assign({ draft });
            commitPlan(enqueue, go({ ...context, draft }, withFilters(context.view, draft), {}));
          }),
        },
      },
    },
  },
  on: {
    LOCATION: {
      guard: 'addressChanged',
      target: '.list.loading',
      reenter: true,
      description: 'The list loads only when the address changes: a click, Back, a reload and a shared link all arrive here.',
      actions: assign(({ context, event }) => {
        const view = viewFromSearch(context.kind, event.search);
        const ours = context.requested !== null && searchFromView(context.kind, view) === context.requested;
        return {
          view,
          draft: ours ? context.draft : view.filters,
          rangeError: ours ? context.rangeError : null,
          amountError: ours ? context.amountError : null,
          requested: null,
          selection: {},
        };
      }),
    },
    SELECT: { actions: assign({ selection: ({ event }) => event.selection }) },
    PAGE: { actions: enqueueActions(({ context, event, enqueue }) => commitPlan(enqueue, go(context, { ...context.view, page: Math.max(1, event.page) }, {}))) },
    PAGE_SIZE: { actions: enqueueActions(({ context, event, enqueue }) => commitPlan(enqueue, go(context, { ...context.view, pageSize: event.pageSize, page: 1 }, {}))) },
  },
});

interface Plan {
  changes: Partial<TmListContext>;
  navigation?: Navigation;
}

/**
 * Asks for the address of a view: an amount range that cannot be applied stays in the form with its reason;
 * otherwise the shared rule (a custom date range checked, nothing when it is the address already).
 */
function go(context: TmListContext, next: TmListView, how: { typed?: boolean; replace?: boolean }): Plan {
  const amounts = amountProblem(next.filters);
  if (amounts) return { changes: { amountError: amounts } };
  const plan = planAddress((view: TmListView) => searchFromView(context.kind, view), context, next, how);
  return { changes: { ...plan.changes, amountError: null }, navigation: plan.navigation };
}
