/**
 * Custom lists benchmark: `npm run bench:lists -- [options]`
 *   --db pglite|postgres|both   database(s) to run on (default pglite; postgres uses TEST_POSTGRES_URL or
 *                               postgres://postgres@127.0.0.1:5432/postgres to create a scratch database)
 *   --records 100000            records in the uploaded list (default 100,000)
 *   --searches 2000             screenings timed for the latency figures (default 2,000, after 300 to warm up)
 *   --json                      print one JSON object with every figure
 * Loads every list, writes a CSV blacklist of synthetic people and companies whose names recombine the
 * public lists' words (so word frequencies look like a real list's), uploads it through the real call
 * (POST /api/custom-listing, multipart), and measures:
 * - upload: the time the call takes (reading, checking and storing every record);
 * - searchable: from the start of the upload until a screening through the search call (POST /api/search)
 *   finds a record of the list by a misspelt name, which includes the first catch-up of the index, and the
 *   longest the event loop was held meanwhile (how long other requests could not be answered);
 * - one more record: adding a record (POST /api/custom-listing-entry) until it is found;
 * - latency of one screening as a case screens (server/case-store/screen.ts: public lists and the
 *   organisation's custom lists), p50 and p99, without and with the list loaded.
 */
import { caseScreening } from '../server/case-store/screen';
import { loadConfig } from '../server/config';
import { createScreeningEngine, type ListedEntity, type ScreeningEngine } from '../server/screening';
import { syntheticEntities } from '../server/screening/synthetic';
import { isKnownCountry } from '../server/reference/countries';
import { limitHeapGrowth } from '../server/start';
import { multipart } from '../tests/cases/multipart';
import { startBenchApp } from './bench-app';
import type { SearchInputView } from '../common/cases';

const args = process.argv.slice(2);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const asJson = args.includes('--json');
const dbChoice = value('--db') ?? 'pglite';
const kinds = (dbChoice === 'both' ? ['pglite', 'postgres'] : [dbChoice]) as Array<'pglite' | 'postgres'>;
const records = Number(value('--records') ?? 100_000);
const searches = Number(value('--searches') ?? 2_000);
const say = (...xs: unknown[]) => {
  if (!asJson) console.log(...xs);
};

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The list as a file an organisation would upload: full name, type, date, country, category. */
function listFile(entities: ListedEntity[]): Buffer {
  const lines = ['full_name,entity_type,date_of_birth,country,category'];
  for (const e of entities) {
    const year = e.birth_dates[0]?.year;
    // Countries the lists still carry under retired codes (YD, DD) are left blank, as the upload would refuse them.
    const country = e.countries.find(isKnownCountry) ?? '';
    lines.push([csvCell(e.names[0].full), e.kind === 'person' ? 'person' : 'company', year ? String(year) : '', country, 'Internal watchlist'].join(','));
  }
  return Buffer.from(lines.join('\n') + '\n');
}



