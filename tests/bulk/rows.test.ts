/**
 * The rows of a bulk file (common/bulk-rows.ts): header matching, and each row rule with its message id.
 * A row is checked with Create New Case's own rules, so the last block compares the two on one table.
 */
import { describe, expect, it } from 'vitest';
import { validate } from 'superstruct';
import { BULK_COLUMNS, type BulkColumn } from '../../common/bulk';
import { checkBulkRow, matchHeaders, parseBulkBoolean, splitCountries } from '../../common/bulk-rows';
import { searchChoiceProblems } from '../../common/case-input';
import { SearchBody } from '../../common/schemas/cases';
import { MAX_LIST_ITEMS } from '../../common/schemas/core';
import { isKnownCountry } from '../../server/reference/countries';

const NOW = new Date('2026-06-15T12:00:00Z');
const check = (cells: Partial<Record<BulkColumn, string>>, row = 2) => checkBulkRow(cells, row, NOW, isKnownCountry);
const base = { name: 'Maribel Quintero', entity_type: 'person' } as const;
/** The codes of a row's problems, by column. */
const codes = (cells: Partial<Record<BulkColumn, string>>) => check({ ...base, ...cells }).problems.map((p) => [p.column, p.code]);

describe('matchHeaders', () => {
  it('reads the template headers in order', () => {
    const { columns, problems } = matchHeaders([...BULK_COLUMNS]);
    expect(columns).toEqual([...BULK_COLUMNS]);
    expect(problems).toEqual([]);
  });

  it('ignores case, surrounding spaces, a BOM, and treats spaces, hyphens and underscores alike', () => {
    const { columns, problems } = matchHeaders(['\uFEFF NAME ', 'Entity Type', 'birth-day', 'BIRTH_MONTH', 'Birth  Year', 'Residence - Countries', 'aml monitoring']);
    expect(columns).toEqual(['name', 'entity_type', 'birth_day', 'birth_month', 'birth_year', 'residence_countries', 'aml_monitoring']);
    expect(problems).toEqual([]);
  });

  it('accepts the documented synonyms', () => {
    expect(matchHeaders(['Full Name', 'Type']).columns).toEqual(['name', 'entity_type']);
    expect(matchHeaders(['Search Term', 'entity', 'DOB Day', 'dob month', 'Year of Birth', 'Country', 'Sex', 'Client Ref']).columns).toEqual([
      'name',
      'entity_type',
      'birth_day',
      'birth_month',
      'birth_year',
      'countries',
      'gender',
      'client_reference',
    ]);
  });

  it('ignores columns the template does not have', () => {
    const { columns, problems } = matchHeaders(['Name', 'Notes', 'Entity type', '', 'Account manager']);
    expect(columns).toEqual(['name', null, 'entity_type', null, null]);
    expect(problems).toEqual([]);
  });

  it('reports each missing required column on row 1', () => {
    expect(matchHeaders(['gender', 'countries']).problems).toEqual([
      { row: 1, column: 'name', code: 'bulk_missing_column' },
      { row: 1, column: 'entity_type', code: 'bulk_missing_column' },
    ]);
    expect(matchHeaders(['name']).problems).toEqual([{ row: 1, column: 'entity_type', code: 'bulk_missing_column' }]);
  });

  it('reports a column given twice, by any of its spellings, and reads only the first', () => {
    const { columns, problems } = matchHeaders(['name', 'entity_type', 'Full Name', 'GENDER', 'sex']);
    expect(columns).toEqual(['name', 'entity_type', null, 'gender', null]);
    expect(problems).toEqual([
      { row: 1, column: 'name', code: 'bulk_duplicate_column', value: 'Full Name' },
      { row: 1, column: 'gender', code: 'bulk_duplicate_column', value: 'sex' },
    ]);
  });
});

