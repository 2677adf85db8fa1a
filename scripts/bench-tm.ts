/**
 * Transaction-monitoring benchmark: `npm run bench:tm -- [--dir DIR]... [--heldout SEED] [--synthetic N] [--json]`
 *
 * 1. Detection on labelled data. Each AMLSim folder (--dir, repeatable; default both folders of
 *    ../shared/data/transactions/amlsim, or AMLSIM_DIR) is mapped with server/tm-engine/amlsim.ts and replayed in
 *    time order through the engine with the enabled DEFAULT_RULES. Every account an alert names (its party and
 *    the pattern's members) is flagged; precision, recall and F1 against isFraud at account level are printed
 *    beside the single fan-in baseline of SOURCES.md ("at least K distinct senders within W days", the hub
 *    flagged, best K/W of a small grid, measured in the same run), with each rule's contribution (alone, the
 *    accounts only it finds, the F1 lost without it).
 * 2. The same on a held-out synthetic set (tests/tm/synthetic.ts: other amounts, timings, confounders and
 *    patterns), so the rules are seen to hold on data they were not tuned on.
 * 3. Engine speed: transactions per second through add + evaluate, and evaluate latency p50/p99, on each set.
 * 4. Ingest through the server (ingestTransactions, the path of POST /transactions) on PGlite and Postgres with --synthetic N
 *    stored transactions (`--latency M` single calls timed at the end): see the section "Ingest through the server" below.
 *    `--skip-detection` measures only that.
 *
 * --json prints one JSON object. Targets (issue 15): F1 >= 0.60 on each AMLSim folder; decision p99 < 20 ms.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { type Pattern, type RuleDefinition } from '../common/tm-rules';
import { readAmlsimAccounts, readAmlsimMetadata, readAmlsimTransfers } from '../server/tm-engine/amlsim';
import { DEFAULT_RULES, TransferState, compileRule, evaluate, horizonOf, type CompiledRule, type TxFacts } from '../server/tm-engine';
import { generateSynthetic, SYNTHETIC_DEFAULTS } from '../tests/tm/synthetic';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const options = (name: string) => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]] : []));
const JSON_OUT = flag('--json');
const SYNTHETIC = Math.min(1_000_000, Math.max(0, Number(options('--synthetic')[0] ?? 0) || 0));
const HELDOUT_SEED = Number(options('--heldout')[0] ?? SYNTHETIC_DEFAULTS.seed) || SYNTHETIC_DEFAULTS.seed;
const log = (...parts: unknown[]) => {
  if (!JSON_OUT) console.log(...parts);
};

function amlsimDirs(): string[] {
  const given = options('--dir');
  if (given.length) return given.map((d) => resolve(d));
  const base = resolve(process.env.AMLSIM_DIR ?? join(ROOT, '..', 'shared', 'data', 'transactions', 'amlsim'));
  if (existsSync(join(base, 'transactions.csv'))) return [base];
  return readdirSync(base)
    .map((d) => join(base, d))
    .filter((d) => statSync(d).isDirectory() && existsSync(join(d, 'transactions.csv')))
    .sort();
}

// ---------------------------------------------------------------------------
// Labelled sets and measuring

interface LabelledSet {
  name: string;
  transactions: TxFacts[];
  /** Every account and whether it is a laundering account. */
  truth: Map<string, boolean>;
  /** The account a party key names (a customer id maps to its account). */
  account: (key: string) => string | null;
}

