/**
 * Media Manage Case's list (/media-manage-case), driven by the address as Manage Case's is: every change the
 * user makes (a filter, a page, the page size, text typed into the search) becomes a new address through
 * the provided navigate action, and the rows load only when the address changes (LOCATION), so a reload,
 * a shared link and Back show the view the address names. Typed text is applied after a pause; the first
 * pause adds a history entry and later ones replace it. A custom date range is checked with the
 * section-5 date rules before it is applied. The context, events and the rule of which address a change asks
 * for are shared with Manage Case (machines/shared/address-list.ts).
 *
 * Beside the rows: marking cases read or unread (one call, then the rows load again), and the export of
 * the filtered cases (one at a time, the list usable meanwhile). The calls (load, mark, download) and the
 * effects (navigate, notifyFailure) are supplied with .provide().
 */
import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { commitPlan, initialAddressList, planAddress } from '../shared/address-list';
import { failureNotice, toApiFailure } from '../shared/api-failure';
import { lastPageWithRows, pageWentEmpty } from '../shared/list.machine';
import { searchFromView, viewFromSearch, withFilters, type MediaCaseListView } from './media-cases-query';
import type { ExportRequest, MarkRequest, MediaCasesContext, MediaCasesEvent, MediaCasesInput, MediaCasesTag, Navigation } from './media-cases.types';
import type { MediaCaseView } from './views';
export type { ExportFormat, MarkRequest, MediaCasesContext, MediaCasesEvent, MediaCasesInput, Navigation } from './media-cases.types';

export const mediaCasesMachine = setup({
  types: {
    context: {} as MediaCasesContext,
    events: {} as MediaCasesEvent,
    input: {} as MediaCasesInput,
    tags: {} as MediaCasesTag,
  },
  actors: {
    load: fromPromise<{ data: MediaCaseView[]; total: number }, MediaCaseListView>(async () => {
      throw new Error('load is provided by the view');
    }),
    mark: fromPromise<unknown, MarkRequest>(async () => {
      throw new Error('mark is provided by the view');
    }),
    download: fromPromise<unknown, ExportRequest>(async () => {
      throw new Error('download is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the router's navigate, to ?search (pushing or replacing the history entry). */
    navigate: (_, _params: Navigation) => {},
    /** Supplied by the view: the snack bar of a failed export or marking. */
    notifyFailure: (_, _params: { message: string; code: string | null }) => {},
  },
  delays: {
    typingPause: 400,
  },
  guards: {
    addressChanged: ({ context, event }) => event.type === 'LOCATION' && searchFromView(viewFromSearch(event.search)) !== searchFromView(context.view),
    pageWentEmpty: ({ context }) => pageWentEmpty(context, context.view.page),
    typedSearch: ({ event }) => event.type === 'DRAFT' && 'search' in event.filters,
    someReferences: ({ event }) => event.type === 'MARK' && event.references.length > 0,
  },
}).createMachine({
  id: 'mediaCases',
  context: ({ input }) => ({ ...initialAddressList<MediaCaseListView, MediaCaseView>(viewFromSearch(input.search)), marking: null }),
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
          description: 'A page past the end (its last rows were just deleted) gives way to the last page that has rows.',
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
          description: 'The ticked cases were changed or deleted: the ticks go and the rows load again.',
          actions: assign({ selection: {} }),
        },
      },
    },
    marking: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            MARK: { guard: 'someReferences', target: 'sending', actions: assign({ marking: ({ event }) => ({ references: event.references, is_read: event.is_read }) }) },
          },
        },
        sending: {
          tags: ['marking'],
          description: 'One marking at a time; the rows load again once it is done, with the ticks cleared.',
          invoke: {
            id: 'mark',
            src: 'mark',
            input: ({ context }) => context.marking!,
            onDone: { target: 'idle', actions: [assign({ marking: null, selection: {} }), raise({ type: 'RELOAD' })] },
            onError: {
              target: 'idle',
              actions: [
                assign({ marking: null }),
                { type: 'notifyFailure', params: ({ event }) => failureNotice(event.error) },
              ],
            },
          },
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
            input: ({ context, event }) => ({ view: context.view, format: (event as Extract<MediaCasesEvent, { type: 'EXPORT' }>).format }),
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
            actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.filters }) }),
          },
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
        const ours = context.requested !== null && searchFromView(view) === context.requested;
        return { view, draft: ours ? context.draft : view.filters, rangeError: ours ? context.rangeError : null, requested: null, selection: {} };
      }),
    },
    SELECT: { actions: assign({ selection: ({ event }) => event.selection }) },
    PAGE: { actions: enqueueActions(({ context, event, enqueue }) => commitPlan(enqueue, go(context, { ...context.view, page: Math.max(1, event.page) }, {}))) },
    PAGE_SIZE: { actions: enqueueActions(({ context, event, enqueue }) => commitPlan(enqueue, go(context, { ...context.view, pageSize: event.pageSize, page: 1 }, {}))) },
  },
});

/** Asks for the address of a view (the shared rule, with this list's address format). */
const go = (context: MediaCasesContext, next: MediaCaseListView, how: { typed?: boolean; replace?: boolean }) => planAddress(searchFromView, context, next, how);
