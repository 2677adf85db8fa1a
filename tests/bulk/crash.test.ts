/**
 * A bulk search survives its server being killed: real server processes
 * (server/main.ts, all lists) run a batch of a few thousand rows from the job
 * queue; one is killed with SIGKILL part-way and the batch is finished by a
 * process that starts again on the same PGlite data directory, or by a second
 * process on the same Postgres database. Afterwards every row has exactly one
 * case, references are unique, the credits spent equal the cases stored and
 * the hits are there. The batch is uploaded through the real route (POST
 * /api/create-search-batch with the file), as an API user starts one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/client';
import { ADMIN } from '../helpers/app';
import { createTestDatabase, DATABASE_KINDS } from '../helpers/databases';

const ROOT = resolve(__dirname, '..', '..');
const ROWS = 2_500;
const LISTED = ['Aiman Muhammed Rabi al-Zawahiri', 'Osama bin Laden', 'Abu Bakr al-Baghdadi', 'Nancy Pelosi', 'Kim Jong Un', 'Hasan Nasrallah'];

/** Listed names, the same with a letter dropped, and unlisted names, as a CSV file. */
function batchFile(): Buffer {
  const lines = ['name,entity_type'];
  for (let i = 0; i < ROWS; i++) {
    const listed = LISTED[i % LISTED.length];
    lines.push(`${i % 3 === 0 ? listed : i % 3 === 1 ? listed.slice(0, 3) + listed.slice(4) : `Unlisted Person ${i.toString(36)} Ekwueme`},person`);
  }
  return Buffer.from(lines.join('\n') + '\n');
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Starts a batch of the file through the route; answers its id. */
async function uploadBatch(child: Child, token: string): Promise<string> {
  const boundary = `----crash${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('name', 'Crash batch') + field('search_type', 'manual') + ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'].map((d) => field('databases[]', d)).join('')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crash.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    batchFile(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${child.url}/api/create-search-batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const answer = (await res.json()) as { batch: { id: string; total_count: number } };
  expect(res.status, JSON.stringify(answer)).toBe(201);
  expect(answer.batch.total_count).toBe(ROWS);
  return answer.batch.id;
}

interface Child {
  process: ChildProcess;
  url: string;
  output(): string;
}
const children: Child[] = [];

/** server/main.ts as `npm run server` runs it, on its own port. */
async function startChild(env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SERVE_STATIC: 'false', MONITORING_INTERVAL_MINUTES: '0', LIST_UPDATE_INTERVAL_MINUTES: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const running = { process: child, url: `http://127.0.0.1:${port}`, output: () => output };
  children.push(running);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${running.url}/api/health`)).ok) return running;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function kill(child: Child, signal: NodeJS.Signals): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode) return Promise.resolve();
  return new Promise((done) => {
    child.process.once('exit', () => done());
    child.process.kill(signal);
  });
}

afterEach(async () => {
  for (const child of children.splice(0)) await kill(child, 'SIGKILL');
});

/** Polls until check answers true (the whole test has its own time limit). */
async function until(check: () => Promise<boolean>, what: string, child?: Child, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${child ? `:\n${child.output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Rows of the batch done so far and its phase, through the API (the test cannot open a PGlite directory a server holds). */
async function batchThroughApi(child: Child, token: string, id: string): Promise<{ done: number; phase: string }> {
  const res = await fetch(`${child.url}/api/bulk-batch?id=${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) return { done: 0, phase: 'unknown' };
  const batch = (await res.json()) as { success_count: number; failed_count: number; phase: string };
  return { done: batch.success_count + batch.failed_count, phase: batch.phase };
}

async function login(child: Child): Promise<string> {
  const res = await fetch(`${child.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** What must hold once the batch is done, however often its jobs ran. */
async function expectEachRowOnce(db: Db, batchId: string) {
  const orgId = (await db.one('SELECT organisation_id FROM bulk_batches WHERE id = $1', [batchId]))!.organisation_id as string;
  const batch = (await db.one('SELECT * FROM bulk_batches WHERE id = $1', [batchId]))!;
  expect(batch).toMatchObject({ state: 'finished', total_count: ROWS, success_count: ROWS, failed_count: 0 });
  const rows = await db.query('SELECT state, case_id FROM bulk_rows WHERE batch_id = $1', [batchId]);
  expect(rows.filter((r) => r.state === 'pending')).toHaveLength(0);
  expect(rows.filter((r) => r.state === 'failed')).toHaveLength(0);
  const done = rows.filter((r) => r.state === 'done');
  expect(new Set(done.map((r) => r.case_id)).size).toBe(ROWS);

  const cases = await db.query('SELECT id, reference, hit_count FROM cases WHERE batch_id = $1', [batchId]);
  expect(cases).toHaveLength(ROWS);
  expect(new Set(cases.map((c) => c.id))).toEqual(new Set(done.map((r) => r.case_id)));
  // References stay unique across the organisation (the seeded sample batch ran beside this one), and every case spent one credit.
  const all = await db.query('SELECT reference FROM cases WHERE organisation_id = $1', [orgId]);
  expect(new Set(all.map((c) => c.reference)).size).toBe(all.length);
  // Transaction monitoring's AML cases (the seeded sample's listed remitter) are paid by its own credit, not by AML Screening.
  const monitoring = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM tm_party_cases WHERE organisation_id = $1', [orgId]);
  // Counted from the credit ledger's spends for cases and batches: the seeded month of history before them names no subject.
  const org = (await db.one(
    "SELECT COALESCE(sum(amount), 0)::int AS used FROM credit_ledger WHERE organisation_id = $1 AND kind = 'aml_screening' AND entry = 'spend' AND subject_type IS NOT NULL",
    [orgId],
  ))!;
  expect(org.used).toBe(all.length - monitoring!.n);
  // Every case holds the hits it counts, and the listed names were found.
  const hits = await db.one('SELECT count(*)::int AS n, count(DISTINCT case_id)::int AS cases FROM case_hits h WHERE h.case_id IN (SELECT id FROM cases WHERE batch_id = $1)', [batchId]);
  expect(hits!.n).toBe(cases.reduce((sum, c) => sum + c.hit_count, 0));
  expect(hits!.cases).toBeGreaterThan(ROWS / 10);
  const notes = await db.query("SELECT 1 FROM notifications WHERE kind = 'batch_finished' AND organisation_id = $1 AND params->>'name' = 'Crash batch'", [orgId]);
  expect(notes).toHaveLength(1);
}

const listsReady = async (child: Child) => ((await fetch(`${child.url}/api/health`).then((r) => r.json())) as { lists: { state: string } }).lists.state === 'ready';

describe('a bulk search killed part-way', () => {
  it('on PGlite: killed with SIGKILL, started again on the same data directory, finishes with each row once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'aml-bulk-crash-'));
    const first = await startChild({ DATA_DIR: dataDir });
    await until(() => listsReady(first), 'the lists', first);
    const token = await login(first);
    const batchId = await uploadBatch(first, token);
    let before = 0;
    await until(async () => (before = (await batchThroughApi(first, token, batchId)).done) > 0, 'the first rows', first);
    await kill(first, 'SIGKILL');
    // The kill really came part-way.
    expect(before).toBeLessThan(ROWS);

    const second = await startChild({ DATA_DIR: dataDir });
    const again = await login(second);
    await until(async () => (await batchThroughApi(second, again, batchId)).phase === 'finished', 'the batch to finish', second);
    expect(await batchThroughApi(second, again, batchId)).toEqual({ done: ROWS, phase: 'finished' });
    await kill(second, 'SIGTERM');

    const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      await expectEachRowOnce(db, batchId);
    } finally {
      await db.close();
    }
  }, 600_000);

  it.runIf(DATABASE_KINDS.includes('postgres'))('on Postgres: two processes share the batch, one is killed, the other finishes it, each row once', async () => {
    const database = await createTestDatabase('postgres', { migrate: false });
    try {
      const url = database.url!;
      // The first prepares the database; the second starts once it has. Both are polling before the batch starts.
      const first = await startChild({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aml-bulk-crash-')), DATABASE_URL: url });
      const second = await startChild({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aml-bulk-crash-')), DATABASE_URL: url });
      await until(async () => (await listsReady(first)) && (await listsReady(second)), 'the lists', second);
      const batchId = await uploadBatch(first, await login(first));
      const doneRows = async () => (await database.db.one<{ n: number }>("SELECT count(*)::int AS n FROM bulk_rows WHERE batch_id = $1 AND state <> 'pending'", [batchId]))!.n;
      // A process runs one chunk job at a time: two chunks active at once are the two processes at work.
      const activeChunks = async () => (await database.db.one<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'bulk.chunk' AND state = 'active'"))!.n;
      let bothAtWork = false;
      await until(async () => {
        bothAtWork ||= (await activeChunks()) === 2;
        return bothAtWork && (await doneRows()) > 0;
      }, 'both processes at work', second);
      await kill(first, 'SIGKILL');
      expect(await doneRows()).toBeLessThan(ROWS);
      await until(async () => (await database.db.one('SELECT state FROM bulk_batches WHERE id = $1', [batchId]))!.state === 'finished', 'the batch to finish', second);
      expect(await doneRows()).toBe(ROWS);
      await kill(second, 'SIGTERM');
      await expectEachRowOnce(database.db, batchId);
    } finally {
      await database.drop();
    }
  }, 600_000);
});
