/**
 * One small database interface over two drivers: PGlite (embedded Postgres in
 * WASM, the default) and node-postgres (a real server through DATABASE_URL).
 * Everything above this file writes plain parameterised SQL ($1, $2, ...) and
 * never learns which driver it is talking to.
 */
import { mkdirSync } from 'node:fs';
import pg from 'pg';

export type Row = Record<string, any>;

export interface Queryable {
  /** Runs one statement and returns its rows. */
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs one statement and returns the first row, or undefined. */
  one<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside one transaction; a thrown error rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on a channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** The driver's own handle, for a library that must speak to it directly (the job queue, server/jobs). */
  readonly native?: { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: unknown };
}

// node-postgres returns int8 and numeric as strings to avoid precision loss; our
// counters and money columns stay far below 2^53, so numbers are what callers expect.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

/** How many distinct statement texts are prepared by name on each Postgres connection. */
const PREPARED_LIMIT = 500;

async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  // An idle connection the server drops (restart, admin termination) is reported here; without a
  // listener Node would treat it as an uncaught error and stop the process. The pool replaces the
  // connection on the next query, so logging is all that is needed.
  pool.on('error', (error) => console.warn(`postgres: idle connection lost: ${error.message}`));
  // Fail at start, with the driver's message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();

  // A statement with parameters is prepared once per connection under a name and then only bound and run:
  // Postgres skips parsing and, once it has seen it a few times, planning it (for the case list, half of its
  // cost). Statements whose text varies without end (values written into the text) would fill every
  // connection, so only the first PREPARED_LIMIT texts get a name; the rest run unnamed, as before.
  const statementNames = new Map<string, string>();
  const named = (sql: string, params: unknown[] | undefined): string | pg.QueryConfig => {
    if (!params?.length) return sql;
    let name = statementNames.get(sql);
    if (name === undefined && statementNames.size < PREPARED_LIMIT) statementNames.set(sql, (name = `aml_${statementNames.size}`));
    return name === undefined ? sql : { name, text: sql };
  };

  const wrap = (runner: { query: pg.Pool['query'] }): Queryable => ({
    async query(sql, params) {
      const result = await runner.query(named(sql, params), params as any[]);
      return result.rows;
    },
    async one(sql, params) {
      const result = await runner.query(named(sql, params), params as any[]);
      return result.rows[0];
    },
    async exec(sql) {
      await runner.query(sql);
    },
  });

  let listener: pg.PoolClient | undefined;
  let closed = false;
  let connecting: Promise<void> | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  // One connection holds every LISTEN. When the server drops it, a new one is opened and the
  // channels are listened to again, so realtime messages keep flowing after a database restart.
  async function connectListener() {
    const client = await pool.connect();
    client.on('notification', (msg) => handlers.get(msg.channel)?.forEach((h) => h(msg.payload ?? '')));
    client.on('error', (error) => {
      console.warn(`postgres: notification connection lost: ${error.message}`);
      if (listener !== client) return;
      listener = undefined;
      client.release(error);
      if (!closed) setTimeout(() => void connectListener().catch((e) => console.warn(`postgres: cannot listen again: ${e.message}`)), 1000);
    });
    for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    listener = client;
  }

  return {
    kind: 'postgres',
    native: { kind: 'postgres', pool },
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client as any));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (listener) await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      if (!listener) await (connecting ??= connectListener().finally(() => (connecting = undefined)));
      set.add(onPayload);
      return async () => {
        set!.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      listener?.release();
      listener = undefined;
      await pool.end();
    },
  };
}

async function openPglite(dataDir?: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });

  const wrap = (runner: { query: typeof db.query; exec: typeof db.exec }): Queryable => ({
    async query(sql, params) {
      const result = await runner.query(sql, params as any[]);
      return result.rows as any[];
    },
    async one(sql, params) {
      const result = await runner.query(sql, params as any[]);
      return result.rows[0] as any;
    },
    async exec(sql) {
      await runner.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    native: { kind: 'pglite', pglite: db },
    ...wrap(db),
    transaction(fn) {
      return db.transaction((tx) => fn(wrap(tx as any)));
    },
    async listen(channel, onPayload) {
      const unsubscribe = await db.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await db.close();
    },
  };
}