export interface Score {
  flagged: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

function score(flagged: Set<string>, truth: Map<string, boolean>): Score {
  let tp = 0;
  let fp = 0;
  let positives = 0;
  for (const v of truth.values()) if (v) positives++;
  for (const a of flagged) {
    if (truth.get(a)) tp++;
    else fp++;
  }
  const fn = positives - tp;
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = positives ? tp / positives : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { flagged: flagged.size, tp, fp, fn, precision: round(precision), recall: round(recall), f1: round(f1) };
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

interface Replay {
  /** Accounts flagged by each rule (party and members, or party only). */
  byRule: Map<string, Set<string>>;
  transactions: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Replays a set in time order: each transaction added to the state, then evaluated; the time of both is measured. */
function replay(set: LabelledSet, rules: CompiledRule[], withMembers: boolean): Replay {
  const state = new TransferState({ horizonMs: horizonOf(rules) });
  const byRule = new Map(rules.map((r) => [r.id, new Set<string>()]));
  const latencies = new Float64Array(set.transactions.length);
  const started = performance.now();
  let i = 0;
  for (const tx of set.transactions) {
    const t0 = performance.now();
    state.add(tx);
    const hits = evaluate(rules, tx, state);
    latencies[i++] = performance.now() - t0;
    for (const hit of hits) {
      const flagged = byRule.get(hit.rule_id)!;
      const party = set.account(hit.party_key);
      if (party) flagged.add(party);
      if (withMembers) for (const m of hit.members) if (set.truth.has(m)) flagged.add(m);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort();
  const q = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))], 4);
  return { byRule, transactions: i, seconds: round(seconds, 2), perSecond: Math.round(i / seconds), p50Ms: q(0.5), p99Ms: q(0.99), maxMs: round(latencies[latencies.length - 1] ?? 0, 2) };
}

function union(sets: Iterable<Set<string>>): Set<string> {
  const out = new Set<string>();
  for (const s of sets) for (const x of s) out.add(x);
  return out;
}

// The fan-in baseline of SOURCES.md: "at least K distinct senders within W days", the receiving account flagged.
const BASELINE_K = [3, 4, 5, 6, 8, 10, 12];
const BASELINE_W = [10, 20, 40, 80];
function baselineRules(): CompiledRule[] {
  const rules: CompiledRule[] = [];
  for (const k of BASELINE_K) {
    for (const w of BASELINE_W) {
      const pattern: Pattern = { kind: 'fan_in', window: { amount: w, unit: 'days' }, min_counterparties: k };
      rules.push(compileRule({ id: `K=${k} W=${w}`, version: 1, score: 0, definition: { version: 1, when: { pattern } } }));
    }
  }
  return rules;
}

interface RuleReport {
  key: string;
  name: string;
  alone: Score;
  /** Laundering accounts no other rule flags. */
  only_tp: number;
  /** F1 of the rule set without this rule, minus the set's F1. */
  f1_without: number;
}

interface SetReport {
  name: string;
  transactions: number;
  accounts: number;
  laundering_accounts: number;
  rules: Score;
  /** null on the held-out set: the baseline is SOURCES.md's, measured on AMLSim. */
  baseline: (Score & { k: number; window_days: number }) | null;
  per_rule: RuleReport[];
  engine: { transactions_per_second: number; evaluate_p50_ms: number; evaluate_p99_ms: number; evaluate_max_ms: number; seconds: number };
}

function measure(set: LabelledSet, rules: CompiledRule[], withBaseline = true): SetReport {
  const main = replay(set, rules, true);
  const all = union(main.byRule.values());
  const total = score(all, set.truth);
  const perRule: RuleReport[] = rules.map((r) => {
    const mine = main.byRule.get(r.id)!;
    const others = union([...main.byRule].filter(([id]) => id !== r.id).map(([, s]) => s));
    let only = 0;
    for (const a of mine) if (set.truth.get(a) && !others.has(a)) only++;
    const def = DEFAULT_RULES.find((d) => d.key === r.id)!;
    return { key: r.id, name: def.name, alone: score(mine, set.truth), only_tp: only, f1_without: round(score(others, set.truth).f1 - total.f1) };
  });
  let best: SetReport['baseline'] | null = null;
  for (const [id, flagged] of withBaseline ? replay(set, baselineRules(), false).byRule : []) {
    const s = score(flagged, set.truth);
    const [, k, w] = /K=(\d+) W=(\d+)/.exec(id)!;
    if (!best || s.f1 > best.f1) best = { ...s, k: Number(k), window_days: Number(w) };
  }
  let positives = 0;
  for (const v of set.truth.values()) if (v) positives++;
  return {
    name: set.name,
    transactions: set.transactions.length,
    accounts: set.truth.size,
    laundering_accounts: positives,
    rules: total,
    baseline: best,
    per_rule: perRule,
    engine: { transactions_per_second: main.perSecond, evaluate_p50_ms: main.p50Ms, evaluate_p99_ms: main.p99Ms, evaluate_max_ms: main.maxMs, seconds: main.seconds },
  };
}

async function amlsimSet(dir: string): Promise<LabelledSet> {
  const accounts = await readAmlsimAccounts(dir);
  const transactions: TxFacts[] = [];
  for await (const t of readAmlsimTransfers(dir, accounts)) transactions.push(t.facts);
  // The file is in step order; within a step the times of day are hashed, so sort by the transactions' own time.
  transactions.sort((a, b) => a.occurred_at - b.occurred_at);
  const truth = new Map<string, boolean>();
  const byCustomer = new Map<string, string>();
  for (const a of accounts.values()) {
    truth.set(a.account, a.is_fraud);
    byCustomer.set(a.customer_id, a.account);
  }
  return { name: basename(dir), transactions, truth, account: (k) => byCustomer.get(k) ?? (truth.has(k) ? k : null) };
}

function heldoutSet(seed: number): LabelledSet {
  const data = generateSynthetic({ seed });
  const truth = new Map<string, boolean>();
  for (const [a, v] of data.accounts) truth.set(a, v.fraud);
  return { name: `held-out synthetic (seed ${seed})`, transactions: data.transactions, truth, account: (k) => (k.startsWith('C-') ? k.slice(2) : truth.has(k) ? k : null) };
}

function printSet(r: SetReport): void {
  const pct = (x: number) => x.toFixed(3);
  log(`\n== ${r.name}: ${r.transactions.toLocaleString('en')} transactions, ${r.accounts.toLocaleString('en')} accounts, ${r.laundering_accounts} laundering`);
  log(`   default rules      P ${pct(r.rules.precision)}  R ${pct(r.rules.recall)}  F1 ${pct(r.rules.f1)}   (flagged ${r.rules.flagged}, TP ${r.rules.tp}, FP ${r.rules.fp})`);
  if (r.baseline) log(`   fan-in baseline    P ${pct(r.baseline.precision)}  R ${pct(r.baseline.recall)}  F1 ${pct(r.baseline.f1)}   (best of grid: K=${r.baseline.k}, W=${r.baseline.window_days} days)`);
  log('   per rule (alone P / R / F1, laundering accounts only it finds, F1 change without it):');
  for (const p of r.per_rule) {
    log(`     ${p.key.padEnd(18)} ${pct(p.alone.precision)} / ${pct(p.alone.recall)} / ${pct(p.alone.f1)}  flagged ${String(p.alone.flagged).padStart(5)}  only ${String(p.only_tp).padStart(4)}  without ${p.f1_without >= 0 ? '+' : ''}${p.f1_without.toFixed(3)}`);
  }
  log(`   engine: ${r.engine.transactions_per_second.toLocaleString('en')} transactions/s (add + evaluate), evaluate p50 ${r.engine.evaluate_p50_ms} ms, p99 ${r.engine.evaluate_p99_ms} ms, max ${r.engine.evaluate_max_ms} ms`);
}

// ---------------------------------------------------------------------------
// Ingest through the server: throughput and decision latency (ingestTransactions, the
// path of POST /transactions without HTTP), on PGlite and, when one answers, on Postgres (TEST_POSTGRES_URL, or
// postgres@127.0.0.1:5432; a scratch database, dropped at the end). --synthetic N transactions are generated
// like the held-out set (ordinary traffic and patterns, more people for more transactions) and stored in
// batches of 1,000 through ingestTransactions: every one decided by the default rules and written with its
// alerts; the throughput is measured over the whole load. Then, with N stored, --latency M (default 500)
// single-transaction calls are timed one by one: the decision latency an integrator sees, p50 and p99.
// Screening is off (the names are generated), so the figures are the engine's and the database's.

interface IngestRun {
  database: 'pglite' | 'postgres';
  stored: number;
  load_seconds: number;
  transactions_per_second: number;
  decision_p50_ms: number;
  decision_p99_ms: number;
  decisions_timed: number;
}

interface IngestReport {
  status: 'measured' | 'skipped';
  note: string;
  runs: IngestRun[];
}

function syntheticInputs(n: number) {
  // About 80 transactions per person over 120 days: enough people for n.
  const data = generateSynthetic({ seed: HELDOUT_SEED + 1, persons: Math.max(500, Math.ceil(n / 75)), merchants: 200, employers: 80 });
  return data.transactions.slice(0, n).map((t) => ({
    reference_id: `SYN-${t.id}`,
    created_at: new Date(t.occurred_at).toISOString(),
    customer_id: t.customer_id ?? undefined,
    amount: t.amount,
    currency: t.currency,
    direction: t.direction,
    payment_method: t.payment_method as string,
    type: t.type as string,
    remitter_account: t.remitter_account ?? undefined,
    beneficiary_account: t.beneficiary_account ?? undefined,
  }));
}

async function ingestOn(kind: 'pglite' | 'postgres', inputs: ReturnType<typeof syntheticInputs>, latencyCalls: number): Promise<IngestRun | null> {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { openDatabase } = await import('../server/db/client');
  const { loadConfig } = await import('../server/config');
  const { createDeps, prepareDatabase } = await import('../server/start');
  const { ingestTransactions } = await import('../server/transactions/ingest');
  let drop = async () => {};
  let db: Awaited<ReturnType<typeof openDatabase>>;
  if (kind === 'pglite') db = await openDatabase({});
  else {
    const pg = (await import('pg')).default;
    const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `aml_bench_tm_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
    } catch {
      await admin.end().catch(() => {});
      return null;
    }
    db = await openDatabase({ databaseUrl: adminUrl.replace(/\/[^/]*$/, `/${name}`) });
    drop = async () => {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aml-bench-tm-')), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), serveStatic: false };
  try {
    await prepareDatabase(config, db);
    // The lists are never read: every party is left unscreened.
    const idle = { ready: async () => {}, status: () => ({ state: 'ready', lists: [] }), close: async () => {} } as never;
    const deps = createDeps(config, db, { info: () => {}, warn: () => {}, error: console.error }, { screening: idle });
    const orgId = (await db.one<{ id: string }>("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    const options = { source: 'api' as const, actor: null, spendCredits: false, screen: false, notify: false, publish: false };
    const loadCount = Math.max(0, inputs.length - latencyCalls);
    const started = performance.now();
    for (let i = 0; i < loadCount; i += 1000) {
      await ingestTransactions(deps, orgId, inputs.slice(i, Math.min(loadCount, i + 1000)), options);
      if ((i / 1000) % 50 === 49) log(`   ${kind}: ${(i + 1000).toLocaleString('en')} stored…`);
    }
    const loadSeconds = (performance.now() - started) / 1000;
    const latencies: number[] = [];
    for (const input of inputs.slice(loadCount)) {
      const t0 = performance.now();
      await ingestTransactions(deps, orgId, [input], options);
      latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    const q = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0, 2);
    return {
      database: kind,
      stored: inputs.length,
      load_seconds: round(loadSeconds, 1),
      transactions_per_second: Math.round(loadCount / loadSeconds),
      decision_p50_ms: q(0.5),
      decision_p99_ms: q(0.99),
      decisions_timed: latencies.length,
    };
  } finally {
    await drop();
  }
}

async function ingestBench(n: number): Promise<IngestReport> {
  if (n <= 0) return { status: 'skipped', note: 'pass --synthetic N to measure ingest through the server', runs: [] };
  const latency = Math.max(1, Number(options('--latency')[0] ?? 500) || 500);
  const inputs = syntheticInputs(n + latency);
  const runs: IngestRun[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    log(`\nIngest through the server on ${kind}: ${n.toLocaleString('en')} transactions in batches of 1,000, then ${latency} single calls…`);
    const run = await ingestOn(kind, inputs, latency);
    if (!run) {
      log('   no Postgres server answered (TEST_POSTGRES_URL): skipped');
      continue;
    }
    log(`   ${run.transactions_per_second.toLocaleString('en')} transactions/s with decisions (${run.load_seconds} s); decision p50 ${run.decision_p50_ms} ms, p99 ${run.decision_p99_ms} ms at ${run.stored.toLocaleString('en')} stored`);
    runs.push(run);
  }
  return { status: 'measured', note: 'ingestTransactions, screening off, default rules', runs };
}

// ---------------------------------------------------------------------------

async function main() {
  const rules = DEFAULT_RULES.filter((r) => r.enabled).map((r) => compileRule({ id: r.key, version: 1, score: r.score, definition: r.definition as RuleDefinition }));
  log(`Default rules (enabled): ${rules.map((r) => r.id).join(', ')}`);
  const reports: SetReport[] = [];
  const detection = !flag('--skip-detection');
  for (const dir of detection ? amlsimDirs() : []) {
    const meta = await readAmlsimMetadata(dir);
    log(`\nReading ${dir} (${meta.transactions ?? '?'} transfers, patterns: ${meta.patterns ?? '?'})`);
    const report = measure(await amlsimSet(dir), rules);
    printSet(report);
    reports.push(report);
  }
  const heldout = detection ? measure(heldoutSet(HELDOUT_SEED), rules, false) : null;
  if (heldout) printSet(heldout);
  const ingest = await ingestBench(SYNTHETIC);
  if (ingest.status === 'skipped') log(`\nIngest through the server: ${ingest.note}`);
  if (JSON_OUT) console.log(JSON.stringify({ amlsim: reports, heldout, ingest }, null, 2));
}

await main();
