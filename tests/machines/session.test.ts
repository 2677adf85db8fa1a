/**
 * The session statechart: behaviour one transition at a time, then the app's
 * session (the chart with the real API client, storage and socket wiring)
 * driven through every transition of the chart against a stand-in server, each
 * step checked against a reference written here, not against the chart.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { STORAGE_KEYS, STORAGE_KEYS_KEPT_ON_LOGOUT } from '../../common/constants';
import type { AuthState } from '../../common/session';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SessionInput } from '../../machines/session/session.types';
import { sessionGate } from '../../src/app/session-gate';
import { appSessionMachine, createSessionActor, sessionApiHooks } from '../../src/app/session-machine';
import { api, configureApi } from '../../src/lib/api';
import { disconnectSocket } from '../../src/lib/socket';
import { transitionPaths } from '../admin/harness';
import { authState, challenge, failureOf } from '../helpers/session-fixtures';
import { MemoryStorage, OTHER_KEY, OTP_KEY, expiryTimerStandIn, observe, sockets, standInServer, type Observation, type SentRequest } from './app-session-harness';

vi.mock('socket.io-client', async () => (await import('./app-session-harness')).fakeSocketModule());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

// ---------------------------------------------------------------------------
// A running actor whose invoked calls wait for the test to settle them.

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

function harness(input: SessionInput = {}) {
  const pending = new Map<string, Pending>();
  const calls: { name: string; input: unknown }[] = [];
  const effects: string[] = [];
  let expire: (() => void) | undefined;
  const deferred = (name: string) =>
    fromPromise<any, any>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          calls.push({ name, input });
          pending.set(name, { resolve, reject, input });
        }),
    );
  const machine = sessionMachine.provide({
    actors: {
      login: deferred('login'),
      checkOtp: deferred('checkOtp'),
      verifyOtp: deferred('verifyOtp'),
      resendOtp: deferred('resendOtp'),
      refresh: deferred('refresh'),
      logout: deferred('logout'),
      expiryTimer: fromCallback(({ sendBack }) => {
        expire = () => sendBack({ type: 'TOKEN_EXPIRED' });
        return () => (expire = undefined);
      }),
    },
    actions: {
      persistSession: () => effects.push('persistSession'),
      clearSession: () => effects.push('clearSession'),
      persistChallenge: () => effects.push('persistChallenge'),
      forgetChallenge: () => effects.push('forgetChallenge'),
    },
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    calls,
    effects,
    expire: () => expire?.(),
    hasTimer: () => expire !== undefined,
    async settle(name: string, outcome: { output?: unknown; error?: unknown }) {
      const p = pending.get(name);
      if (!p) throw new Error(`no pending ${name} call in ${JSON.stringify(actor.getSnapshot().value)}`);
      pending.delete(name);
      if ('error' in outcome && outcome.error !== undefined) p.reject(outcome.error);
      else p.resolve(outcome.output);
      await flush();
    },
  };
}

describe('session machine, transition by transition', () => {
  it('starts signed out without a stored session, and refreshes a stored one', async () => {
    expect(harness().actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    const h = harness({ stored: authState() });
    expect(h.actor.getSnapshot().value).toBe('refreshing');
    expect(h.calls[0]).toEqual({ name: 'refresh', input: { token: 'aml_token_1' } });
    await h.settle('refresh', { output: authState({ access_token: 'aml_token_1' }) });
    expect(h.actor.getSnapshot().value).toBe('signedIn');
    expect(h.effects).toContain('persistSession');
  });

  it('signs in with a password and persists the session', async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 'a@example.com', password: 'pw' });
    expect(h.calls[0]).toEqual({ name: 'login', input: { kind: 'password', email: 'a@example.com', password: 'pw' } });
    await h.settle('login', { output: authState() });
    expect(h.actor.getSnapshot().value).toBe('signedIn');
    expect(h.actor.getSnapshot().context.session?.access_token).toBe('aml_token_1');
  });

  it('keeps the server message when sign-in fails', async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 'a@example.com', password: 'bad' });
    await h.settle('login', { error: failureOf(400, 'Invalid e-mail or password.') });
    expect(h.actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(h.actor.getSnapshot().context.error).toBe('Invalid e-mail or password.');
  });

  it('asks for the e-mail code, lets the user retry a wrong one, and signs in with the right one', async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 'a@example.com', password: 'pw' });
    await h.settle('login', { output: challenge('email') });
    expect(h.actor.getSnapshot().value).toEqual({ twoFactor: 'email' });
    expect(h.effects).toContain('persistChallenge');
    h.actor.send({ type: 'SUBMIT_CODE', code: '111111' });
    expect(h.calls.at(-1)).toEqual({ name: 'verifyOtp', input: { method: 'email', otp_token: 'otp_email', code: '111111' } });
    await h.settle('verifyOtp', { error: failureOf(400, 'The code is incorrect.', 'otp_invalid') });
    expect(h.actor.getSnapshot().value).toEqual({ twoFactor: 'email' });
    expect(h.actor.getSnapshot().context.error).toBe('The code is incorrect.');
    h.actor.send({ type: 'SUBMIT_CODE', code: '222222' });
    await h.settle('verifyOtp', { output: authState() });
    expect(h.actor.getSnapshot().value).toBe('signedIn');
    expect(h.effects).toContain('forgetChallenge');
  });

  it('uses the app code, and can fall back to an e-mail code', async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 'a@example.com', password: 'pw' });
    await h.settle('login', { output: challenge('app', true) });
    expect(h.actor.getSnapshot().value).toEqual({ twoFactor: 'app' });
    h.actor.send({ type: 'RESEND_CODE' });
    await h.settle('resendOtp', { output: {} });
    expect(h.actor.getSnapshot().value).toEqual({ twoFactor: 'email' });
    h.actor.send({ type: 'SUBMIT_CODE', code: '333333' });
    expect(h.calls.at(-1)?.input).toMatchObject({ method: 'email' });
  });

  it('returns to sign-in when the challenge is gone', async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 'a@example.com', password: 'pw' });
    await h.settle('login', { output: challenge('app') });
    h.actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await h.settle('verifyOtp', { error: failureOf(400, 'Your sign-in attempt has expired. Please sign in again.', 'otp_session_invalid') });
    expect(h.actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(h.actor.getSnapshot().context.challenge).toBeNull();
  });

  it("on a 401 with 'Token has expired' clears the session and ends in expired", async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 'a@example.com', password: 'pw' });
    await h.settle('login', { output: authState() });
    h.actor.send({ type: 'UNAUTHORIZED', message: 'Token has expired' });
    expect(h.actor.getSnapshot().value).toEqual({ signedOut: 'expired' });
    expect(h.actor.getSnapshot().context.session).toBeNull();
    expect(h.effects).toContain('clearSession');
  });

  it('on any other 401 clears the session without the expired notice', async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 'a@example.com', password: 'pw' });
    await h.settle('login', { output: authState() });
    h.actor.send({ type: 'UNAUTHORIZED', message: 'Invalid or missing token.' });
    expect(h.actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(h.effects.filter((e) => e === 'clearSession')).toHaveLength(1);
  });

  it('expires when the token lifetime runs out (real timer)', async () => {
    vi.useFakeTimers();
    try {
      const machine = sessionMachine.provide({ actors: { refresh: fromPromise(async () => authState({ expires_at: new Date(Date.now() + 5_000).toISOString() })) } });
      const actor = createActor(machine, { input: { stored: authState() } }).start();
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().value).toBe('signedIn');
      await vi.advanceTimersByTimeAsync(4_000);
      expect(actor.getSnapshot().value).toBe('signedIn');
      await vi.advanceTimersByTimeAsync(1_100);
      expect(actor.getSnapshot().value).toEqual({ signedOut: 'expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a stored session when refresh cannot reach the server', async () => {
    const h = harness({ stored: authState() });
    await h.settle('refresh', { error: failureOf(null, 'Please check your internet connection.', 'offline') });
    expect(h.actor.getSnapshot().value).toBe('signedIn');
  });

  it('signs out even when the server cannot be told', async () => {
    const h = harness({ stored: authState() });
    await h.settle('refresh', { output: authState() });
    h.actor.send({ type: 'LOGOUT' });
    expect(h.calls.at(-1)).toEqual({ name: 'logout', input: { token: 'aml_token_1' } });
    await h.settle('logout', { error: failureOf(null, 'offline') });
    expect(h.actor.getSnapshot().value).toEqual({ signedOut: 'loggedOut' });
    expect(h.effects).toContain('clearSession');
  });
});

// ---------------------------------------------------------------------------
// The app's session against a stand-in server, storage and socket.
//
// Paths are generated from the chart (xstate/graph) only to choose what happens:
// a gesture, the server's answer to an outstanding request, the timer, a 401
// from another call. What each step must lead to comes from REFERENCE below, a
// description of the product written here, independent of the chart: the
// requests the server receives, what local storage holds, which socket is
// open, the token timer, the route a signed-in page renders, and what the
// sign-in views show. A chart that decides differently fails here.

const STORED = authState({ access_token: 'aml_stored', expires_at: '2099-01-01T01:00:00.000Z' });
const SIGNED_IN = authState({ access_token: 'aml_signed_in', expires_at: '2099-01-01T02:00:00.000Z' });
const VERIFIED = authState({ access_token: 'aml_verified', expires_at: '2099-01-01T03:00:00.000Z' });
const REFRESHED = authState({ access_token: 'aml_refreshed', expires_at: '2099-01-01T04:00:00.000Z' });
const EXPIRED_MESSAGE = 'Token has expired';
const OFFLINE_MESSAGE = 'Please check your internet connection.';
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as EventObject;
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as EventObject;

const MODEL_EVENTS = [
  { type: 'LOGIN', email: 'a@example.com', password: 'pw' },
  { type: 'SIGNUP', name: 'Sam', email: 's@example.com', company_name: 'S Ltd', password: 'pw-123456' },
  { type: 'SECRET_LOGIN', user_secret: 'secret' },
  { type: 'RESUME_OTP', otp_token: 'otp_resumed' },
  { type: 'SUBMIT_CODE', code: '123456' },
  { type: 'RESEND_CODE' },
  { type: 'CANCEL' },
  { type: 'REFRESH' },
  { type: 'LOGOUT' },
  { type: 'TOKEN_EXPIRED' },
  { type: 'UNAUTHORIZED', message: EXPIRED_MESSAGE },
  { type: 'UNAUTHORIZED', message: 'Invalid or missing token.' },
  done('login', SIGNED_IN),
  done('login', challenge('email')),
  done('login', challenge('app', true)),
  fail('login', failureOf(400, 'Invalid e-mail or password.')),
  done('checkOtp', challenge('app')),
  fail('checkOtp', failureOf(400, 'gone', 'otp_session_invalid')),
  done('verifyEmail', VERIFIED),
  fail('verifyEmail', failureOf(400, 'The code is incorrect.', 'otp_invalid')),
  fail('verifyEmail', failureOf(400, 'gone', 'otp_session_invalid')),
  done('verifyApp', VERIFIED),
  fail('verifyApp', failureOf(400, 'The code is incorrect.', 'otp_invalid')),
  fail('verifyApp', failureOf(400, 'gone', 'otp_session_invalid')),
  done('resendOtp', {}),
  fail('resendOtp', failureOf(400, 'nope', 'otp_not_configured')),
  fail('resendOtp', failureOf(400, 'gone', 'otp_session_invalid')),
  done('refresh', REFRESHED),
  fail('refresh', failureOf(401, EXPIRED_MESSAGE)),
  fail('refresh', failureOf(401, 'Invalid or missing token.')),
  fail('refresh', failureOf(null, 'offline', 'offline')),
  done('logout', {}),
  fail('logout', failureOf(null, 'offline', 'offline')),
] as EventObject[];

/** The API's paths (section 7), by the call the chart names: which request a server answer settles. */
const ANSWERS: Record<string, string[]> = {
  login: ['/api/login', '/api/signup', '/api/user-login'],
  checkOtp: ['/api/check-otp'],
  verifyEmail: ['/api/verify-otp-code'],
  verifyApp: ['/api/verify-otp'],
  resendOtp: ['/api/resend-otp'],
  refresh: ['/api/refresh'],
  logout: ['/api/logout'],
};

