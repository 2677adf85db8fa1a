/**
 * The app a benchmark measures through its API: a scratch database of the chosen kind (PGlite in a data
 * directory of its own, as the default start runs it, or a new database on the Postgres server),
 * prepared and seeded as at first start, the app with its job workers, and the seeded administrator's
 * token. `close()` stops it all and drops the database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import type { ScreeningEngine } from '../server/screening';
import { createDeps, prepareDatabase } from '../server/start';

export type BenchDatabaseKind = 'pglite' | 'postgres';

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin(sql: string) {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function scratchDatabase(kind: BenchDatabaseKind, label: string): Promise<{ db: Db; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openDatabase({ dataDir: join(mkdtempSync(join(tmpdir(), `aml-bench-${label}-`)), 'pglite') });
    return { db, drop: () => db.close() };
  }
  const name = `aml_bench_${label}_${process.pid}_${Date.now().toString(36)}`;
  await withAdmin(`CREATE DATABASE ${name}`);
  const db = await openDatabase({ databaseUrl: POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`) });
  return {
    db,
    async drop() {
      await db.close();
      await withAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function startBenchApp(kind: BenchDatabaseKind, label: string, engine: ScreeningEngine) {
  const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), `aml-bench-${label}-`)), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), serveStatic: false };
  const scratch = await scratchDatabase(kind, label);
  const db = scratch.db;
  await prepareDatabase(config, db);
  const deps = createDeps(config, db, { info: () => {}, warn: () => {}, error: console.error }, { screening: engine });
  const app = await buildApp(deps);
  await app.ready();
  await deps.jobs.start();
  const close = async () => {
    await deps.jobs.stop();
    await app.close();
    await scratch.drop();
  };
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: config.adminEmail, password: config.adminPassword } });
    return { config, db, deps, app, token: login.json().access_token as string, close };
  } catch (error) {
    await close();
    throw error;
  }
}
