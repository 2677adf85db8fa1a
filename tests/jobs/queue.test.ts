/**
 * The durable job queue (server/jobs/queue.ts) on PGlite and Postgres: a job
 * exists only if its transaction commits; failures are retried with growing
 * delays and then kept as failed for an operator, who can put them back;
 * progress is readable while a job runs; a job whose process is killed (-9) is
 * run again once its lease lapses; and two worker processes sharing one
 * Postgres database run each of many jobs exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { createJobQueue, type JobQueue, type JobSettled } from '../../server/jobs/queue';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../helpers/databases';
import { defineTestKinds, TEST_RUNS_TABLE } from './kinds';

const quiet = { info: () => {}, warn: () => {}, error: (m: string) => console.error(m) };
const CHILD = join(import.meta.dirname, 'worker-child.ts');

/** Resolves with the settled attempts of one job once `until` says enough have come. */
function settledOf(queue: JobQueue, id: () => string | null, until: (seen: (JobSettled & { at: number })[]) => boolean) {
  const seen: (JobSettled & { at: number })[] = [];
  return new Promise<(JobSettled & { at: number })[]>((resolve) => {
    const listener = (s: JobSettled) => {
      if (s.id !== id()) return;
      seen.push({ ...s, at: performance.now() });
      if (until(seen)) {
        queue.events.off('settled', listener);
        resolve(seen);
      }
    };
    queue.events.on('settled', listener);
  });
}

/** A worker process; resolves once it prints READY. */
async function startChild(options: { databaseUrl?: string; dataDir?: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: { match: RegExp; resolve: (line: string) => void }[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk) => {
    buffer += String(chunk);
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) if (w.match.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const waitFor = (match: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((l) => match.test(l));
      if (seen) return resolve(seen);
      waiters.push({ match, resolve });
      child.once('exit', (code) => reject(new Error(`worker exited (${code}) before printing ${match}`)));
    });
  await waitFor(/^READY$/);
  return { child, waitFor };
}

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
};

