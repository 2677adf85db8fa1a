/**
 * The session: signing in (password, sign-up or secret link), the second
 * factor by e-mail or authenticator app, the signed-in session with its token
 * lifetime, refreshing, expiry and signing out. Views send events and read
 * the snapshot; the API calls and side effects are supplied with .provide()
 * by src/app/session.ts (and by the tests).
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isOtpChallenge, type OtpChallenge } from '../../common/session';
import { failureValues, toApiFailure } from '../shared/api-failure';
import type { AuthState, LoginAnswer, LoginInput, SessionContext, SessionEvent, SessionInput, VerifyInput } from './session.types';

const TOKEN_EXPIRED_MESSAGE = 'Token has expired';

const challengeOf = (answer: OtpChallenge): NonNullable<SessionContext['challenge']> => ({
  otp_token: answer.otp_token,
  authentication_type: answer.authentication_type,
  email: answer.email,
  can_use_email: answer.can_use_email,
  expires_at: answer.expires_at,
});

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<LoginAnswer, LoginInput>(async () => {
      throw new Error('login is provided by the app');
    }),
    checkOtp: fromPromise<OtpChallenge, { otp_token: string }>(async () => {
      throw new Error('checkOtp is provided by the app');
    }),
    verifyOtp: fromPromise<AuthState, VerifyInput>(async () => {
      throw new Error('verifyOtp is provided by the app');
    }),
    resendOtp: fromPromise<unknown, { otp_token: string }>(async () => {
      throw new Error('resendOtp is provided by the app');
    }),
    refresh: fromPromise<AuthState, { token: string }>(async () => {
      throw new Error('refresh is provided by the app');
    }),
    logout: fromPromise<unknown, { token: string }>(async () => undefined),
    /** Sends TOKEN_EXPIRED when the token's expiry time is reached. */
    expiryTimer: fromCallback<SessionEvent, { expiresAt: string }>(({ sendBack, input }) => {
      const ms = Math.max(0, new Date(input.expiresAt).getTime() - Date.now());
      // setTimeout cannot wait longer than ~24.8 days; tokens live hours.
      const timer = setTimeout(() => sendBack({ type: 'TOKEN_EXPIRED' }), Math.min(ms, 2 ** 31 - 1));
      return () => clearTimeout(timer);
    }),
  },
  actions: {
    /** Keeps the session in local storage so a reload stays signed in. */
    persistSession: () => {},
    /** Clears local storage (except the welcome flags) and disconnects the socket. */
    clearSession: () => {},
    persistChallenge: () => {},
    forgetChallenge: () => {},
  },
  guards: {
    hasStoredSession: ({ context }) => Boolean(context.session?.access_token),
    needsSecondFactor: (_, answer: LoginAnswer) => isOtpChallenge(answer),
    usesApp: ({ context }) => context.challenge?.authentication_type === 'app',
    isTokenExpiredMessage: (_, params: { message: string }) => params.message === TOKEN_EXPIRED_MESSAGE,
    isUnauthorised: (_, params: { status: number | null }) => params.status === 401,
    /** The challenge itself is gone (expired, used up): only a new sign-in helps. */
    isChallengeGone: (_, params: { code?: string }) => params.code === 'otp_session_invalid' || params.code === 'otp_attempts_exhausted',
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    session: input.stored ?? null,
    challenge: null,
    error: null,
    errorCode: null,
    errorValues: null,
    reason: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Deciding, before anything is drawn, whether a session kept from an earlier visit exists.',
      always: [
        { guard: 'hasStoredSession', target: 'refreshing', description: 'A kept session is checked with the server before it is used: it may have expired or been revoked.' },
        { target: 'signedOut' },
      ],
    },

    signedOut: {
      initial: 'idle',
      states: {
        idle: {},
        expired: { description: 'The token ran out: the login page says so (redirect=session-expired).' },
        loggedOut: { description: 'Signed out again, by the user.' },
      },
      on: {
        LOGIN: { target: 'signingIn', actions: assign({ error: null }) },
        SIGNUP: { target: 'signingIn', actions: assign({ error: null }) },
        SECRET_LOGIN: { target: 'signingIn', actions: assign({ error: null }) },
        RESUME_OTP: {
          target: 'checkingChallenge',
          description: 'The code form was reloaded: its challenge token was kept, but only the server knows whether it is still open.',
          actions: assign({
            error: null,
            challenge: ({ event }) => ({ otp_token: event.otp_token, authentication_type: 'email' as const, email: '', can_use_email: false, expires_at: '' }),
          }),
        },
      },
    },

    signingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }): LoginInput => {
          if (event.type === 'SIGNUP') return { kind: 'signup', name: event.name, email: event.email, company_name: event.company_name, password: event.password };
          if (event.type === 'SECRET_LOGIN') return { kind: 'secret', user_secret: event.user_secret };
          if (event.type === 'LOGIN') return { kind: 'password', email: event.email, password: event.password };
          throw new Error(`signingIn entered by ${event.type}`);
        },
        onDone: [
          {
            guard: { type: 'needsSecondFactor', params: ({ event }) => event.output },
            target: 'twoFactor',
            description: 'The password was right but the account has a second factor: the answer is a challenge, not a session.',
            actions: [assign({ challenge: ({ event }) => challengeOf(event.output as OtpChallenge), reason: null }), 'persistChallenge'],
          },
          { target: 'signedIn', actions: assign({ session: ({ event }) => event.output as AuthState, reason: null }) },
        ],
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => toApiFailure(event.error).message, errorCode: ({ event }) => toApiFailure(event.error).code ?? null, errorValues: ({ event }) => failureValues(event.error) }) },
      },
    },

    checkingChallenge: {
      description: 'After a reload of /verify-otp: asking the server whether the challenge is still open, and by which method.',
      invoke: {
        id: 'checkOtp',
        src: 'checkOtp',
        input: ({ context }) => ({ otp_token: context.challenge!.otp_token }),
        onDone: {
          target: 'twoFactor',
          actions: assign({ challenge: ({ context, event }) => ({ ...challengeOf(event.output), otp_token: context.challenge!.otp_token }) }),
        },
        onError: { target: 'signedOut', actions: [assign({ challenge: null, error: ({ event }) => toApiFailure(event.error).message, errorCode: ({ event }) => toApiFailure(event.error).code ?? null, errorValues: ({ event }) => failureValues(event.error) }), 'forgetChallenge'] },
      },
    },

    twoFactor: {
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The challenge names the method: the app when it is on, otherwise e-mail.',
          always: [{ guard: 'usesApp', target: 'app' }, { target: 'email' }],
        },
        email: {
          description: 'Waiting for the six-digit code sent by e-mail.',
          on: {
            SUBMIT_CODE: 'verifyingEmail',
            RESEND_CODE: 'resending',
          },
        },
        app: {
          description: 'Waiting for the code shown by the authenticator app.',
          on: {
            SUBMIT_CODE: 'verifyingApp',
            RESEND_CODE: { target: 'resending', description: '"Send me a code by e-mail instead", offered when e-mail two-factor is also on.' },
          },
        },
        verifyingEmail: {
          invoke: {
            id: 'verifyEmail',
            src: 'verifyOtp',
            input: ({ context, event }) => ({ method: 'email' as const, otp_token: context.challenge!.otp_token, code: (event as { code: string }).code }),
            onDone: { target: '#session.signedIn', actions: [assign({ session: ({ event }) => event.output, challenge: null }), 'forgetChallenge'] },
            onError: [
              {
                guard: { type: 'isChallengeGone', params: ({ event }) => toApiFailure(event.error) },
                target: '#session.signedOut',
                actions: [assign({ challenge: null, error: ({ event }) => toApiFailure(event.error).message, errorCode: ({ event }) => toApiFailure(event.error).code ?? null, errorValues: ({ event }) => failureValues(event.error) }), 'forgetChallenge'],
              },
              { target: 'email', actions: assign({ error: ({ event }) => toApiFailure(event.error).message, errorCode: ({ event }) => toApiFailure(event.error).code ?? null, errorValues: ({ event }) => failureValues(event.error) }) },
            ],
          },
        },
        verifyingApp: {
          invoke: {
            id: 'verifyApp',
            src: 'verifyOtp',
            input: ({ context, event }) => ({ method: 'app' as const, otp_token: context.challenge!.otp_token, code: (event as { code: string }).code }),
            onDone: { target: '#session.signedIn', actions: [assign({ session: ({ event }) => event.output, challenge: null }), 'forgetChallenge'] },
            onError: [
              {
                guard: { type: 'isChallengeGone', params: ({ event }) => toApiFailure(event.error) },
                target: '#session.signedOut',
                actions: [assign({ challenge: null, error: ({ event }) => toApiFailure(event.error).message, errorCode: ({ event }) => toApiFailure(event.error).code ?? null, errorValues: ({ event }) => failureValues(event.error) }), 'forgetChallenge'],
              },
              { target: 'app', actions: assign({ error: ({ event }) => toApiFailure(event.error).message, errorCode: ({ event }) => toApiFailure(event.error).code ?? null, errorValues: ({ event }) => failureValues(event.error) }) },
            ],
          },
        },
        resending: {
          invoke: {
            id: 'resendOtp',
            src: 'resendOtp',
            input: ({ context }) => ({ otp_token: context.challenge!.otp_token }),
            onDone: {
              target: 'email',
              description: 'A new code was e-mailed: the e-mail form follows, whichever form asked.',
              actions: assign({ challenge: ({ context }) => ({ ...context.challenge!, authentication_type: 'email' as const }), error: null }),
            },
            onError: [
              {
                guard: { type: 'isChallengeGone', params: ({ event }) => toApiFailure(event.error) },
                target: '#session.signedOut',
                actions: [assign({ challenge: null, error: ({ event }) => toApiFailure(event.error).message, errorCode: ({ event }) => toApiFailure(event.error).code ?? null, errorValues: ({ event }) => failureValues(event.error) }), 'forgetChallenge'],
              },
              { target: 'choosing', description: 'Back to the form the challenge asks for, with the message.', actions: assign({ error: ({ event }) => toApiFailure(event.error).message, errorCode: ({ event }) => toApiFailure(event.error).code ?? null, errorValues: ({ event }) => failureValues(event.error) }) },
            ],
          },
        },
      },
      on: {
        CANCEL: { target: 'signedOut', actions: [assign({ challenge: null, error: null }), 'forgetChallenge'] },
      },
    },

    signedIn: {
      entry: ['persistSession', assign({ error: null })],
      invoke: { id: 'expiryTimer', src: 'expiryTimer', input: ({ context }) => ({ expiresAt: context.session!.expires_at }) },
      on: {
        REFRESH: 'refreshing',
        SESSION_UPDATED: { target: 'signedIn', reenter: true, description: 'Re-entered so the expiry timer restarts with the new token and the new session is kept.', actions: assign({ session: ({ event }) => event.session }) },
        LOGOUT: 'signingOut',
        TOKEN_EXPIRED: { target: 'signedOut.expired', actions: ['clearSession', assign({ session: null, reason: 'expired' })] },
        UNAUTHORIZED: [
          {
            guard: { type: 'isTokenExpiredMessage', params: ({ event }) => ({ message: event.message }) },
            target: 'signedOut.expired',
            description: 'Another call answered 401 because the token ran out: the login page says the session expired.',
            actions: ['clearSession', assign({ session: null, reason: 'expired' })],
          },
          { target: 'signedOut.idle', actions: ['clearSession', assign({ session: null, reason: 'unauthorised' })] },
        ],
      },
    },

    refreshing: {
      invoke: {
        id: 'refresh',
        src: 'refresh',
        input: ({ context }) => ({ token: context.session!.access_token }),
        onDone: { target: 'signedIn', actions: assign({ session: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isTokenExpiredMessage', params: ({ event }) => toApiFailure(event.error) },
            target: 'signedOut.expired',
            actions: ['clearSession', assign({ session: null, reason: 'expired' })],
          },
          {
            guard: { type: 'isUnauthorised', params: ({ event }) => toApiFailure(event.error) },
            target: 'signedOut.idle',
            actions: ['clearSession', assign({ session: null, reason: 'unauthorised' })],
          },
          { target: 'signedIn', description: 'Offline or a server hiccup: keep the stored session; the next call will tell.' },
        ],
      },
    },

    signingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.session!.access_token }),
        onDone: { target: 'signedOut.loggedOut', actions: ['clearSession', assign({ session: null, reason: 'logged_out' })] },
        onError: {
          target: 'signedOut.loggedOut',
          description: 'The token is dropped locally either way: an unreachable server cannot keep anyone signed in.',
          actions: ['clearSession', assign({ session: null, reason: 'logged_out' })],
        },
      },
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
