/**
 * The settings statecharts: two-factor set-up by e-mail and by app (transition
 * by transition, then every transition of the chart replayed on a running
 * actor and checked against a reference written here) and the web hook secret key.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { secretKeyMachine } from '../../machines/settings/secret-key.machine';
import { twoFactorMachine, type TwoFactorMethod } from '../../machines/settings/two-factor.machine';
import { authState } from '../helpers/session-fixtures';
import { deferredCalls, failure, flush, transitionPaths } from './harness';

function twoFactor(method: TwoFactorMethod, enabled = false) {
  const calls = deferredCalls(['start', 'confirm', 'disable'] as const);
  const actor = createActor(twoFactorMachine.provide({ actors: calls.actors }), { input: { method, enabled } }).start();
  const changed: { enabled: boolean }[] = [];
  const sessions: unknown[] = [];
  actor.on('changed', (e) => {
    changed.push({ enabled: e.enabled });
    sessions.push(e.session);
  });
  return { actor, changed, sessions, ...calls };
}

describe('two-factor set-up', () => {
  it('app: shows the secret and QR code, checks the code format locally, confirms, and hands over the new session', async () => {
    const h = twoFactor('app');
    h.actor.send({ type: 'ENABLE' });
    expect(h.calls[0]).toEqual({ name: 'start', input: { method: 'app' } });
    await h.settle('start', { output: { secret: 'JBSWY3DPEHPK3PXP', qr_code: 'data:image/png;base64,xx' } });
    expect(h.actor.getSnapshot().value).toBe('awaitingCode');
    expect(h.actor.getSnapshot().context.setup?.secret).toBe('JBSWY3DPEHPK3PXP');
    h.actor.send({ type: 'SUBMIT_CODE', code: '12ab' });
    expect(h.actor.getSnapshot().context.inputError).toBe('otp_format');
    expect(h.calls).toHaveLength(1);
    h.actor.send({ type: 'SUBMIT_CODE', code: ' 123456 ' });
    expect(h.calls[1]).toEqual({ name: 'confirm', input: { method: 'app', code: '123456' } });
    await h.settle('confirm', { error: failure(400, 'The code is incorrect.', 'otp_invalid') });
    expect(h.actor.getSnapshot().value).toBe('awaitingCode');
    expect(h.actor.getSnapshot().context.error?.code).toBe('otp_invalid');
    h.actor.send({ type: 'SUBMIT_CODE', code: '654321' });
    await h.settle('confirm', { output: authState() });
    expect(h.actor.getSnapshot()).toMatchObject({ value: 'idle', context: { enabled: true, setup: null } });
    expect(h.changed).toEqual([{ enabled: true }]);
  });

  it('e-mail: a new code can be asked for; the app has no such thing', async () => {
    const email = twoFactor('email');
    email.actor.send({ type: 'ENABLE' });
    await email.settle('start', { output: {} });
    email.actor.send({ type: 'RESEND' });
    expect(email.actor.getSnapshot().value).toBe('starting');
    const app = twoFactor('app');
    app.actor.send({ type: 'ENABLE' });
    await app.settle('start', { output: { secret: 'S' } });
    app.actor.send({ type: 'RESEND' });
    expect(app.actor.getSnapshot().value).toBe('awaitingCode');
  });

  it('switching off needs the password; a wrong one keeps the question open', async () => {
    const h = twoFactor('email', true);
    h.actor.send({ type: 'ENABLE' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    h.actor.send({ type: 'DISABLE' });
    h.actor.send({ type: 'SUBMIT_PASSWORD', password: '' });
    expect(h.actor.getSnapshot().context.inputError).toBe('password_required');
    h.actor.send({ type: 'SUBMIT_PASSWORD', password: 'wrong' });
    await h.settle('disable', { error: failure(400, 'Password is incorrect.', 'password_incorrect') });
    expect(h.actor.getSnapshot().value).toBe('askingPassword');
    h.actor.send({ type: 'SUBMIT_PASSWORD', password: 'right-1' });
    expect(h.calls.at(-1)).toEqual({ name: 'disable', input: { method: 'email', password: 'right-1' } });
    await h.settle('disable', { output: authState() });
    expect(h.actor.getSnapshot().context.enabled).toBe(false);
    expect(h.changed).toEqual([{ enabled: false }]);
  });

  it('follows the session when it changes elsewhere', () => {
    const h = twoFactor('app');
    h.actor.send({ type: 'SYNC', enabled: true });
    h.actor.send({ type: 'DISABLE' });
    expect(h.actor.getSnapshot().value).toBe('askingPassword');
  });
});

type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as EventObject;
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as EventObject;

// Every transition of the chart (paths from xstate/graph), each step checked against a reference
// written here: the calls made with their arguments, the 'changed' events, and what the settings card shows.

/** What the two-factor card shows. */
type Phase = 'switch' | 'starting' | 'code form' | 'confirming' | 'password form' | 'switching off';
interface TwoFactorRef {
  phase: Phase;
  enabled: boolean;
  /** The secret (app) or the e-mailed notice shown while the code is asked for. */
  setup: unknown;
  inputError: string | null;
  errorCode: string | null;
}
/** `changed` carries the new session the server answered, for the session actor to take. */
type TwoFactorStep = { ref: TwoFactorRef; calls: { name: string; input: unknown }[]; changed: { enabled: boolean; session: unknown }[] };

