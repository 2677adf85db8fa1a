/**
 * A hit as every screening result writes it: the entity's facts, how it was found, and, for an
 * entity several lists publish, every listing. Name hits, address hits and sanctioned-place hits
 * are all built here, so they carry the same fields.
 */
import type { ListedEntity, ScoreFeature, ScreeningHit } from './types';

export function entityHit(e: ListedEntity, matchedName: string, score: number, scoreRaw: number, relevance: ScreeningHit['relevance'], explanation: ScoreFeature[]): ScreeningHit {
  return {
    entity_id: e.id,
    name: e.names[0]?.full ?? '',
    matched_name: matchedName,
    score: Math.round(score * 100),
    score_raw: scoreRaw,
    relevance,
    database: e.database,
    source: e.source,
    list_id: e.list_id,
    programs: e.programs,
    kind: e.kind,
    countries: e.countries,
    birth_dates: e.birth_dates,
    explanation,
    ...mergedListings(e, explanation),
  };
}

/** A merged entity's hit shows every listing, and why they were taken for one entity. */
function mergedListings(e: ListedEntity, features: ScoreFeature[]): Pick<ScreeningHit, 'listings'> {
  if (!e.listings || e.listings.length < 2) return {};
  features.push({
    feature: 'merged_listings',
    contribution: 0,
    query_value: '',
    candidate_value: e.listings.map((l) => l.source).join('; '),
    detail: (e.merge_reasons ?? []).map((r) => r.evidence).join('; '),
  });
  return {
    listings: e.listings.map(({ names, ...l }) => ({ ...l, name: names[0] ?? '' })),
  };
}
