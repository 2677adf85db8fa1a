/**
 * Route components load as separate chunks. A chunk that fails to load, or
 * takes longer than the 120 s timeout of section 9, becomes a ChunkLoadError
 * that names the chunk, so the error boundary can say which part failed.
 */
import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@common/constants';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(readonly chunk: string, cause?: unknown) {
    super(`Loading chunk ${chunk} failed.`);
    this.cause = cause;
  }
}

export function withChunkTimeout<T>(chunk: string, load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, new Error('timeout'))), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, error));
      },
    );
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<P extends object = any>(chunk: string, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => withChunkTimeout(chunk, load));
}
