/**
 * Rows that spoil only themselves (docs/bulk-search.md, "Errors in a file"): an impossible birth date
 * or an unknown country is reported for its row (row, column, reason) and the other rows are
 * screened. Countries may be codes or names in the six languages (common/countries.ts). First the row
 * check and the file reader, then the whole flow through the API on PGlite and Postgres.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkColumn } from '../../common/bulk';
import { checkBulkRow, describeRowProblems, isRowOnlyProblem } from '../../common/bulk-rows';
import { readBulkFile, type BulkFileRow } from '../../server/bulk/file';
import { isKnownCountry } from '../../server/reference/countries';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { multipart } from '../cases/multipart';

const NOW = new Date('2026-06-15T12:00:00Z');
const base = { name: 'Quentin Zorblaxington', entity_type: 'person' };
const check = (cells: Partial<Record<BulkColumn, string>>, row = 2) => checkBulkRow({ ...base, ...cells }, row, NOW, isKnownCountry);

describe('checkBulkRow with country names and impossible dates', () => {
  it('reads codes and names in the six languages as alpha-2 codes', () => {
    const input = check({ countries: 'Irán; Estados Unidos | DEU, Korea, North', residence_countries: 'États-Unis', nationality: 'Россия' }).input;
    expect(input).toMatchObject({ countries: ['IR', 'US', 'DE', 'KP'], residence_countries: ['US'], nationality: 'RU' });
    expect(check({ nationality: 'إيران' }).input?.nationality).toBe('IR');
    expect(check({ countries: 'vereinigte staaten' }).input?.countries).toEqual(['US']);
  });

  it.each([
    [{ birth_day: '32', birth_month: '1', birth_year: '1980' }, 'birth_day', 'invalid_day'],
    [{ birth_month: '13', birth_year: '1980' }, 'birth_month', 'invalid_month'],
    [{ birth_day: '29', birth_month: '2', birth_year: '2023' }, 'birth_day', 'invalid_day'],
    [{ birth_year: '1850' }, 'birth_year', 'year_min'],
    [{ birth_year: '2030' }, 'birth_year', 'year_future'],
    [{ countries: 'France; Atlantis' }, 'countries', 'invalid_country'],
    [{ residence_countries: 'XX' }, 'residence_countries', 'invalid_country'],
    [{ nationality: 'Narnia' }, 'nationality', 'invalid_country'],
  ])('keeps a row with %j as failed with its problem, not as a file error', (cells, column, code) => {
    const result = check(cells as Partial<Record<BulkColumn, string>>, 7);
    expect(result.input).toBeUndefined();
    expect(result.problems).toEqual([expect.objectContaining({ row: 7, column, code })]);
    expect(result.rowOnly).toEqual({ search_term: base.name, entity_type: 'person' });
  });

  it('29 February of a leap year is a date', () => {
    expect(check({ birth_day: '29', birth_month: '2', birth_year: '2024' }).input).toMatchObject({ birth_day: 29, birth_month: 2, birth_year: 2024 });
  });

  it('a row that also breaks another rule is a file error, with every problem', () => {
    const result = check({ entity_type: 'robot', birth_day: '32' });
    expect(result.rowOnly).toBeUndefined();
    expect(result.problems.map((p) => p.code)).toEqual(['bulk_entity_type', 'invalid_day']);
  });

  it('describes the problems as the downloads show them', () => {
    const result = check({ birth_day: '32', nationality: 'Atlantis' });
    expect(result.problems.every(isRowOnlyProblem)).toBe(true);
    expect(describeRowProblems(result.problems)).toBe('birth_day: invalid_day (32); nationality: invalid_country (Atlantis)');
  });
});

describe('readBulkFile with failed rows', () => {
  let tempDir: string;
  beforeAll(async () => {
    tempDir = await mkdtemp(join(tmpdir(), 'bulk-row-problems-'));
  });
  afterAll(() => rm(tempDir, { recursive: true, force: true }));

  async function read(csv: string) {
    const rows: BulkFileRow[] = [];
    const result = await readBulkFile({ filename: 'people.csv', stream: Readable.from([Buffer.from(csv)]) }, { maxRows: 100, now: NOW, tempDir, onRows: async (chunk) => void rows.push(...chunk) });
    return { ...result, staged: rows };
  }

  const FILE = [
    'name,entity_type,birth_day,birth_month,birth_year,countries,nationality',
    'Quentin Zorblaxington,person,32,1,1980,,',
    'Marigold Featherstonehaugh,person,,13,1975,,',
    'Zelda Quibbleworth,person,,,,Atlantis,',
    'Samira Shahbander,person,,,,Irán; EE. UU.,Россия',
    'Bartholomew Quince,person,29,2,2023,,',
    'Ottoline Vexworth,company,,,,DEU,',
  ].join('\n');

  it('stages every row: the clean ones with their input, the failed ones with their problems', async () => {
    const result = await read(FILE);
    expect(result).toMatchObject({ rows: 6, problem_count: 0, problems: [], failed_rows: 4, row_problem_count: 4 });
    expect(result.row_problems).toEqual([
      { row: 2, column: 'birth_day', code: 'invalid_day', value: '32' },
      { row: 3, column: 'birth_month', code: 'invalid_month', value: '13' },
      { row: 4, column: 'countries', code: 'invalid_country', value: 'Atlantis' },
      { row: 6, column: 'birth_day', code: 'invalid_day', value: '29' },
    ]);
    expect(result.staged.map((r) => [r.row, r.problems ? 'failed' : 'clean'])).toEqual([
      [2, 'failed'], [3, 'failed'], [4, 'failed'], [5, 'clean'], [6, 'failed'], [7, 'clean'],
    ]);
    expect(result.staged[3].input).toMatchObject({ search_term: 'Samira Shahbander', countries: ['IR', 'US'], nationality: 'RU' });
    expect(result.staged[5].input.countries).toEqual(['DE']);
    expect(result.staged[0].input).toEqual({ search_term: 'Quentin Zorblaxington', entity_type: 'person' });
  });

  it('refuses a file with another problem, listing the row-only problems too', async () => {
    const result = await read(FILE + '\nX,person,,,,,');
    expect(result.problem_count).toBe(5);
    expect(result.problems.map((p) => `${p.row} ${p.column} ${p.code}`)).toEqual([
      '2 birth_day invalid_day',
      '3 birth_month invalid_month',
      '4 countries invalid_country',
      '6 birth_day invalid_day',
      '8 name search_term_length',
    ]);
    expect(result.failed_rows).toBe(0);
  });

  it('refuses a file in which no row can be screened', async () => {
    const result = await read('name,entity_type,birth_month\nQuentin Zorblaxington,person,13\nZelda Quibbleworth,person,14\n');
    expect(result.problem_count).toBe(2);
    expect(result.failed_rows).toBe(0);
  });
});

describe.each(DATABASE_KINDS)('a bulk file with failed rows, through the API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let northwindId: string;

  const CSV = Buffer.from(
    [
      'name,entity_type,birth_day,birth_month,birth_year,countries,nationality',
      'Quentin Zorblaxington,person,32,1,1980,,',
      'Marigold Featherstonehaugh,person,,13,1975,,',
      'Zelda Quibbleworth,person,,,,Atlantis,',
      'Samira Shahbander,person,,,,"Irán; EE. UU.",Россия',
      'Ayman al-Zawahri,person,,,,,',
    ].join('\r\n') + '\r\n',
  );

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login(ADMIN);
    northwindId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['northwind']))!.id;
    await t.deps.screening.ready();
  }, 120_000);
  afterAll(() => t?.close());

  it('reports the bad rows, screens the others, charges only those, and shows each row’s error in the summary', async () => {
    const used = async () => (await t.deps.db.one<{ used: number }>('SELECT aml_screening_credits_used AS used FROM organisations WHERE id = $1', [northwindId]))!.used;
    const before = await used();
    const { body, headers } = multipart({ file: { filename: 'customers.csv', type: 'text/csv', data: CSV } });
    const checked = await t.call('POST', '/api/validate-search-batch', { token: admin, body, headers });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toMatchObject({ rows: 5, failed_rows: 3, row_problem_count: 3 });
    expect(checked.body.row_problems).toEqual([
      { row: 2, column: 'birth_day', code: 'invalid_day', value: '32' },
      { row: 3, column: 'birth_month', code: 'invalid_month', value: '13' },
      { row: 4, column: 'countries', code: 'invalid_country', value: 'Atlantis' },
    ]);

    const started = await t.call('POST', '/api/create-search-batch', { token: admin, body: { upload_id: checked.body.upload_id, name: 'Customers with bad rows' } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    await t.deps.jobs.runDue();
    const batch = (await t.call('GET', `/api/bulk-batch?id=${started.body.batch.id}`, { token: admin })).body;
    expect(batch).toMatchObject({ phase: 'finished', status: 'Success', total_count: 5, success_count: 2, failed_count: 3 });
    expect(await used()).toBe(before + 2);

    const stored = await t.deps.db.query<{ row_number: number; input: any }>(
      'SELECT r.row_number, c.search_input AS input FROM bulk_rows r JOIN cases c ON c.id = r.case_id WHERE r.batch_id = $1 ORDER BY r.row_number',
      [batch.id],
    );
    expect(stored.map((r) => r.row_number)).toEqual([5, 6]);
    expect(stored[0].input).toMatchObject({ countries: ['IR', 'US'], nationality: 'RU' });

    const summary = await t.app.inject({ method: 'GET', url: `/api/download-bulk-search?id=${batch.id}&format=csv`, headers: { authorization: `Bearer ${admin}` } });
    expect(summary.statusCode).toBe(200);
    const lines = Papa.parse<string[]>(summary.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
    expect(lines.map((l) => [l[0], l[1], l[3], l[9]])).toEqual([
      ['2', 'Quentin Zorblaxington', 'failed', 'birth_day: invalid_day (32)'],
      ['3', 'Marigold Featherstonehaugh', 'failed', 'birth_month: invalid_month (13)'],
      ['4', 'Zelda Quibbleworth', 'failed', 'countries: invalid_country (Atlantis)'],
      ['5', 'Samira Shahbander', 'screened', ''],
      ['6', 'Ayman al-Zawahri', 'screened', ''],
    ]);
  }, 60_000);
});
