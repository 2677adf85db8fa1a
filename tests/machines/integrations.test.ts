/**
 * The integrations statecharts (machines/api-keys, machines/web-hooks) and the settings' secret key
 * rotation: generating an API key (the API's own rules before sending, the body, a wrong password placed
 * under the field, the whole key shown once and dropped when dismissed), deleting one (the password first),
 * registering a web hook (the shared rules, a refused address under the endpoint), the one-click actions
 * (one at a time, each outcome told with its message's values), the screens' addresses, and the secret key
 * read again after a rotation for the end of the previous key's grace period. The model-based part replays
 * each chart's own paths from xstate/graph (shortest path to every state, every transition) on a running
 * actor with stand-in calls, and checks the snapshot after each step.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import type { ApiKeyView } from '../../common/api-keys';
import { findMachine } from '../../machines/catalogue';
import * as apiKeysAddress from '../../machines/api-keys/address';
import { keyDeletionMachine, type DeleteKeyInput } from '../../machines/api-keys/key-deletion.machine';
import { selectFormError as selectDeletionError, selectIsBusy as selectDeleting, selectIsOpen as selectDeletionOpen, selectPasswordProblem } from '../../machines/api-keys/key-deletion.selectors';
import { DEFAULT_VALIDITY_DAYS, keyBody, keyGeneratorMachine, keyProblems, NEW_KEY, type GenerateKeyInput } from '../../machines/api-keys/key-generator.machine';
import { selectFieldProblem as selectKeyProblem, selectFormError as selectKeyFormError, selectIsBusy as selectGenerating, selectIsFormOpen, selectRevealed } from '../../machines/api-keys/key-generator.selectors';
import { secretKeyMachine } from '../../machines/settings/secret-key.machine';
import { selectPreviousValidUntil } from '../../machines/settings/secret-key.selectors';
import { searchFromView, viewFromSearch } from '../../machines/web-hooks/address';
import { webhookActionsMachine, type WebhookAction } from '../../machines/web-hooks/webhook-actions.machine';
import { selectIsBusy as selectActionBusy, selectIsRunning } from '../../machines/web-hooks/webhook-actions.selectors';
import { webhookBody, webhookEditorMachine, webhookProblems, type CreateWebhookInput } from '../../machines/web-hooks/webhook-editor.machine';
import { selectFieldProblem as selectHookProblem, selectFormError as selectHookFormError, selectIsOpen as selectHookOpen, selectIsSaving } from '../../machines/web-hooks/webhook-editor.selectors';
import { shortestPaths, startsOf, stateName, transitionCover, type ReadablePath } from './walk';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) => Object.assign(new Error(message), { status, code, data: { code, ...data } });

const KEY: ApiKeyView = {
  _id: 'k1',
  name: 'Onboarding service',
  prefix: 'amlk_3fA9c1xY',
  created_at: '2026-01-01T00:00:00Z',
  expires_at: '2026-04-01T00:00:00Z',
  last_used_at: null,
  expired: false,
  created_by: { _id: 'u1', name: 'Ada' },
};

/** A stand-in for each call a chart invokes, answered by the test when it chooses (settle). */
function deferred() {
  const calls: { src: string; input: unknown }[] = [];
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined> = {};
  const call = (src: string) =>
    fromPromise<any, any>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          calls.push({ src, input });
          pending[src] = { resolve, reject };
        }),
    );
  return {
    calls,
    call,
    async settle(src: string, outcome: { output?: unknown; error?: unknown }) {
      const p = pending[src];
      if (!p) throw new Error(`no ${src} call is pending`);
      pending[src] = undefined;
      if (outcome.error !== undefined) p.reject(outcome.error);
      else p.resolve(outcome.output);
      await flush();
    },
  };
}

// ---------------------------------------------------------------- Generating an API key

function generatorHarness() {
  const d = deferred();
  const emitted: unknown[] = [];
  const actor = createActor(keyGeneratorMachine.provide({ actors: { generate: d.call('generate') } }));
  actor.on('generated', (e) => emitted.push(e.answer));
  actor.start();
  return { ...d, actor, emitted, snap: () => actor.getSnapshot() };
}

