/**
 * US Consolidated Screening List (trade.gov CSV). It repeats lists we load from
 * their publishers (SDN, the OFAC non-SDN lists, the BIS Denied Persons List);
 * those rows carry `duplicate_of` so the engine can skip them when the original
 * list is loaded. The rest (Entity List, Unverified List, ITAR debarred,
 * nonproliferation, military end users) are warnings and regulatory enforcement.
 */
import { codes, blankEntity, guessKind, parseDate, parseGender, readCsv, uniq, uniqueNames, type ListDefinition } from './common';
import { toCountryCode } from '../countries';
import { simpleKey } from '../normalize';
import type { Address, EntityKind, Identifier, ListedEntity, PartialDate } from '../types';

/** "Entity List (EL) - Bureau of Industry and Security" -> "EL". */
function sourceCode(source: string): string {
  const m = /\(([^)]+)\)/.exec(source);
  return m ? m[1] : source;
}

const TREASURY = /Treasury Department/i;

function kindOf(type: string, name: string): EntityKind {
  const t = type.toLowerCase();
  if (t === 'individual') return 'person';
  if (t === 'vessel') return 'vessel';
  if (t === 'aircraft') return 'aircraft';
  if (t === 'entity') return 'company';
  return guessKind(name);
}

function splitList(v: string | undefined): string[] {
  return (v ?? '')
    .split(/;\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parseCsl(text: string): ListedEntity[] {
  const rows = readCsv(text);
  const header = rows[0] ?? [];
  const col = (name: string) => header.indexOf(name);
  const c = {
    id: col('_id'), source: col('source'), number: col('entity_number'), type: col('type'), programs: col('programs'), name: col('name'),
    title: col('title'), addresses: col('addresses'), start: col('start_date'), remarks: col('remarks'), url: col('source_list_url'),
    alt: col('alt_names'), citizenships: col('citizenships'), dobs: col('dates_of_birth'), nationalities: col('nationalities'),
    pobs: col('places_of_birth'), info: col('source_information_url'), ids: col('ids'), flag: col('vessel_flag'), call: col('call_sign'),
  };
  const out: ListedEntity[] = [];
  for (const row of rows.slice(1)) {
    if (row.length < header.length || row[c.id] === '_id') continue; // the repeated header and the malformed row
    const source = row[c.source];
    const code = sourceCode(source);
    if (code === 'SDN') continue; // always served by the OFAC SDN list itself
    const name = row[c.name]?.trim();
    if (!name) continue;
    const identifiers: Identifier[] = [];
    const extraNationalities: string[] = [];
    let gender: 'male' | 'female' | undefined;
    for (const triple of splitList(row[c.ids])) {
      const [type, number, country] = triple.split(/,\s*/);
      if (!type || !number) continue;
      if (/^gender$/i.test(type)) gender = parseGender(number);
      else if (/nationality|citizenship/i.test(type)) extraNationalities.push(number);
      else if (!/date|target type|issuer name|risk|information|listing|program/i.test(type)) identifiers.push({ type, number, country: toCountryCode(country) });
    }
    if (row[c.call]) identifiers.push({ type: 'Call Sign', number: row[c.call] });
    const addresses: Address[] = splitList(row[c.addresses]).map((text) => ({ text, country: toCountryCode(text.split(/,\s*/).pop()) }));
    const nationalities = codes([...splitList(row[c.citizenships]), ...splitList(row[c.nationalities]), ...extraNationalities]);
    const treasury = TREASURY.test(source);
    const duplicateOf: string[] = [];
    if (treasury && row[c.number]) duplicateOf.push(`us_ofac_sdn:${row[c.number]}`, `us_ofac_consolidated:${row[c.number]}`);
    if (code === 'DPL') duplicateOf.push(`us_bis_dpl#${simpleKey(name)}`);
    const entity = blankEntity({
      id: `us_csl:${row[c.id]}`,
      list_id: 'us_csl',
      source: `US CSL: ${source.replace(/\s*-\s*[^-]*$/, '')}`,
      programs: uniq([code, ...splitList(row[c.programs])]),
      database: treasury ? 'sanctions' : 'warnings_and_regulatory_enforcement',
      kind: kindOf(row[c.type] ?? '', name),
      names: uniqueNames([{ full: name, kind: 'primary' }, ...splitList(row[c.alt]).map((full) => ({ full, kind: 'strong' as const }))]),
      birth_dates: splitList(row[c.dobs]).map((d) => parseDate(d)).filter(Boolean) as PartialDate[],
      places_of_birth: splitList(row[c.pobs]),
      nationalities,
      countries: uniq([...nationalities, ...codes(addresses.map((a) => a.country)), ...codes([row[c.flag]])]),
      gender,
      identifiers,
      addresses,
      positions: row[c.title] ? [{ title: row[c.title] }] : [],
      listed_on: row[c.start] || undefined,
      remarks: row[c.remarks] || undefined,
      source_url: row[c.info] || row[c.url] || undefined,
    });
    if (duplicateOf.length) entity.duplicate_of = duplicateOf;
    out.push(entity);
  }
  return out;
}

export const usCsl: ListDefinition = {
  id: 'us_csl',
  name: 'US Consolidated Screening List',
  database: 'mixed',
  files: ['csl.csv'],
  urls: { 'csl.csv': 'https://data.trade.gov/downloadable_consolidated_screening_list/v1/consolidated.csv' },
  parse: (files) => parseCsl(files['csl.csv']),
};
