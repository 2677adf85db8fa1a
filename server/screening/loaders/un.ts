/**
 * UN Security Council Consolidated List (XML). Individuals carry their names in
 * FIRST..FOURTH_NAME, the original script in NAME_ORIGINAL_SCRIPT, aliases rated
 * Good or Low (Low = weak alias), and structured birth dates (EXACT /
 * APPROXIMATELY / BETWEEN). Entities keep their name in FIRST_NAME.
 */
import { XMLParser } from 'fast-xml-parser';
import { codes, blankEntity, guessKind, parseDate, parseGender, uniq, uniqueNames, type ListDefinition } from './common';
import { toCountryCode } from '../countries';
import type { Address, EntityName, Identifier, ListedEntity, PartialDate } from '../types';

const ARRAYS = new Set([
  'INDIVIDUAL', 'ENTITY', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS', 'INDIVIDUAL_ADDRESS', 'ENTITY_ADDRESS', 'INDIVIDUAL_DATE_OF_BIRTH',
  'INDIVIDUAL_PLACE_OF_BIRTH', 'INDIVIDUAL_DOCUMENT', 'VALUE',
]);

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());
const values = (v: any): string[] => (v && Array.isArray(v.VALUE) ? v.VALUE.map(str).filter(Boolean) : []);

function birthDate(d: any): PartialDate | undefined {
  const type = str(d.TYPE_OF_DATE).toUpperCase();
  if (d.FROM_YEAR || d.TO_YEAR) return { from_year: Number(d.FROM_YEAR) || undefined, to_year: Number(d.TO_YEAR) || undefined, approximate: type !== 'EXACT' || undefined };
  const parsed = d.DATE ? parseDate(str(d.DATE)) : d.YEAR ? { year: Number(d.YEAR) } : undefined;
  if (parsed && type === 'APPROXIMATELY') parsed.approximate = true;
  return parsed;
}

function address(a: any): Address | undefined {
  const parts = [str(a.STREET), str(a.CITY), str(a.STATE_PROVINCE), str(a.COUNTRY)].filter(Boolean);
  if (!parts.length) return undefined;
  return { text: parts.join(', '), city: str(a.CITY) || undefined, country: toCountryCode(str(a.COUNTRY)) };
}

export function parseUn(xml: string): ListedEntity[] {
  const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, isArray: (name) => ARRAYS.has(name) });
  const doc = parser.parse(xml);
  const root = doc.CONSOLIDATED_LIST ?? {};
  const out: ListedEntity[] = [];

  for (const ind of root.INDIVIDUALS?.INDIVIDUAL ?? []) {
    const name = [ind.FIRST_NAME, ind.SECOND_NAME, ind.THIRD_NAME, ind.FOURTH_NAME].map(str).filter(Boolean).join(' ');
    if (!name) continue;
    const names: EntityName[] = [{ full: name, kind: 'primary' }];
    const original = str(ind.NAME_ORIGINAL_SCRIPT);
    if (original) names.push({ full: original, kind: 'original' });
    for (const a of ind.INDIVIDUAL_ALIAS ?? []) {
      const alias = str(a.ALIAS_NAME);
      if (alias) names.push({ full: alias, kind: str(a.QUALITY).toLowerCase() === 'low' ? 'weak' : 'strong' });
    }
    const addresses = (ind.INDIVIDUAL_ADDRESS ?? []).map(address).filter(Boolean) as Address[];
    const pobs = (ind.INDIVIDUAL_PLACE_OF_BIRTH ?? [])
      .map((p: any) => [str(p.CITY), str(p.STATE_PROVINCE), str(p.COUNTRY)].filter(Boolean).join(', '))
      .filter(Boolean) as string[];
    const identifiers: Identifier[] = (ind.INDIVIDUAL_DOCUMENT ?? [])
      .filter((d: any) => str(d.NUMBER))
      .map((d: any) => ({
        type: str(d.TYPE_OF_DOCUMENT) || 'Document',
        number: str(d.NUMBER),
        country: toCountryCode(str(d.ISSUING_COUNTRY) || str(d.COUNTRY_OF_ISSUE)),
      }));
    const nationalities = codes(values(ind.NATIONALITY));
    const dataId = str(ind.DATAID);
    out.push(
      blankEntity({
        id: `un_sc_consolidated:${dataId}`,
        list_id: 'un_sc_consolidated',
        source: 'UN Security Council Consolidated List',
        programs: uniq([str(ind.UN_LIST_TYPE), str(ind.REFERENCE_NUMBER)].filter(Boolean)),
        database: 'sanctions',
        kind: 'person',
        names: uniqueNames(names),
        birth_dates: (ind.INDIVIDUAL_DATE_OF_BIRTH ?? []).map(birthDate).filter(Boolean) as PartialDate[],
        places_of_birth: pobs,
        nationalities,
        countries: uniq([...nationalities, ...codes(addresses.map((a) => a.country)), ...codes(pobs)]),
        gender: parseGender(str(ind.GENDER)),
        identifiers,
        addresses,
        positions: values(ind.DESIGNATION).map((title) => ({ title })),
        listed_on: str(ind.LISTED_ON) || undefined,
        remarks: str(ind.COMMENTS1) || undefined,
        source_url: 'https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list',
      }),
    );
  }

  for (const ent of root.ENTITIES?.ENTITY ?? []) {
    const name = str(ent.FIRST_NAME);
    if (!name) continue;
    const names: EntityName[] = [{ full: name, kind: 'primary' }];
    for (const a of ent.ENTITY_ALIAS ?? []) {
      const alias = str(a.ALIAS_NAME);
      if (!alias) continue;
      const q = str(a.QUALITY).toLowerCase();
      names.push({ full: alias, kind: q.startsWith('f') ? 'former' : q === 'low' ? 'weak' : 'strong' });
    }
    const addresses = (ent.ENTITY_ADDRESS ?? []).map(address).filter(Boolean) as Address[];
    const dataId = str(ent.DATAID);
    out.push(
      blankEntity({
        id: `un_sc_consolidated:${dataId}`,
        list_id: 'un_sc_consolidated',
        source: 'UN Security Council Consolidated List',
        programs: uniq([str(ent.UN_LIST_TYPE), str(ent.REFERENCE_NUMBER)].filter(Boolean)),
        database: 'sanctions',
        kind: guessKind(name) === 'company' && /\b(ltd|llc|company|co|corporation|inc|trading|bank)\b/i.test(name) ? 'company' : 'organisation',
        names: uniqueNames(names),
        countries: codes(addresses.map((a) => a.country)),
        addresses,
        listed_on: str(ent.LISTED_ON) || undefined,
        remarks: str(ent.COMMENTS1) || undefined,
        source_url: 'https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list',
      }),
    );
  }
  return out;
}

export const unConsolidated: ListDefinition = {
  id: 'un_sc_consolidated',
  name: 'UN Security Council Consolidated List',
  database: 'sanctions',
  files: ['UN_consolidated.xml'],
  urls: { 'UN_consolidated.xml': 'https://scsanctions.un.org/resources/xml/en/consolidated.xml' },
  parse: (files) => parseUn(files['UN_consolidated.xml']),
};