describe('checkBulkRow', () => {
  it('turns a full row into a search input', () => {
    const result = check(
      {
        name: '  Maribel Quintero Havlik ',
        entity_type: 'Person',
        birth_day: '14',
        birth_month: '03',
        birth_year: '1986',
        countries: 'es; pt',
        residence_countries: 'ES',
        nationality: 'es',
        gender: 'Female',
        unique_identifier: 'P-123',
        national_id: '8601145009087',
        client_reference: 'C-1',
        aml_monitoring: 'Yes',
        adverse_media_monitoring: '0',
      },
      7,
    );
    expect(result.problems).toEqual([]);
    expect(result.input).toEqual({
      search_term: 'Maribel Quintero Havlik',
      entity_type: 'person',
      birth_day: 14,
      birth_month: 3,
      birth_year: 1986,
      countries: ['ES', 'PT'],
      residence_countries: ['ES'],
      nationality: 'ES',
      gender: 'female',
      unique_identifier: 'P-123',
      national_id: '8601145009087',
      client_reference: 'C-1',
      aml_monitoring: true,
      adverse_media_monitoring: false,
    });
  });

  it('leaves optional fields out and defaults lists and switches', () => {
    expect(check({ name: 'Brightwater Tiling Ltd', entity_type: 'company' })).toEqual({
      problems: [],
      input: { search_term: 'Brightwater Tiling Ltd', entity_type: 'company', countries: [], residence_countries: [], aml_monitoring: false, adverse_media_monitoring: false },
    });
  });

  it('skips a row with nothing in it', () => {
    expect(check({})).toEqual({ problems: [], empty: true });
    expect(check({ name: '  ', entity_type: '', gender: '\t' })).toEqual({ problems: [], empty: true });
  });

  it('checks the name with the search term rules', () => {
    expect(codes({ name: '' })).toEqual([['name', 'required']]);
    expect(codes({ name: 'A' })).toEqual([['name', 'search_term_length']]);
    expect(codes({ name: '1234 5678' })).toEqual([['name', 'search_term_letter']]);
    const long = 'x'.repeat(150);
    const problem = check({ ...base, name: long }).problems[0];
    expect(problem).toEqual({ row: 2, column: 'name', code: 'search_term_length', value: 'x'.repeat(100) });
  });

  it('reads entity types in any case, with their synonyms', () => {
    const read = (word: string) => check({ ...base, entity_type: word }).input?.entity_type;
    expect(['Person', 'PERSON', 'individual'].map(read)).toEqual(['person', 'person', 'person']);
    expect(['COMPANY', 'Organisation', 'organization', 'business'].map(read)).toEqual(['company', 'company', 'company', 'company']);
    expect(read('Location')).toBe('location');
    expect(codes({ entity_type: '' })).toEqual([['entity_type', 'entity_type_required']]);
    expect(check({ ...base, entity_type: 'vessel' }).problems).toEqual([{ row: 2, column: 'entity_type', code: 'bulk_entity_type', value: 'vessel' }]);
  });

  it('checks the birth date as Create New Case does', () => {
    expect(codes({ birth_day: '32' })).toEqual([['birth_day', 'invalid_day']]);
    expect(codes({ birth_month: '13' })).toEqual([['birth_month', 'invalid_month']]);
    expect(codes({ birth_year: '1800' })).toEqual([['birth_year', 'year_min']]);
    expect(codes({ birth_year: '2027' })).toEqual([['birth_year', 'year_future']]);
    expect(codes({ birth_year: '19a5' })).toEqual([['birth_year', 'year_digits']]);
    expect(codes({ birth_day: '31', birth_month: '2', birth_year: '1990' })).toEqual([['birth_day', 'invalid_day']]);
    expect(codes({ birth_day: '29', birth_month: '2' })).toEqual([]);
    expect(codes({ birth_day: '20', birth_month: '6', birth_year: '2026' })).toEqual([['birth_day', 'future_date']]);
    expect(check({ ...base, birth_year: '1975' }).input).toMatchObject({ birth_year: 1975 });
  });

  it('reads countries separated by ; , or | in any case, without repeats', () => {
    expect(check({ ...base, countries: 'gb; FR | de,it ,GB', residence_countries: ' ch ' }).input).toMatchObject({ countries: ['GB', 'FR', 'DE', 'IT'], residence_countries: ['CH'] });
    expect(splitCountries(' ; ,|')).toEqual([]);
  });

  it('refuses unknown and malformed country codes, naming the code', () => {
    expect(check({ ...base, countries: 'GB;XX;FR' }).problems).toEqual([{ row: 2, column: 'countries', code: 'invalid_country', value: 'XX' }]);
    expect(check({ ...base, residence_countries: 'Atlantis' }).problems).toEqual([{ row: 2, column: 'residence_countries', code: 'invalid_country', value: 'Atlantis' }]);
    // The shared resolver knows the codes by itself, so the browser's preview refuses them too.
    expect(checkBulkRow({ ...base, countries: 'XX' }, 2, NOW).problems.map((p) => p.code)).toEqual(['invalid_country']);
    expect(checkBulkRow({ ...base, countries: 'X1' }, 2, NOW).problems.map((p) => p.code)).toEqual(['invalid_country']);
  });

  it('refuses more than MAX_LIST_ITEMS values in one cell', () => {
    const many = Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26) % 26) + i).join(';');
    const [problem] = check({ ...base, countries: many }).problems;
    expect(problem).toMatchObject({ column: 'countries', code: 'bulk_too_many_values', values: { max: MAX_LIST_ITEMS } });
    expect(problem.value).toHaveLength(100);
  });

  it('reads one nationality code', () => {
    expect(check({ ...base, nationality: 'gb' }).input?.nationality).toBe('GB');
    expect(codes({ nationality: 'GB;FR' })).toEqual([['nationality', 'invalid_country']]);
    expect(codes({ nationality: 'QQ' })).toEqual([['nationality', 'invalid_country']]);
  });

  it('reads genders in any case, M and F included', () => {
    const read = (word: string) => check({ ...base, gender: word }).input?.gender;
    expect(['Male', 'FEMALE', 'other', 'm', 'F', ''].map(read)).toEqual(['male', 'female', 'other', 'male', 'female', undefined]);
    expect(check({ ...base, gender: 'unknown' }).problems).toEqual([{ row: 2, column: 'gender', code: 'bulk_gender', value: 'unknown' }]);
  });

  it('checks identifiers and references with the form rules', () => {
    expect(codes({ national_id: '12345' })).toEqual([['national_id', 'national_id_digits']]);
    expect(codes({ national_id: '123456789012a' })).toEqual([['national_id', 'national_id_digits']]);
    expect(codes({ national_id: '1234567890123' })).toEqual([]);
    expect(codes({ client_reference: 'r'.repeat(101) })).toEqual([['client_reference', 'client_reference_length']]);
    expect(codes({ client_reference: 'r'.repeat(100) })).toEqual([]);
    expect(codes({ unique_identifier: 'u'.repeat(201) })).toEqual([['unique_identifier', 'identifier_length']]);
    expect(codes({ unique_identifier: 'u'.repeat(200) })).toEqual([]);
  });

  it('reads yes/no columns', () => {
    for (const word of ['yes', 'YES', 'y', 'true', 'TRUE', '1']) expect(parseBulkBoolean(word)).toBe(true);
    for (const word of ['no', 'No', 'n', 'false', '0', '', '  ']) expect(parseBulkBoolean(word)).toBe(false);
    expect(parseBulkBoolean('maybe')).toBeNull();
    expect(check({ ...base, aml_monitoring: 'Y', adverse_media_monitoring: 'true' }).input).toMatchObject({ aml_monitoring: true, adverse_media_monitoring: true });
    expect(check({ ...base, aml_monitoring: 'maybe' }).problems).toEqual([{ row: 2, column: 'aml_monitoring', code: 'bulk_boolean', value: 'maybe' }]);
    expect(codes({ adverse_media_monitoring: '2' })).toEqual([['adverse_media_monitoring', 'bulk_boolean']]);
  });

  it('refuses the NUL character in any cell', () => {
    expect(codes({ client_reference: 'a\u0000b' })).toEqual([['client_reference', 'nul_character']]);
  });

  it('reports every problem of a row with its row number, and gives no input', () => {
    const result = check({ name: 'X', entity_type: 'robot', birth_month: '0', gender: 'x', aml_monitoring: 'perhaps', countries: 'ZZ' }, 41);
    expect(result.input).toBeUndefined();
    expect(result.problems).toEqual([
      { row: 41, column: 'name', code: 'search_term_length', value: 'X' },
      { row: 41, column: 'entity_type', code: 'bulk_entity_type', value: 'robot' },
      { row: 41, column: 'birth_month', code: 'invalid_month', value: '0' },
      { row: 41, column: 'countries', code: 'invalid_country', value: 'ZZ' },
      { row: 41, column: 'gender', code: 'bulk_gender', value: 'x' },
      { row: 41, column: 'aml_monitoring', code: 'bulk_boolean', value: 'perhaps' },
    ]);
  });

  it('keeps names in every script', () => {
    for (const name of ['محمد بن سلمان الفلاني', 'Иван Петрович Сидоров', '李小龍', 'Zoë Ñúñez-Öztürk']) {
      expect(check({ name, entity_type: 'person' }).input?.search_term).toBe(name);
    }
  });
});

