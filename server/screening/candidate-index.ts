/**
 * Candidate retrieval. Every name of every entity is prepared once and its word
 * tokens posted under their phonetic key; a query looks up its own keys, keys one
 * edit away (a deletion-neighbourhood index over the vocabulary, so typos still
 * retrieve), consonant skeletons (for Arabic/Hebrew input), and the whole name
 * written without spaces ("VladimirPutin"). Names are ranked by the summed weight
 * of the tokens they share with the query and only the best few are scored.
 *
 * Word weights come from the same pass: a word carried by many listed names
 * ("mohammed", "trading") weighs less in the name score than a rare one, so one
 * shared common word cannot make a strong match.
 *
 * The index is built once, on the main thread, into a packed form (packed-index.ts):
 * typed arrays on SharedArrayBuffers plus one string table. Batch workers open the
 * same packed form without copying it or normalising a single listed name again.
 */
import { packIndex, unpackName, ENTITY_KINDS, LIST_DATABASES, type PackedIndex } from './packed-index';
import type { NameMode, PreparedName, Token } from './normalize';
import type { EntityKind, EntityName, ListDatabase, ListedEntity } from './types';

/** Query tokens whose posting lists are remembered. */
const TOKEN_CACHE_MAX = 50_000;
/** Names materialised from the packed form, kept when the index does not keep them all. */
const RECENT_MAX = 200_000;

interface TokenLists {
  exact?: Int32Array;
  weight: number;
  others: Int32Array[];
  otherWeights: number[];
}

export type IndexedNameKind = EntityName['kind'] | 'rca';

export const NAME_KINDS: IndexedNameKind[] = ['primary', 'original', 'strong', 'weak', 'former', 'rca'];

export function modeForKind(kind: ListedEntity['kind']): NameMode {
  if (kind === 'person') return 'person';
  if (kind === 'vessel' || kind === 'aircraft') return 'vessel';
  return 'org';
}

export interface IndexOptions {
  /** Keep prepared names as objects (fastest scoring); off for very large sets, which read them from the packed form on demand. */
  keepPrepared?: boolean;
  /**
   * Word weights from another index rather than from this one's own names. A small index (an
   * organisation's custom list) weighs words as the public lists do: "Mohammed" is common there, while
   * in a list of ten names every word would look rare and one shared given name would make a match.
   */
  weights?: WordWeights;
  /** The packed index of the given entities, built on another thread (packIndex of exactly these entities). */
  packed?: PackedIndex;
}

/** Word weights of an index, for another index to borrow (IndexOptions.weights). */
export interface WordWeights {
  weightOf(key: string): number;
}

/** Tokens that index: words and numbers (particles, initials and legal forms retrieve nothing by themselves). */
export function indexable(t: Token): boolean {
  return (t.kind === 'word' && t.key.length >= 2) || t.kind === 'number';
}

function deletes(key: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < key.length; i++) out.push(key.slice(0, i) + key.slice(i + 1));
  return out;
}

export interface Retrieved {
  nameId: number;
  score: number;
}

function postingMap(p: PackedIndex, lists: PackedIndex['postings']): Map<string, Int32Array> {
  const out = new Map<string, Int32Array>();
  for (let i = 0; i < lists.keys.length; i++) out.set(p.strings[lists.keys[i]], lists.ids.subarray(lists.offsets[i], lists.offsets[i + 1]));
  return out;
}

export class CandidateIndex {
  /** The listed entities (main thread only: a batch worker's index has none and scores names only). */
  readonly entities: ListedEntity[];
  readonly packed: PackedIndex;
  private readonly nameCount: number;
  private readonly common: number;
  private prepared?: PreparedName[];
  private recent = new Map<number, PreparedName>();
  private postings: Map<string, Int32Array>;
  private skeletons: Map<string, Int32Array>;
  private compacts: Map<string, Int32Array>;
  /** deleted-key -> vocabulary keys that produce it. */
  private neighbours = new Map<string, string[]>();
  private acc?: Float32Array;
  private stamp?: Uint32Array;
  private touched?: Int32Array;
  private epoch = 0;
  private tokenCache = new Map<string, TokenLists>();
  private scopes = new Map<number, Array<[string, string]>>();
  private weights?: WordWeights;
  readonly buildMs: number;

