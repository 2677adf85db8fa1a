/**
 * A worker thread that prepares the names of many custom list records and packs them (packIndex): the
 * seconds of CPU a 100,000-record upload costs are spent here, not on the thread that answers requests.
 * The packed arrays live on SharedArrayBuffers, so they come back without being copied, and opening
 * them on the main thread takes a fraction of the time preparing the names did.
 */
import { parentPort } from 'node:worker_threads';
import { packIndex } from './packed-index';
import type { PackedIndex } from './candidate-index';
import type { ListedEntity } from './types';

export interface PackRequest {
  id: number;
  /**
   * The entities as JSON, with only what packing reads (names, kind, database, list): one string crosses
   * the thread boundary as one copy, where 100,000 objects would be cloned one by one on the sending thread.
   */
  entities: string;
}

export type PackResponse = { id: number; packed: PackedIndex } | { id: number; error: string };

parentPort!.on('message', (msg: PackRequest) => {
  try {
    const entities = JSON.parse(msg.entities) as ListedEntity[];
    parentPort!.postMessage({ id: msg.id, packed: packIndex(entities, false).packed } satisfies PackResponse);
  } catch (error) {
    parentPort!.postMessage({ id: msg.id, error: (error as Error).message } satisfies PackResponse);
  }
});
