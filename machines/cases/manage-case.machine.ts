/**
 * Manage Case's list, driven by the address. Every change the user makes
 * (a filter, the sort, a page, the page size, text typed into the search) is
 * turned into a new address by the navigate action, which the view supplies;
 * the list loads only when the address changes (LOCATION). So reloading,
 * opening a shared link and going Back all show the view the address names,
 * through the same path as a click.
 *
 * History: each committed change adds an entry. Text typed into the search is
 * applied after a short pause; the first pause adds an entry and later ones
 * replace it, so Back skips the keystrokes and returns to the view before
 * typing began. A custom date range is applied with the form (APPLY), checked
 * with the section-5 date rules first. The context, events and the rule of
 * which address a change asks for are shared with Media Manage Case
 * (machines/shared/address-list.ts).
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CaseView } from '../../common/cases';
import { commitPlan, initialAddressList, planAddress } from '../shared/address-list';
import { failureNotice, toApiFailure } from '../shared/api-failure';
import { lastPageWithRows, pageWentEmpty } from '../shared/list.machine';
import { searchFromView, sortedBy, viewFromSearch, withFilters, type CaseListView } from './case-list-query';
import type { ExportRequest, ManageCaseContext, ManageCaseEvent, Navigation, ManageCaseInput, ManageCaseTag } from './manage-case.types';
export type { ManageCaseContext, ManageCaseEvent, Navigation, ManageCaseInput } from './manage-case.types';

export const manageCaseMachine = setup({
  types: {
    context: {} as ManageCaseContext,
    events: {} as ManageCaseEvent,
    input: {} as ManageCaseInput,
    tags: {} as ManageCaseTag,
  },
  actors: {
    load: fromPromise<{ data: CaseView[]; total: number }, CaseListView>(async () => {
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
    /** How long typing pauses before the search is applied. */
    typingPause: 400,
  },
  guards: {
    addressChanged: ({ context, event }) => event.type === 'LOCATION' && searchFromView(viewFromSearch(event.search)) !== searchFromView(context.view),
    pageWentEmpty: ({ context }) => pageWentEmpty(context, context.view.page),
    typedSearch: ({ event }) => event.type === 'DRAFT' && 'search' in event.filters,
  },
}).createMachine({
  id: 'manageCase',
  context: ({ input }) => initialAddressList(viewFromSearch(input.search)),
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
          description: 'A page past the end (its last rows were just deleted or decided away) gives way to the last page that has rows.',
          always: [
            {
              guard: 'pageWentEmpty',
              target: 'ready',
              description: 'Asks for the last page with rows by replacing the address, so Back does not return to the empty page.',
              actions: enqueueActions(({ context, enqueue }) =>
                commitPlan(enqueue, go(context, { ...context.view, page: lastPageWithRows(context.total, context.view.pageSize) }, { replace: true })),
              ),
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
          description: 'The ticked cases were decided or deleted: the ticks go (those rows may leave the view) and the rows load again.',
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
            src: 'download',
            input: ({ context, event }) => ({ view: context.view, format: (event as Extract<ManageCaseEvent, { type: 'EXPORT' }>).format }),
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
            actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.filters }) }) },
          { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.filters }) }) },
        ],
        APPLY: {
          target: '.idle',
          description: 'The form submitted: a pending typed search is applied with it rather than after the pause.',
          actions: enqueueActions(({ context, enqueue }) => commitPlan(enqueue, go(context, withFilters(context.view, context.draft), {}))),
        },
        EDIT: {
          target: '.idle',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const draft = { ...context.draft, ...event.filters };
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
        const view = viewFromSearch(event.search);
        // Back, Forward or a link: the form shows that view. Our own change: the form stays as the user has it.
        const ours = context.requested !== null && searchFromView(view) === context.requested;
        // Ticks belong to the rows of one view: another view starts with none.
        return { view, draft: ours ? context.draft : view.filters, rangeError: ours ? context.rangeError : null, requested: null, selection: {} };
      }),
    },
    SELECT: { actions: assign({ selection: ({ event }) => event.selection }) },
    SORT: { actions: enqueueActions(({ context, event, enqueue }) => commitPlan(enqueue, go(context, sortedBy(context.view, event.key), {}))) },
    PAGE: { actions: enqueueActions(({ context, event, enqueue }) => commitPlan(enqueue, go(context, { ...context.view, page: Math.max(1, event.page) }, {}))) },
    PAGE_SIZE: { actions: enqueueActions(({ context, event, enqueue }) => commitPlan(enqueue, go(context, { ...context.view, pageSize: event.pageSize, page: 1 }, {}))) },
  },
});

/** Asks for the address of a view (the shared rule, with this list's address format). */
const go = (context: ManageCaseContext, next: CaseListView, how: { typed?: boolean; replace?: boolean }) => planAddress(searchFromView, context, next, how);
