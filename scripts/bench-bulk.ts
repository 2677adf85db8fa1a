/**
 * Bulk search benchmark: `npm run bench:bulk -- [options]`
 *   --db pglite|postgres|both   database(s) to run on (default pglite; postgres uses TEST_POSTGRES_URL or
 *                               postgres://postgres@127.0.0.1:5432/postgres to create a scratch database)
 *   --rows 10000,100000         batch sizes (default 10000)
 *   --json                      print one JSON object with every figure
 *   --live-heap                 also collect garbage every second and report the peak heap still in use
 *                               (what the run really holds; this changes the RSS figures, so run it apart)
 * Loads every list, builds a CSV of listed names (bench/screening/hits.csv, about half with a typo) mixed
 * with unlisted names (none.csv), raises the organisation's bulk entity limit, uploads the file through
 * the real route (POST /api/create-search-batch with the file, the one-call form API users take), and
 * runs the queue's workers in this process as a server does. Reports the time from the upload to the
 * batch's last case stored, rows per second, and the process's peak RSS growth over the run (sampled
 * every 100 ms from just before the upload).
 */
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { createScreeningEngine, type ScreeningEngine } from '../server/screening';
import { readQueries } from '../server/screening/evaluation';
import { limitHeapGrowth } from '../server/start';
import { multipart } from '../tests/cases/multipart';
import { startBenchApp } from './bench-app';

const args = process.argv.slice(2);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const asJson = args.includes('--json');
const liveHeap = args.includes('--live-heap');
const dbChoice = value('--db') ?? 'pglite';
const kinds = (dbChoice === 'both' ? ['pglite', 'postgres'] : [dbChoice]) as Array<'pglite' | 'postgres'>;
const sizes = (value('--rows') ?? '10000').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
const say = (...xs: unknown[]) => {
  if (!asJson) console.log(...xs);
};

const names = (file: string) => readQueries(join(import.meta.dirname, '..', 'bench', 'screening', file)).map((q) => q.query.search_term);

