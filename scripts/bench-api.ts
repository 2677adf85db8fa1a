/**
 * API throughput benchmark: `npm run bench:api -- [options]`
 *   --db pglite|postgres|both   which database to run the server on (default both); Postgres is a fresh
 *                               database on TEST_POSTGRES_URL's server, created and dropped here
 *   --duration S                seconds each call is measured (default 10), after a warm-up
 *   --warmup S                  seconds of load before each measurement, not counted (default 2)
 *   --connections N             concurrent connections of the read calls (default 50; creation uses 10)
 *   --only list,dashboard,search,create   the calls to measure (default all)
 *   --cases N                   cases created before measuring (default 30)
 *   --auth session|key          authenticate the load with the sign-in token (default) or an API key
 *                               generated for the run; with key the rate limits are lifted, so the
 *                               figures show what key authentication and its audit cost, not the limits
 *   --cpu-prof DIR              run the server under `node --cpu-prof`, writing its profile to DIR
 *   --json                      print one JSON object with every figure instead of the table
 *
 * The server is the one `npm start` runs (server/main.ts, same code and defaults:
 * info-level logging included) in a child process on a free loopback port, so
 * the load generator does not share its event loop. The script signs in as the
 * seeded administrator, creates the cases through POST /api/search, then drives
 * each call with autocannon:
 *  - list:      Manage Case, first page of 25 (GET /api/searches)
 *  - dashboard: the dashboard's numbers for the last 30 days (GET /api/searches-categories)
 *  - search:    Manage Case filtered by a search term (GET /api/searches?search=)
 *  - create:    creating a case, which screens the lists (POST /api/search), at 10 connections
 * Creation runs last because it adds cases. Before measuring, each call is made
 * once and must answer 200, so an error page is never what gets measured.
 * Each call prints requests/s, p50, p97.5 and p99 latency, errors, non-2xx
 * answers, and the CPU time per request of the server (and, on Postgres, of the
 * database's backends), which stays comparable when other work shares the machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

type Kind = 'pglite' | 'postgres';
type ScenarioName = 'list' | 'dashboard' | 'search' | 'create';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const numberOption = (name: string, fallback: number) => {
  const raw = option(name);
  const n = Number(raw);
  if (raw === undefined) return fallback;
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} needs a positive number, got ${raw}`);
  return n;
};

const DURATION = numberOption('--duration', 10);
const WARMUP = Number(option('--warmup') ?? 2);
const CONNECTIONS = numberOption('--connections', 50);
const CREATE_CONNECTIONS = 10;
const CASES = numberOption('--cases', 30);
const asJson = args.includes('--json');
const cpuProfDir = option('--cpu-prof');
const dbChoice = option('--db') ?? 'both';
const authChoice = option('--auth') ?? 'session';
if (!['session', 'key'].includes(authChoice)) throw new Error(`--auth is session or key, got ${authChoice}`);
if (!['pglite', 'postgres', 'both'].includes(dbChoice)) throw new Error(`--db is pglite, postgres or both, got ${dbChoice}`);
const KINDS: Kind[] = dbChoice === 'both' ? ['pglite', 'postgres'] : [dbChoice as Kind];
const ALL_SCENARIOS: ScenarioName[] = ['list', 'dashboard', 'search', 'create'];
const SCENARIOS = (option('--only')?.split(',') ?? ALL_SCENARIOS).map((s) => s.trim()) as ScenarioName[];
for (const s of SCENARIOS) if (!ALL_SCENARIOS.includes(s)) throw new Error(`--only takes ${ALL_SCENARIOS.join(', ')}; got ${s}`);

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@example.com', password: process.env.ADMIN_PASSWORD || 'Admin-2026!' };

const say = (...xs: unknown[]) => {
  if (!asJson) console.log(...xs);
};

/** A loopback port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** CPU time (user + system) a process has used so far, in ms; null where /proc cannot tell (not Linux, process gone). */
function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

interface BenchDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
  /** The server processes of this database's connections (the pool's backends), by pid. */
  backendPids: () => Promise<number[]>;
}