// ---------------------------------------------------------------- the reference

type Phase = 'out' | 'expired' | 'loggedOut' | 'signingIn' | 'checking' | 'email' | 'app' | 'verifyingEmail' | 'verifyingApp' | 'resending' | 'in' | 'refreshing' | 'signingOut';

interface Ref {
  phase: Phase;
  /** The session the app works with (its token goes with calls). */
  session: AuthState | null;
  /** localStorage: the kept session, the two-factor token, and whether keys other than the welcome flags are still there. */
  stored: AuthState | null;
  otp: string | null;
  otherKeys: boolean;
  socket: string | null;
  timer: string | null;
  error: string | null;
  challenge: { type: 'email' | 'app'; otp_token: string } | null;
}

const SIGNED_OUT: Phase[] = ['out', 'expired', 'loggedOut'];
const CODE_FORMS: Phase[] = ['email', 'app', 'verifyingEmail', 'verifyingApp', 'resending'];
const req = (method: string, path: string, body: unknown = null, token: string | null = null): SentRequest => ({ method, path, body, token });

/** Signed in with a session: kept in storage, socket open with its token, timer set to its expiry, no message. */
const signIn = (r: Ref, session: AuthState): Ref => ({ ...r, phase: 'in', session, stored: session, socket: session.access_token, timer: session.expires_at, error: null, challenge: null });
/** Signed out: the session, the socket and everything stored go, except the two welcome flags. */
const signOut = (r: Ref, phase: Phase): Ref => ({ ...r, phase, session: null, stored: null, otp: null, otherKeys: false, socket: null, timer: null, challenge: null });