describe.each(DATABASE_KINDS)('the job queue on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let queue: JobQueue;
  let attemptsOfFlaky = 0;
  let failUntilAttempt = Infinity;
  let release: (() => void) | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    queue = createJobQueue(db, quiet);
    queue.define<{ x: number }>('test.plain', {}, async () => undefined);
    queue.define<{ x: number }>('test.flaky', { retryLimit: 2, retryDelaySeconds: 1 }, async (job) => {
      attemptsOfFlaky += 1;
      if (job.attempt < failUntilAttempt) throw new Error(`flaky failure ${job.attempt}`);
    });
    queue.define<{ total: number }>('test.progress', {}, async (job) => {
      await job.progress(3, job.data.total, 'three done');
      await new Promise<void>((r) => (release = r));
      await job.progress(job.data.total, job.data.total, 'all done');
    });
    queue.define<object>('test.recurring', { policy: 'stately' }, async () => undefined);
    await queue.start();
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await database?.drop();
  });

  it('adds a job only when the transaction that enqueues it commits', async () => {
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue(tx, 'test.plain', { x: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await db.one(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.plain'`))!.n).toBe(0);

    const id = await db.transaction((tx) => queue.enqueue(tx, 'test.plain', { x: 2 }));
    expect(await queue.status(id!)).toMatchObject({ kind: 'test.plain', state: 'created', data: { x: 2 } });
    expect(await queue.runDue(['test.plain'])).toBe(1);
    expect(await queue.status(id!)).toMatchObject({ state: 'completed' });
  });

  it('keeps one queued job of a recurring kind per key', async () => {
    const first = await queue.enqueue(db, 'test.recurring', {}, { singletonKey: 'sweep' });
    const second = await queue.enqueue(db, 'test.recurring', {}, { singletonKey: 'sweep' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    await queue.runDue(['test.recurring']);
    expect(await queue.enqueue(db, 'test.recurring', {}, { singletonKey: 'sweep' })).toBeTruthy();
  });

  it('retries a failing job with growing delays, keeps it as failed after the last attempt, and runs it again on request', async () => {
    attemptsOfFlaky = 0;
    failUntilAttempt = Infinity;
    let id: string | null = null;
    const settled = settledOf(queue, () => id, (seen) => seen.some((s) => s.outcome === 'failed'));
    await queue.work({ pollingSeconds: 0.5, superviseSeconds: 1 });
    id = await queue.enqueue(db, 'test.flaky', { x: 1 });
    const attempts = await settled;
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [0, 'retry'],
      [1, 'retry'],
      [2, 'failed'],
    ]);
    expect(attemptsOfFlaky).toBe(3);
    // Exponential backoff from 1 s: the first retry waits at least 1 s, the second at least 2 s.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(1000);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(2000);

    // The attempt is stored as failed just after its handler settles.
    await expect.poll(async () => (await queue.status(id!))?.state).toBe('failed');
    const failed = await queue.failed();
    expect(failed.find((f) => f.id === id)).toMatchObject({ kind: 'test.flaky', state: 'failed', attempts: 3, output: { message: 'flaky failure 2' } });

    failUntilAttempt = 0;
    const done = settledOf(queue, () => id, (seen) => seen.some((s) => s.outcome === 'completed'));
    expect(await queue.retry(id!)).toBe(true);
    await done;
    await expect.poll(async () => (await queue.status(id!))?.state).toBe('completed');
    expect(await queue.retry(id!)).toBe(false);
    expect((await queue.failed()).some((f) => f.id === id)).toBe(false);
  }, 60_000);

  // The command line is another process; an in-memory PGlite database belongs to this one.
  if (kind === 'postgres') it('shows failed jobs to an operator on the command line, who can put one back', async () => {
    failUntilAttempt = Infinity;
    let id: string | null = null;
    const failedOnce = settledOf(queue, () => id, (seen) => seen.some((s) => s.outcome === 'failed'));
    await queue.work({ pollingSeconds: 0.5, superviseSeconds: 1 });
    id = await queue.enqueue(db, 'test.flaky', { x: 'cli' });
    await failedOnce;
    await expect.poll(async () => (await queue.status(id!))?.state).toBe('failed');

    const cli = (...args: string[]) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'scripts', 'jobs.ts'), ...args], {
        env: { ...process.env, DATABASE_URL: database.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      return new Promise<{ code: number | null; out: string }>((resolve) => child.on('exit', (code) => resolve({ code, out })));
    };
    const listed = await cli('failed', '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out).find((j: any) => j.id === id)).toMatchObject({ kind: 'test.flaky', state: 'failed', attempts: 3, output: { message: 'flaky failure 2' } });
    const readable = await cli('failed');
    expect(readable.out).toContain(`${id}  test.flaky  failed  attempts 3`);
    expect(readable.out).toContain('last error: flaky failure 2');

    failUntilAttempt = 0;
    const done = settledOf(queue, () => id, (seen) => seen.some((s) => s.outcome === 'completed'));
    const retried = await cli('retry', id!);
    expect(retried).toMatchObject({ code: 0, out: `Job ${id} is queued again.\n` });
    await done;
    expect((await cli('retry', id!)).code).toBe(1);
  }, 90_000);

  it('lets anyone read a running job’s progress by its id', async () => {
    const progress: unknown[] = [];
    const onProgress = (p: unknown) => progress.push(p);
    queue.events.on('progress', onProgress);
    await queue.work();
    const id = (await queue.enqueue(db, 'test.progress', { total: 10 }))!;
    const finished = settledOf(queue, () => id, (seen) => seen.some((s) => s.outcome === 'completed'));
    await expect.poll(async () => (await queue.status(id))?.progress, { timeout: 20_000 }).toMatchObject({ done: 3, total: 10, message: 'three done' });
    expect(await queue.status(id)).toMatchObject({ state: 'active' });
    release!();
    await finished;
    await expect.poll(async () => (await queue.status(id))?.state).toBe('completed');
    expect(await queue.status(id)).toMatchObject({ state: 'completed', progress: { done: 10, total: 10, message: 'all done' } });
    expect(progress).toMatchObject([
      { id, kind: 'test.progress', done: 3, total: 10 },
      { id, kind: 'test.progress', done: 10, total: 10 },
    ]);
    queue.events.off('progress', onProgress);
  }, 30_000);
});

describe.each(DATABASE_KINDS)('a job whose process is killed on %s', (kind) => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) await stopChild(c);
  });

  it('is run again by another worker once its lease lapses', async () => {
    // PGlite is one process's database: the second worker is the server started again on the same data directory.
    let database: TestDatabase | undefined;
    let options: { databaseUrl?: string; dataDir?: string };
    let db: Db;
    if (kind === 'postgres') {
      database = await createTestDatabase(kind);
      db = database.db;
      options = { databaseUrl: database.url };
    } else {
      options = { dataDir: mkdtempSync(join(tmpdir(), 'aml-jobs-')) };
      db = await openDatabase(options);
      await migrate(db);
    }
    await db.exec(TEST_RUNS_TABLE);
    let queue = createJobQueue(db, quiet);
    defineTestKinds(queue, db);
    await queue.start();
    const id = (await queue.enqueue(db, 'test.hang', { marker: 'crash' }))!;
    if (kind === 'pglite') {
      await queue.stop();
      await db.close();
    }

    const { child, waitFor } = await startChild(options);
    children.push(child);
    expect(await waitFor(/^STARTED /)).toBe(`STARTED ${id}`);
    const killed = once(child, 'exit');
    child.kill('SIGKILL');
    await killed;

    if (kind === 'pglite') {
      db = await openDatabase(options);
      queue = createJobQueue(db, quiet);
      defineTestKinds(queue, db);
    }
    expect(await queue.status(id)).toMatchObject({ state: 'active' });
    const resumed = settledOf(queue, () => id, (seen) => seen.some((s) => s.outcome === 'completed'));
    await queue.work({ pollingSeconds: 0.5, superviseSeconds: 1 });
    const [outcome] = await resumed;
    expect(outcome).toMatchObject({ outcome: 'completed', attempt: 1 });
    const runs = await db.query('SELECT pid, attempt FROM test_job_runs WHERE job_id = $1 ORDER BY id', [id]);
    expect(runs.map((r) => r.attempt)).toEqual([0, 1]);
    expect(runs[0].pid).toBe(child.pid);
    expect(runs[1].pid).toBe(process.pid);
    await queue.stop();
    if (database) await database.drop();
    else await db.close();
  }, 90_000);
});

