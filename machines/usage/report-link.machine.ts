/**
 * A report link's page (/usage-report-pdf?token=...; section 2: public, needs a token): asks the API for the
 * report the token opens, then offers it to save or open; an unknown or expired link shows the API's message
 * ('usage_report_link_invalid', 'usage_report_link_expired'). The view provides the call (fetch) and the save.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toApiFailure } from '../shared/api-failure';
import type { ReportFile, ReportLinkContext, ReportLinkEvent, ReportLinkInput } from './report-link.types';
export type * from './report-link.types';

export const reportLinkMachine = setup({
  types: {
    context: {} as ReportLinkContext,
    events: {} as ReportLinkEvent,
    input: {} as ReportLinkInput,
    tags: {} as 'busy' | 'failed' | 'succeeded',
  },
  actors: {
    fetch: fromPromise<ReportFile, { token: string }>(async () => {
      throw new Error('fetch is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: hands the file to the browser's save. */
    save: (_, _params: { file: ReportFile }) => {},
  },
}).createMachine({
  id: 'reportLink',
  context: ({ input }) => ({ token: input.token, file: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetch',
        src: 'fetch',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ file: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: toApiFailure(event.error) })) },
      },
    },
    ready: {
      tags: ['succeeded'],
      description: 'The report is here: saved on each click, as often as wanted.',
      on: { SAVE: { actions: { type: 'save', params: ({ context }) => ({ file: context.file! }) } } },
    },
    failed: {
      tags: ['failed'],
      description: "The API's message: an unknown or expired link, or no connection (which a retry may fix).",
      on: { RETRY: 'loading' },
    },
  },
});
