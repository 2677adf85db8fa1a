/**
 * Reading the rows of a bulk file (section 5 "Bulk file"): which template column each header is, and
 * whether a row is a valid search input. The rules are Create New Case's own (common/validation.ts),
 * so a row that passes here is a search the single-case form would accept too. Browser-safe: the
 * server (server/bulk/file.ts) and any preview in the browser call the same functions.
 *
 * What a file may say, beyond the template's exact words (docs/bulk-search.md repeats this list):
 * - Headers: case, spaces, hyphens and underscores do not matter ("Entity Type" = "entity-type" =
 *   "ENTITY_TYPE"), and a few synonyms are accepted (HEADER_SYNONYMS below). Columns the template
 *   does not have are ignored, so a sheet exported from another system with extra columns still works.
 * - Entity type: person, company or location in any case; "individual" means person, "organisation",
 *   "organization" and "business" mean company.
 * - Countries: ISO 3166 alpha-2 or alpha-3 codes or country names in the six interface languages
 *   (common/countries.ts), in any case and with or without accents, separated by ; , or | ("Korea, North"
 *   stays one name). The row keeps the alpha-2 codes.
 * - A row whose only problems are its birth date (day 32, month 13, 29 February of a common year, a
 *   year before 1900 or to come) or an unknown country is not screened but never stops the file: it is
 *   kept as a failed row with its problems (rowOnly), and the other rows are screened.
 * - Gender: male, female or other in any case; M and F are accepted.
 * - Yes/no columns: yes/no, true/false, 1/0, y/n in any case; blank is no.
 * - A row with no value in any template column is skipped: not an error and not counted.
 */
import { BULK_COLUMNS, BULK_REQUIRED_COLUMNS, type BulkColumn, type BulkFileProblem, type BulkRowInput } from './bulk';
import { GENDERS } from './enums';
import { ownEntry } from './lookup';
import { resolveCountry, resolveCountryList } from './countries';
import type { MessageId } from './messages';
import { MAX_LIST_ITEMS } from './schemas/core';
import { cutValue, matchColumns, normaliseHeader, PROBLEM_VALUE_CHARS } from './spreadsheet';
import { validateBirthDate, validateClientReference, validateNationalId, validateSearchTerm, validateUniqueIdentifier } from './validation';

export { PROBLEM_VALUE_CHARS, cutValue, normaliseHeader };

/**
 * Other words people use for a template column, after normaliseHeader. Kept small on purpose: each
 * one is a header a real export or a person typing by hand would produce, never a guess that could
 * read the wrong column.
 */
export const HEADER_SYNONYMS: Readonly<Record<string, BulkColumn>> = {
  full_name: 'name',
  search_term: 'name',
  entity_name: 'name',
  type: 'entity_type',
  entity: 'entity_type',
  dob_day: 'birth_day',
  dob_month: 'birth_month',
  dob_year: 'birth_year',
  year_of_birth: 'birth_year',
  country: 'countries',
  residence_country: 'residence_countries',
  country_of_residence: 'residence_countries',
  sex: 'gender',
  national_id_number: 'national_id',
  client_ref: 'client_reference',
  customer_reference: 'client_reference',
  ongoing_monitoring: 'aml_monitoring',
  adverse_media: 'adverse_media_monitoring',
};

const TEMPLATE = { columns: BULK_COLUMNS, synonyms: HEADER_SYNONYMS, required: BULK_REQUIRED_COLUMNS };

/** The template column a header names, or null for a column the template does not have. */
export function columnOf(header: string): BulkColumn | null {
  return matchColumns([header], { ...TEMPLATE, required: [] }).columns[0];
}

/** The template column of each header, by position (common/spreadsheet.ts matchColumns). */
export function matchHeaders(headers: string[]): { columns: (BulkColumn | null)[]; problems: BulkFileProblem[] } {
  return matchColumns(headers, TEMPLATE);
}

const ENTITY_TYPE_WORDS: Readonly<Record<string, BulkRowInput['entity_type']>> = {
  person: 'person',
  individual: 'person',
  company: 'company',
  organisation: 'company',
  organization: 'company',
  business: 'company',
  location: 'location',
};

const GENDER_WORDS: Readonly<Record<string, NonNullable<BulkRowInput['gender']>>> = {
  ...Object.fromEntries(GENDERS.map((g) => [g, g])),
  m: 'male',
  f: 'female',
};

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', '']);

/** A yes/no cell: true, false, or null when the value is neither. */
export function parseBulkBoolean(value: string): boolean | null {
  const v = (value ?? '').trim().toLowerCase();
  if (TRUE_WORDS.has(v)) return true;
  if (FALSE_WORDS.has(v)) return false;
  return null;
}

/** The codes of a countries cell, upper case, in order, without repeats. */
export function splitCountries(value: string): string[] {
  const out: string[] = [];
  for (const part of (value ?? '').split(/[;,|]/)) {
    const code = part.trim().toUpperCase();
    if (code && !out.includes(code)) out.push(code);
  }
  return out;
}

const BIRTH_COLUMNS: ReadonlySet<BulkColumn> = new Set(['birth_day', 'birth_month', 'birth_year']);
const COUNTRY_COLUMNS: ReadonlySet<BulkColumn> = new Set(['countries', 'residence_countries', 'nationality']);

/**
 * A problem that spoils its row only: an impossible birth date or an unknown country. The customer's
 * data says something the engine cannot use, but the file is well made, so its other rows are screened.
 */
export function isRowOnlyProblem(problem: Pick<BulkFileProblem, 'column' | 'code'>): boolean {
  const column = problem.column as BulkColumn;
  if (BIRTH_COLUMNS.has(column)) return problem.code !== 'nul_character';
  return COUNTRY_COLUMNS.has(column) && problem.code === 'invalid_country';
}

