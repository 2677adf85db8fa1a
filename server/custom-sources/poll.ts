/**
 * Polling custom sources (docs/custom-sources.md, "Polling"). The sweep job enqueues a read of every due
 * source; a read (pollSource):
 * - fetches the feed with the validators of its last read (feed.ts), holding no transaction while it waits
 *   (a slow feed must not hold a connection: PGlite has only one);
 * - then, in one transaction that locks the source's row and reads it again (a source deleted, paused or
 *   given a new link meanwhile keeps what the user did): ingests the items as the organisation's articles
 *   (media-corpus ingestArticles: classified, indexed, deduplicated by guid), stores the validators, the
 *   times, clears the error and the failures, makes the source Live, and schedules the next read a
 *   frequency ahead; when new articles arrived, enqueues adverse-media monitoring's sweep in the same
 *   transaction;
 * - a 304 Not Modified reads nothing and counts as a success;
 * - a failure keeps the source's articles, stores the reason (last_error), counts it, and tries again
 *   after min(frequency, 2^failures) minutes.
 *
 * A system module: the sweep looks across organisations on the raw database (one job serves them all);
 * everything about one source goes through its organisation's handle.
 */
import type { Deps } from '../deps';
import { inTransaction } from '../db/tenant';
import type { JobQueue } from '../jobs/queue';
import { ingestArticles } from '../media-corpus/ingest';
import { enqueueMediaMonitoringSweep } from '../media-corpus/monitoring-sweep';
import { parseAllowList, type OutboundAllowList } from '../outbound/address';
import type { SafeFetchOptions } from '../outbound/fetch';
import { FeedError, readFeed, type FeedRead, type ReadFeedOptions } from './feed';
import { CUSTOM_SOURCE_JOBS, enqueuePoll, enqueuePollSweep } from './jobs';

type PollDeps = Pick<Deps, 'db' | 'jobs' | 'config' | 'log'>;

/** Options tests give: their own name resolution (server/outbound's lookup), shorter limits. */
export type PollOptions = Partial<Pick<ReadFeedOptions, 'timeoutMs' | 'maxBytes'>> & { fetchOptions?: Partial<SafeFetchOptions> };

const allowLists = new Map<string, OutboundAllowList>();
/** The allow-list of OUTBOUND_ALLOW, read once per distinct value (the same list web hooks use). */
function allowListOf(deps: PollDeps): OutboundAllowList {
  let list = allowLists.get(deps.config.outboundAllow);
  if (!list) allowLists.set(deps.config.outboundAllow, (list = parseAllowList(deps.config.outboundAllow, (m) => deps.log.warn(m))));
  return list;
}

/** The wait after the nth failure in a row: 2^n minutes, never longer than the source's own frequency. */
export const retryMinutes = (failures: number, frequencyMinutes: number) => Math.min(frequencyMinutes, 2 ** Math.min(failures, 16));

/** Text Postgres stores and a table shows: no NUL, at most 1,000 characters. */
const printable = (text: string) => text.replace(/\u0000/g, '').slice(0, 1000);

export type PollOutcome =
  | { outcome: 'skipped'; reason: 'gone' | 'paused' | 'not_due' }
  | { outcome: 'read'; items: number; inserted: number; updated: number }
  | { outcome: 'not_modified' }
  | { outcome: 'failed'; error: string };

interface SourceRow {
  id: string;
  organisation_id: string;
  publisher_name: string;
  url: string;
  status: string;
  frequency_minutes: number;
  etag: string | null;
  last_modified: string | null;
  due: boolean;
}

/**
 * Reads one source now if it is due (a sweep's job) or whenever asked (`force`: the first read after a
 * change is made due by the change itself, so no caller needs it but tests).
 */
