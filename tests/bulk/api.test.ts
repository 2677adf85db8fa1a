/**
 * The bulk search calls on PGlite and Postgres (docs/bulk-search.md): a clean file (CSV and xlsx)
 * becomes a draft, then a batch whose cases and hits are those single searches of the same rows give;
 * each file error answers its message and leaves nothing behind; the limit, the create-case permission,
 * the plan and the credits are refused by the API; deleting a batch deletes its cases with the reason;
 * the downloads hold every row; the table's filters; another organisation's batch is unknown; Manage
 * Case's batch_name filter.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '../../common/constants';
import { stageSampleBatch } from '../../server/bulk/data';
import { SEED_BATCH, sampleBatchUpload } from '../../server/db/seed';
import { insertRole, insertUser } from '../../server/organisations/create';
import type { RealtimeMessage } from '../../server/realtime/bus';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { multipart } from '../cases/multipart';

/** Real list names (UN Security Council, US Congress), one with a typo, and names no list holds. */
const ROWS = [
  { name: 'Ayman al-Zawahri', entity_type: 'person', birth_year: '', countries: '', client_reference: 'BULK-1', aml_monitoring: 'yes' },
  { name: 'Samira Shahbander', entity_type: 'person', birth_year: '', countries: '', client_reference: 'BULK-2', aml_monitoring: 'no' },
  { name: 'Nancy Pelosi', entity_type: 'person', birth_year: '1940', countries: 'us', client_reference: 'BULK-3', aml_monitoring: '' },
  { name: 'Quentin Zorblaxington', entity_type: 'person', birth_year: '', countries: '', client_reference: 'BULK-4', aml_monitoring: 'no' },
  { name: 'IRISL Benelux NV', entity_type: 'company', birth_year: '', countries: 'BE', client_reference: 'BULK-5', aml_monitoring: 'no' },
  { name: 'Marigold Featherstonehaugh', entity_type: 'person', birth_year: '', countries: '', client_reference: 'BULK-6', aml_monitoring: 'no' },
];
const HEADER = ['Name', 'Entity Type', 'birth_year', 'COUNTRIES', 'client-reference', 'aml_monitoring'];
const csvOf = (rows: typeof ROWS) =>
  Buffer.from([HEADER.join(','), ...rows.map((r) => [r.name, r.entity_type, r.birth_year, r.countries, r.client_reference, r.aml_monitoring].join(','))].join('\r\n') + '\r\n');