/** How a failed row's problems read in the batch's downloads: "birth_day: invalid_day (32); nationality: invalid_country (Atlantis)". */
export function describeRowProblems(problems: readonly BulkFileProblem[]): string {
  return problems.map((p) => `${p.column}: ${p.code}${p.value ? ` (${p.value})` : ''}`).join('; ');
}

/** What is kept of a row that failed its checks with row-only problems (isRowOnlyProblem). */
export type BulkFailedRowInput = Pick<BulkRowInput, 'search_term' | 'entity_type'>;

/**
 * Checks one data row. cells holds the row's text by template column (absent = blank); row is its line
 * in the file (the header is 1). isCountry decides whether a well-formed code is a real country (the
 * server passes server/reference/countries.ts isKnownCountry); without it only the form is checked.
 * Returns the search input when the row is clean, every problem of the row otherwise (with rowOnly, what
 * to keep of the row, when they all spoil the row only), and empty: true (no input, no problems) for a
 * row with nothing in it.
 */
export function checkBulkRow(
  cells: Partial<Record<BulkColumn, string>>,
  row: number,
  now: Date = new Date(),
  isCountry?: (code: string) => boolean,
): { input?: BulkRowInput; problems: BulkFileProblem[]; empty?: true; rowOnly?: BulkFailedRowInput } {
  const text: Partial<Record<BulkColumn, string>> = {};
  let empty = true;
  for (const column of BULK_COLUMNS) {
    const value = (cells[column] ?? '').trim();
    text[column] = value;
    if (value) empty = false;
  }
  if (empty) return { problems: [], empty: true };

  const problems: BulkFileProblem[] = [];
  const fail = (column: BulkColumn, code: MessageId, value = text[column] ?? '') =>
    problems.push({ row, column, code, ...(value ? { value: cutValue(value) } : {}) });
  const get = (column: BulkColumn) => text[column] ?? '';

  // A NUL character is refused everywhere in the API (and cannot be stored in Postgres text): same here.
  for (const column of BULK_COLUMNS) {
    if (get(column).includes('\u0000')) fail(column, 'nul_character', get(column).replace(/\u0000/g, ''));
  }
  if (problems.length) return { problems };

  const name = get('name');
  const nameRule = validateSearchTerm(name);
  if (nameRule) fail('name', nameRule);

  const entityWord = get('entity_type').toLowerCase();
  const entityType = ownEntry(ENTITY_TYPE_WORDS, entityWord);
  if (!entityWord) fail('entity_type', 'entity_type_required');
  else if (!entityType) fail('entity_type', 'bulk_entity_type');

  const date = validateBirthDate({ day: get('birth_day'), month: get('birth_month'), year: get('birth_year') }, now);
  if (date) fail(date.field, date.rule);

  const known = (code: string | undefined) => code !== undefined && (!isCountry || isCountry(code));
  const countryLists: Partial<Record<'countries' | 'residence_countries', string[]>> = {};
  for (const column of ['countries', 'residence_countries'] as const) {
    if (splitCountries(get(column)).length > MAX_LIST_ITEMS) {
      problems.push({ row, column, code: 'bulk_too_many_values', value: cutValue(get(column)), values: { max: MAX_LIST_ITEMS } });
      continue;
    }
    const { codes, unknown } = resolveCountryList(get(column));
    const bad = unknown ?? codes.find((code) => !known(code));
    if (bad !== undefined) fail(column, 'invalid_country', bad);
    else countryLists[column] = codes;
  }

  const nationality = get('nationality') ? resolveCountry(get('nationality')) : undefined;
  if (get('nationality') && !known(nationality)) fail('nationality', 'invalid_country');

  const genderWord = get('gender').toLowerCase();
  const gender = genderWord ? ownEntry(GENDER_WORDS, genderWord) : undefined;
  if (genderWord && !gender) fail('gender', 'bulk_gender');

  const ruled: Array<[BulkColumn, (v: string) => MessageId | null]> = [
    ['unique_identifier', validateUniqueIdentifier],
    ['national_id', validateNationalId],
    ['client_reference', validateClientReference],
  ];
  for (const [column, rule] of ruled) {
    const code = rule(get(column));
    if (code) fail(column, code);
  }

  const flags: Partial<Record<'aml_monitoring' | 'adverse_media_monitoring', boolean>> = {};
  for (const column of ['aml_monitoring', 'adverse_media_monitoring'] as const) {
    const value = parseBulkBoolean(get(column));
    if (value === null) fail(column, 'bulk_boolean');
    else flags[column] = value;
  }

  if (problems.length) {
    if (!problems.every(isRowOnlyProblem)) return { problems };
    // What the downloads show of a row that is not screened: its name and entity type as written.
    return { problems, rowOnly: { search_term: name, entity_type: entityType ?? (entityWord as BulkRowInput['entity_type']) } };
  }

  const input: BulkRowInput = {
    search_term: name,
    entity_type: entityType!,
    countries: countryLists.countries ?? [],
    residence_countries: countryLists.residence_countries ?? [],
    aml_monitoring: flags.aml_monitoring ?? false,
    adverse_media_monitoring: flags.adverse_media_monitoring ?? false,
  };
  if (get('birth_day')) input.birth_day = Number(get('birth_day'));
  if (get('birth_month')) input.birth_month = Number(get('birth_month'));
  if (get('birth_year')) input.birth_year = Number(get('birth_year'));
  if (nationality) input.nationality = nationality;
  if (gender) input.gender = gender;
  for (const column of ['unique_identifier', 'national_id', 'client_reference'] as const) {
    if (get(column)) input[column] = get(column);
  }
  return { input, problems };
}
