/**
 * The screening index of one organisation's custom lists (blacklists and whitelists): the records are
 * screened with the same matcher, qualifiers and explanations as the public lists, as databases of
 * their own ('blacklist', 'whitelist').
 *
 * A change must be searchable within seconds and must not rebuild what did not change, so the index is
 * a few immutable segments (each a Screener over the records of one change: an uploaded file, one edited
 * record) plus the set of records each segment no longer serves (deleted, or replaced by a newer
 * version in a later segment). A change adds one segment; when there are more than MAX_SEGMENTS, the
 * small ones are merged into one (an uploaded file's segment is left alone). A large change's names are
 * prepared on a worker thread (server/screening/packer.ts) and only opened here.
 *
 * Word weights come from the public lists (CandidateIndex's `weights`), so a name is as strong a match
 * in a ten-record blacklist as it would be on a sanctions list.
 */
import type { PackedIndex, WordWeights } from './candidate-index';
import { Screener } from './screener';
import type { ListedEntity, ListDatabase, ScreeningHit, ScreeningQuery, ScreeningResult } from './types';
import type { EntityKind } from './types';

/** A custom list record as screening needs it. */
export interface CustomRecord {
  id: string;
  list_id: string;
  list_name: string;
  list_type: 'blacklist' | 'whitelist';
  full_name: string;
  aliases: string[];
  entity_type: 'person' | 'company' | 'location';
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  country: string | null;
  category: string | null;
}

/** A change to apply: records added or changed (their current version), and records gone. */
export interface CustomChange {
  upserted: CustomRecord[];
  removed: string[];
}

/** Segments kept before small ones are merged. */
const MAX_SEGMENTS = 8;
/**
 * Only segments with fewer live records than this are merged: the one-record segments of edits pile up,
 * while rebuilding an uploaded file's segment would cost seconds on the thread that answers requests.
 */
const MERGEABLE = 2_000;

const KIND_OF: Record<CustomRecord['entity_type'], EntityKind> = { person: 'person', company: 'company', location: 'location' };
const CUSTOM_DATABASES: ReadonlySet<ListDatabase> = new Set(['blacklist', 'whitelist']);

/** The entity id of a custom list record (public list entities are "<list id>:<publisher id>"). */
export const customEntityId = (recordId: string) => `custom:${recordId}`;
export const isCustomEntityId = (id: string) => id.startsWith('custom:');

/** A custom record as a listed entity of its own list. */
export function customEntity(r: CustomRecord): ListedEntity {
  const birth = r.birth_year ? [{ year: r.birth_year, ...(r.birth_month ? { month: r.birth_month } : {}), ...(r.birth_month && r.birth_day ? { day: r.birth_day } : {}) }] : [];
  return {
    id: customEntityId(r.id),
    list_id: r.list_id,
    source: r.list_name,
    programs: r.category ? [r.category] : [],
    database: r.list_type,
    kind: KIND_OF[r.entity_type],
    names: [{ full: r.full_name, kind: 'primary' }, ...r.aliases.map((full) => ({ full, kind: 'strong' as const }))],
    birth_dates: birth,
    places_of_birth: [],
    countries: r.country ? [r.country] : [],
    nationalities: [],
    identifiers: [],
    addresses: [],
    positions: [],
    linked_to: [],
  };
}

/** A change's records as entities, with their names already packed on another thread (server/screening/packer.ts). */
export interface PackedRecords {
  entities: ListedEntity[];
  packed: PackedIndex;
}

class Segment {
  readonly screener: Screener;
  /** Record id by entity position. */
  readonly ids: string[];
  readonly dead = new Set<number>();

  constructor(records: CustomRecord[], weights: WordWeights, prebuilt?: PackedRecords) {
    this.ids = records.map((r) => r.id);
    this.screener = prebuilt
      ? new Screener(prebuilt.entities, { keepPrepared: true, weights, packed: prebuilt.packed })
      : new Screener(records.map(customEntity), { keepPrepared: true, weights });
  }

  get live(): number {
    return this.ids.length - this.dead.size;
  }
}

export class CustomListIndex {
  private segments: Segment[] = [];
  /** Where the current version of each record is served. */
  private where = new Map<string, { segment: Segment; position: number }>();
  private weightsVersion: number;

