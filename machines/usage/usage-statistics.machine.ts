/**
 * The Usage Statistics screen (/usage-statistics; docs/usage-statistics.md): the period lives in the address;
 * choosing a preset writes it there at once, a custom range once its days pass the date rules and the two-year
 * limit (common/usage.ts, the API's own check); every address change loads that period's statistics, keeping
 * the last ones on screen meanwhile. Beside it, the report of the period shown is downloaded as a PDF, and a
 * report link to it can be made and shown once. The machine calls nothing: the view provides the calls (load,
 * download, share), the address (navigate) and the snack bars.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../../common/messages';
import { usagePeriodProblem, type UsageStatistics } from '../../common/usage';
import { failureField, failureNotice, toApiFailure } from '../shared/api-failure';
import { periodFromSearch, queryOfPeriod, samePeriod, searchFromPeriod } from './address';
import type { RangeField, SharedLink, UsagePeriod, UsageQuery, UsageStatisticsContext, UsageStatisticsEvent, UsageStatisticsInput } from './usage-statistics.types';
export type * from './usage-statistics.types';

const RANGE_FIELDS: readonly string[] = ['date_from', 'date_to'];

/** The days a custom range starts from when it is chosen: the period on screen. */
function customDraft(context: UsageStatisticsContext): UsagePeriod {
  if (context.view.date_preset === 'custom') return { ...context.view };
  const shown = context.statistics?.period;
  return { date_preset: 'custom', date_from: shown?.first_day ?? '', date_to: shown?.last_day ?? '' };
}

export const usageStatisticsMachine = setup({
  types: {
    context: {} as UsageStatisticsContext,
    events: {} as UsageStatisticsEvent,
    input: {} as UsageStatisticsInput,
    tags: {} as 'busy' | 'failed' | 'downloading' | 'sharing' | 'open',
  },
  actors: {
    load: fromPromise<UsageStatistics, UsageQuery>(async () => {
      throw new Error('load is provided by the view');
    }),
    download: fromPromise<unknown, UsageQuery>(async () => {
      throw new Error('download is provided by the view');
    }),
    share: fromPromise<SharedLink, UsageQuery>(async () => {
      throw new Error('share is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: writes the period into the address (which comes back as LOCATION). */
    navigate: (_, _params: { search: string }) => {},
    /** Supplied by the view: the error snack bar of a download or a link that failed. */
    notifyFailed: (_, _params: { message: string; code: string | null }) => {},
  },
  guards: {
    samePeriod: ({ context, event }) => event.type === 'LOCATION' && samePeriod(periodFromSearch(event.search), context.view),
    customChosen: ({ event }) => event.type === 'PRESET' && event.preset === 'custom',
    rangeInvalid: ({ context }) => usagePeriodProblem(context.draft) !== null,
  },
}).createMachine({
  id: 'usageStatistics',
  context: ({ input }) => {
    const view = periodFromSearch(input.search);
    return { view, draft: { ...view }, rangeErrors: {}, statistics: null, error: null, link: null };
  },
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      on: {
        LOCATION: [
          { guard: 'samePeriod', description: 'The address names the period already shown (a re-render, a replace): nothing to load.' },
          {
            target: '.loading',
            reenter: true,
            description: 'Another period: loaded now; an answer still on its way for the old one is dropped with its call.',
            actions: assign(({ event }) => {
              const view = periodFromSearch((event as { search: string }).search);
              return { view, draft: { ...view }, rangeErrors: {} };
            }),
          },
        ],
        PRESET: [
          {
            guard: 'customChosen',
            description: 'Custom shows its two days, starting from the period on screen; nothing loads until they are applied.',
            actions: assign(({ context }) => ({ draft: customDraft(context), rangeErrors: {} })),
          },
          {
            description: 'A preset is shown at once, through the address.',
            actions: { type: 'navigate', params: ({ event }) => ({ search: searchFromPeriod({ date_preset: (event as { preset: UsagePeriod['date_preset'] }).preset, date_from: '', date_to: '' }) }) },
          },
        ],
        EDIT_RANGE: {
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, [event.field]: event.value }, rangeErrors: { ...context.rangeErrors, [event.field]: undefined } })),
        },
        APPLY_RANGE: [
          {
            guard: 'rangeInvalid',
            description: 'The date rules and the two-year limit are checked here first: the API would refuse the same days with the same message.',
            actions: assign(({ context }) => {
              const problem = usagePeriodProblem(context.draft)!;
              return { rangeErrors: { [problem.field]: problem.rule } };
            }),
          },
          { actions: { type: 'navigate', params: ({ context }) => ({ search: searchFromPeriod(context.draft) }) } },
        ],
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => queryOfPeriod(context.view),
            onDone: { target: 'ready', actions: assign(({ event }) => ({ statistics: event.output, error: null })) },
            onError: {
              target: 'failed',
              description: 'The message, and on its field when the answer names one of the custom range (a period the address carried).',
              actions: assign(({ event }) => {
                const field = failureField(event.error);
                const failure = toApiFailure(event.error);
                return { error: failure, rangeErrors: field && RANGE_FIELDS.includes(field) && failure.code ? { [field as RangeField]: failure.code as MessageId } : {} };
              }),
            },
          },
        },
        ready: {},
        failed: {
          tags: ['failed'],
          on: { RETRY: 'loading' },
        },
      },
    },
    report: {
      initial: 'idle',
      states: {
        idle: { on: { DOWNLOAD: 'downloading' } },
        downloading: {
          tags: ['downloading'],
          description: 'The PDF of the period shown; a second click is not a second download.',
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context }) => queryOfPeriod(context.view),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'notifyFailed', params: ({ event }) => failureNotice(event.error) } },
          },
        },
      },
    },
    link: {
      initial: 'idle',
      states: {
        idle: { on: { SHARE: 'creating' } },
        creating: {
          tags: ['sharing'],
          invoke: {
            id: 'share',
            src: 'share',
            input: ({ context }) => queryOfPeriod(context.view),
            onDone: { target: 'shown', actions: assign(({ event }) => ({ link: event.output })) },
            onError: { target: 'idle', actions: { type: 'notifyFailed', params: ({ event }) => failureNotice(event.error) } },
          },
        },
        shown: {
          tags: ['open'],
          description: 'The link is shown this once; closing forgets it (the server keeps only its digest).',
          on: { CLOSE_LINK: { target: 'idle', actions: assign({ link: null }) } },
        },
      },
    },
  },
});
