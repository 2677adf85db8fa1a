/**
 * A whole API (real database, real SMTP) for integration tests, driven with
 * Fastify's inject. One per test file and database kind.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { Deps } from '../../server/deps';
import { registerRoutes, type ApiRoute } from '../../server/http/routes';
import { createDeps, prepareDatabase } from '../../server/start';
import { createScreeningEngine, type ScreeningEngine } from '../../server/screening';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases';
import { startSmtpServer, type TestSmtpServer } from './smtp';

export const ADMIN = { email: 'admin@example.com', password: 'Admin-2026!' };
export const ANALYST = { email: 'analyst@example.com', password: 'Analyst-2026!' };
export const PLAN_ADMIN = { email: 'planadmin@example.com', password: 'Planadmin-2026!' };
export const DEMO = { email: 'demo@example.com', password: 'Demo-2026!' };

/** Tokens of the three seeded accounts most API tests act as. */
export async function seededTokens(t: TestApp) {
  return { admin: await t.login(ADMIN), analyst: await t.login(ANALYST), planAdmin: await t.login(PLAN_ADMIN) };
}

/** The id of a role by its name, in the organisation with this slug (seeded: northwind, harbour). */
export async function roleIdByName(t: TestApp, name: string, organisationSlug = 'northwind') {
  const row = await t.deps.db.one('SELECT r.id FROM roles r JOIN organisations o ON o.id = r.organisation_id WHERE r.name = $1 AND o.slug = $2', [name, organisationSlug]);
  return row!.id as string;
}

const quietLog = { info: () => {}, warn: () => {}, error: (m: string) => console.error(m) };

/**
 * Lists the test apps screen against: two small real lists (UN Security Council
 * sanctions and US Congress PEPs, about 1,600 entities) load in about 2 s, where
 * all lists take about 8 s; TEST_LISTS=all uses every list.
 */
export const TEST_LISTS = process.env.TEST_LISTS === 'all' ? undefined : ['un_sc_consolidated', 'pep_us_congress'];

/**
 * A screening engine that starts loading on first use, so test files that never
 * screen pay nothing. Module scope is per test file in vitest, so every app of a
 * file (PGlite and Postgres) shares one engine.
 */
function lazyEngine(create: () => ScreeningEngine): ScreeningEngine {
  let engine: ScreeningEngine | undefined;
  const get = () => (engine ??= create());
  return {
    ready: () => get().ready(),
    status: () => (engine ? engine.status() : { state: 'loading', lists: [] }),
    screen: (query) => get().screen(query),
    screenBatch: (queries, onProgress) => get().screenBatch(queries, onProgress),
    getEntity: (id) => get().getEntity(id),
    wordWeights: () => engine?.wordWeights(),
    refresh: (listId) => get().refresh(listId),
    onUpdate: (listener) => get().onUpdate(listener),
    loadHistory: (listId) => get().loadHistory(listId),
    warmWorkers: () => get().warmWorkers(),
    close: async () => {
      await engine?.close();
      engine = undefined;
    },
  };
}

let sharedEngine: ScreeningEngine | undefined;
export function testScreeningEngine(): ScreeningEngine {
  sharedEngine ??= lazyEngine(() => createScreeningEngine({ listsDir: loadConfig({}).listsDir, lists: TEST_LISTS, workers: 1 }));
  return sharedEngine;
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  smtp: TestSmtpServer;
  database: TestDatabase;
  config: Config;
  /** inject() with JSON body and an optional bearer token; the answer's JSON is parsed. */
  call(method: InjectOptions['method'], url: string, options?: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  login(account: { email: string; password: string }): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(kind: DatabaseKind, overrides: Partial<Config> = {}, extraRoutes: ApiRoute[] = [], options: { screening?: ScreeningEngine } = {}): Promise<TestApp> {
  const smtp = await startSmtpServer();
  const database = await createTestDatabase(kind, { migrate: false });
  const config: Config = {
    ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aml-test-')), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
    smtpUrl: smtp.url,
    serveStatic: false,
    publicUrl: 'http://app.test',
    ...overrides,
  };
  await prepareDatabase(config, database.db);
  const deps = createDeps(config, database.db, quietLog, { screening: options.screening ?? testScreeningEngine() });
  // The queue is ready for enqueueing, but no worker runs: a test runs jobs itself (deps.jobs.runDue() or work()), so what ran when is up to it.
  await deps.jobs.start();
  const app = await buildApp(deps);
  registerRoutes(app, deps, extraRoutes);
  await app.ready();

  const call: TestApp['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress: options.ip ?? '127.0.0.1',
      ...(options.body !== undefined ? { payload: options.body as any } : {}),
    });
    let body: any = response.body;
    try {
      body = response.json();
    } catch {
      // not JSON
    }
    return { status: response.statusCode, body, headers: response.headers };
  };

  return {
    app,
    deps,
    smtp,
    database,
    config,
    call,
    async login(account) {
      const answer = await call('POST', '/api/login', { body: account });
      if (answer.status !== 200 || !answer.body.access_token) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
      return answer.body.access_token as string;
    },
    async close() {
      await app.close();
      await deps.jobs.stop();
      await database.drop();
      await smtp.close();
    },
  };
}
