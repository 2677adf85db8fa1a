/**
 * Deleting an API key: a confirmation that names the key and asks for the user's password (section 5:
 * deleting an API key is a sensitive action), then the request. A deleted key stops working at once, so
 * the confirmation says so. An empty password is refused here (the API would only say the same); a
 * wrong one keeps the question open with the message under the field. A success emits
 * { type: 'deleted', answer, key } for the screen to reload and show the message.
 * The call is supplied with .provide({ actors: { remove } }).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { failureField, toApiFailure } from '../shared/api-failure';
import type { DeleteKeyInput, KeyDeletionContext, KeyDeletionEmitted, KeyDeletionEvent } from './key-deletion.types';
export type { DeleteKeyInput, KeyDeletionContext, KeyDeletionEmitted, KeyDeletionEvent } from './key-deletion.types';

const fresh = { password: '', problem: null, error: null };

export const keyDeletionMachine = setup({
  types: {
    context: {} as KeyDeletionContext,
    events: {} as KeyDeletionEvent,
    emitted: {} as KeyDeletionEmitted,
  },
  actors: {
    remove: fromPromise<{ code?: string; message?: string }, DeleteKeyInput>(async () => {
      throw new Error('remove is provided by the screen');
    }),
  },
  guards: {
    passwordMissing: ({ context }) => context.password === '',
  },
}).createMachine({
  id: 'keyDeletion',
  context: { key: null, ...fresh },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'confirming', actions: assign(({ event }) => ({ key: event.key, ...fresh })) } },
    },
    confirming: {
      tags: ['open', 'editable'],
      initial: 'ready',
      states: {
        ready: {},
        refused: { description: 'The API refused (a wrong password, the key already gone): the message shows until the password is edited.' },
      },
      on: {
        PASSWORD: { actions: assign({ password: ({ event }) => event.password, problem: null, error: null }) },
        SUBMIT: [
          { guard: 'passwordMissing', description: 'An empty password is refused here: the server would only say the same.', actions: assign({ problem: 'password_required' as const, error: null }) },
          { target: 'deleting', actions: assign({ problem: null, error: null }) },
        ],
        CLOSE: { target: 'closed', actions: assign({ key: null, ...fresh }) },
      },
    },
    deleting: {
      description: 'The request is on its way; the dialog cannot be closed until it is answered.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.key!._id, password: context.password }),
        onDone: {
          target: 'closed',
          actions: [emit(({ context, event }) => ({ type: 'deleted' as const, answer: event.output, key: context.key! })), assign({ key: null, ...fresh })],
        },
        onError: {
          target: 'confirming.refused',
          actions: assign({ error: ({ event }) => ({ ...toApiFailure(event.error), field: failureField(event.error) }) }),
        },
      },
    },
  },
});