describe('generating an API key', () => {
  it('opens with a validity of 90 days and checks the API’s rules before sending', () => {
    const h = generatorHarness();
    h.actor.send({ type: 'OPEN' });
    expect(h.snap().context.values).toEqual({ name: '', validity_days: String(DEFAULT_VALIDITY_DAYS), password: '' });
    h.actor.send({ type: 'SUBMIT' });
    expect(h.calls).toEqual([]);
    expect(selectKeyProblem(h.snap(), 'name')).toBe('required');
    expect(selectKeyProblem(h.snap(), 'validity_days')).toBeNull();
    expect(selectKeyProblem(h.snap(), 'password')).toBe('password_required');
    for (const [validity, rule] of [
      ['', 'required'],
      ['12a', 'api_key_validity_digits'],
      ['-3', 'api_key_validity_digits'],
      ['0', 'api_key_validity_range'],
      ['366', 'api_key_validity_range'],
      ['365', undefined],
      ['1', undefined],
    ] as const) {
      expect(keyProblems({ ...NEW_KEY, name: 'Billing', password: 'pw', validity_days: validity }).validity_days, validity).toBe(rule);
    }
    expect(keyProblems({ ...NEW_KEY, name: 'x', password: 'pw' }).name).toBe('integration_name_length');
    expect(keyProblems({ ...NEW_KEY, name: 'Billing <script>', password: 'pw' }).name).toBe('integration_name_characters');
    expect(keyProblems({ ...NEW_KEY, name: '   ', password: 'pw' }).name).toBe('required');
    // A changed field loses its problem; the others keep theirs.
    h.actor.send({ type: 'EDIT', field: 'name', value: 'Billing' });
    expect(selectKeyProblem(h.snap(), 'name')).toBeNull();
    expect(selectKeyProblem(h.snap(), 'password')).toBe('password_required');
  });

  it('sends the body, shows the whole key once, and forgets it and the password when dismissed', async () => {
    const h = generatorHarness();
    h.actor.send({ type: 'OPEN' });
    h.actor.send({ type: 'EDIT', field: 'name', value: ' Onboarding service ' });
    h.actor.send({ type: 'EDIT', field: 'validity_days', value: ' 30 ' });
    h.actor.send({ type: 'EDIT', field: 'password', value: 'Admin-2026!' });
    h.actor.send({ type: 'SUBMIT' });
    expect(selectGenerating(h.snap())).toBe(true);
    expect(h.calls).toEqual([{ src: 'generate', input: { name: 'Onboarding service', validity_days: 30, password: 'Admin-2026!' } satisfies GenerateKeyInput }]);
    // Closing while the key is on its way would lose it.
    h.actor.send({ type: 'CLOSE' });
    expect(selectGenerating(h.snap())).toBe(true);
    await h.settle('generate', { output: { api_key: 'amlk_3fA9c1xYsecret', key: KEY, code: 'api_key_created' } });
    expect(selectIsFormOpen(h.snap())).toBe(false);
    expect(selectRevealed(h.snap())).toEqual({ api_key: 'amlk_3fA9c1xYsecret', key: KEY });
    expect(h.snap().context.values.password).toBe('');
    expect(h.emitted).toEqual([{ api_key: 'amlk_3fA9c1xYsecret', key: KEY, code: 'api_key_created' }]);
    h.actor.send({ type: 'DISMISS' });
    expect(selectRevealed(h.snap())).toBeNull();
    expect(JSON.stringify(h.snap().context)).not.toContain('secret');
  });

  it('places a wrong password under the field and anything else above the buttons', async () => {
    const h = generatorHarness();
    h.actor.send({ type: 'OPEN' });
    h.actor.send({ type: 'EDIT', field: 'name', value: 'Billing' });
    h.actor.send({ type: 'EDIT', field: 'password', value: 'wrong' });
    h.actor.send({ type: 'SUBMIT' });
    await h.settle('generate', { error: failure(400, 'Incorrect password', 'password_incorrect', { field: 'password' }) });
    expect(h.snap().matches({ editing: 'refused' })).toBe(true);
    expect(selectKeyProblem(h.snap(), 'password')).toBe('password_incorrect');
    expect(selectKeyFormError(h.snap())).toBeNull();
    h.actor.send({ type: 'EDIT', field: 'password', value: 'Admin-2026!' });
    expect(selectKeyProblem(h.snap(), 'password')).toBeNull();
    h.actor.send({ type: 'SUBMIT' });
    await h.settle('generate', { error: failure(null, 'Please check your internet connection.', 'offline') });
    expect(selectKeyFormError(h.snap())).toEqual({ message: 'Please check your internet connection.', code: 'offline' });
    expect(h.emitted).toEqual([]);
    expect(keyBody(h.snap().context.values)).toEqual({ name: 'Billing', validity_days: 90, password: 'Admin-2026!' });
  });
});

