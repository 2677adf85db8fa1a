/**
 * The realtime socket against a real listening server and real socket.io
 * clients, on PGlite and Postgres: a socket hears its own organisation, user
 * and session only, never another organisation's events; and a socket lives no
 * longer than its session (logout, password reset, password change,
 * deactivation, deletion, the token's lifetime), while a role change keeps it
 * and tells it to refresh.
 */
import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '../../common/constants';
import { sha256 } from '../../server/auth/secrets';
import { insertUser } from '../../server/organisations/create';
import { rooms } from '../../server/realtime/bus';
import { attachSocketServer } from '../../server/realtime/socket';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, roleIdByName, type TestApp } from '../helpers/app';
import { linkIn } from '../helpers/smtp';

interface Heard {
  event: string;
  payload: any;
}

interface Client {
  socket: Socket;
  heard: Heard[];
  /** Set when the server closed the socket, with socket.io's reason. */
  closedBy: () => string | null;
  closedAt: () => number | null;
}

/** Polls until the condition holds; fails after `timeoutMs` with the description. */
async function until(condition: () => boolean | Promise<boolean>, description: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${description}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(DATABASE_KINDS)('realtime socket on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let sockets: Awaited<ReturnType<typeof attachSocketServer>>;
  const clients: Client[] = [];
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    sockets = await attachSocketServer(t.app.server, t.deps);
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.socket.disconnect();
  });
  afterAll(async () => {
    await sockets?.close();
    await t?.close();
  });

  function open(token: string | undefined): Promise<Client> {
    const socket = connectClient(url, { path: '/socket.io', auth: token === undefined ? {} : { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    const heard: Heard[] = [];
    let closedBy: string | null = null;
    let closedAt: number | null = null;
    socket.onAny((event, payload) => heard.push({ event, payload }));
    socket.on('disconnect', (reason) => {
      closedBy = reason;
      closedAt = Date.now();
    });
    const client: Client = { socket, heard, closedBy: () => closedBy, closedAt: () => closedAt };
    return new Promise((resolve, reject) => {
      socket.once('connect', () => {
        clients.push(client);
        resolve(client);
      });
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });
  }

  const idOf = async (email: string) => (await t.deps.db.one('SELECT id, organisation_id FROM users WHERE email = $1', [email]))!;
  const sessionOf = async (token: string) => (await t.deps.db.one('SELECT id FROM sessions WHERE token_hash = $1', [sha256(token)]))!.id as string;

  /** Publishes a marker to the session's room and waits until the socket hears it: proof it is still open, and that everything published before has been handled. */
  async function stillOpen(client: Client, token: string) {
    const marker = `marker-${++counter}`;
    await t.deps.realtime.publish({ room: rooms.session(await sessionOf(token)), event: 'marker', payload: marker });
    await until(() => client.heard.some((h) => h.event === 'marker' && h.payload === marker), `marker ${marker}`);
    expect(client.closedBy()).toBeNull();
  }

  async function newUser(prefix: string) {
    const email = `${prefix}.${++counter}@example.com`;
    const admin = await idOf(ADMIN.email);
    const id = await insertUser(t.deps.db, { organisationId: admin.organisation_id, roleId: await roleIdByName(t, 'Analyst'), name: 'Sam Socket', email, password: 'Socket-pass-1' });
    return { id, email, password: 'Socket-pass-1', credentials: { email, password: 'Socket-pass-1' } };
  }

  describe('isolation', () => {
    it("a socket never hears another organisation's events, nor another user's", async () => {
      const [adminToken, analystToken, harbourToken] = [await t.login(ADMIN), await t.login(ANALYST), await t.login(PLAN_ADMIN)];
      const [admin, analyst, harbour] = [await idOf(ADMIN.email), await idOf(ANALYST.email), await idOf(PLAN_ADMIN.email)];
      expect(admin.organisation_id).not.toBe(harbour.organisation_id);
      const northwindAdmin = await open(adminToken);
      const northwindAnalyst = await open(analystToken);
      const harbourAdmin = await open(harbourToken);

      // A client cannot talk its way into a room: the server takes no room from it.
      harbourAdmin.socket.emit('join', rooms.organisation(admin.organisation_id));
      harbourAdmin.socket.emit('subscribe', { room: rooms.user(admin.id) });

      // Events for both organisations, their users and their sessions, through the bus ...
      for (const [who, user] of [['northwind', admin], ['harbour', harbour]] as const) {
        await t.deps.realtime.publish({ room: rooms.organisation(user.organisation_id), event: 'probe', payload: { to: `${who} organisation` } });
        await t.deps.realtime.publish({ room: rooms.user(user.id), event: 'probe', payload: { to: `${who} administrator` } });
      }
      await t.deps.realtime.publish({ room: rooms.session(await sessionOf(adminToken)), event: 'probe', payload: { to: 'northwind administrator session' } });
      await t.deps.realtime.publish({ room: rooms.session(await sessionOf(harbourToken)), event: 'probe', payload: { to: 'harbour administrator session' } });
      // ... and from real calls of both organisations.
      for (const token of [adminToken, harbourToken]) {
        expect((await t.call('POST', '/api/edit-notification', { token, body: { all: true, is_read: true } })).status).toBe(200);
      }
      for (const user of [admin, harbour]) await t.deps.realtime.publish({ room: rooms.organisation(user.organisation_id), event: 'done' });
      await until(() => [northwindAdmin, northwindAnalyst, harbourAdmin].every((c) => c.heard.some((h) => h.event === 'done')), 'every socket hears its last event');

      const summary = (client: Client) => client.heard.map((h) => `${h.event}${h.payload?.to ? `: ${h.payload.to}` : ''}`).sort();
      expect(summary(northwindAdmin)).toEqual(
        ['done', SOCKET_EVENTS.notificationsChanged, 'probe: northwind administrator', 'probe: northwind administrator session', 'probe: northwind organisation'].sort(),
      );
      expect(summary(northwindAnalyst)).toEqual(['done', 'probe: northwind organisation']);
      expect(summary(harbourAdmin)).toEqual(
        ['done', SOCKET_EVENTS.notificationsChanged, 'probe: harbour administrator', 'probe: harbour administrator session', 'probe: harbour organisation'].sort(),
      );
      expect(analyst.organisation_id).toBe(admin.organisation_id);
    });

    it('refuses a socket without a token, with a forged one or with a revoked one', async () => {
      await expect(open(undefined)).rejects.toThrow();
      await expect(open('aml_forged-token-that-was-never-issued')).rejects.toThrow();
      const token = await t.login(ANALYST);
      expect((await t.call('POST', '/api/logout', { token })).status).toBe(200);
      await expect(open(token)).rejects.toThrow();
    });
  });

  describe('a socket lives no longer than its session', () => {
    it('logout closes that session\'s socket and leaves the user\'s other sessions open', async () => {
      const [first, second] = [await t.login(ANALYST), await t.login(ANALYST)];
      const [one, two] = [await open(first), await open(second)];
      expect((await t.call('POST', '/api/logout', { token: first })).status).toBe(200);
      await until(() => one.closedBy() !== null, 'the logged-out socket closes');
      expect(one.closedBy()).toBe('io server disconnect');
      await stillOpen(two, second);
    });

    it('a password reset closes every socket of the user', async () => {
      const user = await newUser('reset');
      const [first, second] = [await t.login(user.credentials), await t.login(user.credentials)];
      const [one, two] = [await open(first), await open(second)];
      const since = t.smtp.messages.length;
      expect((await t.call('POST', '/api/forgot-password', { body: { email: user.email } })).status).toBe(200);
      const token = new URL(linkIn(await t.smtp.waitFor(user.email, { since }), '/reset-password')).searchParams.get('token');
      expect((await t.call('POST', '/api/reset-password', { body: { token, password: 'Fresh-socket-2' } })).status).toBe(200);
      await until(() => one.closedBy() !== null && two.closedBy() !== null, 'both sockets close');
      expect([one.closedBy(), two.closedBy()]).toEqual(['io server disconnect', 'io server disconnect']);
    });

    it("changing one's password closes the other sessions' sockets, not this session's", async () => {
      const user = await newUser('change');
      const [here, elsewhere] = [await t.login(user.credentials), await t.login(user.credentials)];
      const [mine, other] = [await open(here), await open(elsewhere)];
      const changed = await t.call('POST', '/api/update-profile', { token: here, body: { current_password: user.password, new_password: 'Changed-socket-3' } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      await until(() => other.closedBy() !== null, "the other session's socket closes");
      await stillOpen(mine, here);
    });

    it('deactivating or deleting a user closes their sockets', async () => {
      const admin = await t.login(ADMIN);
      const [deactivated, deleted] = [await newUser('deactivated'), await newUser('deleted')];
      const a = await open(await t.login(deactivated.credentials));
      const b = await open(await t.login(deleted.credentials));
      expect((await t.call('POST', '/api/update-user', { token: admin, body: { user_id: deactivated.id, is_active: false } })).status).toBe(200);
      expect((await t.call('POST', '/api/delete-user', { token: admin, body: { user_id: deleted.id } })).status).toBe(200);
      await until(() => a.closedBy() !== null && b.closedBy() !== null, 'both sockets close');
    });

    it('a role change keeps the socket open and tells it to refresh the session', async () => {
      const admin = await t.login(ADMIN);
      const user = await newUser('promoted');
      const token = await t.login(user.credentials);
      const client = await open(token);
      const res = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, role_id: await roleIdByName(t, 'Administrator') } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await until(() => client.heard.some((h) => h.event === SOCKET_EVENTS.sessionChanged), 'session-changed');
      await stillOpen(client, token);
    });

    it("closes by itself when the token's lifetime is over", async () => {
      const usual = t.deps.config.tokenTtlMinutes;
      t.deps.config.tokenTtlMinutes = 0.05;
      let token: string;
      try {
        token = await t.login(ANALYST);
      } finally {
        t.deps.config.tokenTtlMinutes = usual;
      }
      const expiresAt = new Date((await t.deps.db.one('SELECT expires_at FROM sessions WHERE id = $1', [await sessionOf(token)]))!.expires_at).getTime();
      const client = await open(token);
      await until(() => client.closedBy() !== null, 'the expired socket closes', 30_000);
      expect(client.closedBy()).toBe('io server disconnect');
      // Not a moment before its time (the server's clock and this one are the same clock).
      expect(client.closedAt()!).toBeGreaterThanOrEqual(expiresAt - 5);
      await expect(open(token)).rejects.toThrow();
    });
  });
});
