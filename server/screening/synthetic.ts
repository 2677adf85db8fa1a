/**
 * Synthetic listed entities for scale benchmarks: names recombined from the real
 * lists' words (so word frequencies look like a real list's), with birth dates
 * and countries. Deterministic for a seed, so batch workers can build the same
 * set without it being copied to them.
 */
import type { ListedEntity } from './types';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Pools {
  given: string[];
  family: string[];
  orgWords: string[];
  forms: string[];
  countries: string[];
}

function pools(base: ListedEntity[]): Pools {
  const given = new Set<string>();
  const family = new Set<string>();
  const orgWords = new Set<string>();
  const countries = new Set<string>();
  for (const e of base) {
    for (const c of e.countries) countries.add(c);
    const name = e.names[0]?.full ?? '';
    if (e.kind === 'person') {
      const [last, first] = name.includes(',') ? name.split(',', 2) : [name.split(' ').pop() ?? '', name.split(' ').slice(0, -1).join(' ')];
      for (const w of (first ?? '').trim().split(/\s+/)) if (/^[A-Za-z'-]{2,}$/.test(w)) given.add(w);
      for (const w of (last ?? '').trim().split(/\s+/)) if (/^[A-Za-z'-]{3,}$/.test(w)) family.add(w);
    } else {
      for (const w of name.split(/[\s,.]+/)) if (/^[A-Za-z-]{3,}$/.test(w)) orgWords.add(w);
    }
  }
  const fallback = (s: Set<string>, xs: string[]) => (s.size ? [...s] : xs);
  return {
    given: fallback(given, ['John', 'Maria']),
    family: fallback(family, ['Smith', 'Garcia']),
    orgWords: fallback(orgWords, ['Global', 'Trading']),
    forms: ['LLC', 'LTD', 'GmbH', 'S.A.', 'OOO', 'JSC', 'Co., Ltd.', 'Inc.', ''],
    countries: fallback(countries, ['US']),
  };
}

export function syntheticEntities(base: ListedEntity[], count: number, seed = 42): ListedEntity[] {
  const p = pools(base);
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const out: ListedEntity[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const person = r() < 0.6;
    let names: ListedEntity['names'];
    if (person) {
      const first = pick(p.given);
      const middle = r() < 0.4 ? ` ${pick(p.given)}` : '';
      const last = pick(p.family);
      names = [{ full: `${last.toUpperCase()}, ${first}${middle}`, kind: 'primary' }];
      if (r() < 0.3) names.push({ full: `${first} ${pick(p.family)}`, kind: 'strong' });
    } else {
      const words = 1 + Math.floor(r() * 3);
      const parts = Array.from({ length: words }, () => pick(p.orgWords));
      names = [{ full: `${parts.join(' ')} ${pick(p.forms)}`.trim(), kind: 'primary' }];
      if (r() < 0.2) names.push({ full: parts.join(' '), kind: 'strong' });
    }
    const country = pick(p.countries);
    out[i] = {
      id: `synthetic:${i}`,
      list_id: 'synthetic',
      source: 'Synthetic',
      programs: ['SYNTH'],
      database: 'sanctions',
      kind: person ? 'person' : 'company',
      names,
      birth_dates: person ? [{ year: 1940 + Math.floor(r() * 60), month: 1 + Math.floor(r() * 12), day: 1 + Math.floor(r() * 28) }] : [],
      places_of_birth: [],
      countries: [country],
      nationalities: person ? [country] : [],
      identifiers: [],
      addresses: [],
      positions: [],
      linked_to: [],
    };
  }
  return out;
}