function initialRef(stored: AuthState | null): { ref: Ref; requests: SentRequest[] } {
  const base: Ref = { phase: 'out', session: null, stored, otp: null, otherKeys: true, socket: null, timer: null, error: null, challenge: null };
  // A session kept from an earlier visit is checked with the server before anything else.
  if (stored) return { ref: { ...base, phase: 'refreshing', session: stored }, requests: [req('GET', '/api/refresh', null, stored.access_token)] };
  return { ref: base, requests: [] };
}

function reference(r: Ref, event: EventObject & Record<string, any>): { ref: Ref; requests: SentRequest[] } {
  const same = { ref: r, requests: [] as SentRequest[] };
  const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (!answer) {
    switch (event.type) {
      case 'LOGIN':
        if (!SIGNED_OUT.includes(r.phase)) return same;
        return { ref: { ...r, phase: 'signingIn', error: null }, requests: [req('POST', '/api/login', { email: event.email, password: event.password })] };
      case 'SIGNUP':
        if (!SIGNED_OUT.includes(r.phase)) return same;
        return { ref: { ...r, phase: 'signingIn', error: null }, requests: [req('POST', '/api/signup', { name: event.name, email: event.email, company_name: event.company_name, password: event.password })] };
      case 'SECRET_LOGIN':
        if (!SIGNED_OUT.includes(r.phase)) return same;
        return { ref: { ...r, phase: 'signingIn', error: null }, requests: [req('POST', '/api/user-login', { user_secret: event.user_secret })] };
      case 'RESUME_OTP':
        if (!SIGNED_OUT.includes(r.phase)) return same;
        // The code form shows (busy) while the server says whether the challenge is still open, and by which method.
        return { ref: { ...r, phase: 'checking', error: null, challenge: { type: 'email', otp_token: event.otp_token } }, requests: [req('POST', '/api/check-otp', { otp_token: event.otp_token })] };
      case 'SUBMIT_CODE':
        if (r.phase === 'email') return { ref: { ...r, phase: 'verifyingEmail' }, requests: [req('POST', '/api/verify-otp-code', { otp_token: r.challenge!.otp_token, code: event.code })] };
        if (r.phase === 'app') return { ref: { ...r, phase: 'verifyingApp' }, requests: [req('POST', '/api/verify-otp', { otp_token: r.challenge!.otp_token, code: event.code })] };
        return same;
      case 'RESEND_CODE':
        if (r.phase !== 'email' && r.phase !== 'app') return same;
        return { ref: { ...r, phase: 'resending' }, requests: [req('POST', '/api/resend-otp', { otp_token: r.challenge!.otp_token })] };
      case 'CANCEL':
        if (!CODE_FORMS.includes(r.phase)) return same;
        return { ref: { ...r, phase: 'out', challenge: null, otp: null, error: null }, requests: [] };
      case 'REFRESH':
        if (r.phase !== 'in') return same;
        return { ref: { ...r, phase: 'refreshing', timer: null }, requests: [req('GET', '/api/refresh', null, r.session!.access_token)] };
      case 'LOGOUT':
        if (r.phase !== 'in') return same;
        return { ref: { ...r, phase: 'signingOut', timer: null }, requests: [req('POST', '/api/logout', null, r.session!.access_token)] };
      case 'TOKEN_EXPIRED':
        return r.phase === 'in' ? { ref: signOut(r, 'expired'), requests: [] } : same;
      case 'UNAUTHORIZED':
        // Another call answered 401: only a signed-in session is ended by it.
        if (r.phase !== 'in') return same;
        return { ref: signOut(r, event.message === EXPIRED_MESSAGE ? 'expired' : 'out'), requests: [] };
      default:
        throw new Error(`no reference for ${event.type}`);
    }
  }
  const ok = answer[1] === 'done';
  const failure = event.error as { status: number | null; message: string; code?: string } | undefined;
  const message = failure?.status === null ? OFFLINE_MESSAGE : failure?.message ?? null;
  const gone = failure?.code === 'otp_session_invalid';
  switch (answer[2]) {
    case 'login': {
      if (!ok) return { ref: { ...r, phase: 'out', error: message }, requests: [] };
      const output = event.output as AuthState & { otp_required?: boolean; otp_token?: string; authentication_type?: 'email' | 'app' };
      if (output.otp_required) return { ref: { ...r, phase: output.authentication_type!, otp: output.otp_token!, challenge: { type: output.authentication_type!, otp_token: output.otp_token! } }, requests: [] };
      return { ref: signIn(r, output), requests: [] };
    }
    case 'checkOtp':
      if (!ok) return { ref: { ...r, phase: 'out', challenge: null, otp: null, error: message }, requests: [] };
      return { ref: { ...r, phase: event.output.authentication_type, challenge: { type: event.output.authentication_type, otp_token: r.challenge!.otp_token } }, requests: [] };
    case 'verifyEmail':
    case 'verifyApp':
      if (ok) return { ref: { ...signIn(r, event.output), otp: null }, requests: [] };
      if (gone) return { ref: { ...r, phase: 'out', challenge: null, otp: null, error: message }, requests: [] };
      return { ref: { ...r, phase: r.challenge!.type, error: message }, requests: [] };
    case 'resendOtp':
      // A new code was e-mailed: the e-mail form, whichever form asked.
      if (ok) return { ref: { ...r, phase: 'email', challenge: { ...r.challenge!, type: 'email' }, error: null }, requests: [] };
      if (gone) return { ref: { ...r, phase: 'out', challenge: null, otp: null, error: message }, requests: [] };
      return { ref: { ...r, phase: r.challenge!.type, error: message }, requests: [] };
    case 'refresh':
      if (ok) return { ref: signIn(r, event.output), requests: [] };
      if (failure?.status === 401) return { ref: signOut(r, failure.message === EXPIRED_MESSAGE ? 'expired' : 'out'), requests: [] };
      // Offline or a server hiccup: the kept session stays in use; the next call will tell.
      return { ref: signIn(r, r.session!), requests: [] };
    case 'logout':
      // Signed out locally whatever the server says: an unreachable server cannot keep anyone signed in.
      return { ref: signOut(r, 'loggedOut'), requests: [] };
    default:
      throw new Error(`no reference for ${event.type}`);
  }
}

