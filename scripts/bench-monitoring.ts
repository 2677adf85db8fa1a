/**
 * Ongoing-monitoring benchmark: `npm run bench:monitoring -- [options]`
 *   --cases N    monitored cases to create (default 1000; half listed names, half clean names)
 *   --json       print one JSON object with every figure
 * Loads every list, creates N cases with AML monitoring on through the real search
 * call (names from bench/screening/hits.csv and none.csv, so about half have hits),
 * then marks every case as screened against older list versions, as a list update
 * would, and times:
 *  - a monitoring pass that checks all N cases (re-screen, compare each monitored record, write);
 *  - the pass after it, which finds nothing due (the cost of a 15-minute tick between list updates).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runAmlMonitoringPass } from '../server/cases/monitoring';
import { createScreeningEngine } from '../server/screening';
import { readQueries } from '../server/screening/evaluation';
import { createDeps, prepareDatabase } from '../server/start';

const args = process.argv.slice(2);
const value = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const CASES = value('--cases', 1000);
const asJson = args.includes('--json');
const say = (...xs: unknown[]) => {
  if (!asJson) console.log(...xs);
};

const names = (file: string) => readQueries(join(import.meta.dirname, '..', 'bench', 'screening', file)).map((q) => q.query.search_term);

async function main() {
  const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aml-bench-')), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), serveStatic: false };
  let t0 = performance.now();
  const db = await openDatabase({});
  await prepareDatabase(config, db);
  const engine = createScreeningEngine({ listsDir: config.listsDir, workers: 1 });
  const deps = createDeps(config, db, { info: () => {}, warn: () => {}, error: console.error }, { screening: engine });
  const app = await buildApp(deps);
  await app.ready();
  try {
    await engine.ready();
    say(`database prepared and lists loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: config.adminEmail, password: config.adminPassword } });
    const token = login.json().access_token as string;
    const hit = names('hits.csv');
    const clean = names('none.csv');
    t0 = performance.now();
    for (let i = 0; i < CASES; i++) {
      const pool = i % 2 ? clean : hit;
      const term = pool[Math.floor(i / 2) % pool.length];
      const res = await app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { authorization: `Bearer ${token}` },
        payload: { search_term: term, entity_type: 'person', aml_monitoring: true },
      });
      if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
    }
    const createSeconds = (performance.now() - t0) / 1000;
    say(`created ${CASES} monitored cases in ${createSeconds.toFixed(1)} s`);
    const hits = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM case_hits'))!.n;

    // What a list update does to every monitored case: the versions it was screened against are no longer current.
    await db.query(`UPDATE cases SET lists_version = '{}'`);
    t0 = performance.now();
    const pass = await runAmlMonitoringPass(deps);
    const passMs = performance.now() - t0;
    t0 = performance.now();
    const idle = await runAmlMonitoringPass(deps);
    const idleMs = performance.now() - t0;
    const result = {
      cases: CASES,
      hits,
      full_pass: { ...pass, seconds: +(passMs / 1000).toFixed(2), cases_per_second: Math.round(pass.checked / (passMs / 1000)) },
      idle_pass: { checked: idle.checked, ms: +idleMs.toFixed(1) },
    };
    if (asJson) console.log(JSON.stringify(result));
    else {
      say(`pass after a list update: ${pass.checked} cases (${hits} hits compared) in ${result.full_pass.seconds} s, ${result.full_pass.cases_per_second} cases/s`);
      say(`pass with nothing due: ${result.idle_pass.ms} ms`);
    }
  } finally {
    await app.close();
    await engine.close();
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
