/**
 * Web hook delivery benchmark: `npm run bench:webhooks -- [options]`
 *   --db pglite|postgres|both   database(s) to run on (default pglite; postgres uses TEST_POSTGRES_URL or
 *                               postgres://postgres@127.0.0.1:5432/postgres to create a scratch database)
 *   --events 1000               events per phase (default 1000)
 *   --json                      print one JSON object with every figure
 * Starts the app as `npm start` does (startBenchApp: scratch database, seed, job workers in this process),
 * generates the organisation's secret key, registers one web hook pointing at a receiver on 127.0.0.1
 * (allowed with OUTBOUND_ALLOW, as an operator would) that verifies every delivery with the standardwebhooks
 * package, and measures two things:
 * - backlog: the events are emitted (each in its own transaction, as areas emit them) while no worker runs,
 *   then the workers start: deliveries per second draining the queue;
 * - live: the workers run while the events are emitted one after another: deliveries per second, and the
 *   delay from an event's commit to its arrival at the receiver (p50, p99).
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { forOrganisation } from '../server/db/tenant';
import { emitWebhookEvent } from '../server/webhooks/events';
import { WEBHOOK_EVENTS } from '../server/webhooks/catalogue';
import { testScreeningEngine } from '../tests/helpers/app';
import { startBenchApp, type BenchDatabaseKind } from './bench-app';

const args = process.argv.slice(2);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const asJson = args.includes('--json');
const dbChoice = value('--db') ?? 'pglite';
const kinds = (dbChoice === 'both' ? ['pglite', 'postgres'] : [dbChoice]) as BenchDatabaseKind[];
const events = Math.max(1, Number(value('--events') ?? 1000));
const say = (...xs: unknown[]) => {
  if (!asJson) console.log(...xs);
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A receiver that verifies each delivery and notes when each event id first arrived. */
async function receiver() {
  const arrivals = new Map<string, number>();
  let failures = 0;
  let key = '';
  let waiting: { count: number; resolve: () => void } | null = null;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      new Webhook(key).verify(Buffer.concat(chunks).toString(), req.headers as Record<string, string>);
    } catch {
      failures += 1;
    }
    const id = String(req.headers['webhook-id']);
    if (!arrivals.has(id)) arrivals.set(id, performance.now());
    res.writeHead(204);
    res.end();
    if (waiting && arrivals.size >= waiting.count) waiting.resolve();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    failures: () => failures,
    setKey: (k: string) => (key = k),
    until: (count: number) => (arrivals.size >= count ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { count, resolve }))),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function run(kind: BenchDatabaseKind) {
  const bench = await startBenchApp(kind, 'webhooks', testScreeningEngine());
  const hooks = await receiver();
  try {
    // The receiver is on 127.0.0.1: allowed as OUTBOUND_ALLOW would allow it.
    bench.config.outboundAllow = '127.0.0.1';
    const call = async (method: 'POST', url: string, payload: object) =>
      (await bench.app.inject({ method, url, payload, headers: { authorization: `Bearer ${bench.token}` } })).json();
    hooks.setKey((await call('POST', '/api/create-webhook-key', { password: bench.config.adminPassword })).secret_key);
    await call('POST', '/api/webhook', { name: 'Bench receiver', endpoint: hooks.url, type: 'update' });
    // The seeded organisation's is the one with the web hook.
    const orgId = (await bench.db.one<{ organisation_id: string }>("SELECT organisation_id FROM webhooks WHERE name = 'Bench receiver'"))!.organisation_id;
    const org = forOrganisation(bench.db, orgId);
    const data = (WEBHOOK_EVENTS.find((e) => e.type === 'case.updated')!.example as { data: Record<string, unknown> }).data;
    const emitted = new Map<string, number>();
    const emit = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const id = await org.transaction((tx) => emitWebhookEvent(bench.deps.jobs, tx, 'case.updated', { ...data, sequence: i }));
        emitted.set(id!, performance.now());
      }
    };

    // Backlog: everything queued first, then drained.
    const queuedAt = performance.now();
    await emit(events);
    const queueMs = performance.now() - queuedAt;
    const drainStart = performance.now();
    await bench.deps.jobs.work({ pollingSeconds: 0.5 });
    await hooks.until(events);
    const drainMs = performance.now() - drainStart;
    const backlog = { events, emit_per_second: round(events / (queueMs / 1000)), deliveries_per_second: round(events / (drainMs / 1000)), drain_seconds: round(drainMs / 1000, 2) };
    say(`${kind} backlog: ${events} events queued in ${round(queueMs / 1000, 2)} s (${backlog.emit_per_second}/s), drained in ${backlog.drain_seconds} s: ${backlog.deliveries_per_second} deliveries/s`);

    // Live: the workers run while events are emitted.
    hooks.arrivals.clear();
    emitted.clear();
    const liveStart = performance.now();
    await emit(events);
    await hooks.until(events);
    const liveMs = performance.now() - liveStart;
    const delays = [...emitted].map(([id, at]) => hooks.arrivals.get(id)! - at).sort((a, b) => a - b);
    const live = {
      events,
      deliveries_per_second: round(events / (liveMs / 1000)),
      delay_ms: { p50: round(percentile(delays, 50)), p99: round(percentile(delays, 99)), max: round(delays[delays.length - 1]) },
    };
    say(`${kind} live: ${events} events in ${round(liveMs / 1000, 2)} s: ${live.deliveries_per_second} deliveries/s; event to delivery p50 ${live.delay_ms.p50} ms, p99 ${live.delay_ms.p99} ms, max ${live.delay_ms.max} ms`);
    const failures = hooks.failures();
    if (failures) say(`${kind}: ${failures} deliveries did not verify`);
    const attempts = (await bench.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_attempts'))!.n;
    return { db: kind, backlog, live, signature_failures: failures, attempts };
  } finally {
    hooks.close();
    await bench.close();
  }
}

const results = [];
for (const kind of kinds) results.push(await run(kind));
if (asJson) console.log(JSON.stringify({ benchmark: 'webhooks', node: process.version, results }));
await testScreeningEngine().close();
process.exit(0);
