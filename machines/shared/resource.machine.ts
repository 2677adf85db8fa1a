/**
 * One piece of data a screen shows (a case's results, a drawer's history, the
 * dashboard's counts): idle until there is a request, loading, loaded or
 * failed. A new request (the screen's filters changed) loads at once and drops
 * the answer still on its way for the old one; the previous data stays on
 * screen while the next loads. The fetch is the provided load actor
 * (src/lib/useResource.ts supplies the API client).
 */
import { assign, fromPromise, setup } from 'xstate';
import { toApiFailure } from './api-failure';
import type { ResourceContext, ResourceEvent, ResourceInput, ResourceRequest, ResourceTag } from './resource.types';

/** Requests are equal when they name the same path and query, whatever the order of the query's keys. */
export function requestKey(request: ResourceRequest | null): string {
  if (!request) return '';
  const query = request.query ?? {};
  const sorted = Object.keys(query)
    .sort()
    .filter((k) => query[k] !== undefined)
    .map((k) => [k, query[k]]);
  return `${request.path}?${JSON.stringify(sorted)}`;
}

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as ResourceInput,
    tags: {} as ResourceTag,
  },
  actors: {
    load: fromPromise<unknown, ResourceRequest>(async () => {
      throw new Error('load is provided by the view');
    }),
  },
  guards: {
    hasRequest: ({ context }) => context.request !== null,
    changed: ({ context, event }) => event.type === 'REQUEST' && requestKey(event.request) !== requestKey(context.request),
    cleared: ({ event }) => event.type === 'REQUEST' && event.request === null,
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ request: input?.request ?? null, data: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'A screen that opens with its request loads at once; one with none (a closed drawer) waits.',
      always: [{ guard: 'hasRequest', target: 'loading' }, { target: 'idle' }],
    },
    idle: { description: 'Nothing asked for; the last data, if any, is kept.' },
    loading: {
      description: 'The request is on its way; the previous data stays on screen meanwhile.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        input: ({ context }) => context.request!,
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    loaded: {
      description: 'The answer is shown; RELOAD fetches it again (the server said it changed).',
      tags: ['loaded'],
      on: { RELOAD: 'loading' },
    },
    failed: {
      description: 'The request failed: the message shows, with the last data if there was any, until a retry.',
      tags: ['failed'],
      on: {
        RETRY: 'loading',
        RELOAD: 'loading',
      },
    },
  },
  on: {
    REQUEST: [
      {
        guard: 'cleared',
        target: '.idle',
        description: 'Nothing asked for any more (a drawer closed): what was on its way is dropped; the last data stays for when it reopens.',
        actions: assign({ request: null }),
      },
      {
        guard: 'changed',
        target: '.loading',
        reenter: true,
        description: 'A different request loads at once; re-entering cancels the answer still on its way for the old one, so it never overwrites the new.',
        actions: assign({ request: ({ event }) => (event as Extract<ResourceEvent, { type: 'REQUEST' }>).request }),
      },
    ],
  },
});
