/**
 * A dialog that sends one request: a user or role form, a confirmation
 * (deactivate, delete), a password check before a sensitive action, the
 * feedback form. Closed, open for input, sending; a failure keeps the dialog
 * open with the server's message and the field it names. Success closes it and
 * emits { type: 'done', output } for the screen to react (reload, snack bar).
 * The request is supplied with .provide({ actors: { submit } }).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { failureField, failureFields } from './api-failure';
import type { DialogContext, DialogEvent, DialogEmitted } from './dialog.types';
export type { DialogContext, DialogEvent, DialogEmitted } from './dialog.types';

const noError = { error: null, errorCode: null, errorField: null };

export const dialogMachine = setup({
  types: {
    context: {} as DialogContext,
    events: {} as DialogEvent,
    emitted: {} as DialogEmitted,
  },
  actors: {
    submit: fromPromise<unknown, { target: unknown; values: Record<string, unknown> }>(async () => {
      throw new Error('submit is provided by the screen');
    }),
  },
}).createMachine({
  id: 'dialog',
  context: { target: null, ...noError },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: assign({ target: ({ event }) => event.target ?? null, ...noError }) } },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT: 'sending',
            EDIT: { description: 'The user edited the form after an error: the stale message goes.', actions: assign(noError) },
            CLOSE: '#dialog.closed',
          },
        },
        sending: {
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context, event }) => ({ target: context.target, values: (event as { values: Record<string, unknown> }).values }),
            onDone: {
              target: '#dialog.closed',
              actions: emit(({ context, event }) => ({ type: 'done' as const, output: event.output, target: context.target })),
            },
            onError: {
              target: 'editing',
              description: 'The dialog stays open with what the user typed, the message, and the field it is about.',
              actions: assign(({ event }) => ({ ...failureFields(event.error), errorField: failureField(event.error) })),
            },
          },
        },
      },
      description: 'No CLOSE while sending: closing would hide the outcome of a request already on its way.',
    },
  },
});