async function createPostgresDatabase(): Promise<BenchDatabase> {
  const name = `aml_bench_api_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    name,
    async backendPids() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      const rows = (await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).rows;
      await client.end();
      return rows.map((r) => r.pid);
    },
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** server/main.ts in its own Node process, as `npm start` runs it (without building the browser app). */
async function startServer(kind: Kind, dataDir: string, databaseUrl?: string): Promise<RunningServer> {
  const port = await freePort();
  const nodeArgs = ['--import', 'tsx'];
  if (cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfDir)}`, `--cpu-prof-name=server-${kind}-${Date.now()}.cpuprofile`);
  const child = spawn(process.execPath, [...nodeArgs, 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      // The lists are served from their directory copy: no download starts in the middle of a measurement.
      LIST_UPDATE_INTERVAL_MINUTES: '0',
      SERVE_STATIC: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Measuring calls made with a key, not its limits: every call must be answered.
      ...(authChoice === 'key' ? { API_RATE_PER_KEY: '1000000000', API_RATE_PER_ORGANISATION: '1000000000' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // Ready means listening with the lists loaded: creating a case before that would wait for them.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${log}`);
    try {
      const answer = await fetch(`${url}/api/health`);
      const health = (await answer.json()) as { lists?: { state?: string } };
      if (answer.ok && health.lists?.state === 'ready') break;
      if (health.lists?.state === 'failed') throw new Error(`the screening lists failed to load:\n${log}`);
    } catch (error) {
      if ((error as Error).message.startsWith('the screening lists')) throw error;
    }
    if (Date.now() - started > 120_000) throw new Error(`the server did not become ready within 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function api(url: string, method: string, path: string, token: string | null, body?: unknown) {
  const answer = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: reported as text below
  }
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 500)}`);
  return json;
}

const FIRST_NAMES = ['Nancy', 'Bernard', 'Aiman', 'Olga', 'Kim', 'Maria', 'Ahmed', 'Viktor', 'Laura', 'Pedro'];
const LAST_NAMES = ['Pelosi', 'Sanders', 'Zawahiri', 'Petrova', 'Jong', 'Gonzalez', 'Hassan', 'Bout', 'Smith', 'Okafor'];
const searchTerm = (i: number) => `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}`;
const createBody = (term: string) => ({ search_term: term, entity_type: 'person', search_type: 'manual' });

/** The summed CPU time of processes; backends that ended in the meantime count as null. */
function sumCpu(pids: number[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms === null) return null;
    total += ms;
  }
  return total;
}

interface Scenario {
  name: ScenarioName;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  connections: number;
}

function scenarios(): Scenario[] {
  const all: Scenario[] = [
    { name: 'list', method: 'GET', path: '/api/searches?page=1&page_size=25', connections: CONNECTIONS },
    { name: 'dashboard', method: 'GET', path: '/api/searches-categories?date_preset=last_30_days&tz_offset=0', connections: CONNECTIONS },
    // "san" matches the seeded Sanders cases: a filtered page whose total is counted from the cases themselves.
    { name: 'search', method: 'GET', path: '/api/searches?page=1&page_size=25&search=san', connections: CONNECTIONS },
    { name: 'create', method: 'POST', path: '/api/search', body: createBody('Maria Gonzalez'), connections: CREATE_CONNECTIONS },
  ];
  return all.filter((s) => SCENARIOS.includes(s.name));
}

export interface Figures {
  database: Kind;
  auth: string;
  call: ScenarioName;
  method: string;
  path: string;
  connections: number;
  duration_s: number;
  requests: number;
  requests_per_s: number;
  latency_ms: { p50: number; p97_5: number; p99: number; max: number; mean: number };
  errors: number;
  timeouts: number;
  non_2xx: number;
  /**
   * CPU time per request of the server process and, on Postgres, of the database's backends: a figure that holds
   * when other work shares the machine, where requests per second do not.
   */
  cpu_ms_per_request: { server: number | null; database: number | null };
}

async function load(url: string, token: string, scenario: Scenario, seconds: number) {
  return autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    connections: scenario.connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, ...(scenario.body ? { 'content-type': 'application/json' } : {}) },
    ...(scenario.body ? { body: JSON.stringify(scenario.body) } : {}),
  });
}

