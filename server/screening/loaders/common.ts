/**
 * Helpers every list loader uses: CSV reading, date parsing in the lists'
 * formats, free-text remarks parsing (OFAC keeps DOB, POB, nationality, gender,
 * passports and weak a.k.a.s inside one "Remarks" string), and the guess of an
 * entity's kind when a list does not say.
 */
import Papa from 'papaparse';
import { countryAtEnd, toCountryCode } from '../countries';
import { LEGAL_FORMS } from '../vocabulary';
import type { EntityKind, EntityName, Identifier, ListDatabase, ListedEntity, PartialDate } from '../types';

/** A list definition: where its files live, what they are called and how to parse them. */
export interface ListDefinition {
  id: string;
  name: string;
  database: ListDatabase | 'mixed';
  /** File names inside the list's directory (LISTS_DIR/<id>/). */
  files: string[];
  /** Files that may be missing (the list still loads). */
  optional?: string[];
  /** Official publisher URL of each file, for scheduled refreshes. */
  urls: Record<string, string>;
  /**
   * No copy ships with the project: when LISTS_DIR has no directory for the list at start, the list is
   * not configured (not an error, no effect on the engine's readiness) and is served once a download
   * brings it. A directory that exists but lacks a file is still an error.
   */
  fetchOnly?: boolean;
  parse(files: Record<string, string>): ListedEntity[];
}

export function readCsv(text: string, options: { header?: boolean; delimiter?: string } = {}): string[][] {
  // OFAC ends its files with a DOS EOF byte.
  const clean = text.replace(/\x1a/g, '');
  const result = Papa.parse<string[]>(clean, { skipEmptyLines: true, delimiter: options.delimiter });
  return result.data;
}

/** OFAC's null marker is "-0-" (with trailing spaces). */
export function val(v: string | undefined): string {
  const t = (v ?? '').trim();
  return t === '-0-' ? '' : t;
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

/** "02 Oct 1972", "Oct 1972", "1972", "circa 1960", "1960 to 1963", "1972-10-02", "02.10.1972". */
export function parseDate(text: string, options: { monthFirst?: boolean } = {}): PartialDate | undefined {
  const t = text.trim().replace(/\.$/, '');
  if (!t) return undefined;
  const approximate = /circa|approx|about|c\./i.test(t);
  let m = /(\d{4})\s*(?:to|-|–)\s*(\d{4})/.exec(t);
  if (m && !/^\d{4}-\d{2}/.test(t)) return { from_year: Number(m[1]), to_year: Number(m[2]), approximate };
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return clean({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) });
  m = /^(\d{4})-(\d{2})$/.exec(t);
  if (m) return clean({ year: Number(m[1]), month: Number(m[2]) });
  m = /(\d{1,2})[./](\d{1,2})[./](\d{4})/.exec(t);
  // US publishers (BIS) write MM/DD/YYYY; the rest DD.MM.YYYY.
  if (m && options.monthFirst) return clean({ month: Number(m[1]), day: Number(m[2]), year: Number(m[3]) });
  if (m) return clean({ day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) });
  m = /(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{4})/.exec(t);
  if (m && MONTHS[m[2].slice(0, 3).toLowerCase()]) {
    return clean({ day: Number(m[1]), month: MONTHS[m[2].slice(0, 3).toLowerCase()], year: Number(m[3]), approximate });
  }
  m = /([A-Za-z]{3,9})\.?\s+(\d{4})/.exec(t);
  if (m && MONTHS[m[1].slice(0, 3).toLowerCase()]) return clean({ month: MONTHS[m[1].slice(0, 3).toLowerCase()], year: Number(m[2]), approximate });
  m = /\b(\d{4})\b/.exec(t);
  if (m) return clean({ year: Number(m[1]), approximate });
  return undefined;
}

function clean(d: PartialDate): PartialDate {
  const out: PartialDate = {};
  if (d.year) out.year = d.year;
  if (d.month && d.month >= 1 && d.month <= 12) out.month = d.month;
  if (d.day && d.day >= 1 && d.day <= 31) out.day = d.day;
  if (d.approximate) out.approximate = true;
  return out;
}

