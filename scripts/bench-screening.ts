/**
 * Screening benchmark: `npm run bench:screening -- [options]`
 *   --pairs FILE        a labelled pair file (name_bench layout or cross-script); repeatable.
 *                       Default: every file in ../shared/data/eval, then bench/screening/script-pairs.csv
 *                       and script-pairs-heldout.csv (the project's own sets for other scripts).
 *   --queries FILE --expect hit|none   a query file (full_name, first_name, middle_name,
 *                       last_name, gender, date_of_birth, place_of_birth, nationality
 *                       [, expected_entity_id]); repeatable, each followed by its --expect.
 *                       A row with an impossible date or an unknown nationality is skipped
 *                       with its reason; the rows read, screened and skipped are printed per file.
 *                       Default: bench/screening/hits.csv (hit) and none.csv (none).
 *   --synthetic N       also add N generated entities and measure speed and memory again.
 *   --batch N           batch size for names per second (default 10000).
 *   --batch-runs N      batches timed (default 3; the median is reported, each with the load average).
 *   --baseline-cap N    queries per query file for the baseline (a full scan; default 500).
 *   --json              print one JSON object with every figure instead of tables.
 *   --misses            also list every pair the engine gets wrong at the default threshold,
 *                       with its schema, case group, category and quality.
 * Figures, engine and baseline side by side on the same work: P/R/F1 at the default
 * threshold and the best F1 per file and schema; recall / false-alert rate per query
 * file; latency p50/p99; names per second; index build time; memory.
 * The baseline is whole-name Jaro-Winkler over every listed name, as a user of a
 * string-similarity package would screen.
 */
import { existsSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createScreeningEngine, DEFAULT_MATCH_SCORE, type ScreeningQuery } from '../server/screening/index';
import { confusionAt, countReasons, readPairs, readQueryFile, reportPairs, type PairReport } from '../server/screening/evaluation';
import { Screener } from '../server/screening/screener';
import { jaroWinkler } from '../server/screening/similarity';
import type { NameMode } from '../server/screening/normalize';
import type { ListedEntity, ScreeningHit } from '../server/screening/types';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const values = (name: string) => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]] : []));
const num = (name: string, fallback: number) => (values(name)[0] !== undefined ? Number(values(name)[0]) : fallback);

const root = resolve(import.meta.dirname, '..');
const listsDir = resolve(root, process.env.LISTS_DIR ?? '../shared/data/lists');
const evalDir = resolve(root, process.env.EVAL_DIR ?? '../shared/data/eval');
const asJson = flag('--json');
const threshold = DEFAULT_MATCH_SCORE / 100;
const log = (...xs: unknown[]) => {
  if (!asJson) console.log(...xs);
};

// The shared evaluation files, then the project's own script pair sets (bench/screening/SCRIPT-PAIRS*.md),
// each reported on its own: script-pairs.csv was used while building, script-pairs-heldout.csv is held out.
const pairFiles = values('--pairs').length
  ? values('--pairs')
  : [
      ...(existsSync(evalDir) ? readdirSync(evalDir).filter((f) => f.endsWith('.csv')).sort().map((f) => join(evalDir, f)) : []),
      join(root, 'bench/screening/script-pairs.csv'),
      join(root, 'bench/screening/script-pairs-heldout.csv'),
    ];
const queryFiles: Array<{ file: string; expect: 'hit' | 'none' }> = [];
args.forEach((a, i) => {
  if (a !== '--queries') return;
  const expect = args.slice(i).find((x, j) => args[i + j - 1] === '--expect') as 'hit' | 'none' | undefined;
  queryFiles.push({ file: args[i + 1], expect: expect ?? 'hit' });
});
if (!queryFiles.length) {
  queryFiles.push({ file: join(root, 'bench/screening/hits.csv'), expect: 'hit' }, { file: join(root, 'bench/screening/none.csv'), expect: 'none' });
}
const synthetic = num('--synthetic', 0);
const batchSize = num('--batch', 10_000);
const baselineCap = num('--baseline-cap', 500);
const batchRuns = num('--batch-runs', 3);

function schemaMode(schema: string): NameMode {
  if (schema === 'Person') return 'person';
  if (schema === 'Vessel') return 'vessel';
  if (schema === 'LegalEntity') return 'any';
  return 'org';
}

