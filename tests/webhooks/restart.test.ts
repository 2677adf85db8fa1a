/**
 * A server restart during a delivery's retries loses nothing (docs/webhooks.md, "Delivery"): the first
 * attempt fails, the server stops while the retry waits, a new server starts on the same database (PGlite's
 * data directory, or the Postgres database) and sends the retry, which the receiver verifies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/client';
import { createDeps, prepareDatabase } from '../../server/start';
import { ADMIN, testScreeningEngine } from '../helpers/app';
import { DATABASE_KINDS, POSTGRES_ADMIN_URL } from '../helpers/databases';
import { eventually, startReceiver } from './receiver';

const quiet = { info: () => {}, warn: () => {}, error: (m: string) => console.error(m) };

/** A server's services and HTTP app on an existing database, with its job workers running, as startServer has them. */
async function startOn(config: Config, db: Db) {
  await prepareDatabase(config, db);
  const deps = createDeps(config, db, quiet, { screening: testScreeningEngine() });
  const app = await buildApp(deps);
  await app.ready();
  await deps.jobs.start();
  await deps.jobs.work({ pollingSeconds: 0.5 });
  return {
    deps,
    app,
    async stop() {
      await deps.jobs.stop();
      await app.close();
      await db.close();
    },
  };
}

describe.each(DATABASE_KINDS)('a restart during web hook retries on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aml-webhook-restart-'));
  const dbName = `aml_hooks_${process.pid}_${Date.now().toString(36)}`;
  const url = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const open = () => (kind === 'pglite' ? openDatabase({ dataDir: join(dataDir, 'pglite') }) : openDatabase({ databaseUrl: url }));

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('sends the retry the stopped server had scheduled once a new one starts', async () => {
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
    }
    const receiver = await startReceiver();
    // Down for the first attempt, up afterwards.
    receiver.script('/hook', (n) => (n === 0 ? { status: 503, body: 'restarting' } : { status: 200, body: 'ok' }));
    // The retry waits 3 s: long enough to stop the first server before it is due.
    const config: Config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
      serveStatic: false,
      outboundAllow: '127.0.0.1',
      webhookRetrySchedule: [0, 3],
    };
    try {
      const first = await startOn(config, await open());
      const call = async (method: 'GET' | 'POST', path: string, body?: object, token?: string) =>
        (await first.app.inject({ method, url: path, payload: body as any, headers: token ? { authorization: `Bearer ${token}` } : {} })).json();
      const token = (await call('POST', '/api/login', ADMIN)).access_token;
      receiver.keys.current = (await call('POST', '/api/create-webhook-key', { password: ADMIN.password }, token)).secret_key;
      const hook = await call('POST', '/api/webhook', { name: 'Restart receiver', endpoint: `${receiver.url}/hook`, type: 'update' }, token);
      const deliveryId = (await call('POST', '/api/test-webhook', { webhook_id: hook.webhook._id }, token)).delivery._id as string;
      await receiver.waitFor((r) => r.path === '/hook');
      // The failed attempt is recorded with its retry scheduled; then the server stops.
      await eventually(() => first.deps.db.one("SELECT 1 FROM webhook_deliveries WHERE id = $1 AND attempts = 1 AND status = 'pending'", [deliveryId]));
      await first.stop();
      expect(receiver.requests).toHaveLength(1);

      const second = await startOn(config, await open());
      try {
        const retried = await receiver.waitFor((r) => r.path === '/hook' && receiver.requests.indexOf(r) === 1, 20_000);
        expect(retried.verified.current).toMatchObject({ ok: true });
        expect(retried.headers['webhook-id']).toBe(receiver.requests[0].headers['webhook-id']);
        const row = await eventually(() => second.deps.db.one("SELECT status, attempts FROM webhook_deliveries WHERE id = $1 AND status <> 'pending'", [deliveryId]));
        expect(row).toEqual({ status: 'delivered', attempts: 2 });
        expect(receiver.requests).toHaveLength(2);
      } finally {
        await second.stop();
      }
    } finally {
      await receiver.close();
    }
  }, 90_000);
});