/** Drops one letter in the middle of the longest word: a typo a screening must still catch. */
function misspell(name: string): string {
  const words = name.split(' ');
  let longest = 0;
  words.forEach((w, i) => {
    if (w.length > words[longest].length) longest = i;
  });
  const w = words[longest];
  if (w.length >= 6) words[longest] = w.slice(0, 3) + w.slice(4);
  return words.join(' ');
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (x: number) => +x.toFixed(3);

interface Run {
  db: 'pglite' | 'postgres';
  records: number;
  file_mb: number;
  upload_seconds: number;
  searchable_seconds: number;
  one_record_searchable_ms: number;
  /** The longest the event loop was held while the first screening after the upload indexed the list. */
  longest_stall_ms: number;
  screening_without_list: { p50_ms: number; p99_ms: number };
  screening_with_list: { p50_ms: number; p99_ms: number };
  index_segments: number;
}

async function latency(screen: (input: SearchInputView) => unknown, names: string[]): Promise<{ p50_ms: number; p99_ms: number }> {
  const input = (term: string, i: number): SearchInputView => ({
    search_term: term,
    entity_type: i % 5 === 0 ? 'company' : 'person',
    countries: [],
    residence_countries: [],
    match_score: 0,
    exact_match: false,
    match_akas: true,
    match_rca: false,
    search_type: 'manual',
    databases: ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'],
  });
  for (let i = 0; i < 300; i++) screen(input(names[i % names.length], i));
  const times: number[] = [];
  for (let i = 0; i < searches; i++) {
    const t0 = performance.now();
    screen(input(names[(i * 7919) % names.length], i));
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50_ms: ms(percentile(times, 0.5)), p99_ms: ms(percentile(times, 0.99)) };
}

async function runOne(kind: 'pglite' | 'postgres', engine: ScreeningEngine, list: ListedEntity[], queries: string[]): Promise<Run> {
  const { db, deps, app, token, close } = await startBenchApp(kind, 'lists', engine);
  try {
    const auth = { authorization: `Bearer ${token}` };
    const organisationId = (await db.one<{ id: string }>(`SELECT id FROM organisations WHERE slug = 'northwind'`))!.id;
    await db.query(`UPDATE organisations SET aml_screening_credits_alloted = NULL, daily_search_limit = NULL WHERE id = $1`, [organisationId]);

    const without = await caseScreening(deps, organisationId);
    const before = await latency((input) => without.screen(input), queries);
    say(`  ${kind}: screening without the list p50 ${before.p50_ms} ms, p99 ${before.p99_ms} ms`);

    const file = listFile(list);
    const probe = list[Math.floor(list.length / 2)];
    const t0 = performance.now();
    const { body, headers } = multipart({ name: `Bench watchlist ${records}`, description: 'Benchmark list', type: 'blacklist', file: { filename: 'watchlist.csv', type: 'text/csv', data: file } });
    const res = await app.inject({ method: 'POST', url: '/api/custom-listing', headers: { ...headers, ...auth }, payload: body });
    if (res.statusCode >= 300) throw new Error(`upload refused (${res.statusCode}): ${res.body.slice(0, 500)}`);
    const uploadSeconds = (performance.now() - t0) / 1000;
    const listId = (res.json().list?._id ?? res.json()._id) as string;
    say(`  ${kind}: ${records} records uploaded in ${uploadSeconds.toFixed(1)} s`);
    const search = async (term: string, type: string) => {
      const found = await app.inject({ method: 'POST', url: '/api/search', headers: auth, payload: { search_term: term, entity_type: type } });
      if (found.statusCode !== 200) throw new Error(`search refused (${found.statusCode}): ${found.body}`);
      return found.json().hit_count as number;
    };
    const probeType = probe.kind === 'person' ? 'person' : 'company';
    // How long the server could answer nothing at a time while the first screening indexed the list: a 10 ms
    // timer that measures how late it fires.
    let stall = 0;
    let tick = performance.now();
    const watch = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - tick - 10);
      tick = now;
    }, 10);
    const found = await search(misspell(probe.names[0].full), probeType);
    clearInterval(watch);
    if (found < 1) throw new Error(`the list's record "${probe.names[0].full}" was not found`);
    const searchableSeconds = (performance.now() - t0) / 1000;

    const t1 = performance.now();
    const added = await app.inject({
      method: 'POST',
      url: '/api/custom-listing-entry',
      headers: auth,
      payload: { list_id: listId, full_name: 'Wenceslas Abernethy-Okwuosa', entity_type: 'person', country: 'GB' },
    });
    if (added.statusCode >= 300) throw new Error(`record refused (${added.statusCode}): ${added.body}`);
    if ((await search('Wenceslas Abernethy Okwuosa', 'person')) < 1) throw new Error('the added record was not found');
    const oneRecordMs = performance.now() - t1;

    const withList = await caseScreening(deps, organisationId);
    const after = await latency((input) => withList.screen(input), queries);
    const state = await deps.customLists.current(organisationId);
    say(`  ${kind}: searchable ${searchableSeconds.toFixed(1)} s after the upload began (longest stall ${Math.round(stall)} ms); one more record ${oneRecordMs.toFixed(0)} ms; p50 ${after.p50_ms} ms, p99 ${after.p99_ms} ms with the list`);
    return {
      db: kind,
      records,
      file_mb: +(file.length / 2 ** 20).toFixed(2),
      upload_seconds: +uploadSeconds.toFixed(2),
      searchable_seconds: +searchableSeconds.toFixed(2),
      one_record_searchable_ms: Math.round(oneRecordMs),
      longest_stall_ms: Math.round(stall),
      screening_without_list: before,
      screening_with_list: after,
      index_segments: state.index?.segmentCount ?? 0,
    };
  } finally {
    await close();
  }
}

