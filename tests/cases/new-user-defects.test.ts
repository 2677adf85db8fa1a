/**
 * What a new user ran into, on PGlite and Postgres: a search over adverse media
 * only (which nothing screens yet) is refused before anything is spent instead
 * of passing a sanctioned name; the search's success message carries the case
 * reference; monitoring switched on for one entity reads "on" for its case in
 * the case view, the Manage Case list and both exports; and the dashboard's
 * status counts add up to its total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { DATABASE_KINDS } from '../helpers/databases';
import { createTestApp, seededTokens, type TestApp } from '../helpers/app';
import { multipart } from './multipart';

/** RFC 4180 rows (quoted cells with "" for a quote), as a spreadsheet reads the export. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const records = (rows: string[][]) => rows.slice(1).map((r) => Object.fromEntries(rows[0].map((h, i) => [h, r[i]])));

describe.each(DATABASE_KINDS)('what a new user hits, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let northwindId: string;

  const search = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/search', { token, body: { entity_type: 'person', ...body } });
  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const spent = async () => (await t.deps.db.one<{ used: number }>('SELECT aml_screening_credits_used AS used FROM organisations WHERE id = $1', [northwindId]))!.used;
  const caseCount = async () => (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM cases WHERE organisation_id = $1', [northwindId]))!.n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ admin, analyst } = await seededTokens(t));
    northwindId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['northwind']))!.id;
    await t.deps.screening.ready();
  });
  afterAll(() => t?.close());

  describe('a search over adverse media only', () => {
    it('is refused with a clear message, as JSON and as the form sends it, and spends nothing', async () => {
      const [credits, cases] = [await spent(), await caseCount()];
      const json = await search(analyst, { search_term: 'Ayman al-Zawahiri', databases: ['adverse_media'] });
      expect(code(json)).toBe('400 adverse_media_unavailable');
      expect(json.body.error_message).toBe('Adverse media screening is not available yet. Choose Sanctions, PEP or Warnings and regulatory enforcement.');
      expect(json.body.field).toBe('databases');

      const form = multipart({ search_term: 'Ayman al-Zawahiri', entity_type: 'person', search_type: 'manual', databases: ['adverse_media'] });
      const posted = await t.call('POST', '/api/search', { token: analyst, body: form.body, headers: form.headers });
      expect(code(posted)).toBe('400 adverse_media_unavailable');
      expect(code(await search(analyst, { search_term: 'Ayman al-Zawahiri', databases: 'adverse_media' }))).toBe('400 adverse_media_unavailable');

      expect(await spent()).toBe(credits);
      expect(await caseCount()).toBe(cases);
    });

    it('is refused through a search profile that holds only adverse media', async () => {
      const profile = await t.deps.db.one<{ id: string }>("INSERT INTO search_profiles (organisation_id, title, databases) VALUES ($1, 'Media only', '{adverse_media}') RETURNING id", [northwindId]);
      const credits = await spent();
      const res = await search(analyst, { search_term: 'Ayman al-Zawahiri', search_type: 'profile', search_profile_id: profile!.id });
      expect(code(res)).toBe('400 adverse_media_unavailable');
      expect(res.body.field).toBe('search_profile_id');
      expect(await spent()).toBe(credits);
    });

    it('still screens the other databases chosen beside adverse media, and never passes the sanctioned name', async () => {
      const res = await search(analyst, { search_term: 'Ayman al-Zawahiri', databases: ['adverse_media', 'sanctions'] });
      expect(res.status).toBe(200);
      expect(res.body.hit_count).toBeGreaterThan(0);
      expect(res.body.case_status).toBe('For Review');
    });
  });

  describe('the search\'s success message', () => {
    it('names the new case', async () => {
      const res = await search(analyst, { search_term: 'Zzyzx Qwertyuiop', match_score: '95' });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe('case_created');
      expect(res.body.message).toBe(`Case ${res.body.reference} created.`);
      expect(res.body.values).toEqual({ ref: res.body.reference });
    });
  });

  describe('monitoring switched on for one entity', () => {
    it('reads "on" for its case in the case view, the list, the CSV and the Excel export, and off everywhere once switched off', async () => {
      const created = await search(analyst, { search_term: 'Ayman al-Zawahiri' });
      const reference: string = created.body.reference;
      const results = await t.call('GET', `/api/search_result_filter?reference=${reference}`, { token: analyst });
      expect(results.body.case.aml_monitoring).toBe(false);
      expect(results.body.data.length).toBeGreaterThan(0);
      const hit = results.body.data[0];

      const switched = await t.call('POST', '/api/monitor', { token: analyst, body: { reference, entity_id: hit._id, kind: 'aml', enabled: true } });
      expect(switched.status).toBe(200);

      const view = async () => (await t.call('GET', `/api/search_result_filter?reference=${reference}`, { token: analyst })).body.case;
      const listed = async () => (await t.call('GET', `/api/searches?search=${reference}`, { token: analyst })).body.data[0];
      const csv = async () => {
        const res = await t.app.inject({ method: 'GET', url: `/api/download-cases?format=csv&search=${reference}`, headers: { authorization: `Bearer ${admin}` } });
        expect(res.statusCode).toBe(200);
        const rows = records(parseCsv(res.body));
        expect(rows).toHaveLength(1);
        return rows[0];
      };
      const xlsx = async () => {
        const res = await t.app.inject({ method: 'GET', url: `/api/download-cases?format=xlsx&search=${reference}`, headers: { authorization: `Bearer ${admin}` } });
        const book = XLSX.read(res.rawPayload, { type: 'buffer' });
        const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
        expect(rows).toHaveLength(1);
        return rows[0];
      };

      const detail = await view();
      expect(detail.aml_monitoring).toBe(true);
      expect(detail.monitoring.aml).toEqual({ case: false, entities: 1 });
      expect(detail.monitoring.of_entities).toBe(results.body.data.length);
      expect(detail.adverse_media_monitoring).toBe(false);
      expect((await listed()).aml_monitoring).toBe(true);
      expect((await csv())['AML monitoring']).toBe('true');
      expect((await csv())['Adverse media monitoring']).toBe('false');
      expect((await xlsx())['AML monitoring']).toBe(true);

      // Switched off for the case from Manage Case's review: every entity follows, and every view says off.
      const review = await t.call('POST', '/api/decision-review', { token: analyst, body: { references: [reference], aml_monitoring: false } });
      expect(review.status).toBe(200);
      expect((await view()).aml_monitoring).toBe(false);
      expect((await view()).monitoring.aml).toEqual({ case: false, entities: 0 });
      expect((await listed()).aml_monitoring).toBe(false);
      expect((await csv())['AML monitoring']).toBe('false');
      const history = await t.call('GET', `/api/case-history?reference=${reference}`, { token: analyst });
      expect(history.body.data[0]).toMatchObject({ action: 'monitoring', details: { aml_monitoring: false } });

      // Switched on for the whole case, it reaches every entity.
      await t.call('POST', '/api/monitor', { token: analyst, body: { reference, kind: 'aml', enabled: true } });
      expect((await view()).monitoring.aml).toEqual({ case: true, entities: results.body.data.length });
    });
  });

  describe('the dashboard', () => {
    it('counts every status, so the cards add up to the total Manage Case shows', async () => {
      const created = await search(analyst, { search_term: 'Nancy Pelosy' });
      const decided = await t.call('POST', '/api/decision-review', { token: analyst, body: { references: [created.body.reference], case_status: 'Passed Conditionally' } });
      expect(decided.status).toBe(200);
      const res = await t.call('GET', '/api/searches-categories?date_preset=all_time', { token: admin });
      expect(res.status).toBe(200);
      const { total, passed, passed_conditionally, for_review, failed } = res.body.totals;
      expect(passed_conditionally).toBeGreaterThanOrEqual(1);
      expect(passed + passed_conditionally + for_review + failed).toBe(total);
      const list = await t.call('GET', '/api/searches?date_preset=all_time', { token: admin });
      expect(list.body.total).toBe(total);
    });
  });
});
