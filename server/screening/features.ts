/**
 * The qualifiers that move a name score up or down, each returned as an
 * explained feature: birth date, countries, residence, nationality, gender and
 * identifier. Following the field's practice, agreement adds a little and
 * disagreement takes away more (a different birth year is strong evidence of a
 * different person; a shared country is weak evidence of the same one).
 */
import { identifierKey, simpleKey } from './normalize';
import type { NormalisedQuery } from './query';
import type { ListedEntity, PartialDate, ScoreFeature } from './types';

export const FEATURE_WEIGHTS = {
  dobExact: 0.05,
  dobYear: 0.03,
  dobYearMismatch: -0.15,
  dobDayMismatch: -0.08,
  countryMatch: 0.02,
  countryMismatch: -0.08,
  residenceMatch: 0.02,
  residenceMismatch: -0.05,
  nationalityMatch: 0.03,
  nationalityMismatch: -0.1,
  genderMismatch: -0.2,
  identifierMatch: 0.95,
  identifierText: 0.05,
};

function fmtDate(d: PartialDate): string {
  if (d.from_year || d.to_year) return `${d.from_year ?? '?'}-${d.to_year ?? '?'}`;
  return [d.year, d.month && String(d.month).padStart(2, '0'), d.day && String(d.day).padStart(2, '0')].filter(Boolean).join('-') + (d.approximate ? ' (circa)' : '');
}

type DobVerdict = 'exact' | 'year' | 'year_mismatch' | 'day_mismatch' | 'unknown';

function compareDob(q: { day?: number; month?: number; year?: number }, d: PartialDate): DobVerdict {
  if (q.year) {
    if (d.from_year || d.to_year) {
      const lo = d.from_year ?? d.to_year!;
      const hi = d.to_year ?? d.from_year!;
      return q.year >= lo - 1 && q.year <= hi + 1 ? 'year' : 'year_mismatch';
    }
    if (!d.year) return 'unknown';
    const slack = d.approximate ? 2 : 0;
    if (Math.abs(q.year - d.year) > slack) return 'year_mismatch';
  }
  if (q.month && d.month && q.month !== d.month) return 'day_mismatch';
  if (q.day && d.day && q.day !== d.day) {
    // Day and month swapped in one of the records is a common data-entry slip.
    if (!(q.month && d.month && q.day === d.month && q.month === d.day)) return 'day_mismatch';
  }
  if (q.year && q.month && q.day && d.year && d.month && d.day) return 'exact';
  return q.year || (q.month && d.month) ? 'year' : 'unknown';
}

const DOB_RANK: Record<DobVerdict, number> = { exact: 4, year: 3, unknown: 2, day_mismatch: 1, year_mismatch: 0 };

export function birthDateFeature(q: NormalisedQuery, e: ListedEntity): ScoreFeature | undefined {
  if (!q.dob || !e.birth_dates.length) return undefined;
  let best: { verdict: DobVerdict; date: PartialDate } | undefined;
  for (const d of e.birth_dates) {
    const verdict = compareDob(q.dob, d);
    if (!best || DOB_RANK[verdict] > DOB_RANK[best.verdict]) best = { verdict, date: d };
  }
  if (!best || best.verdict === 'unknown') return undefined;
  const contribution = {
    exact: FEATURE_WEIGHTS.dobExact,
    year: FEATURE_WEIGHTS.dobYear,
    year_mismatch: FEATURE_WEIGHTS.dobYearMismatch,
    day_mismatch: FEATURE_WEIGHTS.dobDayMismatch,
  }[best.verdict];
  return {
    feature: 'birth_date',
    contribution,
    query_value: fmtDate(q.dob),
    candidate_value: e.birth_dates.map(fmtDate).join(', '),
    detail: best.verdict,
  };
}

function setFeature(
  feature: ScoreFeature['feature'],
  wanted: string[],
  have: string[],
  match: number,
  mismatch: number,
): ScoreFeature | undefined {
  if (!wanted.length || !have.length) return undefined;
  const hit = wanted.some((c) => have.includes(c));
  return { feature, contribution: hit ? match : mismatch, query_value: wanted.join(', '), candidate_value: have.join(', ') };
}

export function countryFeatures(q: NormalisedQuery, e: ListedEntity): ScoreFeature[] {
  const out: ScoreFeature[] = [];
  const c = setFeature('country', q.countries, e.countries, FEATURE_WEIGHTS.countryMatch, FEATURE_WEIGHTS.countryMismatch);
  if (c) out.push(c);
  const residence = [...new Set(e.addresses.map((a) => a.country).filter(Boolean) as string[])];
  const r = setFeature('residence_country', q.residence, residence, FEATURE_WEIGHTS.residenceMatch, FEATURE_WEIGHTS.residenceMismatch);
  if (r) out.push(r);
  const n = setFeature('nationality', q.nationality ? [q.nationality] : [], e.nationalities, FEATURE_WEIGHTS.nationalityMatch, FEATURE_WEIGHTS.nationalityMismatch);
  if (n) out.push(n);
  return out;
}

export function genderFeature(q: NormalisedQuery, e: ListedEntity): ScoreFeature | undefined {
  if (!q.gender || !e.gender || q.gender === e.gender) return undefined;
  return { feature: 'gender', contribution: FEATURE_WEIGHTS.genderMismatch, query_value: q.gender, candidate_value: e.gender };
}

/**
 * The unique identifier: an ID, passport or phone number compared on letters and
 * digits; otherwise free text (an address, a parent's name) compared on words
 * with the entity's addresses and linked names.
 */
export function identifierFeature(q: NormalisedQuery, e: ListedEntity): ScoreFeature | undefined {
  if (!q.identifier) return undefined;
  const key = identifierKey(q.identifier);
  if (key.length >= 4 && /\d/.test(key)) {
    const hit = e.identifiers.find((i) => identifierKey(i.number) === key);
    if (hit) return { feature: 'identifier', contribution: FEATURE_WEIGHTS.identifierMatch, query_value: q.identifier, candidate_value: `${hit.type} ${hit.number}` };
  }
  const words = new Set(simpleKey(q.identifier).split(' ').filter((w) => w.length > 2));
  if (words.size < 2) return undefined;
  for (const text of [...e.addresses.map((a) => a.text), ...e.linked_to]) {
    const other = new Set(simpleKey(text).split(' '));
    let shared = 0;
    for (const w of words) if (other.has(w)) shared++;
    if (shared / words.size >= 0.6) return { feature: 'identifier', contribution: FEATURE_WEIGHTS.identifierText, query_value: q.identifier, candidate_value: text };
  }
  return undefined;
}

/** Identifier lookups that bypass the name index: an exact ID number finds its entity even under another name. */
export function identifierKeys(e: ListedEntity): string[] {
  return e.identifiers.map((i) => identifierKey(i.number)).filter((k) => k.length >= 4 && /\d/.test(k));
}