  /**
   * Build from entities (main thread), open a packed index built elsewhere (a batch worker), or hold
   * entities whose packed index another thread built from them (options.packed: a custom list segment).
   */
  constructor(source: ListedEntity[] | PackedIndex, options: IndexOptions = {}) {
    const start = performance.now();
    this.weights = options.weights;
    if (Array.isArray(source) && options.packed) {
      this.entities = source;
      this.packed = options.packed;
    } else if (Array.isArray(source)) {
      this.entities = source;
      const built = packIndex(source, options.keepPrepared ?? true);
      this.packed = built.packed;
      this.prepared = built.prepared;
    } else {
      this.entities = [];
      this.packed = source;
    }
    const p = this.packed;
    this.nameCount = p.nameEntity.length;
    this.common = Math.max(5000, this.nameCount * 0.02);
    this.postings = postingMap(p, p.postings);
    this.skeletons = postingMap(p, p.skeletons);
    this.compacts = postingMap(p, p.compacts);
    for (const key of this.postings.keys()) {
      if (key.length < 4 || /^\d+$/.test(key)) continue;
      for (const d of deletes(key)) {
        const l = this.neighbours.get(d);
        if (l) l.push(key);
        else this.neighbours.set(d, [key]);
      }
    }
    // A worker of a list of ordinary size materialises every name once: scoring then allocates nothing.
    if (!this.prepared && (options.keepPrepared ?? true)) {
      this.prepared = new Array(this.nameCount);
      for (let i = 0; i < this.nameCount; i++) this.prepared[i] = unpackName(p, i);
    }
    if (this.weights) this.reweigh(this.weights);
    this.buildMs = performance.now() - start;
  }

  get size(): number {
    return this.nameCount;
  }

  /** Word weight from its frequency among listed names: 1 for a rare word, down to 0.5 for the commonest. */
  weightOf(key: string): number {
    if (this.weights) return this.weights.weightOf(key);
    return wordWeight(this.postings.get(key)?.length ?? 0, this.nameCount);
  }

  /**
   * Takes word weights from another index from now on (IndexOptions.weights), and weighs the names
   * already prepared with them: when the public lists change, an index that borrows their weights
   * follows. Only indexes that keep their prepared names (main thread) can be re-weighed.
   */
  reweigh(weights: WordWeights): void {
    this.weights = weights;
    this.tokenCache.clear();
    for (const p of this.prepared ?? []) this.weigh(p);
  }

  /** Set token weights of a prepared name (query or candidate) from the index's word frequencies. */
  weigh(p: PreparedName): PreparedName {
    for (const t of p.tokens) if (t.kind === 'word') t.weight = this.weightOf(t.key);
    return p;
  }

  /** The prepared name of an indexed name. */
  preparedName(nameId: number): PreparedName {
    const kept = this.prepared?.[nameId] ?? this.recent.get(nameId);
    if (kept) return kept;
    const p = unpackName(this.packed, nameId);
    // Names come back often (common words retrieve the same names): keep the recent ones.
    if (this.recent.size >= RECENT_MAX) this.recent.clear();
    this.recent.set(nameId, p);
    return p;
  }

  nameKindOf(nameId: number): IndexedNameKind {
    return NAME_KINDS[this.packed.nameKind[nameId]];
  }

  entityOf(nameId: number): number {
    return this.packed.nameEntity[nameId];
  }

  /** Position of the name in its entity's names (or linked_to, for an rca name). */
  nameRefOf(nameId: number): number {
    return this.packed.nameRef[nameId];
  }

  entityKindOf(entity: number): EntityKind {
    return ENTITY_KINDS[this.packed.entityKind[entity]];
  }

  entityDatabaseOf(entity: number): ListDatabase {
    return LIST_DATABASES[this.packed.entityDb[entity]];
  }

  entityListOf(entity: number): string {
    return this.packed.strings[this.packed.entityList[entity]];
  }

  /**
   * Whether the database and source filters keep the entity: an entity several lists publish is kept when any
   * of its listings is (a search of the warnings lists finds a company the BIS Entity List and the SDN list share).
   */
  entityInScope(entity: number, databases: ReadonlySet<string>, sources?: ReadonlySet<string>): boolean {
    const scope = this.packed.entityScope?.[entity] ?? -1;
    if (scope < 0) return databases.has(this.entityDatabaseOf(entity)) && (!sources || sources.has(this.entityListOf(entity)));
    let listings = this.scopes.get(scope);
    if (!listings) {
      listings = this.packed.strings[scope].split(',').map((x) => x.split('|') as [string, string]);
      this.scopes.set(scope, listings);
    }
    return listings.some(([db, list]) => databases.has(db) && (!sources || sources.has(list)));
  }

  /** A sample of listed names as written (first words of every n-th name): to warm a worker up. */
  sampleNames(count: number): string[] {
    const out: string[] = [];
    const step = Math.max(1, Math.floor(this.nameCount / count));
    for (let i = 0; i < this.nameCount && out.length < count; i += step) {
      const name = this.preparedName(i).tokens.map((t) => t.surface).join(' ');
      if (name.length >= 2 && name.length <= 100) out.push(name);
    }
    return out;
  }

