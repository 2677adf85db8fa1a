/**
 * Reading benchmark query files (server/screening/evaluation.ts readQueryFile): a row with an
 * impossible date, an unknown nationality or no usable name is skipped with its row and reason and
 * never stops the file; nationalities written as names come out as alpha-2 codes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countReasons, readQueries, readQueryFile } from '../../server/screening/evaluation';

const NOW = new Date('2026-06-15T12:00:00Z');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'query-files-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(lines: string[]): Promise<string> {
  const path = join(dir, `q${Math.random().toString(36).slice(2)}.csv`);
  await writeFile(path, lines.join('\n') + '\n');
  return path;
}

const HEADER = 'full_name,first_name,middle_name,last_name,gender,date_of_birth,place_of_birth,nationality,expected_entity_id';

describe('readQueryFile', () => {
  it('skips the bad rows with their reasons and reads the others', async () => {
    const path = await file([
      HEADER,
      'Ivan Petrov,,,,male,1970-05-02,,RUS,list:1',
      'Day Thirtytwo,,,,,1970-01-32,,,list:2',
      'Month Thirteen,,,,,1970-13-01,,,list:3',
      'Not Leap,,,,,2023-02-29,,,list:4',
      'Too Old,,,,,1850,,,list:5',
      'Not Yet,,,,,2090,,,list:6',
      'Lost Island,,,,,,,Atlantis,list:7',
      ',Maria,,Gonzalez,female,1985,,Estados Unidos,list:8',
      '',
      'Unreadable Date,,,,,5 May 1970,,,list:9',
      ',,,,,,,,list:10',
      'Ali Rezaei,,,,,1960-02-29,,إيران,list:11',
    ]);
    const read = readQueryFile(path, NOW);
    expect(read.read).toBe(11);
    expect(read.rows.map((r) => [r.row, r.query.search_term, r.query.nationality, r.expected])).toEqual([
      [2, 'Ivan Petrov', 'RU', 'list:1'],
      [9, 'Maria Gonzalez', 'US', 'list:8'],
      [13, 'Ali Rezaei', 'IR', 'list:11'],
    ]);
    expect(read.rows[0].query).toMatchObject({ gender: 'male', date_of_birth: { year: 1970, month: 5, day: 2 } });
    expect(read.skipped).toEqual([
      { row: 3, field: 'date_of_birth', reason: 'date_of_birth: invalid_day', value: '1970-01-32' },
      { row: 4, field: 'date_of_birth', reason: 'date_of_birth: invalid_month', value: '1970-13-01' },
      { row: 5, field: 'date_of_birth', reason: 'date_of_birth: invalid_day', value: '2023-02-29' },
      { row: 6, field: 'date_of_birth', reason: 'date_of_birth: year_min', value: '1850' },
      { row: 7, field: 'date_of_birth', reason: 'date_of_birth: year_future', value: '2090' },
      { row: 8, field: 'nationality', reason: 'nationality: invalid_country', value: 'Atlantis' },
      { row: 11, field: 'date_of_birth', reason: 'date_of_birth: invalid_date', value: '5 May 1970' },
      { row: 12, field: 'full_name', reason: 'full_name: required', value: '' },
    ]);
    expect(countReasons(read.skipped)).toEqual({
      'date_of_birth: invalid_day': 2,
      'date_of_birth: invalid_date': 1,
      'date_of_birth: invalid_month': 1,
      'date_of_birth: year_future': 1,
      'date_of_birth: year_min': 1,
      'full_name: required': 1,
      'nationality: invalid_country': 1,
    });
    // readQueries gives the rows to screen, as the other benchmarks use it.
    expect(readQueries(path).map((r) => r.row)).toEqual([2, 9, 13]);
  });

  it('reads the committed query files whole', () => {
    for (const name of ['hits.csv', 'none.csv']) {
      const read = readQueryFile(join(import.meta.dirname, '..', '..', 'bench', 'screening', name));
      expect(read.skipped, name).toEqual([]);
      expect(read.rows.length, name).toBe(read.read);
    }
  });
});