export async function pollSource(deps: PollDeps, sourceId: string, options: PollOptions & { force?: boolean } = {}): Promise<PollOutcome> {
  const source = await deps.db.one<SourceRow>(
    `SELECT id, organisation_id, publisher_name, url, status, frequency_minutes, etag, last_modified, next_poll_at <= now() AS due
       FROM custom_sources WHERE id = $1`,
    [sourceId],
  );
  if (!source) return { outcome: 'skipped', reason: 'gone' };
  if (source.status === 'In-Active') return { outcome: 'skipped', reason: 'paused' };
  if (!source.due && !options.force) return { outcome: 'skipped', reason: 'not_due' };

  let read: FeedRead | { kind: 'failed'; error: string };
  try {
    read = await readFeed(source.url, source.publisher_name, {
      allow: allowListOf(deps),
      validators: { etag: source.etag, last_modified: source.last_modified },
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      fetchOptions: options.fetchOptions,
    });
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    read = { kind: 'failed', error: printable(error.message) };
  }

  return deps.db.transaction(async (raw) => {
    const own = inTransaction(raw, source.organisation_id);
    // Read again under the lock: what the user changed while the feed was read wins.
    const now = await own.one<{ status: string; url: string; frequency_minutes: number; failures: number }>(
      'SELECT status, url, frequency_minutes, failures FROM custom_sources WHERE id = $1 AND organisation_id = $org FOR UPDATE',
      [source.id],
    );
    if (!now) return { outcome: 'skipped', reason: 'gone' } as const;
    if (now.status === 'In-Active') return { outcome: 'skipped', reason: 'paused' } as const;
    if (now.url !== source.url) return { outcome: 'skipped', reason: 'not_due' } as const;

    if (read.kind === 'failed') {
      const failures = now.failures + 1;
      await own.query(
        `UPDATE custom_sources SET last_polled_at = now(), last_error = $2, failures = $3,
                next_poll_at = now() + make_interval(mins => $4::int)
          WHERE id = $1 AND organisation_id = $org`,
        [source.id, read.error, failures, retryMinutes(failures, now.frequency_minutes)],
      );
      return { outcome: 'failed', error: read.error } as const;
    }

    let outcome: PollOutcome = { outcome: 'not_modified' };
    if (read.kind === 'read') {
      const ingested = await ingestArticles(raw, read.items, { organisationId: source.organisation_id, sourceId: source.id, source: 'custom' });
      if (ingested.inserted.length) await enqueueMediaMonitoringSweep(deps.jobs, raw);
      outcome = { outcome: 'read', items: read.items.length, inserted: ingested.inserted.length, updated: ingested.updated };
    }
    // A 304 keeps the validators it was asked with; a read stores the answer's (or none, when it gave none).
    const validators = read.kind === 'read' ? [read.etag, read.last_modified] : [source.etag, source.last_modified];
    await own.query(
      `UPDATE custom_sources SET last_polled_at = now(), last_success_at = now(), last_error = NULL, failures = 0, status = 'Live',
              etag = $2, last_modified = $3, next_poll_at = now() + make_interval(mins => $4::int)
        WHERE id = $1 AND organisation_id = $org`,
      [source.id, validators[0], validators[1], now.frequency_minutes],
    );
    return outcome;
  });
}

/** Sources due and not paused, in every organisation, most overdue first. */
async function dueSources(deps: PollDeps, limit: number) {
  return deps.db.query<{ id: string }>("SELECT id FROM custom_sources WHERE status <> 'In-Active' AND next_poll_at <= now() ORDER BY next_poll_at LIMIT $1", [limit]);
}

/** Sources a sweep enqueues at most; the rest wait for the next sweep a minute later. */
const SWEEP_LIMIT = 5000;

/** Enqueues a read of every due source; answers how many were due. */
export async function sweepSources(deps: PollDeps): Promise<number> {
  const due = await dueSources(deps, SWEEP_LIMIT);
  for (const s of due) await enqueuePoll(deps.jobs, deps.db, s.id);
  return due.length;
}

/**
 * Reads every due source once, in this process and without the queue (tests and tools); answers each
 * source's outcome.
 */
export async function pollDueSources(deps: PollDeps, options: PollOptions = {}): Promise<Record<string, PollOutcome>> {
  const outcomes: Record<string, PollOutcome> = {};
  for (const s of await dueSources(deps, SWEEP_LIMIT)) outcomes[s.id] = await pollSource(deps, s.id, options);
  return outcomes;
}

/** Declares the sweep and the read; `options` lets tests resolve names their own way. */
export function defineCustomSourceJobs(deps: PollDeps, jobs: JobQueue, options: PollOptions = {}) {
  jobs.define<object>(CUSTOM_SOURCE_JOBS.sweep, { policy: 'stately', retryLimit: 5, retryDelaySeconds: 30, maxRunSeconds: 10 * 60 }, async () => ({ due: await sweepSources(deps) }));
  // A read handles its own failures (last_error, backoff); what throws is the database, retried by the queue.
  jobs.define<{ source_id: string }>(CUSTOM_SOURCE_JOBS.poll, { policy: 'stately', retryLimit: 3, retryDelaySeconds: 30, maxRunSeconds: 5 * 60 }, async (job) =>
    pollSource(deps, job.data.source_id, options),
  );
}

/**
 * Enqueues a sweep at once (what fell due while the server was down is read now) and every minute after
 * (at most one waits). The queue's workers run the sweeps and the reads.
 */
export function startCustomSourcePolling(deps: PollDeps, everySeconds = 60): () => Promise<void> {
  let stopped = false;
  const pending = new Set<Promise<unknown>>();
  const sweep = () => {
    if (stopped) return;
    const sent = enqueuePollSweep(deps.jobs, deps.db).catch((error) => deps.log.error(`custom source sweep not enqueued: ${(error as Error).message}`));
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  sweep();
  const timer = setInterval(sweep, everySeconds * 1000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(pending);
  };
}

