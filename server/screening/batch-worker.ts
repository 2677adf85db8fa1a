/**
 * A batch worker thread: opens the packed name index the main thread built (its
 * buffers are shared, not copied), warms its code up on a sample of listed
 * names, then runs the name stage of each query it is sent and returns the few
 * names that may make a hit. The main thread builds the hits (it holds the
 * entities), so results cross the thread boundary small.
 */
import { parentPort } from 'node:worker_threads';
import { CandidateIndex, type PackedIndex } from './candidate-index';
import { normaliseQuery } from './query';
import { finalists, scoreNames, type ScoredQuery } from './screener';
import type { ScreeningQuery } from './types';

export type WorkerRequest =
  | { type: 'init'; version: number; packed: PackedIndex; keepPrepared: boolean }
  | { type: 'screen'; id: number; version: number; queries: ScreeningQuery[] };

export type WorkerResult = ScoredQuery | { error: string };

export type WorkerResponse =
  | { type: 'ready'; version: number; ms: number }
  | { type: 'result'; id: number; results: WorkerResult[]; busy_ms: number };

let index: CandidateIndex | undefined;
let version = -1;

function run(query: ScreeningQuery): WorkerResult {
  try {
    const start = performance.now();
    const q = normaliseQuery(query);
    const scored = scoreNames(index!, q);
    return { finalists: finalists(q, scored.best), retrieved: scored.retrieved, took_ms: performance.now() - start };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

parentPort!.on('message', (msg: WorkerRequest) => {
  if (msg.type === 'init') {
    const start = performance.now();
    index = new CandidateIndex(msg.packed, { keepPrepared: msg.keepPrepared });
    version = msg.version;
    // Compile the hot paths before the first batch counts: listed names as person and company queries.
    for (const name of index.sampleNames(300)) {
      run({ search_term: name, entity_type: 'person' });
      run({ search_term: name, entity_type: 'company' });
    }
    parentPort!.postMessage({ type: 'ready', version: msg.version, ms: performance.now() - start } satisfies WorkerResponse);
    return;
  }
  const start = performance.now();
  const results = msg.version === version && index ? msg.queries.map(run) : msg.queries.map(() => ({ error: 'screening worker holds another list version' }));
  parentPort!.postMessage({ type: 'result', id: msg.id, results, busy_ms: performance.now() - start } satisfies WorkerResponse);
});
