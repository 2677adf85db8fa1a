/**
 * The durable job queue: background work that must survive a crash, a restart
 * and several API processes on one database (ongoing monitoring today; bulk
 * search, feed polling and web hook delivery next). Built on pg-boss, which
 * keeps its jobs in its own schema (`pgboss`) of the same database, PGlite or
 * Postgres; why pg-boss: docs/decisions.md, "Job queue".
 *
 * - A job is enqueued through the caller's transaction (`enqueue(tx, ...)`), so
 *   it exists exactly when the change that causes it is committed.
 * - Each kind has one handler and its own retry policy (exponential backoff up
 *   to a maximum number of attempts); a job that exhausts them stays `failed`
 *   for an operator (`npm run jobs -- failed`, `npm run jobs -- retry <id>`).
 * - A running job holds a lease renewed by heartbeats; when its process dies
 *   (kill -9) the lease lapses and a worker anywhere claims it again. A job is
 *   claimed with `FOR UPDATE SKIP LOCKED`, so two processes never run it at once.
 * - A handler reports progress (done, total, message) into job_progress, which
 *   anyone can read by job id and which is also emitted as a `progress` event.
 */
import { EventEmitter } from 'node:events';
import { fromPglite, PgBoss, type Db as IDatabase, type Job } from 'pg-boss';
import type { Db, Queryable } from '../db/client';
import type { Logger } from '../deps';

export const JOBS_SCHEMA = 'pgboss';

export interface JobKindOptions {
  /** Attempts after the first before the job is kept as failed (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry; each later retry waits about twice as long (default 5). */
  retryDelaySeconds?: number;
  /** The longest wait between retries (default 15 minutes). */
  retryDelayMaxSeconds?: number;
  /** How long a job may go without a heartbeat before it is taken as dead (default 30, at least 10). */
  leaseSeconds?: number;
  /** The longest one attempt may run (default 15 minutes). */
  maxRunSeconds?: number;
  /**
   * `singleton` runs one job of the kind at a time; `stately` also keeps at most one queued, so a
   * recurring job enqueued again while one waits is dropped (send answers null). Default `standard`.
   */
  policy?: 'standard' | 'singleton' | 'stately';
  /**
   * Seconds between a worker's looks for jobs of this kind, overriding work()'s pollingSeconds (at least 0.5).
   * pg-boss waits this long after each job that took less, so a kind split into many short jobs (bulk search's
   * chunks) polls more often than the default.
   */
  pollingSeconds?: number;
}

export interface RunningJob<T> {
  id: string;
  kind: string;
  data: T;
  /** 0 on the first attempt; a claim after a crash or a failure counts as a new attempt. */
  attempt: number;
  /** Aborted when the queue stops or the job's lease is lost. */
  signal: AbortSignal;
  /** Stores progress on the database's own connection: on PGlite, call it outside any transaction the handler holds. */
  progress(done: number, total?: number | null, message?: string | null): Promise<void>;
}

export type JobHandler<T> = (job: RunningJob<T>) => Promise<unknown>;

export interface JobProgress {
  done: number;
  total: number | null;
  message: string | null;
  updated_at: string;
}

export interface JobStatus {
  id: string;
  kind: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  attempts: number;
  data: unknown;
  /** What the handler returned, or the last error ({ message, stack }). */
  output: unknown;
  created_at: string;
  finished_at: string | null;
  progress: JobProgress | null;
}

