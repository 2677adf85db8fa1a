/**
 * A paged list read from the API with filters: the users, roles, audit and
 * feedback screens. The previous page stays on screen while the next one loads
 * (no flicker); a search can require at least one filter (the users screen,
 * section 5), and a page that became empty (after a delete) steps back.
 * The loader is supplied with .provide({ actors: { load } }); a screen may also
 * supply the hasFilter guard.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toApiFailure } from './api-failure';
import type { Filters, ListInput, ListContext, ListEvent, Page } from './list.types';
export type { Filters, ListInput, ListContext, ListEvent, Page } from './list.types';

export const isFilled = (filters: Filters) => Object.values(filters).some((v) => typeof v === 'string' && v.trim() !== '');

/**
 * A page past the end (its last rows were just deleted) of a list that still has rows elsewhere; the paged
 * lists with their own statecharts (Manage Case, Media Manage Case, custom sources) step back from it.
 */
export const pageWentEmpty = (list: { loaded: boolean; rows: unknown[]; total: number }, page: number) =>
  list.loaded && list.rows.length === 0 && page > 1 && list.total > 0;

/** The last page that has rows (the first when there are none). */
export const lastPageWithRows = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

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
    settling: {
      description: 'A page past the end (its last row was just deleted) goes back to the last page that has rows.',
      always: [
        {
          guard: 'pageWentEmpty',
          target: 'loading',
          description: 'Loads the last page that has rows instead of showing an empty page.',
          actions: assign({ page: ({ context }) => lastPageWithRows(context.total, context.pageSize) }),
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
      { description: 'A search without a filter is refused beside the form (section 5), and the rows on screen stay.', actions: assign({ filterError: 'user_search_filter' }) },
    ],
    CLEAR: { target: '.loading', actions: assign({ filters: ({ context }) => context.initialFilters, page: 1, filterError: null }) },
    PAGE: { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
    PAGE_SIZE: { target: '.loading', actions: assign({ pageSize: ({ event }) => event.pageSize, page: 1 }) },
    RELOAD: '.loading',
  },
});
