/**
 * A transaction's page (/transaction-listing/:transaction_reference): the transaction is loaded with its
 * decision; the AML cases of its remitter and beneficiary load when their tab is first shown (and again on
 * reload); an analyst's decision (accept, reject, under review, hold) is confirmed first, then sent with
 * POST /update, and the transaction loads again so the page shows the stored outcome. The calls (load,
 * loadCases, decide) and the effects (notifyDecided) are supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import type { TransactionAmlCase, TransactionDetail } from '../../common/transactions';
import { toApiFailure } from '../shared/api-failure';
import type { DecideAnswer, DecideInput, TransactionContext, TransactionEvent, TransactionInput, TransactionTag } from './transaction.types';
export type * from './transaction.types';

export const transactionMachine = setup({
  types: {
    context: {} as TransactionContext,
    events: {} as TransactionEvent,
    input: {} as TransactionInput,
    tags: {} as TransactionTag,
  },
  actors: {
    load: fromPromise<TransactionDetail, { reference: string }>(async () => {
      throw new Error('load is provided by the view');
    }),
    loadCases: fromPromise<TransactionAmlCase[], { reference: string }>(async () => {
      throw new Error('loadCases is provided by the view');
    }),
    decide: fromPromise<DecideAnswer, DecideInput>(async () => {
      throw new Error('decide is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the snack bar of a stored decision. */
    notifyDecided: (_, _params: { answer: DecideAnswer; reference: string }) => {},
  },
  guards: {
    sameStatus: ({ context, event }) => event.type === 'DECIDE' && context.detail?.status === event.status,
    casesWanted: ({ context }) => context.cases !== null || context.casesError !== null,
  },
}).createMachine({
  id: 'transaction',
  context: ({ input }) => ({ reference: input.reference, detail: null, cases: null, decision: null, error: null, casesError: null, decideError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: { target: 'loaded', actions: assign({ detail: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { RETRY: 'loading' },
    },
    loaded: {
      type: 'parallel',
      on: { RELOAD: 'loading' },
      states: {
        cases: {
          initial: 'checking',
          states: {
            checking: {
              always: [
                { guard: 'casesWanted', target: 'loading', description: 'The tab was shown before this load: its cases load again with the transaction.' },
                { target: 'idle' },
              ],
            },
            idle: { on: { SHOW_CASES: 'loading' } },
            loading: {
              tags: ['casesLoading'],
              invoke: {
                id: 'loadCases',
                src: 'loadCases',
                input: ({ context }) => ({ reference: context.reference }),
                onDone: { target: 'ready', actions: assign({ cases: ({ event }) => event.output, casesError: null }) },
                onError: { target: 'failed', actions: assign({ casesError: ({ event }) => toApiFailure(event.error) }) },
              },
            },
            ready: {},
            failed: { on: { SHOW_CASES: 'loading' } },
          },
        },
        deciding: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                DECIDE: [
                  { guard: 'sameStatus', description: 'The status it already has: nothing to confirm or send.' },
                  { target: 'confirming', actions: assign({ decision: ({ event }) => event.status, decideError: null }) },
                ],
              },
            },
            confirming: {
              tags: ['confirming'],
              description: 'A decision changes what happens to the money: the analyst confirms it first.',
              on: {
                CONFIRM: 'sending',
                CANCEL: { target: 'idle', actions: assign({ decision: null, decideError: null }) },
              },
            },
            sending: {
              tags: ['deciding'],
              invoke: {
                id: 'decide',
                src: 'decide',
                input: ({ context }) => ({ reference_id: context.reference, status: context.decision! }),
                onDone: {
                  target: '#transaction.loading',
                  description: 'Stored: the transaction loads again, so the page shows the stored status and its history.',
                  actions: [{ type: 'notifyDecided', params: ({ context, event }) => ({ answer: event.output, reference: context.reference }) }, assign({ decision: null })],
                },
                onError: { target: 'confirming', description: 'Refused: the reason shows in the confirmation, which stays open.', actions: assign({ decideError: ({ event }) => toApiFailure(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
});