/** What the user and the server see in a reference state. */
function expectedObservation(r: Ref): Omit<Observation, 'storedToken'> {
  const inTwoFactor = r.phase === 'checking' || CODE_FORMS.includes(r.phase);
  return {
    route: r.session ? 'allow' : r.phase === 'expired' ? '/login?redirect=session-expired' : '/login',
    storedSession: r.stored,
    otp: r.otp,
    welcomeFlags: true,
    otherKeys: r.otherKeys,
    openSockets: r.socket ? [r.socket] : [],
    timer: r.timer,
    error: r.error,
    twoFactor: inTwoFactor ? r.challenge!.type : null,
  };
}

// ---------------------------------------------------------------- running the app's session

const storage = new MemoryStorage();
vi.stubGlobal('localStorage', storage);
let server = standInServer();
vi.stubGlobal('fetch', (input: string, init?: RequestInit) => server.fetch(input, init));

/** Lets invoked calls reach the server, answers resolve, and the socket library load. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function appSession(stored: AuthState | null) {
  disconnectSocket();
  sockets.length = 0;
  storage.clear();
  for (const key of STORAGE_KEYS_KEPT_ON_LOGOUT) storage.setItem(key, '1');
  storage.setItem(OTHER_KEY, 'x');
  if (stored) storage.setItem(STORAGE_KEYS.session, JSON.stringify(stored));
  server = standInServer();
  const timer = expiryTimerStandIn();
  const actor = createSessionActor(appSessionMachine.provide({ actors: { expiryTimer: timer.logic } }));
  configureApi(sessionApiHooks(actor));
  actor.start();
  await settle();
  let seen = 0;
  return {
    actor,
    server,
    /** Requests the server received since the last look (the 401 probe left out). */
    newRequests() {
      const fresh = server.log.slice(seen).filter((r) => r.path !== '/api/probe');
      seen = server.log.length;
      return fresh;
    },
    observe: () => observe(actor.getSnapshot(), storage, sessionGate(actor.getSnapshot()), timer.state.armedFor),
    async perform(event: EventObject & Record<string, any>) {
      const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (answer) {
        const failure = event.error as { status: number | null; message: string; code?: string } | undefined;
        if (answer[1] === 'done') server.answer(ANSWERS[answer[2]], { status: 200, body: event.output });
        else server.answer(ANSWERS[answer[2]], failure!.status === null ? 'network-failure' : { status: failure!.status, body: { error_message: failure!.message, code: failure!.code } });
      } else if (event.type === 'TOKEN_EXPIRED') {
        timer.state.fire?.();
      } else if (event.type === 'UNAUTHORIZED') {
        // Some other call of the app answers 401 with this message.
        const call = api.get('/probe').catch(() => undefined);
        await settle();
        server.answer(['/api/probe'], { status: 401, body: { error_message: event.message } });
        await call;
      } else {
        actor.send(event as never);
      }
      await settle();
    },
  };
}

