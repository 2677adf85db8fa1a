/**
 * Assembles a running server from a configuration: database, migrations,
 * permission catalogue, seed, mailer, realtime, HTTP and sockets. Used by
 * server/main.ts and by tests that need the whole thing on a real port.
 */
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Db, type Queryable } from './db/client';
import { migrate } from './db/migrate';
import { syncPermissions } from './db/permissions-sync';
import { sampleBatchUpload, seedIfEmpty, type SeedAccount } from './db/seed';
import { seedAdvancedCases } from './cases/seed-cases';
import type { Deps, Logger } from './deps';
import { createLogger, serverLogger } from './logging';
import { createMailer } from './mail/mailer';
import { createJobQueue } from './jobs/queue';
import { defineAmlMonitoringJobs, enqueueAmlMonitoringSweep, startAmlMonitoring } from './cases/monitoring';
import { defineBulkJobs, enqueueDraftCleanup } from './bulk/runner';
import { stageSampleBatch } from './bulk/data';
import { defineWebhookJobs, resumeWebhookDeliveries } from './webhooks/delivery';
import { defineCustomSourceJobs, startCustomSourcePolling } from './custom-sources/poll';
import { defineMediaMonitoringJobs, startMediaMonitoring } from './cases/media-monitoring';
import { defineCorpusJobs, enqueueCorpusLoadIfNeeded, requestSampleCases } from './media-corpus/corpus-job';
import { seedMediaCasesAfterLoad } from './media/seed';
import { defineTransactionJobs, enqueueTransactionSample } from './transactions/seed';
import { defineBillingJobs, enqueueRenewalSweep } from './billing/renewals';
import { seedBilling } from './billing/seed';
import { warmEngineCaches } from './transactions/engine-cache';
import { defineUsageJobs, startMonthlyUsageReports } from './usage/monthly';
import { createRealtime } from './realtime/bus';
import { attachSocketServer } from './realtime/socket';
import { CustomListRegistry } from './screening/custom-lists';
import { createScreeningEngine, type ScreeningEngine } from './screening';

export interface RunningServer {
  app: FastifyInstance;
  deps: Deps;
  url: string;
  seeded: SeedAccount[] | null;
  close(): Promise<void>;
}

/**
 * Lets the heap grow by a fifth of what is in use before a full collection. The server's live heap is large
 * (every list's records, which hits are built from) and V8 scales the room it gives garbage with it: a
 * 100,000-row bulk batch's garbage reached 500 MB before a collection; with this, under 80 MB at the same
 * rows per second (docs/performance.md). Called by the server's entry point and the bulk benchmark only,
 * before the lists load.
 */
export function limitHeapGrowth() {
  setFlagsFromString('--heap-growing-percent=20');
}

/** Opens the database and brings its schema, catalogue and seed up to date. */
export async function prepareDatabase(config: Config, existing?: Db) {
  const db = existing ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') }));
  await migrate(db);
  await syncPermissions(db);
  const seeded = await seedIfEmpty(db, config);
  // The seeded plan-billing organisation's billing details and invoices (billing is an area: the seed cannot reach it).
  if (seeded) await seedBilling(db);
  return { db, seeded };
}

/** The services; the job queue's kinds are declared here, and `deps.jobs.start()` must run before anything is enqueued. */
export function createDeps(config: Config, db: Db, log: Logger, options: { screening?: ScreeningEngine } = {}): Deps {
  // Loads the lists in the background: the server listens at once and /api/health tells when they are ready.
  const screening =
    options.screening ??
    startScreeningEngine(config, db, log, async (tx) => {
      // A change recorded while the queue is still starting needs no job: the sweep enqueued once the lists are ready covers it.
      if (deps.jobs.started && config.monitoringIntervalMinutes > 0) await enqueueAmlMonitoringSweep(deps.jobs, tx);
    });
  const deps: Deps = {
    config,
    db,
    log,
    screening,
    customLists: new CustomListRegistry(db, screening),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log: log.info }),
    realtime: createRealtime(db),
    jobs: createJobQueue(db, log),
    routes: [],
  };
  defineAmlMonitoringJobs(deps, deps.jobs);
  defineBulkJobs(deps, deps.jobs);
  defineWebhookJobs(deps);
  defineCustomSourceJobs(deps, deps.jobs);
  defineMediaMonitoringJobs(deps, deps.jobs);
  // The shared media corpus is loaded by a job; once loaded, the first start's sample media cases are made.
  defineCorpusJobs(deps, { afterLoad: () => seedMediaCasesAfterLoad(deps) });
  // The first start's transaction monitoring sample is made by a job, in the background (TM_LOAD=off skips it).
  defineTransactionJobs(deps);
  // Plans renew monthly: a daily sweep invoices the months that have begun (docs/billing.md, "Renewal").
  defineBillingJobs(deps);
  // The monthly usage e-mail to each organisation's administrators (docs/usage-statistics.md).
  defineUsageJobs(deps);
  return deps;
}

