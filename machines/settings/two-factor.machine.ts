/**
 * Switching one second factor on or off from Settings (configure-otp for
 * e-mail, configure-app-otp for the authenticator app, both with
 * action start | confirm | disable). On: start (an e-mailed code, or a secret
 * shown as a QR code), then confirm with a six-digit code. Off: the password.
 * A confirmed change answers a fresh auth state, emitted as
 * { type: 'changed', session } so the session actor can take it.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { validateOtpCode } from '../../common/validation';
import { toApiFailure } from '../shared/api-failure';
import type { AuthState } from '../../common/session';
import type { TwoFactorMethod, TwoFactorInput, TwoFactorContext, TwoFactorEvent, TwoFactorEmitted, StartAnswer } from './two-factor.types';
export type { TwoFactorMethod, TwoFactorInput, TwoFactorContext, TwoFactorEvent, TwoFactorEmitted, StartAnswer } from './two-factor.types';

const clean = { inputError: null, error: null };

export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    input: {} as TwoFactorInput,
    emitted: {} as TwoFactorEmitted,
  },
  actors: {
    start: fromPromise<StartAnswer, { method: TwoFactorMethod }>(async () => {
      throw new Error('start is provided by the screen');
    }),
    confirm: fromPromise<AuthState, { method: TwoFactorMethod; code: string }>(async () => {
      throw new Error('confirm is provided by the screen');
    }),
    disable: fromPromise<AuthState, { method: TwoFactorMethod; password: string }>(async () => {
      throw new Error('disable is provided by the screen');
    }),
  },
  guards: {
    isOff: ({ context }) => !context.enabled,
    isOn: ({ context }) => context.enabled,
    isEmail: ({ context }) => context.method === 'email',
    codeMalformed: (_, params: { code: string }) => validateOtpCode(params.code) !== null,
    passwordMissing: (_, params: { password: string }) => !params.password,
  },
}).createMachine({
  id: 'twoFactor',
  context: ({ input }) => ({ method: input.method, enabled: input.enabled, setup: null, ...clean }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        ENABLE: { guard: 'isOff', target: 'starting', actions: assign(clean) },
        DISABLE: { guard: 'isOn', target: 'askingPassword', actions: assign(clean) },
        SYNC: { description: 'Another tab or a refresh changed the flag: the switch follows the session.', actions: assign({ enabled: ({ event }) => event.enabled }) },
      },
    },
    starting: {
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => ({ method: context.method }),
        onDone: { target: 'awaitingCode', actions: assign({ setup: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    awaitingCode: {
      on: {
        SUBMIT_CODE: [
          {
            guard: { type: 'codeMalformed', params: ({ event }) => ({ code: event.code }) },
            description: 'A code that is not six digits is refused here, without spending one of the attempts.',
            actions: assign({ inputError: 'otp_format', error: null }),
          },
          { target: 'confirming', actions: assign(clean) },
        ],
        RESEND: { guard: 'isEmail', target: 'starting', description: 'Only an e-mailed code can be sent again; the app shows its own.', actions: assign(clean) },
        CANCEL: { target: 'idle', actions: assign({ setup: null, ...clean }) },
      },
    },
    confirming: {
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context, event }) => ({ method: context.method, code: (event as { code: string }).code.trim() }),
        onDone: {
          target: 'idle',
          actions: [assign({ enabled: true, setup: null }), emit(({ event }) => ({ type: 'changed' as const, session: event.output, enabled: true }))],
        },
        onError: { target: 'awaitingCode', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    askingPassword: {
      on: {
        SUBMIT_PASSWORD: [
          { guard: { type: 'passwordMissing', params: ({ event }) => ({ password: event.password }) }, actions: assign({ inputError: 'password_required', error: null }) },
          { target: 'disabling', actions: assign(clean) },
        ],
        CANCEL: { target: 'idle', actions: assign(clean) },
      },
    },
    disabling: {
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context, event }) => ({ method: context.method, password: (event as { password: string }).password }),
        onDone: {
          target: 'idle',
          actions: [assign({ enabled: false }), emit(({ event }) => ({ type: 'changed' as const, session: event.output, enabled: false }))],
        },
        onError: { target: 'askingPassword', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
  },
});