export interface EnqueueOptions {
  /** With policy `stately`/`singleton`, jobs of one kind and key are deduplicated or serialised. */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface WorkOptions {
  /** Seconds between polls for new jobs (default 2, at least 0.5). */
  pollingSeconds?: number;
  /** Jobs of each kind this process runs at once (default 1). */
  concurrency?: number;
  /** Seconds between checks for lapsed leases (default 10). */
  superviseSeconds?: number;
}

/** An attempt's end as its handler returned or threw (stored in the job's state a moment later): completed, retry or failed (kept for an operator). */
export interface JobSettled {
  id: string;
  kind: string;
  attempt: number;
  outcome: 'completed' | 'retry' | 'failed';
  error?: string;
}

export interface JobQueue {
  /** True once start() has finished: jobs can be enqueued. */
  readonly started: boolean;
  /** Declares a kind and its handler; call before start(). */
  define<T>(kind: string, options: JobKindOptions, handler: JobHandler<T>): void;
  /** Installs or migrates pg-boss's schema and the declared kinds. Call before any enqueue. */
  start(): Promise<void>;
  /** Adds a job through the caller's transaction (or the database); null when deduplicated away. */
  enqueue<T extends object>(tx: Queryable, kind: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** Starts running every declared kind in this process; resolves once the workers are polling. */
  work(options?: WorkOptions): Promise<void>;
  /** Runs jobs that are due now in this process until none is left (tests, command-line tools). */
  runDue(kinds?: string[]): Promise<number>;
  status(id: string): Promise<JobStatus | undefined>;
  failed(limit?: number): Promise<JobStatus[]>;
  /** Puts a failed job back in the queue; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
  /** Stops polling and waits for jobs under way (up to timeoutMs), so the database is not closed beneath them. */
  stop(timeoutMs?: number): Promise<void>;
  readonly events: EventEmitter<{ progress: [{ id: string; kind: string } & JobProgress]; settled: [JobSettled] }>;
}

/** pg-boss's database interface over our driver's own handle, so it shares the server's pool or PGlite instance. */
function bossDatabase(db: Db): { database: IDatabase; backend: 'pglite' | 'postgres' } {
  const native = db.native;
  if (!native) throw new Error('the job queue needs a database opened by server/db/client.ts');
  if (native.kind === 'pglite') return { database: fromPglite(native.pglite as Parameters<typeof fromPglite>[0]), backend: 'pglite' };
  const pool = native.pool;
  // A script of several statements answers one result per statement; pg-boss unwraps that array itself.
  return { database: { executeSql: (text, values) => pool.query(text, values as unknown[]) as any }, backend: 'postgres' };
}

/** A transaction (or the database) as pg-boss's interface, for one statement at a time. */
const through = (tx: Queryable): IDatabase => ({
  async executeSql(text, values) {
    return { rows: await tx.query(text, values) };
  },
});

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createJobQueue(db: Db, log: Logger): JobQueue {
  let connection: ReturnType<typeof bossDatabase> | undefined;
  const kinds = new Map<string, { options: JobKindOptions; handler: JobHandler<any> }>();
  const events: JobQueue['events'] = new EventEmitter();
  let producer: PgBoss | undefined;
  let worker: PgBoss | undefined;
  let started: Promise<void> | undefined;
  let ready = false;
  // Jobs fetched by runDue() carry no signal of their own; they are told when the queue stops.
  let stopping = new AbortController();

  const newBoss = (supervise: boolean, superviseSeconds = 10) => {
    connection ??= bossDatabase(db);
    const boss = new PgBoss({
      db: connection.database,
      backend: connection.backend,
      schema: JOBS_SCHEMA,
      supervise,
      superviseIntervalSeconds: superviseSeconds,
      monitorIntervalSeconds: superviseSeconds,
      // Our own cron and scheduling stay off: recurring work is enqueued by the areas that own it.
      schedule: false,
    });
    boss.on('error', (error) => log.warn(`job queue: ${errorText(error)}`));
    return boss;
  };

  async function setProgress(id: string, kind: string, done: number, total: number | null | undefined, message: string | null | undefined) {
    const row = await db.one<{ updated_at: Date }>(
      `INSERT INTO job_progress (job_id, kind, done, total, message, updated_at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (job_id) DO UPDATE SET done = EXCLUDED.done, total = EXCLUDED.total, message = EXCLUDED.message, updated_at = now()
       RETURNING updated_at`,
      [id, kind, done, total ?? null, message ?? null],
    );
    events.emit('progress', { id, kind, done, total: total ?? null, message: message ?? null, updated_at: new Date(row!.updated_at).toISOString() });
  }

  /** Runs one claimed job; pg-boss completes it when this resolves and fails (or retries) it when it throws. */
  async function run(job: Job<any>, retryLimit: number) {
    const kind = kinds.get(job.name);
    if (!kind) throw new Error(`no handler for job kind ${job.name}`);
    const running: RunningJob<any> = {
      id: job.id,
      kind: job.name,
      data: job.data,
      attempt: job.retryCount,
      signal: job.signal ?? stopping.signal,
      progress: (done, total, message) => setProgress(job.id, job.name, done, total, message),
    };
    try {
      const output = await kind.handler(running);
      events.emit('settled', { id: job.id, kind: job.name, attempt: job.retryCount, outcome: 'completed' });
      return output;
    } catch (error) {
      const outcome = job.retryCount >= retryLimit ? 'failed' : 'retry';
      log.warn(`job ${job.name} ${job.id} attempt ${job.retryCount + 1} failed${outcome === 'retry' ? ', will retry' : ''}: ${errorText(error)}`);
      events.emit('settled', { id: job.id, kind: job.name, attempt: job.retryCount, outcome, error: errorText(error) });
      throw error;
    }
  }

  const retryLimitOf = (kind: string) => kinds.get(kind)?.options.retryLimit ?? 5;

  async function statusRows(where: string, params: unknown[], limit: number): Promise<JobStatus[]> {
    const rows = await db.query(
      `SELECT j.id, j.name, j.state, j.retry_count, j.data, j.output, j.created_on, j.completed_on,
              p.done, p.total, p.message, p.updated_at
         FROM ${JOBS_SCHEMA}.job j LEFT JOIN job_progress p ON p.job_id = j.id
        WHERE ${where} ORDER BY j.created_on DESC LIMIT ${limit}`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.name,
      state: r.state,
      attempts: r.retry_count + (r.state === 'created' ? 0 : 1),
      data: r.data,
      output: r.output,
      created_at: new Date(r.created_on).toISOString(),
      finished_at: r.completed_on ? new Date(r.completed_on).toISOString() : null,
      progress: r.updated_at ? { done: r.done, total: r.total, message: r.message, updated_at: new Date(r.updated_at).toISOString() } : null,
    }));
  }

