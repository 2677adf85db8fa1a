/**
 * The databases every database test runs against: embedded PGlite always, and
 * the Postgres server at 127.0.0.1:5432 when it answers (it does on the
 * development and CI machines). Each test file gets a fresh, empty database.
 */
import pg from 'pg';
import { openDatabase, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

let postgresReachable: Promise<boolean> | undefined;
export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    if (process.env.TEST_SKIP_POSTGRES === '1') return false;
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  })();
  return postgresReachable;
}

export type DatabaseKind = 'pglite' | 'postgres';

/** The kinds to run on. Postgres is included unless explicitly switched off, and a missing server fails loudly. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_SKIP_POSTGRES === '1' ? ['pglite'] : ['pglite', 'postgres'];

export interface TestDatabase {
  db: Db;
  url?: string;
  drop(): Promise<void>;
}

/** Creates an empty, migrated database of the given kind. */
export async function createTestDatabase(kind: DatabaseKind, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({});
    if (options.migrate !== false) await migrate(db);
    return { db, drop: () => db.close() };
  }
  if (!(await isPostgresReachable())) {
    throw new Error(`Postgres is not reachable at ${POSTGRES_ADMIN_URL}; set TEST_SKIP_POSTGRES=1 to run on PGlite only.`);
  }
  const name = `aml_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const db = await openDatabase({ databaseUrl: url });
  if (options.migrate !== false) await migrate(db);
  return {
    db,
    url,
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
