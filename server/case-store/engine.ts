/**
 * A search's view of the screening engine: waiting for the lists with a time
 * limit (a case can be created while the server is still loading them, it just
 * waits), and the lists' state for /api/health. Shared by every area that
 * screens a search as it is typed (Create New Case, the demo).
 */
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import type { ScreeningEngine } from '../screening';

/** How long a search waits for lists that are still loading before answering 503 (SCREENING_WAIT_MS, default 30 s). */
export const engineWaitMs = () => Number(process.env.SCREENING_WAIT_MS || 30_000);

export function listsHealth(deps: Pick<Deps, 'screening'>) {
  const status = deps.screening.status();
  return {
    state: status.state,
    entities: status.lists.reduce((n, l) => n + l.entities, 0),
    lists: status.lists.map((l) => ({ id: l.id, name: l.name, entities: l.entities, version: l.version, loaded_at: l.loaded_at || null, error: l.last_error ?? null })),
    ...(status.error ? { error: status.error } : {}),
  };
}

/** Resolves when the engine can screen; 503 with a clear message when it cannot within waitMs. */
export async function engineReady(engine: ScreeningEngine, waitMs = engineWaitMs()): Promise<ScreeningEngine> {
  const state = engine.status().state;
  if (state === 'ready') return engine;
  if (state === 'failed') throw new ApiError(503, 'lists_unavailable');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), waitMs);
  });
  try {
    const outcome = await Promise.race([engine.ready().then(() => 'ready' as const, () => 'failed' as const), timeout]);
    if (outcome === 'ready') return engine;
    if (outcome === 'failed') throw new ApiError(503, 'lists_unavailable');
    throw new ApiError(503, 'lists_loading');
  } finally {
    clearTimeout(timer);
  }
}
