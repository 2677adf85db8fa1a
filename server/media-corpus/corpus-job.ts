/**
 * Loading the shared corpus (docs/media-watcher.md, "The corpus"): a durable job on the queue, so a server
 * starts listening at once. It is enqueued at start when the corpus was never loaded from MEDIA_DIR or the
 * directory changed (corpus-loader.ts's fingerprint), is idempotent (upsert by guid) and resumable: a rerun
 * after a crash skips, before classifying them, the articles already stored unchanged. MEDIA_LOAD=off skips
 * it; a missing directory is a warning and leaves the corpus as it is. The first start's sample media cases
 * are made by a hook once the load completes (start.ts wires the media area's).
 */
import type { Queryable } from '../db/client';
import type { Deps } from '../deps';
import type { RunningJob } from '../jobs/queue';
import { corpusFingerprint, readCorpus } from './corpus-loader';
import { ingestArticles } from './ingest';
import { enqueueMediaMonitoringSweep } from './monitoring-sweep';

const CHUNK = 200;

export const CORPUS_JOB = { kind: 'media-corpus.load', key: 'media-corpus' } as const;

export interface CorpusState {
  media_dir: string | null;
  fingerprint: string | null;
  articles: number;
  loaded_at: Date | null;
  sample_cases_pending: boolean;
}

export async function corpusState(db: Queryable): Promise<CorpusState | undefined> {
  return db.one<CorpusState>('SELECT media_dir, fingerprint, articles, loaded_at, sample_cases_pending FROM media_corpus_state WHERE id = 1');
}

/** Asks for the first start's sample media cases once the corpus is loaded (server/start.ts). */
export async function requestSampleCases(db: Queryable): Promise<void> {
  await db.query('INSERT INTO media_corpus_state (id, sample_cases_pending) VALUES (1, true) ON CONFLICT (id) DO UPDATE SET sample_cases_pending = true');
}

/** Whether sample cases were asked for; the request is taken (cleared) in the same statement, so it is answered once. */
export async function takeSampleCasesRequest(db: Queryable): Promise<boolean> {
  const row = await db.one<{ pending: boolean }>(
    `UPDATE media_corpus_state s SET sample_cases_pending = false FROM (SELECT sample_cases_pending AS pending FROM media_corpus_state WHERE id = 1 FOR UPDATE) old
      WHERE s.id = 1 RETURNING old.pending`,
  );
  return Boolean(row?.pending);
}

export interface LoadResult {
  articles: number;
  inserted: number;
  updated: number;
  byLayout: Record<string, number>;
}

/**
 * Loads (upserts) every article of the directory into the shared corpus, CHUNK at a time, and records the
 * fingerprint once all are stored. `progress` is told after each chunk; `signal` stops between chunks.
 */
export async function loadCorpus(
  db: Queryable,
  mediaDir: string,
  options: { progress?: (done: number, total: number, message: string) => Promise<void>; signal?: AbortSignal; onInserted?: (ids: string[]) => Promise<void> } = {},
): Promise<LoadResult> {
  const fingerprint = corpusFingerprint(mediaDir);
  const parts = readCorpus(mediaDir);
  const total = parts.reduce((n, p) => n + p.articles.length, 0);
  const result: LoadResult = { articles: total, inserted: 0, updated: 0, byLayout: {} };
  let done = 0;
  for (const part of parts) {
    result.byLayout[part.layout] = part.articles.length;
    for (let i = 0; i < part.articles.length; i += CHUNK) {
      if (options.signal?.aborted) throw new Error('the corpus load was stopped; it resumes where it stopped');
      const chunk = part.articles.slice(i, i + CHUNK);
      const outcome = await ingestArticles(db, chunk, { organisationId: null, source: part.source });
      result.inserted += outcome.inserted.length;
      result.updated += outcome.updated;
      if (outcome.inserted.length) await options.onInserted?.(outcome.inserted);
      done += chunk.length;
      await options.progress?.(done, total, `${part.layout}: ${Math.min(i + CHUNK, part.articles.length)} of ${part.articles.length}`);
      // Classifying a chunk holds the event loop; let requests waiting on this process through between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await db.query(
    `INSERT INTO media_corpus_state (id, media_dir, fingerprint, articles, loaded_at) VALUES (1, $1, $2, $3, now())
     ON CONFLICT (id) DO UPDATE SET media_dir = $1, fingerprint = $2, articles = $3, loaded_at = now()`,
    [mediaDir, fingerprint, total],
  );
  return result;
}

export interface CorpusJobHooks {
  /** Runs after every completed load (the media area seeds the first start's sample cases). */
  afterLoad?: () => Promise<void>;
}

/** Declares the corpus load job; start.ts passes what runs once the corpus is loaded. */
export function defineCorpusJobs(deps: Deps, hooks: CorpusJobHooks = {}) {
  deps.jobs.define<{ media_dir: string }>(CORPUS_JOB.kind, { policy: 'stately', retryLimit: 5, retryDelaySeconds: 30, maxRunSeconds: 2 * 60 * 60, leaseSeconds: 60 }, (job) => runCorpusLoad(deps, job, hooks));
}

async function runCorpusLoad(deps: Deps, job: RunningJob<{ media_dir: string }>, hooks: CorpusJobHooks) {
  const mediaDir = job.data.media_dir || deps.config.mediaDir;
  if (!corpusFingerprint(mediaDir)) {
    deps.log.warn(`media corpus: ${mediaDir} is missing; the shared corpus stays as it is`);
    return { articles: 0 };
  }
  const started = Date.now();
  let inserted = 0;
  const result = await loadCorpus(deps.db, mediaDir, {
    signal: job.signal,
    progress: (done, total, message) => job.progress(done, total, message),
    onInserted: async (ids) => {
      inserted += ids.length;
    },
  });
  // New articles are news for adverse-media monitoring: one sweep after the load checks the monitored cases against them.
  if (inserted) {
    await enqueueMediaMonitoringSweep(deps.jobs, deps.db).catch((error: Error) => deps.log.warn(`media corpus: no monitoring sweep was enqueued: ${error.message}`));
  }
  deps.log.info(`media corpus: ${result.articles} articles from ${mediaDir} (${result.inserted} new, ${result.updated} changed) in ${Date.now() - started} ms`);
  if (hooks.afterLoad) await hooks.afterLoad().catch((error: Error) => deps.log.warn(`media corpus: after the load: ${error.message}`));
  return { articles: result.articles, inserted: result.inserted, updated: result.updated, by_layout: result.byLayout };
}

/**
 * At start: enqueues the load when the corpus was never loaded from this directory or the directory changed.
 * A missing directory is a warning and leaves the corpus as it is; MEDIA_LOAD=off skips the check.
 */
export async function enqueueCorpusLoadIfNeeded(deps: Deps): Promise<'disabled' | 'missing' | 'current' | 'enqueued'> {
  const { config } = deps;
  if (!config.mediaLoad) return 'disabled';
  const fingerprint = corpusFingerprint(config.mediaDir);
  if (!fingerprint) {
    deps.log.warn(`media corpus: MEDIA_DIR ${config.mediaDir} is missing; media searches find only custom sources' articles`);
    return 'missing';
  }
  const state = await corpusState(deps.db);
  if (state?.fingerprint === fingerprint && state.media_dir === config.mediaDir) return 'current';
  await deps.jobs.enqueue(deps.db, CORPUS_JOB.kind, { media_dir: config.mediaDir }, { singletonKey: CORPUS_JOB.key });
  return 'enqueued';
}