function startScreeningEngine(config: Config, db: Db, log: Logger, onListChanged: (tx: Queryable) => Promise<void>): ScreeningEngine {
  const started = Date.now();
  // The directory copy is served first; the publishers' files then replace it on the schedule, and a
  // failed download (no network, a broken file) leaves the last good version in service.
  const engine = createScreeningEngine({
    listsDir: config.listsDir,
    db,
    fetch: { intervalMinutes: config.listUpdateIntervalMinutes, baseUrl: config.listMirrorUrl },
    onListChanged,
  });
  engine.ready().then(
    () => log.info(`screening lists loaded in ${Date.now() - started} ms from ${config.listsDir}`),
    (error) => log.error(`screening lists could not be loaded from ${config.listsDir}: ${(error as Error).message}`),
  );
  return engine;
}

export async function startServer(config: Config, options: { db?: Db; log?: Logger } = {}): Promise<RunningServer> {
  // One logger for Fastify and the rest of the server, so LOG_LEVEL and LOG_FORMAT govern every line.
  const logger = createLogger(config);
  const log = options.log ?? serverLogger(logger);
  const { db, seeded } = await prepareDatabase(config, options.db);
  const deps = createDeps(config, db, log);
  const app = await buildApp(deps, { logger });
  await app.ready();
  const sockets = await attachSocketServer(app.server, deps);
  await deps.jobs.start();
  await deps.jobs.work();
  // Drafts never started are cleared by a recurring job; each server makes sure one is waiting.
  await enqueueDraftCleanup(deps.jobs, deps.db);
  // Plan renewals are swept daily: each start makes sure a sweep is waiting (one that fell due while the server was down runs now).
  await enqueueRenewalSweep(deps.jobs, deps.db);
  // Web hook deliveries a stopped server left due are sent at once rather than at their next scheduled run.
  await resumeWebhookDeliveries(deps);
  const stopMonitoring = startAmlMonitoring(deps, config.monitoringIntervalMinutes);
  // Adverse-media monitoring at the same interval (new articles enqueue their own sweep), and custom sources' reads every minute.
  const stopMediaMonitoring = startMediaMonitoring(deps, config.monitoringIntervalMinutes);
  const stopCustomSources = startCustomSourcePolling(deps);
  // Last month's usage report goes out once per organisation: looked for at start and every hour.
  const stopUsageReports = startMonthlyUsageReports(deps);
  // The media corpus loads in the background when it is missing or MEDIA_DIR changed; the server listens at once.
  if (seeded) await requestSampleCases(db);
  await enqueueCorpusLoadIfNeeded(deps).catch((error) => log.warn(`the media corpus load was not started: ${(error as Error).message}`));
  if (seeded) await enqueueTransactionSample(deps).catch((error) => log.warn(`the transaction monitoring sample was not started: ${(error as Error).message}`));
  // Each organisation's rules engine reads its recent history in the background, so the first transaction after a restart does not wait for it.
  void warmEngineCaches(db, log).catch((error) => log.warn(`the transaction engines were not warmed: ${(error as Error).message}`));
  await app.listen({ port: config.port, host: config.host });
  // The first start's sample bulk search goes through bulk search's own path once the lists are loaded,
  // in the background like any batch, so the server opens at once and the batch finishes a few seconds later.
  const sample = seeded ? await sampleBatchUpload(db, config) : null;
  const sampleStarted = sample
    ? Promise.all([
        stageSampleBatch(deps, sample).catch((error) => log.warn(`the sample batch was not started: ${(error as Error).message}`)),
        seedAdvancedCases(deps, sample).catch((error) => log.warn(`the sample cases were not screened: ${(error as Error).message}`)),
      ])
    : Promise.resolve();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    deps,
    url: `http://localhost:${port}`,
    seeded,
    async close() {
      await sampleStarted;
      await stopMonitoring();
      await stopMediaMonitoring();
      await stopCustomSources();
      await stopUsageReports();
      // Jobs under way finish (or, past the time limit, are left to their lease) before the database closes.
      await deps.jobs.stop();
      await sockets.close();
      await app.close();
      await deps.screening.close();
      await db.close();
    },
  };
}