beforeAll(async () => {
  // The socket library is loaded on first connection; load the stand-in once so connecting takes one tick.
  await import('socket.io-client');
});

type Snapshot = SnapshotFrom<typeof sessionMachine>;
const stateKey = (s: Snapshot) => JSON.stringify(s.value);
const serialize = (s: Snapshot) => `${stateKey(s)}|${s.context.challenge?.authentication_type ?? '-'}|${s.context.session ? 'S' : '-'}`;
const describeEvent = (e: EventObject & Record<string, any>) => {
  const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
  if (!m) return e.type === 'UNAUTHORIZED' ? `401(${e.message})` : e.type;
  if (m[1] === 'done') return `${m[2]}→${e.output?.otp_required ? `challenge:${e.output.authentication_type}` : e.output?.access_token ?? 'ok'}`;
  return `${m[2]}→${e.error.status ?? 'offline'}${e.error.code ? `:${e.error.code}` : ''}`;
};

describe.each([
  ['without a stored session', null],
  ['with a stored session', STORED],
] as const)('the app session, %s: every transition checked against the reference', (_label, stored) => {
  // createTestModel() refuses machines that invoke actors; the TestModel it wraps traverses them fine,
  // with each invoked call's outcome modelled as its xstate.done / xstate.error event.
  const model = new TestModel(sessionMachine as any, { input: { stored }, events: MODEL_EVENTS as never, serializeState: (s) => serialize(s as Snapshot) });
  const edges = transitionPaths(model as any, serialize as any);

  it('has every transition to replay', () => {
    expect(edges.length).toBeGreaterThan(180);
  });

  const title = (p: (typeof edges)[number]) => p.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => describeEvent(s.event as any)).join(' → ');
  it.each(edges.map((p, i) => [`${i} ${title(p)}`, p] as const))('%s', async (_d, path) => {
    const h = await appSession(stored);
    let { ref, requests } = initialRef(stored);
    expect(h.newRequests(), 'at start').toEqual(requests);
    expect(h.observe(), 'at start').toMatchObject(expectedObservation(ref));
    for (const [i, step] of path.steps.entries()) {
      const event = step.event as EventObject & Record<string, any>;
      if (event.type === 'xstate.init') continue;
      ({ ref, requests } = reference(ref, event));
      await h.perform(event);
      const where = `after step ${i + 1} (${describeEvent(event)})`;
      expect(h.newRequests(), where).toEqual(requests);
      expect(h.observe(), where).toMatchObject(expectedObservation(ref));
    }
  });
});

