/**
 * The case calls on PGlite and Postgres: creating a case from a search (with
 * the real lists), every validation message, credits and limits, decisions with
 * their rules and history, comments, the Manage Case list with its filters,
 * exports, deletion, reports, the dashboard, and tenancy (another
 * organisation's case answers 404 and reveals nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { SOCKET_EVENTS } from '../../common/constants';
import { buildCaseWhere, countCases, streamCases, type CaseFilter } from '../../server/cases/list';
import { forOrganisation } from '../../server/db/tenant';
import { insertRole, insertUser } from '../../server/organisations/create';
import type { RealtimeMessage } from '../../server/realtime/bus';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, seededTokens, type TestApp } from '../helpers/app';
import { multipart, TINY_PNG } from './multipart';

describe.each(DATABASE_KINDS)('case calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;
  let viewer: string;
  let analystId: string;
  let northwindId: string;
  const published: RealtimeMessage[] = [];

  const search = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/search', { token, body: { entity_type: 'person', ...body } });
  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ admin, analyst, planAdmin } = await seededTokens(t));
    const org = await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['northwind']);
    northwindId = org!.id;
    analystId = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [ANALYST.email]))!.id;
    // A user who may look at cases but not create, decide, export or delete them.
    const role = await insertRole(t.deps.db, northwindId, 'Viewer', ['view_case', 'view_case_result_detail', 'view_manage_case', 'view_dashboard']);
    await insertUser(t.deps.db, { organisationId: northwindId, roleId: role, name: 'Vera Viewer', email: 'viewer@example.com', password: 'Viewer-2026!' });
    viewer = await t.login({ email: 'viewer@example.com', password: 'Viewer-2026!' });
    await t.deps.realtime.subscribe((m) => published.push(m));
    await t.deps.screening.ready();
  });
  afterAll(() => t?.close());

  describe('search', () => {
    it('screens a misspelled listed name, finds the entity, and creates a For Review case spending one credit', async () => {
      const before = await t.deps.db.one('SELECT aml_screening_credits_used AS used FROM organisations WHERE id = $1', [northwindId]);
      const res = await search(analyst, { search_term: 'Ayman al-Zawahri', client_reference: 'CL-1' });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe('case_created');
      expect(res.body.reference).toMatch(/^AML-\d{4}-\d{6}$/);
      expect(res.body.case_status).toBe('For Review');
      const after = await t.deps.db.one('SELECT aml_screening_credits_used AS used FROM organisations WHERE id = $1', [northwindId]);
      expect(after!.used).toBe(before!.used + 1);

      const results = await t.call('GET', `/api/search_result_filter?reference=${res.body.reference}`, { token: analyst });
      expect(results.status).toBe(200);
      expect(results.body.case.search_term).toBe('Ayman al-Zawahri');
      expect(results.body.case.client_reference).toBe('CL-1');
      const top = results.body.data[0];
      expect(top.profile).toMatch(/ZAWAHIRI/);
      expect(top.appears_on.database).toBe('sanctions');
      expect(top.match_status).toBe('Potential Match');
      expect(top.risk_level).toBe('High');
      expect(top.explanation.some((f: any) => f.feature === 'name' || f.feature === 'alias')).toBe(true);

      const history = await t.call('GET', `/api/case-history?reference=${res.body.reference}`, { token: analyst });
      expect(history.body.data.map((e: any) => e.action)).toEqual(['created']);
      expect(history.body.data[0].actor.name).toBe('Alex Analyst');
    });

    it('passes a case without hits at the threshold', async () => {
      const res = await search(analyst, { search_term: 'Zzyzx Qwertyuiop', match_score: '95' });
      expect(res.body.case_status).toBe('Passed');
      expect(res.body.hit_count).toBe(0);
      const results = await t.call('GET', `/api/search_result_filter?reference=${res.body.reference}`, { token: analyst });
      expect(results.body.case).toMatchObject({ case_status: 'Passed', match_status: 'No Match', risk_level: 'Low', match_score: 95 });
    });

    it('takes the form as multipart with arrays and a face image', async () => {
      const form = multipart({
        search_term: 'Nancy Pelosy',
        entity_type: 'person',
        birth_year: '1940',
        countries: ['US'],
        databases: ['pep', 'sanctions'],
        national_id: '1234567890123',
        face_image: { filename: 'face.png', type: 'image/png', data: TINY_PNG },
      });
      const res = await t.call('POST', '/api/search', { token: analyst, body: form.body, headers: form.headers });
      expect(res.status).toBe(200);
      const results = await t.call('GET', `/api/search_result_filter?reference=${res.body.reference}`, { token: analyst });
      expect(results.body.data[0].profile).toBe('Nancy Pelosi');
      expect(results.body.case.has_face_image).toBe(true);
      expect(results.body.case.national_id).toBe('1234567890123');
      expect(results.body.case.search_input.countries).toEqual(['US']);
      const image = await t.app.inject({ method: 'GET', url: `/api/face-image?reference=${res.body.reference}`, headers: { authorization: `Bearer ${analyst}` } });
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it('answers each validation rule with its message and spends nothing', async () => {
      const before = await t.deps.db.one('SELECT aml_screening_credits_used AS used FROM organisations WHERE id = $1', [northwindId]);
      expect(code(await search(analyst, {}))).toBe('400 required');
      expect(code(await search(analyst, { search_term: 'A' }))).toBe('400 search_term_length');
      expect(code(await search(analyst, { search_term: 'x'.repeat(101) }))).toBe('400 search_term_length');
      expect(code(await search(analyst, { search_term: '12345' }))).toBe('400 search_term_letter');
      expect(code(await t.call('POST', '/api/search', { token: analyst, body: { search_term: 'Some Name' } }))).toBe('400 entity_type_required');
      expect(code(await search(analyst, { search_term: 'Some Name', entity_type: 'vessel' }))).toBe('400 entity_type_required');
      expect(code(await search(analyst, { search_term: 'Some Name', birth_year: '1899' }))).toBe('400 year_min');
      expect(code(await search(analyst, { search_term: 'Some Name', birth_year: '12345' }))).toBe('400 year_digits');
      expect(code(await search(analyst, { search_term: 'Some Name', birth_year: String(new Date().getFullYear() + 1) }))).toBe('400 year_future');
      expect(code(await search(analyst, { search_term: 'Some Name', birth_month: '13' }))).toBe('400 invalid_month');
      expect(code(await search(analyst, { search_term: 'Some Name', birth_day: '31', birth_month: '2' }))).toBe('400 invalid_day');
      expect(code(await search(analyst, { search_term: 'Some Name', national_id: '12345' }))).toBe('400 national_id_digits');
      expect(code(await search(analyst, { search_term: 'Some Name', match_score: '0' }))).toBe('400 match_score_range');
      expect(code(await search(analyst, { search_term: 'Some Name', countries: ['QQ'] }))).toBe('400 invalid_country');
      expect(code(await search(analyst, { search_term: 'Some Name', databases: [] }))).toBe('400 databases_required');
      expect(code(await search(analyst, { search_term: 'Some Name', search_type: 'profile' }))).toBe('400 profile_required');
      const gif = multipart({ search_term: 'Some Name', entity_type: 'person', face_image: { filename: 'a.gif', type: 'image/gif', data: Buffer.from('GIF89a....') } });
      expect(code(await t.call('POST', '/api/search', { token: analyst, body: gif.body, headers: gif.headers }))).toBe('400 incorrect_file_format');
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const large = multipart({ search_term: 'Some Name', entity_type: 'person', face_image: { filename: 'big.png', type: 'image/png', data: big } });
      expect(code(await t.call('POST', '/api/search', { token: analyst, body: large.body, headers: large.headers }))).toBe('413 file_size_limit_exceeds');
      const after = await t.deps.db.one('SELECT aml_screening_credits_used AS used FROM organisations WHERE id = $1', [northwindId]);
      expect(after!.used).toBe(before!.used);
    });

    it('searches by a search profile with its databases', async () => {
      const profile = await t.deps.db.one("INSERT INTO search_profiles (organisation_id, title, databases) VALUES ($1, 'PEP only', '{pep}') RETURNING id", [northwindId]);
      const res = await search(analyst, { search_term: 'Aiman al Zawahiri', search_type: 'profile', search_profile_id: profile!.id });
      expect(res.status).toBe(200);
      const results = await t.call('GET', `/api/search_result_filter?reference=${res.body.reference}`, { token: analyst });
      expect(results.body.case.databases).toEqual(['pep']);
      expect(results.body.case.search_profile.title).toBe('PEP only');
      expect(results.body.data.every((h: any) => h.appears_on.database === 'pep')).toBe(true);
    });

    it('refuses without create_new_case', async () => {
      expect(code(await search(viewer, { search_term: 'Nancy Pelosy' }))).toBe('403 permission_denied');
    });

    it('stops at the credits and the daily limit with the spec\'s messages', async () => {
      const harbour = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['harbour']))!.id;
      await t.deps.db.query('UPDATE organisations SET aml_screening_credits_alloted = 1, aml_screening_credits_used = 0, daily_search_limit = NULL WHERE id = $1', [harbour]);
      expect((await search(planAdmin, { search_term: 'Bernie Sandrs' })).status).toBe(200);
      const out = await search(planAdmin, { search_term: 'Bernie Sandrs' });
      expect(code(out)).toBe('402 search_limit');
      expect(out.body.error_message).toBe('Your search limit has been reached.');
      expect(out.body.credits_expired).toBe(true);

      await t.deps.db.query('UPDATE organisations SET aml_screening_credits_alloted = 100, daily_search_limit = 1 WHERE id = $1', [harbour]);
      const daily = await search(planAdmin, { search_term: 'Bernie Sandrs' });
      expect(code(daily)).toBe('429 daily_search_limit');
      expect(daily.body.error_message).toBe('Daily search limit has been reached.');
      const used = await t.deps.db.one('SELECT aml_screening_credits_used AS used FROM organisations WHERE id = $1', [harbour]);
      expect(used!.used).toBe(1);
    });
  });

  describe('decisions, comments and history', () => {
    let ref: string;
    let hitId: string;
    beforeAll(async () => {
      ref = (await search(analyst, { search_term: 'Aiman al Zawahiri' })).body.reference;
      hitId = (await t.call('GET', `/api/search_result_filter?reference=${ref}`, { token: analyst })).body.data[0]._id;
    });

    it('marks an entity True Positive with a comment, rolls the case up and records who did it', async () => {
      const res = await t.call('POST', '/api/decision-review', { token: analyst, body: { reference: ref, entity_ids: [hitId], match_status: 'True Positive', comment: 'Same person, confirmed by date of birth' } });
      expect(code(res)).toBe('200 decision_saved');
      const record = await t.call('GET', `/api/record?reference=${ref}&id=${hitId}`, { token: analyst });
      expect(record.body.entity).toMatchObject({ match_status: 'True Positive', decided_by: { name: 'Alex Analyst' } });
      expect(record.body.entity.entity.names.length).toBeGreaterThan(0);
      expect(record.body.case.match_status).toBe('True Positive');
      const logs = await t.call('GET', `/api/search-actions-logs?reference=${ref}&id=${hitId}`, { token: analyst });
      expect(logs.body.data.map((e: any) => e.action)).toEqual(['comment_added', 'decision']);
      expect(logs.body.data[1].details.match_status).toEqual({ from: 'Potential Match', to: 'True Positive' });
      const comments = await t.call('GET', `/api/comments?reference=${ref}&entity_id=${hitId}`, { token: analyst });
      expect(comments.body.data[0]).toMatchObject({ text: 'Same person, confirmed by date of birth', edited: false, author: { name: 'Alex Analyst' } });
    });

    it('enforces the case-status rules', async () => {
      expect(code(await t.call('POST', '/api/decision-review', { token: analyst, body: { references: [ref], case_status: 'Passed' } }))).toBe('409 confirmed_match_cannot_pass');
      expect(code(await t.call('POST', '/api/decision-review', { token: analyst, body: { references: [ref], case_status: 'Failed' } }))).toBe('200 decision_saved');
      const wrong = await t.call('POST', '/api/decision-review', { token: analyst, body: { references: [ref], case_status: 'Passed Conditionally' } });
      expect(code(wrong)).toBe('409 invalid_transition');
      expect(wrong.body.error_message).toBe('A case cannot move from Failed to Passed Conditionally.');
      expect(code(await t.call('POST', '/api/decision-review', { token: analyst, body: { references: [ref] } }))).toBe('400 decision_required');
      expect(code(await t.call('POST', '/api/decision-review', { token: viewer, body: { references: [ref], case_status: 'For Review' } }))).toBe('403 permission_denied');
    });

    it('bulk-reviews two cases: assigns, decides, comments, notifies and tells the followers', async () => {
      const a = (await search(admin, { search_term: 'Bernie Sandrs' })).body.reference;
      const b = (await search(admin, { search_term: 'Nancy Pelosy' })).body.reference;
      published.length = 0;
      const res = await t.call('POST', '/api/decision-review', {
        token: admin,
        body: { references: [a, b], assignee_ids: [analystId], risk_level: 'Medium', case_status: 'Passed Conditionally', match_status: 'True Positive - Approve', aml_monitoring: 'true', comment: 'Known PEP, approved by compliance' },
      });
      expect(code(res)).toBe('200 decision_saved');
      const list = await t.call('GET', `/api/searches?search=${a}`, { token: admin });
      expect(list.body.data[0]).toMatchObject({ case_status: 'Passed Conditionally', risk_level: 'Medium', aml_monitoring: true, assignees: [{ _id: analystId, name: 'Alex Analyst' }] });
      const notes = await t.deps.db.query("SELECT kind, params FROM notifications WHERE user_id = $1 AND params->>'ref' = ANY($2::text[]) ORDER BY kind", [analystId, [a, b]]);
      expect(notes.map((n) => n.kind)).toEqual(['case_assigned', 'case_assigned']);
      expect(notes[0].params.by).toBe('Ada Administrator');
      const history = await t.call('GET', `/api/case-history?reference=${b}`, { token: admin });
      expect(history.body.data.map((e: any) => e.action)).toEqual(['comment_added', 'assigned', 'decision', 'created']);
      // Realtime messages travel through the database's NOTIFY: wait for this one rather than a fixed time.
      await expect
        .poll(() => published.filter((m) => m.event === SOCKET_EVENTS.changeStreams))
        .toContainEqual({ room: `user:${analystId}`, event: SOCKET_EVENTS.changeStreams, payload: { userId: analystId, data: { search_reference: a } } });

      // A decision by someone else on a case assigned to the analyst notifies them.
      await t.call('POST', '/api/decision-review', { token: admin, body: { references: [a], case_status: 'Failed' } });
      const decided = await t.deps.db.one("SELECT params FROM notifications WHERE user_id = $1 AND kind = 'case_decided' AND params->>'ref' = $2", [analystId, a]);
      expect(decided!.params).toEqual({ ref: a, by: 'Ada Administrator', status: 'Failed' });
    });

    it('refuses an assignee from another organisation', async () => {
      const other = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [PLAN_ADMIN.email]))!.id;
      expect(code(await t.call('POST', '/api/decision-review', { token: admin, body: { references: [ref], assignee_ids: [other] } }))).toBe('400 assignee_invalid');
    });

    it('switches monitoring for one entity and records it', async () => {
      const res = await t.call('POST', '/api/monitor', { token: analyst, body: { reference: ref, entity_id: hitId, kind: 'adverse_media', enabled: true } });
      expect(code(res)).toBe('200 monitoring_updated');
      const record = await t.call('GET', `/api/record?reference=${ref}&id=${hitId}`, { token: analyst });
      expect(record.body.entity.adverse_media_monitoring).toBe(true);
      const logs = await t.call('GET', `/api/search-actions-logs?reference=${ref}&id=${hitId}`, { token: analyst });
      expect(logs.body.data[0]).toMatchObject({ action: 'monitoring', details: { kind: 'adverse_media', enabled: true } });
    });

    it('adds, edits and deletes comments by the rules of section 5', async () => {
      expect(code(await t.call('POST', '/api/add-comment', { token: analyst, body: { reference: ref, text: 'x' } }))).toBe('400 comment_length_min');
      expect(code(await t.call('POST', '/api/add-comment', { token: analyst, body: { reference: ref, text: 'see <script>' } }))).toBe('400 comment_characters');
      expect(code(await t.call('POST', '/api/add-comment', { token: analyst, body: { reference: ref, text: 'y'.repeat(513) } }))).toBe('400 comment_length_max');
      const added = await t.call('POST', '/api/add-comment', { token: analyst, body: { reference: ref, text: 'Escalated to the MLRO' } });
      expect(code(added)).toBe('200 comment_added');
      const id = added.body._id;
      expect(code(await t.call('POST', '/api/update-comment', { token: viewer, body: { id, text: 'Not mine' } }))).toBe('403 permission_denied');
      expect(code(await t.call('POST', '/api/update-comment', { token: analyst, body: { id, text: 'Escalated to the MLRO today' } }))).toBe('200 comment_updated');
      let comments = await t.call('GET', `/api/comments?reference=${ref}`, { token: analyst });
      expect(comments.body.data.find((c: any) => c._id === id)).toMatchObject({ text: 'Escalated to the MLRO today', edited: true });
      expect(code(await t.call('POST', '/api/delete-comment', { token: analyst, body: { id, reason: 'short' } }))).toBe('400 reason_min');
      expect(code(await t.call('POST', '/api/delete-comment', { token: analyst, body: { id, reason: 'r'.repeat(201) } }))).toBe('400 reason_max');
      expect(code(await t.call('POST', '/api/delete-comment', { token: analyst, body: { id } }))).toBe('400 required');
      expect(code(await t.call('POST', '/api/delete-comment', { token: analyst, body: { id, reason: 'Posted on the wrong case' } }))).toBe('200 comment_deleted');
      comments = await t.call('GET', `/api/comments?reference=${ref}`, { token: analyst });
      expect(comments.body.data.find((c: any) => c._id === id)).toMatchObject({ is_deleted: true, text: '', deleted_by: { name: 'Alex Analyst' } });
      const history = await t.call('GET', `/api/case-history?reference=${ref}`, { token: analyst });
      expect(history.body.data.slice(0, 3).map((e: any) => e.action)).toEqual(['comment_deleted', 'comment_edited', 'comment_added']);
    });

    it('produces the case report and the entity report as PDFs', async () => {
      const whole = await t.app.inject({ method: 'GET', url: `/api/generate-pdf?reference=${ref}`, headers: { authorization: `Bearer ${analyst}` } });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('application/pdf');
      expect(whole.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const one = await t.app.inject({ method: 'GET', url: `/api/case-report?reference=${ref}&id=${hitId}`, headers: { authorization: `Bearer ${analyst}` } });
      expect(one.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('hides every case call from another organisation (404, nothing revealed)', async () => {
      const calls = [
        t.call('GET', `/api/search_result_filter?reference=${ref}`, { token: planAdmin }),
        t.call('GET', `/api/record?reference=${ref}&id=${hitId}`, { token: planAdmin }),
        t.call('GET', `/api/case-history?reference=${ref}`, { token: planAdmin }),
        t.call('GET', `/api/comments?reference=${ref}`, { token: planAdmin }),
        t.call('POST', '/api/add-comment', { token: planAdmin, body: { reference: ref, text: 'Not my case' } }),
        t.call('GET', `/api/generate-pdf?reference=${ref}`, { token: planAdmin }),
      ];
      for (const res of await Promise.all(calls)) expect(res.status === 403 || code(res) === '404 not_found', JSON.stringify(res.body)).toBe(true);
      const comment = await t.deps.db.one('SELECT id FROM case_comments WHERE case_id = (SELECT id FROM cases WHERE reference = $1 AND organisation_id = $2) AND NOT is_deleted LIMIT 1', [ref, northwindId]);
      expect(code(await t.call('POST', '/api/update-comment', { token: planAdmin, body: { id: comment!.id, text: 'Taken over' } }))).toMatch(/^(403 plan_restricted|404 not_found|403 permission_denied)$/);
      const list = await t.call('GET', `/api/searches?search=${ref}`, { token: planAdmin });
      expect(list.body.total ?? 0).toBe(0);
    });
  });

  describe('Manage Case', () => {
    it('filters by status, date preset, relevance and text, sorts and pages on the server', async () => {
      const all = await t.call('GET', '/api/searches?page_size=100', { token: admin });
      expect(all.status).toBe(200);
      expect(all.body.total).toBeGreaterThanOrEqual(6);
      const review = await t.call('GET', '/api/searches?caseStatus=For%20Review&date_preset=today&page_size=100', { token: admin });
      expect(review.body.data.length).toBeGreaterThan(0);
      expect(review.body.data.every((c: any) => c.case_status === 'For Review')).toBe(true);
      const yesterday = await t.call('GET', '/api/searches?date_preset=yesterday', { token: admin });
      expect(yesterday.body.total).toBe(0);
      const alias = await t.call('GET', '/api/searches?relevance=alias_matched&page_size=100', { token: admin });
      expect(alias.body.data.every((c: any) => c.relevance.includes('alias_matched'))).toBe(true);
      const paged = await t.call('GET', '/api/searches?page=2&page_size=2&sort_by=reference&sort_order=asc', { token: admin });
      const sorted = [...all.body.data].map((c: any) => c.reference).sort();
      expect(paged.body.data.map((c: any) => c.reference)).toEqual(sorted.slice(2, 4));
      expect(paged.body.total).toBe(all.body.total);
      const byName = await t.call('GET', '/api/searches?search=pelosy', { token: admin });
      expect(byName.body.data.every((c: any) => /pelosy/i.test(c.search_term))).toBe(true);
    });

    it("sorts risk level by severity, not alphabetically, in the list and in the export's batches", async () => {
      const levels = ['Low', 'High', 'Whitelist', 'Medium', 'Unknown'];
      const references: string[] = [];
      for (const level of levels) {
        const created = await search(admin, { search_term: 'Zyxwvut Qponm', client_reference: `risk-sort-${level}` });
        expect(created.status).toBe(200);
        const ref = created.body.reference;
        references.push(ref);
        await t.deps.db.query('UPDATE cases SET risk_level = $1 WHERE reference = $2', [level, ref]);
      }
      const listed = await t.call('GET', '/api/searches?search=risk-sort-&sort_by=risk_level&sort_order=desc&page_size=10', { token: admin });
      expect(listed.body.data.map((c: any) => c.risk_level)).toEqual(['High', 'Medium', 'Low', 'Whitelist', 'Unknown']);
      const ascending = await t.call('GET', '/api/searches?search=risk-sort-&sort_by=risk_level&sort_order=asc&page=2&page_size=2', { token: admin });
      expect(ascending.body.data.map((c: any) => c.risk_level)).toEqual(['Low', 'Medium']);
      // The export walks the same order a batch at a time; batches of two cross every boundary.
      const streamed: string[] = [];
      for await (const batch of streamCases(forOrganisation(t.deps.db, northwindId), { search: 'risk-sort-', sort_by: 'risk_level', sort_order: 'desc' }, analystId, { batchSize: 2 })) {
        streamed.push(...batch.map((row) => row.risk_level));
      }
      expect(streamed).toEqual(['High', 'Medium', 'Low', 'Whitelist', 'Unknown']);
    });

    it('validates custom date ranges and the caseStatus query', async () => {
      const q = (s: string) => t.call('GET', `/api/searches?date_preset=custom&${s}`, { token: admin });
      expect(code(await q('date_from=2026-13-01&date_to=2026-01-02'))).toBe('400 invalid_month');
      expect(code(await q('date_from=2026-02-30&date_to=2026-03-02'))).toBe('400 invalid_day');
      expect(code(await q('date_from=01/02/2026&date_to=2026-03-02'))).toBe('400 invalid_format');
      expect(code(await q('date_from=2020-01-01&date_to=2999-01-01'))).toBe('400 future_date');
      expect(code(await q('date_from=2024-02-01&date_to=2024-01-01'))).toBe('400 date_range_order');
      expect(code(await q('date_from=2024-02-01'))).toBe('400 date_range_required');
      expect((await q('date_from=2020-01-01&date_to=2020-12-31')).body.total).toBe(0);
      expect(code(await t.call('GET', '/api/searches?caseStatus=Open', { token: admin }))).toBe('400 bad_request');
    });

    it('exports the filtered cases as CSV and Excel with formula cells neutralised', async () => {
      await search(admin, { search_term: 'Alexandria Ocasio Cortez', client_reference: '=HYPERLINK("http://x")' });
      const filtered = await t.call('GET', '/api/searches?caseStatus=For%20Review&page_size=100', { token: admin });
      const csv = await t.app.inject({ method: 'GET', url: '/api/download-cases?format=csv&caseStatus=For%20Review', headers: { authorization: `Bearer ${admin}` } });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="cases-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0].startsWith('Case reference,Searched name')).toBe(true);
      expect(lines.length - 1).toBe(filtered.body.total);
      expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);

      const xlsx = await t.app.inject({ method: 'GET', url: '/api/download-cases?format=xlsx&caseStatus=For%20Review', headers: { authorization: `Bearer ${admin}` } });
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
      expect(rows.length).toBe(filtered.body.total);
      expect(rows.map((r) => r['Case reference']).sort()).toEqual(filtered.body.data.map((c: any) => c.reference).sort());
      expect(rows.find((r) => r['Searched name'] === 'Alexandria Ocasio Cortez')!['Client reference']).toBe(`'=HYPERLINK("http://x")`);
      expect(code(await t.call('GET', '/api/download-cases?format=csv', { token: viewer }))).toBe('403 permission_denied');
      expect(code(await t.call('GET', '/api/download-cases?date_preset=custom&date_from=2024-02-01&date_to=2024-01-01', { token: admin }))).toBe('400 date_range_order');
    });

    it('deletes cases with a reason; they leave the list and appear under the deleted filter, read-only', async () => {
      const ref = (await search(analyst, { search_term: 'Mohammed Omar' })).body.reference;
      expect(code(await t.call('POST', '/api/delete-cases', { token: analyst, body: { references: [ref], reason: 'Duplicate of an earlier case' } }))).toBe('403 permission_denied');
      expect(code(await t.call('POST', '/api/delete-cases', { token: admin, body: { references: [ref], reason: 'too short' } }))).toBe('400 reason_min');
      expect(code(await t.call('POST', '/api/delete-cases', { token: admin, body: { references: [ref], reason: 'Duplicate of an earlier case' } }))).toBe('200 cases_deleted');
      expect((await t.call('GET', `/api/searches?search=${ref}`, { token: admin })).body.total).toBe(0);
      const deleted = await t.call('GET', `/api/searches?search=${ref}&deleted=true`, { token: admin });
      expect(deleted.body.data[0]).toMatchObject({ is_deleted: true, delete_reason: 'Duplicate of an earlier case', deleted_by: { name: 'Ada Administrator' } });
      expect(code(await t.call('POST', '/api/decision-review', { token: admin, body: { references: [ref], risk_level: 'Low' } }))).toBe('409 case_deleted_locked');
    });
  });

  it('keeps the daily counts behind the totals equal to counting the cases, through creations, decisions and deletions', async () => {
    const admin = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [ADMIN.email]))!.id;
    // A case from an earlier day, so whole days and partial days both take part.
    await t.deps.db.query("UPDATE cases SET created_at = now() - interval '3 days' WHERE id = (SELECT id FROM cases WHERE organisation_id = $1 ORDER BY created_at LIMIT 1)", [northwindId]);
    const filters: CaseFilter[] = [
      {},
      { caseStatus: 'For Review' },
      { deleted: 'true' },
      { date_preset: 'today' },
      { date_preset: 'last_7_days', case_status: ['Failed', 'Passed'] },
      { date_preset: 'yesterday' },
      { date_preset: 'all_time', tz_offset: -330 },
    ];
    for (const filter of filters) {
      const { where, params } = buildCaseWhere(filter, admin);
      const northwind = forOrganisation(t.deps.db, northwindId);
      const exact = (await northwind.one(`SELECT count(*)::int AS n FROM cases c WHERE ${where}`, params))!.n;
      expect(await countCases(northwind, filter, admin), JSON.stringify(filter)).toBe(exact);
    }
  });

  describe('dashboard and reference data', () => {
    it('counts cases by status and category for a preset', async () => {
      const today = await t.call('GET', '/api/searches-categories?date_preset=today', { token: admin });
      expect(today.status).toBe(200);
      const live = await t.call('GET', '/api/searches?page_size=1&date_preset=today', { token: admin });
      expect(today.body.totals.total).toBe(live.body.total);
      const review = await t.call('GET', '/api/searches?caseStatus=For%20Review&page_size=1&date_preset=today', { token: admin });
      expect(today.body.totals.for_review).toBe(review.body.total);
      expect(today.body.categories.find((c: any) => c.category === 'sanctions').count).toBeGreaterThan(0);
      const last = await t.call('GET', '/api/searches-categories?date_preset=last_month', { token: admin });
      expect(last.body.totals.total).toBe(0);
    });

    it('serves countries, entity types, categories and the lists', async () => {
      const countries = await t.call('GET', '/api/countries', { token: analyst });
      expect(countries.body.data).toContainEqual({ code: 'FR', name: 'France' });
      expect(countries.body.data.find((c: any) => c.code === 'YU')).toBeUndefined();
      expect((await t.call('GET', '/api/entity-types', { token: analyst })).body.data.map((e: any) => e.value)).toEqual(['person', 'company', 'location']);
      const categories = await t.call('GET', '/api/categories', { token: analyst });
      expect(categories.body.data.find((c: any) => c.value === 'sanctions').entities).toBeGreaterThan(500);
      expect((await t.call('GET', '/api/sources', { token: analyst })).body.state).toBe('ready');
      const health = await t.call('GET', '/api/health');
      expect(health.body.lists.state).toBe('ready');
      expect(health.body.lists.entities).toBeGreaterThan(1000);
      expect(code(await t.call('GET', '/api/countries'))).toBe('401 token_invalid');
    });
  });
});
