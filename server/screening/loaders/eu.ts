/**
 * EU consolidated list of persons, groups and entities subject to EU financial
 * sanctions (the Financial Sanctions Files, XML 1.1). Everything the loader reads
 * is in attributes: names in nameAlias (strong="false" marks a weak alias; the
 * list repeats a name in many EU languages and scripts, all kept as aliases),
 * structured birth dates, citizenships, documents, addresses, and the
 * regulations whose programme codes become the entity's programmes.
 */
import { XMLParser } from 'fast-xml-parser';
import { toCountryCode } from '../countries';
import type { Address, EntityKind, EntityName, Identifier, ListedEntity, PartialDate, Position } from '../types';
import { blankEntity, hasLegalForm, parseDate, parseGender, uniq, uniqueNames, type ListDefinition } from './common';

export const EU_FILE = 'eu_fsf.xml';
const SOURCE = 'EU Consolidated Financial Sanctions List';
const PUBLISHER_URL = 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw';

const ARRAYS = new Set(['sanctionEntity', 'remark', 'regulation', 'nameAlias', 'citizenship', 'birthdate', 'identification', 'address']);

/** UN Security Council reference numbers ("KPe.001", "QDi.115"), which the EU also cites inside remarks. */
export const UN_REFERENCE = /\b([A-Z]{2}[ie]\.\d{3})\b/g;

