/**
 * Case management benchmark: `npm run bench:cases -- [options]`
 *   --cases N        cases to seed (default 100000)
 *   --runs N         timed calls per list query (default 40, after 5 warm-up calls)
 *   --postgres       run on the Postgres server of TEST_POSTGRES_URL (a fresh database) instead of PGlite
 *   --json           print one JSON object with every figure
 *   --create         measure case creation instead: C clients (--concurrency, default 10) of one
 *                    organisation create cases (--creations N in all, default 400) through POST /api/search
 *                    on the real HTTP server, screening against every list (--lists a,b for fewer);
 *                    prints creations per second and p50/p95/p99 latency
 * Run through npm (node --expose-gc) so the live heap after collection can be sampled.
 * Seeds N cases into one organisation (statuses, risk levels, relevance, dates over
 * a year, assignees, comments), then, through the real HTTP server on loopback:
 *  - p50/p95 of the Manage Case list call (GET /api/searches) with common filters;
 *  - the time and peak memory of exporting all of them (GET /api/download-cases)
 *    as CSV and as Excel, read as a stream and discarded, and the same export of
 *    a tenth of them, so "constant memory" is a comparison, not an adjective.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { createDeps, prepareDatabase } from '../server/start';
import { createScreeningEngine, type ScreeningEngine } from '../server/screening';
import { readQueries } from '../server/screening/evaluation';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const value = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const CASES = value('--cases', 100_000);
const RUNS = value('--runs', 40);
const asJson = flag('--json');
const usePostgres = flag('--postgres');
const say = (...xs: unknown[]) => {
  if (!asJson) console.log(...xs);
};

/** The list call never screens; the bench does not load the lists. */
const idleEngine = {
  ready: async () => {},
  status: () => ({ state: 'ready', lists: [] }),
  close: async () => {},
} as unknown as ScreeningEngine;