function twoFactorReference(method: TwoFactorMethod, r: TwoFactorRef, event: EventObject & Record<string, any>): TwoFactorStep {
  const same: TwoFactorStep = { ref: r, calls: [], changed: [] };
  const clean = { inputError: null, errorCode: null };
  switch (event.type) {
    case 'ENABLE':
      return r.phase === 'switch' && !r.enabled ? { ref: { ...r, ...clean, phase: 'starting' }, calls: [{ name: 'start', input: { method } }], changed: [] } : same;
    case 'DISABLE':
      return r.phase === 'switch' && r.enabled ? { ...same, ref: { ...r, ...clean, phase: 'password form' } } : same;
    case 'xstate.done.actor.start':
      return { ...same, ref: { ...r, phase: 'code form', setup: event.output } };
    case 'xstate.error.actor.start':
      return { ...same, ref: { ...r, phase: 'switch', errorCode: event.error.code } };
    case 'SUBMIT_CODE': {
      if (r.phase !== 'code form') return same;
      // Six digits, checked before anything is sent.
      if (!/^\d{6}$/.test(event.code.trim())) return { ...same, ref: { ...r, inputError: 'otp_format', errorCode: null } };
      return { ref: { ...r, ...clean, phase: 'confirming' }, calls: [{ name: 'confirm', input: { method, code: event.code.trim() } }], changed: [] };
    }
    case 'xstate.done.actor.confirm':
      return { ref: { ...r, phase: 'switch', enabled: true, setup: null }, calls: [], changed: [{ enabled: true, session: event.output }] };
    case 'xstate.error.actor.confirm':
      return { ...same, ref: { ...r, phase: 'code form', errorCode: event.error.code } };
    case 'RESEND':
      // Only an e-mailed code can be sent again.
      return r.phase === 'code form' && method === 'email' ? { ref: { ...r, ...clean, phase: 'starting' }, calls: [{ name: 'start', input: { method } }], changed: [] } : same;
    case 'CANCEL':
      if (r.phase === 'code form') return { ...same, ref: { ...r, ...clean, phase: 'switch', setup: null } };
      if (r.phase === 'password form') return { ...same, ref: { ...r, ...clean, phase: 'switch' } };
      return same;
    case 'SUBMIT_PASSWORD':
      if (r.phase !== 'password form') return same;
      if (!event.password) return { ...same, ref: { ...r, inputError: 'password_required', errorCode: null } };
      return { ref: { ...r, ...clean, phase: 'switching off' }, calls: [{ name: 'disable', input: { method, password: event.password } }], changed: [] };
    case 'xstate.done.actor.disable':
      return { ref: { ...r, phase: 'switch', enabled: false }, calls: [], changed: [{ enabled: false, session: event.output }] };
    case 'xstate.error.actor.disable':
      return { ...same, ref: { ...r, phase: 'password form', errorCode: event.error.code } };
    default:
      throw new Error(`no reference for ${event.type}`);
  }
}

function twoFactorCard(s: TwoFactorSnapshot): TwoFactorRef {
  const phase: Phase = s.matches('starting')
    ? 'starting'
    : s.matches('awaitingCode')
      ? 'code form'
      : s.matches('confirming')
        ? 'confirming'
        : s.matches('askingPassword')
          ? 'password form'
          : s.matches('disabling')
            ? 'switching off'
            : 'switch';
  return { phase, enabled: s.context.enabled, setup: s.context.setup, inputError: s.context.inputError, errorCode: s.context.error?.code ?? null };
}