/** What an interrupted run must still undo: the server stopped, the Postgres database dropped, the data directory removed. */
const cleanups = new Set<() => Promise<void>>();
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => process.exit(130));
});

async function benchDatabase(kind: Kind): Promise<Figures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aml-bench-api-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  let server: RunningServer | undefined;
  const cleanup = async () => {
    await server?.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  try {
    say(`\n${kind}: starting the server (loading the lists)...`);
    server = await startServer(kind, dataDir, postgres?.url);
    const login = await api(server.url, 'POST', '/api/login', null, ADMIN);
    const session = login.access_token as string;
    if (!session) throw new Error(`signing in did not answer a token: ${JSON.stringify(login).slice(0, 300)}`);
    const token =
      authChoice === 'key' ? ((await api(server.url, 'POST', '/api/api-key', session, { name: 'Benchmark', validity_days: 1, password: ADMIN.password })).api_key as string) : session;
    if (!token) throw new Error('generating an API key answered no key');
    for (let i = 0; i < CASES; i++) await api(server.url, 'POST', '/api/search', token, createBody(searchTerm(i)));
    say(`${kind}: ${CASES} cases created; measuring ${DURATION} s per call after ${WARMUP} s of warm-up`);

    const results: Figures[] = [];
    for (const scenario of scenarios()) {
      await api(server.url, scenario.method, scenario.path, token, scenario.body);
      if (WARMUP > 0) await load(server.url, token, scenario, WARMUP);
      const pids = postgres ? await postgres.backendPids() : [];
      const cpuBefore = { server: processCpuMs(server.child.pid), database: sumCpu(pids) };
      const r = await load(server.url, token, scenario, DURATION);
      const cpuAfter = { server: processCpuMs(server.child.pid), database: sumCpu(pids) };
      // Figures of a run cut short by Ctrl-C would be read as real ones.
      if (interrupted) break;
      const perRequest = (before: number | null, after: number | null) =>
        before === null || after === null || !r.requests.total ? null : Math.round(((after - before) / r.requests.total) * 1000) / 1000;
      const figures: Figures = {
        database: kind,
        auth: authChoice,
        call: scenario.name,
        method: scenario.method,
        path: scenario.path,
        connections: scenario.connections,
        duration_s: DURATION,
        requests: r.requests.total,
        requests_per_s: Math.round((r.requests.total / r.duration) * 10) / 10,
        latency_ms: { p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
        errors: r.errors,
        timeouts: r.timeouts,
        non_2xx: r.non2xx,
        cpu_ms_per_request: { server: perRequest(cpuBefore.server, cpuAfter.server), database: postgres ? perRequest(cpuBefore.database, cpuAfter.database) : null },
      };
      results.push(figures);
      say(
        `  ${scenario.name.padEnd(10)} ${String(scenario.connections).padStart(3)} conn  ${String(figures.requests_per_s).padStart(8)} req/s` +
          `  p50 ${String(figures.latency_ms.p50).padStart(5)} ms  p97.5 ${String(figures.latency_ms.p97_5).padStart(5)} ms  p99 ${String(figures.latency_ms.p99).padStart(5)} ms` +
          `  errors ${figures.errors}  non-2xx ${figures.non_2xx}` +
          `  cpu/req ${figures.cpu_ms_per_request.server ?? '?'} ms${postgres ? ` + db ${figures.cpu_ms_per_request.database ?? '?'} ms` : ''}`,
      );
    }
    return results;
  } catch (error) {
    if (server) process.stderr.write(`server output:\n${server.output()}\n`);
    throw error;
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

const results: Figures[] = [];
for (const kind of KINDS) results.push(...(await benchDatabase(kind)));
if (asJson) {
  console.log(
    JSON.stringify(
      {
        machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
        settings: { duration_s: DURATION, warmup_s: WARMUP, connections: CONNECTIONS, create_connections: CREATE_CONNECTIONS, cases: CASES },
        results,
      },
      null,
      2,
    ),
  );
}
