/**
 * The services a route handler may use, built once at start (server/main.ts)
 * or per test (tests/helpers/app.ts). Product areas add their service here.
 */
import type { Config } from './config';
import type { Db } from './db/client';
import type { ApiRoute } from './http/routes';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime/bus';
import type { ScreeningEngine } from './screening';
import type { CustomListRegistry } from './screening/custom-lists';

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: Logger;
  realtime: Realtime;
  /** The screening engine; it loads the lists in the background, so check status() or await ready(). */
  screening: ScreeningEngine;
  /** Every organisation's custom list index (blacklists and whitelists), caught up from the database before each screening. */
  customLists: CustomListRegistry;
  /** The durable job queue (server/jobs/queue.ts); started before the server listens, its workers run in startServer. */
  jobs: JobQueue;
  /** Routes registered so far, for the OpenAPI document. */
  routes: ApiRoute[];
}
