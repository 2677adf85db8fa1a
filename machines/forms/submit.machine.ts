/**
 * A form that is sent once and then done (forgot password, feedback, ...):
 * editing, submitting, done; a failure returns to editing with the message.
 * The request is supplied with .provide({ actors: { submit } }).
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureFields } from '../shared/api-failure';

export const submitMachine = setup({
  types: {
    context: {} as { error: string | null; errorCode: string | null; result: unknown },
    events: {} as { type: 'SUBMIT'; values: Record<string, unknown> } | { type: 'RESET' },
  },
  actors: {
    submit: fromPromise<unknown, Record<string, unknown>>(async () => {
      throw new Error('submit is provided by the view');
    }),
  },
}).createMachine({
  id: 'submitForm',
  context: { error: null, errorCode: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: { SUBMIT: 'submitting' },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ event }) => (event as { values: Record<string, unknown> }).values,
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output, error: null, errorCode: null }) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => failureFields(event.error)),
        },
      },
    },
    done: {
      on: { RESET: { target: 'editing', actions: assign({ result: null }) } },
    },
  },
});
