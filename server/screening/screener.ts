/**
 * One screening, in process: normalise the query, retrieve candidate names from
 * the index (entity type and database filters applied before the cut), score
 * each with the name matcher, adjust with the qualifiers, keep the best name per
 * entity, and return the hits at or above the threshold with their explanation.
 * The name stage (scoreNames) also runs inside each batch worker; the hits are
 * built on the main thread, which holds the entities (finishScored).
 */
import { CandidateIndex, modeForKind, type IndexOptions, type IndexedNameKind } from './candidate-index';
import { birthDateFeature, countryFeatures, genderFeature, identifierFeature, identifierKeys } from './features';
import { describeMatch, matchNames, type NameComparison, type NameMatch } from './name-match';
import { sameGivenName } from './similarity';
import { identifierKey, prepareNameVariants, type NameMode, type PreparedName } from './normalize';
import { normaliseQuery, type NormalisedQuery } from './query';
import { entityHit } from './hits';
import { AddressIndex, PLACE_ID_PREFIX, SanctionedPlaces } from './places';
import type { EntityKind, ListedEntity, ScoreFeature, ScreeningHit, ScreeningQuery, ScreeningResult } from './types';
import type { Relevance } from '../../common/enums';

/** How many names are scored per query (best retrieval scores first). */
const CANDIDATES = 30;
/**
 * Share of the query's word weight a name must share (through the index: same
 * key, one edit away, skeleton; or as another form of a given name) to be scored at all. A query
 * word the name does not share is unmatched and costs at least 0.2 of twice its
 * weight (the fuller-name rule; 0.35 otherwise, all of it for an organisation),
 * so with S shared and U unshared weight the score is at most 2S / (2S + 0.4U),
 * under 0.8 unless S / (S + U) >= 0.44. The best five names are scored whatever.
 */
const RETRIEVAL_FLOOR = 0.45;
/** A weak alias proves less than a strong one. */
const WEAK_ALIAS_FACTOR = 0.9;
const FORMER_NAME_FACTOR = 0.97;

const KINDS_FOR_TYPE: Record<ScreeningQuery['entity_type'], Set<EntityKind>> = {
  person: new Set(['person']),
  company: new Set(['company', 'organisation', 'vessel', 'aircraft']),
  location: new Set(['location']),
};