async function main() {
  // As the server's entry point does, before the lists load.
  limitHeapGrowth();
  const t0 = performance.now();
  const engine = createScreeningEngine({ listsDir: loadConfig({} as NodeJS.ProcessEnv).listsDir, workers: 1 });
  await engine.ready();
  const base: ListedEntity[] = [];
  // The lists' own entities seed the synthetic names, so their words are as common as on a real list.
  const seen = new Set<string>();
  for (const l of engine.status().lists) seen.add(l.id);
  for (const q of ['a', 'e', 'i', 'o', 'u', 'al', 'mohammed', 'trading', 'company', 'bank', 'ali', 'john', 'li', 'kim', 'international', 'group', 'ltd', 'limited', 'co']) {
    for (const h of engine.screen({ search_term: `${q} ${q}`, entity_type: 'person', match_score: 1, limit: 500 }).hits) {
      const e = engine.getEntity(h.entity_id);
      if (e) base.push(e);
    }
    for (const h of engine.screen({ search_term: `${q} ${q}`, entity_type: 'company', match_score: 1, limit: 500 }).hits) {
      const e = engine.getEntity(h.entity_id);
      if (e) base.push(e);
    }
  }
  const list = syntheticEntities(base, records, 2026).filter((e) => e.names[0].full.length >= 2 && e.names[0].full.length <= 100);
  // Queries: names of the list (half misspelt) and names of the public lists, so both indexes are busy.
  const queries = [
    ...list.slice(0, 1000).map((e, i) => (i % 2 ? misspell(e.names[0].full) : e.names[0].full)),
    ...base.slice(0, 1000).map((e) => e.names[0].full.slice(0, 100)),
  ].filter((n) => n.length >= 2);
  say(`lists loaded and ${list.length} list records generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const runs: Run[] = [];
  try {
    for (const kind of kinds) runs.push(await runOne(kind, engine, list, queries));
  } finally {
    await engine.close();
  }
  if (asJson) {
    console.log(JSON.stringify({ records: list.length, runs }, null, 2));
    return;
  }
  console.log('');
  console.log('db        records   file MB  upload s  searchable s  stall ms  +1 record ms  p50/p99 without  p50/p99 with   segments');
  for (const r of runs) {
    console.log(
      `${r.db.padEnd(9)} ${String(r.records).padEnd(9)} ${String(r.file_mb).padStart(7)} ${r.upload_seconds.toFixed(1).padStart(9)} ${r.searchable_seconds.toFixed(1).padStart(13)} ${String(r.longest_stall_ms).padStart(9)} ${String(r.one_record_searchable_ms).padStart(13)}  ${`${r.screening_without_list.p50_ms}/${r.screening_without_list.p99_ms}`.padStart(15)}  ${`${r.screening_with_list.p50_ms}/${r.screening_with_list.p99_ms}`.padStart(13)}   ${r.index_segments}`,
    );
  }
}

await main();
process.exit(0);
