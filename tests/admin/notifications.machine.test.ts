/** The notifications panel's long-lived statechart: following the user, tabs, live arrivals, marking read in the background. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { NotificationView } from '../../common/notifications';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
import { deferredCalls, failure, flush } from './harness';

const item = (id: string, is_read = false): NotificationView => ({ id, kind: 'case_assigned', params: { ref: id, by: 'Ada' }, link: `/case/${id}`, is_read, created_at: '2026-01-01T00:00:00Z' });

function panel() {
  const calls = deferredCalls(['load', 'markRead', 'markAllRead'] as const);
  const actor = createActor(notificationsMachine.provide({ actors: calls.actors }), { input: { pageSize: 2 } }).start();
  return { actor, ...calls };
}

async function started() {
  const h = panel();
  h.actor.send({ type: 'START', userId: 'u1' });
  await h.settle('load', { output: { data: [item('a'), item('b', true)], total: 3, unread_count: 2 } });
  return h;
}

describe('notifications machine', () => {
  it('stays off until a user signs in, then loads the first page of All', async () => {
    const h = panel();
    expect(h.actor.getSnapshot().value).toBe('off');
    h.actor.send({ type: 'RELOAD' });
    expect(h.calls).toEqual([]);
    h.actor.send({ type: 'START', userId: 'u1' });
    expect(h.calls[0]).toEqual({ name: 'load', input: { tab: 'all', page: 1, pageSize: 2 } });
    await h.settle('load', { output: { data: [item('a')], total: 1, unread_count: 1 } });
    expect(h.actor.getSnapshot().value).toEqual({ on: 'ready' });
    expect(h.actor.getSnapshot().context).toMatchObject({ unreadCount: 1, total: 1 });
    // The same user again changes nothing; another user starts afresh.
    h.actor.send({ type: 'START', userId: 'u1' });
    expect(h.calls).toHaveLength(1);
    h.actor.send({ type: 'START', userId: 'u2' });
    expect(h.actor.getSnapshot().context).toMatchObject({ userId: 'u2', items: [], unreadCount: 0 });
    expect(h.calls).toHaveLength(2);
  });

  it('puts a live notification on top and counts it, once', async () => {
    const h = await started();
    h.actor.send({ type: 'RECEIVED', notification: item('c') });
    h.actor.send({ type: 'RECEIVED', notification: item('c') });
    expect(h.actor.getSnapshot().context.items.map((n) => n.id)).toEqual(['c', 'a', 'b']);
    expect(h.actor.getSnapshot().context).toMatchObject({ unreadCount: 3, total: 4 });
  });

  it('marks read at once on screen and confirms in the background; a failed request reloads the truth', async () => {
    const h = await started();
    h.actor.send({ type: 'MARK_READ', id: 'a' });
    expect(h.actor.getSnapshot().context.items[0].is_read).toBe(true);
    expect(h.actor.getSnapshot().context.unreadCount).toBe(1);
    expect(h.calls.at(-1)).toEqual({ name: 'markRead', input: { id: 'a' } });
    // Already read: nothing to send.
    h.actor.send({ type: 'MARK_READ', id: 'b' });
    expect(h.calls.filter((c) => c.name === 'markRead')).toHaveLength(1);
    await h.settle('markRead', { error: failure(500, 'Something went wrong. Please try again.', 'server_error') });
    expect(h.actor.getSnapshot().value).toEqual({ on: 'loading' });
    await h.settle('load', { output: { data: [item('a'), item('b', true)], total: 3, unread_count: 2 } });
    expect(h.actor.getSnapshot().context.unreadCount).toBe(2);
  });

  it('marks all read, and does nothing when nothing is unread', async () => {
    const h = await started();
    h.actor.send({ type: 'MARK_ALL_READ' });
    expect(h.actor.getSnapshot().context.items.every((n) => n.is_read)).toBe(true);
    expect(h.actor.getSnapshot().context.unreadCount).toBe(0);
    await h.settle('markAllRead', { output: { unread_count: 0 } });
    expect(h.actor.getSnapshot().value).toEqual({ on: 'ready' });
    h.actor.send({ type: 'MARK_ALL_READ' });
    expect(h.calls.filter((c) => c.name === 'markAllRead')).toHaveLength(1);
  });

  it('switches to Unread, loads older pages without repeating, and reloads when another tab read something', async () => {
    const h = await started();
    h.actor.send({ type: 'LOAD_MORE' });
    expect(h.calls.at(-1)).toEqual({ name: 'load', input: { tab: 'all', page: 2, pageSize: 2 } });
    await h.settle('load', { output: { data: [item('b', true), item('z')], total: 3, unread_count: 2 } });
    expect(h.actor.getSnapshot().context.items.map((n) => n.id)).toEqual(['a', 'b', 'z']);
    h.actor.send({ type: 'LOAD_MORE' });
    expect(h.actor.getSnapshot().value).toEqual({ on: 'ready' });
    h.actor.send({ type: 'TAB', tab: 'unread' });
    expect(h.calls.at(-1)).toEqual({ name: 'load', input: { tab: 'unread', page: 1, pageSize: 2 } });
    await h.settle('load', { output: { data: [item('a')], total: 2, unread_count: 2 } });
    h.actor.send({ type: 'COUNT_CHANGED', unreadCount: 2 });
    expect(h.actor.getSnapshot().value).toEqual({ on: 'ready' });
    h.actor.send({ type: 'COUNT_CHANGED', unreadCount: 0 });
    expect(h.actor.getSnapshot().value).toEqual({ on: 'loading' });
    h.actor.send({ type: 'STOP' });
    expect(h.actor.getSnapshot()).toMatchObject({ value: 'off', context: { userId: null, items: [] } });
    await flush();
  });
});