  constructor(
    private weights: WordWeights,
    weightsVersion: number,
  ) {
    this.weightsVersion = weightsVersion;
  }

  /** Records served. */
  get size(): number {
    return this.where.size;
  }

  get segmentCount(): number {
    return this.segments.length;
  }

  /**
   * Adds and removes records: one new segment for the change, then small segments merged if there are
   * too many. `prebuilt`: the upserted records as entities with their names already packed (a large
   * change, prepared on another thread), in the same order.
   */
  apply(change: CustomChange, prebuilt?: PackedRecords): void {
    for (const id of [...change.removed, ...change.upserted.map((r) => r.id)]) {
      const at = this.where.get(id);
      if (!at) continue;
      at.segment.dead.add(at.position);
      this.where.delete(id);
    }
    if (change.upserted.length) this.add(new Segment(change.upserted, this.weights, prebuilt));
    this.segments = this.segments.filter((s) => s.live > 0);
    if (this.segments.length > MAX_SEGMENTS) this.mergeSmall();
  }

  /** Follows the public lists' word weights when they change (a list update). */
  useWeights(weights: WordWeights, version: number): void {
    if (version === this.weightsVersion) return;
    this.weights = weights;
    this.weightsVersion = version;
    for (const s of this.segments) s.screener.index.reweigh(weights);
  }

  getEntity(entityId: string): ListedEntity | undefined {
    const at = this.where.get(entityId.replace(/^custom:/, ''));
    return at ? at.segment.screener.entities[at.position] : undefined;
  }

  /**
   * Screens the records (of the given lists only, when `lists` is set) as one screening: each segment's
   * hits, best first, one per record, at most the query's limit.
   */
  screen(query: ScreeningQuery, lists?: ReadonlySet<string>): ScreeningResult {
    const start = performance.now();
    const hits: ScreeningHit[] = [];
    let candidates = 0;
    let result: ScreeningResult | undefined;
    const q = { ...query, sources: lists ? [...lists] : undefined };
    for (const segment of this.segments) {
      result = segment.screener.screen(q, { databases: CUSTOM_DATABASES as Set<ListDatabase>, exclude: segment.dead.size ? (e) => segment.dead.has(e) : undefined });
      hits.push(...result.hits);
      candidates += result.candidates;
    }
    hits.sort((a, b) => b.score_raw - a.score_raw);
    const limit = Math.max(1, Math.min(500, query.limit ?? 25));
    return {
      query,
      match_score: result?.match_score ?? query.match_score ?? 0,
      hits: hits.slice(0, limit),
      candidates,
      took_ms: Math.round((performance.now() - start) * 1000) / 1000,
    };
  }

  private add(segment: Segment) {
    this.segments.push(segment);
    segment.ids.forEach((id, position) => this.where.set(id, { segment, position }));
  }

  /** Rebuilds every small segment into one, leaving out the records they no longer serve. */
  private mergeSmall() {
    const small = this.segments.filter((s) => s.live < MERGEABLE);
    if (small.length < 2) return;
    const records: CustomRecord[] = [];
    for (const s of small) {
      s.ids.forEach((id, position) => {
        if (!s.dead.has(position)) records.push(recordOf(s.screener.entities[position], id));
      });
    }
    this.segments = this.segments.filter((s) => !small.includes(s));
    this.add(new Segment(records, this.weights));
  }
}

/** The record a custom entity was made from (customEntity's inverse), for merging segments without the database. */
function recordOf(e: ListedEntity, id: string): CustomRecord {
  const birth = e.birth_dates[0];
  return {
    id,
    list_id: e.list_id,
    list_name: e.source,
    list_type: e.database as CustomRecord['list_type'],
    full_name: e.names[0].full,
    aliases: e.names.slice(1).map((n) => n.full),
    entity_type: e.kind === 'person' ? 'person' : e.kind === 'location' ? 'location' : 'company',
    birth_year: birth?.year ?? null,
    birth_month: birth?.month ?? null,
    birth_day: birth?.day ?? null,
    country: e.countries[0] ?? null,
    category: e.programs[0] ?? null,
  };
}