async function openBenchDatabase(): Promise<{ db: Db; drop: () => Promise<void>; kind: string }> {
  if (!usePostgres) return { db: await openDatabase({}), drop: async () => {}, kind: 'pglite' };
  const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `aml_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: adminUrl.replace(/\/[^/]*$/, `/${name}`) });
  return {
    db,
    kind: 'postgres',
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** N cases in one statement per 20,000 rows, spread over the last year. */
async function seed(db: Db, organisationId: string, userIds: string[]) {
  const started = Date.now();
  for (let offset = 0; offset < CASES; offset += 20_000) {
    const n = Math.min(20_000, CASES - offset);
    await db.query(
      `INSERT INTO cases (organisation_id, reference, search_term, entity_type, match_score, databases, hit_count, relevance, hit_databases,
         match_status, case_status, risk_level, assignee_ids, client_reference, created_by, created_at, updated_at)
       SELECT $1, 'AML-B-' || lpad((g + $2)::text, 7, '0'),
              (ARRAY['Nancy','Bernard','Aiman','Olga','Kim','Maria','Ahmed','Viktor'])[1 + (g % 8)] || ' ' ||
              (ARRAY['Pelosi','Sanders','Zawahiri','Petrova','Jong','Gonzalez','Hassan','Bout'])[1 + ((g / 8) % 8)] || ' ' || g,
              (ARRAY['person','person','company','location'])[1 + (g % 4)], 80, '{sanctions,pep}', g % 6,
              CASE WHEN g % 6 = 0 THEN '{}'::text[] WHEN g % 3 = 0 THEN '{alias_matched}' WHEN g % 3 = 1 THEN '{name_matched}' ELSE '{name_matched,dob_matched}' END,
              CASE WHEN g % 6 = 0 THEN '{}'::text[] WHEN g % 2 = 0 THEN '{sanctions}' ELSE '{pep}' END,
              CASE WHEN g % 6 = 0 THEN 'No Match' WHEN g % 5 = 0 THEN 'True Positive' ELSE 'Potential Match' END,
              CASE WHEN g % 6 = 0 THEN 'Passed' WHEN g % 7 = 0 THEN 'Failed' WHEN g % 11 = 0 THEN 'Passed Conditionally' ELSE 'For Review' END,
              (ARRAY['High','Medium','Low','Unknown'])[1 + (g % 4)],
              CASE WHEN g % 4 = 0 THEN ARRAY[$3::uuid] ELSE '{}'::uuid[] END,
              'CL-' || g, $4::uuid,
              now() - ((g % 365) * interval '1 day') - ((g % 1440) * interval '1 minute'),
              now() - ((g % 365) * interval '1 day')
         FROM generate_series(1, $5::int) g`,
      [organisationId, offset, userIds[0], userIds[userIds.length - 1], n],
    );
  }
  // A comment on one case in ten, so the list's comment counts have something to count.
  await db.query(
    `INSERT INTO case_comments (organisation_id, case_id, user_id, text)
     SELECT organisation_id, id, created_by, 'Reviewed' FROM cases WHERE organisation_id = $1 AND hit_count = 1`,
    [organisationId],
  );
  await db.query('ANALYZE cases');
  await db.query('ANALYZE case_comments');
  return Date.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timeList(base: string, token: string, query: string) {
  const url = `${base}/api/searches?${query}`;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (!res.ok) throw new Error(JSON.stringify(body));
    return { ms: performance.now() - t0, total: body.total as number };
  };
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    times.push(r.ms);
    total = r.total;
  }
  times.sort((a, b) => a - b);
  return { query, total, p50_ms: +percentile(times, 50).toFixed(1), p95_ms: +percentile(times, 95).toFixed(1) };
}

/** Streams an export and discards it, sampling memory meanwhile. */
async function timeExport(base: string, token: string, format: 'csv' | 'xlsx', query = '') {
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakHeap = baseline.heapUsed;
  let peakRss = baseline.rss;
  let peakLive = baseline.heapUsed;
  let ticks = 0;
  // Every 10 ms the heap as it stands (garbage included); every 200 ms after a full
  // collection, which is what the export really holds on to.
  const sampler = setInterval(() => {
    if (++ticks % 20 === 0 && global.gc) {
      global.gc();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 10);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/download-cases?format=${format}&${query}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(await res.text());
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    if (format === 'csv') for (const b of chunk) if (b === 10) lines++;
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const mb = (n: number) => +(n / 1024 / 1024).toFixed(1);
  return {
    format,
    query: query || 'all',
    ...(format === 'csv' ? { rows: lines - 1 } : {}),
    seconds: +(ms / 1000).toFixed(2),
    file_mb: mb(bytes),
    heap_growth_mb: mb(peakHeap - baseline.heapUsed),
    live_heap_growth_mb: global.gc ? mb(peakLive - baseline.heapUsed) : null,
    rss_growth_mb: mb(peakRss - baseline.rss),
  };
}

/** Case creation by several clients of one organisation at once: what the organisation's credit lock lets through. */
async function benchCreate() {
  const creations = value('--creations', 400);
  const concurrency = value('--concurrency', 10);
  const listsArg = args.indexOf('--lists') >= 0 ? args[args.indexOf('--lists') + 1]?.split(',') : undefined;
  const { db, drop, kind } = await openBenchDatabase();
  const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aml-bench-')), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), serveStatic: false };
  await prepareDatabase(config, db);
  const engine = createScreeningEngine({ listsDir: config.listsDir, lists: listsArg, workers: 1 });
  const deps = createDeps(config, db, { info: () => {}, warn: () => {}, error: console.error }, { screening: engine });
  await deps.jobs.start();
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    await engine.ready();
    // Credits stay exact under this load, but the bench measures throughput, not the limit.
    await db.query("UPDATE organisations SET aml_screening_credits_alloted = NULL, daily_search_limit = NULL WHERE slug = 'northwind'");
    const tokens: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      const account = i % 2 ? { email: config.analystEmail, password: config.analystPassword } : { email: config.adminEmail, password: config.adminPassword };
      const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
      tokens.push((await login.json()).access_token as string);
    }
    const names = [...readQueries(join(import.meta.dirname, '..', 'bench', 'screening', 'hits.csv')), ...readQueries(join(import.meta.dirname, '..', 'bench', 'screening', 'none.csv'))].map(
      (q) => q.query.search_term,
    );
    const create = async (token: string, n: number) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ search_term: names[n % names.length], entity_type: 'person' }),
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`search failed: ${JSON.stringify(body)}`);
      return performance.now() - t0;
    };
    // Warm-up: JIT, connection pool, statement plans.
    await Promise.all(tokens.map((token, i) => create(token, i)));
    let next = 0;
    const times: number[] = [];
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
        for (let n = next++; n < creations; n = next++) times.push(await create(token, n));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const result = {
      database: kind,
      mode: 'create',
      lists_entities: engine.status().lists.reduce((n, l) => n + l.entities, 0),
      concurrency,
      creations,
      seconds: +seconds.toFixed(2),
      creations_per_second: +(creations / seconds).toFixed(1),
      p50_ms: +percentile(times, 50).toFixed(1),
      p95_ms: +percentile(times, 95).toFixed(1),
      p99_ms: +percentile(times, 99).toFixed(1),
    };
    if (asJson) console.log(JSON.stringify(result));
    else say(`${creations} cases created by ${concurrency} clients on ${kind} in ${result.seconds} s: ${result.creations_per_second}/s, p50 ${result.p50_ms} ms, p95 ${result.p95_ms} ms, p99 ${result.p99_ms} ms`);
  } finally {
    await app.close();
    await deps.jobs.stop();
    await engine.close();
    await drop();
  }
}

async function main() {
  if (flag('--create')) return benchCreate();
  const { db, drop, kind } = await openBenchDatabase();
  const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aml-bench-')), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), serveStatic: false };
  await prepareDatabase(config, db);
  const deps = createDeps(config, db, { info: () => {}, warn: () => {}, error: console.error }, { screening: idleEngine });
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const org = (await db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    const users = (await db.query('SELECT id FROM users WHERE organisation_id = $1 ORDER BY email', [org])).map((u) => u.id);
    say(`seeding ${CASES.toLocaleString('en')} cases on ${kind}…`);
    const seedMs = await seed(db, org, users);
    say(`  seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: config.adminEmail, password: config.adminPassword }) });
    const token = (await login.json()).access_token as string;

    const queries = [
      'page=1&page_size=20',
      'page=1&page_size=20&caseStatus=For%20Review',
      'page=1&page_size=20&date_preset=last_30_days',
      'page=1&page_size=20&caseStatus=For%20Review&date_preset=last_30_days&relevance=alias_matched',
      'page=1&page_size=20&search=sanders',
      'page=1&page_size=20&sort_by=updated_at&sort_order=asc',
      'page=1&page_size=20&sort_by=risk_level&sort_order=desc',
      'page=50&page_size=20&caseStatus=For%20Review&sort_by=risk_level&sort_order=asc',
      'page=250&page_size=20',
      'page=1&page_size=100&assigned_to_me=true&risk_level=High',
    ];
    const list = [];
    for (const q of queries) {
      const r = await timeList(base, token, q);
      list.push(r);
      say(`  list ${q.padEnd(95)} total ${String(r.total).padStart(6)}  p50 ${String(r.p50_ms).padStart(6)} ms  p95 ${String(r.p95_ms).padStart(6)} ms`);
    }
    const exports = [];
    for (const format of ['csv', 'xlsx'] as const) {
      for (const q of ['date_preset=last_month', '']) {
        const r = await timeExport(base, token, format, q);
        exports.push(r);
        say(`  export ${format} ${r.query.padEnd(24)} ${r.seconds} s, ${r.file_mb} MB file, peak heap +${r.heap_growth_mb} MB (live after GC +${r.live_heap_growth_mb} MB), peak RSS +${r.rss_growth_mb} MB${'rows' in r ? `, ${r.rows} rows` : ''}`);
      }
    }
    const worstP95 = Math.max(...list.map((l) => l.p95_ms));
    const result = { database: kind, cases: CASES, seed_seconds: +(seedMs / 1000).toFixed(1), runs: RUNS, list, worst_list_p95_ms: worstP95, list_p95_target_ms: 100, exports };
    if (asJson) console.log(JSON.stringify(result));
    else say(`worst list p95: ${worstP95} ms (target under 100 ms)`);
  } finally {
    await app.close();
    await drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