/** What a plain string-similarity user does: lower-case, strip accents and punctuation, compare whole names. */
function baselineKey(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * A batch of distinct names: the query files' names, then their given names
 * recombined with other queries' surnames (so caches of repeated names do not
 * flatter the figure; most recombinations are unlisted, as most customers are).
 */
function distinctBatch(base: ScreeningQuery[], n: number): ScreeningQuery[] {
  const out = base.slice(0, n);
  const seen = new Set(out.map((q) => q.search_term.toLowerCase()));
  for (let k = 0; out.length < n && k < n * 50; k++) {
    const a = base[k % base.length];
    const b = base[(Math.floor(k / base.length) * 31 + k * 17 + 3) % base.length];
    const rest = b.search_term.split(/\s+/).slice(1).join(' ');
    const term = `${a.search_term.split(/\s+/)[0]} ${rest}`.trim();
    if (!rest || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    out.push({ ...b, search_term: term });
  }
  for (let i = 0; out.length < n; i++) out.push(base[i % base.length]);
  return out;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}
const r2 = (x: number) => Math.round(x * 100) / 100;
const mb = (x: number) => Math.round(x / 1e6);

function table(rows: Array<Record<string, unknown>>) {
  if (!asJson) console.table(rows);
}

async function main() {
  const out: Record<string, unknown> = { default_match_score: DEFAULT_MATCH_SCORE, lists_dir: listsDir, cpus: cpus().length, load_average_at_start: loadavg().map(r2) };

  // 1. Load the lists and build the index (timed), in this process.
  const memBefore = process.memoryUsage();
  const t0 = performance.now();
  const engine = createScreeningEngine({ listsDir, workers: 2 });
  await engine.ready();
  const loadMs = performance.now() - t0;
  const status = engine.status();
  const entityCount = status.lists.reduce((a, l) => a + l.entities, 0);
  // The engine's own index: rebuild once to time index building alone.
  const entities: ListedEntity[] = [];
  const merged = await import('../server/screening/engine').then(async (m) => {
    const { LIST_DEFINITIONS, listConfigured, readListFiles, filesVersion } = await import('../server/screening/loaders/index');
    return m.mergeLists(
      LIST_DEFINITIONS.filter((def) => listConfigured(listsDir, def)).map((def) => {
        const files = readListFiles(listsDir, def);
        return { id: def.id, name: def.name, database: def.database, entities: def.parse(files), version: filesVersion(files), loaded_at: '' };
      }),
    );
  });
  entities.push(...merged);
  const tb = performance.now();
  const screener = new Screener(entities);
  const buildMs = performance.now() - tb;
  const memAfter = process.memoryUsage();
  out.lists = status.lists.map((l) => ({ id: l.id, entities: l.entities, version: l.version }));
  out.index = {
    entities_listed: entityCount,
    entities_indexed: entities.length,
    names_indexed: screener.index.size,
    load_and_index_ms: Math.round(loadMs),
    index_build_ms: Math.round(buildMs),
    rss_mb: mb(memAfter.rss),
    heap_used_mb: mb(memAfter.heapUsed),
    heap_growth_mb: mb(memAfter.heapUsed - memBefore.heapUsed),
  };
  log(`\nLists: ${entityCount} entities (${entities.length} after merging the listings of one entity), ${screener.index.size} names`);
  log(`Load + parse + index: ${Math.round(loadMs)} ms; index build alone: ${Math.round(buildMs)} ms; RSS ${mb(memAfter.rss)} MB, heap ${mb(memAfter.heapUsed)} MB`);

  // 2. Labelled pairs.
  const pairReports: Array<PairReport & { engine: 'engine' | 'baseline' }> = [];
  const SWEEP = [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
  const sweep: Record<string, Record<string, number>> = {};
  const misses: Array<Record<string, unknown>> = [];
  for (const file of pairFiles) {
    const pairs = readPairs(file);
    const scores = pairs.map((p) => screener.nameScore(p.query, p.candidate, schemaMode(p.schema)).score);
    const base = pairs.map((p) => jaroWinkler(baselineKey(p.query), baselineKey(p.candidate)));
    const name = file.split('/').pop()!;
    for (const r of reportPairs(name, pairs, scores, threshold)) pairReports.push({ ...r, engine: 'engine' });
    sweep[`${name} F1`] = Object.fromEntries(SWEEP.map((t) => [t, confusionAt(scores, pairs.map((p) => p.is_match), t).f1]));
    if (flag('--misses')) {
      const wrong = pairs.flatMap((p, i) => ((scores[i] >= threshold) === p.is_match ? [] : [{ file: name, kind: p.is_match ? 'missed' : 'false alert', score: r2(scores[i]), schema: p.schema, group: p.group ?? '', category: p.category ?? '', quality: p.quality ?? '', query: p.query, candidate: p.candidate }]));
      misses.push(...wrong);
      log(`\n${name}: ${wrong.length} pairs wrong at ${threshold}`);
      table(wrong);
    }
    for (const r of reportPairs(name, pairs, base, threshold)) pairReports.push({ ...r, engine: 'baseline' });
  }
  if (flag('--misses')) out.misses = misses;
  out.pairs = pairReports.map((r) => ({
    file: r.file,
    schema: r.schema,
    matcher: r.engine,
    pairs: r.pairs,
    precision: r.at_default.precision,
    recall: r.at_default.recall,
    f1: r.at_default.f1,
    best_f1: r.best.f1,
    best_threshold: r.best.threshold,
  }));
  log(`\nLabelled pairs (threshold ${threshold} for both; best F1 over thresholds):`);
  table(out.pairs as Array<Record<string, unknown>>);

  // 3. Query files: every loaded list, default settings.
  const allNames = entities.flatMap((e) => e.names.map((n) => ({ key: baselineKey(n.full), id: e.id, kind: e.kind })));
  const queryReports: Array<Record<string, unknown>> = [];
  const latencyQueries: ScreeningQuery[] = [];
  const queryRowsRead: Array<{ file: string; read: number; screened: number; skipped: number; reasons: Record<string, number> }> = [];
  for (const { file, expect } of queryFiles) {
    // Rows with an impossible date or an unknown country are skipped with their reason, never stop the file.
    const queryFile = readQueryFile(file);
    const rows = queryFile.rows;
    queryRowsRead.push({ file: file.split('/').pop()!, read: queryFile.read, screened: rows.length, skipped: queryFile.skipped.length, reasons: countReasons(queryFile.skipped) });
    if (!rows.length) continue;
    let flagged = 0;
    let found = 0;
    const ranks: number[] = [];
    for (const row of rows) {
      latencyQueries.push(row.query);
      const res = screener.screen(row.query);
      if (res.hits.length) flagged++;
      if (row.expected) {
        const rank = res.hits.findIndex((h) => isEntity(h, row.expected!));
        if (rank >= 0) {
          found++;
          ranks.push(rank + 1);
        }
      }
    }
    // The same file at other thresholds, to choose the default from.
    sweep[`${file.split('/').pop()} ${expect === 'hit' ? 'recall (intended entity)' : 'false-alert rate'}`] = Object.fromEntries(
      SWEEP.map((t) => {
        let n = 0;
        for (const row of rows) {
          const res = screener.screen({ ...row.query, match_score: Math.round(t * 100) });
          if (expect === 'hit' ? res.hits.some((h) => isEntity(h, row.expected!)) : res.hits.length > 0) n++;
        }
        return [t, r2(n / rows.length)];
      }),
    );
    // Baseline: whole-name Jaro-Winkler against every listed person's name.
    const capped = rows.slice(0, baselineCap);
    let bFlagged = 0;
    let bFound = 0;
    for (const row of capped) {
      const key = baselineKey(row.query.search_term);
      let any = false;
      let hitExpected = false;
      for (const n of allNames) {
        if (n.kind !== 'person') continue;
        if (jaroWinkler(key, n.key) >= threshold) {
          any = true;
          if (n.id === row.expected) hitExpected = true;
        }
      }
      if (any) bFlagged++;
      if (hitExpected) bFound++;
    }
    const name = file.split('/').pop()!;
    const report: Record<string, unknown> = {
      file: name,
      expect,
      queries: rows.length,
      engine_any_hit_rate: r2(flagged / rows.length),
      baseline_queries: capped.length,
      baseline_any_hit_rate: r2(bFlagged / capped.length),
    };
    if (expect === 'hit' && rows.some((r) => r.expected)) {
      report.engine_recall_intended = r2(found / rows.length);
      report.engine_mean_rank = ranks.length ? r2(ranks.reduce((a, b) => a + b, 0) / ranks.length) : null;
      report.baseline_recall_intended = r2(bFound / capped.length);
    }
    if (expect === 'none') {
      report.engine_false_alert_rate = report.engine_any_hit_rate;
      report.baseline_false_alert_rate = report.baseline_any_hit_rate;
    }
    queryReports.push(report);
  }
  out.queries = queryReports;
  out.query_rows = queryRowsRead;
  out.threshold_sweep = sweep;
  log('\nQuery files read (rows skipped with their reasons are not screened):');
  for (const q of queryRowsRead) {
    const reasons = Object.entries(q.reasons).map(([reason, n]) => `${reason} ${n}`);
    log(`  ${q.file}: ${q.read} rows read, ${q.screened} screened, ${q.skipped} skipped${reasons.length ? ` (${reasons.join(', ')})` : ''}`);
  }
  log('\nQuery files (share with a result at or above the default threshold):');
  table(queryReports);
  log('\nEngine at other thresholds (to choose the default match score):');
  table(Object.entries(sweep).map(([k, v]) => ({ measure: k, ...v })));

  // 4. Speed: latency of one screening, in process.
  const speed = (s: Screener, label: string) => {
    const qs = latencyQueries.length ? latencyQueries : [{ search_term: 'John Smith', entity_type: 'person' as const }];
    for (let i = 0; i < 300; i++) s.screen(qs[i % qs.length]); // warm-up (JIT)
    const lat: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const q = qs[i % qs.length];
      const st = performance.now();
      s.screen(q);
      lat.push(performance.now() - st);
    }
    const res = { p50_ms: r2(percentile(lat, 0.5)), p99_ms: r2(percentile(lat, 0.99)), max_ms: r2(Math.max(...lat)) };
    log(`${label}: p50 ${res.p50_ms} ms, p99 ${res.p99_ms} ms (2000 screenings after 300 warm-up)`);
    return res;
  };
  log('');
  out.latency = speed(screener, 'Engine latency, bundled lists');
  const bl: number[] = [];
  for (let i = 0; i < 200; i++) {
    const key = baselineKey(latencyQueries[i % latencyQueries.length]?.search_term ?? 'john smith');
    const st = performance.now();
    let best = 0;
    for (const n of allNames) {
      const v = jaroWinkler(key, n.key);
      if (v > best) best = v;
    }
    bl.push(performance.now() - st);
  }
  out.baseline_latency = { p50_ms: r2(percentile(bl, 0.5)), p99_ms: r2(percentile(bl, 0.99)) };
  log(`Baseline latency (full scan of ${allNames.length} names): p50 ${(out.baseline_latency as any).p50_ms} ms, p99 ${(out.baseline_latency as any).p99_ms} ms`);

  // 5. Batch on worker threads: three batches of 10,000 distinct names (other processes share the cores, so
  // each run is reported with the load average of the minute before it; the median is the figure).
  const batch = async (eng: ReturnType<typeof createScreeningEngine>, label: string) => {
    const qs = distinctBatch(latencyQueries, batchSize);
    const w0 = performance.now();
    await eng.warmWorkers();
    const warmMs = performance.now() - w0;
    const runs: Array<{ ms: number; names_per_second: number; load_average: number; errors: number }> = [];
    for (let run = 0; run < batchRuns; run++) {
      const load = r2(loadavg()[0]);
      const b0 = performance.now();
      const results = await eng.screenBatch(qs);
      const ms = performance.now() - b0;
      runs.push({ ms: Math.round(ms), names_per_second: Math.round(qs.length / (ms / 1000)), load_average: load, errors: results.filter((r) => 'error' in r).length });
    }
    const sorted = [...runs].sort((a, b) => a.names_per_second - b.names_per_second);
    const median = sorted[Math.floor(sorted.length / 2)];
    const res = { names: qs.length, ms: median.ms, names_per_second: median.names_per_second, worker_start_ms: Math.round(warmMs), errors: runs.reduce((a, r) => a + r.errors, 0), runs };
    log(`${label}: ${qs.length} names, median ${res.names_per_second} names/s on 2 worker threads (${runs.map((r) => `${r.names_per_second}/s at load ${r.load_average}`).join(', ')}); workers opened the shared index in ${res.worker_start_ms} ms first`);
    return res;
  };
  out.batch = await batch(engine, 'Batch, bundled lists');
  await engine.close();

  out.merging = await mergeFigures();

  // 6. Scale: synthetic entities. One index in this process (timed, measured), then the
  // batch on two worker threads that open the same packed index (shared memory).
  if (synthetic > 0) {
    log(`\nWith ${synthetic} synthetic entities:`);
    const { syntheticEntities } = await import('../server/screening/synthetic');
    global.gc?.();
    const m0 = process.memoryUsage();
    const g0 = performance.now();
    const all = entities.concat(syntheticEntities(entities, synthetic, 42));
    const genMs = performance.now() - g0;
    const bb = performance.now();
    const keepPrepared = synthetic <= 500_000;
    const bigScreener = new Screener(all, { keepPrepared });
    const bigBuild = performance.now() - bb;
    global.gc?.();
    const m1 = process.memoryUsage();
    const lat = speed(bigScreener, `Engine latency, ${all.length} entities`);
    const synth: Record<string, unknown> = {
      entities: all.length,
      names_indexed: bigScreener.index.size,
      generate_ms: Math.round(genMs),
      index_build_ms: Math.round(bigBuild),
      rss_mb: mb(m1.rss),
      heap_used_mb: mb(m1.heapUsed),
      heap_growth_mb: mb(m1.heapUsed - m0.heapUsed),
      prepared_names_kept: keepPrepared,
      latency: lat,
    };
    log(`Index build ${Math.round(bigBuild)} ms (generation ${Math.round(genMs)} ms); RSS ${mb(m1.rss)} MB, heap ${mb(m1.heapUsed)} MB (+${mb(m1.heapUsed - m0.heapUsed)} MB for the index)`);
    if (!flag('--no-synthetic-batch')) {
      const { WorkerPool } = await import('../server/screening/worker-pool');
      const pool = new WorkerPool(2);
      const data = { version: 1, packed: bigScreener.index.packed, keepPrepared };
      const w0 = performance.now();
      await pool.warm(data);
      const warmMs = performance.now() - w0;
      const qs = distinctBatch(latencyQueries, batchSize);
      const load = r2(loadavg()[0]);
      const b0 = performance.now();
      const results = await pool.screen(qs, data, (q, r) => bigScreener.finishScored(q, r));
      const ms = performance.now() - b0;
      synth.batch = {
        names: qs.length,
        ms: Math.round(ms),
        names_per_second: Math.round(qs.length / (ms / 1000)),
        load_average: load,
        worker_start_ms: Math.round(warmMs),
        errors: results.filter((r) => 'error' in r).length,
        rss_mb_with_two_workers: mb(process.memoryUsage().rss),
      };
      log(`Batch: ${qs.length} names in ${Math.round(ms)} ms = ${(synth.batch as any).names_per_second} names/s at load ${load} (workers opened the shared index in ${Math.round(warmMs)} ms; RSS with both workers ${(synth.batch as any).rss_mb_with_two_workers} MB)`);
      await pool.close();
    }
    out.synthetic = synth;
  }

  // Other processes on the machine share its cores: the batch figure depends on them.
  out.load_average_at_end = loadavg().map(r2);
  log(`\nLoad average at start ${(out.load_average_at_start as number[]).join(' ')}, at end ${(out.load_average_at_end as number[]).join(' ')} (${cpus().length} cores)`);
  if (asJson) console.log(JSON.stringify(out, null, 2));
}

/** A hit is the expected entity when the id is its own or one of its merged listings' (a UN id merged into an SDN entity). */
function isEntity(h: ScreeningHit, id: string): boolean {
  return h.entity_id === id || (h.listings?.some((l) => l.id === id) ?? false);
}

/**
 * One entity across lists: merge groups by rule on the loaded lists, and hits per search with merging off
 * (the CSL's copies dropped, as before) and on, over the names of every entity more than one list
 * publishes (each listing's own name) plus hits.csv. Two indexes, one per setting, built here.
 */
async function mergeFigures(): Promise<Record<string, unknown>> {
  const { LIST_DEFINITIONS, listConfigured, readListFiles } = await import('../server/screening/loaders/index');
  const { mergeEntities } = await import('../server/screening/merge');
  const lists = LIST_DEFINITIONS.filter((def) => listConfigured(listsDir, def) && existsSync(join(listsDir, def.id))).map((def) => ({
    id: def.id, name: def.name, database: def.database, entities: def.parse(readListFiles(listsDir, def)), version: '', loaded_at: '',
  }));
  const t0 = performance.now();
  const on = mergeEntities(lists);
  const mergeMs = performance.now() - t0;
  const off = mergeEntities(lists, { enabled: false });
  const byLists: Record<string, number> = {};
  for (const e of on.entities) {
    if (!e.listings) continue;
    const key = [...new Set(e.listings.map((l) => l.list_id))].join(' + ');
    byLists[key] = (byLists[key] ?? 0) + 1;
  }
  // Searches: each listing's own name of entities several lists publish (copies of one record aside, which were one hit already).
  const sample: ScreeningQuery[] = [];
  const seen = new Set<string>();
  for (const e of on.entities) {
    if (!e.listings || !e.merge_reasons?.some((r) => r.rule !== 'copy')) continue;
    for (const l of e.listings) {
      const term = l.names[0];
      // A search term is 2-100 characters: longer listed names are not searches anyone types.
      if (!term || term.length < 2 || term.length > 100 || seen.has(`${e.kind}|${term.toLowerCase()}`)) continue;
      seen.add(`${e.kind}|${term.toLowerCase()}`);
      sample.push({ search_term: term, entity_type: e.kind === 'person' ? 'person' : 'company' });
    }
  }
  const hitsCsv = join(root, 'bench/screening/hits.csv');
  const csvRows = existsSync(hitsCsv) ? readQueryFile(hitsCsv).rows : [];
  const csv = csvRows.map((r) => r.query);
  const before = new Screener(off.entities);
  const after = new Screener(on.entities);
  const measure = (queries: ScreeningQuery[], expected: Array<string | undefined> = []) => {
    let b = 0;
    let a = 0;
    let duplicates = 0;
    const ranks = { before: [] as number[], after: [] as number[] };
    queries.forEach((q, i) => {
      const hb = before.screen(q).hits;
      const ha = after.screen(q).hits;
      b += hb.length;
      a += ha.length;
      // A search that raised one entity twice or more before merging.
      const heads = new Set(hb.map((h) => after.getEntity(h.entity_id)?.id ?? h.entity_id));
      if (heads.size < hb.length) duplicates++;
      const id = expected[i];
      if (!id) return;
      const rb = hb.findIndex((h) => isEntity(h, id));
      const ra = ha.findIndex((h) => isEntity(h, id));
      if (rb >= 0) ranks.before.push(rb + 1);
      if (ra >= 0) ranks.after.push(ra + 1);
    });
    const mean = (xs: number[]) => (xs.length ? r2(xs.reduce((x, y) => x + y, 0) / xs.length) : null);
    return {
      searches: queries.length,
      hits_per_search_before: r2(b / queries.length),
      hits_per_search_after: r2(a / queries.length),
      searches_with_a_repeated_entity_before: duplicates,
      ...(expected.length ? { intended_found_before: ranks.before.length, intended_found_after: ranks.after.length, mean_rank_before: mean(ranks.before), mean_rank_after: mean(ranks.after) } : {}),
    };
  };
  const figures = {
    entities_listed: on.stats.entities_in,
    entities_before: off.entities.length,
    entities_after: on.entities.length,
    merge_ms: Math.round(mergeMs),
    groups: on.stats.groups,
    joins_by_rule: on.stats.by_rule,
    groups_by_lists: byLists,
    multi_listed_names: measure(sample),
    hits_csv: measure(csv, csvRows.map((r) => r.expected)),
  };
  log(`\nOne entity across lists: ${figures.entities_listed} listings -> ${figures.entities_before} entities with copies dropped (before), ${figures.entities_after} merged (after), in ${figures.merge_ms} ms`);
  log(`Merge groups: ${figures.groups}; joins by rule: ${Object.entries(on.stats.by_rule).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  table(Object.entries(byLists).map(([lists, groups]) => ({ lists, groups })));
  table([
    { sample: 'names of entities on several lists', ...figures.multi_listed_names },
    { sample: 'hits.csv', ...figures.hits_csv },
  ]);
  return figures;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