// ---------------------------------------------------------------- Deleting an API key

describe('deleting an API key', () => {
  it('asks for the password, sends it with the key’s id, and tells the screen', async () => {
    const d = deferred();
    const deleted: unknown[] = [];
    const actor = createActor(keyDeletionMachine.provide({ actors: { remove: d.call('remove') } }));
    actor.on('deleted', (e) => deleted.push({ answer: e.answer, key: e.key._id }));
    actor.start();
    actor.send({ type: 'OPEN', key: KEY });
    expect(selectDeletionOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    expect(selectPasswordProblem(actor.getSnapshot())).toBe('password_required');
    expect(d.calls).toEqual([]);
    actor.send({ type: 'PASSWORD', password: 'wrong' });
    expect(selectPasswordProblem(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'SUBMIT' });
    expect(d.calls).toEqual([{ src: 'remove', input: { id: 'k1', password: 'wrong' } satisfies DeleteKeyInput }]);
    await d.settle('remove', { error: failure(400, 'Incorrect password', 'password_incorrect', { field: 'password' }) });
    expect(selectPasswordProblem(actor.getSnapshot())).toBe('password_incorrect');
    expect(selectDeletionError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'PASSWORD', password: 'Admin-2026!' });
    actor.send({ type: 'SUBMIT' });
    expect(selectDeleting(actor.getSnapshot())).toBe(true);
    await d.settle('remove', { output: { code: 'api_key_deleted' } });
    expect(deleted).toEqual([{ answer: { code: 'api_key_deleted' }, key: 'k1' }]);
    expect(selectDeletionOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.password).toBe('');
  });
});

// ---------------------------------------------------------------- Registering a web hook

