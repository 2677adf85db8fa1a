/**
 * The custom list calls on PGlite and Postgres (docs/custom-lists.md): the template; a list created
 * from a CSV or an Excel file, and more records added to it from a file; every message of the upload
 * and of a file with problems (which stores nothing); the list page's filters; a list's records
 * searched and paged; one record added, edited and deleted with each field's message; comments with
 * their ownership rules; deleting a list; each write refused without its permission, everything refused
 * on the basic plan, another organisation's ids answered as unknown ones; the screening contract (the
 * organisation's custom-list revision moves with every change and the changed records carry it; the
 * audit trail has every change); and the lists really screened: a blacklist record found by a misspelt
 * search right after its upload, a whitelist-only hit leaving the case Passed with the risk level
 * Whitelist, a deleted record and a deleted list found no more.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_LIST_COLUMNS } from '../../common/custom-lists';
import { createSession } from '../../server/auth/sessions';
import { insertRole, insertUser } from '../../server/organisations/create';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { multipart } from '../cases/multipart';

/** Made-up names no public list holds, so every hit they get comes from a custom list. */
const BLACK = [
  { full_name: 'Thaddeus Quillfeather Brannock', entity_type: 'person', date_of_birth: '1971-03-09', country: 'IE', category: 'Card fraud', aliases: 'Ted Brannock; T. Q. Brannock' },
  { full_name: 'Verdigris Lantern Holdings', entity_type: 'company', date_of_birth: '2009', country: 'CY', category: 'Shell company', aliases: '' },
  { full_name: 'Ismay Korhonen Valdés', entity_type: 'individual', date_of_birth: '14/02/1988', country: 'fi', category: '', aliases: 'Ismay Valdes' },
];
const WHITE = [{ full_name: 'Marisol Etxeberria Kowalczyk', entity_type: 'person', date_of_birth: '1990', country: 'ES', category: 'Cleared client', aliases: '' }];

type FileRow = Partial<Record<(typeof CUSTOM_LIST_COLUMNS)[number], string>>;
const HEADER = ['Full Name', 'Entity-Type', 'DOB', 'country', 'category', 'aliases'];
const cells = (r: FileRow) => [r.full_name ?? '', r.entity_type ?? '', r.date_of_birth ?? '', r.country ?? '', r.category ?? '', r.aliases ?? ''];
const csvOf = (rows: FileRow[]) => Buffer.from(Papa.unparse({ fields: HEADER, data: rows.map(cells) }, { newline: '\r\n' }) + '\r\n');