/** A deterministic pseudo-random sequence, so every run screens the same file. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Drops, doubles or swaps one letter. */
function typo(name: string, r: () => number): string {
  const i = 1 + Math.floor(r() * Math.max(1, name.length - 2));
  const kind = Math.floor(r() * 3);
  if (kind === 0) return name.slice(0, i) + name.slice(i + 1);
  if (kind === 1) return name.slice(0, i) + name[i] + name.slice(i);
  return name.slice(0, i - 1) + name[i] + name[i - 1] + name.slice(i + 1);
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Half listed names (half of those with a typo), half unlisted names. */
function bulkFile(rows: number): Buffer {
  const listed = names('hits.csv');
  const clean = names('none.csv');
  const r = random(rows);
  const lines = ['name,entity_type'];
  for (let i = 0; i < rows; i++) {
    const term = i % 2 === 0 ? listed[Math.floor(r() * listed.length)] : clean[Math.floor(r() * clean.length)];
    lines.push(`${csvCell(i % 4 === 0 ? typo(term, r) : term)},person`);
  }
  return Buffer.from(lines.join('\n') + '\n');
}



interface Run {
  db: 'pglite' | 'postgres';
  rows: number;
  upload_seconds: number;
  total_seconds: number;
  rows_per_second: number;
  cases: number;
  failed: number;
  hits: number;
  rss_before_mb: number;
  peak_rss_growth_mb: number;
  /** Peak growth of the JavaScript heap in use: what the run holds, without what the collector has not yet returned. */
  peak_heap_growth_mb: number;
  /** With --live-heap: the peak of the heap in use right after a full collection. */
  peak_live_heap_growth_mb?: number;
}

async function runOne(kind: 'pglite' | 'postgres', rows: number, engine: ScreeningEngine): Promise<Run> {
  const { db, deps, app, token, close } = await startBenchApp(kind, 'bulk', engine);
  try {
    await db.query(`UPDATE organisations SET bulk_entity_limit = $1, aml_screening_credits_alloted = NULL, daily_search_limit = NULL WHERE slug = 'northwind'`, [rows]);
    const file = bulkFile(rows);
    // The queue's workers, as startServer runs them.
    await deps.jobs.work();

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = rssBefore;
    let peakHeap = heapBefore;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 100);
    let peakLive = heapBefore;
    const collector = liveHeap
      ? setInterval(() => {
          global.gc?.();
          peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
        }, 1_000)
      : undefined;
    const t0 = performance.now();
    const { body, headers } = multipart({ name: `Bench ${rows}`, search_type: 'manual', databases: ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'], file: { filename: 'bench.csv', type: 'text/csv', data: file } });
    const res = await app.inject({ method: 'POST', url: '/api/create-search-batch', headers: { ...headers, authorization: `Bearer ${token}` }, payload: body });
    if (res.statusCode !== 201) throw new Error(`upload refused (${res.statusCode}): ${res.body.slice(0, 500)}`);
    const uploadSeconds = (performance.now() - t0) / 1000;
    const batchId = res.json().batch.id as string;
    say(`  ${kind} ${rows} rows: uploaded and started in ${uploadSeconds.toFixed(1)} s`);
    let lastSaid = 0;
    for (;;) {
      const b = (await db.one<{ state: string; success_count: number; failed_count: number }>('SELECT state, success_count, failed_count FROM bulk_batches WHERE id = $1', [batchId]))!;
      if (b.state === 'finished') break;
      if (b.state !== 'running' && b.state !== 'queued') throw new Error(`batch ${b.state}`);
      if (performance.now() - lastSaid > 5_000) {
        lastSaid = performance.now();
        say(`    ${b.success_count + b.failed_count} rows after ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const totalSeconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    clearInterval(collector);
    const counts = (await db.one<{ cases: number; failed: number; hits: number }>(
      `SELECT (SELECT count(*)::int FROM cases WHERE batch_id = $1) AS cases, (SELECT failed_count FROM bulk_batches WHERE id = $1) AS failed,
              (SELECT count(*)::int FROM case_hits h JOIN cases c ON c.id = h.case_id WHERE c.batch_id = $1) AS hits`,
      [batchId],
    ))!;
    return {
      db: kind,
      rows,
      upload_seconds: +uploadSeconds.toFixed(2),
      total_seconds: +totalSeconds.toFixed(2),
      rows_per_second: Math.round(rows / totalSeconds),
      ...counts,
      rss_before_mb: Math.round(rssBefore / 2 ** 20),
      peak_rss_growth_mb: Math.round((peak - rssBefore) / 2 ** 20),
      peak_heap_growth_mb: Math.round((peakHeap - heapBefore) / 2 ** 20),
      ...(liveHeap ? { peak_live_heap_growth_mb: Math.round((peakLive - heapBefore) / 2 ** 20) } : {}),
    };
  } finally {
    await close();
  }
}

async function main() {
  // As the server's entry point does, before the lists load.
  limitHeapGrowth();
  const t0 = performance.now();
  const engine = createScreeningEngine({ listsDir: loadConfig({} as NodeJS.ProcessEnv).listsDir });
  await engine.ready();
  await engine.warmWorkers();
  const entities = engine.status().lists.reduce((n, l) => n + l.entities, 0);
  say(`lists loaded (${entities} entities) and workers warm in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const runs: Run[] = [];
  try {
    for (const kind of kinds) for (const rows of sizes) runs.push(await runOne(kind, rows, engine));
  } finally {
    await engine.close();
  }
  if (asJson) {
    console.log(JSON.stringify({ entities, runs }, null, 2));
    return;
  }
  console.log('');
  console.log('db        rows     upload s   total s   rows/s   cases    failed   hits      peak RSS growth   peak heap growth');
  for (const r of runs) {
    console.log(
      `${r.db.padEnd(9)} ${String(r.rows).padEnd(8)} ${r.upload_seconds.toFixed(1).padStart(8)} ${r.total_seconds.toFixed(1).padStart(9)} ${String(r.rows_per_second).padStart(8)}   ${String(r.cases).padEnd(8)} ${String(r.failed).padEnd(8)} ${String(r.hits).padEnd(9)} ${`${r.peak_rss_growth_mb} MB`.padEnd(17)} ${r.peak_heap_growth_mb} MB${r.peak_live_heap_growth_mb !== undefined ? ` (live ${r.peak_live_heap_growth_mb} MB)` : ''}`,
    );
  }
}

await main();
process.exit(0);