describe('a stored session is restored and the server answers 401', () => {
  it.each([
    ['Invalid or missing token.', '/login', { signedOut: 'idle' }],
    [EXPIRED_MESSAGE, '/login?redirect=session-expired', { signedOut: 'expired' }],
  ] as const)("'%s': the session and everything stored but the two welcome flags are cleared, and the user is signed out", async (message, route, state) => {
    storage.clear();
    const h = await appSession(STORED);
    storage.setItem(OTP_KEY, 'otp_left_over');
    expect(h.newRequests()).toEqual([req('GET', '/api/refresh', null, 'aml_stored')]);
    // While the server is asked, the kept session is in use and nothing is connected yet.
    expect(h.observe()).toMatchObject({ route: 'allow', storedToken: 'aml_stored', openSockets: [] });
    h.server.answer(['/api/refresh'], { status: 401, body: { error_message: message } });
    await settle();
    expect(storage.entries()).toEqual(Object.fromEntries(STORAGE_KEYS_KEPT_ON_LOGOUT.map((key) => [key, '1'])));
    expect(h.observe()).toMatchObject({ route, storedToken: null, openSockets: [], timer: null });
    expect(h.actor.getSnapshot().value).toEqual(state);
    expect(h.actor.getSnapshot().context.session).toBeNull();
    expect(sockets).toEqual([]);
  });

  it('but stays signed in on the kept session when the server cannot be reached, and connects its socket', async () => {
    const h = await appSession(STORED);
    h.server.answer(['/api/refresh'], 'network-failure');
    await settle();
    expect(h.observe()).toMatchObject({ route: 'allow', storedToken: 'aml_stored', openSockets: ['aml_stored'], timer: STORED.expires_at });
  });
});