async function xlsxOf(rows: FileRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Records');
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow(cells(r));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(DATABASE_KINDS)('custom list calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;
  let northwindId: string;
  let harbourId: string;
  let adminId: string;
  let analystId: string;
  /** Sessions of users whose role has every custom list permission but the one named. */
  const without: Record<string, string> = {};

  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const upload = (token: string, fields: Record<string, string>, file?: { data: Buffer; filename?: string; type?: string }) => {
    const { body, headers } = multipart({ ...fields, ...(file ? { file: { filename: file.filename ?? 'list.csv', type: file.type ?? 'text/csv', data: file.data } } : {}) });
    return t.call('POST', '/api/custom-listing', { token, body, headers });
  };
  const get = (token: string, path: string, query: Record<string, string | number> = {}) =>
    t.call('GET', `/api/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { token });
  const post = (token: string, path: string, body: Record<string, unknown>) => t.call('POST', `/api/${path}`, { token, body });
  const revision = async () => Number((await t.deps.db.one('SELECT custom_lists_revision AS r FROM organisations WHERE id = $1', [northwindId]))!.r);
  const footprint = async () =>
    t.deps.db.one<{ lists: number; records: number; revision: string }>(
      `SELECT (SELECT count(*)::int FROM custom_lists WHERE organisation_id = $1) AS lists, (SELECT count(*)::int FROM custom_list_records WHERE organisation_id = $1) AS records,
              (SELECT custom_lists_revision FROM organisations WHERE id = $1) AS revision`,
      [northwindId],
    );
  const audits = (action: string, targetId: string) =>
    t.deps.db.query('SELECT actor_user_id, actor_email, details FROM audit_events WHERE organisation_id = $1 AND action = $2 AND target_id = $3', [northwindId, action, targetId]);
  /** Creates a list from rows and answers the list. */
  async function createList(name: string, type: 'blacklist' | 'whitelist', rows: FileRow[]) {
    const res = await upload(admin, { name, description: `${name} description`, type }, { data: csvOf(rows) });
    expect(code(res), JSON.stringify(res.body)).toBe('201 list_created');
    return res.body.list;
  }
  const recordsOf = async (listId: string) =>
    t.deps.db.query('SELECT id, full_name, aliases, entity_type, birth_year, birth_month, birth_day, country, category, source_row, revision, is_deleted FROM custom_list_records WHERE list_id = $1 ORDER BY source_row, created_at', [listId]);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login(ADMIN);
    analyst = await t.login(ANALYST);
    planAdmin = await t.login(PLAN_ADMIN);
    northwindId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['northwind']))!.id;
    harbourId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['harbour']))!.id;
    adminId = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [ADMIN.email]))!.id;
    analystId = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [ANALYST.email]))!.id;
    const all = ['view_custom_listing', 'create_custom_listing', 'delete_custom_listing', 'delete_custom_listing_entry', 'post_comment_on_listing_entry', 'update_custom_list_entry_comment', 'delete_custom_list_entry_comment'];
    for (const missing of all) {
      // Every other permission depends on view_custom_listing (and would bring it back): without it, the role has none of them.
      const permissions = missing === 'view_custom_listing' ? ['view_dashboard'] : all.filter((p) => p !== missing);
      const role = await insertRole(t.deps.db, northwindId, `Lists without ${missing}`, permissions);
      const user = await insertUser(t.deps.db, { organisationId: northwindId, roleId: role, name: 'Lena Lister', email: `no.${missing}@example.com` });
      without[missing] = (await createSession(t.deps.db, user, 60, {})).token;
    }
    await t.deps.screening.ready();
  }, 120_000);
  afterAll(() => t?.close());

  it('gives the template as CSV and Excel, and the template uploads as a clean list', async () => {
    const csv = await get(admin, 'custom-listing-template', { format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('custom-list-template.csv');
    const parsed = Papa.parse<string[]>(String(csv.body).replace(/^\uFEFF/, '').trim());
    expect(parsed.data[0]).toEqual([...CUSTOM_LIST_COLUMNS]);
    expect(parsed.data).toHaveLength(4);

    const xlsx = await t.app.inject({ method: 'GET', url: '/api/custom-listing-template?format=xlsx', headers: { authorization: `Bearer ${admin}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([...CUSTOM_LIST_COLUMNS]);

    for (const [format, data, type] of [
      ['csv', Buffer.from(csv.body), 'text/csv'],
      ['xlsx', xlsx.rawPayload, XLSX_TYPE],
    ] as const) {
      const res = await upload(admin, { name: `Template ${format}`, description: 'The template as it comes', type: 'whitelist' }, { data, filename: `custom-list-template.${format}`, type });
      expect(code(res), JSON.stringify(res.body)).toBe('201 list_created');
      expect(res.body.list.total_records).toBe(3);
      const stored = await recordsOf(res.body.list._id);
      expect(stored.map((r) => r.entity_type)).toEqual(['person', 'company', 'location']);
      expect(stored[0]).toMatchObject({ birth_year: 1979, birth_month: 6, birth_day: 14, country: 'NO', aliases: ['Orsi Brandtveit', 'O. B. Quiroga'] });
      // Deleted again, so the template's made-up people are screened by no later test.
      expect(code(await post(admin, 'custom-listing/delete', { id: res.body.list._id, reason: 'Only the template, not a real list' }))).toBe('200 list_deleted');
    }
  });

  it('creates a blacklist from a CSV file: the records as the file gives them, the revision moved and stamped, the audit trail', async () => {
    const before = await revision();
    const res = await upload(admin, { name: 'Fraud ring 2026', description: 'People and companies behind chargeback fraud', type: 'blacklist' }, { data: csvOf(BLACK) });
    expect(code(res), JSON.stringify(res.body)).toBe('201 list_created');
    expect(res.body.message).toBe(`List Fraud ring 2026 created with ${BLACK.length} records.`);
    const list = res.body.list;
    expect(list).toMatchObject({ name: 'Fraud ring 2026', description: 'People and companies behind chargeback fraud', type: 'blacklist', total_records: 3, is_deleted: false, deleted_at: null });
    expect(list.created_by).toEqual({ _id: adminId, name: 'Ada Administrator' });
    expect(list.updated_by).toEqual({ _id: adminId, name: 'Ada Administrator' });

    const after = await revision();
    expect(after).toBe(before + 1);
    const stored = await recordsOf(list._id);
    expect(stored).toHaveLength(3);
    expect(stored.every((r) => Number(r.revision) === after)).toBe(true);
    expect(stored.map((r) => r.source_row)).toEqual([2, 3, 4]);
    expect(stored[0]).toMatchObject({ full_name: 'Thaddeus Quillfeather Brannock', birth_year: 1971, birth_month: 3, birth_day: 9, country: 'IE', category: 'Card fraud', aliases: ['Ted Brannock', 'T. Q. Brannock'] });
    expect(stored[1]).toMatchObject({ entity_type: 'company', birth_year: 2009, birth_month: null, category: 'Shell company', aliases: [] });
    // "individual" and a lower-case country are what files carry; the record holds the product's words.
    expect(stored[2]).toMatchObject({ entity_type: 'person', birth_year: 1988, birth_month: 2, birth_day: 14, country: 'FI', category: null });
    // The change asks ongoing monitoring for a sweep in the same transaction.
    const sweep = await t.deps.db.one("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'aml-monitoring.sweep'");
    expect(sweep!.n).toBeGreaterThan(0);

    const audit = await audits('custom_list.created', list._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: adminId, actor_email: ADMIN.email });
    expect(audit[0].details).toMatchObject({ name: 'Fraud ring 2026', type: 'blacklist', records: 3, file_name: 'list.csv' });
  });

  it('creates a whitelist from an Excel file', async () => {
    const res = await upload(admin, { name: 'Cleared clients', description: 'Reviewed and cleared', type: 'whitelist' }, { data: await xlsxOf(WHITE), filename: 'cleared.xlsx', type: XLSX_TYPE });
    expect(code(res), JSON.stringify(res.body)).toBe('201 list_created');
    expect(res.body.list).toMatchObject({ type: 'whitelist', total_records: 1 });
    expect((await recordsOf(res.body.list._id))[0]).toMatchObject({ full_name: 'Marisol Etxeberria Kowalczyk', birth_year: 1990, country: 'ES' });
  });

  it('refuses each bad field of an upload with its message, before reading the file', async () => {
    const before = await footprint();
    const ok = { name: 'A good name', description: 'A good description', type: 'blacklist' };
    const file = { data: csvOf(BLACK) };
    const cases: [Record<string, string>, typeof file | undefined, string, string | undefined][] = [
      [{ ...ok, name: '' }, file, '400 required', 'name'],
      [{ description: ok.description, type: ok.type }, file, '400 required', 'name'],
      [{ ...ok, name: 'x' }, file, '400 list_name_length', 'name'],
      [{ ...ok, name: 'a'.repeat(101) }, file, '400 list_name_length', 'name'],
      [{ ...ok, name: 'Bad <name>' }, file, '400 list_name_characters', 'name'],
      [{ ...ok, name: '   ' }, file, '400 required', 'name'],
      [{ ...ok, description: '' }, file, '400 required', 'description'],
      [{ ...ok, description: 'd' }, file, '400 list_description_length', 'description'],
      [{ ...ok, description: 'd'.repeat(301) }, file, '400 list_description_length', 'description'],
      [{ ...ok, description: 'Uses {braces}' }, file, '400 list_description_characters', 'description'],
      [{ name: ok.name, description: ok.description }, file, '400 list_type_required', 'type'],
      [{ ...ok, type: 'greylist' }, file, '400 list_type_required', 'type'],
      [ok, undefined, '400 list_file_required', 'file'],
      [{ ...ok, name: 'FRAUD RING 2026' }, file, '409 list_name_exists', 'name'],
      [ok, { data: Buffer.from('%PDF-1.4 not a list'), filename: 'list.pdf', type: 'application/pdf' } as typeof file, '400 incorrect_file_format', 'file'],
      [ok, { data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3, 4]), filename: 'list.csv' } as typeof file, '400 incorrect_file_format', 'file'],
      [ok, { data: Buffer.from('full_name,entity_type\r\n') }, '400 list_file_empty', 'file'],
      [ok, { data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) }, '413 file_too_large', undefined],
      [{ list_id: '00000000-0000-4000-8000-000000000001', name: 'Both' }, file, '400 bad_request', 'list_id'],
    ];
    for (const [fields, data, expected, field] of cases) {
      const res = await upload(admin, fields, data);
      expect(code(res), JSON.stringify(fields)).toBe(expected);
      if (field) expect(res.body.field, JSON.stringify(fields)).toBe(field);
      expect(typeof res.body.error_message).toBe('string');
    }
    expect(await footprint()).toEqual(before);
  });

  it('answers a file with problems with every problem by row and column, and stores nothing', async () => {
    const before = await footprint();
    const rows: FileRow[] = [
      BLACK[0],
      { full_name: 'x', entity_type: 'person' },
      { full_name: 'Nameless Type', entity_type: '' },
      { full_name: 'Odd Type', entity_type: 'vegetable' },
      { full_name: 'Bad Date', entity_type: 'person', date_of_birth: '1985-13-01' },
      { full_name: 'Future Date', entity_type: 'person', date_of_birth: `${new Date().getFullYear() + 1}` },
      { full_name: 'No Country', entity_type: 'person', country: 'ZZ' },
      { full_name: 'Long Category', entity_type: 'person', category: 'c'.repeat(101) },
      { full_name: 'Many Names', entity_type: 'person', aliases: Array.from({ length: 21 }, (_, i) => `Other Name ${i}`).join(';') },
      {},
      { full_name: 'Bad Alias', entity_type: 'person', aliases: '1234' },
    ];
    const res = await upload(admin, { name: 'Problems', description: 'A file with problems', type: 'blacklist' }, { data: csvOf(rows) });
    expect(code(res)).toBe('400 errors_found_in_file');
    expect(res.body.error_message).toBe('Errors Found in Your File');
    const found = res.body.problems.map((p: any) => `${p.row} ${p.column} ${p.code}`);
    expect(found).toEqual([
      '3 full_name search_term_length',
      '4 entity_type entity_type_required',
      '5 entity_type bulk_entity_type',
      '6 date_of_birth list_date_invalid',
      '7 date_of_birth list_date_invalid',
      '8 country invalid_country',
      '9 category list_category_length',
      '10 aliases list_too_many_aliases',
      '12 aliases search_term_letter',
    ]);
    expect(res.body.problem_count).toBe(9);
    expect(res.body.problems.find((p: any) => p.code === 'list_too_many_aliases').values).toEqual({ max: 20 });
    expect(res.body.problems.find((p: any) => p.column === 'country').value).toBe('ZZ');

    // A missing required column is one problem on the header line.
    const noType = await upload(admin, { name: 'Problems', description: 'A file with problems', type: 'blacklist' }, { data: Buffer.from('full_name,country\r\nSomeone Here,GB\r\n') });
    expect(code(noType)).toBe('400 errors_found_in_file');
    expect(noType.body.problems).toEqual([{ row: 1, column: 'entity_type', code: 'bulk_missing_column' }]);
    expect(await footprint()).toEqual(before);
  });

  it("adds a file's records to a live list, all of them or none", async () => {
    const list = await createList('Appendable', 'blacklist', [{ full_name: 'First Person Here', entity_type: 'person' }]);
    const before = await revision();
    const more = [
      { full_name: 'Second Person Here', entity_type: 'person' },
      { full_name: 'Third Company Here', entity_type: 'company' },
    ];
    const res = await upload(admin, { list_id: list._id }, { data: csvOf(more) });
    expect(code(res), JSON.stringify(res.body)).toBe('200 list_records_added');
    expect(res.body.message).toBe('2 records added to Appendable.');
    expect(res.body.list.total_records).toBe(3);
    const after = await revision();
    expect(after).toBe(before + 1);
    const stored = await recordsOf(list._id);
    expect(stored.filter((r) => Number(r.revision) === after).map((r) => r.full_name)).toEqual(['Second Person Here', 'Third Company Here']);
    expect((await audits('custom_list.records_added', list._id))[0].details).toMatchObject({ name: 'Appendable', records: 2 });

    const bad = await upload(admin, { list_id: list._id }, { data: csvOf([...more, { full_name: 'y', entity_type: 'person' }]) });
    expect(code(bad)).toBe('400 errors_found_in_file');
    expect((await recordsOf(list._id)).length).toBe(3);
    expect(await revision()).toBe(after);

    expect(code(await upload(admin, { list_id: list._id }))).toBe('400 list_file_required');
    expect(code(await upload(admin, { list_id: '00000000-0000-4000-8000-000000000001' }, { data: csvOf(more) }))).toBe('404 not_found');
  });

  it('lists the lists with their filters, newest first, paged', async () => {
    const all = await get(admin, 'get-custom-listing');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, page_size: 20 });
    const names = all.body.data.map((l: any) => l.name);
    expect(names).toEqual(expect.arrayContaining(['Fraud ring 2026', 'Cleared clients', 'Appendable']));
    // Deleted lists are left out unless asked for.
    expect(names).not.toContain('Template csv');
    expect(names.indexOf('Appendable')).toBeLessThan(names.indexOf('Fraud ring 2026'));
    expect(all.body.total).toBe(all.body.data.length);

    const byName = await get(admin, 'get-custom-listing', { name: 'fraud RING' });
    expect(byName.body.data.map((l: any) => l.name)).toEqual(['Fraud ring 2026']);
    const whitelists = await get(admin, 'get-custom-listing', { type: 'whitelist' });
    expect(whitelists.body.data.every((l: any) => l.type === 'whitelist')).toBe(true);
    const withDeleted = await get(admin, 'get-custom-listing', { include_deleted: 'true', name: 'template' });
    expect(withDeleted.body.data).toHaveLength(2);
    expect(withDeleted.body.data[0]).toMatchObject({ is_deleted: true, delete_reason: 'Only the template, not a real list', deleted_by: { _id: adminId, name: 'Ada Administrator' } });
    expect(withDeleted.body.data[0].deleted_at).toEqual(expect.any(String));
    const paged = await get(admin, 'get-custom-listing', { page: 2, page_size: 1 });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.data[0].name).toBe(names[1]);
    expect(code(await get(admin, 'get-custom-listing', { type: 'greylist' }))).toBe('400 bad_request');
    // The analyst may look (view_custom_listing) but not upload.
    expect((await get(analyst, 'get-custom-listing')).status).toBe(200);
  });

  it("reads a list's records with the list, searched by name or other name and paged", async () => {
    const list = (await get(admin, 'get-custom-listing', { name: 'Fraud ring 2026' })).body.data[0];
    const res = await get(admin, 'get-custom-listing-entries', { list_id: list._id });
    expect(res.status).toBe(200);
    expect(res.body.list).toMatchObject({ _id: list._id, name: 'Fraud ring 2026', type: 'blacklist' });
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((r: any) => r.full_name)).toEqual(BLACK.map((r) => r.full_name));
    expect(res.body.data[0]).toMatchObject({
      list: { _id: list._id, name: 'Fraud ring 2026', type: 'blacklist', is_deleted: false },
      aliases: ['Ted Brannock', 'T. Q. Brannock'],
      entity_type: 'person',
      birth_year: 1971,
      comment_count: 0,
      created_by: { _id: adminId, name: 'Ada Administrator' },
    });
    expect((await get(admin, 'get-custom-listing-entries', { list_id: list._id, search: 'verdigris' })).body.data.map((r: any) => r.full_name)).toEqual(['Verdigris Lantern Holdings']);
    // Found by another name too.
    expect((await get(admin, 'get-custom-listing-entries', { list_id: list._id, search: 'ted bran' })).body.data.map((r: any) => r.full_name)).toEqual(['Thaddeus Quillfeather Brannock']);
    const page2 = await get(admin, 'get-custom-listing-entries', { list_id: list._id, page: 2, page_size: 2 });
    expect(page2.body).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.body.data.map((r: any) => r.full_name)).toEqual([BLACK[2].full_name]);
    expect(code(await get(admin, 'get-custom-listing-entries', { list_id: '00000000-0000-4000-8000-000000000001' }))).toBe('404 not_found');
    expect(code(await get(admin, 'get-custom-listing-entries', { list_id: 'not-an-id' }))).toBe('400 not_found');
  });

  it('adds, reads, edits and deletes one record with the file rules, keeping the count and the revision contract', async () => {
    const list = await createList('One by one', 'blacklist', [{ full_name: 'Already Listed Person', entity_type: 'person' }]);
    const good = { list_id: list._id, full_name: 'Added By Hand', entity_type: 'person', date_of_birth: '1966-07', country: 'pt', category: 'Watch', aliases: ['Hand Added'] };
    const refused: [Record<string, unknown>, string, string][] = [
      [{ ...good, full_name: '' }, '400 required', 'full_name'],
      [{ ...good, full_name: 'x' }, '400 search_term_length', 'full_name'],
      [{ ...good, full_name: '12345' }, '400 search_term_letter', 'full_name'],
      [{ ...good, entity_type: '' }, '400 entity_type_required', 'entity_type'],
      [{ ...good, entity_type: 'planet' }, '400 bulk_entity_type', 'entity_type'],
      [{ ...good, date_of_birth: '31/02/1980' }, '400 list_date_invalid', 'date_of_birth'],
      [{ ...good, date_of_birth: '1850' }, '400 list_date_invalid', 'date_of_birth'],
      [{ ...good, country: 'Atlantis' }, '400 invalid_country', 'country'],
      [{ ...good, country: 'ZZ' }, '400 invalid_country', 'country'],
      [{ ...good, category: 'c'.repeat(101) }, '400 list_category_length', 'category'],
      [{ ...good, category: '<b>' }, '400 list_category_characters', 'category'],
      [{ ...good, aliases: Array.from({ length: 21 }, (_, i) => `Other Name ${i}`) }, '400 list_too_many_aliases', 'aliases'],
      [{ ...good, aliases: ['Fine Name', '99'] }, '400 search_term_letter', 'aliases'],
      [{ ...good, full_name: 'n'.repeat(2001) }, '400 search_term_length', 'full_name'],
    ];
    const before = await footprint();
    for (const [body, expected, field] of refused) {
      const res = await post(admin, 'custom-listing-entry', body);
      expect(code(res), JSON.stringify(body).slice(0, 120)).toBe(expected);
      expect(res.body.field).toBe(field);
    }
    expect((await post(admin, 'custom-listing-entry', { ...good, aliases: Array.from({ length: 21 }, (_, i) => `Other Name ${i}`) })).body.error_message).toBe('At most 20 other names in one cell.');
    expect(await footprint()).toEqual(before);

    const added = await post(admin, 'custom-listing-entry', good);
    expect(code(added), JSON.stringify(added.body)).toBe('201 list_record_added');
    const record = added.body.record;
    expect(record).toMatchObject({ full_name: 'Added By Hand', entity_type: 'person', birth_year: 1966, birth_month: 7, birth_day: null, country: 'PT', category: 'Watch', aliases: ['Hand Added'] });
    const afterAdd = await revision();
    expect(afterAdd).toBe(Number(before!.revision) + 1);
    const stamped = async (id: string) => Number((await t.deps.db.one('SELECT revision FROM custom_list_records WHERE id = $1', [id]))!.revision);
    expect(await stamped(record._id)).toBe(afterAdd);
    const total = async () => Number((await t.deps.db.one('SELECT total_records FROM custom_lists WHERE id = $1', [list._id]))!.total_records);
    expect(await total()).toBe(2);
    expect((await audits('custom_list.record_added', record._id))[0].details).toMatchObject({ list_id: list._id, list_name: 'One by one' });

    const one = await get(analyst, 'custom-listing-entry', { id: record._id });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ _id: record._id, list: { _id: list._id, name: 'One by one', type: 'blacklist' }, created_by: { _id: adminId } });
    expect(code(await get(admin, 'custom-listing-entry', { id: '00000000-0000-4000-8000-000000000001' }))).toBe('404 not_found');

    const edited = await post(admin, 'custom-listing-entry/update', { id: record._id, full_name: 'Edited By Hand', entity_type: 'company', date_of_birth: '2001' });
    expect(code(edited), JSON.stringify(edited.body)).toBe('200 list_record_updated');
    // What the edit left out is cleared.
    expect(edited.body.record).toMatchObject({ full_name: 'Edited By Hand', entity_type: 'company', birth_year: 2001, birth_month: null, country: null, category: null, aliases: [] });
    const afterEdit = await revision();
    expect(afterEdit).toBe(afterAdd + 1);
    expect(await stamped(record._id)).toBe(afterEdit);
    expect(code(await post(admin, 'custom-listing-entry/update', { id: record._id, full_name: 'x', entity_type: 'person' }))).toBe('400 search_term_length');
    expect((await audits('custom_list.record_updated', record._id))[0].details).toMatchObject({ before: 'Added By Hand' });

    for (const [reason, expected] of [
      ['', '400 required'],
      ['too short', '400 reason_min'],
      ['r'.repeat(201), '400 reason_max'],
    ]) {
      expect(code(await post(admin, 'custom-listing-entry/delete', { id: record._id, reason }))).toBe(expected);
    }
    const deleted = await post(admin, 'custom-listing-entry/delete', { id: record._id, reason: 'Added by mistake, not a listed company' });
    expect(code(deleted)).toBe('200 list_record_deleted');
    expect(deleted.body.record).toMatchObject({ is_deleted: true, delete_reason: 'Added by mistake, not a listed company', deleted_by: { _id: adminId } });
    const afterDelete = await revision();
    expect(afterDelete).toBe(afterEdit + 1);
    expect(await stamped(record._id)).toBe(afterDelete);
    expect(await total()).toBe(1);
    expect((await audits('custom_list.record_deleted', record._id))[0].details).toMatchObject({ reason: 'Added by mistake, not a listed company' });
    // A deleted record is read-only, left out of its list unless asked for, and deleted once.
    expect(code(await post(admin, 'custom-listing-entry/update', { id: record._id, full_name: 'Again Someone', entity_type: 'person' }))).toBe('409 list_record_deleted_locked');
    expect(code(await post(admin, 'custom-listing-entry/delete', { id: record._id, reason: 'Deleting it a second time' }))).toBe('409 list_record_deleted_locked');
    expect((await get(admin, 'get-custom-listing-entries', { list_id: list._id })).body.total).toBe(1);
    expect((await get(admin, 'get-custom-listing-entries', { list_id: list._id, include_deleted: 'true' })).body.total).toBe(2);
    expect(await revision()).toBe(afterDelete);
  });

  it("keeps comments: anyone permitted adds, authors edit their own, authors or the administrator delete with a reason", async () => {
    const list = await createList('Commented', 'blacklist', [{ full_name: 'Commented Person Here', entity_type: 'person' }]);
    const recordId = (await recordsOf(list._id))[0].id as string;
    const revisionBefore = await revision();
    for (const [text, expected] of [
      ['', '400 required'],
      ['x', '400 comment_length_min'],
      ['c'.repeat(1001), '400 list_comment_length_max'],
      ['With (brackets)', '400 comment_characters'],
    ]) {
      expect(code(await post(analyst, 'custom-listing-entry-comment', { entry_id: recordId, text }))).toBe(expected);
    }
    const long = await post(analyst, 'custom-listing-entry-comment', { entry_id: recordId, text: 'c'.repeat(1000) });
    expect(code(long)).toBe('201 comment_added');
    const mine = await post(analyst, 'custom-listing-entry-comment', { entry_id: recordId, text: 'Confirmed with the account manager' });
    expect(code(mine)).toBe('201 comment_added');
    const admins = await post(admin, 'custom-listing-entry-comment', { entry_id: recordId, text: 'Escalated to the MLRO' });
    // Comments are not screened: the revision stays.
    expect(await revision()).toBe(revisionBefore);

    const listed = await get(analyst, 'get-custom-listing-entry-comments', { entry_id: recordId });
    const live = listed.body.data.filter((c: any) => !c.is_deleted);
    expect(live.map((c: any) => c.text)).toEqual(['Escalated to the MLRO', 'Confirmed with the account manager', 'c'.repeat(1000)]);
    expect(live[1]).toMatchObject({ user: { _id: analystId, name: 'Alex Analyst' }, edited: false, is_deleted: false });
    expect((await get(admin, 'custom-listing-entry', { id: recordId })).body.comment_count).toBe(3);
    expect((await audits('custom_list.comment_added', mine.body._id))[0].details).toMatchObject({ record_id: recordId, text: 'Confirmed with the account manager' });

    // Editing: one's own only.
    expect(code(await post(admin, 'custom-listing-entry-comment-update', { id: mine.body._id, text: 'Not mine to edit' }))).toBe('403 comment_not_own');
    expect(code(await post(admin, 'custom-listing-entry-comment-update', { id: admins.body._id, text: 'Bad [text]' }))).toBe('400 comment_characters');
    const edited = await post(admin, 'custom-listing-entry-comment-update', { id: admins.body._id, text: 'Escalated to the MLRO on Monday' });
    expect(code(edited)).toBe('200 comment_updated');
    const afterEdit = (await get(admin, 'get-custom-listing-entry-comments', { entry_id: recordId })).body.data[0];
    expect(afterEdit).toMatchObject({ text: 'Escalated to the MLRO on Monday', edited: true });
    expect(afterEdit.last_edited_at).toEqual(expect.any(String));
    expect((await audits('custom_list.comment_edited', admins.body._id))[0].details).toMatchObject({ before: 'Escalated to the MLRO' });

    // Deleting: one's own, or any as the administrator; a user without update or delete permissions cannot.
    const analystsOwn = await post(without.update_custom_list_entry_comment, 'custom-listing-entry-comment', { entry_id: recordId, text: 'A remark of my own' });
    expect(code(await post(without.delete_custom_list_entry_comment, 'custom-listing-entry-comment-delete', { id: analystsOwn.body._id, reason: 'Posted on the wrong record' }))).toBe('403 permission_denied');
    expect(code(await post(without.update_custom_list_entry_comment, 'custom-listing-entry-comment-delete', { id: mine.body._id, reason: 'Not my comment at all' }))).toBe('403 comment_not_own');
    expect(code(await post(admin, 'custom-listing-entry-comment-delete', { id: mine.body._id, reason: 'short' }))).toBe('400 reason_min');
    expect(code(await post(admin, 'custom-listing-entry-comment-delete', { id: mine.body._id, reason: 'Duplicated in the case file' }))).toBe('200 comment_deleted');
    expect(code(await post(admin, 'custom-listing-entry-comment-delete', { id: mine.body._id, reason: 'Duplicated in the case file' }))).toBe('404 not_found');
    expect(code(await post(without.update_custom_list_entry_comment, 'custom-listing-entry-comment-delete', { id: analystsOwn.body._id, reason: 'Posted on the wrong record' }))).toBe('200 comment_deleted');
    const afterDelete = (await get(admin, 'get-custom-listing-entry-comments', { entry_id: recordId })).body.data;
    const gone = afterDelete.find((c: any) => c._id === mine.body._id);
    expect(gone).toMatchObject({ is_deleted: true, text: '', deleted_by: { _id: adminId, name: 'Ada Administrator' } });
    expect(gone.deleted_at).toEqual(expect.any(String));
    expect((await audits('custom_list.comment_deleted', mine.body._id))[0].details).toMatchObject({ author_id: analystId, reason: 'Duplicated in the case file' });
    expect((await get(admin, 'custom-listing-entry', { id: recordId })).body.comment_count).toBe(2);

    // Half a surrogate pair (a broken paste) is refused like every request's, and nothing is stored.
    const commentsBefore = (await get(admin, 'get-custom-listing-entry-comments', { entry_id: recordId })).body.data.length;
    expect(await post(analyst, 'custom-listing-entry-comment', { entry_id: recordId, text: 'Broken \udfff paste' })).toMatchObject({ status: 400, body: { code: 'lone_surrogate', field: 'text' } });
    expect((await get(admin, 'get-custom-listing-entry-comments', { entry_id: recordId })).body.data.length).toBe(commentsBefore);
    // A deleted record takes no more comments, and its comments are frozen.
    await post(admin, 'custom-listing-entry/delete', { id: recordId, reason: 'No longer of interest here' });
    expect(code(await post(analyst, 'custom-listing-entry-comment', { entry_id: recordId, text: 'Too late for this' }))).toBe('409 list_record_deleted_locked');
    expect(code(await post(admin, 'custom-listing-entry-comment-update', { id: admins.body._id, text: 'Too late for this' }))).toBe('409 list_record_deleted_locked');
    expect((await get(analyst, 'get-custom-listing-entry-comments', { entry_id: recordId })).status).toBe(200);
  });

  it('deletes a list with a reason: its records stamped and screened no more, the list and records read-only', async () => {
    const list = await createList('To be deleted', 'blacklist', [
      { full_name: 'Doomed Person One', entity_type: 'person' },
      { full_name: 'Doomed Person Two', entity_type: 'person' },
    ]);
    const recordId = (await recordsOf(list._id))[0].id as string;
    expect(code(await post(admin, 'custom-listing/delete', { id: list._id, reason: '' }))).toBe('400 required');
    expect(code(await post(admin, 'custom-listing/delete', { id: list._id, reason: 'short' }))).toBe('400 reason_min');
    expect(code(await post(admin, 'custom-listing/delete', { id: list._id, reason: 'r'.repeat(201) }))).toBe('400 reason_max');
    const before = await revision();
    const res = await post(admin, 'custom-listing/delete', { id: list._id, reason: 'Replaced by the March list' });
    expect(code(res)).toBe('200 list_deleted');
    expect(res.body.list).toMatchObject({ is_deleted: true, delete_reason: 'Replaced by the March list', deleted_by: { _id: adminId }, total_records: 2 });
    const after = await revision();
    expect(after).toBe(before + 1);
    expect((await recordsOf(list._id)).every((r) => Number(r.revision) === after)).toBe(true);
    expect((await audits('custom_list.deleted', list._id))[0].details).toMatchObject({ name: 'To be deleted', reason: 'Replaced by the March list', records: 2 });

    expect(code(await post(admin, 'custom-listing/delete', { id: list._id, reason: 'Replaced by the March list' }))).toBe('409 list_deleted_locked');
    expect(code(await upload(admin, { list_id: list._id }, { data: csvOf(BLACK) }))).toBe('409 list_deleted_locked');
    expect(code(await post(admin, 'custom-listing-entry', { list_id: list._id, full_name: 'Someone New', entity_type: 'person' }))).toBe('409 list_deleted_locked');
    expect(code(await post(admin, 'custom-listing-entry/update', { id: recordId, full_name: 'Someone New', entity_type: 'person' }))).toBe('409 list_deleted_locked');
    expect(code(await post(admin, 'custom-listing-entry/delete', { id: recordId, reason: 'Deleting a record of a deleted list' }))).toBe('409 list_deleted_locked');
    expect(code(await post(admin, 'custom-listing-entry-comment', { entry_id: recordId, text: 'Too late for this' }))).toBe('409 list_deleted_locked');
    // Still readable.
    expect((await get(admin, 'get-custom-listing-entries', { list_id: list._id })).body).toMatchObject({ list: { is_deleted: true }, total: 2 });
    expect((await get(admin, 'custom-listing-entry', { id: recordId })).body.list.is_deleted).toBe(true);
    // The name is free again for a new list.
    await createList('To be deleted', 'whitelist', [{ full_name: 'Reborn Person Here', entity_type: 'person' }]);
    expect(await revision()).toBe(after + 1);
  });

  it('refuses each write without its permission, and reads without view_custom_listing', async () => {
    const list = await createList('Permission checks', 'blacklist', [{ full_name: 'Permission Person', entity_type: 'person' }]);
    const recordId = (await recordsOf(list._id))[0].id as string;
    const comment = await post(admin, 'custom-listing-entry-comment', { entry_id: recordId, text: 'A remark to try on' });
    const writes: [string, () => Promise<{ status: number; body: any }>][] = [
      ['create_custom_listing', () => upload(without.create_custom_listing, { name: 'Not allowed', description: 'Not allowed here', type: 'blacklist' }, { data: csvOf(BLACK) })],
      ['create_custom_listing', () => upload(without.create_custom_listing, { list_id: list._id }, { data: csvOf(BLACK) })],
      ['create_custom_listing', () => post(without.create_custom_listing, 'custom-listing-entry', { list_id: list._id, full_name: 'Not Allowed', entity_type: 'person' })],
      ['create_custom_listing', () => post(without.create_custom_listing, 'custom-listing-entry/update', { id: recordId, full_name: 'Not Allowed', entity_type: 'person' })],
      ['delete_custom_listing', () => post(without.delete_custom_listing, 'custom-listing/delete', { id: list._id, reason: 'Not allowed to do this' })],
      ['delete_custom_listing_entry', () => post(without.delete_custom_listing_entry, 'custom-listing-entry/delete', { id: recordId, reason: 'Not allowed to do this' })],
      ['post_comment_on_listing_entry', () => post(without.post_comment_on_listing_entry, 'custom-listing-entry-comment', { entry_id: recordId, text: 'Not allowed here' })],
      ['update_custom_list_entry_comment', () => post(without.update_custom_list_entry_comment, 'custom-listing-entry-comment-update', { id: comment.body._id, text: 'Not allowed here' })],
      ['delete_custom_list_entry_comment', () => post(without.delete_custom_list_entry_comment, 'custom-listing-entry-comment-delete', { id: comment.body._id, reason: 'Not allowed to do this' })],
    ];
    const before = await footprint();
    for (const [permission, call] of writes) expect(code(await call()), permission).toBe('403 permission_denied');
    expect(await footprint()).toEqual(before);
    // The analyst views and comments, and nothing more.
    expect(code(await post(analyst, 'custom-listing/delete', { id: list._id, reason: 'Not allowed to do this' }))).toBe('403 permission_denied');
    expect(code(await upload(analyst, { name: 'Analyst list', description: 'Not allowed here', type: 'blacklist' }, { data: csvOf(BLACK) }))).toBe('403 permission_denied');

    const viewless = without.view_custom_listing;
    for (const [path, query] of [
      ['get-custom-listing', {}],
      ['custom-listing-template', {}],
      ['get-custom-listing-entries', { list_id: list._id }],
      ['custom-listing-entry', { id: recordId }],
      ['get-custom-listing-entry-comments', { entry_id: recordId }],
    ] as const) {
      expect(code(await get(viewless, path, query)), path).toBe('403 permission_denied');
    }
  });

  it('refuses every call on the basic plan', async () => {
    const list = (await get(admin, 'get-custom-listing', { name: 'Permission checks' })).body.data[0];
    expect(code(await get(planAdmin, 'get-custom-listing'))).toBe('403 plan_restricted');
    expect(code(await get(planAdmin, 'custom-listing-template'))).toBe('403 plan_restricted');
    expect(code(await upload(planAdmin, { name: 'Harbour list', description: 'On the basic plan', type: 'blacklist' }, { data: csvOf(BLACK) }))).toBe('403 plan_restricted');
    expect(code(await get(planAdmin, 'get-custom-listing-entries', { list_id: list._id }))).toBe('403 plan_restricted');
    expect(code(await post(planAdmin, 'custom-listing-entry-comment', { entry_id: '00000000-0000-4000-8000-000000000001', text: 'On the basic plan' }))).toBe('403 plan_restricted');
    expect((await t.deps.db.one('SELECT count(*)::int AS n FROM custom_lists WHERE organisation_id = $1', [harbourId]))!.n).toBe(0);
  });

  it("answers another organisation's list, record and comment as unknown ones, and changes nothing of it", async () => {
    const harbourUser = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [PLAN_ADMIN.email]))!.id;
    const list = (await t.deps.db.one(
      "INSERT INTO custom_lists (organisation_id, name, description, list_type, total_records, created_by) VALUES ($1, 'Harbour secret list', 'Harbour only', 'blacklist', 1, $2) RETURNING id",
      [harbourId, harbourUser],
    ))!.id;
    const record = (await t.deps.db.one(
      "INSERT INTO custom_list_records (organisation_id, list_id, full_name, entity_type, revision, created_by) VALUES ($1, $2, 'Harbour Secret Person', 'person', 1, $3) RETURNING id",
      [harbourId, list, harbourUser],
    ))!.id;
    const comment = (await t.deps.db.one("INSERT INTO custom_list_comments (organisation_id, record_id, user_id, text) VALUES ($1, $2, $3, 'Harbour secret remark') RETURNING id", [
      harbourId,
      record,
      harbourUser,
    ]))!.id;
    const digest = () =>
      t.deps.db.one(
        `SELECT (SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) FROM custom_lists x WHERE organisation_id = $1) AS l,
                (SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) FROM custom_list_records x WHERE organisation_id = $1) AS r,
                (SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) FROM custom_list_comments x WHERE organisation_id = $1) AS c,
                (SELECT custom_lists_revision FROM organisations WHERE id = $1) AS v`,
        [harbourId],
      );
    const before = await digest();
    const calls: (() => Promise<{ status: number; body: any }>)[] = [
      () => get(admin, 'get-custom-listing-entries', { list_id: list }),
      () => upload(admin, { list_id: list }, { data: csvOf(BLACK) }),
      () => post(admin, 'custom-listing/delete', { id: list, reason: 'Not my organisation list' }),
      () => post(admin, 'custom-listing-entry', { list_id: list, full_name: 'Intruder Person', entity_type: 'person' }),
      () => get(admin, 'custom-listing-entry', { id: record }),
      () => post(admin, 'custom-listing-entry/update', { id: record, full_name: 'Intruder Person', entity_type: 'person' }),
      () => post(admin, 'custom-listing-entry/delete', { id: record, reason: 'Not my organisation record' }),
      () => get(admin, 'get-custom-listing-entry-comments', { entry_id: record }),
      () => post(admin, 'custom-listing-entry-comment', { entry_id: record, text: 'Intruding remark' }),
      () => post(admin, 'custom-listing-entry-comment-update', { id: comment, text: 'Intruding remark' }),
      () => post(admin, 'custom-listing-entry-comment-delete', { id: comment, reason: 'Not my organisation comment' }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(code(res)).toBe('404 not_found');
      expect(JSON.stringify(res.body)).not.toMatch(/Harbour/);
    }
    expect((await get(admin, 'get-custom-listing', { name: 'Harbour', include_deleted: 'true' })).body.total).toBe(0);
    expect(await digest()).toEqual(before);
  });

  it('screens an uploaded blacklist at once (a misspelt name finds it), a whitelist-only hit passes the case, deleted records are found no more', async () => {
    const list = await createList('Screened blacklist', 'blacklist', [
      { full_name: 'Ottoline Wraxhall Pemberton', entity_type: 'person', date_of_birth: '1966', country: 'GB', category: 'Mule accounts' },
      { full_name: 'Cassius Drummond Achterberg', entity_type: 'person' },
    ]);
    const search = async (term: string) => {
      const res = await post(admin, 'search', { search_term: term, entity_type: 'person' });
      expect(code(res), JSON.stringify(res.body)).toBe('200 case_created');
      const kase = await t.deps.db.one('SELECT id, case_status, risk_level FROM cases WHERE organisation_id = $1 AND reference = $2', [northwindId, res.body.reference]);
      const hits = await t.deps.db.query('SELECT name, database, source, risk_level, entity_id FROM case_hits WHERE case_id = $1 ORDER BY position', [kase!.id]);
      return { kase: kase!, hits, reference: res.body.reference as string };
    };
    // Right after the upload, with a typo.
    const found = await search('Otoline Wraxhal Pemberton');
    const hit = found.hits.find((h) => h.database === 'blacklist');
    expect(hit, JSON.stringify(found.hits)).toMatchObject({ name: 'Ottoline Wraxhall Pemberton', source: 'Screened blacklist', risk_level: 'High' });
    expect(found.kase.case_status).not.toBe('Passed');

    // A record added by hand is screened from the next search on.
    const added = await post(admin, 'custom-listing-entry', { list_id: list._id, full_name: 'Peregrine Axelsson Mbeki', entity_type: 'person' });
    expect((await search('Peregrine Axelsson Mbeki')).hits.some((h) => h.database === 'blacklist' && h.name === 'Peregrine Axelsson Mbeki')).toBe(true);
    // Edited: found by its new name, not the old one.
    await post(admin, 'custom-listing-entry/update', { id: added.body.record._id, full_name: 'Peregrine Axelsson Oduya', entity_type: 'person' });
    expect((await search('Peregrine Axelsson Oduya')).hits.some((h) => h.name === 'Peregrine Axelsson Oduya')).toBe(true);
    expect((await search('Peregrine Axelsson Mbeki')).hits.some((h) => h.name === 'Peregrine Axelsson Mbeki')).toBe(false);
    // Deleted: found no more.
    await post(admin, 'custom-listing-entry/delete', { id: added.body.record._id, reason: 'Cleared after the review' });
    expect((await search('Peregrine Axelsson Oduya')).hits.some((h) => h.database === 'blacklist')).toBe(false);

    // Only on a whitelist: the case passes, the hit is marked Whitelist.
    await createList('Screened whitelist', 'whitelist', [{ full_name: 'Benedikta Sørlie Anyanwu', entity_type: 'person' }]);
    const cleared = await search('Benedikta Sorlie Anyanwu');
    expect(cleared.hits.length).toBeGreaterThan(0);
    expect(cleared.hits.every((h) => h.database === 'whitelist')).toBe(true);
    expect(cleared.hits[0]).toMatchObject({ name: 'Benedikta Sørlie Anyanwu', risk_level: 'Whitelist' });
    expect(cleared.kase.case_status).toBe('Passed');
    const results = await get(admin, 'search_result_filter', { reference: cleared.reference });
    expect(results.body.data[0]).toMatchObject({ risk_level: 'Whitelist', appears_on: { database: 'whitelist' } });

    // A deleted list is screened no more.
    await post(admin, 'custom-listing/delete', { id: list._id, reason: 'The ring was dismantled' });
    expect((await search('Ottoline Wraxhall Pemberton')).hits.some((h) => h.database === 'blacklist')).toBe(false);
  });
});
