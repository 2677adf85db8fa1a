/**
 * The web hook secret key on the settings screen: shown masked; generating a
 * new one asks for the password (section 5: sensitive actions), then shows the
 * new key once, in full, to be copied ('Secret Key Updated Successfully').
 * Without update_webhook_secret_key the section says 'Permission Denied'. After a new key is generated
 * the previous one keeps signing for a grace period (common/webhooks.ts WEBHOOK_SECRET_GRACE_HOURS),
 * whose end the stored key tells (previous_valid_until): the key is read again once the new one shows.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { toApiFailure } from '../shared/api-failure';
import type { ApiFailure } from '../shared/api-failure';
import type { SecretKeyContext, SecretKeyEvent, SecretKeyInfo, GeneratedKey, SecretKeyInput } from './secret-key.types';
export type { SecretKeyContext, SecretKeyEvent, SecretKeyInfo, GeneratedKey, SecretKeyInput } from './secret-key.types';

export const secretKeyMachine = setup({
  types: {
    context: {} as SecretKeyContext,
    events: {} as SecretKeyEvent,
    input: {} as SecretKeyInput,
    emitted: {} as { type: 'generated'; answer: GeneratedKey },
  },
  actors: {
    loadKey: fromPromise<SecretKeyInfo>(async () => {
      throw new Error('loadKey is provided by the screen');
    }),
    generateKey: fromPromise<GeneratedKey, { password: string }>(async () => {
      throw new Error('generateKey is provided by the screen');
    }),
  },
  guards: {
    notPermitted: ({ context }) => !context.permitted,
    isForbidden: (_, failure: ApiFailure) => failure.status === 403,
    passwordMissing: (_, params: { password: string }) => !params.password,
  },
}).createMachine({
  id: 'secretKey',
  context: ({ input }) => ({ permitted: input.permitted, key: null, revealed: null, inputError: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      description: "The session's permissions decide before any call; the API decides again.",
      always: [{ guard: 'notPermitted', target: 'denied' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadKey',
        src: 'loadKey',
        onDone: { target: 'ready', actions: assign({ key: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: { type: 'isForbidden', params: ({ event }) => toApiFailure(event.error) }, target: 'denied', description: 'The permission was taken away since the session began: the API is the judge.' },
          { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
        ],
      },
    },
    ready: {
      on: { GENERATE: { target: 'askingPassword', actions: assign({ inputError: null, error: null }) } },
    },
    askingPassword: {
      on: {
        SUBMIT_PASSWORD: [
          {
            guard: { type: 'passwordMissing', params: ({ event }) => ({ password: event.password }) },
            description: 'An empty password is refused here: the server would only say the same.',
            actions: assign({ inputError: 'password_required', error: null }),
          },
          { target: 'generating', actions: assign({ inputError: null, error: null }) },
        ],
        CANCEL: { target: 'ready', actions: assign({ inputError: null, error: null }) },
      },
    },
    generating: {
      invoke: {
        id: 'generateKey',
        src: 'generateKey',
        input: ({ event }) => ({ password: (event as { password: string }).password }),
        onDone: {
          target: 'revealed',
          actions: [
            assign({
              revealed: ({ event }) => event.output.secret_key,
              key: ({ event }) => ({ has_key: true, masked_key: event.output.masked_key, created_at: event.output.created_at, created_by: event.output.created_by }),
            }),
            emit(({ event }) => ({ type: 'generated' as const, answer: event.output })),
          ],
        },
        onError: [
          { guard: { type: 'isForbidden', params: ({ event }) => toApiFailure(event.error) }, target: 'denied' },
          { target: 'askingPassword', description: 'A wrong password keeps the question open with the message.', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
        ],
      },
    },
    revealed: {
      description: 'The new key, in full, until the user has copied it and closes the panel: it is never shown again.',
      initial: 'refreshing',
      states: {
        refreshing: {
          description: 'The key is read again for the end of the previous key’s grace period, which only the stored key tells.',
          invoke: {
            id: 'reloadKey',
            src: 'loadKey',
            onDone: { target: 'shown', actions: assign({ key: ({ event }) => event.output }) },
            onError: {
              target: 'shown',
              description: 'Nothing is lost: the new key is known already, only the grace period’s end is missing, and the next visit reads it. No message replaces the key on screen.',
            },
          },
        },
        shown: {},
      },
      on: { DISMISS: { target: 'ready', actions: assign({ revealed: null }) } },
    },
    denied: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
