/**
 * The web hook secret key on the settings screen: shown masked; generating a
 * new one asks for the password (section 5: sensitive actions), then shows the
 * new key once, in full, to be copied ('Secret Key Updated Successfully').
 * Without update_webhook_secret_key the section says 'Permission Denied'.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { MessageId } from '../../common/messages';
import { toApiFailure } from '../shared/api-failure';
import type { ApiFailure } from '../shared/api-failure';

export interface SecretKeyInfo {
  has_key: boolean;
  masked_key: string | null;
  created_at: string | null;
  created_by: string | null;
}

export interface GeneratedKey extends SecretKeyInfo {
  secret_key: string;
  code?: string;
  message?: string;
}

export interface SecretKeyContext {
  /** The session holds update_webhook_secret_key. */
  permitted: boolean;
  key: SecretKeyInfo | null;
  /** The full new key, kept only until the user dismisses it. */
  revealed: string | null;
  inputError: MessageId | null;
  error: ApiFailure | null;
}

export type SecretKeyEvent =
  | { type: 'GENERATE' }
  | { type: 'SUBMIT_PASSWORD'; password: string }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' }
  | { type: 'RETRY' };

export const secretKeyMachine = setup({
  types: {
    context: {} as SecretKeyContext,
    events: {} as SecretKeyEvent,
    input: {} as { permitted: boolean },
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
}).createMachine({
  id: 'secretKey',
  context: ({ input }) => ({ permitted: input.permitted, key: null, revealed: null, inputError: null, error: null }),
  initial: 'checking',
  states: {
    /** The session's permissions decide before any call; the API decides again. */
    checking: {
      always: [{ guard: ({ context }) => !context.permitted, target: 'denied' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadKey',
        src: 'loadKey',
        onDone: { target: 'ready', actions: assign({ key: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: ({ event }) => toApiFailure(event.error).status === 403, target: 'denied' },
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
          { guard: ({ event }) => !event.password, actions: assign({ inputError: 'password_required', error: null }) },
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
          { guard: ({ event }) => toApiFailure(event.error).status === 403, target: 'denied' },
          { target: 'askingPassword', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
        ],
      },
    },
    /** The new key, in full, until the user has copied it and closes the panel. */
    revealed: {
      on: { DISMISS: { target: 'ready', actions: assign({ revealed: null }) } },
    },
    denied: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