describe('registering a web hook', () => {
  it('checks the shared rules, sends the trimmed body, and shows a refused address under the endpoint', async () => {
    const d = deferred();
    const created: unknown[] = [];
    const actor = createActor(webhookEditorMachine.provide({ actors: { create: d.call('create') } }));
    actor.on('created', (e) => created.push(e.answer));
    actor.start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT' });
    const s = actor.getSnapshot();
    expect(d.calls).toEqual([]);
    expect(selectHookProblem(s, 'name')).toBe('required');
    expect(selectHookProblem(s, 'endpoint')).not.toBeNull();
    expect(selectHookProblem(s, 'type')).not.toBeNull();
    expect(webhookProblems({ name: 'Desk', endpoint: 'ftp://example.com/x', type: 'update' }).endpoint).toBe('webhook_endpoint_invalid');
    expect(webhookProblems({ name: 'Desk', endpoint: 'not a url', type: 'update' }).endpoint).toBe('webhook_endpoint_invalid');
    expect(webhookProblems({ name: 'Desk', endpoint: 'https://example.com/x', type: '' }).type).toBe('webhook_type_required');
    expect(webhookProblems({ name: 'Desk', endpoint: 'https://example.com/x', type: 'status_change' })).toEqual({});
    actor.send({ type: 'EDIT', field: 'name', value: ' Case desk ' });
    actor.send({ type: 'EDIT', field: 'endpoint', value: ' https://10.0.0.5/hook ' });
    actor.send({ type: 'EDIT', field: 'type', value: 'status_change' });
    actor.send({ type: 'SUBMIT' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    expect(d.calls.at(-1)).toEqual({ src: 'create', input: { name: 'Case desk', endpoint: 'https://10.0.0.5/hook', type: 'status_change' } satisfies CreateWebhookInput });
    await d.settle('create', { error: failure(400, 'This address cannot be called.', 'outbound_refused', { field: 'endpoint' }) });
    expect(selectHookProblem(actor.getSnapshot(), 'endpoint')).toBe('outbound_refused');
    expect(selectHookFormError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'EDIT', field: 'endpoint', value: 'https://hooks.example.com/aml' });
    expect(selectHookProblem(actor.getSnapshot(), 'endpoint')).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await d.settle('create', { output: { code: 'webhook_created', values: { name: 'Case desk' } } });
    expect(created).toEqual([{ code: 'webhook_created', values: { name: 'Case desk' } }]);
    expect(selectHookOpen(actor.getSnapshot())).toBe(false);
    expect(webhookBody({ name: ' a ', endpoint: ' b ', type: 'update' })).toEqual({ name: 'a', endpoint: 'b', type: 'update' });
  });
});

// ---------------------------------------------------------------- One-click actions

describe('the web hooks screen’s one-click actions', () => {
  it('runs one at a time and tells each outcome with its message’s values', async () => {
    const d = deferred();
    const told: unknown[] = [];
    const actor = createActor(webhookActionsMachine.provide({ actors: { run: d.call('run') } }));
    actor.on('done', (e) => told.push({ done: e.action, code: e.answer.code, values: e.answer.values }));
    actor.on('failed', (e) => told.push({ failed: e.action, code: e.error.code, values: e.error.values }));
    actor.start();
    const test: WebhookAction = { kind: 'test', id: 'w1' };
    actor.send({ type: 'RUN', action: test });
    // A double click sends nothing more.
    actor.send({ type: 'RUN', action: test });
    actor.send({ type: 'RUN', action: { kind: 'disable', id: 'w1' } });
    expect(d.calls).toEqual([{ src: 'run', input: test }]);
    expect(selectActionBusy(actor.getSnapshot())).toBe(true);
    expect(selectIsRunning(actor.getSnapshot(), 'test', 'w1')).toBe(true);
    expect(selectIsRunning(actor.getSnapshot(), 'test', 'w2')).toBe(false);
    await d.settle('run', { output: { code: 'webhook_test_sent', values: { name: 'Case desk' } } });
    expect(selectActionBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'RUN', action: { kind: 'replay', id: 'd1' } });
    await d.settle('run', { error: failure(409, 'This web hook is disabled. Enable it first.', 'webhook_inactive') });
    expect(told).toEqual([
      { done: test, code: 'webhook_test_sent', values: { name: 'Case desk' } },
      { failed: { kind: 'replay', id: 'd1' }, code: 'webhook_inactive', values: null },
    ]);
    expect(actor.getSnapshot().context.running).toBeNull();
  });
});

// ---------------------------------------------------------------- Addresses

describe('the screens’ addresses', () => {
  it('keep the web hooks list’s page, the open log, its page and the open delivery', () => {
    const view = { page: 2, webhook: '6f0c2a52-3d5e-4b7a-9c11-0d2e3f4a5b6c', logPage: 3, delivery: 'd-77' };
    expect(searchFromView(view)).toBe('page=2&webhook=6f0c2a52-3d5e-4b7a-9c11-0d2e3f4a5b6c&log_page=3&delivery=d-77');
    expect(viewFromSearch(`?${searchFromView(view)}`)).toEqual(view);
    expect(searchFromView({ page: 1, webhook: null, logPage: 1, delivery: null })).toBe('');
    // A log page or a delivery without its web hook, and ids that are not ids, mean nothing.
    expect(viewFromSearch('log_page=4&delivery=d1')).toEqual({ page: 1, webhook: null, logPage: 1, delivery: null });
    expect(viewFromSearch('webhook=%3Cscript%3E&page=0')).toEqual({ page: 1, webhook: null, logPage: 1, delivery: null });
    expect(viewFromSearch('webhook=w1&delivery=../x')).toEqual({ page: 1, webhook: 'w1', logPage: 1, delivery: null });
  });

  it('keep the API keys list’s page', () => {
    expect(apiKeysAddress.searchFromView({ page: 3 })).toBe('page=3');
    expect(apiKeysAddress.searchFromView({ page: 1 })).toBe('');
    expect(apiKeysAddress.viewFromSearch('?page=x')).toEqual({ page: 1 });
    expect(apiKeysAddress.listQuery({ page: 2 })).toEqual({ page: 2, page_size: apiKeysAddress.API_KEY_PAGE_SIZE });
  });
});

