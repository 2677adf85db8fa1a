/**
 * The reset-password and setup-password pages (section 2): the link's token
 * is verified first; an expired or incorrect token leads to /token-expired or
 * the catch-all, a valid one shows the form, and saving ends on success.
 * Which failures go where differs between the two pages, so the page passes
 * its kind and the guards decide.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiFailure } from '../shared/api-failure';
import type { LinkKind, PasswordLinkInput, PasswordLinkContext } from './password-link.types';
export type { LinkKind, PasswordLinkInput, PasswordLinkContext } from './password-link.types';

const lower = (message: string) => message.trim().toLowerCase();

export const passwordLinkMachine = setup({
  types: {
    input: {} as PasswordLinkInput,
    context: {} as PasswordLinkContext,
    events: {} as { type: 'SAVE'; password: string },
  },
  actors: {
    /** Setup-password clears local storage before it checks the token. */
    clearStorage: fromPromise<void, void>(async () => {}),
    verifyToken: fromPromise<{ email?: string }, { token: string; kind: LinkKind }>(async () => {
      throw new Error('verifyToken is provided by the page');
    }),
    savePassword: fromPromise<unknown, { token: string; kind: LinkKind; password: string }>(async () => {
      throw new Error('savePassword is provided by the page');
    }),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    isSetup: ({ context }) => context.kind === 'setup',
    /** Reset: only 'Token is expired' goes to the token-expired page. */
    resetTokenExpired: ({ context }, failure: ApiFailure) => context.kind === 'reset' && failure.message === 'Token is expired',
    /** Setup: 'token is expired' or 'token is incorrect', in any letter case. */
    setupTokenRejected: ({ context }, failure: ApiFailure) =>
      context.kind === 'setup' && ['token is expired', 'token is incorrect'].includes(lower(failure.message)),
    /** While saving, the token can still turn out expired or used. */
    tokenRejected: (_, failure: ApiFailure) => ['token is expired', 'token is incorrect'].includes(lower(failure.message)),
  },
}).createMachine({
  id: 'passwordLink',
  context: ({ input }) => ({ ...input, error: null, errorCode: null, email: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isSetup', target: 'clearingStorage', description: 'A set-up link may be opened in a browser where someone else is signed in: that session goes first.' },
        { target: 'checkingToken' },
      ],
    },
    clearingStorage: {
      invoke: { src: 'clearStorage', onDone: 'checkingToken', onError: { target: 'checkingToken', description: 'Storage that cannot be cleared does not stop the link from working.' } },
    },
    checkingToken: {
      always: [{ guard: 'hasToken', target: 'verifying' }, { target: 'catchAll', description: 'An address without a token is not a link we sent: the catch-all page.' }],
    },
    verifying: {
      invoke: {
        src: 'verifyToken',
        input: ({ context }) => ({ token: context.token!, kind: context.kind }),
        onDone: { target: 'ready', actions: assign({ email: ({ event }) => event.output?.email ?? null }) },
        onError: [
          { guard: { type: 'resetTokenExpired', params: ({ event }) => event.error as ApiFailure }, target: 'tokenExpired' },
          { guard: { type: 'setupTokenRejected', params: ({ event }) => event.error as ApiFailure }, target: 'tokenExpired' },
          { target: 'catchAll', description: 'Any other refusal (an unknown token, a server error) shows the catch-all page rather than a form that cannot work.' },
        ],
      },
    },
    ready: {
      on: { SAVE: 'saving' },
    },
    saving: {
      invoke: {
        src: 'savePassword',
        input: ({ context, event }) => ({ token: context.token!, kind: context.kind, password: (event as { password: string }).password }),
        onDone: 'saved',
        onError: [
          { guard: { type: 'tokenRejected', params: ({ event }) => event.error as ApiFailure }, target: 'tokenExpired', description: 'The link ran out or was used while the form was open.' },
          {
            target: 'ready',
            actions: assign({
              error: ({ event }) => (event.error as ApiFailure).message,
              errorCode: ({ event }) => (event.error as ApiFailure).code ?? null,
            }),
          },
        ],
      },
    },
    saved: { type: 'final' },
    tokenExpired: { type: 'final' },
    catchAll: { type: 'final' },
  },
});
