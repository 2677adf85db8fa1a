/**
 * US politically exposed persons: sitting members of Congress and every
 * president and vice-president (unitedstates/congress-legislators YAML), with
 * their positions and terms. The data holds no relatives or close associates.
 */
import { parse as parseYaml } from 'yaml';
import { blankEntity, parseDate, parseGender, uniqueNames, type ListDefinition } from './common';
import type { EntityName, ListedEntity, PartialDate, Position } from '../types';

const TITLES: Record<string, string> = {
  rep: 'Member of the U.S. House of Representatives',
  sen: 'U.S. Senator',
  prez: 'President of the United States',
  viceprez: 'Vice President of the United States',
};

function position(term: any): Position {
  const base = TITLES[term.type] ?? String(term.type);
  const where = term.state ? ` (${term.state}${term.district !== undefined && term.type === 'rep' ? `-${term.district}` : ''})` : '';
  return { title: `${base}${where}`, start: term.start, end: term.end, country: 'US' };
}

/** Consecutive terms in the same seat read as one position ("Senator (WA)", 2001-2025). */
function mergeTerms(positions: Position[]): Position[] {
  const out: Position[] = [];
  for (const p of positions) {
    const last = out[out.length - 1];
    if (last && last.title === p.title) last.end = p.end;
    else out.push({ ...p });
  }
  return out;
}

export function parsePep(yamlText: string, file: string): ListedEntity[] {
  const people = (parseYaml(yamlText) ?? []) as any[];
  const out: ListedEntity[] = [];
  for (const p of people) {
    const n = p.name ?? {};
    const id = p.id?.bioguide ?? p.id?.govtrack;
    if (!id) continue;
    const given = [n.first, n.middle, n.last].filter(Boolean).join(' ');
    const primary = n.official_full || given;
    const names: EntityName[] = [{ full: primary, kind: 'primary' }];
    if (given && given !== primary) names.push({ full: given, kind: 'strong' });
    if (n.nickname) names.push({ full: [n.nickname, n.last].join(' '), kind: 'strong' });
    if (n.suffix) names.push({ full: `${given} ${n.suffix}`, kind: 'strong' });
    const birth = p.bio?.birthday ? parseDate(String(p.bio.birthday)) : undefined;
    const terms = (p.terms ?? []) as any[];
    const programs = [...new Set(terms.map((t) => TITLES[t.type] ?? t.type))];
    out.push(
      blankEntity({
        id: `pep_us_congress:${id}`,
        list_id: 'pep_us_congress',
        source: file.startsWith('executive') ? 'US Presidents and Vice Presidents' : 'US Congress (current members)',
        programs,
        database: 'pep',
        kind: 'person',
        names: uniqueNames(names),
        birth_dates: birth ? [birth as PartialDate] : [],
        countries: ['US'],
        nationalities: ['US'],
        gender: parseGender(p.bio?.gender),
        identifiers: [
          { type: 'Bioguide ID', number: String(p.id.bioguide ?? '') },
          ...(p.id?.wikidata ? [{ type: 'Wikidata', number: String(p.id.wikidata) }] : []),
        ].filter((x) => x.number),
        positions: mergeTerms(terms.map(position)),
        source_url: p.id?.bioguide ? `https://bioguide.congress.gov/search/bio/${p.id.bioguide}` : undefined,
      }),
    );
  }
  return out;
}

export const pepUsCongress: ListDefinition = {
  id: 'pep_us_congress',
  name: 'US Congress and Executive (PEP)',
  database: 'pep',
  files: ['legislators-current.yaml', 'executive.yaml'],
  urls: {
    'legislators-current.yaml': 'https://unitedstates.github.io/congress-legislators/legislators-current.yaml',
    'executive.yaml': 'https://unitedstates.github.io/congress-legislators/executive.yaml',
  },
  parse: (files) => {
    const all = [...parsePep(files['legislators-current.yaml'] ?? '', 'legislators-current.yaml'), ...parsePep(files['executive.yaml'] ?? '', 'executive.yaml')];
    // A legislator who later became (vice-)president appears in both files: keep one entity with every position.
    const byId = new Map<string, ListedEntity>();
    for (const e of all) {
      const prev = byId.get(e.id);
      if (prev) {
        prev.positions.push(...e.positions);
        prev.programs = [...new Set([...prev.programs, ...e.programs])];
      } else byId.set(e.id, e);
    }
    return [...byId.values()];
  },
};