function queryMode(type: ScreeningQuery['entity_type']): NameMode {
  return type === 'person' ? 'person' : 'org';
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export class Screener {
  readonly index: CandidateIndex;
  private byId = new Map<string, number>();
  private byIdentifier = new Map<string, number[]>();
  /** Sanctioned jurisdictions and regions the loaded programmes impose (places.ts). */
  readonly places: SanctionedPlaces;
  private addresses?: AddressIndex;

  constructor(entities: ListedEntity[], options: IndexOptions = {}) {
    this.index = new CandidateIndex(entities, options);
    entities.forEach((e, i) => {
      this.byId.set(e.id, i);
      // A merged entity answers to each of its listings' ids (case hits stored before the merge, a CSL row's id).
      for (const l of e.listings ?? []) if (!this.byId.has(l.id)) this.byId.set(l.id, i);
      for (const k of identifierKeys(e)) {
        const l = this.byIdentifier.get(k);
        if (l) l.push(i);
        else this.byIdentifier.set(k, [i]);
      }
    });
    this.places = new SanctionedPlaces(entities);
  }

  get entities(): ListedEntity[] {
    return this.index.entities;
  }

  /** Name score of two names of the given kind, with this index's word weights (pair benchmarks, tests). */
  nameScore(query: string, candidate: string, mode: NameMode): NameComparison {
    const qv = prepareNameVariants(query, mode).map((p) => this.index.weigh(p));
    const cv = prepareNameVariants(candidate, mode).map((p) => this.index.weigh(p));
    let best: NameMatch | undefined;
    for (const a of qv) for (const b of cv) {
      const c = matchNames(a, b);
      if (!best || c.score > best.score) best = c;
    }
    return describeMatch(best!);
  }

  getEntity(id: string): ListedEntity | undefined {
    if (id.startsWith(PLACE_ID_PREFIX)) return this.places.entity(id);
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.index.entities[i];
  }

  /**
   * One screening. `options.databases` replaces the query's databases (a custom list index screens its
   * own, whatever databases the search chose) and `options.exclude` drops entities before the cut (the
   * records a custom list index has removed since it was built).
   */
  screen(query: ScreeningQuery, options: ScreenOptions = {}): ScreeningResult {
    const start = performance.now();
    const normalised = normaliseQuery(query);
    const q = options.databases ? { ...normalised, databases: options.databases } : normalised;
    const scored = scoreNames(this.index, q, options.exclude);
    return this.finish(q, finalists(q, scored.best), scored.retrieved, start, scored.variants, options.exclude);
  }

  /**
   * The hits of a query whose names a batch worker scored: the same result as
   * screen() gives (identifier look-up, qualifiers, explanations, order), built
   * here, where the entities are.
   */
  finishScored(query: ScreeningQuery, scored: ScoredQuery): ScreeningResult {
    const start = performance.now() - scored.took_ms;
    return this.finish(normaliseQuery(query), scored.finalists, scored.retrieved, start);
  }

  private finish(q: NormalisedQuery, found: Finalist[], retrieved: number, start: number, variants?: PreparedName[], exclude?: (entity: number) => boolean): ScreeningResult {
    const entities = this.index.entities;
    const kinds = KINDS_FOR_TYPE[q.entityType];
    const named = new Set<number>();
    for (const f of found) if (f.kind !== 'rca') named.add(f.entity);
    // An identifier number finds its entity whatever the name.
    const idKey = q.identifier ? identifierKey(q.identifier) : '';
    for (const ei of this.byIdentifier.get(idKey) ?? []) {
      const e = entities[ei];
      if (!kinds.has(e.kind) || !this.index.entityInScope(ei, q.databases, q.sources) || named.has(ei) || exclude?.(ei)) continue;
      variants ??= queryVariants(this.index, q);
      const cand = this.index.weigh(prepareNameVariants(e.names[0].full, modeForKind(e.kind))[0]);
      const m = matchNames(variants[0], cand);
      found.push({ entity: ei, kind: 'primary', nameId: -1, base: m.score, cmp: describeMatch(m) });
    }
    const hits: ScreeningHit[] = [];
    for (const f of found) {
      const hit = this.explain(q, entities[f.entity], f.kind, f.nameId, f.cmp, f.base);
      if (hit.score_raw >= q.threshold) {
        hit.explanation.push(...this.places.notesFor(f.entity, entities[f.entity]));
        hits.push(hit);
      }
    }
    const places = this.places.screen(q);
    if (q.entityType === 'location') hits.push(...places.located, ...this.addressHits(q, exclude));
    // Keep one hit per entity: a direct name match outranks an rca link.
    const byEntity = new Map<string, ScreeningHit>();
    for (const h of hits.sort((a, b) => b.score_raw - a.score_raw)) if (!byEntity.has(h.entity_id)) byEntity.set(h.entity_id, h);
    // What the customer's own countries or address say comes after the matches (it is about the customer, not a
    // listed party found for them), and always within the limit.
    const declared = places.declared.filter((h) => !byEntity.has(h.entity_id)).slice(0, q.limit);
    const out = [...byEntity.values()].slice(0, q.limit - declared.length).concat(declared);
    return { query: q.original, match_score: q.matchScore, hits: out, candidates: retrieved, took_ms: round3(performance.now() - start) };
  }

  /** A location search against the listed entities' addresses: an address it matches strongly finds its entity. */
  private addressHits(q: NormalisedQuery, exclude?: (entity: number) => boolean): ScreeningHit[] {
    this.addresses ??= new AddressIndex(this.index.entities);
    const entities = this.index.entities;
    const best = new Map<number, ScreeningHit>();
    for (const m of this.addresses.match(q.term, q.threshold, (ei) => this.index.entityInScope(ei, q.databases, q.sources) && !exclude?.(ei))) {
      if (best.has(m.entity)) continue;
      const e = entities[m.entity];
      const address = e.addresses[m.address].text;
      const explanation: ScoreFeature[] = [
        {
          feature: 'address',
          contribution: m.score,
          query_value: q.term,
          candidate_value: address,
          detail: [m.pairs.join('; '), m.unmatched.length ? `unmatched in query: ${m.unmatched.join(' ')}` : ''].filter(Boolean).join(' | '),
        },
        ...this.places.notesFor(m.entity, e),
      ];
      best.set(m.entity, entityHit(e, address, m.score, m.score, [], explanation));
    }
    return [...best.values()];
  }

  private explain(q: NormalisedQuery, e: ListedEntity, kind: IndexedNameKind, nameId: number, cmp: NameComparison, base: number): ScreeningHit {
    const matchedName = nameId < 0 ? e.names[0].full : kind === 'rca' ? e.linked_to[this.index.nameRefOf(nameId)] : e.names[this.index.nameRefOf(nameId)].full;
    const features: ScoreFeature[] = [
      {
        feature: 'name',
        contribution: round3(cmp.score),
        query_value: q.term,
        candidate_value: matchedName,
        detail: [
          cmp.pairs.map((p) => `${p.query}~${p.candidate} ${p.how} ${p.sim}`).join('; '),
          cmp.unmatched_query.length ? `unmatched in query: ${cmp.unmatched_query.join(' ')}` : '',
          cmp.unmatched_candidate.length ? `unmatched in list name: ${cmp.unmatched_candidate.join(' ')}` : '',
          cmp.patronymic_swap ? `given and father's names swapped: ${cmp.patronymic_swap.query} / ${cmp.patronymic_swap.candidate}` : '',
        ]
          .filter(Boolean)
          .join(' | '),
      },
    ];
    if (cmp.number_mismatch) {
      features.push({ feature: 'number_mismatch', contribution: 0, query_value: cmp.number_mismatch.query.join(' '), candidate_value: cmp.number_mismatch.candidate.join(' '), detail: 'included in the name score' });
    }
    if (cmp.legal_conflict) {
      features.push({ feature: 'legal_form', contribution: 0, query_value: cmp.legal_conflict.query, candidate_value: cmp.legal_conflict.candidate, detail: 'legal forms of different jurisdictions; included in the name score' });
    }
    if (kind === 'weak' || kind === 'former') {
      features.push({ feature: 'weak_alias', contribution: round3(base - cmp.score), query_value: q.term, candidate_value: matchedName, detail: kind === 'weak' ? 'low-quality alias' : 'former name' });
    } else if (kind === 'strong') {
      features.push({ feature: 'alias', contribution: 0, query_value: q.term, candidate_value: matchedName });
    } else if (kind === 'rca') {
      features.push({ feature: 'rca', contribution: 0, query_value: q.term, candidate_value: matchedName, detail: `listed entity linked to ${matchedName}` });
    }
    let score = base;
    const dob = birthDateFeature(q, e);
    const qualifiers = [dob, ...countryFeatures(q, e), genderFeature(q, e)].filter(Boolean) as ScoreFeature[];
    for (const f of qualifiers) score += f.contribution;
    const id = identifierFeature(q, e);
    if (id) {
      // An identical ID number is nearly conclusive; a matching address only nudges.
      if (id.contribution >= 0.9) {
        const before = score;
        score = Math.max(score, id.contribution);
        id.contribution = round3(score - before);
      } else score += id.contribution;
      qualifiers.push(id);
    }
    features.push(...qualifiers.map((f) => ({ ...f, contribution: round3(f.contribution) })));
    score = Math.max(0, Math.min(1, score));

    const relevance: Relevance[] = [];
    if (kind === 'rca') relevance.push('rca_matched');
    else if (kind === 'primary' || kind === 'original') relevance.push('name_matched');
    else relevance.push('alias_matched');
    if (dob && dob.contribution > 0) relevance.push('dob_matched');

    return entityHit(e, matchedName, score, round3(score), relevance, features);
  }
}

export interface ScreenOptions {
  databases?: NormalisedQuery['databases'];
  exclude?: (entity: number) => boolean;
}

/** A name that may make a hit, as a batch worker sends it back: small, and plain data. */
export interface Finalist {
  entity: number;
  kind: IndexedNameKind;
  /** -1: found by identifier. */
  nameId: number;
  /** Name score after the weak-alias factor. */
  base: number;
  cmp: NameComparison;
}

/** What a batch worker returns for one query. */
export interface ScoredQuery {
  finalists: Finalist[];
  retrieved: number;
  took_ms: number;
}

interface Scored {
  entity: number;
  kind: IndexedNameKind;
  nameId: number;
  match: NameMatch;
  base: number;
}

function queryVariants(index: CandidateIndex, q: NormalisedQuery): PreparedName[] {
  return prepareNameVariants(q.term, queryMode(q.entityType)).map((p) => index.weigh(p));
}

/**
 * The name stage of a screening, which needs only the name index (a batch worker
 * runs it): retrieve candidate names through the index with the entity-type and
 * database filters, score each, keep the best name per entity (and, apart, the
 * best rca link).
 */
export function scoreNames(index: CandidateIndex, q: NormalisedQuery, exclude?: (entity: number) => boolean): { variants: PreparedName[]; best: Map<number, Scored>; retrieved: number } {
  const variants = queryVariants(index, q);
  const kinds = KINDS_FOR_TYPE[q.entityType];
  const accept = (nameId: number) => {
    const kind = index.nameKindOf(nameId);
    if (kind === 'rca' && !q.rca) return false;
    if (!q.akas && kind !== 'primary' && kind !== 'original' && kind !== 'rca') return false;
    const ei = index.entityOf(nameId);
    if (!kinds.has(index.entityKindOf(ei)) || !index.entityInScope(ei, q.databases, q.sources)) return false;
    return !exclude?.(ei);
  };
  const all = index.retrieve(variants, CANDIDATES, accept);
  // A name that shares less than RETRIEVAL_FLOOR of the query's word weight cannot reach a match score: do not score it.
  let possible = 0;
  for (const v of variants) {
    let w = 0;
    for (const t of v.tokens) if (t.kind === 'word' || t.kind === 'number') w += t.weight;
    if (w > possible) possible = w;
  }
  // Keyed by entity index * 2 (+1 for an rca link).
  const best = new Map<number, Scored>();
  let retrieved = 0;
  for (let i = 0; i < all.length; i++) {
    const r = all[i];
    const candidate = index.preparedName(r.nameId);
    if (i >= 5 && r.score + givenNameCredit(variants, candidate) < possible * RETRIEVAL_FLOOR) continue;
    retrieved++;
    const ei = index.entityOf(r.nameId);
    const kind = index.nameKindOf(r.nameId);
    let match: NameMatch | undefined;
    for (const v of variants) {
      const m = matchNames(v, candidate);
      if (!match || m.score > match.score) match = m;
    }
    if (!match) continue;
    if (q.exact && !isExact(match)) continue;
    const factor = kind === 'weak' ? WEAK_ALIAS_FACTOR : kind === 'former' ? FORMER_NAME_FACTOR : 1;
    const base = match.score * factor;
    const key = ei * 2 + (kind === 'rca' ? 1 : 0);
    const prev = best.get(key);
    if (!prev || base > prev.base) best.set(key, { entity: ei, kind, nameId: r.nameId, match, base });
  }
  return { variants, best, retrieved };
}

/**
 * What the index does not credit: a query word that is another form of a given
 * name of the listed name ("Giovanni" / "John"), which the matcher takes at 0.85.
 */
function givenNameCredit(variants: PreparedName[], candidate: PreparedName): number {
  let credit = 0;
  for (const t of variants[0].tokens) {
    if (t.kind !== 'word') continue;
    for (const c of candidate.tokens) {
      if (c.kind === 'word' && c.key !== t.key && sameGivenName(t, c)) {
        credit += 0.85 * t.weight;
        break;
      }
    }
  }
  return credit;
}

/** Names that can still reach the threshold (qualifiers add a few points at most), written out for explanation. */
export function finalists(q: NormalisedQuery, best: Map<number, Scored>): Finalist[] {
  const out: Finalist[] = [];
  for (const b of best.values()) {
    if (b.base + 0.1 < q.threshold && !q.identifier) continue;
    out.push({ entity: b.entity, kind: b.kind, nameId: b.nameId, base: b.base, cmp: describeMatch(b.match) });
  }
  return out;
}

/** Exact match: every word of both names found unchanged (order, case, accents and punctuation aside). */
function isExact(m: NameMatch): boolean {
  return !m.al.qUsed.includes(0) && !m.al.cUsed.includes(0) && m.al.pairs.every((p) => p.sim === 1) && !m.numbers && !m.legal && !m.swap;
}

export type { PreparedName };
