/**
 * The loading statechart (machines/shared/resource.machine.ts) that screens
 * use for the data they show: idle, loading, loaded, failed; retry; a new
 * request loads at once and an answer for an older one never lands; the
 * previous data stays on screen while the next loads.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { requestKey, resourceMachine } from '../../machines/shared/resource.machine';
import { selectData, selectError, selectLoading } from '../../machines/shared/resource.selectors';
import type { ResourceRequest } from '../../machines/shared/resource.types';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A load actor whose answers the test gives, per call. */
function server() {
  const calls: { request: ResourceRequest; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const logic = fromPromise<unknown, ResourceRequest>(({ input }) => new Promise((resolve, reject) => calls.push({ request: input, resolve, reject })));
  return {
    logic,
    calls,
    answer: async (i: number, value: unknown) => (calls[i].resolve(value), flush()),
    fail: async (i: number, error: unknown) => (calls[i].reject(error), flush()),
  };
}

const results = (query: Record<string, unknown>): ResourceRequest => ({ path: '/search_result_filter', query: { reference: 'AML-1', ...query } });

function start(request: ResourceRequest | null) {
  const api = server();
  const actor = createActor(resourceMachine.provide({ actors: { load: api.logic } }), { input: { request } }).start();
  const view = () => {
    const s = actor.getSnapshot();
    return { data: selectData(s), loading: selectLoading(s), error: selectError(s)?.message ?? null };
  };
  return { api, actor, view };
}

describe('resource machine', () => {
  it('asks for nothing without a request, then loads when one comes', async () => {
    const { api, actor, view } = start(null);
    expect(view()).toEqual({ data: null, loading: false, error: null });
    expect(api.calls).toHaveLength(0);
    actor.send({ type: 'REQUEST', request: results({}) });
    expect(view().loading).toBe(true);
    await api.answer(0, { rows: 1 });
    expect(view()).toEqual({ data: { rows: 1 }, loading: false, error: null });
  });

  it('loads its first request at once and keeps the data while reloading', async () => {
    const { api, actor, view } = start(results({}));
    expect(api.calls.map((c) => c.request)).toEqual([results({})]);
    await api.answer(0, { rows: 1 });
    actor.send({ type: 'RELOAD' });
    expect(view()).toEqual({ data: { rows: 1 }, loading: true, error: null });
    await api.answer(1, { rows: 2 });
    expect(view()).toEqual({ data: { rows: 2 }, loading: false, error: null });
  });

  it('loads again only when the request really changes (the order of the query does not matter)', async () => {
    const { api, actor } = start({ path: '/x', query: { a: 1, b: 2 } });
    await api.answer(0, {});
    actor.send({ type: 'REQUEST', request: { path: '/x', query: { b: 2, a: 1 } } });
    expect(api.calls).toHaveLength(1);
    actor.send({ type: 'REQUEST', request: { path: '/x', query: { a: 1, b: 3 } } });
    expect(api.calls).toHaveLength(2);
    expect(requestKey({ path: '/x', query: { a: 1, b: undefined } })).toBe(requestKey({ path: '/x', query: { a: 1 } }));
  });

  it('never lets the answer to an older request overwrite the newer one', async () => {
    const { api, actor, view } = start(results({ sort_by: 'score' }));
    actor.send({ type: 'REQUEST', request: results({ sort_by: 'name' }) });
    await api.answer(1, { sorted: 'name' });
    await api.answer(0, { sorted: 'score' });
    expect(view().data).toEqual({ sorted: 'name' });
    expect(actor.getSnapshot().context.request).toEqual(results({ sort_by: 'name' }));
  });

  it('fails with the message, keeps the last data, and retries', async () => {
    const { api, actor, view } = start(results({}));
    await api.answer(0, { rows: 1 });
    actor.send({ type: 'RELOAD' });
    await api.fail(1, Object.assign(new Error('Please check your internet connection.'), { status: null, code: 'offline' }));
    expect(view()).toEqual({ data: { rows: 1 }, loading: false, error: 'Please check your internet connection.' });
    expect(actor.getSnapshot().context.error).toEqual({ status: null, message: 'Please check your internet connection.', code: 'offline' });
    actor.send({ type: 'RETRY' });
    expect(view()).toEqual({ data: { rows: 1 }, loading: true, error: null });
    await api.answer(2, { rows: 3 });
    expect(view()).toEqual({ data: { rows: 3 }, loading: false, error: null });
  });

  it('stops when the request goes (a drawer closed), keeping the data for when it reopens', async () => {
    const { api, actor, view } = start(results({}));
    await api.answer(0, { rows: 1 });
    actor.send({ type: 'REQUEST', request: null });
    expect(view()).toEqual({ data: { rows: 1 }, loading: false, error: null });
    actor.send({ type: 'RELOAD' });
    expect(api.calls).toHaveLength(1);
    actor.send({ type: 'REQUEST', request: results({}) });
    expect(view()).toEqual({ data: { rows: 1 }, loading: true, error: null });
    // An answer on its way when the drawer closes is dropped.
    actor.send({ type: 'REQUEST', request: null });
    await api.answer(1, { rows: 9 });
    expect(view().data).toEqual({ rows: 1 });
  });
});
