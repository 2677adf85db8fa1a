/** The paged-list and one-request-dialog statecharts the administration screens run on. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dialogMachine } from '../../machines/shared/dialog.machine';
import { listMachine, type ListInput } from '../../machines/shared/list.machine';
import { deferredCalls, failure, flush } from './harness';

const page = (n: number, total: number) => ({ data: Array.from({ length: n }, (_, i) => ({ id: i })), total });

function list(input: ListInput = {}) {
  const calls = deferredCalls(['load'] as const);
  const actor = createActor(listMachine.provide({ actors: { load: calls.actors.load } }), { input }).start();
  return { actor, ...calls };
}

describe('list machine', () => {
  it('loads the first page, then keeps the rows on screen while the next page loads', async () => {
    const h = list({ pageSize: 2 });
    expect(h.calls[0].input).toEqual({ filters: {}, page: 1, pageSize: 2 });
    await h.settle('load', { output: page(2, 5) });
    expect(h.actor.getSnapshot().value).toBe('ready');
    expect(h.actor.getSnapshot().context).toMatchObject({ total: 5, loaded: true });
    h.actor.send({ type: 'PAGE', page: 3 });
    expect(h.actor.getSnapshot().value).toBe('loading');
    expect(h.actor.getSnapshot().context.rows).toHaveLength(2);
    expect(h.calls[1].input).toEqual({ filters: {}, page: 3, pageSize: 2 });
  });

  it('refuses a search without any filter when the screen requires one (users, section 5)', async () => {
    const h = list({ requireFilter: true });
    await h.settle('load', { output: page(1, 1) });
    h.actor.send({ type: 'SEARCH', filters: { name: '  ', email: '' } });
    expect(h.actor.getSnapshot().value).toBe('ready');
    expect(h.actor.getSnapshot().context.filterError).toBe('user_search_filter');
    expect(h.calls).toHaveLength(1);
    h.actor.send({ type: 'SEARCH', filters: { name: 'ada' } });
    expect(h.actor.getSnapshot().context.filterError).toBeNull();
    expect(h.calls[1].input).toMatchObject({ filters: { name: 'ada' }, page: 1 });
    await h.settle('load', { output: page(0, 0) });
    h.actor.send({ type: 'CLEAR' });
    expect(h.calls[2].input).toMatchObject({ filters: {}, page: 1 });
  });

  it('lets any search through when no filter is required', async () => {
    const h = list();
    await h.settle('load', { output: page(1, 1) });
    h.actor.send({ type: 'SEARCH', filters: { search: '' } });
    expect(h.calls).toHaveLength(2);
  });

  it('steps back to the last page that has rows when the current one went empty', async () => {
    const h = list({ pageSize: 10 });
    await h.settle('load', { output: page(10, 21) });
    h.actor.send({ type: 'PAGE', page: 3 });
    await h.settle('load', { output: page(0, 20) });
    expect(h.calls[2].input).toMatchObject({ page: 2 });
    await h.settle('load', { output: page(10, 20) });
    expect(h.actor.getSnapshot()).toMatchObject({ value: 'ready', context: { page: 2 } });
  });

  it('shows a failure and loads again on RELOAD', async () => {
    const h = list();
    await h.settle('load', { error: failure(500, 'Something went wrong. Please try again.', 'server_error') });
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.error).toMatchObject({ status: 500, code: 'server_error' });
    h.actor.send({ type: 'RELOAD' });
    await h.settle('load', { output: page(1, 1) });
    expect(h.actor.getSnapshot().context.error).toBeNull();
  });
});

describe('dialog machine', () => {
  function dialog() {
    const calls = deferredCalls(['submit'] as const);
    const actor = createActor(dialogMachine.provide({ actors: { submit: calls.actors.submit } })).start();
    const done: unknown[] = [];
    actor.on('done', (e) => done.push(e));
    return { actor, done, ...calls };
  }

  it('opens on a target, sends the values with it, closes and announces the outcome', async () => {
    const h = dialog();
    h.actor.send({ type: 'OPEN', target: { id: 'u1' } });
    expect(h.actor.getSnapshot().value).toEqual({ open: 'editing' });
    h.actor.send({ type: 'SUBMIT', values: { name: 'Ann' } });
    expect(h.calls[0].input).toEqual({ target: { id: 'u1' }, values: { name: 'Ann' } });
    // A request on its way cannot be abandoned.
    h.actor.send({ type: 'CLOSE' });
    expect(h.actor.getSnapshot().value).toEqual({ open: 'sending' });
    await h.settle('submit', { output: { code: 'user_updated' } });
    expect(h.actor.getSnapshot().value).toBe('closed');
    expect(h.done).toEqual([{ type: 'done', output: { code: 'user_updated' }, target: { id: 'u1' } }]);
  });

  it('keeps the dialog open with the message and field of a failure; editing clears it', async () => {
    const h = dialog();
    h.actor.send({ type: 'OPEN' });
    h.actor.send({ type: 'SUBMIT', values: {} });
    await h.settle('submit', { error: failure(409, 'An account with this e-mail already exists.', 'email_taken', 'email') });
    expect(h.actor.getSnapshot().value).toEqual({ open: 'editing' });
    expect(h.actor.getSnapshot().context).toMatchObject({ error: 'An account with this e-mail already exists.', errorCode: 'email_taken', errorField: 'email', target: null });
    h.actor.send({ type: 'EDIT' });
    expect(h.actor.getSnapshot().context.error).toBeNull();
    h.actor.send({ type: 'CLOSE' });
    expect(h.actor.getSnapshot().value).toBe('closed');
    expect(h.done).toEqual([]);
    // Opening again starts clean.
    h.actor.send({ type: 'OPEN', target: 'x' });
    expect(h.actor.getSnapshot().context).toMatchObject({ target: 'x', error: null, errorField: null });
    await flush();
  });
});
