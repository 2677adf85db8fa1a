/**
 * The session statechart: behaviour one transition at a time, then every
 * state reached through paths generated from the machine itself (xstate/graph)
 * and replayed against a running actor whose API calls are real promises the
 * test settles.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SessionInput } from '../../machines/session/session.types';
import { authState, challenge, failureOf } from '../helpers/session-fixtures';

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
// Model-based: paths generated from the machine, replayed on a running actor.

type Snapshot = SnapshotFrom<typeof sessionMachine>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as EventObject;
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as EventObject;

/** The events the model may take: user gestures, timer and 401 notices, and each call's outcomes. */
const MODEL_EVENTS = [
  { type: 'LOGIN', email: 'a@example.com', password: 'pw' },
  { type: 'SIGNUP', name: 'Sam', email: 's@example.com', company_name: 'S Ltd', password: 'pw-123456' },
  { type: 'SECRET_LOGIN', user_secret: 'secret' },
  { type: 'RESUME_OTP', otp_token: 'otp_email' },
  { type: 'SUBMIT_CODE', code: '123456' },
  { type: 'RESEND_CODE' },
  { type: 'CANCEL' },
  { type: 'REFRESH' },
  { type: 'LOGOUT' },
  { type: 'TOKEN_EXPIRED' },
  { type: 'UNAUTHORIZED', message: 'Token has expired' },
  { type: 'UNAUTHORIZED', message: 'Invalid or missing token.' },
  done('login', authState()),
  done('login', challenge('email')),
  done('login', challenge('app', true)),
  fail('login', failureOf(400, 'Invalid e-mail or password.')),
  done('checkOtp', challenge('app')),
  fail('checkOtp', failureOf(400, 'gone', 'otp_session_invalid')),
  done('verifyEmail', authState()),
  fail('verifyEmail', failureOf(400, 'The code is incorrect.', 'otp_invalid')),
  fail('verifyEmail', failureOf(400, 'gone', 'otp_session_invalid')),
  done('verifyApp', authState()),
  fail('verifyApp', failureOf(400, 'The code is incorrect.', 'otp_invalid')),
  fail('verifyApp', failureOf(400, 'gone', 'otp_session_invalid')),
  done('resendOtp', {}),
  fail('resendOtp', failureOf(400, 'nope', 'otp_not_configured')),
  fail('resendOtp', failureOf(400, 'gone', 'otp_session_invalid')),
  done('refresh', authState()),
  fail('refresh', failureOf(401, 'Token has expired')),
  fail('refresh', failureOf(401, 'Invalid or missing token.')),
  fail('refresh', failureOf(null, 'offline', 'offline')),
  done('logout', {}),
  fail('logout', failureOf(null, 'offline', 'offline')),
] as EventObject[];

/** Which pending call an xstate.done/error event settles: invoke id -> provided actor name. */
const CALL_OF: Record<string, string> = {
  login: 'login',
  checkOtp: 'checkOtp',
  verifyEmail: 'verifyOtp',
  verifyApp: 'verifyOtp',
  resendOtp: 'resendOtp',
  refresh: 'refresh',
  logout: 'logout',
};

const stateKey = (s: Snapshot) => JSON.stringify(s.value);

/** Every stable state of the chart (transient "always" states excluded). */
const EXPECTED_STATES = [
  { signedOut: 'idle' },
  { signedOut: 'expired' },
  { signedOut: 'loggedOut' },
  'signingIn',
  'checkingChallenge',
  { twoFactor: 'email' },
  { twoFactor: 'app' },
  { twoFactor: 'verifyingEmail' },
  { twoFactor: 'verifyingApp' },
  { twoFactor: 'resending' },
  'signedIn',
  'refreshing',
  'signingOut',
].map((v) => JSON.stringify(v));

describe.each([
  ['without a stored session', {} as SessionInput],
  ['with a stored session', { stored: authState() } as SessionInput],
])('session machine model, %s', (_label, input) => {
  // createTestModel() refuses machines that invoke actors; the TestModel it wraps traverses them fine,
  // with each invoked call's outcome modelled as its xstate.done / xstate.error event.
  const model = new TestModel(sessionMachine as any, {
    input,
    events: MODEL_EVENTS as never,
    serializeState: (s) => `${stateKey(s as Snapshot)}|${(s as Snapshot).context.challenge?.authentication_type ?? '-'}|${(s as Snapshot).context.session ? 'S' : '-'}`,
  });
  const paths = model.getShortestPaths();

  it('reaches every state of the chart', () => {
    // Shortest paths that are prefixes of longer ones are folded into them, so count every step's state.
    const reached = new Set(paths.flatMap((p) => [...p.steps.map((step) => stateKey(step.state as Snapshot)), stateKey(p.state as Snapshot)]));
    reached.delete(JSON.stringify('restoring'));
    expect([...reached].sort()).toEqual([...EXPECTED_STATES].sort());
  });

  it.each(paths.map((p) => [p.description, p] as const))('replays %s on a running actor', async (_d, path) => {
    const h = harness(input);
    for (const step of path.steps) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (match) {
        await h.settle(CALL_OF[match[2]], match[1] === 'done' ? { output: event.output } : { error: event.error });
      } else if (event.type === 'TOKEN_EXPIRED') {
        expect(h.hasTimer()).toBe(true);
        h.expire();
        await flush();
      } else {
        h.actor.send(event as never);
        await flush();
      }
      expect(stateKey(h.actor.getSnapshot())).toBe(stateKey(step.state as Snapshot));
    }
    expect(stateKey(h.actor.getSnapshot())).toBe(stateKey(path.state as Snapshot));
  });
});
