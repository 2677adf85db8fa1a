/**
 * The name index in a packed form: every listed name already prepared (tokens,
 * phonetic keys, skeletons, weights, legal forms) and the posting lists, held in
 * typed arrays on SharedArrayBuffers with one table of the strings they refer to.
 *
 * The main thread builds it once per list version. Batch workers receive it by
 * postMessage: the buffers are shared, not copied, so two workers add no second
 * and third copy of the index, and none of them normalises a listed name again
 * (worker start drops from parsing every list file and preparing 50,000 names to
 * opening these arrays). Names are turned back into token objects on demand.
 */
import { indexable, NAME_KINDS, modeForKind, wordWeight, type IndexedNameKind } from './candidate-index';
import { prepareNameVariants, type NameMode, type PreparedName, type Token, type TokenKind } from './normalize';
import { LEGAL_FORMS, type LegalForm } from './vocabulary';
import type { EntityKind, ListDatabase, ListedEntity } from './types';

export const ENTITY_KINDS: EntityKind[] = ['person', 'company', 'organisation', 'vessel', 'aircraft', 'location'];
export const LIST_DATABASES: ListDatabase[] = ['sanctions', 'pep', 'warnings_and_regulatory_enforcement', 'blacklist', 'whitelist'];
const TOKEN_KINDS: TokenKind[] = ['word', 'number', 'legal', 'particle', 'initial'];
const MODES: NameMode[] = ['person', 'org', 'vessel', 'any'];

const ABJAD = 1;
const ABBREV = 2;
const COUNTRY = 4;
const QUALIFIER = 8;
const LOOSE = 16;

export interface PackedPostings {
  /** String-table ids of the keys. */
  keys: Int32Array;
  /** keys.length + 1 offsets into ids. */
  offsets: Int32Array;
  ids: Int32Array;
}

export interface PackedIndex {
  strings: string[];
  /** Per indexed name. */
  nameEntity: Int32Array;
  /** Position in the entity's names (or linked_to, for an rca name). */
  nameRef: Int32Array;
  nameKind: Uint8Array;
  nameMode: Uint8Array;
  nameCompact: Int32Array;
  /** nameEntity.length + 1 offsets into the token arrays. */
  nameTokens: Int32Array;
  /** Per token. */
  tokKind: Uint8Array;
  tokFlags: Uint8Array;
  tokText: Int32Array;
  tokKey: Int32Array;
  tokSkel: Int32Array;
  tokSurface: Int32Array;
  /** -1: none. */
  tokOrig: Int32Array;
  tokWeight: Float64Array;
  /** Per entity: what the entity-type, database and source filters need. */
  entityKind: Uint8Array;
  entityDb: Uint8Array;
  /** String-table id of the entity's list id. */
  entityList: Int32Array;
  /**
   * An entity several lists publish (merge.ts) is in the database and list of each of its listings: string-table
   * id of "database|list id,..." per listing, -1 for an entity listed once.
   */
  entityScope?: Int32Array;
  postings: PackedPostings;
  skeletons: PackedPostings;
  compacts: PackedPostings;
}

type TypedArrayCtor<T> = { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number };

function shared<T extends ArrayLike<number> & { set(a: ArrayLike<number>): void }>(Ctor: TypedArrayCtor<T>, values: ArrayLike<number>): T {
  const out = new Ctor(new SharedArrayBuffer(Math.max(1, values.length) * Ctor.BYTES_PER_ELEMENT));
  out.set(values);
  return out;
}

/** A growing column of integers kept in a typed array (a million-entity build holds five million tokens). */
class Column {
  private data: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  get(i: number): number {
    return this.data[i];
  }
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

class Strings {
  readonly list: string[] = [];
  private ids = new Map<string, number>();
  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(s);
      this.ids.set(s, id);
    }
    return id;
  }
}