describe.each(['email', 'app'] as const)('two-factor model (%s), every transition against the reference', (method) => {
  const MODEL_EVENTS = [
    { type: 'ENABLE' },
    { type: 'DISABLE' },
    { type: 'SUBMIT_CODE', code: ' 123456 ' },
    { type: 'SUBMIT_CODE', code: '12' },
    { type: 'SUBMIT_PASSWORD', password: 'pw-123456' },
    { type: 'SUBMIT_PASSWORD', password: '' },
    { type: 'RESEND' },
    { type: 'CANCEL' },
    done('start', { secret: 'JBSWY3DPEHPK3PXP' }),
    fail('start', failure(500, 'Something went wrong. Please try again.', 'server_error')),
    // The new session is handed over as it is; a stand-in keeps the path names short.
    done('confirm', { access_token: 'aml_new' }),
    fail('confirm', failure(400, 'The code is incorrect.', 'otp_invalid')),
    done('disable', { access_token: 'aml_new' }),
    fail('disable', failure(400, 'Password is incorrect.', 'password_incorrect')),
  ] as EventObject[];
  const stateKey = (s: TwoFactorSnapshot) => JSON.stringify(s.value);
  const serialize = (s: TwoFactorSnapshot) => `${stateKey(s)}|${s.context.enabled}`;
  const model = new TestModel(twoFactorMachine as any, { input: { method, enabled: false }, events: MODEL_EVENTS as never, serializeState: (s) => serialize(s as TwoFactorSnapshot) });
  const edges = transitionPaths(model as any, serialize as any);
  const describeEvent = (e: EventObject) => e.type.replace(/^xstate\.(done|error)\.actor\.(\w+)$/, (_m, kind, id) => `${id}:${kind === 'done' ? 'ok' : 'failed'}`);

  it('has every transition to replay', () => {
    expect(edges.length).toBeGreaterThan(40);
  });

  it.each(edges.map((p, i) => [`${i} ${p.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => describeEvent(s.event)).join(' → ')}`, p] as const))('%s', async (_d, path) => {
    const h = twoFactor(method);
    let ref: TwoFactorRef = { phase: 'switch', enabled: false, setup: null, inputError: null, errorCode: null };
    let seenCalls = 0;
    let seenChanged = 0;
    for (const [i, step] of path.steps.entries()) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const expected = twoFactorReference(method, ref, event as never);
      ref = expected.ref;
      const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (match) await h.settle(match[2] as 'start' | 'confirm' | 'disable', match[1] === 'done' ? { output: event.output } : { error: event.error });
      else {
        h.actor.send(event as never);
        await flush();
      }
      const where = `after step ${i} (${describeEvent(event)})`;
      expect(h.calls.slice(seenCalls), where).toEqual(expected.calls);
      expect(h.changed.slice(seenChanged).map((c, k) => ({ ...c, session: h.sessions[seenChanged + k] })), where).toEqual(expected.changed);
      expect(twoFactorCard(h.actor.getSnapshot()), where).toEqual(ref);
      seenCalls = h.calls.length;
      seenChanged = h.changed.length;
    }
  });
});

describe('web hook secret key', () => {
  function secretKey(permitted = true) {
    const calls = deferredCalls(['loadKey', 'generateKey'] as const);
    const actor = createActor(secretKeyMachine.provide({ actors: calls.actors }), { input: { permitted } }).start();
    const generated: unknown[] = [];
    actor.on('generated', (e) => generated.push(e.answer));
    return { actor, generated, ...calls };
  }

  it("says 'Permission Denied' without the permission, and never asks the API", () => {
    const h = secretKey(false);
    expect(h.actor.getSnapshot().value).toBe('denied');
    expect(h.calls).toEqual([]);
  });

  it('a 403 from the API also ends in the denial', async () => {
    const h = secretKey();
    await h.settle('loadKey', { error: failure(403, 'Permission Denied', 'permission_denied') });
    expect(h.actor.getSnapshot().value).toBe('denied');
  });

  it('generates a new key after the password, shows it once, then only masked', async () => {
    const h = secretKey();
    await h.settle('loadKey', { output: { has_key: false, masked_key: null, created_at: null, created_by: null } });
    h.actor.send({ type: 'GENERATE' });
    h.actor.send({ type: 'SUBMIT_PASSWORD', password: '' });
    expect(h.actor.getSnapshot().context.inputError).toBe('password_required');
    h.actor.send({ type: 'SUBMIT_PASSWORD', password: 'wrong-1' });
    await h.settle('generateKey', { error: failure(400, 'Password is incorrect.', 'password_incorrect', 'password') });
    expect(h.actor.getSnapshot().value).toBe('askingPassword');
    expect(h.actor.getSnapshot().context.error?.code).toBe('password_incorrect');
    h.actor.send({ type: 'SUBMIT_PASSWORD', password: 'right-1' });
    expect(h.calls.at(-1)).toEqual({ name: 'generateKey', input: { password: 'right-1' } });
    const answer = { secret_key: 'whsec_abcd', masked_key: 'whsec_••••abcd', created_at: '2026-01-01T00:00:00Z', created_by: 'Ada', has_key: true, code: 'secret_key_updated' };
    await h.settle('generateKey', { output: answer });
    // The key is read again meanwhile, for the end of the previous key's grace period (tests/machines/integrations.test.ts).
    expect(h.actor.getSnapshot()).toMatchObject({ value: { revealed: 'refreshing' }, context: { revealed: 'whsec_abcd', key: { has_key: true, masked_key: 'whsec_••••abcd' } } });
    expect(h.generated).toEqual([answer]);
    h.actor.send({ type: 'DISMISS' });
    expect(h.actor.getSnapshot()).toMatchObject({ value: 'ready', context: { revealed: null } });
  });
});
