/**
 * A paged list read from the API with filters: the users, roles, audit and
 * feedback screens. The previous page stays on screen while the next one loads
 * (no flicker); a search can require at least one filter (the users screen,
 * section 5), and a page that became empty (after a delete) steps back.
 * The loader is supplied with .provide({ actors: { load } }); a screen may also
 * supply the hasFilter guard.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../../common/messages';
import { toApiFailure } from './api-failure';
import type { ApiFailure } from './api-failure';

export type Filters = Record<string, string>;

export interface Page<Row> {
  data: Row[];
  total: number;
}

export interface ListInput {
  pageSize?: number;
  filters?: Filters;
  /** A search without any filter is refused with user_search_filter (section 5: "User search needs at least one filter"). */
  requireFilter?: boolean;
}

export interface ListContext {
  filters: Filters;
  /** The filters the list opened with; CLEAR returns to them. */
  initialFilters: Filters;
  page: number;
  pageSize: number;
  rows: unknown[];
  total: number;
  /** The rows on screen have been loaded at least once (an empty state may be shown). */
  loaded: boolean;
  requireFilter: boolean;
  filterError: MessageId | null;
  error: ApiFailure | null;
}

export type ListEvent =
  | { type: 'SEARCH'; filters: Filters }
  | { type: 'CLEAR' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; pageSize: number }
  | { type: 'RELOAD' };

export const isFilled = (filters: Filters) => Object.values(filters).some((v) => typeof v === 'string' && v.trim() !== '');

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
  },
  actors: {
    load: fromPromise<Page<unknown>, { filters: Filters; page: number; pageSize: number }>(async () => {
      throw new Error('load is provided by the screen');
    }),
  },
  guards: {
    searchAllowed: ({ context }, params: { filters: Filters }) => !context.requireFilter || isFilled(params.filters),
    pageWentEmpty: ({ context }) => context.loaded && context.rows.length === 0 && context.page > 1,
  },
}).createMachine({
  id: 'list',
  context: ({ input }) => ({
    filters: input.filters ?? {},
    initialFilters: input.filters ?? {},
    page: 1,
    pageSize: input.pageSize ?? 20,
    rows: [],
    total: 0,
    loaded: false,
    requireFilter: input.requireFilter ?? false,
    filterError: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ filters: context.filters, page: context.page, pageSize: context.pageSize }),
        onDone: {
          target: 'settling',
          actions: assign({ rows: ({ event }) => event.output.data, total: ({ event }) => event.output.total, loaded: true, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    /** A page past the end (its last row was just deleted) goes back to the last page that has rows. */
    settling: {
      always: [
        {
          guard: 'pageWentEmpty',
          target: 'loading',
          actions: assign({ page: ({ context }) => Math.max(1, Math.ceil(context.total / context.pageSize)) }),
        },
        { target: 'ready' },
      ],
    },
    ready: {},
    failed: {
      on: { RELOAD: 'loading' },
    },
  },
  on: {
    SEARCH: [
      {
        guard: { type: 'searchAllowed', params: ({ event }) => ({ filters: event.filters }) },
        target: '.loading',
        actions: assign({ filters: ({ event }) => event.filters, page: 1, filterError: null }),
      },
      { actions: assign({ filterError: 'user_search_filter' }) },
    ],
    CLEAR: { target: '.loading', actions: assign({ filters: ({ context }) => context.initialFilters, page: 1, filterError: null }) },
    PAGE: { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
    PAGE_SIZE: { target: '.loading', actions: assign({ pageSize: ({ event }) => event.pageSize, page: 1 }) },
    RELOAD: '.loading',
  },
});
