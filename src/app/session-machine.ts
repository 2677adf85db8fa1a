/**
 * The session statechart with the app's API calls and side effects supplied:
 * local storage, the realtime socket and the API client. Kept apart from the
 * one running actor (session.ts) so tests can run it against a stand-in server.
 */
import { createActor, fromPromise } from 'xstate';
import type { AuthState, LoginAnswer, OtpChallenge } from '@common/session';
import { sessionMachine, type SessionActor } from '@machines/session/session.machine';
import type { LoginInput, VerifyInput } from '@machines/session/session.types';
import { api, apiCall } from '../lib/api';
import { connectSocket, disconnectSocket } from '../lib/socket';
import { storage } from '../lib/storage';
import { inspect } from '../lib/inspector';

function login(input: LoginInput): Promise<LoginAnswer> {
  switch (input.kind) {
    case 'password':
      return api.post('/login', { email: input.email, password: input.password });
    case 'signup':
      return api.post('/signup', { name: input.name, email: input.email, company_name: input.company_name, password: input.password });
    case 'secret':
      return api.post('/user-login', { user_secret: input.user_secret });
  }
}

export const appSessionMachine = sessionMachine.provide({
  actors: {
    login: fromPromise(({ input }) => login(input)),
    checkOtp: fromPromise(({ input }) => api.post<OtpChallenge>('/check-otp', input)),
    verifyOtp: fromPromise(({ input }: { input: VerifyInput }) =>
      api.post<AuthState>(input.method === 'email' ? '/verify-otp-code' : '/verify-otp', { otp_token: input.otp_token, code: input.code }),
    ),
    resendOtp: fromPromise(({ input }) => api.post('/resend-otp', input)),
    refresh: fromPromise(({ input }) => apiCall<AuthState>('/refresh', { method: 'GET', token: input.token })),
    logout: fromPromise(({ input }) => apiCall('/logout', { method: 'POST', token: input.token })),
  },
  actions: {
    persistSession: ({ context }) => {
      if (!context.session) return;
      storage.saveSession(context.session);
      connectSocket(context.session.access_token);
    },
    clearSession: () => {
      disconnectSocket();
      storage.clearAllButKept();
    },
    persistChallenge: ({ context }) => {
      if (context.challenge) storage.saveOtpToken(context.challenge.otp_token);
    },
    forgetChallenge: () => storage.forgetOtpToken(),
  },
});

/** A session actor (not started) that resumes the session kept in local storage, if any. */
export function createSessionActor(machine = appSessionMachine): SessionActor {
  return createActor(machine, { input: { stored: storage.session() }, inspect });
}

/** What the API client needs from the session: the token to send, and where a 401 goes. */
export function sessionApiHooks(actor: SessionActor) {
  return {
    getToken: () => actor.getSnapshot().context.session?.access_token ?? null,
    onUnauthorized: (message: string) => actor.send({ type: 'UNAUTHORIZED', message }),
  };
}