class PostingBuilder {
  private lists = new Map<string, number[]>();
  add(key: string, id: number) {
    let l = this.lists.get(key);
    if (!l) this.lists.set(key, (l = []));
    if (l[l.length - 1] !== id) l.push(id);
  }
  count(key: string): number {
    return this.lists.get(key)?.length ?? 0;
  }
  pack(strings: Strings): PackedPostings {
    const keys: number[] = [];
    const offsets: number[] = [0];
    let total = 0;
    for (const [k, v] of this.lists) {
      keys.push(strings.id(k));
      total += v.length;
      offsets.push(total);
    }
    const ids = new Int32Array(new SharedArrayBuffer(Math.max(1, total) * 4));
    let at = 0;
    for (const v of this.lists.values()) {
      ids.set(v, at);
      at += v.length;
    }
    this.lists.clear();
    return { keys: shared(Int32Array, keys), offsets: shared(Int32Array, offsets), ids };
  }
}

/**
 * Prepare every name of every entity and pack the result. With `keep`, the
 * prepared names are also returned as objects (the main thread scores fastest
 * from them); otherwise they are dropped as soon as they are packed.
 */
export function packIndex(entities: ListedEntity[], keep: boolean): { packed: PackedIndex; prepared?: PreparedName[] } {
  const strings = new Strings();
  const post = new PostingBuilder();
  const skel = new PostingBuilder();
  const compact = new PostingBuilder();
  const nameEntity = new Column();
  const nameRef = new Column();
  const nameKind = new Column();
  const nameMode = new Column();
  const nameCompact = new Column();
  const nameTokens = new Column();
  nameTokens.push(0);
  const tokKind = new Column();
  const tokFlags = new Column();
  const tokText = new Column();
  const tokKey = new Column();
  const tokSkel = new Column();
  const tokSurface = new Column();
  const tokOrig = new Column();
  const prepared: PreparedName[] | undefined = keep ? [] : undefined;
  const kindCode = new Map(NAME_KINDS.map((k, i) => [k, i] as const));
  entities.forEach((e, ei) => {
    const mode = modeForKind(e.kind);
    const add = (full: string, ref: number, kind: IndexedNameKind) => {
      for (const p of prepareNameVariants(full, mode)) {
        const id = nameEntity.length;
        nameEntity.push(ei);
        nameRef.push(ref);
        nameKind.push(kindCode.get(kind)!);
        nameMode.push(MODES.indexOf(p.mode));
        nameCompact.push(strings.id(p.compact));
        prepared?.push(p);
        const seen = new Set<string>();
        for (const t of p.tokens) {
          tokKind.push(TOKEN_KINDS.indexOf(t.kind));
          tokFlags.push((t.abjad ? ABJAD : 0) | (t.abbrev ? ABBREV : 0) | (t.country ? COUNTRY : 0) | (t.qualifier ? QUALIFIER : 0) | (t.loose ? LOOSE : 0));
          tokText.push(strings.id(t.text));
          tokKey.push(strings.id(t.key));
          tokSkel.push(strings.id(t.skel));
          tokSurface.push(strings.id(t.surface));
          tokOrig.push(t.orig === undefined ? -1 : strings.id(t.orig));
          if (!indexable(t) || seen.has(t.key)) continue;
          seen.add(t.key);
          post.add(t.key, id);
          if (t.kind === 'word' && t.skel.length >= 2) skel.add(t.skel, id);
        }
        nameTokens.push(tokKind.length);
        if (p.compact.length >= 6) compact.add(p.compact, id);
      }
    };
    e.names.forEach((n, i) => add(n.full, i, n.kind));
    e.linked_to.forEach((n, i) => add(n, i, 'rca'));
  });
  // Word weights: their frequency among all names, known only now.
  const names = nameEntity.length;
  // Doubles, as on the main thread: a batch must score exactly as a single screening does.
  const tokWeight = new Float64Array(new SharedArrayBuffer(Math.max(1, tokKind.length) * 8));
  const weightOfKey = new Map<number, number>();
  const word = TOKEN_KINDS.indexOf('word');
  for (let k = 0; k < tokKind.length; k++) {
    if (tokKind.get(k) !== word) {
      tokWeight[k] = 1;
      continue;
    }
    const key = tokKey.get(k);
    let w = weightOfKey.get(key);
    if (w === undefined) weightOfKey.set(key, (w = wordWeight(post.count(strings.list[key]), names)));
    tokWeight[k] = w;
  }
  if (prepared) for (const p of prepared) for (const t of p.tokens) if (t.kind === 'word') t.weight = wordWeight(post.count(t.key), names);
  const packed: PackedIndex = {
    strings: strings.list,
    nameEntity: shared(Int32Array, nameEntity.view()),
    nameRef: shared(Int32Array, nameRef.view()),
    nameKind: shared(Uint8Array, nameKind.view()),
    nameMode: shared(Uint8Array, nameMode.view()),
    nameCompact: shared(Int32Array, nameCompact.view()),
    nameTokens: shared(Int32Array, nameTokens.view()),
    tokKind: shared(Uint8Array, tokKind.view()),
    tokFlags: shared(Uint8Array, tokFlags.view()),
    tokText: shared(Int32Array, tokText.view()),
    tokKey: shared(Int32Array, tokKey.view()),
    tokSkel: shared(Int32Array, tokSkel.view()),
    tokSurface: shared(Int32Array, tokSurface.view()),
    tokOrig: shared(Int32Array, tokOrig.view()),
    tokWeight,
    entityKind: shared(Uint8Array, entities.map((e) => ENTITY_KINDS.indexOf(e.kind))),
    entityDb: shared(Uint8Array, entities.map((e) => LIST_DATABASES.indexOf(e.database))),
    entityList: shared(Int32Array, entities.map((e) => strings.id(e.list_id))),
    entityScope: shared(Int32Array, entities.map((e) => (e.listings && e.listings.length > 1 ? strings.id(scopeOf(e)) : -1))),
    postings: post.pack(strings),
    skeletons: skel.pack(strings),
    compacts: compact.pack(strings),
  };
  return { packed, prepared };
}