export function parseGender(text: string | undefined): 'male' | 'female' | undefined {
  const t = (text ?? '').trim().toLowerCase();
  if (t === 'm' || t === 'male') return 'male';
  if (t === 'f' || t === 'female') return 'female';
  return undefined;
}

/** Facts pulled out of a remarks string. */
export interface RemarkFacts {
  birth_dates: PartialDate[];
  places_of_birth: string[];
  nationalities: string[];
  citizenships: string[];
  gender?: 'male' | 'female';
  identifiers: Identifier[];
  weak_aliases: string[];
  former_names: string[];
  linked_to: string[];
  listed_on?: string;
  /** Whatever is left, for display. */
  other: string[];
}

/** Identifier labels OFAC uses, longest first so "National ID No." wins over "ID No.". */
const ID_LABELS = [
  'Vessel Registration Identification', 'Aircraft Manufacturer\'s Serial Number (MSN)', 'Aircraft Construction Number (also called L/N or S/N or F/N)',
  'Passport', 'National ID No.', 'Cedula No.', 'Tax ID No.', 'Registration Number', 'Registration ID', 'Identification Number', 'SWIFT/BIC',
  'Legal Entity Number', 'D-U-N-S Number', 'NIT #', 'RFC', 'C.U.R.P.', 'CURP #', 'Personal ID Card', 'Driver\'s License No.', 'SSN',
  'Residency Number', 'Public Security and Immigration No.', 'Immigration No.', 'Kenyan ID No.', 'Citizen\'s Card Number', 'Diplomatic Passport',
  'Business Registration Number', 'Business Number', 'Company Number', 'Commercial Registry Number', 'Chamber of Commerce Number',
  'Enterprise Number', 'Government Gazette Number', 'Unified Social Credit Code (USCC)', 'Matricula Mercantil No', 'RUC #', 'Trade License No.',
  'MMSI', 'IMO', 'Phone Number', 'Email Address', 'Website', 'Digital Currency Address - [A-Z]+', 'Electoral Registry No.', 'Bosnian Personal ID No.',
  'UK Company Number', 'Stateless Person ID Card', 'Serial No.', 'Certificate of Incorporation Number', 'Licence Number', 'Permit Number',
  'Other Vessel Call Sign', 'Other Vessel Flag', 'Vessel Year of Build', 'ISIN', 'Equity Ticker', 'Branch Unit Number', 'Turkish Identification Number',
  'Afghan Money Service Provider License Number', 'Istanbul Chamber of Commerce Number', 'Moroccan Personal ID No.', 'Birth Certificate Number',
].sort((a, b) => b.length - a.length);
const ID_PATTERN = new RegExp(`^(${ID_LABELS.map((l) => (l.includes('[A-Z]') ? l : l.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('|')})\\s*:?\\s*(.+)$`, 'i');

const QUOTED = /'([^']+(?:'[^';]+)*)'/g;

/**
 * Parse OFAC-style remarks: "DOB 02 Oct 1972; POB Novi Sad, Serbia; nationality
 * Serbia; Gender Male; Passport D9019576 (Iran); a.k.a. 'ALI, Hassan'."
 */