  /**
   * The posting lists a query token credits, with their weights: its own key's,
   * keys one edit away (deletion neighbourhood, both sides) and its consonant
   * skeleton's. Query words recur (given names, common surnames), so the lists are
   * remembered per token rather than looked up edit by edit for every query.
   */
  private tokenLists(t: Token, common: number): TokenLists {
    const cacheKey = (t.abjad ? '!' : '') + t.kind[0] + t.key;
    let lists = this.tokenCache.get(cacheKey);
    if (lists) return lists;
    const w = this.weightOf(t.key);
    lists = { exact: this.postings.get(t.key), weight: w, others: [], otherWeights: [] };
    if (t.kind === 'word') {
      if (t.key.length >= 4) {
        const near = new Set<string>();
        for (const k of this.neighbours.get(t.key) ?? []) near.add(k);
        for (const d of deletes(t.key)) {
          if (this.postings.has(d)) near.add(d);
          for (const k of this.neighbours.get(d) ?? []) near.add(k);
        }
        near.delete(t.key);
        for (const k of near) {
          const ids = this.postings.get(k)!;
          if (ids.length < common) {
            lists.others.push(ids);
            lists.otherWeights.push(0.8 * this.weightOf(k));
          }
        }
      }
      if (t.abjad || t.skel.length >= 3) {
        const ids = this.skeletons.get(t.skel);
        if (ids && ids.length < common) {
          lists.others.push(ids);
          lists.otherWeights.push((t.abjad ? 0.9 : 0.5) * w);
        }
      }
    }
    if (this.tokenCache.size >= TOKEN_CACHE_MAX) this.tokenCache.clear();
    this.tokenCache.set(cacheKey, lists);
    return lists;
  }

  /**
   * The names most worth scoring for a query: up to `limit`, best first, among
   * those accepted by `accept` (entity filters applied before the cut, so a
   * filter never starves the result).
   */
  retrieve(query: PreparedName[], limit: number, accept: (nameId: number) => boolean): Retrieved[] {
    // Typed scratch arrays, reused: a Map per query would churn the garbage collector (p99 latency).
    const n = this.nameCount;
    if (!this.acc || this.acc.length < n) {
      this.acc = new Float32Array(n);
      this.stamp = new Uint32Array(n);
      this.touched = new Int32Array(n);
    }
    const acc = this.acc;
    const stamp = this.stamp!;
    const touched = this.touched!;
    let touchedCount = 0;
    const bumpStamp = () => {
      this.epoch++;
      if (this.epoch === 0xffffffff) {
        stamp.fill(0);
        this.epoch = 1;
      }
      return this.epoch;
    };
    // Each query token credits a name once, however many of its keys the name shares.
    let tokenEpoch = 0;
    const seenEpochs: number[] = [];
    const bump = (ids: Int32Array | undefined, w: number) => {
      if (!ids) return;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i];
        const st = stamp[id];
        if (st === tokenEpoch) continue;
        if (st < firstEpoch) {
          touched[touchedCount++] = id;
          acc[id] = 0;
        }
        stamp[id] = tokenEpoch;
        acc[id] += w;
      }
    };
    const firstEpoch = this.epoch + 1;
    // Very common words retrieve only when the query has nothing rarer.
    const tokens = query.flatMap((q) => q.tokens.filter(indexable));
    const common = this.common;
    const hasRare = tokens.some((t) => (this.postings.get(t.key)?.length ?? 0) < common);
    for (const q of query) {
      for (const t of q.tokens) {
        if (!indexable(t)) continue;
        tokenEpoch = bumpStamp();
        seenEpochs.push(tokenEpoch);
        const lists = this.tokenLists(t, common);
        if (lists.exact && (lists.exact.length < common || !hasRare)) bump(lists.exact, lists.weight);
        for (let k = 0; k < lists.others.length; k++) bump(lists.others[k], lists.otherWeights[k]);
      }
      if (q.compact.length >= 6) {
        tokenEpoch = bumpStamp();
        bump(this.compacts.get(q.compact), 2);
      }
    }
    // Top `limit` accepted names: a bounded insertion list (limit is small). Among names
    // sharing as much with the query, those of about its length come first (length
    // normalisation: "Abdul Haq" before "Abdul Haq Wasiq Mohammad Haq").
    let queryLength = 0;
    for (const q of query) queryLength = Math.max(queryLength, q.tokens.length);
    const tokenStarts = this.packed.nameTokens;
    const out: Retrieved[] = [];
    let floor = -Infinity;
    for (let i = 0; i < touchedCount; i++) {
      const id = touched[i];
      const score = acc[id] - 0.01 * Math.abs(tokenStarts[id + 1] - tokenStarts[id] - queryLength);
      if (out.length >= limit && score <= floor) continue;
      if (!accept(id)) continue;
      let pos = out.length;
      while (pos > 0 && out[pos - 1].score < score) pos--;
      out.splice(pos, 0, { nameId: id, score });
      if (out.length > limit) out.pop();
      if (out.length >= limit) floor = out[out.length - 1].score;
    }
    return out;
  }
}

/** 1 for a word carried by one name, down to 0.5 for the commonest (idf, scaled). */
export function wordWeight(df: number, names: number): number {
  const n = names || 1;
  if (df <= 1) return 1;
  const idf = Math.log(n / df) / Math.log(n);
  return 0.5 + 0.5 * Math.max(0, Math.min(1, idf * 1.6));
}

export type { PackedIndex };
