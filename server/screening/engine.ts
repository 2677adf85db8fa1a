/**
 * The screening engine: loads every list (from LISTS_DIR, then on a schedule
 * from the publishers), keeps the last good version of each when an update
 * fails, merges them into one index (dropping the CSL's copies of lists loaded
 * directly), and answers single screenings in process and batches on worker
 * threads.
 */
import type { Db, Queryable } from '../db/client';
import { downloadList, type FetchOptions } from './list-fetcher';
import { ListVersionStore, type ListDiff, type LoadRecord } from './list-versions';
import { filesVersion, LIST_DEFINITIONS, listConfigured, readListFiles, type ListDefinition } from './loaders/index';
import { mergeEntities, mergeOptionsFromEnv, type MergeOptions, type MergeStats } from './merge';
import type { WordWeights } from './candidate-index';
import { Screener } from './screener';
import { syntheticEntities } from './synthetic';
import type { EngineStatus, ListedEntity, ListStatus, LoadedList, ScreeningQuery, ScreeningResult } from './types';
import { WorkerPool } from './worker-pool';

export interface EngineOptions {
  listsDir: string;
  db?: Db;
  fetch?: FetchOptions;
  /** Only these list ids (default: all). */
  lists?: string[];
  /** Worker threads for screenBatch (default: one per core). */
  workers?: number;
  /** Runs inside the transaction that records a changed list (needs db): ongoing monitoring enqueues its sweep there. */
  onListChanged?: (tx: Queryable, record: LoadRecord) => Promise<void>;
  /** Extra generated entities, for scale benchmarks. */
  synthetic?: { count: number; seed?: number };
  /** Keep prepared names in memory (default: yes up to 500,000 entities). */
  keepPrepared?: boolean;
  /**
   * One entity across lists (merge.ts): on unless `enabled: false`; `splits` are pairs of listing ids never to
   * merge. Default: from SCREENING_MERGE (off) and SCREENING_MERGE_SPLITS (a file of pairs).
   */
  merge?: MergeOptions;
}

export interface ListUpdate {
  list_id: string;
  record: LoadRecord;
  diff?: ListDiff;
}

export interface ScreeningEngine {
  /** Resolves when the lists are loaded and indexed (rejects if none could be loaded). */
  ready(): Promise<void>;
  status(): EngineStatus;
  /** One screening, in process (synchronous; p99 well under 5 ms on the bundled lists). */
  screen(query: ScreeningQuery): ScreeningResult;
  /** Many screenings on worker threads; results in query order, a failed query as { error }. */
  screenBatch(queries: ScreeningQuery[], onProgress?: (done: number, total: number) => void): Promise<Array<ScreeningResult | { error: string }>>;
  getEntity(id: string): ListedEntity | undefined;
  /**
   * The word weights of the lists served now and a number that changes whenever they do: an
   * organisation's custom list index weighs its words with them (undefined while the lists load).
   */
  wordWeights(): { version: number; weights: WordWeights } | undefined;
  /** Download every list (or one) now; failures keep the last good version. */
  refresh(listId?: string): Promise<ListUpdate[]>;
  /** Called after each successful list change (for re-screening by monitoring). */
  onUpdate(listener: (update: ListUpdate) => void): () => void;
  loadHistory(listId?: string): Promise<LoadRecord[]>;
  /** Start the batch workers and open the index in each now rather than on the first batch. */
  warmWorkers(): Promise<void>;
  /** How the lists served now were merged into entities (undefined while they load). */
  mergeStats?(): MergeStats | undefined;
  close(): Promise<void>;
}

interface ListState {
  def: ListDefinition;
  current?: LoadedList;
  lastError?: string;
  lastAttemptAt?: string;
  /** A fetch-only list with no directory at start: left out of loading until a download brings it. */
  notConfigured?: boolean;
}

/**
 * The entities of the loaded lists (in their fixed order) as the index serves them: each entity several
 * lists publish merged into one with every listing (merge.ts); with merging off, only the CSL's and OFAC's
 * non-SDN copies of loaded records dropped, their programmes added to the original.
 */
export function mergeLists(lists: LoadedList[], options: MergeOptions = {}): ListedEntity[] {
  return mergeEntities(lists, options).entities;
}

