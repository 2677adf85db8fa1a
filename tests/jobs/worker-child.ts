/**
 * A worker process for tests/jobs/queue.test.ts, started with `node --import tsx`.
 * argv[2]: JSON { databaseUrl?, dataDir?, kind }. It declares the test kinds,
 * starts working and prints READY; the `hang` kind prints STARTED <id> and never
 * finishes (the test kills the process with SIGKILL); the `count` kind records
 * each execution with this process's pid. SIGTERM stops the worker gracefully.
 */
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { createJobQueue } from '../../server/jobs/queue';
import { defineTestKinds } from './kinds';

const options = JSON.parse(process.argv[2]) as { databaseUrl?: string; dataDir?: string };
const db = await openDatabase(options);
await migrate(db);
const queue = createJobQueue(db, { info: () => {}, warn: () => {}, error: (m) => console.error(m) });
defineTestKinds(queue, db, {
  onHang: (id) => console.log(`STARTED ${id}`),
});
await queue.work({ pollingSeconds: 0.5, concurrency: 2, superviseSeconds: 1 });
console.log('READY');
process.on('SIGTERM', async () => {
  await queue.stop();
  await db.close();
  process.exit(0);
});