describe('two worker processes on one Postgres database', () => {
  const children: ChildProcess[] = [];
  let database: TestDatabase;
  beforeAll(async () => {
    if (!DATABASE_KINDS.includes('postgres')) return;
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const c of children.splice(0)) await stopChild(c);
    await database?.drop();
  });

  it.runIf(DATABASE_KINDS.includes('postgres'))('run each of many jobs exactly once', async () => {
    const db = database.db;
    await db.exec(TEST_RUNS_TABLE);
    const queue = createJobQueue(db, quiet);
    defineTestKinds(queue, db);
    await queue.start();
    const workers = await Promise.all([startChild({ databaseUrl: database.url }), startChild({ databaseUrl: database.url })]);
    children.push(...workers.map((w) => w.child));
    const JOBS = 300;
    const ids = await db.transaction(async (tx) => {
      const out: string[] = [];
      for (let n = 0; n < JOBS; n++) out.push((await queue.enqueue(tx, 'test.count', { n }))!);
      return out;
    });
    await expect
      .poll(async () => (await db.one(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.count' AND state = 'completed'`))!.n, { timeout: 60_000, interval: 200 })
      .toBe(JOBS);
    const runs = await db.query<{ job_id: string; n: number }>('SELECT job_id, count(*)::int AS n FROM test_job_runs GROUP BY job_id');
    expect(runs.length).toBe(JOBS);
    expect(runs.every((r) => r.n === 1)).toBe(true);
    expect(new Set(runs.map((r) => r.job_id))).toEqual(new Set(ids));
    // Both processes took part.
    const byPid = await db.query<{ pid: number; n: number }>('SELECT pid, count(*)::int AS n FROM test_job_runs GROUP BY pid');
    expect(byPid.map((r) => r.pid).sort()).toEqual(workers.map((w) => w.child.pid).sort());

    // A job that runs for two and a half leases keeps its lease by heartbeats: the other process,
    // checking for lapsed leases every second, never takes it over.
    const slow = (await queue.enqueue(db, 'test.slow', { ms: 25_000 }))!;
    await expect
      .poll(async () => (await queue.status(slow))?.state, { timeout: 60_000, interval: 500 })
      .toBe('completed');
    expect((await db.query('SELECT attempt FROM test_job_runs WHERE job_id = $1', [slow])).map((r) => r.attempt)).toEqual([0]);
    await queue.stop();
  }, 150_000);
});
