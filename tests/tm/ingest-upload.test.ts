/**
 * Transactions by file, on PGlite and Postgres (docs/transaction-monitoring.md, "Upload"): the template (CSV
 * and xlsx, every column), a clean file decided like the JSON call (other names for columns, another
 * delimiter, an Excel file), a file with problems refused whole with every problem by row and column ('Errors
 * Found in Your File') and nothing stored, a missing column, a file that is no spreadsheet ('Incorrect file
 * format'), a file too large ('File size is too large.'), too many rows, and a repeat upload (all duplicates).
 */
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_CSV_COLUMNS, TRANSACTION_LIMITS } from '../../common/transactions';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { multipart } from '../cases/multipart';

const csvOf = (rows: Record<string, string>[], columns: readonly string[] = TRANSACTION_CSV_COLUMNS, delimiter = ',') =>
  Buffer.from(Papa.unparse({ fields: [...columns], data: rows.map((r) => columns.map((c) => r[c] ?? '')) }, { delimiter, newline: '\r\n' }), 'utf8');

const row = (reference: string, extra: Record<string, string> = {}) => ({
  reference_id: reference,
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  customer_id: 'CUST-UP',
  amount: '42.00',
  currency: 'EUR',
  direction: 'outbound',
  remitter_name: 'Uma Upload',
  remitter_account: 'ACC-UP',
  beneficiary_name: 'Paper Supplies Ltd',
  beneficiary_account: 'ACC-PAPER',
  ...extra,
});

