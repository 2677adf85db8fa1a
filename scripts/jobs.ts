/**
 * The job queue for an operator: `npm run jobs -- <command>`
 *   failed [--limit N] [--json]   jobs that used up their retries, newest first, with their last error
 *   retry <id>                    puts a failed job back in the queue (a running server picks it up)
 *   status <id> [--json]          one job: state, attempts, progress, output
 * Reads the database the server uses: DATABASE_URL, or the embedded PGlite
 * database under DATA_DIR. PGlite is one process's database: stop the server
 * before using this against it.
 */
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { createJobQueue, type JobStatus } from '../server/jobs/queue';

const [command, ...rest] = process.argv.slice(2);
const asJson = rest.includes('--json');
const limitAt = rest.indexOf('--limit');
const limit = limitAt >= 0 ? Number(rest[limitAt + 1]) : 50;
const id = rest.find((a, i) => !a.startsWith('--') && !(limitAt >= 0 && i === limitAt + 1));

const usage = 'usage: npm run jobs -- failed [--limit N] [--json] | retry <id> | status <id> [--json]';

function describe(job: JobStatus) {
  const error = job.output && typeof job.output === 'object' && 'message' in job.output ? String((job.output as { message: unknown }).message) : '';
  const progress = job.progress ? ` progress ${job.progress.done}${job.progress.total !== null ? `/${job.progress.total}` : ''}${job.progress.message ? ` (${job.progress.message})` : ''}` : '';
  return `${job.id}  ${job.kind}  ${job.state}  attempts ${job.attempts}  created ${job.created_at}${job.finished_at ? `  ended ${job.finished_at}` : ''}${progress}${error ? `\n    last error: ${error}` : ''}`;
}

async function main() {
  if (!['failed', 'retry', 'status'].includes(command) || (command !== 'failed' && !id) || !(limit > 0)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  // The progress table comes with the schema; a database the server never started is brought up to date.
  await migrate(db);
  const queue = createJobQueue(db, { info: () => {}, warn: (m) => console.warn(m), error: (m) => console.error(m) });
  try {
    await queue.start();
    if (command === 'failed') {
      const jobs = await queue.failed(limit);
      if (asJson) console.log(JSON.stringify(jobs));
      else if (!jobs.length) console.log('No failed jobs.');
      else for (const job of jobs) console.log(describe(job));
      return 0;
    }
    if (command === 'status') {
      const job = await queue.status(id!);
      if (!job) {
        console.error(`No job ${id}.`);
        return 1;
      }
      console.log(asJson ? JSON.stringify(job) : describe(job));
      return 0;
    }
    if (await queue.retry(id!)) {
      console.log(`Job ${id} is queued again.`);
      return 0;
    }
    console.error(`No failed job ${id}.`);
    return 1;
  } finally {
    await queue.stop();
    await db.close();
  }
}

process.exitCode = await main();
