/**
 * Create New Case: the form is checked by the view with the shared rules, then
 * submitted here. A success leads to the new case's results; the two limit
 * answers differ: running out of credits opens the credits-expired dialog
 * (with contact sales), the daily limit and every other failure go back to the
 * form with the message.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureFields } from '../shared/api-failure';
import type { ApiFailure } from '../shared/api-failure';

export interface CreateCaseContext {
  reference: string | null;
  error: string | null;
  errorCode: string | null;
}

export type CreateCaseEvent = { type: 'SUBMIT'; values: FormData | Record<string, unknown> } | { type: 'CLOSE_DIALOG' } | { type: 'CONTACT_SALES' } | { type: 'RESET' };

export const createCaseMachine = setup({
  types: {
    context: {} as CreateCaseContext,
    events: {} as CreateCaseEvent,
  },
  actors: {
    search: fromPromise<{ reference: string }, FormData | Record<string, unknown>>(async () => {
      throw new Error('search is provided by the view');
    }),
  },
  actions: {
    contactSales: () => {},
  },
  guards: {
    creditsExpired: ({ event }) => (event as unknown as { error: ApiFailure }).error?.code === 'search_limit',
  },
}).createMachine({
  id: 'createCase',
  context: { reference: null, error: null, errorCode: null },
  initial: 'editing',
  states: {
    editing: {
      on: { SUBMIT: { target: 'searching', actions: assign({ error: null, errorCode: null }) } },
    },
    searching: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ event }) => (event as Extract<CreateCaseEvent, { type: 'SUBMIT' }>).values,
        onDone: { target: 'created', actions: assign({ reference: ({ event }) => event.output.reference }) },
        onError: [
          { guard: 'creditsExpired', target: 'creditsExpired' },
          {
            target: 'editing',
            actions: assign(({ event }) => failureFields(event.error)),
          },
        ],
      },
    },
    creditsExpired: {
      on: {
        CLOSE_DIALOG: 'editing',
        CONTACT_SALES: { target: 'editing', actions: 'contactSales' },
      },
    },
    created: {
      on: { RESET: { target: 'editing', actions: assign({ reference: null }) } },
    },
  },
});
