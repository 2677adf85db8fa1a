/**
 * Checking and normalising a ScreeningQuery: the spec's validation rules
 * (search term 2-100 characters with a letter, entity type required, year above
 * 1900 and not in the future, match score a percentage), country codes
 * upper-cased, the birth date taken from either spelling, defaults filled in.
 */
import { validateDay, validateMonth, validateSearchTerm, validateYear } from '../../common/validation';
import { DATABASES, ENTITY_TYPES } from '../../common/enums';
import { resolveCountry } from '../../common/countries';
import { isCountryCode, toCountryCode } from './countries';
import type { ListDatabase, ScreeningQuery } from './types';

/** Default match score (percentage). Chosen from the benchmark figures: see docs/screening.md. */
export const DEFAULT_MATCH_SCORE = 80;

export class ScreeningInputError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`${field}: ${rule}`);
    this.name = 'ScreeningInputError';
  }
}

export interface NormalisedQuery {
  original: ScreeningQuery;
  term: string;
  entityType: ScreeningQuery['entity_type'];
  dob?: { day?: number; month?: number; year?: number };
  countries: string[];
  residence: string[];
  nationality?: string;
  gender?: 'male' | 'female';
  identifier?: string;
  threshold: number;
  matchScore: number;
  exact: boolean;
  akas: boolean;
  rca: boolean;
  databases: Set<ListDatabase>;
  /** Only entities of these lists, when set. */
  sources?: Set<string>;
  limit: number;
}

function country(code: string, field: string): string {
  // The shared resolver first (codes and names in the six languages, as the API and the forms take them), then the lists' spellings.
  const c = isCountryCode(code) ? code.toUpperCase() : (resolveCountry(code) ?? toCountryCode(code));
  if (!c) throw new ScreeningInputError(field, 'invalid_country');
  return c;
}

export function normaliseQuery(q: ScreeningQuery, now = new Date()): NormalisedQuery {
  const termRule = validateSearchTerm(q.search_term);
  if (termRule) throw new ScreeningInputError('search_term', termRule);
  if (!q.entity_type || !(ENTITY_TYPES as readonly string[]).includes(q.entity_type)) throw new ScreeningInputError('entity_type', 'required');
  const day = q.date_of_birth?.day ?? q.birth_day;
  const month = q.date_of_birth?.month ?? q.birth_month;
  const year = q.date_of_birth?.year ?? q.birth_year;
  if (year !== undefined && year !== null) {
    const r = validateYear(year, now);
    if (r) throw new ScreeningInputError('birth_year', r);
  }
  if (month !== undefined && month !== null && validateMonth(month)) throw new ScreeningInputError('birth_month', 'invalid_month');
  if (day !== undefined && day !== null && validateDay(day)) throw new ScreeningInputError('birth_day', 'invalid_day');
  const matchScore = q.match_score ?? DEFAULT_MATCH_SCORE;
  if (!Number.isFinite(matchScore) || matchScore < 1 || matchScore > 100) throw new ScreeningInputError('match_score', 'percentage');
  const dbs = (q.databases?.length ? q.databases : DATABASES).filter((d) => d !== 'adverse_media') as ListDatabase[];
  for (const d of q.databases ?? []) if (!(DATABASES as readonly string[]).includes(d)) throw new ScreeningInputError('databases', 'invalid_database');
  const dob = year || month || day ? { day: day || undefined, month: month || undefined, year: year || undefined } : undefined;
  return {
    original: q,
    term: q.search_term.trim(),
    entityType: q.entity_type,
    dob,
    countries: (q.countries ?? []).map((c) => country(c, 'countries')),
    residence: (q.residence_countries ?? []).map((c) => country(c, 'residence_countries')),
    nationality: q.nationality ? country(q.nationality, 'nationality') : undefined,
    gender: q.gender === 'male' || q.gender === 'female' ? q.gender : undefined,
    identifier: q.unique_identifier?.trim() || undefined,
    threshold: matchScore / 100,
    matchScore,
    exact: !!q.exact_match,
    akas: q.match_akas !== false,
    rca: !!q.match_rca,
    databases: new Set(dbs),
    ...(q.sources ? { sources: new Set(q.sources) } : {}),
    limit: Math.max(1, Math.min(500, q.limit ?? 25)),
  };
}