// ---------------------------------------------------------------- The secret key's rotation

describe('the web hook secret key after a rotation', () => {
  it('reads the key again for the end of the previous key’s grace period', async () => {
    const d = deferred();
    const actor = createActor(secretKeyMachine.provide({ actors: { loadKey: d.call('loadKey'), generateKey: d.call('generateKey') } }), { input: { permitted: true } }).start();
    await d.settle('loadKey', { output: { has_key: true, masked_key: 'whsec_••••abcd', created_at: null, created_by: null, previous_valid_until: null } });
    expect(selectPreviousValidUntil(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'GENERATE' });
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'Admin-2026!' });
    await d.settle('generateKey', { output: { has_key: true, masked_key: 'whsec_••••wxyz', created_at: '2026-03-01T10:00:00Z', created_by: 'Ada', secret_key: 'whsec_new' } });
    expect(actor.getSnapshot().context.revealed).toBe('whsec_new');
    expect(d.calls.filter((c) => c.src === 'loadKey')).toHaveLength(2);
    await d.settle('loadKey', { output: { has_key: true, masked_key: 'whsec_••••wxyz', created_at: '2026-03-01T10:00:00Z', created_by: 'Ada', previous_valid_until: '2026-03-02T10:00:00Z' } });
    expect(selectPreviousValidUntil(actor.getSnapshot())).toBe('2026-03-02T10:00:00Z');
    // The full key stays on screen until dismissed, whatever the reading answered.
    expect(actor.getSnapshot().context.revealed).toBe('whsec_new');
  });

  it('keeps the new key when that reading fails', async () => {
    const d = deferred();
    const actor = createActor(secretKeyMachine.provide({ actors: { loadKey: d.call('loadKey'), generateKey: d.call('generateKey') } }), { input: { permitted: true } }).start();
    await d.settle('loadKey', { output: { has_key: false, masked_key: null, created_at: null, created_by: null } });
    actor.send({ type: 'GENERATE' });
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'Admin-2026!' });
    await d.settle('generateKey', { output: { has_key: true, masked_key: 'whsec_••••wxyz', created_at: null, created_by: 'Ada', secret_key: 'whsec_new' } });
    await d.settle('loadKey', { error: failure(null, 'offline', 'offline') });
    expect(actor.getSnapshot().matches('revealed')).toBe(true);
    expect(actor.getSnapshot().context.key?.masked_key).toBe('whsec_••••wxyz');
  });
});

// ---------------------------------------------------------------- The charts' own paths, replayed

/** Replays a path on a running actor whose calls are answered with the catalogue's samples, checking each step. */
async function replay(machineId: string, path: ReadablePath, build: (h: ReturnType<typeof deferred>) => AnyActorRef, check: (actor: AnyActorRef, h: ReturnType<typeof deferred>, state: string) => void) {
  const entry = findMachine(machineId);
  const start = startsOf(entry).find((s) => s.label === path.start)!;
  void start;
  const h = deferred();
  const actor = build(h);
  for (const step of path.steps) {
    if (step.answer) await h.settle(step.answer.src, step.answer.kind === 'done' ? { output: step.payload.output } : { error: step.payload.error });
    else actor.send({ type: step.type, ...step.payload });
    expect(stateName(actor.getSnapshot().value), `${path.start} → ${path.target}`).toBe(step.state);
    check(actor, h, step.state);
  }
}