async function xlsxOf(rows: typeof ROWS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Names');
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow([r.name, r.entity_type, r.birth_year, r.countries, r.client_reference, r.aml_monitoring]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const file = (data: Buffer, filename = 'names.csv', type = 'text/csv') => ({ filename, type, data });

describe.each(DATABASE_KINDS)('bulk search calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;
  let noCreate: string;
  let northwindId: string;
  let harbourId: string;
  let adminId: string;
  const published: RealtimeMessage[] = [];

  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const upload = (token: string, data: Buffer, filename?: string, type?: string) => {
    const { body, headers } = multipart({ file: file(data, filename, type) });
    return t.call('POST', '/api/validate-search-batch', { token, body, headers });
  };
  const create = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/create-search-batch', { token, body });
  /** What a failed upload must leave: no draft, no row, no case, no credit spent. */
  const footprint = async () =>
    t.deps.db.one<{ batches: number; rows: number; cases: number; used: number }>(
      `SELECT (SELECT count(*)::int FROM bulk_batches WHERE organisation_id = $1) AS batches, (SELECT count(*)::int FROM bulk_rows WHERE organisation_id = $1) AS rows,
              (SELECT count(*)::int FROM cases WHERE organisation_id = $1) AS cases, (SELECT aml_screening_credits_used FROM organisations WHERE id = $1) AS used`,
      [northwindId],
    );
  /** Uploads, starts and runs a batch to its end; answers the batch. */
  async function runBatch(name: string, rows = ROWS, options: Record<string, unknown> = {}) {
    const checked = await upload(admin, csvOf(rows));
    expect(code(checked)).toBe('200');
    const started = await create(admin, { upload_id: checked.body.upload_id, name, ...options });
    expect(code(started), JSON.stringify(started.body)).toBe('201 batch_started');
    await t.deps.jobs.runDue();
    const batch = await t.call('GET', `/api/bulk-batch?id=${started.body.batch.id}`, { token: admin });
    expect(batch.body.phase).toBe('finished');
    return batch.body;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login(ADMIN);
    analyst = await t.login(ANALYST);
    planAdmin = await t.login(PLAN_ADMIN);
    northwindId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['northwind']))!.id;
    harbourId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['harbour']))!.id;
    adminId = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [ADMIN.email]))!.id;
    // May see Bulk Search but not create cases.
    const role = await insertRole(t.deps.db, northwindId, 'Bulk viewer', ['view_bulk_search', 'view_manage_case', 'view_case', 'delete_case']);
    await insertUser(t.deps.db, { organisationId: northwindId, roleId: role, name: 'Nora Nocreate', email: 'nocreate@example.com', password: 'Nocreate-2026!' });
    noCreate = await t.login({ email: 'nocreate@example.com', password: 'Nocreate-2026!' });
    await t.deps.realtime.subscribe((m) => published.push(m));
    await t.deps.screening.ready();
  }, 120_000);
  afterAll(() => t?.close());

  it('checks a clean CSV into a draft of the uploader: rows kept, nothing screened or spent, not listed', async () => {
    const before = await footprint();
    const res = await upload(analyst, csvOf(ROWS));
    expect(code(res), JSON.stringify(res.body)).toBe('200');
    expect(res.body).toMatchObject({ file_name: 'names.csv', rows: ROWS.length, entity_limit: 10_000 });
    const draft = await t.deps.db.one('SELECT state, total_count, created_by FROM bulk_batches WHERE id = $1', [res.body.upload_id]);
    expect(draft).toMatchObject({ state: 'draft', total_count: ROWS.length });
    const rows = await t.deps.db.query("SELECT row_number, input FROM bulk_rows WHERE batch_id = $1 ORDER BY row_number", [res.body.upload_id]);
    expect(rows.map((r) => r.row_number)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(rows[2].input).toMatchObject({ search_term: 'Nancy Pelosi', birth_year: 1940, countries: ['US'] });
    const after = await footprint();
    expect({ cases: after!.cases, used: after!.used }).toEqual({ cases: before!.cases, used: before!.used });
    const list = await t.call('GET', '/api/bulk-batches-list', { token: analyst });
    expect(list.body.rows.map((b: any) => b.id)).not.toContain(res.body.upload_id);
    // A draft is its uploader's: another user of the organisation cannot start it.
    const other = await create(admin, { upload_id: res.body.upload_id, name: 'Not mine' });
    expect(code(other)).toBe('404 batch_upload_missing');
    expect(other.body.field).toBe('upload_id');
  });

  it('checks a clean xlsx file the same way', async () => {
    const res = await upload(admin, await xlsxOf(ROWS), 'names.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(code(res), JSON.stringify(res.body)).toBe('200');
    expect(res.body.rows).toBe(ROWS.length);
    const inputs = await t.deps.db.query("SELECT input->>'search_term' AS name FROM bulk_rows WHERE batch_id = $1 ORDER BY row_number", [res.body.upload_id]);
    expect(inputs.map((r) => r.name)).toEqual(ROWS.map((r) => r.name));
  });

  it('starts a batch whose cases and hits are exactly those of single searches of the same rows, one credit each', async () => {
    const usedBefore = (await footprint())!.used;
    const checked = await upload(admin, csvOf(ROWS));
    const started = await create(admin, { upload_id: checked.body.upload_id, name: 'Onboarding March' });
    expect(code(started)).toBe('201 batch_started');
    expect(started.body.message).toBe(`Batch Onboarding March started: ${ROWS.length} entities to screen.`);
    expect(started.body.batch).toMatchObject({ name: 'Onboarding March', status: 'Pending', phase: 'queued', total_count: ROWS.length, file_name: 'names.csv' });
    expect(started.body.batch.created_by).toEqual({ id: adminId, name: 'Ada Administrator' });
    expect(started.body.batch.options).toMatchObject({ search_type: 'manual', exact_match: false, match_akas: true, match_rca: false });
    // The socket event travels through the database's NOTIFY: wait for it to arrive.
    await vi.waitFor(() => expect(published.some((m) => m.event === SOCKET_EVENTS.bulkProgress && m.room === `org:${northwindId}` && (m.payload as any).id === started.body.batch.id)).toBe(true));

    await t.deps.jobs.runDue();
    const batch = (await t.call('GET', `/api/bulk-batch?id=${started.body.batch.id}`, { token: admin })).body;
    expect(batch).toMatchObject({ status: 'Success', phase: 'finished', success_count: ROWS.length, failed_count: 0 });
    expect((await footprint())!.used).toBe(usedBefore + ROWS.length);

    const cases = await t.deps.db.query(
      `SELECT r.row_number, c.id, c.search_term, c.entity_type, c.hit_count, c.batch_name, c.client_reference, c.aml_monitoring, c.case_status
         FROM bulk_rows r JOIN cases c ON c.id = r.case_id WHERE r.batch_id = $1 ORDER BY r.row_number`,
      [batch.id],
    );
    expect(cases.map((c) => c.search_term)).toEqual(ROWS.map((r) => r.name));
    expect(cases.every((c) => c.batch_name === 'Onboarding March')).toBe(true);
    expect(cases.map((c) => c.aml_monitoring)).toEqual([true, false, false, false, false, false]);
    // The listed names are found, the invented ones are not: the file is really screened.
    expect(cases[0].hit_count).toBeGreaterThan(0);
    expect(cases[2].hit_count).toBeGreaterThan(0);
    expect(cases[5].hit_count).toBe(0);

    for (const [i, row] of ROWS.entries()) {
      const single = await t.call('POST', '/api/search', {
        token: admin,
        body: { search_term: row.name, entity_type: row.entity_type, ...(row.birth_year ? { birth_year: row.birth_year } : {}), ...(row.countries ? { countries: [row.countries] } : {}), client_reference: row.client_reference },
      });
      expect(code(single), JSON.stringify(single.body)).toBe('200 case_created');
      const singleId = (await t.deps.db.one('SELECT id FROM cases WHERE organisation_id = $1 AND reference = $2', [northwindId, single.body.reference]))!.id;
      const hitsOf = async (caseId: string) => (await t.deps.db.query('SELECT entity_id, score FROM case_hits WHERE case_id = $1 ORDER BY position', [caseId])).map((h) => `${h.entity_id}:${h.score}`);
      expect(cases[i].hit_count, row.name).toBe(single.body.hit_count);
      expect(cases[i].case_status, row.name).toBe(single.body.case_status);
      expect(await hitsOf(cases[i].id), row.name).toEqual(await hitsOf(singleId));
    }
  });

  it('starts a batch from the file itself in one call (API users)', async () => {
    const { body, headers } = multipart({ name: 'One call batch', search_type: 'manual', 'databases': ['sanctions', 'pep'], match_score: '85', file: file(csvOf(ROWS.slice(0, 2))) });
    const res = await t.call('POST', '/api/create-search-batch', { token: admin, body, headers });
    expect(code(res), JSON.stringify(res.body)).toBe('201 batch_started');
    expect(res.body.batch).toMatchObject({ name: 'One call batch', total_count: 2 });
    expect(res.body.batch.options).toMatchObject({ databases: ['sanctions', 'pep'], match_score: 85 });
    // The same name again, whatever its case, is refused before the file is read.
    const again = multipart({ name: 'ONE CALL BATCH', file: file(csvOf(ROWS.slice(0, 2))) });
    const dup = await t.call('POST', '/api/create-search-batch', { token: admin, body: again.body, headers: again.headers });
    expect(code(dup)).toBe('409 batch_name_exists');
    expect(dup.body.field).toBe('name');
    expect((await t.deps.db.one("SELECT count(*)::int AS n FROM bulk_batches WHERE organisation_id = $1 AND state = 'draft' AND created_by = $2 AND created_at > now() - interval '5 seconds' AND file_name = 'names.csv' AND total_count = 2", [northwindId, adminId]))!.n).toBe(0);
  });

  it('refuses bad names and options with their messages, and a draft can be started only once', async () => {
    const checked = await upload(admin, csvOf(ROWS.slice(0, 1)));
    const id = checked.body.upload_id;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, '400 batch_name_required', 'name'],
      [{ name: 'x' }, '400 batch_name_length', 'name'],
      [{ name: ' padded' }, '400 batch_name_characters', 'name'],
      [{ name: 'a <b>' }, '400 batch_name_characters', 'name'],
      [{ name: 'Onboarding march' }, '409 batch_name_exists', 'name'],
      [{ name: 'Good name', search_type: 'profile' }, '400 profile_required', 'search_profile_id'],
      [{ name: 'Good name', match_score: 0 }, '400 match_score_range', 'match_score'],
      [{ name: 'Good name', databases: ['nope'] }, '400 bad_request', 'databases.0'],
    ];
    for (const [body, expected, field] of cases) {
      const res = await create(admin, { upload_id: id, ...body });
      expect(code(res), JSON.stringify(body)).toBe(expected);
      expect(res.body.field).toBe(field);
    }
    expect(code(await create(admin, { upload_id: id, name: 'Started once' }))).toBe('201 batch_started');
    expect(code(await create(admin, { upload_id: id, name: 'Started twice' }))).toBe('404 batch_upload_missing');
    expect(code(await create(admin, { name: 'No file at all' }))).toBe('400 bulk_file_required');
  });

  it("takes the options as the upload modal sends them: a search profile's, or chosen databases with a match score", async () => {
    const profile = (await t.deps.db.one<{ id: string }>(`INSERT INTO search_profiles (organisation_id, title, databases) VALUES ($1, 'Sanctions only', '{sanctions}') RETURNING id`, [northwindId]))!.id;
    const modal = { search_type: 'manual', databases: ['sanctions'], search_profile_id: null, match_score: null, exact_match: false, match_akas: true, match_rca: false };
    const first = await upload(admin, csvOf(ROWS.slice(0, 1)));
    const manual = await create(admin, { upload_id: first.body.upload_id, name: 'Modal manual', ...modal, match_score: 90 });
    expect(code(manual), JSON.stringify(manual.body)).toBe('201 batch_started');
    expect(manual.body.batch.options).toEqual({ ...modal, match_score: 90 });
    const second = await upload(admin, csvOf(ROWS.slice(0, 1)));
    const none = await create(admin, { upload_id: second.body.upload_id, name: 'Modal nothing', ...modal, databases: [] });
    expect(code(none)).toBe('400 databases_required');
    const byProfile = await create(admin, { upload_id: second.body.upload_id, name: 'Modal profile', ...modal, search_type: 'profile', databases: [], search_profile_id: profile });
    expect(code(byProfile), JSON.stringify(byProfile.body)).toBe('201 batch_started');
    expect(byProfile.body.batch.options).toMatchObject({ search_type: 'profile', search_profile_id: profile, databases: [] });
  });

  it('answers every file error with its message and creates nothing, spends nothing', async () => {
    const before = await footprint();
    const bad = Buffer.from('name,entity_type,birth_year,countries\r\nJohn Smith,person,1850,US\r\nJane Doe,alien,,\r\nX,person,,ZZ\r\n');
    const errors = await upload(admin, bad);
    expect(code(errors)).toBe('400 errors_found_in_file');
    expect(errors.body.error_message).toBe('Errors Found in Your File');
    expect(errors.body.problem_count).toBe(errors.body.problems.length);
    expect(errors.body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'entity_type', code: 'bulk_entity_type' }),
        expect.objectContaining({ row: 4, column: 'countries', code: 'invalid_country' }),
      ]),
    );
    expect(errors.body.problems.some((p: any) => p.row === 2 && p.column === 'birth_year')).toBe(true);

    const refusals: [Buffer, string, string | undefined, string][] = [
      [Buffer.from('%PDF-1.4 not a spreadsheet'), 'names.pdf', 'application/pdf', '400 incorrect_file_format'],
      [Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x00, 0x10]), 'names.csv', 'text/csv', '400 incorrect_file_format'],
      [Buffer.alloc(0), 'names.csv', 'text/csv', '400 bulk_file_empty'],
      [Buffer.from('name,entity_type\r\n'), 'names.csv', 'text/csv', '400 bulk_file_empty'],
      [Buffer.from('name,countries\r\nJohn Smith,US\r\n'), 'names.csv', 'text/csv', '400 errors_found_in_file'],
    ];
    for (const [data, filename, type, expected] of refusals) {
      const res = await upload(admin, data, filename, type);
      expect(code(res), filename).toBe(expected);
    }
    const missing = await upload(admin, Buffer.from('name,countries\r\nJohn Smith,US\r\n'));
    expect(missing.body.problems[0]).toMatchObject({ row: 1, column: 'entity_type', code: 'bulk_missing_column' });
    expect(code(await t.call('POST', '/api/validate-search-batch', { token: admin, body: {} }))).toBe('400 bulk_file_required');
    // The streamed upload is held to the input layer's rules like any body: no NUL in the file's name.
    const nul = await upload(admin, csvOf(ROWS), 'na\u0000mes.csv');
    expect(code(nul)).toBe('400 nul_character');
    expect(nul.body.field).toBe('file');

    // One byte over 50 MB: 'File size is too large.' (413), and still nothing kept.
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 'a');
    big.write('name,entity_type\r\n');
    const tooLarge = await upload(admin, big);
    expect(code(tooLarge)).toBe('413 file_too_large');
    expect(tooLarge.body.error_message).toBe('File size is too large.');

    expect(await footprint()).toEqual(before);
  }, 60_000);

  it("refuses a file over the organisation's entity limit, in the API", async () => {
    const before = await footprint();
    await t.deps.db.query('UPDATE organisations SET bulk_entity_limit = 3 WHERE id = $1', [northwindId]);
    try {
      const res = await upload(admin, csvOf(ROWS));
      expect(code(res)).toBe('400 bulk_limit');
      expect(res.body.error_message).toBe('A batch may hold at most 3 entities. Contact your provider to raise the limit.');
      expect(code(await upload(admin, csvOf(ROWS.slice(0, 3))))).toBe('200');
      expect((await t.call('GET', '/api/bulk-batches', { token: admin })).body.entity_limit).toBe(3);
    } finally {
      await t.deps.db.query('UPDATE organisations SET bulk_entity_limit = 10000 WHERE id = $1', [northwindId]);
    }
    expect((await footprint())!.cases).toBe(before!.cases);
  });

  it('refuses uploading and starting without create_new_case, with its own message', async () => {
    const res = await upload(noCreate, csvOf(ROWS));
    expect(code(res)).toBe('403 no_create_case_permission');
    expect(res.body.error_message).toBe('You do not have permission to create a case.');
    expect(code(await create(noCreate, { upload_id: '00000000-0000-4000-8000-000000000000', name: 'Nope' }))).toBe('403 no_create_case_permission');
    // Seeing the screen needs only view_bulk_search.
    expect(code(await t.call('GET', '/api/bulk-batches-list', { token: noCreate }))).toBe('200');
  });

  it('refuses bulk search on the basic plan', async () => {
    expect(code(await t.call('GET', '/api/bulk-batches', { token: planAdmin }))).toBe('403 plan_restricted');
    expect(code(await upload(planAdmin, csvOf(ROWS)))).toBe('403 plan_restricted');
    expect(code(await create(planAdmin, { upload_id: '00000000-0000-4000-8000-000000000000', name: 'Nope' }))).toBe('403 plan_restricted');
  });

  it('refuses to start a batch when the organisation has no credit at all (credits-expired)', async () => {
    const checked = await upload(admin, csvOf(ROWS.slice(0, 2)));
    const used = (await footprint())!.used;
    await t.deps.db.query('UPDATE organisations SET aml_screening_credits_alloted = $2 WHERE id = $1', [northwindId, used]);
    try {
      const res = await create(admin, { upload_id: checked.body.upload_id, name: 'No credit batch' });
      expect(code(res)).toBe('402 search_limit');
      expect(res.body.credits_expired).toBe(true);
      expect(await t.deps.db.one('SELECT state FROM bulk_batches WHERE id = $1', [checked.body.upload_id])).toEqual({ state: 'draft' });
    } finally {
      await t.deps.db.query('UPDATE organisations SET aml_screening_credits_alloted = NULL WHERE id = $1', [northwindId]);
    }
  });

  it('downloads the summary (CSV) and every case with its hits (xlsx), every row included', async () => {
    const batch = await runBatch('Download check');
    const summary = await t.app.inject({ method: 'GET', url: `/api/download-bulk-search?id=${batch.id}&format=csv`, headers: { authorization: `Bearer ${admin}` } });
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['content-disposition']).toContain('Download-check-summary.csv');
    const parsed = Papa.parse<string[]>(summary.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual(['Row', 'Name', 'Entity type', 'Status', 'Case reference', 'Hits', 'Match status', 'Case status', 'Risk level', 'Error']);
    const lines = parsed.data.slice(1);
    expect(lines.map((l) => l[1])).toEqual(ROWS.map((r) => r.name));
    expect(lines.every((l) => l[3] === 'screened' && /^AML-\d{4}-\d{6}$/.test(l[4]))).toBe(true);

    const cases = await t.deps.db.query('SELECT c.reference, c.hit_count FROM bulk_rows r JOIN cases c ON c.id = r.case_id WHERE r.batch_id = $1 ORDER BY r.row_number', [batch.id]);
    expect(lines.map((l) => Number(l[5]))).toEqual(cases.map((c) => c.hit_count));

    const data = await t.app.inject({ method: 'GET', url: `/api/download-bulk-search-data?id=${batch.id}&format=xlsx`, headers: { authorization: `Bearer ${admin}` } });
    expect(data.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values: string[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    expect(values[0].slice(0, 3)).toEqual(['Row', 'Case reference', 'Searched name']);
    const body = values.slice(1);
    // One line per hit, a case without hits once.
    expect(body.length).toBe(cases.reduce((n, c) => n + Math.max(1, c.hit_count), 0));
    for (const c of cases) expect(body.filter((l) => l[1] === c.reference).length).toBe(Math.max(1, c.hit_count));
    const hits = await t.deps.db.query(
      'SELECT h.entity_id FROM bulk_rows r JOIN case_hits h ON h.case_id = r.case_id WHERE r.batch_id = $1 ORDER BY r.row_number, h.position',
      [batch.id],
    );
    expect(body.map((l) => l[12]).filter(Boolean)).toEqual(hits.map((h) => h.entity_id));
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const rows = [{ ...ROWS[3], name: '=HYPERLINK Person', client_reference: '+CMD' }];
    const batch = await runBatch('Formula check', rows);
    const summary = await t.app.inject({ method: 'GET', url: `/api/download-bulk-search?id=${batch.id}`, headers: { authorization: `Bearer ${admin}` } });
    expect(summary.body).toContain("'=HYPERLINK Person");
    expect(summary.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('deletes a batch with a reason: its cases are deleted with it and listed as deleted with the batch name', async () => {
    const batch = await runBatch('Delete me');
    const short = await t.call('POST', '/api/delete-bulk-search', { token: admin, body: { id: batch.id, reason: 'short' } });
    expect(code(short)).toBe('400 reason_min');
    expect(code(await t.call('POST', '/api/delete-bulk-search', { token: analyst, body: { id: batch.id, reason: 'Uploaded the wrong file' } }))).toBe('403 permission_denied');

    const res = await t.call('POST', '/api/delete-bulk-search', { token: admin, body: { id: batch.id, reason: 'Uploaded the wrong file' } });
    expect(code(res)).toBe('200 batch_deleted');
    expect(res.body.batch).toMatchObject({ status: 'Deleted', phase: 'deleted', delete_reason: 'Uploaded the wrong file', deleted_by: { id: adminId, name: 'Ada Administrator' } });
    await vi.waitFor(() => expect(published.some((m) => m.event === SOCKET_EVENTS.bulkProgress && (m.payload as any).id === batch.id && (m.payload as any).status === 'Deleted')).toBe(true));

    const live = await t.call('GET', `/api/searches?batch_name=${encodeURIComponent('delete ME')}`, { token: admin });
    expect(live.body.total).toBe(0);
    const deleted = await t.call('GET', `/api/searches?batch_name=${encodeURIComponent('delete ME')}&deleted=true&page_size=100`, { token: admin });
    expect(deleted.body.total).toBe(ROWS.length);
    expect(deleted.body.data.every((c: any) => c.is_deleted && c.batch_name === 'Delete me' && c.delete_reason === 'Uploaded the wrong file')).toBe(true);
    const history = await t.call('GET', `/api/case-history?reference=${deleted.body.data[0].reference}`, { token: admin });
    expect(history.body.data.some((e: any) => e.action === 'deleted')).toBe(true);

    expect(code(await t.call('POST', '/api/delete-bulk-search', { token: admin, body: { id: batch.id, reason: 'Uploaded the wrong file' } }))).toBe('409 batch_deleted_locked');
  });

  it('filters Manage Case by batch name, whole and ignoring case', async () => {
    const batch = await runBatch('Filter By Name', ROWS.slice(0, 3));
    const res = await t.call('GET', `/api/searches?batch_name=${encodeURIComponent('filter by name')}`, { token: admin });
    expect(res.body.total).toBe(3);
    expect(res.body.data.every((c: any) => c.batch_name === 'Filter By Name')).toBe(true);
    expect((await t.call('GET', '/api/searches?batch_name=Filter', { token: admin })).body.total).toBe(0);
    expect(batch.success_count).toBe(3);
  });

  it('lists batches newest first with name, status, creator and date filters and pages', async () => {
    const list = async (query: string) => (await t.call('GET', `/api/bulk-batches-list?${query}`, { token: admin })).body;
    const all = await list('page_size=100');
    expect(all.total).toBeGreaterThanOrEqual(5);
    const created = all.rows.map((b: any) => b.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect((await list('name=ONBOARDING')).rows.map((b: any) => b.name)).toEqual(['Onboarding March']);
    expect((await list('name=%25')).total).toBe(0);
    expect((await list('status=Deleted')).rows.map((b: any) => b.name)).toEqual(['Delete me']);
    expect((await list('status=Success')).rows.every((b: any) => b.status === 'Success')).toBe(true);
    const pending = await list('status=Pending');
    expect(pending.rows.every((b: any) => b.status === 'Pending')).toBe(true);
    expect((await list(`created_by=${adminId}&page_size=100`)).total).toBe(all.total);
    expect((await list('created_by=00000000-0000-4000-8000-000000000000')).total).toBe(0);
    expect((await list('date_preset=today&page_size=100')).total).toBe(all.total);
    expect((await list('date_preset=yesterday')).total).toBe(0);
    const page2 = await list('page=2&page_size=2');
    expect(page2.rows.map((b: any) => b.id)).toEqual(all.rows.slice(2, 4).map((b: any) => b.id));
    expect(code(await t.call('GET', '/api/bulk-batches-list?date_from=2026-02-30&date_to=2026-03-01', { token: admin }))).toMatch(/^400 /);
    const banner = await t.call('GET', '/api/bulk-batches', { token: admin });
    expect(banner.body).toEqual({ entity_limit: 10_000, creators: [{ id: adminId, name: 'Ada Administrator' }] });
  });

  it("answers another organisation's batch as an unknown one", async () => {
    const foreign = await t.deps.db.one<{ id: string }>(
      `INSERT INTO bulk_batches (organisation_id, name, file_name, state, total_count) VALUES ($1, 'Harbour private batch', 'h.csv', 'finished', 0) RETURNING id`,
      [harbourId],
    );
    const id = foreign!.id;
    for (const url of [`/api/bulk-batch?id=${id}`, `/api/download-bulk-search?id=${id}`, `/api/download-bulk-search-data?id=${id}`]) {
      const res = await t.call('GET', url, { token: admin });
      expect(code(res), url).toBe('404 not_found');
    }
    expect(code(await t.call('POST', '/api/delete-bulk-search', { token: admin, body: { id, reason: 'Not my batch at all' } }))).toBe('404 not_found');
    expect((await t.call('GET', '/api/bulk-batches-list?name=Harbour', { token: admin })).body.total).toBe(0);
    expect(await t.deps.db.one('SELECT state FROM bulk_batches WHERE id = $1', [id])).toEqual({ state: 'finished' });
  });

  // Last: it adds a batch whose name the list test above would find.
  it("screens the first start's sample batch through the upload path: every row is a clean row and a case", async () => {
    const sample = await sampleBatchUpload(t.deps.db, t.config);
    expect(sample).not.toBeNull();
    await stageSampleBatch(t.deps, sample!);
    await t.deps.jobs.runDue();
    const list = await t.call('GET', `/api/bulk-batches-list?name=${encodeURIComponent(SEED_BATCH.name)}`, { token: admin });
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({ status: 'Success', total_count: SEED_BATCH.rows.length, success_count: SEED_BATCH.rows.length, failed_count: 0 });
    const cases = await t.deps.db.query('SELECT search_term, hit_count FROM cases WHERE organisation_id = $1 AND batch_name = $2', [northwindId, SEED_BATCH.name]);
    expect(cases.map((c) => c.search_term).sort()).toEqual(SEED_BATCH.rows.map(([name]) => name).sort());
    // Listed names and names no list holds, so the batch shows both kinds of case.
    expect(cases.filter((c) => c.hit_count > 0).length).toBeGreaterThan(5);
    expect(cases.filter((c) => c.hit_count === 0).length).toBeGreaterThan(2);
  });

  it('serves the template as CSV and xlsx', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/bulk-search-template?format=csv', headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('bulk-search-template.csv');
    const header = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '')).data[0];
    expect(header[0]).toBe('name');
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/bulk-search-template?format=xlsx', headers: { authorization: `Bearer ${admin}` } });
    expect(xlsx.statusCode).toBe(200);
    // The template uploads as it is.
    expect(code(await upload(admin, csv.rawPayload))).toBe('200');
  });
});
