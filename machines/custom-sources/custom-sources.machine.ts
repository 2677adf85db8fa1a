/**
 * The custom sources screen (/custom-source): the organisation's feeds in a paged table, read again every
 * few seconds while one of them is In-Progress (its first read, which brings its first articles, is on its
 * way and has not failed), so the administrator watches the status turn Live and the article count grow without reloading;
 * "Read now" watches the same way for a few reads. The reads are quiet: the table is not dimmed. Pausing,
 * resuming and "Read now" are one-click actions, one at a time; each outcome is told with the provided
 * notifyDone / notifyFailure and the rows load again. The calls (load, run) are supplied with .provide().
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import type { CustomSourceView } from '../../common/custom-sources';
import { failureNotice, toApiFailure } from '../shared/api-failure';
import { lastPageWithRows, pageWentEmpty } from '../shared/list.machine';
import type { ActionAnswer, CustomSourcesContext, CustomSourcesEvent, CustomSourcesInput, CustomSourcesTag, SourceAction, SourcePage } from './custom-sources.types';
export type { ActionAnswer, CustomSourcesContext, CustomSourcesEvent, CustomSourcesInput, SourceAction, SourceActionKind, SourcePage } from './custom-sources.types';

/**
 * A source whose first read is on its way: In-Progress and not failing. One whose reads fail waits for its
 * next try (shown with the error), so watching it every few seconds would show nothing new.
 */
export const firstReadPending = (source: CustomSourceView) => source.status === 'In-Progress' && source.last_error === null;

/** Quick reads after "Read now". */
export const WATCH_READS = 6;

export const customSourcesMachine = setup({
  types: {
    context: {} as CustomSourcesContext,
    events: {} as CustomSourcesEvent,
    input: {} as CustomSourcesInput,
    tags: {} as CustomSourcesTag,
  },
  actors: {
    load: fromPromise<SourcePage, { page: number; pageSize: number }>(async () => {
      throw new Error('load is provided by the screen');
    }),
    run: fromPromise<ActionAnswer, SourceAction>(async () => {
      throw new Error('run is provided by the screen');
    }),
  },
  actions: {
    /** Supplied by the screen: the snack bar of a done action. */
    notifyDone: (_, _params: { action: SourceAction; answer: ActionAnswer }) => {},
    /** Supplied by the screen: the snack bar of a refused action. */
    notifyFailure: (_, _params: { message: string; code: string | null }) => {},
  },
  delays: {
    /** How often the rows are read again while something is on its way. */
    pollEvery: 3000,
  },
  guards: {
    watching: ({ context }) => context.watching > 0 || context.rows.some(firstReadPending),
    pageWentEmpty: ({ context }) => pageWentEmpty(context, context.page),
  },
}).createMachine({
  id: 'customSources',
  context: ({ input }) => ({ page: 1, pageSize: input?.pageSize ?? 20, rows: [], total: 0, loaded: false, error: null, running: null, watching: 0 }),
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
            input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
            onDone: { target: 'settling', actions: assign({ rows: ({ event }) => event.output.data, total: ({ event }) => event.output.total, loaded: true, error: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
          },
        },
        settling: {
          always: [
            {
              guard: 'pageWentEmpty',
              target: 'loading',
              description: 'The last source of a page was deleted: the last page that has rows loads instead.',
              actions: assign({ page: ({ context }) => lastPageWithRows(context.total, context.pageSize) }),
            },
            { target: 'ready' },
          ],
        },
        ready: {
          after: {
            pollEvery: {
              guard: 'watching',
              target: 'refreshing',
              description: 'A source is In-Progress (or was just asked to read): the rows are read again, quietly.',
              actions: assign({ watching: ({ context }) => Math.max(0, context.watching - 1) }),
            },
          },
        },
        refreshing: {
          description: 'A quiet read: the rows on screen stay as they are until the answer replaces them; a failure keeps them.',
          invoke: {
            id: 'refresh',
            src: 'load',
            input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
            onDone: { target: 'settling', actions: assign({ rows: ({ event }) => event.output.data, total: ({ event }) => event.output.total, error: null }) },
            onError: { target: 'ready', actions: assign({ watching: 0 }) },
          },
        },
        failed: { tags: ['failed'] },
      },
      on: {
        RELOAD: { target: '.loading', reenter: true },
        PAGE: { target: '.loading', reenter: true, actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
      },
    },
    actions: {
      initial: 'idle',
      states: {
        idle: {
          on: { RUN: { target: 'running', actions: assign({ running: ({ event }) => event.action }) } },
        },
        running: {
          description: 'One action at a time: a second click while one is on its way does nothing.',
          tags: ['acting'],
          invoke: {
            id: 'run',
            src: 'run',
            input: ({ context }) => context.running!,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifyDone', params: ({ context, event }) => ({ action: context.running!, answer: event.output }) },
                assign(({ context }) => ({ watching: context.running!.kind === 'pause' ? context.watching : WATCH_READS, running: null })),
                raise({ type: 'RELOAD' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notifyFailure', params: ({ event }) => failureNotice(event.error) },
                assign({ running: null }),
              ],
            },
          },
        },
      },
    },
  },
});
