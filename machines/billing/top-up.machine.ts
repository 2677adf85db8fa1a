/**
 * Buying credits on Manage Payments: the user picks a credit kind and a number of packs (the price follows
 * from the packs on offer, common/billing.ts TOP_UP_PACKS), presses Buy, and a confirmation repeats what is
 * bought and what it costs before the purchase is sent. The API issues an invoice; the credits are granted
 * once it is paid. A success runs the provided effects once: notify (the snack bar) and invoiced (the
 * invoices table loads again, so the new invoice appears). The call is supplied with .provide({ actors: { buy } }).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CreditKind } from '../../common/billing';
import { validateTopUpPacks } from '../../common/schemas/billing';
import { toApiFailure } from '../shared/api-failure';
import type { TopUpAnswer, TopUpContext, TopUpDoneParams, TopUpEvent, TopUpInput, TopUpTag } from './top-up.types';
export type { TopUpAnswer, TopUpContext, TopUpDoneParams, TopUpEvent, TopUpInput, TopUpTag } from './top-up.types';

/** The packs typed as a number, or null when the API's rule refuses them (a whole number from 1 to MAX_TOP_UP_PACKS). */
export const packCount = (text: string): number | null => (validateTopUpPacks(text) ? null : Number(text.trim()));

export const initialTopUp = (kind: CreditKind = 'aml_screening'): TopUpContext => ({ kind, packs: '1', packsProblem: null, refusal: null, invoice: null });

export const topUpMachine = setup({
  types: {
    context: {} as TopUpContext,
    events: {} as TopUpEvent,
    tags: {} as TopUpTag,
  },
  actors: {
    buy: fromPromise<TopUpAnswer, TopUpInput>(async () => {
      throw new Error('buy is provided by the screen');
    }),
  },
  actions: {
    /** Supplied by the screen: the snack bar of a purchase. */
    notify: (_, _params: TopUpDoneParams) => {},
    /** Supplied by the screen: the invoices table loads again. */
    invoiced: (_, _params: TopUpDoneParams) => {},
  },
  guards: {
    packsValid: ({ context }) => packCount(context.packs) !== null,
  },
}).createMachine({
  id: 'topUp',
  context: initialTopUp(),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        EDIT: {
          description: 'A change to the packs clears their problem; the price follows the values.',
          actions: assign(({ context, event }) => ({
            kind: event.kind ?? context.kind,
            packs: event.packs ?? context.packs,
            packsProblem: event.packs !== undefined ? null : context.packsProblem,
          })),
        },
        REVIEW: [
          { guard: 'packsValid', target: 'confirming', actions: assign({ refusal: null, packsProblem: null }) },
          { description: 'Packs the API would refuse (not a whole number from 1 to the maximum) are refused here, under the field, with its message.', actions: assign({ packsProblem: ({ context }) => validateTopUpPacks(context.packs) }) },
        ],
      },
    },
    confirming: {
      tags: ['open'],
      initial: 'asking',
      states: {
        asking: {},
        refused: { description: 'The API refused the purchase: its message shows in the confirmation until it is sent again or closed.' },
      },
      on: {
        CONFIRM: { target: 'buying', actions: assign({ refusal: null }) },
        CANCEL: { target: 'editing', actions: assign({ refusal: null }) },
      },
    },
    buying: {
      tags: ['open', 'busy'],
      description: 'The purchase is on its way; the confirmation cannot be closed until it is answered.',
      invoke: {
        id: 'buy',
        src: 'buy',
        input: ({ context }) => ({ kind: context.kind, packs: packCount(context.packs)! }),
        onDone: {
          target: 'editing',
          description: 'The invoice is issued: the packs go back to one and the invoices table shows it.',
          actions: [
            assign({ invoice: ({ event }) => event.output.invoice ?? null, packs: '1' }),
            { type: 'notify', params: ({ event }) => ({ answer: event.output }) },
            { type: 'invoiced', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: { target: 'confirming.refused', actions: assign({ refusal: ({ event }) => toApiFailure(event.error) }) },
      },
    },
  },
});