describe('the charts’ paths (xstate/graph), replayed on a running actor', () => {
  it('api-keys/key-generator: every state and every transition; nothing invalid is sent, the key only shows after an answer', async () => {
    const entry = findMachine('api-keys/key-generator');
    const build = (h: ReturnType<typeof deferred>) => createActor(keyGeneratorMachine.provide({ actors: { generate: h.call('generate') } })).start();
    const check = (actor: AnyActorRef, h: ReturnType<typeof deferred>, state: string) => {
      const s = actor.getSnapshot();
      expect(selectGenerating(s), `busy in ${state}`).toBe(state === 'generating');
      expect(selectRevealed(s) !== null, `revealed in ${state}`).toBe(state === 'revealed');
      expect(Boolean((s.children as Record<string, AnyActorRef | undefined>).generate), `call in ${state}`).toBe(state === 'generating');
      for (const call of h.calls) expect(keyProblems({ ...(call.input as GenerateKeyInput), validity_days: String((call.input as GenerateKeyInput).validity_days) })).toEqual({});
    };
    const shortest = shortestPaths(entry);
    expect(new Set(shortest.map((p) => p.target))).toEqual(new Set(['closed', 'editing.ready', 'editing.refused', 'generating', 'revealed']));
    for (const path of shortest) await replay('api-keys/key-generator', path, build, check);
    const cover = transitionCover(entry);
    expect(cover.length).toBeGreaterThan(6);
    for (const path of cover) await replay('api-keys/key-generator', path, build, check);
  });

  it('api-keys/key-deletion: every state and every transition; no request without a password', async () => {
    const entry = findMachine('api-keys/key-deletion');
    const build = (h: ReturnType<typeof deferred>) => createActor(keyDeletionMachine.provide({ actors: { remove: h.call('remove') } })).start();
    const check = (actor: AnyActorRef, h: ReturnType<typeof deferred>, state: string) => {
      expect(selectDeleting(actor.getSnapshot()), `busy in ${state}`).toBe(state === 'deleting');
      for (const call of h.calls) expect((call.input as DeleteKeyInput).password).not.toBe('');
    };
    for (const path of [...shortestPaths(entry), ...transitionCover(entry)]) await replay('api-keys/key-deletion', path, build, check);
  });

  it('web-hooks/webhook-editor: every state and every transition; nothing invalid is sent', async () => {
    const entry = findMachine('web-hooks/webhook-editor');
    const build = (h: ReturnType<typeof deferred>) => createActor(webhookEditorMachine.provide({ actors: { create: h.call('create') } })).start();
    const check = (actor: AnyActorRef, h: ReturnType<typeof deferred>, state: string) => {
      expect(selectIsSaving(actor.getSnapshot()), `busy in ${state}`).toBe(state === 'saving');
      expect(selectHookOpen(actor.getSnapshot()), `open in ${state}`).toBe(state !== 'closed');
      for (const call of h.calls) expect(webhookProblems(call.input as CreateWebhookInput)).toEqual({});
    };
    for (const path of [...shortestPaths(entry), ...transitionCover(entry)]) await replay('web-hooks/webhook-editor', path, build, check);
  });

  it('web-hooks/webhook-actions: every state and every transition; never two calls at once', async () => {
    const entry = findMachine('web-hooks/webhook-actions');
    const build = (h: ReturnType<typeof deferred>) => createActor(webhookActionsMachine.provide({ actors: { run: h.call('run') } })).start();
    const check = (actor: AnyActorRef, _h: ReturnType<typeof deferred>, state: string) => {
      const s = actor.getSnapshot();
      expect(selectActionBusy(s), `busy in ${state}`).toBe(state === 'running');
      expect(s.context.running !== null).toBe(state === 'running');
    };
    for (const path of [...shortestPaths(entry), ...transitionCover(entry)]) await replay('web-hooks/webhook-actions', path, build, check);
  });
});
