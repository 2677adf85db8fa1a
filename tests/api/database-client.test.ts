/** The database interface both drivers share: transactions and NOTIFY, and surviving a dropped connection. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../helpers/databases';

const nextPayload = (received: string[], count: number, timeoutMs = 5000) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (received.length >= count) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(poll);
        reject(new Error(`expected ${count} notifications, got ${received.length}`));
      }
    }, 20);
  });

describe.each(DATABASE_KINDS)('database client on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(() => database?.drop());

  it('rolls a transaction back when its function throws', async () => {
    await database.db.exec('CREATE TABLE tx_probe (n int)');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (1)');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await database.db.one('SELECT count(*)::int AS n FROM tx_probe'))!.n).toBe(0);
  });

  it('delivers NOTIFY payloads to every listener of the channel', async () => {
    const first: string[] = [];
    const second: string[] = [];
    await database.db.listen('probe_channel', (p) => first.push(p));
    const stop = await database.db.listen('probe_channel', (p) => second.push(p));
    await database.db.notify('probe_channel', 'one');
    await nextPayload(second, 1);
    await stop();
    await database.db.notify('probe_channel', 'two');
    await nextPayload(first, 2);
    expect(first).toEqual(['one', 'two']);
    expect(second).toEqual(['one']);
  });
});

// Only a server can drop a connection; PGlite runs in this process.
describe.each(DATABASE_KINDS.filter((k) => k === 'postgres'))('database client on %s, when the connection drops', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(() => database?.drop());

  it('listens again after the server drops the listening connection', async () => {
    const received: string[] = [];
    await database.db.listen('reconnect_channel', (p) => received.push(p));
    // Terminate this database's LISTEN backend from outside, as a server restart or an administrator would.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'",
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The client reconnects within about a second; keep notifying until a message gets through,
    // with a deadline a slow machine will not reach.
    const deadline = Date.now() + 45_000;
    while (received.length === 0 && Date.now() < deadline) {
      await database.db.notify('reconnect_channel', 'after-restart');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(received[0]).toBe('after-restart');
  }, 60_000);
});
