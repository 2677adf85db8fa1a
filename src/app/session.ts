/**
 * The one session actor of the app: the statechart with its API calls and
 * side effects supplied. Views read it with useSelector(sessionActor, ...).
 */
import { createActor, fromPromise } from 'xstate';
import { SOCKET_EVENTS } from '@common/constants';
import type { AuthState, LoginAnswer, OtpChallenge } from '@common/session';
import { sessionMachine } from '@machines/session/session.machine';
import type { LoginInput, VerifyInput } from '@machines/session/session.types';
import { api, apiCall, configureApi } from '../lib/api';
import { isLanguage, messageById, setLanguage } from '../lib/i18n';
import { connectSocket, disconnectSocket, onSocketEvent } from '../lib/socket';
import { storage } from '../lib/storage';
import { notify } from '../lib/toaster';

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

const machine = sessionMachine.provide({
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

export const sessionActor = createActor(machine, {
  input: { stored: storage.session() },
});

configureApi({
  getToken: () => sessionActor.getSnapshot().context.session?.access_token ?? null,
  onUnauthorized: (message) => sessionActor.send({ type: 'UNAUTHORIZED', message }),
  onOffline: () => notify.error(messageById('offline')),
});

// The user's saved language wins once they are signed in.
let appliedFor: string | null = null;
sessionActor.subscribe((snapshot) => {
  const user = snapshot.context.session?.user;
  if (user && appliedFor !== user._id) {
    appliedFor = user._id;
    if (isLanguage(user.language)) setLanguage(user.language);
  }
  if (!user) appliedFor = null;
});

// Section 7: a change-streams event for the current user announces the updated case.
onSocketEvent<{ userId: string; data: { search_reference: string } }>(SOCKET_EVENTS.changeStreams, (event) => {
  const me = sessionActor.getSnapshot().context.session?.user._id;
  if (event?.userId === me && event.data?.search_reference) {
    notify.success(messageById('search_reference_updated', { ref: event.data.search_reference }));
  }
});

sessionActor.start();
