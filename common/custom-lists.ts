/**
 * Custom lists (section 3 "Custom list", "List record"; section 5 "Custom list"; docs/advanced-features.md):
 * what the browser and the API agree on. An organisation keeps its own blacklists (people, companies and
 * places to raise) and whitelists (those it has cleared); screening searches both beside the public lists.
 * A list is created by uploading a CSV or Excel file of records; records can then be added, edited and
 * deleted one at a time, and each has its own comments.
 */
import type { ChangeStamps, DeletionStamps, UserRef } from './actors';
import type { CustomListType, EntityType } from './enums';
import type { FileProblem } from './spreadsheet';
import { cutValue, matchColumns } from './spreadsheet';
import { LIMITS } from './constants';
import { resolveCountry } from './countries';
import { ownEntry } from './lookup';
import type { MessageId } from './messages';
import { validateListRecordCategory, validateListRecordName } from './validation';

/** The largest custom list file (section 9). */
export const CUSTOM_LIST_FILE_MAX_BYTES = LIMITS.customListFileBytes;
export const CUSTOM_LIST_FILE_EXTENSIONS = ['.csv', '.txt', '.xlsx'] as const;
/** Records one list may hold: far more than a 10 MB file carries, so the file limit is what users meet. */
export const CUSTOM_LIST_MAX_RECORDS = 250_000;
/** Other names one record may carry. */
export const CUSTOM_LIST_MAX_ALIASES = 20;
/** Problems listed in the answer to a file with errors (the count says how many there are in all). */
export const CUSTOM_LIST_MAX_LISTED_PROBLEMS = 5_000;

// ------------------------------------------------------------------------------------------ The file

/** The columns of the template, in order. */
export const CUSTOM_LIST_COLUMNS = ['full_name', 'entity_type', 'date_of_birth', 'country', 'category', 'aliases'] as const;
export type CustomListColumn = (typeof CUSTOM_LIST_COLUMNS)[number];
export const CUSTOM_LIST_REQUIRED_COLUMNS: readonly CustomListColumn[] = ['full_name', 'entity_type'];

/** Other headers people write for the template's columns (after normaliseHeader). */
export const CUSTOM_LIST_HEADER_SYNONYMS: Readonly<Record<string, CustomListColumn>> = {
  name: 'full_name',
  fullname: 'full_name',
  entity_name: 'full_name',
  type: 'entity_type',
  entity: 'entity_type',
  dob: 'date_of_birth',
  birth_date: 'date_of_birth',
  date: 'date_of_birth',
  date_of_incorporation: 'date_of_birth',
  incorporation_date: 'date_of_birth',
  birth_or_incorporation_date: 'date_of_birth',
  nationality: 'country',
  country_code: 'country',
  alias: 'aliases',
  aka: 'aliases',
  other_names: 'aliases',
};

export type CustomListFileProblem = FileProblem<CustomListColumn>;

/** A record as the file, the form and the API give it. */
export interface ListRecordInput {
  full_name: string;
  entity_type: EntityType;
  birth_year?: number;
  birth_month?: number;
  birth_day?: number;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  category?: string;
  aliases: string[];
}

const TEMPLATE = { columns: CUSTOM_LIST_COLUMNS, synonyms: CUSTOM_LIST_HEADER_SYNONYMS, required: CUSTOM_LIST_REQUIRED_COLUMNS };

/** The template column of each header of a custom list file (common/spreadsheet.ts matchColumns). */
export function matchListHeaders(headers: string[]) {
  return matchColumns(headers, TEMPLATE);
}

const ENTITY_TYPE_WORDS: Readonly<Record<string, EntityType>> = {
  person: 'person',
  individual: 'person',
  company: 'company',
  organisation: 'company',
  organization: 'company',
  business: 'company',
  entity: 'company',
  vessel: 'company',
  location: 'location',
  place: 'location',
  address: 'location',
};

/** Entity type words a file or form may use, or null. */
export function listEntityType(value: string): EntityType | null {
  return ownEntry(ENTITY_TYPE_WORDS, (value ?? '').trim().toLowerCase()) ?? null;
}

/**
 * A birth or incorporation date as lists write it: a year (1985), a month (1985-04), a date (1985-04-23,
 * 23/04/1985, 23.04.1985; day first, as everywhere but the United States). Blank is no date. Null when
 * the text is none of these or not a real, past date.
 */
export function parseListDate(value: string, now = new Date()): { year: number; month?: number; day?: number } | 'blank' | null {
  const v = (value ?? '').trim();
  if (!v) return 'blank';
  let m: RegExpExecArray | null;
  let parts: { year: number; month?: number; day?: number };
  if ((m = /^(\d{4})$/.exec(v))) parts = { year: Number(m[1]) };
  else if ((m = /^(\d{4})-(\d{1,2})$/.exec(v))) parts = { year: Number(m[1]), month: Number(m[2]) };
  else if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v))) parts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  else if ((m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(v))) parts = { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) };
  else return null;
  if (parts.year <= LIMITS.yearMin || parts.year > now.getFullYear()) return null;
  if (parts.month !== undefined && (parts.month < 1 || parts.month > 12)) return null;
  if (parts.day !== undefined) {
    const days = new Date(Date.UTC(parts.year, parts.month!, 0)).getUTCDate();
    if (parts.day < 1 || parts.day > days) return null;
    if (Date.UTC(parts.year, parts.month! - 1, parts.day) > Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())) return null;
  }
  return parts;
}

