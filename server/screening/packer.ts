/**
 * Packs listed entities' names on a worker thread (pack-worker.ts): one thread per process, started on
 * first use and left idle between uses (it does not keep the process alive). A request it cannot answer
 * (the thread died) is rejected, and the caller packs on its own thread instead.
 */
import { Worker } from 'node:worker_threads';
import type { PackedIndex } from './candidate-index';
import type { PackRequest, PackResponse } from './pack-worker';
import type { ListedEntity } from './types';

export class Packer {
  private worker?: Worker;
  private nextId = 1;
  private waiting = new Map<number, { resolve: (p: PackedIndex) => void; reject: (e: Error) => void }>();

  pack(entities: ListedEntity[]): Promise<PackedIndex> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<PackedIndex>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Busy while it packs, idle otherwise: an idle thread must not keep the process alive.
      worker.ref();
      // What packIndex reads of each entity, and nothing else.
      const slim = JSON.stringify(entities.map((e) => ({ kind: e.kind, database: e.database, list_id: e.list_id, names: e.names, linked_to: e.linked_to })));
      worker.postMessage({ id, entities: slim } satisfies PackRequest);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./pack-entry.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (msg: PackResponse) => {
      const waiter = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (!this.waiting.size) worker.unref();
      if (!waiter) return;
      if ('error' in msg) waiter.reject(new Error(msg.error));
      else waiter.resolve(msg.packed);
    });
    const fail = (reason: string) => {
      if (this.worker === worker) this.worker = undefined;
      for (const w of this.waiting.values()) w.reject(new Error(`pack worker stopped: ${reason}`));
      this.waiting.clear();
    };
    worker.on('error', (error) => fail(String(error)));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }
}
