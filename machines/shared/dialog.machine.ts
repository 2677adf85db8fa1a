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

export interface DialogContext {
  /** What the dialog acts on (a user, a role), or null for "new". */
  target: unknown;
  error: string | null;
  errorCode: string | null;
  /** The request field the error is about, when the server names one. */
  errorField: string | null;
}

export type DialogEvent =
  | { type: 'OPEN'; target?: unknown }
  | { type: 'CLOSE' }
  | { type: 'SUBMIT'; values: Record<string, unknown> }
  /** The user edited the form after an error: the stale message goes. */
  | { type: 'EDIT' };

export type DialogEmitted = { type: 'done'; output: unknown; target: unknown };

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
            EDIT: { actions: assign(noError) },
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
              actions: assign(({ event }) => ({ ...failureFields(event.error), errorField: failureField(event.error) })),
            },
          },
        },
      },
      // No CLOSE while sending: closing would hide the outcome of a request already on its way.
    },
  },
});