/** The date of a record as the file writes it back: 1985, 1985-04 or 1985-04-23. */
export function listDateText(r: { birth_year?: number | null; birth_month?: number | null; birth_day?: number | null }): string {
  if (!r.birth_year) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  if (!r.birth_month) return String(r.birth_year);
  if (!r.birth_day) return `${r.birth_year}-${pad(r.birth_month)}`;
  return `${r.birth_year}-${pad(r.birth_month)}-${pad(r.birth_day)}`;
}

/** Other names in one cell, separated by ; or |. */
export function splitAliases(value: string): string[] {
  const out: string[] = [];
  for (const part of (value ?? '').split(/[;|]/)) {
    const name = part.trim().replace(/\s+/g, ' ');
    if (name && !out.some((n) => n.toLowerCase() === name.toLowerCase())) out.push(name);
  }
  return out;
}

/**
 * The problems of one record's values, by column, with the rules the form and the API use too: the full
 * name as a search term (2 to 100 characters with a letter), a known entity type, a valid past date,
 * a known country (code or name), a category of at most 100 characters, each other name as a search term.
 */
export function listRecordProblems(
  values: { full_name?: string; entity_type?: string; date_of_birth?: string; country?: string; category?: string; aliases?: string },
  now = new Date(),
  isCountry?: (code: string) => boolean,
): { input?: ListRecordInput; problems: Partial<Record<CustomListColumn, MessageId>>; values?: Record<string, string | number> } {
  const problems: Partial<Record<CustomListColumn, MessageId>> = {};
  const get = (c: CustomListColumn) => (values[c] ?? '').trim();
  for (const c of CUSTOM_LIST_COLUMNS) if (get(c).includes('\u0000')) problems[c] = 'nul_character';
  if (Object.keys(problems).length) return { problems };
  const name = validateListRecordName(get('full_name'));
  if (name) problems.full_name = name;
  const type = listEntityType(get('entity_type'));
  if (!get('entity_type')) problems.entity_type = 'entity_type_required';
  else if (!type) problems.entity_type = 'bulk_entity_type';
  const date = parseListDate(get('date_of_birth'), now);
  if (date === null) problems.date_of_birth = 'list_date_invalid';
  // A code or a name in the six languages (common/countries.ts); the record keeps the alpha-2 code.
  const country = get('country') ? resolveCountry(get('country')) : undefined;
  if (get('country') && (!country || (isCountry && !isCountry(country)))) problems.country = 'invalid_country';
  const category = validateListRecordCategory(get('category'));
  if (category) problems.category = category;
  const aliases = splitAliases(get('aliases'));
  let extra: Record<string, string | number> | undefined;
  if (aliases.length > CUSTOM_LIST_MAX_ALIASES) {
    problems.aliases = 'list_too_many_aliases';
    extra = { max: CUSTOM_LIST_MAX_ALIASES };
  } else {
    const bad = aliases.map((a) => validateListRecordName(a)).find(Boolean);
    if (bad) problems.aliases = bad;
  }
  if (Object.keys(problems).length) return { problems, values: extra };
  const input: ListRecordInput = { full_name: get('full_name').replace(/\s+/g, ' '), entity_type: type!, aliases };
  if (date && date !== 'blank') {
    input.birth_year = date.year;
    if (date.month) input.birth_month = date.month;
    if (date.day) input.birth_day = date.day;
  }
  if (country) input.country = country;
  if (get('category')) input.category = get('category');
  return { input, problems };
}

/**
 * Checks one data row of a file; row is its line (the header is 1). Returns the record when the row is
 * clean, its problems otherwise, and empty: true for a row with nothing in it (skipped, not counted).
 */
export function checkListRow(
  cells: Partial<Record<CustomListColumn, string>>,
  row: number,
  now = new Date(),
  isCountry?: (code: string) => boolean,
): { input?: ListRecordInput; problems: CustomListFileProblem[]; empty?: true } {
  if (CUSTOM_LIST_COLUMNS.every((c) => !(cells[c] ?? '').trim())) return { problems: [], empty: true };
  const checked = listRecordProblems(cells, now, isCountry);
  const problems = (Object.entries(checked.problems) as [CustomListColumn, MessageId][]).map(([column, code]) => {
    const value = (cells[column] ?? '').trim().replace(/\u0000/g, '');
    return { row, column, code, ...(value ? { value: cutValue(value) } : {}), ...(code === 'list_too_many_aliases' && checked.values ? { values: checked.values } : {}) };
  });
  return problems.length ? { problems } : { input: checked.input, problems };
}

// ------------------------------------------------------------------------------------------ Views

export type { UserRef } from './actors';

/** One list as the list page shows it. */
export interface CustomListView extends ChangeStamps, DeletionStamps {
  _id: string;
  name: string;
  description: string;
  type: CustomListType;
  total_records: number;
}

/** One record as its list and its own page show it. */
export interface ListRecordView extends ChangeStamps, DeletionStamps {
  _id: string;
  list: { _id: string; name: string; type: CustomListType; is_deleted: boolean };
  full_name: string;
  aliases: string[];
  entity_type: EntityType;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  country: string | null;
  category: string | null;
  comment_count: number;
}

export interface ListCommentView {
  _id: string;
  text: string;
  user: UserRef | null;
  edited: boolean;
  last_edited_at: string | null;
  created_at: string;
  is_deleted: boolean;
  deleted_by: UserRef | null;
  deleted_at: string | null;
}

/** The 400 answer for a file with problems: code 'errors_found_in_file'. */
export interface CustomListFileErrors {
  problems: CustomListFileProblem[];
  problem_count: number;
}