function scopeOf(e: ListedEntity): string {
  return [...new Set((e.listings ?? []).map((l) => `${l.database}|${l.list_id}`))].join(',');
}

let formsByCanonical: Map<string, LegalForm> | undefined;
function legalForm(canonical: string): LegalForm | undefined {
  if (!formsByCanonical) {
    formsByCanonical = new Map();
    for (const form of LEGAL_FORMS.values()) if (!formsByCanonical.has(form.canonical)) formsByCanonical.set(form.canonical, form);
  }
  return formsByCanonical.get(canonical);
}

/** A packed name as the token objects the matcher reads. */
export function unpackName(p: PackedIndex, nameId: number): PreparedName {
  const s = p.strings;
  const tokens: Token[] = [];
  for (let k = p.nameTokens[nameId]; k < p.nameTokens[nameId + 1]; k++) {
    const flags = p.tokFlags[k];
    const kind = TOKEN_KINDS[p.tokKind[k]];
    const text = s[p.tokText[k]];
    const t: Token = {
      text,
      kind,
      key: s[p.tokKey[k]],
      skel: s[p.tokSkel[k]],
      abjad: (flags & ABJAD) !== 0,
      abbrev: (flags & ABBREV) !== 0,
      country: (flags & COUNTRY) !== 0,
      weight: p.tokWeight[k],
      surface: s[p.tokSurface[k]],
    };
    if (flags & QUALIFIER) t.qualifier = true;
    if (flags & LOOSE) t.loose = true;
    if (p.tokOrig[k] >= 0) t.orig = s[p.tokOrig[k]];
    if (kind === 'legal') {
      t.form = legalForm(text);
      t.locales = t.form?.locales ?? new Set();
    }
    tokens.push(t);
  }
  return { raw: '', mode: MODES[p.nameMode[nameId]], tokens, compact: s[p.nameCompact[nameId]] };
}
