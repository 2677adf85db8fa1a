/**
 * OFAC's legacy CSV layout, shared by the SDN list (sdn/alt/add/sdn_comments)
 * and the consolidated non-SDN lists (cons_prim/alt/add/comments). Remarks are
 * cut at a fixed length; the comments file carries the rest, glued on as is.
 */
import { codes, blankEntity, guessKind, parseRemarks, readCsv, uniq, uniqueNames, val, type ListDefinition } from './common';
import { toCountryCode } from '../countries';
import type { Address, EntityKind, EntityName, ListedEntity } from '../types';

interface OfacFiles {
  prim: string;
  alt: string;
  add: string;
  comments: string;
}

const TERROR_PROGRAMS = /^(SDGT|FTO|SDT|IRGC|IFSR|NS-PLC)$/;

function kindOf(type: string, name: string, programs: string[]): EntityKind {
  const t = type.toLowerCase();
  if (t === 'individual') return 'person';
  if (t === 'vessel') return 'vessel';
  if (t === 'aircraft') return 'aircraft';
  const guess = guessKind(name);
  if (guess === 'company') return 'company';
  return programs.some((p) => TERROR_PROGRAMS.test(p)) ? 'organisation' : 'company';
}

export function parseOfac(listId: string, source: string, database: 'sanctions', text: Record<string, string>, names: OfacFiles, sourceUrl: string): ListedEntity[] {
  const comments = new Map<string, string>();
  for (const row of readCsv(text[names.comments] ?? '')) if (row[0]) comments.set(row[0].trim(), row[1] ?? '');
  const alts = new Map<string, EntityName[]>();
  for (const row of readCsv(text[names.alt] ?? '')) {
    const id = row[0]?.trim();
    const name = val(row[3]);
    if (!id || !name) continue;
    const type = val(row[2]).toLowerCase();
    // OFAC rates low-quality a.k.a.s in alt_remarks ("weak"); fka/nka are former/new names.
    const weak = /weak/i.test(val(row[4]));
    const kind: EntityName['kind'] = type === 'fka' ? 'former' : weak ? 'weak' : 'strong';
    const list = alts.get(id) ?? [];
    list.push({ full: name, kind });
    alts.set(id, list);
  }
  const adds = new Map<string, Address[]>();
  for (const row of readCsv(text[names.add] ?? '')) {
    const id = row[0]?.trim();
    if (!id) continue;
    const parts = [val(row[2]), val(row[3]), val(row[4])].filter(Boolean);
    if (!parts.length) continue;
    const list = adds.get(id) ?? [];
    list.push({ text: parts.join(', '), city: val(row[3]) || undefined, country: toCountryCode(val(row[4])) });
    adds.set(id, list);
  }

  const out: ListedEntity[] = [];
  for (const row of readCsv(text[names.prim])) {
    const id = row[0]?.trim();
    const name = val(row[1]);
    if (!id || !/^\d+$/.test(id) || !name) continue;
    const programs = val(row[3])
      .split(/\]\s*\[/)
      .map((p) => p.replace(/[[\]]/g, '').trim())
      .filter(Boolean);
    const remarks = val(row[11]) + (comments.get(id) ?? '');
    const facts = parseRemarks(remarks);
    const kind = kindOf(val(row[2]), name, programs);
    const addresses = adds.get(id) ?? [];
    const identifiers = [...facts.identifiers];
    const callSign = val(row[5]);
    if (callSign) identifiers.push({ type: 'Call Sign', number: callSign });
    const flag = val(row[9]);
    const nationalities = codes([...facts.nationalities, ...facts.citizenships]);
    const entityNames: EntityName[] = [
      { full: name, kind: 'primary' },
      ...(alts.get(id) ?? []),
      ...facts.weak_aliases.map((full) => ({ full, kind: 'weak' as const })),
      ...facts.former_names.map((full) => ({ full, kind: 'former' as const })),
    ];
    const title = val(row[4]);
    const entity = blankEntity({
        id: `${listId}:${id}`,
        list_id: listId,
        source,
        programs,
        database,
        kind,
        names: uniqueNames(entityNames),
        birth_dates: facts.birth_dates,
        places_of_birth: facts.places_of_birth,
        nationalities,
        countries: uniq([...nationalities, ...codes(addresses.map((a) => a.country)), ...codes([flag]), ...codes(facts.places_of_birth)]),
        gender: facts.gender,
        identifiers,
        addresses,
        positions: title ? [{ title }] : [],
        linked_to: facts.linked_to,
        remarks: remarks || undefined,
        source_url: sourceUrl,
      });
    // Entities on both the SDN list and a non-SDN list (many SSI companies) are one record: the SDN one.
    if (listId !== 'us_ofac_sdn') entity.duplicate_of = [`us_ofac_sdn:${id}`];
    out.push(entity);
  }
  return out;
}

export const ofacSdn: ListDefinition = {
  id: 'us_ofac_sdn',
  name: 'OFAC Specially Designated Nationals (SDN)',
  database: 'sanctions',
  files: ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'],
  optional: ['sdn_comments.csv'],
  urls: {
    'sdn.csv': 'https://www.treasury.gov/ofac/downloads/sdn.csv',
    'alt.csv': 'https://www.treasury.gov/ofac/downloads/alt.csv',
    'add.csv': 'https://www.treasury.gov/ofac/downloads/add.csv',
    'sdn_comments.csv': 'https://www.treasury.gov/ofac/downloads/sdn_comments.csv',
  },
  parse: (files) =>
    parseOfac('us_ofac_sdn', 'OFAC SDN', 'sanctions', files, { prim: 'sdn.csv', alt: 'alt.csv', add: 'add.csv', comments: 'sdn_comments.csv' }, 'https://sanctionssearch.ofac.treas.gov/'),
};

export const ofacConsolidated: ListDefinition = {
  id: 'us_ofac_consolidated',
  name: 'OFAC Consolidated (non-SDN) lists',
  database: 'sanctions',
  files: ['cons_prim.csv', 'cons_alt.csv', 'cons_add.csv', 'cons_comments.csv'],
  optional: ['cons_comments.csv'],
  urls: {
    'cons_prim.csv': 'https://www.treasury.gov/ofac/downloads/consolidated/cons_prim.csv',
    'cons_alt.csv': 'https://www.treasury.gov/ofac/downloads/consolidated/cons_alt.csv',
    'cons_add.csv': 'https://www.treasury.gov/ofac/downloads/consolidated/cons_add.csv',
    'cons_comments.csv': 'https://www.treasury.gov/ofac/downloads/consolidated/cons_comments.csv',
  },
  parse: (files) =>
    parseOfac(
      'us_ofac_consolidated',
      'OFAC Consolidated (non-SDN)',
      'sanctions',
      files,
      { prim: 'cons_prim.csv', alt: 'cons_alt.csv', add: 'cons_add.csv', comments: 'cons_comments.csv' },
      'https://ofac.treasury.gov/consolidated-sanctions-list-non-sdn-lists',
    ),
};