describe.each(DATABASE_KINDS)('transaction upload on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let northwindId: string;

  const upload = async (data: Buffer, filename = 'transactions.csv', type = 'text/csv') => {
    const form = multipart({ file: { filename, type, data } });
    const res = await t.app.inject({ method: 'POST', url: '/api/transactions/upload', headers: { ...form.headers, authorization: `Bearer ${admin}` }, payload: form.body });
    return { status: res.statusCode, body: res.json() };
  };
  const stored = async () => (await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM tm_transactions WHERE organisation_id = $1 AND source = 'upload'", [northwindId]))!.n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.screening.ready();
    admin = await t.login(ADMIN);
    northwindId = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    // Decisions here come from no rule: only the file's reading is under test.
    await t.call('GET', '/api/transaction-monitoring/rules', { token: admin });
    await t.deps.db.query("UPDATE tm_rules SET status = 'Disabled' WHERE organisation_id = $1", [northwindId]);
  }, 180_000);
  afterAll(() => t?.close());

  it('offers the template with every column and an example row, as CSV and xlsx', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/transactions/upload-template', headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('transactions-template.csv');
    const parsed = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '').trim());
    expect(parsed.data[0]).toEqual([...TRANSACTION_CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(2);
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/transactions/upload-template?format=xlsx', headers: { authorization: `Bearer ${admin}` } });
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual([...TRANSACTION_CSV_COLUMNS]);
    // The template's own example row uploads as it is.
    const example = await upload(Buffer.from(csv.rawPayload));
    expect(example.status, JSON.stringify(example.body)).toBe(200);
    expect(example.body).toMatchObject({ accepted: 1, duplicates: 0 });
  });

  it('decides a clean file like the JSON call, whatever its delimiter, column names or format', async () => {
    const before = await stored();
    const res = await upload(csvOf([row('UP-1'), row('UP-2', { amount: '7.5', currency: 'usd' })]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(res.body.results.map((r: { reference_id: string; status: string }) => `${r.reference_id} ${r.status}`)).toEqual(['UP-1 accepted', 'UP-2 accepted']);
    // Semicolons, other names for columns (reference, timestamp, first_name), columns in another order.
    const other = ['amount', 'reference', 'currency', 'direction', 'timestamp', 'first_name'];
    const semicolon = await upload(csvOf([{ reference: 'UP-3', amount: '10.00', currency: 'GBP', direction: 'inbound', timestamp: '2026-01-02', first_name: 'Sam' }], other, ';'));
    expect(semicolon.status, JSON.stringify(semicolon.body)).toBe(200);
    const detail = (await t.call('GET', '/api/transactions/detail/UP-3', { token: admin })).body;
    expect(detail).toMatchObject({ created_at: '2026-01-02T00:00:00.000Z', customer_first_name: 'Sam', currency: 'GBP', direction: 'inbound', source: 'upload' });
    // An Excel file.
    const sheet = XLSX.utils.aoa_to_sheet([
      ['reference_id', 'amount', 'currency', 'direction'],
      ['UP-4', '99.99', 'EUR', 'outbound'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Transactions');
    const xlsx = await upload(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, 'transactions.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.status, JSON.stringify(xlsx.body)).toBe(200);
    expect(await stored()).toBe(before + 4);
    // The same file again: every row a repeat, nothing stored.
    const again = await upload(csvOf([row('UP-1'), row('UP-2', { amount: '7.5', currency: 'usd' })]));
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await stored()).toBe(before + 4);
  });

  it('refuses a file with problems whole, listing every problem by row and column', async () => {
    const before = await stored();
    const res = await upload(
      csvOf([
        row('UP-OK-1'),
        row('UP-BAD-1', { amount: '0', ip_country: 'XX' }),
        row('', { currency: 'EURO' }),
        row('UP-BAD-3', { remitter_card: '4111111111111111', direction: 'up' }),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('errors_found_in_file');
    expect(res.body.error_message).toBe('Errors Found in Your File');
    expect(res.body.problem_count).toBe(6);
    expect(res.body.rows.map((p: { row: number; field: string; code: string }) => `${p.row} ${p.field} ${p.code}`)).toEqual([
      '3 amount tm_amount_invalid',
      '3 ip_country invalid_country',
      '4 reference_id required',
      '4 currency tm_currency_invalid',
      '5 direction tm_direction_invalid',
      '5 remitter_card tm_card_full_number',
    ]);
    expect(res.body.rows[0]).toMatchObject({ message: 'Amount must be a number above 0 with at most two decimals.', value: '0' });
    expect(await stored()).toBe(before);
  });

  it('names a missing required column once, on the header', async () => {
    const res = await upload(csvOf([{ reference_id: 'UP-NOCUR', amount: '1.00', direction: 'outbound' }], ['reference_id', 'amount', 'direction']));
    expect(res.status).toBe(400);
    expect(res.body.rows).toEqual([expect.objectContaining({ row: 1, field: 'currency', code: 'bulk_missing_column' })]);
  });

  it('refuses a file that is no spreadsheet, one too large and one with too many rows', async () => {
    const pdf = await upload(Buffer.from('%PDF-1.4 transactions'), 'transactions.pdf', 'application/pdf');
    expect(`${pdf.status} ${pdf.body.code}`).toBe('400 incorrect_file_format');
    expect(pdf.body.error_message).toBe('Incorrect file format');
    const binary = await upload(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3, 4]), 'transactions.csv');
    expect(`${binary.status} ${binary.body.code}`).toBe('400 incorrect_file_format');
    const large = await upload(Buffer.alloc(TRANSACTION_LIMITS.uploadMaxBytes + 1, 0x61));
    expect(`${large.status} ${large.body.code}`).toBe('413 file_too_large');
    expect(large.body.error_message).toBe('File size is too large.');
    const many = await upload(csvOf(Array.from({ length: TRANSACTION_LIMITS.uploadRowsMax + 1 }, (_, i) => row(`UP-MANY-${i}`))));
    expect(`${many.status} ${many.body.code}`).toBe('400 tm_upload_limit');
    const empty = await upload(csvOf([]));
    expect(`${empty.status} ${empty.body.code}`).toBe('400 bulk_file_empty');
    const none = await t.call('POST', '/api/transactions/upload', { token: admin, body: {} });
    expect(`${none.status} ${none.body.code}`).toBe('400 bulk_file_required');
  });
});