export function parseRemarks(remarks: string): RemarkFacts {
  const facts: RemarkFacts = {
    birth_dates: [], places_of_birth: [], nationalities: [], citizenships: [], identifiers: [], weak_aliases: [], former_names: [], linked_to: [], other: [],
  };
  if (!remarks) return facts;
  const text = remarks.replace(/\.\s*$/, '');
  for (const rawPart of text.split(/;\s+/)) {
    const part = rawPart.trim().replace(/^alt\.\s+/i, '');
    let m: RegExpExecArray | null;
    if ((m = /^(a\.k\.a\.|f\.k\.a\.|n\.k\.a\.)\s*(.*)$/i.exec(part))) {
      const names = [...m[2].matchAll(QUOTED)].map((x) => x[1].trim()).filter(Boolean);
      const target = m[1].toLowerCase().startsWith('f') ? facts.former_names : facts.weak_aliases;
      if (names.length) target.push(...names);
      else if (m[2].trim()) target.push(m[2].replace(/^'|'$/g, '').trim());
    } else if ((m = /^DOB\s+(.+)$/i.exec(part))) {
      const d = parseDate(m[1]);
      if (d) facts.birth_dates.push(d);
    } else if ((m = /^POB\s+(.+)$/i.exec(part))) {
      facts.places_of_birth.push(m[1].trim());
    } else if ((m = /^nationality\s+(.+)$/i.exec(part))) {
      facts.nationalities.push(m[1].trim());
    } else if ((m = /^citizen\s+(.+)$/i.exec(part))) {
      facts.citizenships.push(m[1].trim());
    } else if ((m = /^Gender\s+(.+)$/i.exec(part))) {
      facts.gender = parseGender(m[1]);
    } else if ((m = /^Linked To:\s*(.+)$/i.exec(part))) {
      facts.linked_to.push(m[1].trim());
    } else if ((m = ID_PATTERN.exec(part))) {
      const label = m[1];
      const rest = m[2].trim();
      const country = /\(([^)]+)\)\s*$/.exec(rest);
      const number = rest.replace(/\s*\([^)]*\)\s*$/, '').replace(/\s+(issued|expires).*$/i, '').trim();
      facts.identifiers.push({ type: label, number, country: country ? (toCountryCode(country[1]) ?? country[1]) : undefined });
    } else if (part) {
      facts.other.push(part);
    }
  }
  return facts;
}

/** Country codes from a list of country names, skipping what does not resolve. */
export function codes(names: Array<string | undefined>): string[] {
  const out = new Set<string>();
  for (const n of names) {
    const c = toCountryCode(n) ?? countryAtEnd(n);
    if (c) out.add(c);
  }
  return [...out];
}

const ORG_WORDS =
  /\b(trading|company|group|industr|technolog|bank|universit|institut|corporation|laborator|ministry|electronic|enterprise|holding|international|services|shipping|airlines?|import|export|logistics|center|centre|factory|works|plant|systems|solutions|engineering|development|investment|finance|network|agency|committee|organi[sz]ation|foundation|association|party|front|army|brigade|movement|office|bureau|department|academy|school|research|design|science|manufactur|supply|supplies|construction|petroleum|oil|gas|energy|chemical|metal|steel|marine|maritime|aviation|aerospace|defen[cs]e|security|fund|capital|exchange|store|shop|market|media|press|tv|radio|club)\b/i;

/** Whether a name carries a legal form ("OOO", "Sdn Bhd", "joint stock company"). */
export function hasLegalForm(name: string): boolean {
  const words = name.toLowerCase().replace(/[.,'"()]/g, ' ').split(/\s+/).filter(Boolean);
  return words.some((w, i) => (LEGAL_FORMS.has(w) && w.length > 2) || (i + 1 < words.length && LEGAL_FORMS.has(`${w} ${words[i + 1]}`)));
}

/** A list without a type column: organisations have legal forms, digits or organisation words. */
export function guessKind(name: string): EntityKind {
  const words = name
    .toLowerCase()
    .replace(/[.,'"()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (/\d/.test(name) || ORG_WORDS.test(name)) return 'company';
  for (let i = 0; i < words.length; i++) {
    if (LEGAL_FORMS.has(words[i]) && words[i].length > 2) return 'company';
    if (i + 1 < words.length && LEGAL_FORMS.has(`${words[i]} ${words[i + 1]}`)) return 'company';
  }
  if (words.length >= 2 && words.length <= 6) return 'person';
  return 'company';
}

/** Entity defaults, so loaders only fill what their list has. */
export function blankEntity(fields: Partial<ListedEntity> & Pick<ListedEntity, 'id' | 'list_id' | 'source' | 'database' | 'kind' | 'names'>): ListedEntity {
  return {
    programs: [],
    birth_dates: [],
    places_of_birth: [],
    countries: [],
    nationalities: [],
    identifiers: [],
    addresses: [],
    positions: [],
    linked_to: [],
    ...fields,
  };
}

/** Drop duplicate and empty names, keeping the first (most authoritative) kind. */
export function uniqueNames(names: EntityName[]): EntityName[] {
  const seen = new Set<string>();
  const out: EntityName[] = [];
  for (const n of names) {
    const full = n.full.replace(/\s+/g, ' ').trim();
    if (!full) continue;
    const key = full.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...n, full });
  }
  return out;
}

export function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
