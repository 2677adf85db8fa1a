/**
 * Bulk screening on worker threads (one per core by default). Every worker opens
 * the same packed name index (shared memory, see packed-index.ts) and runs the
 * name stage of the queries; the main thread turns the few candidate names of
 * each query into hits as the chunks come back. Two chunks are kept in flight
 * per worker, so a worker never waits for the main thread between chunks, and
 * both cores stay busy to the end. A worker that dies is replaced; the queries
 * it held are answered with an error rather than lost.
 */
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse, WorkerResult } from './batch-worker';
import type { PackedIndex } from './candidate-index';
import type { ScoredQuery } from './screener';
import type { ScreeningQuery, ScreeningResult } from './types';

/** Queries per message: large enough that messaging costs little, small enough to share the tail evenly. */
const CHUNK = 100;
/** Chunks outstanding per worker. */
const IN_FLIGHT = 2;

export interface PoolData {
  version: number;
  packed: PackedIndex;
  keepPrepared: boolean;
}

interface PoolWorker {
  worker: Worker;
  version: number;
  ready: Promise<void>;
  alive: boolean;
  pending: Map<number, (results: WorkerResult[]) => void>;
  busyMs: number;
}

export class WorkerPool {
  private workers: PoolWorker[] = [];
  private nextId = 1;

  constructor(private readonly size = Math.max(1, cpus().length)) {}

  private spawn(): PoolWorker {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
    const pw: PoolWorker = { worker, version: -1, ready: Promise.resolve(), alive: true, pending: new Map(), busyMs: 0 };
    worker.on('message', (msg: WorkerResponse) => {
      if (msg.type !== 'result') return;
      pw.busyMs += msg.busy_ms;
      const cb = pw.pending.get(msg.id);
      pw.pending.delete(msg.id);
      cb?.(msg.results);
    });
    const fail = (reason: string) => {
      if (!pw.alive) return;
      pw.alive = false;
      this.workers = this.workers.filter((w) => w !== pw);
      for (const cb of pw.pending.values()) cb([{ error: `screening worker stopped: ${reason}` }]);
      pw.pending.clear();
    };
    worker.on('error', (err) => fail(String(err)));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    return pw;
  }

  private ensure(pw: PoolWorker, data: PoolData): Promise<void> {
    if (pw.version === data.version) return pw.ready;
    pw.version = data.version;
    pw.ready = new Promise<void>((resolve, reject) => {
      const done = () => {
        pw.worker.off('message', onMessage);
        pw.worker.off('error', onError);
        pw.worker.off('exit', onExit);
      };
      const onMessage = (msg: WorkerResponse) => {
        if (msg.type === 'ready' && msg.version === data.version) {
          done();
          resolve();
        }
      };
      const onError = (err: Error) => {
        done();
        reject(err);
      };
      const onExit = () => {
        done();
        reject(new Error('screening worker stopped while starting'));
      };
      pw.worker.on('message', onMessage);
      pw.worker.on('error', onError);
      pw.worker.on('exit', onExit);
      pw.worker.postMessage({ type: 'init', version: data.version, packed: data.packed, keepPrepared: data.keepPrepared } satisfies WorkerRequest);
    });
    return pw.ready;
  }

  /** Start the workers and open the index in each now (otherwise done by the first batch). */
  async warm(data: PoolData): Promise<void> {
    while (this.workers.length < this.size) this.workers.push(this.spawn());
    await Promise.all(this.workers.map((w) => this.ensure(w, data)));
  }

  /** CPU time the workers spent screening since they started (ms), for the benchmark. */
  busyMs(): number {
    return this.workers.reduce((a, w) => a + w.busyMs, 0);
  }

  /**
   * Screen the queries on the workers; `finish` turns a worker's answer for a
   * query into its result (on this thread, as chunks arrive). Results come back
   * in query order.
   */
  async screen(
    queries: ScreeningQuery[],
    data: PoolData,
    finish: (query: ScreeningQuery, result: ScoredQuery) => ScreeningResult | { error: string },
    onProgress?: (done: number, total: number) => void,
  ): Promise<Array<ScreeningResult | { error: string }>> {
    await this.warm(data);
    const results: Array<ScreeningResult | { error: string }> = new Array(queries.length);
    let next = 0;
    let done = 0;
    const send = (pw: PoolWorker): Promise<void> | undefined => {
      if (next >= queries.length || !pw.alive) return undefined;
      const start = next;
      const chunk = queries.slice(start, start + CHUNK);
      next += chunk.length;
      const id = this.nextId++;
      return new Promise<void>((resolve) => {
        pw.pending.set(id, (answers) => {
          for (let i = 0; i < chunk.length; i++) {
            const answer = answers[i] ?? answers[0] ?? { error: 'screening worker failed' };
            try {
              results[start + i] = 'error' in answer ? answer : finish(chunk[i], answer);
            } catch (error) {
              results[start + i] = { error: (error as Error).message };
            }
          }
          done += chunk.length;
          onProgress?.(done, queries.length);
          resolve();
        });
        pw.worker.postMessage({ type: 'screen', id, version: data.version, queries: chunk } satisfies WorkerRequest);
      });
    };
    // Each lane keeps one chunk in flight on one worker; a worker has IN_FLIGHT lanes.
    const lane = async (pw: PoolWorker) => {
      for (let p = send(pw); p; p = send(pw)) await p;
    };
    await Promise.all(this.workers.flatMap((pw) => Array.from({ length: IN_FLIGHT }, () => lane(pw))));
    // Chunks a stopped worker could not take: answer them with errors rather than leave holes.
    for (let i = 0; i < queries.length; i++) results[i] ??= { error: 'screening worker stopped' };
    return results;
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    for (const w of workers) w.alive = false;
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }
}
