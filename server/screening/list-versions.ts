/**
 * List versions: every load attempt is recorded (origin, status, version hash,
 * counts of entities added, changed and removed, error). The diff comes from a
 * per-entity content hash kept for the last good load of each list, in the
 * database when one is given (table screening_list_entities) and in memory
 * otherwise; the ids that changed are kept per load (screening_list_changes) so
 * ongoing monitoring can re-screen exactly what moved.
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import type { ListedEntity } from './types';

export interface LoadRecord {
  id?: number;
  list_id: string;
  origin: 'directory' | 'download';
  status: 'loaded' | 'unchanged' | 'failed';
  version?: string;
  entities?: number;
  added: number;
  changed: number;
  removed: number;
  error?: string;
  started_at: string;
  finished_at: string;
}

export interface ListDiff {
  added: string[];
  changed: string[];
  removed: string[];
}

export function entityHash(e: ListedEntity): string {
  return createHash('sha1').update(JSON.stringify(e)).digest('hex').slice(0, 20);
}

export function diffHashes(before: Map<string, string>, after: Map<string, string>): ListDiff {
  const diff: ListDiff = { added: [], changed: [], removed: [] };
  for (const [id, h] of after) {
    const prev = before.get(id);
    if (prev === undefined) diff.added.push(id);
    else if (prev !== h) diff.changed.push(id);
  }
  for (const id of before.keys()) if (!after.has(id)) diff.removed.push(id);
  return diff;
}

const BATCH = 500;

export class ListVersionStore {
  private hashes = new Map<string, Map<string, string>>();
  private loads: LoadRecord[] = [];

  /** onChanged runs inside the transaction that records a changed list, so work it enqueues (monitoring) commits with the record. */
  constructor(
    private readonly db?: Db,
    private readonly onChanged?: (tx: Queryable, record: LoadRecord) => Promise<void>,
  ) {}

  private async previous(listId: string): Promise<Map<string, string>> {
    const cached = this.hashes.get(listId);
    if (cached) return cached;
    const map = new Map<string, string>();
    if (this.db) {
      const rows = await this.db.query<{ entity_id: string; content_hash: string }>(
        'SELECT entity_id, content_hash FROM screening_list_entities WHERE list_id = $1',
        [listId],
      );
      for (const r of rows) map.set(r.entity_id, r.content_hash);
    }
    this.hashes.set(listId, map);
    return map;
  }

  /** Record a good load: diff against the last good one, store the new snapshot. */
  async recordLoaded(listId: string, origin: LoadRecord['origin'], version: string, entities: ListedEntity[], startedAt: Date): Promise<{ record: LoadRecord; diff: ListDiff }> {
    const before = await this.previous(listId);
    const after = new Map(entities.map((e) => [e.id, entityHash(e)] as const));
    const diff = diffHashes(before, after);
    const unchanged = !diff.added.length && !diff.changed.length && !diff.removed.length && before.size > 0;
    const record: LoadRecord = {
      list_id: listId,
      origin,
      status: unchanged ? 'unchanged' : 'loaded',
      version,
      entities: entities.length,
      added: diff.added.length,
      changed: diff.changed.length,
      removed: diff.removed.length,
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
    };
    if (this.db) {
      const names = new Map(entities.map((e) => [e.id, e.names[0]?.full ?? ''] as const));
      await this.db.transaction(async (tx) => {
        const row = await tx.one<{ id: number }>(
          `INSERT INTO screening_list_loads (list_id, origin, status, version, entities, added, changed, removed, started_at, finished_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [listId, origin, record.status, version, entities.length, record.added, record.changed, record.removed, record.started_at, record.finished_at],
        );
        record.id = row!.id;
        const upserts = [...diff.added, ...diff.changed];
        for (let i = 0; i < upserts.length; i += BATCH) {
          const chunk = upserts.slice(i, i + BATCH);
          const params: unknown[] = [];
          const values = chunk.map((id, j) => {
            params.push(listId, id, after.get(id), names.get(id), record.id);
            const b = j * 5;
            return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5})`;
          });
          await tx.query(
            `INSERT INTO screening_list_entities (list_id, entity_id, content_hash, name, last_load_id) VALUES ${values.join(', ')}
             ON CONFLICT (list_id, entity_id) DO UPDATE SET content_hash = EXCLUDED.content_hash, name = EXCLUDED.name, last_load_id = EXCLUDED.last_load_id`,
            params,
          );
        }
        for (let i = 0; i < diff.removed.length; i += BATCH) {
          await tx.query('DELETE FROM screening_list_entities WHERE list_id = $1 AND entity_id = ANY($2::text[])', [listId, diff.removed.slice(i, i + BATCH)]);
        }
        // The first load of a list is a snapshot, not news: changes are kept from the second load on.
        if (before.size > 0) {
          const changes = [
            ...diff.added.map((id) => [id, 'added'] as const),
            ...diff.changed.map((id) => [id, 'changed'] as const),
            ...diff.removed.map((id) => [id, 'removed'] as const),
          ];
          for (let i = 0; i < changes.length; i += BATCH) {
            const chunk = changes.slice(i, i + BATCH);
            const params: unknown[] = [];
            const values = chunk.map(([id, change], j) => {
              params.push(record.id, id, change);
              return `($${j * 3 + 1}, $${j * 3 + 2}, $${j * 3 + 3})`;
            });
            await tx.query(`INSERT INTO screening_list_changes (load_id, entity_id, change) VALUES ${values.join(', ')}`, params);
          }
          if (changes.length && this.onChanged) await this.onChanged(tx, record);
        }
      });
    }
    this.hashes.set(listId, after);
    this.loads.push(record);
    return { record, diff };
  }

  async recordFailed(listId: string, origin: LoadRecord['origin'], error: string, startedAt: Date): Promise<LoadRecord> {
    const record: LoadRecord = {
      list_id: listId,
      origin,
      status: 'failed',
      added: 0,
      changed: 0,
      removed: 0,
      error,
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
    };
    if (this.db) {
      const row = await this.db.one<{ id: number }>(
        `INSERT INTO screening_list_loads (list_id, origin, status, error, added, changed, removed, started_at, finished_at)
         VALUES ($1, $2, 'failed', $3, 0, 0, 0, $4, $5) RETURNING id`,
        [listId, origin, error, record.started_at, record.finished_at],
      );
      record.id = row?.id;
    }
    this.loads.push(record);
    return record;
  }

  /** Load history, newest first. */
  async history(listId?: string): Promise<LoadRecord[]> {
    if (this.db) {
      const rows = await this.db.query<any>(
        `SELECT id, list_id, origin, status, version, entities, added, changed, removed, error, started_at, finished_at
         FROM screening_list_loads WHERE ($1::text IS NULL OR list_id = $1) ORDER BY id DESC`,
        [listId ?? null],
      );
      return rows.map((r) => ({
        ...r,
        version: r.version ?? undefined,
        entities: r.entities ?? undefined,
        error: r.error ?? undefined,
        started_at: new Date(r.started_at).toISOString(),
        finished_at: new Date(r.finished_at).toISOString(),
      }));
    }
    return this.loads.filter((l) => !listId || l.list_id === listId).reverse();
  }
}