/** Programmes whose designated groups are organisations rather than companies unless their name has a legal form. */
const TERRORISM = /^(TERR|TAQA|AQ|ISIL|CT)/i;

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(typeof v === 'object' ? ((v as any)['#text'] ?? '') : v).trim());
const list = (v: unknown): any[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

/** "00" is the EU's unknown country; the description is the fallback when the code is missing. */
function country(code: unknown, description?: unknown): string | undefined {
  const c = str(code).toUpperCase();
  if (/^[A-Z]{2}$/.test(c) && c !== '00') return c;
  const d = str(description);
  return d && d.toUpperCase() !== 'UNKNOWN' ? toCountryCode(d) : undefined;
}

function aliasName(a: any): string {
  return str(a.wholeName) || [a.firstName, a.middleName, a.lastName].map(str).filter(Boolean).join(' ');
}

function birthDate(b: any): PartialDate | undefined {
  const approximate = str(b.circa).toLowerCase() === 'true' || undefined;
  const from = Number(str(b.yearRangeFrom)) || undefined;
  const to = Number(str(b.yearRangeTo)) || undefined;
  if (from || to) return { from_year: from, to_year: to, approximate };
  const full = str(b.birthdate);
  const date: PartialDate | undefined = full
    ? parseDate(full)
    : Number(str(b.year))
      ? { year: Number(str(b.year)), month: Number(str(b.monthOfYear)) || undefined, day: Number(str(b.dayOfMonth)) || undefined }
      : undefined;
  if (!date) return undefined;
  const out: PartialDate = { year: date.year };
  if (date.month) out.month = date.month;
  if (date.month && date.day) out.day = date.day;
  if (approximate) out.approximate = true;
  return out;
}

function birthPlace(b: any): string {
  const countryText = str(b.countryDescription).toUpperCase() === 'UNKNOWN' ? '' : str(b.countryDescription);
  return uniq([str(b.city), str(b.place), str(b.region), countryText].filter(Boolean)).join(', ');
}

const ID_TYPES: Record<string, string> = { passport: 'Passport', id: 'National ID', regnumber: 'Registration Number', fiscalcode: 'Tax ID', swiftbic: 'SWIFT/BIC', imo: 'IMO', other: 'Other' };

function identification(d: any): Identifier | undefined {
  const number = str(d.number) || str(d.latinNumber);
  if (!number) return undefined;
  const code = str(d.identificationTypeCode);
  const type = ID_TYPES[code.toLowerCase()] ?? (str(d.identificationTypeDescription) || code || 'Document');
  return { type, number, country: country(d.countryIso2Code, d.countryDescription) };
}

function address(a: any): Address | undefined {
  const countryText = str(a.countryDescription).toUpperCase() === 'UNKNOWN' ? '' : str(a.countryDescription);
  const po = str(a.poBox) ? `PO Box ${str(a.poBox)}` : '';
  const parts = [str(a.street), po, str(a.zipCode), str(a.city), str(a.region), str(a.place), countryText].filter(Boolean);
  if (!parts.length) return undefined;
  return { text: parts.join(', '), city: str(a.city) || undefined, country: country(a.countryIso2Code, a.countryDescription) };
}

function kindOf(subject: any, codes: string[], name: string): EntityKind {
  const code = str(subject?.code).toLowerCase();
  const cls = str(subject?.classificationCode).toUpperCase();
  if (code === 'person' || cls === 'P') return 'person';
  return codes.some((c) => TERRORISM.test(c)) && !hasLegalForm(name) ? 'organisation' : 'company';
}

export function parseEu(xml: string): ListedEntity[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name, _jpath, _leaf, isAttribute) => !isAttribute && ARRAYS.has(name),
  });
  const doc = parser.parse(xml);
  const out: ListedEntity[] = [];
  for (const s of list(doc.export?.sanctionEntity)) {
    const logicalId = str(s.logicalId);
    const aliases = list(s.nameAlias).filter((a) => aliasName(a));
    if (!logicalId || !aliases.length) continue;

    // The first strong name is the listed name; the list marks low-quality names strong="false".
    const strong = aliases.filter((a) => str(a.strong).toLowerCase() !== 'false');
    const primary = strong[0] ?? aliases[0];
    const names: EntityName[] = [{ full: aliasName(primary), kind: 'primary' }];
    for (const a of aliases) if (a !== primary) names.push({ full: aliasName(a), kind: str(a.strong).toLowerCase() === 'false' ? 'weak' : 'strong' });

    const regulations = list(s.regulation);
    const programmeCodes = uniq(regulations.map((r) => str(r.programme)).filter(Boolean));
    const remarks = list(s.remark).map(str).filter(Boolean);

    const identifiers: Identifier[] = list(s.identification).map(identification).filter(Boolean) as Identifier[];
    // Cross-references for merging with the UN list: the attribute, and references the remarks cite.
    const unRefs = uniq([str(s.unitedNationId), ...remarks.flatMap((r) => [...r.matchAll(UN_REFERENCE)].map((m) => m[1]))].filter(Boolean));
    for (const ref of unRefs) identifiers.push({ type: 'UN reference', number: ref });
    if (str(s.euReferenceNumber)) identifiers.push({ type: 'EU reference', number: str(s.euReferenceNumber) });

    const births = list(s.birthdate);
    const addresses = list(s.address).map(address).filter(Boolean) as Address[];
    const nationalities = uniq(list(s.citizenship).map((c) => country(c.countryIso2Code, c.countryDescription)).filter(Boolean) as string[]);
    const birthCountries = births.map((b) => country(b.countryIso2Code, b.countryDescription)).filter(Boolean) as string[];
    const positions: Position[] = uniq(aliases.map((a) => str(a.function)).filter(Boolean)).map((title) => ({ title }));
    const titles = uniq(aliases.map((a) => str(a.title)).filter(Boolean));

    const dates = regulations.map((r) => str(r.entryIntoForceDate) || str(r.publicationDate)).filter(Boolean).sort();
    const listedOn = str(s.designationDate) || dates[0];

    out.push(
      blankEntity({
        id: `eu_fsf:${logicalId}`,
        list_id: 'eu_fsf',
        source: SOURCE,
        programs: programmeCodes.map((c) => `EU-${c}`),
        database: 'sanctions',
        kind: kindOf(s.subjectType, programmeCodes, names[0].full),
        names: uniqueNames(names),
        birth_dates: births.map(birthDate).filter(Boolean) as PartialDate[],
        places_of_birth: uniq(births.map(birthPlace).filter(Boolean)),
        nationalities,
        countries: uniq([...nationalities, ...(addresses.map((a) => a.country).filter(Boolean) as string[]), ...birthCountries]),
        gender: parseGender(aliases.map((a) => str(a.gender)).find(Boolean)),
        identifiers,
        addresses,
        positions,
        listed_on: listedOn || undefined,
        remarks: [...remarks, ...titles.map((t) => `Title: ${t}`)].join(' ') || undefined,
        source_url: regulations.map((r) => str(r.publicationUrl)).find(Boolean) || PUBLISHER_URL,
      }),
    );
  }
  return out;
}

export const euFsf: ListDefinition = {
  id: 'eu_fsf',
  name: SOURCE,
  database: 'sanctions',
  files: [EU_FILE],
  urls: { [EU_FILE]: PUBLISHER_URL },
  fetchOnly: true,
  parse: (files) => parseEu(files[EU_FILE]),
};
