/** The job kinds the queue tests run, shared by the test file and its worker processes. */
import type { Db } from '../../server/db/client';
import type { JobQueue } from '../../server/jobs/queue';

export const TEST_RUNS_TABLE = `CREATE TABLE IF NOT EXISTS test_job_runs (
  id bigserial PRIMARY KEY, job_id uuid NOT NULL, kind text NOT NULL, pid integer NOT NULL, attempt integer NOT NULL, at timestamptz NOT NULL DEFAULT now())`;

export function defineTestKinds(queue: JobQueue, db: Db, hooks: { onHang?: (id: string) => void } = {}) {
  // Records every execution, so a test counts how often each job ran and in which process.
  queue.define<{ n: number }>('test.count', { retryLimit: 0 }, async (job) => {
    await db.query('INSERT INTO test_job_runs (job_id, kind, pid, attempt) VALUES ($1, $2, $3, $4)', [job.id, job.kind, process.pid, job.attempt]);
  });
  // Runs longer than its lease, renewing it by heartbeats: nobody else may take it meanwhile.
  queue.define<{ ms: number }>('test.slow', { retryLimit: 0, leaseSeconds: 10 }, async (job) => {
    await db.query('INSERT INTO test_job_runs (job_id, kind, pid, attempt) VALUES ($1, $2, $3, $4)', [job.id, job.kind, process.pid, job.attempt]);
    await new Promise((r) => setTimeout(r, job.data.ms));
  });
  // Never finishes in the first process that runs it; finishes in the next one.
  queue.define<{ marker: string }>('test.hang', { retryLimit: 3, leaseSeconds: 10 }, async (job) => {
    await db.query('INSERT INTO test_job_runs (job_id, kind, pid, attempt) VALUES ($1, $2, $3, $4)', [job.id, job.kind, process.pid, job.attempt]);
    if (hooks.onHang) {
      hooks.onHang(job.id);
      await new Promise(() => undefined);
    }
  });
}