describe('the same rules as Create New Case', () => {
  // Each sample is one row; Create New Case (its request schema plus the date check) must agree on it.
  const samples: Array<Partial<Record<BulkColumn, string>>> = [
    { name: 'Anna Berg', entity_type: 'person' },
    { name: 'A', entity_type: 'person' },
    { name: '99 99', entity_type: 'company' },
    { name: 'x'.repeat(101), entity_type: 'person' },
    { name: 'Anna Berg', entity_type: 'person', birth_day: '31', birth_month: '4' },
    { name: 'Anna Berg', entity_type: 'person', birth_day: '30', birth_month: '4', birth_year: '1980' },
    { name: 'Anna Berg', entity_type: 'person', birth_year: '1900' },
    { name: 'Anna Berg', entity_type: 'person', birth_year: '1901' },
    { name: 'Anna Berg', entity_type: 'person', birth_year: '12345' },
    { name: 'Anna Berg', entity_type: 'person', national_id: '123456789012' },
    { name: 'Anna Berg', entity_type: 'person', national_id: '1234567890123' },
    { name: 'Anna Berg', entity_type: 'person', client_reference: 'c'.repeat(101) },
    { name: 'Anna Berg', entity_type: 'person', unique_identifier: 'u'.repeat(201) },
    { name: 'Anna Berg', entity_type: 'location', countries: 'GB,FR', nationality: 'DE', gender: 'other' },
  ];
  it.each(samples.map((s, i) => [i, s] as const))('sample %i', (_i, sample) => {
    const body: Record<string, unknown> = { search_term: sample.name, entity_type: sample.entity_type };
    for (const key of ['birth_day', 'birth_month', 'birth_year', 'national_id', 'client_reference', 'unique_identifier', 'nationality', 'gender'] as const) {
      if (sample[key] !== undefined) body[key] = sample[key];
    }
    if (sample.countries) body.countries = sample.countries;
    const [schemaError] = validate(body, SearchBody, { coerce: true });
    const formAccepts = !schemaError && searchChoiceProblems({ birth_day: sample.birth_day, birth_month: sample.birth_month, birth_year: sample.birth_year }, NOW).length === 0;
    const bulk = checkBulkRow(sample, 2, NOW, isKnownCountry);
    expect(bulk.problems.length === 0).toBe(formAccepts);
  });
});
