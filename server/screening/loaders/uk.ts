/**
 * The UK Sanctions List (FCDO), in its published CSV: a "Report Date:" line,
 * then a header row, then one row per name (and per address) of each
 * designation; rows sharing a Unique ID are one entity. People's names are
 * Name 1..5 (given names) and Name 6 (surname); entities and ships carry the
 * whole name in Name 6. Dates are dd/mm/yyyy with 00 for an unknown day or
 * month. Columns are read by their header, not their position: the publisher
 * has added and moved columns before.
 */
import { countryAtEnd, toCountryCode } from '../countries';
import type { Address, EntityKind, EntityName, Identifier, ListedEntity, PartialDate } from '../types';
import { blankEntity, hasLegalForm, codes, parseDate, parseGender, readCsv, uniq, uniqueNames, type ListDefinition } from './common';

export const UK_FILE = 'UK-Sanctions-List.csv';
const SOURCE = 'UK Sanctions List';
const PUBLISHER_URL = 'https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.csv';

const TERRORISM = /terroris|isil|al-qaida|da'esh/i;

/** A cell may hold several values ("Asset freeze|Travel Ban"). */
const many = (v: string): string[] => v.split('|').map((x) => x.trim()).filter(Boolean);

/** "The Russia (Sanctions) (EU Exit) Regulations 2019" -> "UK-Russia". */
export function ukProgramme(regime: string): string {
  const short = regime
    .replace(/^the\s+/i, '')
    .replace(/\s*\((?:sanctions|united nations sanctions|eu exit)\)/gi, '')
    .replace(/\s+sanctions\b/gi, '')
    .replace(/\s+regulations(?:\s+\d{4})?$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `UK-${short || regime.trim()}`;
}

function isoDate(text: string): string | undefined {
  const d = parseDate(text);
  if (!d?.year) return undefined;
  return [String(d.year).padStart(4, '0'), d.month ? String(d.month).padStart(2, '0') : undefined, d.month && d.day ? String(d.day).padStart(2, '0') : undefined].filter(Boolean).join('-');
}

/** Country of a free-text note ("Russian passport", "Issued by Syria"), when it names one. */
function noteCountry(note: string): string | undefined {
  if (!note) return undefined;
  // Only whole words of four letters or more: "ID" or "No" must not read as a country code.
  return toCountryCode(note) ?? countryAtEnd(note) ?? note.split(/[^\p{L}-]+/u).filter((w) => w.length >= 4).map((w) => toCountryCode(w)).find(Boolean);
}

function nameKind(type: string, strength: string): EntityName['kind'] {
  const t = type.toLowerCase().replace(/\s+/g, ' ').trim();
  if (t === 'primary name' || t === 'primary') return 'primary';
  if (/former|fka|previous/.test(t)) return 'former';
  // A primary name variation is a spelling of the listed name; aliases are rated by "Alias strength".
  if (/low|weak/i.test(strength)) return 'weak';
  return 'strong';
}

export function parseUk(text: string): ListedEntity[] {
  const rows = readCsv(text.replace(/^\uFEFF/, ''));
  const headerAt = rows.findIndex((r) => r.some((c) => c.trim().toLowerCase() === 'unique id'));
  if (headerAt < 0) throw new Error('uk_sanctions: no header row with "Unique ID"');
  const index = new Map(rows[headerAt].map((c, i) => [c.trim().toLowerCase().replace(/\s+/g, ' '), i] as const));
  const col = (row: string[], name: string): string => {
    const i = index.get(name.toLowerCase());
    return i === undefined ? '' : (row[i] ?? '').trim();
  };

  const groups = new Map<string, string[][]>();
  for (const row of rows.slice(headerAt + 1)) {
    const id = col(row, 'Unique ID');
    if (!id) continue;
    const g = groups.get(id);
    if (g) g.push(row);
    else groups.set(id, [row]);
  }

  const out: ListedEntity[] = [];
  for (const [id, group] of groups) {
    const all = (name: string) => uniq(group.flatMap((r) => many(col(r, name))));
    const first = (name: string) => group.map((r) => col(r, name)).find(Boolean) ?? '';
    const type = first('Designation Type').toLowerCase();

    const names: EntityName[] = [];
    for (const r of group) {
      const full = [1, 2, 3, 4, 5, 6].map((n) => col(r, `Name ${n}`)).filter(Boolean).join(' ');
      const kind = nameKind(col(r, 'Name type'), col(r, 'Alias strength'));
      if (full) names.push({ full, kind });
      // The non-Latin spelling belongs to the row's name: the listed name's is its original script.
      const script = col(r, 'Name non-latin script');
      if (script) names.push({ full: script, kind: kind === 'primary' ? 'original' : kind });
    }
    const order: Record<EntityName['kind'], number> = { primary: 0, original: 1, strong: 2, former: 3, weak: 4 };
    names.sort((a, b) => order[a.kind] - order[b.kind]);
    // A designation with no row marked primary is still listed under its first name; one with
    // several keeps the first as its name and the others as aliases.
    if (names.length && names[0].kind !== 'primary') names.unshift({ full: names.find((n) => n.kind !== 'original')?.full ?? names[0].full, kind: 'primary' });
    const unique = uniqueNames(names).map((n, i) => (n.kind === 'primary' && i > 0 ? { ...n, kind: 'strong' as const } : n));
    if (!unique.length) continue;

    const regimes = all('Regime Name');
    const kind: EntityKind =
      type === 'individual' ? 'person' : type === 'ship' ? 'vessel' : regimes.some((r) => TERRORISM.test(r)) && !hasLegalForm(unique[0].full) ? 'organisation' : 'company';

    const addresses: Address[] = [];
    for (const r of group) {
      const lines = [1, 2, 3, 4, 5, 6].map((n) => col(r, `Address Line ${n}`));
      const countryText = col(r, 'Address Country');
      const parts = [...lines, col(r, 'Address Postal Code'), countryText].filter(Boolean);
      if (!parts.length) continue;
      const text = parts.join(', ');
      if (!addresses.some((a) => a.text === text)) addresses.push({ text, country: toCountryCode(countryText) });
    }

    const identifiers: Identifier[] = [];
    const addIds = (type: string, numbers: string[], note = '') => {
      for (const number of numbers) if (!identifiers.some((i) => i.type === type && i.number === number)) identifiers.push({ type, number, country: noteCountry(note) });
    };
    for (const r of group) {
      addIds('Passport', many(col(r, 'Passport number')), col(r, 'Passport additional information'));
      addIds('National ID', many(col(r, 'National Identifier number')), col(r, 'National Identifier additional information'));
    }
    addIds('Business Registration Number', all('Business registration number (s)'));
    // OFAC writes IMO numbers "IMO 1234567": the same form lets one query find the ship on both lists.
    addIds('IMO', all('IMO number').map((n) => `IMO ${n.replace(/^IMO\s*/i, '')}`));
    addIds('Hull identification number', all('Hull identification number (HIN)'));
    addIds('Phone Number', all('Phone number'));
    addIds('Email Address', all('Email address'));
    addIds('Website', all('Website'));
    // The UN's reference, for merging with the UN list's record of the same designation.
    addIds('UN reference', all('UN Reference Number'));

    const nationalities = codes(all('Nationality(/ies)'));
    const birthCountry = all('Country of birth');
    const flags = codes(all('Current believed flag of ship'));
    const places = uniq(group.map((r) => [col(r, 'Town of birth'), col(r, 'Country of birth')].filter(Boolean).join(', ')).filter(Boolean));

    const facts = [
      ['Designation source', all('Designation source').join(', ')],
      ['Sanctions imposed', all('Sanctions Imposed').join(', ')],
      ['OFSI group ID', first('OFSI Group ID')],
      ['Type of entity', all('Type of entity').join(', ')],
      ['Subsidiaries', all('Subsidiaries').join(', ')],
      ['Previous owner/operator', all('Previous owner/operator (s)').join(', ')],
      ['Previous flags', all('Previous flags').join(', ')],
      ['Type of ship', first('Type of ship')],
      ['Tonnage', first('Tonnage of ship')],
      ['Length', first('Length of ship')],
      ['Year built', first('Year Built')],
      ['Title', all('Title').join(', ')],
    ]
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}: ${v}.`);
    const remarks = [...facts, ...all('Other Information'), ...all('UK Statement of Reasons')].join(' ');

    out.push(
      blankEntity({
        id: `uk_sanctions:${id}`,
        list_id: 'uk_sanctions',
        source: SOURCE,
        programs: regimes.map(ukProgramme),
        database: 'sanctions',
        kind,
        names: unique,
        birth_dates: all('D.O.B').map((d) => parseDate(d)).filter((d): d is PartialDate => Boolean(d?.year)),
        places_of_birth: places,
        nationalities,
        countries: uniq([...nationalities, ...(addresses.map((a) => a.country).filter(Boolean) as string[]), ...codes(birthCountry), ...flags]),
        gender: parseGender(first('Gender')),
        identifiers,
        addresses,
        positions: all('Position').map((title) => ({ title })),
        // Parent companies and a ship's operators are the names a related-party search should reach.
        linked_to: uniq([...all('Parent company'), ...all('Current owner/operator (s)')]),
        listed_on: isoDate(first('Date Designated')),
        remarks: remarks || undefined,
        source_url: PUBLISHER_URL,
      }),
    );
  }
  return out;
}

export const ukSanctions: ListDefinition = {
  id: 'uk_sanctions',
  name: SOURCE,
  database: 'sanctions',
  files: [UK_FILE],
  urls: { [UK_FILE]: PUBLISHER_URL },
  fetchOnly: true,
  parse: (files) => parseUk(files[UK_FILE]),
};
