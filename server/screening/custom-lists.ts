/**
 * Every organisation's custom list index, kept up to date from the database (docs/advanced-features.md,
 * "Custom lists in screening").
 *
 * Each transaction that changes a custom list bumps organisations.custom_lists_revision under the
 * organisation's row lock and stamps the records it changed with the new value
 * (server/case-store/list-changes.ts). Because the lock is held until commit, the revision a process
 * reads covers exactly the changes committed so far, and a process that has applied revision R catches
 * up by reading the records stamped above R. So a screening first reads the organisation's revision (one
 * indexed row) and, when it moved, applies the records changed since: an upload is searchable by the next
 * screening, in this process and in every other process on the same database, without a full rebuild.
 * Applying a record twice changes nothing, which is what makes reading a few too many harmless.
 */
import type { Db } from '../db/client';
import { forOrganisation, type OrgDb } from '../db/tenant';
import { CustomListIndex, customEntity, type CustomRecord, type PackedRecords } from './custom-index';
import { Packer } from './packer';
import type { ScreeningEngine } from './engine';

interface Entry {
  revision: number;
  index: CustomListIndex;
}

/** What an organisation's custom lists hold now, for one screening. */
export interface CustomListsState {
  /** The revision applied (0: the organisation never had a custom list). */
  revision: number;
  /** Null when there is nothing to screen. */
  index: CustomListIndex | null;
}

/**
 * A change of at least this many records has its names prepared on the pack worker thread: preparing
 * 100,000 names takes seconds of CPU, which on the main thread would hold every other request; opening
 * what the worker packed takes a tenth of that. Smaller changes are indexed in place, faster than a
 * round trip to the worker.
 */
const PACK_ON_WORKER = 5_000;

/** Records read per statement when an organisation's lists are loaded whole. */
const READ_PAGE = 10_000;

const RECORD_COLUMNS = `r.id, r.list_id, l.name AS list_name, l.list_type, r.full_name, r.aliases, r.entity_type, r.birth_year, r.birth_month, r.birth_day, r.country, r.category`;

export class CustomListRegistry {
  private entries = new Map<string, Entry>();
  /** One catch-up at a time per organisation; screenings arriving meanwhile wait for it. */
  private pending = new Map<string, Promise<Entry>>();
  private packer = new Packer();
  /** Changes whose names the pack worker prepared, and changes it failed (indexed in place instead). */
  readonly packing = { on_worker: 0, failed: 0 };

  constructor(
    private db: Db,
    private engine: ScreeningEngine,
  ) {}

  /** The organisation's index as of now (catching up first when its lists changed). */
  async current(organisationId: string): Promise<CustomListsState> {
    const org = forOrganisation(this.db, organisationId);
    const row = await org.one<{ revision: string }>('SELECT custom_lists_revision AS revision FROM organisations WHERE id = $org');
    const revision = Number(row?.revision ?? 0);
    if (revision === 0) return { revision: 0, index: null };
    const entry = this.entries.get(organisationId);
    if (entry && entry.revision >= revision) return this.served(entry);
    let job = this.pending.get(organisationId);
    if (!job) {
      job = this.catchUp(organisationId, revision, entry).finally(() => this.pending.delete(organisationId));
      this.pending.set(organisationId, job);
    }
    return this.served(await job);
  }

  /** Forgets every index (tests, and a process that wants its memory back); the next screening reloads. */
  clear(): void {
    this.entries.clear();
  }

  /** Stops the pack worker thread. */
  close(): Promise<void> {
    return this.packer.close();
  }

  /** Applies a change to an index, a large one with its names prepared on the pack worker (in place if the worker fails). */
  private async apply(index: CustomListIndex, upserted: CustomRecord[], removed: string[]) {
    if (upserted.length < PACK_ON_WORKER) return index.apply({ upserted, removed });
    const entities = upserted.map(customEntity);
    await new Promise((resolve) => setImmediate(resolve));
    let prebuilt: PackedRecords | undefined;
    try {
      prebuilt = { entities, packed: await this.packer.pack(entities) };
      this.packing.on_worker++;
    } catch {
      prebuilt = undefined;
      this.packing.failed++;
    }
    index.apply({ upserted, removed }, prebuilt);
  }

  private served(entry: Entry): CustomListsState {
    const weights = this.engine.wordWeights();
    if (weights) entry.index.useWeights(weights.weights, weights.version);
    return { revision: entry.revision, index: entry.index.size ? entry.index : null };
  }

  private async catchUp(organisationId: string, revision: number, entry: Entry | undefined): Promise<Entry> {
    const org = forOrganisation(this.db, organisationId);
    if (!this.engine.wordWeights()) await this.engine.ready();
    const weights = this.engine.wordWeights()!;
    if (!entry) {
      // Everything live now; records changed after the revision was read are applied again next time, which is harmless.
      const rows = await readPaged<CustomRecord>(org, null);
      const index = new CustomListIndex(weights.weights, weights.version);
      await this.apply(index, rows.map(normalise), []);
      const fresh = { revision, index };
      this.entries.set(organisationId, fresh);
      return fresh;
    }
    const rows = await readPaged<CustomRecord & { gone: boolean; revision: string }>(org, entry.revision);
    await this.apply(
      entry.index,
      rows.filter((r) => !r.gone).map(normalise),
      rows.filter((r) => r.gone).map((r) => r.id),
    );
    entry.revision = revision;
    return entry;
  }
}

/**
 * Records of the organisation, read a page at a time: the embedded database runs on this thread and its
 * statements resolve without returning to the event loop, so one read of 100,000 rows would hold every
 * other request for seconds; between pages the server answers them. A full load walks the live records
 * by id; a catch-up walks those stamped above a revision by (revision, id), on the index that keeps them
 * in that order, so finding one changed record among 100,000 reads one.
 */
async function readPaged<T extends { id: string; revision?: unknown }>(org: OrgDb, since: number | null): Promise<T[]> {
  const rows: T[] = [];
  let afterRevision = since ?? 0;
  // After every id of the revision already applied (a catch-up), or before every id (a full load).
  let afterId = since === null ? '00000000-0000-0000-0000-000000000000' : 'ffffffff-ffff-ffff-ffff-ffffffffffff';
  for (;;) {
    const page =
      since === null
        ? await org.query<T>(
            `SELECT ${RECORD_COLUMNS} FROM custom_list_records r JOIN custom_lists l ON l.id = r.list_id
              WHERE r.organisation_id = $org AND NOT r.is_deleted AND NOT l.is_deleted AND r.id > $1::uuid
              ORDER BY r.id LIMIT ${READ_PAGE}`,
            [afterId],
          )
        : await org.query<T>(
            `SELECT ${RECORD_COLUMNS}, r.revision, (r.is_deleted OR l.is_deleted) AS gone FROM custom_list_records r JOIN custom_lists l ON l.id = r.list_id
              WHERE r.organisation_id = $org AND (r.revision, r.id) > ($1::bigint, $2::uuid)
              ORDER BY r.revision, r.id LIMIT ${READ_PAGE}`,
            [afterRevision, afterId],
          );
    rows.push(...page);
    if (page.length < READ_PAGE) return rows;
    const last = page[page.length - 1];
    afterId = last.id;
    afterRevision = Number(last.revision ?? 0);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const normalise = (r: CustomRecord): CustomRecord => ({ ...r, aliases: r.aliases ?? [] });