  const queue: JobQueue = {
    events,
    get started() {
      return producer !== undefined && ready;
    },
    define(kind, options, handler) {
      if (started) throw new Error(`job kind ${kind} declared after the queue started`);
      kinds.set(kind, { options, handler });
    },
    start() {
      started ??= (async () => {
        producer = newBoss(false);
        await producer.start();
        for (const [kind, { options }] of kinds) {
          const queueOptions = {
            policy: options.policy ?? 'standard',
            retryLimit: options.retryLimit ?? 5,
            retryDelay: options.retryDelaySeconds ?? 5,
            retryBackoff: true,
            retryDelayMax: options.retryDelayMaxSeconds ?? 15 * 60,
            heartbeatSeconds: Math.max(10, options.leaseSeconds ?? 30),
            expireInSeconds: options.maxRunSeconds ?? 15 * 60,
          };
          // A kind whose policy changed in code is updated in place; the fixed parts (policy, lease) need a new kind name.
          if (await producer.getQueue(kind)) {
            const { policy: _policy, heartbeatSeconds: _lease, retryDelayMax: _max, ...changeable } = queueOptions;
            await producer.updateQueue(kind, changeable);
          } else await producer.createQueue(kind, queueOptions);
        }
        ready = true;
      })();
      return started;
    },
    async enqueue(tx, kind, data, options = {}) {
      if (!producer || !ready) throw new Error('job queue not started: call start() before enqueueing');
      if (!kinds.has(kind)) throw new Error(`unknown job kind ${kind}`);
      return producer.send(kind, data, {
        db: through(tx),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    async work(options = {}) {
      await queue.start();
      if (worker) return;
      worker = newBoss(true, options.superviseSeconds ?? 10);
      await worker.start();
      for (const kind of kinds.keys()) {
        const limit = retryLimitOf(kind);
        const pollingSeconds = Math.max(0.5, kinds.get(kind)!.options.pollingSeconds ?? options.pollingSeconds ?? 2);
        await worker.work(kind, { batchSize: 1, pollingIntervalSeconds: pollingSeconds, localConcurrency: options.concurrency ?? 1 }, ([job]) => run(job, limit));
      }
    },
    async runDue(only) {
      await queue.start();
      let ran = 0;
      for (;;) {
        let any = false;
        for (const kind of only ?? [...kinds.keys()]) {
          const [job] = await producer!.fetch<any>(kind, { batchSize: 1 });
          if (!job) continue;
          any = true;
          ran += 1;
          const attempt = { id: job.id, retryCount: job.retryCount };
          // work() renews the lease by itself; a job fetched by hand renews it here.
          const lease = setInterval(() => void producer?.touch(kind, attempt).catch(() => undefined), ((job.heartbeatSeconds ?? 30) * 1000) / 2);
          try {
            const output = await run(job, retryLimitOf(kind));
            await producer!.complete(kind, attempt, output && typeof output === 'object' ? output : null);
          } catch (error) {
            await producer!.fail(kind, attempt, { message: errorText(error) });
          } finally {
            clearInterval(lease);
          }
        }
        if (!any) return ran;
      }
    },
    async status(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      return (await statusRows('j.id = $1', [id], 1))[0];
    },
    failed(limit = 100) {
      return statusRows(`j.state = 'failed'`, [], Math.max(1, Math.min(1000, Math.floor(limit))));
    },
    async retry(id) {
      const job = await queue.status(id);
      if (!job || job.state !== 'failed') return false;
      await queue.start();
      const result = await producer!.retry(job.kind, id);
      return ((result as { affected?: number }).affected ?? 0) > 0;
    },
    async stop(timeoutMs = 30_000) {
      stopping.abort();
      stopping = new AbortController();
      // Workers first, waiting for the jobs under way; then the producer.
      await worker?.stop({ graceful: true, timeout: timeoutMs, close: false });
      worker = undefined;
      if (started) await started.catch(() => undefined);
      await producer?.stop({ graceful: true, timeout: timeoutMs, close: false });
      producer = undefined;
      started = undefined;
      ready = false;
    },
  };
  return queue;
}