export function createScreeningEngine(options: EngineOptions): ScreeningEngine {
  const defs = LIST_DEFINITIONS.filter((d) => !options.lists || options.lists.includes(d.id));
  const states = new Map<string, ListState>(defs.map((d) => [d.id, { def: d }]));
  const store = new ListVersionStore(options.db, options.onListChanged);
  const listeners = new Set<(u: ListUpdate) => void>();
  let state: EngineStatus['state'] = 'loading';
  let engineError: string | undefined;
  let screener: Screener | undefined;
  let baseEntities: ListedEntity[] = [];
  // The list versions the screener was built from. A refresh applies each list before rebuilding the
  // screener once, so in between a list's newest version is not yet what screen() answers from; status()
  // reports these, and a case stamped with them records exactly what it was screened against.
  let servedVersions = new Map<string, string>();
  let version = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const keepPrepared = options.keepPrepared ?? (options.synthetic?.count ?? 0) <= 500_000;
  const pool = new WorkerPool(options.workers);
  // Read once, at start: a split file that cannot be read stops the engine rather than serve a wrong merge.
  const mergeOptions = options.merge ?? mergeOptionsFromEnv(process.env);
  let mergeStats: MergeStats | undefined;
  const poolData = (s: Screener) => ({ version: screenerVersions.get(s)!, packed: s.index.packed, keepPrepared });
  const screenerVersions = new WeakMap<Screener, number>();

  function rebuild() {
    const lists = [...states.values()].map((s) => s.current).filter(Boolean) as LoadedList[];
    servedVersions = new Map(lists.map((l) => [l.id, l.version] as const));
    const merged = mergeEntities(lists, mergeOptions);
    baseEntities = merged.entities;
    mergeStats = merged.stats;
    const extra = options.synthetic ? syntheticEntities(baseEntities, options.synthetic.count, options.synthetic.seed ?? 42) : [];
    screener = new Screener(extra.length ? baseEntities.concat(extra) : baseEntities, { keepPrepared });
    version++;
    screenerVersions.set(screener, version);
  }

  /** Parse files into a list; refuse a parse that lost most of the last good version. */
  function parseList(s: ListState, files: Record<string, string>): LoadedList {
    const entities = s.def.parse(files);
    if (!entities.length) throw new Error(`${s.def.id}: no entities parsed`);
    const minRetained = options.fetch?.minRetained ?? 0.5;
    if (s.current && entities.length < s.current.entities.length * minRetained) {
      throw new Error(`${s.def.id}: ${entities.length} entities parsed, last good version had ${s.current.entities.length}; keeping the last good version`);
    }
    return { id: s.def.id, name: s.def.name, database: s.def.database, entities, version: filesVersion(files), loaded_at: new Date().toISOString() };
  }

  async function apply(s: ListState, origin: LoadRecord['origin'], files: () => Promise<Record<string, string>> | Record<string, string>): Promise<ListUpdate> {
    const started = new Date();
    s.lastAttemptAt = started.toISOString();
    try {
      const list = parseList(s, await files());
      if (s.current && s.current.version === list.version) {
        s.lastError = undefined;
        const { record } = await store.recordLoaded(s.def.id, origin, list.version, list.entities, started);
        return { list_id: s.def.id, record };
      }
      const { record, diff } = await store.recordLoaded(s.def.id, origin, list.version, list.entities, started);
      s.current = list;
      s.lastError = undefined;
      return { list_id: s.def.id, record, diff };
    } catch (error) {
      s.lastError = (error as Error).message;
      const record = await store.recordFailed(s.def.id, origin, s.lastError, started);
      return { list_id: s.def.id, record };
    }
  }

  const loading = (async () => {
    for (const s of states.values()) {
      if (!listConfigured(options.listsDir, s.def)) {
        s.notConfigured = true;
        continue;
      }
      await apply(s, 'directory', () => readListFiles(options.listsDir, s.def));
    }
    // A list that is not configured never fails the engine, but the engine needs one list it can serve.
    if (![...states.values()].some((s) => s.current)) {
      state = 'failed';
      engineError = 'no list could be loaded: ' + [...states.values()].map((s) => s.lastError ?? (s.notConfigured ? `${s.def.id}: not configured (no directory)` : '')).join('; ');
      throw new Error(engineError);
    }
    rebuild();
    state = 'ready';
    const minutes = options.fetch?.intervalMinutes ?? 0;
    if (minutes > 0 && !closed) {
      timer = setInterval(() => void refresh().catch(() => undefined), minutes * 60_000);
      timer.unref();
    }
  })();
  loading.catch(() => undefined);

  async function refresh(listId?: string): Promise<ListUpdate[]> {
    await loading;
    const fetchOptions = options.fetch ?? {};
    const updates: ListUpdate[] = [];
    for (const s of states.values()) {
      if (listId && s.def.id !== listId) continue;
      updates.push(await apply(s, 'download', () => downloadList(s.def, fetchOptions)));
    }
    if (updates.some((u) => u.diff)) {
      rebuild();
      for (const u of updates) if (u.diff) for (const l of listeners) l(u);
    }
    return updates;
  }

  function requireReady(): Screener {
    if (!screener) throw new Error(state === 'failed' ? `screening engine failed: ${engineError}` : 'screening engine is still loading');
    return screener;
  }

  return {
    ready: () => loading,
    status() {
      const lists: ListStatus[] = [...states.values()].map((s) => ({
        id: s.def.id,
        name: s.def.name,
        database: s.def.database,
        entities: s.current?.entities.length ?? 0,
        version: servedVersions.get(s.def.id) ?? '',
        loaded_at: s.current?.loaded_at ?? '',
        last_error: s.lastError,
        last_attempt_at: s.lastAttemptAt,
        ...(s.notConfigured && !s.current ? { not_configured: true } : {}),
      }));
      return { state, lists, error: engineError };
    },
    screen: (query) => requireReady().screen(query),
    async screenBatch(queries, onProgress) {
      await loading;
      if (!queries.length) return [];
      // The whole batch runs on the list version current now, even if a refresh lands meanwhile.
      const s = requireReady();
      return pool.screen(queries, poolData(s), (query, scored) => s.finishScored(query, scored), onProgress);
    },
    getEntity: (id) => screener?.getEntity(id),
    mergeStats: () => mergeStats,
    wordWeights: () => (screener ? { version: screenerVersions.get(screener)!, weights: screener.index } : undefined),
    refresh,
    onUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    loadHistory: (listId) => store.history(listId),
    async warmWorkers() {
      await loading;
      await pool.warm(poolData(requireReady()));
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await pool.close();
    },
  };
}
