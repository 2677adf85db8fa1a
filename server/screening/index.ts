/**
 * Public entry point of the screening engine. The case, batch and monitoring
 * features call createScreeningEngine() once at start and then screen(),
 * screenBatch(), getEntity(), status() and onUpdate().
 */
export { createScreeningEngine, mergeLists, type EngineOptions, type ListUpdate, type ScreeningEngine } from './engine';
export { DEFAULT_MATCH_SCORE, normaliseQuery, ScreeningInputError } from './query';
export type { FetchOptions } from './list-fetcher';
export type { LoadRecord, ListDiff } from './list-versions';
export { LIST_DEFINITIONS } from './loaders/index';
export { mergeEntities, mergeOptionsFromEnv, parseSplits, type MergeOptions, type MergeStats } from './merge';
export { toCountryCode, countryName } from './countries';
export type {
  EngineStatus,
  EntityKind,
  EntityName,
  HitListing,
  Identifier,
  Listing,
  MergeReason,
  ListDatabase,
  ListedEntity,
  ListStatus,
  PartialDate,
  Position,
  ScoreFeature,
  ScreeningHit,
  ScreeningQuery,
  ScreeningResult,
} from './types';
