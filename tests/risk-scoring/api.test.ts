/**
 * The risk-scoring calls on PGlite and Postgres: every call's success, each validation message, the
 * permissions and the basic plan, another organisation's engines and cases, one active engine at a time,
 * copies' titles, trying a definition on a case and on a sample, and an engine deciding real cases (the
 * UN list's Ayman al-Zawahri), a saved case keeping the version it was decided with, the active engine
 * deciding searches that choose none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRole, insertUser } from '../../server/organisations/create';
import { DATABASE_KINDS } from '../helpers/databases';
import { ANALYST, createTestApp, seededTokens, type TestApp } from '../helpers/app';

/** The UN Security Council's record of Aiman al-Zawahiri (QDi.006): sanctions, Egypt, an Al-Qaida designation. */
const ZAWAHIRI = 'un_sc_consolidated:111923';

const DECISIONS = { blacklisted: 'failed', whitelisted: 'passed', high_risk: 'failed', medium_risk: 'for review', low_risk: 'passed' };
const definition = (overrides: Record<string, unknown> = {}) => ({
  model_name: 'Sanctions and terrorism',
  low_threshold: 10,
  medium_threshold: 40,
  high_threshold: 70,
  rules: [{ country: 'any', category: 'sanctions', record: 'terrorism', weightage: 80 }],
  decisions: DECISIONS,
  ...overrides,
});

describe.each(DATABASE_KINDS)('risk scoring API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;
  let northwindId: string;
  let harbourId: string;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${++counter}`;
  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}${res.body?.field ? ` ${res.body.field}` : ''}`;

  const post = (path: string, body: unknown, token = admin) => t.call('POST', `/api${path}`, { token, body });
  const get = (path: string, token = admin) => t.call('GET', `/api${path}`, { token });
  const create = (title: string, overrides: Record<string, unknown> = {}, token = admin) => post('/create-risk-score-engine', { title, ...definition(overrides) }, token);
  const createId = async (title: string, overrides: Record<string, unknown> = {}) => {
    const res = await create(title, overrides);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.engine._id as string;
  };
  const activeIds = async (organisationId = northwindId) =>
    (await t.deps.db.query<{ id: string }>('SELECT id FROM risk_score_engines WHERE organisation_id = $1 AND is_active ORDER BY id', [organisationId])).map((r) => r.id);
  const search = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/search', { token, body: { entity_type: 'person', ...body } });
  const caseOf = async (reference: string) => (await get(`/search_result_filter?reference=${reference}`)).body;

  /** A user of Northwind whose role holds just these permissions. */
  async function userWith(permissions: string[]) {
    const n = ++counter;
    const role = await insertRole(t.deps.db, northwindId, `Risk role ${n}`, permissions);
    const email = `risk.${n}@example.com`;
    await insertUser(t.deps.db, { organisationId: northwindId, roleId: role, name: 'Rhea Risk', email, password: ANALYST.password });
    return t.login({ email, password: ANALYST.password });
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ admin, analyst, planAdmin } = await seededTokens(t));
    northwindId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['northwind']))!.id;
    harbourId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['harbour']))!.id;
    await t.deps.screening.ready();
  }, 120_000);
  afterAll(() => t?.close());

  describe('creating, reading and listing', () => {
    it('creates an engine at version 1, not active, with who made it, and records it in the audit history', async () => {
      const title = unique('Terror desk');
      const res = await create(title);
      expect(code(res)).toBe('200 risk_engine_created');
      expect(res.body.message).toBe(`Risk engine ${title} created.`);
      expect(res.body.engine).toMatchObject({
        title,
        model_name: 'Sanctions and terrorism',
        low_threshold: 10,
        medium_threshold: 40,
        high_threshold: 70,
        rules: [{ country: 'any', category: 'sanctions', record: 'terrorism', weightage: 80 }],
        decisions: DECISIONS,
        version: 1,
        is_active: false,
        created_by: { name: 'Ada Administrator' },
        updated_by: { name: 'Ada Administrator' },
      });
      const audit = await t.deps.db.one("SELECT details FROM audit_events WHERE action = 'risk_engine.created' AND target_id = $1", [res.body.engine._id]);
      expect(audit!.details).toMatchObject({ title, rules: 1 });

      const one = await get(`/risk-score-engine?id=${res.body.engine._id}`);
      expect(one.status).toBe(200);
      expect(one.body.engine).toEqual(res.body.engine);
    });

    it('keeps the default decisions for outcomes left out, no low threshold when none is given, and countries in capitals', async () => {
      const res = await post('/create-risk-score-engine', {
        title: unique('Defaults'),
        model_name: 'M',
        medium_threshold: '25.5',
        high_threshold: '50',
        rules: [{ country: 'eg', category: 'any', record: 'any', weightage: '5' }],
        decisions: { high_risk: 'failed' },
      });
      // 'M' is one character: the model name follows the title's rule.
      expect(code(res)).toBe('400 risk_title_length model_name');
      const ok = await post('/create-risk-score-engine', {
        title: unique('Defaults'),
        model_name: 'Model',
        medium_threshold: '25.5',
        high_threshold: '50',
        rules: [{ country: 'eg', category: 'any', record: 'any', weightage: '5' }],
        decisions: { high_risk: 'failed' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.engine).toMatchObject({
        low_threshold: null,
        medium_threshold: 25.5,
        high_threshold: 50,
        rules: [{ country: 'EG', category: 'any', record: 'any', weightage: 5 }],
        decisions: { blacklisted: 'failed', whitelisted: 'passed', high_risk: 'failed', medium_risk: 'for review', low_risk: 'passed' },
      });
    });

    it('lists a page of engines, the active one first, searched by title, with their rules and versions', async () => {
      const a = await createId(unique('Listing zulu'));
      const b = await createId(unique('Listing alpha'));
      await post('/active-risk-score-engine', { id: a, active: true });
      const res = await get('/view-risk-score-engine?search=listing&page=1&page_size=10');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page: 1, page_size: 10, total: 2 });
      expect(res.body.data.map((e: { _id: string }) => e._id)).toEqual([a, b]);
      expect(res.body.data[0]).toMatchObject({ is_active: true, version: 1, rules: [{ record: 'terrorism' }] });
      const second = await get('/view-risk-score-engine?search=listing&page=2&page_size=1');
      expect(second.body.data.map((e: { _id: string }) => e._id)).toEqual([b]);
      expect(second.body.total).toBe(2);
      const past = await get('/view-risk-score-engine?search=listing&page=5&page_size=1');
      expect(past.body).toMatchObject({ total: 2, data: [] });
      // The user's own % and _ match themselves.
      expect((await get('/view-risk-score-engine?search=%25')).body.total).toBe(0);
      await post('/active-risk-score-engine', { id: a, active: false });
    });
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['no title', { title: undefined }, '400 required title'],
      ['a one-letter title', { title: 'A' }, '400 risk_title_length title'],
      ['a title of 51 characters', { title: 'T'.repeat(51) }, '400 risk_title_length title'],
      ['a title with special characters', { title: 'Engine <b>' }, '400 risk_title_characters title'],
      ['no model name', { model_name: '  ' }, '400 required model_name'],
      ['no medium threshold', { medium_threshold: '' }, '400 risk_threshold_required medium_threshold'],
      ['no high threshold', { high_threshold: null }, '400 risk_threshold_required high_threshold'],
      ['a zero threshold', { low_threshold: 0 }, '400 risk_threshold_zero low_threshold'],
      ['a threshold that is not a number', { medium_threshold: 'forty' }, '400 risk_threshold_number medium_threshold'],
      ['a threshold above 10000', { high_threshold: 10_001 }, '400 risk_threshold_number high_threshold'],
      ['three decimals', { high_threshold: '70.125' }, '400 risk_threshold_number high_threshold'],
      ['medium not below high', { medium_threshold: 70 }, '400 risk_threshold_order high_threshold'],
      ['low not below medium', { low_threshold: 40 }, '400 risk_threshold_order medium_threshold'],
      ['no rule', { rules: [] }, '400 risk_rules_required rules'],
      ['101 rules', { rules: Array.from({ length: 101 }, () => ({ country: 'any', category: 'any', record: 'any', weightage: 1 })) }, '400 risk_rules_too_many rules'],
      ['a rule without a country', { rules: [{ country: '', category: 'pep', record: 'any', weightage: 5 }] }, '400 required rules.0.country'],
      ['a rule without a category', { rules: [{ country: 'any', record: 'any', weightage: 5 }] }, '400 required rules.0.category'],
      ['a rule without a record', { rules: [{ country: 'any', category: 'pep', record: ' ', weightage: 5 }] }, '400 required rules.0.record'],
      ['a rule without a weightage', { rules: [{ country: 'any', category: 'pep', record: 'any' }] }, '400 required rules.0.weightage'],
      ['a zero weightage', { rules: [{ country: 'any', category: 'pep', record: 'any', weightage: 0 }] }, '400 risk_weightage_range rules.0.weightage'],
      ['a fractional weightage', { rules: [{ country: 'any', category: 'pep', record: 'any', weightage: 1.5 }] }, '400 risk_weightage_range rules.0.weightage'],
      ['a country that is no country name', { rules: [{ country: 'Atlantis', category: 'pep', record: 'any', weightage: 5 }] }, '400 risk_rule_country rules.0.country'],
      ['a country that does not exist', { rules: [{ country: 'any', category: 'pep', record: 'any', weightage: 5 }, { country: 'XX', category: 'pep', record: 'any', weightage: 5 }] }, '400 risk_rule_country rules.1.country'],
      ['an unknown category', { rules: [{ country: 'any', category: 'gossip', record: 'any', weightage: 5 }] }, '400 risk_rule_category rules.0.category'],
      ['an unknown record condition', { rules: [{ country: 'any', category: 'pep', record: 'rumoured', weightage: 5 }] }, '400 risk_rule_record rules.0.record'],
      ['an unknown decision', { decisions: { high_risk: 'shrug' } }, '400 bad_request decisions.high_risk'],
    ];
    it.each(cases)('refuses %s', async (_name, overrides, expected) => {
      const before = (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM risk_score_engines'))!.n;
      const res = await post('/create-risk-score-engine', { title: unique('Checked'), ...definition(), ...overrides });
      expect(code(res)).toBe(expected);
      expect(res.body.error_message).toBeTruthy();
      expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM risk_score_engines'))!.n).toBe(before);
    });

    it('refuses a title the organisation already uses, whatever its case', async () => {
      const title = unique('Taken title');
      await createId(title);
      const res = await create(title.toUpperCase());
      expect(code(res)).toBe('409 risk_title_exists title');
      expect(res.body.error_message).toBe('An engine with this title already exists.');
    });
  });

  describe('updating', () => {
    it('saves the next version, says cases keep theirs, and records what changed', async () => {
      const id = await createId(unique('Versioned'));
      const title = unique('Versioned renamed');
      const res = await post('/update-risk-score-engine', { id, title, ...definition({ high_threshold: 60 }) });
      expect(code(res)).toBe('200 risk_engine_updated');
      expect(res.body.message).toBe(`Risk engine ${title} saved as version 2. Cases already decided keep the version they were decided with.`);
      expect(res.body.values).toEqual({ title, version: 2 });
      expect(res.body.engine).toMatchObject({ title, high_threshold: 60, version: 2 });
      const audit = await t.deps.db.one("SELECT details FROM audit_events WHERE action = 'risk_engine.updated' AND target_id = $1", [id]);
      expect(audit!.details).toMatchObject({ version: 2, changed: ['title', 'high_threshold'] });
      // Saving the same definition again changes nothing and makes no version.
      const same = await post('/update-risk-score-engine', { id, title, ...definition({ high_threshold: 60 }) });
      expect(code(same)).toBe('200 risk_engine_unchanged');
      expect(same.body.engine.version).toBe(2);
    });

    it("refuses another engine's title, a bad definition, and an unknown engine", async () => {
      const taken = unique('Update taken');
      await createId(taken);
      const id = await createId(unique('Update me'));
      expect(code(await post('/update-risk-score-engine', { id, title: taken.toLowerCase(), ...definition() }))).toBe('409 risk_title_exists title');
      expect(code(await post('/update-risk-score-engine', { id, title: 'Fine', ...definition({ rules: [] }) }))).toBe('400 risk_rules_required rules');
      expect(code(await post('/update-risk-score-engine', { id: '00000000-0000-4000-8000-000000000000', title: 'Fine', ...definition() }))).toBe('404 not_found');
      expect(code(await post('/update-risk-score-engine', { id: 'not-an-id', title: 'Fine', ...definition() }))).toBe('404 not_found');
      expect((await get(`/risk-score-engine?id=${id}`)).body.engine.version).toBe(1);
    });
  });

  describe('duplicating and deleting', () => {
    it('copies as "(copy)", then "(copy 2)", not active, at version 1', async () => {
      const title = unique('Original');
      const id = await createId(title);
      await post('/update-risk-score-engine', { id, title, ...definition({ medium_threshold: 30 }) });
      await post('/active-risk-score-engine', { id, active: true });
      const first = await post('/duplicate-risk-score-engine', { id });
      expect(code(first)).toBe('200 risk_engine_duplicated');
      expect(first.body.message).toBe(`Risk engine copied as ${title} (copy).`);
      expect(first.body.engine).toMatchObject({ title: `${title} (copy)`, version: 1, is_active: false, medium_threshold: 30, rules: definition().rules });
      const second = await post('/duplicate-risk-score-engine', { id });
      expect(second.body.engine.title).toBe(`${title} (copy 2)`);
      expect(await activeIds()).toEqual([id]);
      await post('/active-risk-score-engine', { id, active: false });
    });

    it('keeps a copy of a long title within 50 characters', async () => {
      const title = `Long ${'x'.repeat(40)} ${++counter}`.slice(0, 50);
      const id = await createId(title);
      const copies = [];
      for (let i = 0; i < 3; i++) copies.push((await post('/duplicate-risk-score-engine', { id })).body.engine.title as string);
      expect(copies.every((c) => c.length <= 50)).toBe(true);
      expect(copies[0].endsWith(' (copy)')).toBe(true);
      expect(copies[1].endsWith(' (copy 2)')).toBe(true);
      expect(copies[2].endsWith(' (copy 3)')).toBe(true);
    });

    it('deletes an engine; deleting the active one leaves the default rules', async () => {
      const id = await createId(unique('Doomed'));
      await post('/active-risk-score-engine', { id, active: true });
      const res = await post('/delete-risk-score-engine', { id });
      expect(code(res)).toBe('200 risk_engine_deleted');
      expect(res.body.message).toBe('Risk engine deleted. Cases scored with it keep their scores.');
      expect((await get(`/risk-score-engine?id=${id}`)).status).toBe(404);
      expect(await activeIds()).toEqual([]);
      expect(code(await post('/delete-risk-score-engine', { id }))).toBe('404 not_found');
      const audit = await t.deps.db.one("SELECT details FROM audit_events WHERE action = 'risk_engine.deleted' AND target_id = $1", [id]);
      expect(audit!.details).toMatchObject({ was_active: true, version: 1 });
    });
  });

  describe('the active engine', () => {
    it('is one at a time: activating one switches the other off in the same change', async () => {
      const a = await createId(unique('Active A'));
      const b = await createId(unique('Active B'));
      const first = await post('/active-risk-score-engine', { id: a, active: true });
      expect(code(first)).toBe('200 risk_engine_activated');
      expect(first.body.message).toContain('is now the active engine');
      expect(await activeIds()).toEqual([a]);
      const second = await post('/active-risk-score-engine', { id: b, active: 'true' });
      expect(second.body.deactivated).toEqual([{ _id: a, title: expect.stringContaining('Active A') }]);
      expect(await activeIds()).toEqual([b]);
      const list = (await get('/risk-score-engine-list')).body.data as { _id: string; is_active: boolean }[];
      expect(list.filter((e) => e.is_active).map((e) => e._id)).toEqual([b]);
      // Activating the active one again changes nothing.
      expect((await post('/active-risk-score-engine', { id: b, active: true })).body.deactivated).toEqual([]);
      const off = await post('/active-risk-score-engine', { id: b, active: false });
      expect(code(off)).toBe('200 risk_engine_deactivated');
      expect(off.body.message).toContain('the default rules');
      expect(await activeIds()).toEqual([]);
      const actions = await t.deps.db.query("SELECT action FROM audit_events WHERE target_id = $1 AND action LIKE 'risk_engine.%activated' ORDER BY id", [b]);
      expect(actions.map((r) => r.action)).toEqual(['risk_engine.activated', 'risk_engine.deactivated']);
    });

    it('stays one when two activations arrive at once', async () => {
      const ids = [await createId(unique('Race A')), await createId(unique('Race B')), await createId(unique('Race C'))];
      const answers = await Promise.all(ids.map((id) => post('/active-risk-score-engine', { id, active: true })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect((await activeIds()).length).toBe(1);
      await post('/active-risk-score-engine', { id: (await activeIds())[0], active: false });
    });
  });

  describe('access', () => {
    const CALLS: [string, string, Record<string, unknown> | undefined][] = [
      ['GET', '/api/view-risk-score-engine', undefined],
      ['GET', '/api/risk-score-engine?id=00000000-0000-4000-8000-000000000000', undefined],
      ['POST', '/api/create-risk-score-engine', { title: 'Nope', ...definition() }],
      ['POST', '/api/update-risk-score-engine', { id: '00000000-0000-4000-8000-000000000000', title: 'Nope', ...definition() }],
      ['POST', '/api/duplicate-risk-score-engine', { id: '00000000-0000-4000-8000-000000000000' }],
      ['POST', '/api/active-risk-score-engine', { id: '00000000-0000-4000-8000-000000000000', active: true }],
      ['POST', '/api/delete-risk-score-engine', { id: '00000000-0000-4000-8000-000000000000' }],
      ['POST', '/api/try-risk-score-engine', { ...definition(), sample: { database: 'sanctions', countries: [], records: [] } }],
    ];

    it('refuses every call without view_risk_score_engine (the seeded analyst)', async () => {
      for (const [method, url, body] of CALLS) {
        const res = await t.call(method as 'GET', url, { token: analyst, body });
        expect(code(res), url).toBe('403 permission_denied');
      }
    });

    it('lets a viewer read and try but not write; each write needs its own permission', async () => {
      const viewer = await userWith(['view_risk_score_engine', 'view_case']);
      const id = await createId(unique('Permissions'));
      expect((await get('/view-risk-score-engine', viewer)).status).toBe(200);
      expect((await get(`/risk-score-engine?id=${id}`, viewer)).status).toBe(200);
      expect((await post('/try-risk-score-engine', { ...definition(), sample: { database: 'sanctions', countries: [], records: [] } }, viewer)).status).toBe(200);
      expect(code(await create(unique('Viewer made'), {}, viewer))).toBe('403 permission_denied');
      expect(code(await post('/update-risk-score-engine', { id, title: 'Viewer edit', ...definition() }, viewer))).toBe('403 permission_denied');
      expect(code(await post('/duplicate-risk-score-engine', { id }, viewer))).toBe('403 permission_denied');
      expect(code(await post('/active-risk-score-engine', { id, active: true }, viewer))).toBe('403 permission_denied');
      expect(code(await post('/delete-risk-score-engine', { id }, viewer))).toBe('403 permission_denied');

      const creator = await userWith(['view_risk_score_engine', 'create_risk_score_engine']);
      expect((await create(unique('Creator made'), {}, creator)).status).toBe(200);
      expect((await post('/duplicate-risk-score-engine', { id }, creator)).status).toBe(200);
      expect(code(await post('/active-risk-score-engine', { id, active: true }, creator))).toBe('403 permission_denied');
      const updater = await userWith(['view_risk_score_engine', 'update_risk_score_engine']);
      expect((await post('/active-risk-score-engine', { id, active: true }, updater)).status).toBe(200);
      expect((await post('/active-risk-score-engine', { id, active: false }, updater)).status).toBe(200);
      const deleter = await userWith(['view_risk_score_engine', 'delete_risk_score_engine']);
      expect((await post('/delete-risk-score-engine', { id }, deleter)).status).toBe(200);
    });

    it('lets someone who may not read cases try an engine on a sample only', async () => {
      const token = await userWith(['view_risk_score_engine']);
      const reference = (await search({ search_term: 'Ayman al-Zawahri' })).body.reference;
      expect(code(await post('/try-risk-score-engine', { ...definition(), reference }, token))).toBe('403 permission_denied reference');
    });

    it('refuses every call on the basic plan, and offers Create New Case no engine there', async () => {
      for (const [method, url, body] of CALLS) {
        const res = await t.call(method as 'GET', url, { token: planAdmin, body });
        expect(code(res), url).toBe('403 plan_restricted');
      }
      // An engine kept from before a downgrade decides nothing, so the search form does not offer it.
      await t.deps.db.query("INSERT INTO risk_score_engines (organisation_id, title, model_name, medium_threshold, high_threshold, is_active) VALUES ($1, 'Harbour kept', 'Kept', 40, 70, true)", [harbourId]);
      expect((await get('/risk-score-engine-list', planAdmin)).body).toEqual({ data: [] });
    });
  });

  describe("another organisation's records", () => {
    it('answers an engine of another organisation like an unknown one, and changes nothing of it', async () => {
      const row = await t.deps.db.one<{ id: string }>(
        "INSERT INTO risk_score_engines (organisation_id, title, model_name, medium_threshold, high_threshold, rules, decisions) VALUES ($1, 'Harbour secret engine', 'Secret', 40, 70, '[]', '{}') RETURNING id",
        [harbourId],
      );
      const foreign = row!.id;
      const before = await t.deps.db.one('SELECT * FROM risk_score_engines WHERE id = $1', [foreign]);
      const answers = [
        await get(`/risk-score-engine?id=${foreign}`),
        await post('/update-risk-score-engine', { id: foreign, title: 'Stolen', ...definition() }),
        await post('/duplicate-risk-score-engine', { id: foreign }),
        await post('/active-risk-score-engine', { id: foreign, active: true }),
        await post('/delete-risk-score-engine', { id: foreign }),
      ];
      for (const answer of answers) {
        expect(code(answer)).toBe('404 not_found');
        expect(JSON.stringify(answer.body)).not.toContain('Harbour');
      }
      expect(await t.deps.db.one('SELECT * FROM risk_score_engines WHERE id = $1', [foreign])).toEqual(before);
      const list = await get('/view-risk-score-engine?page_size=100');
      expect(JSON.stringify(list.body)).not.toContain('Harbour');
      expect(JSON.stringify((await get('/risk-score-engine-list')).body)).not.toContain('Harbour');
    });

    it("answers another organisation's case reference in a try like an unknown one", async () => {
      const harbourCase = (await search({ search_term: 'Ayman al-Zawahri' }, planAdmin)).body.reference as string;
      const unknown = await post('/try-risk-score-engine', { ...definition(), reference: 'AML-2026-999999' });
      expect(code(unknown)).toBe('404 risk_try_case_unknown reference');
      // References count per organisation, so Harbour's may equal one of Northwind's: give it one Northwind does not have.
      await t.deps.db.query("UPDATE cases SET reference = 'AML-2026-777777' WHERE organisation_id = $1 AND reference = $2", [harbourId, harbourCase]);
      const foreign = await post('/try-risk-score-engine', { ...definition(), reference: 'AML-2026-777777' });
      expect(code(foreign)).toBe(code(unknown));
      expect(JSON.stringify(foreign.body)).not.toContain('Zawahiri');
    });
  });

  describe('trying a definition before it is saved', () => {
    it('scores a described sample rule by rule, showing the part each missed rule did not meet', async () => {
      const res = await post('/try-risk-score-engine', {
        ...definition({
          rules: [
            { country: 'any', category: 'sanctions', record: 'terrorism', weightage: 50 },
            { country: 'EG', category: 'any', record: 'any', weightage: 15 },
            { country: 'US', category: 'any', record: 'any', weightage: 30 },
            { country: 'any', category: 'pep', record: 'any', weightage: 30 },
            { country: 'any', category: 'sanctions', record: 'convicted_by_court', weightage: 30 },
          ],
        }),
        sample: { database: 'sanctions', countries: ['eg'], records: ['sanctions_designation', 'terrorism'] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ source: 'sample', case: null, case_status: 'For Review', risk_level: 'Medium' });
      const [hit] = res.body.hits;
      expect(hit).toMatchObject({ _id: null, name: null, database: 'sanctions', countries: ['EG'], records: ['sanctions_designation', 'terrorism'] });
      expect(hit.breakdown).toMatchObject({ score: 65, outcome: 'medium_risk', decision: 'for review', risk_level: 'Medium', thresholds: { low: 10, medium: 40, high: 70 } });
      expect(hit.breakdown.rules.map((r: { matched: boolean; missed: string | null }) => [r.matched, r.missed])).toEqual([
        [true, null],
        [true, null],
        [false, 'country'],
        [false, 'category'],
        [false, 'record'],
      ]);
    });

    it('needs a case reference or a sample, and checks the definition with the same rules as saving', async () => {
      expect(code(await post('/try-risk-score-engine', definition()))).toBe('400 risk_sample_required reference');
      expect(code(await post('/try-risk-score-engine', { ...definition(), reference: '  ' }))).toBe('400 risk_sample_required reference');
      expect(code(await post('/try-risk-score-engine', { ...definition(), sample: { database: '', countries: [], records: [] } }))).toBe('400 risk_sample_database sample.database');
      expect(code(await post('/try-risk-score-engine', { ...definition(), sample: { database: 'sanctions', countries: ['XX'], records: [] } }))).toBe('400 invalid_country sample.countries.0');
      expect(code(await post('/try-risk-score-engine', { ...definition(), sample: { database: 'sanctions', countries: [], records: ['any'] } }))).toBe('400 risk_sample_record sample.records.0');
      expect(code(await post('/try-risk-score-engine', { ...definition({ high_threshold: '' }), sample: { database: 'pep', countries: [], records: [] } }))).toBe(
        '400 risk_threshold_required high_threshold',
      );
    });

    it('scores every hit of a saved case and says how it would be decided, storing and spending nothing', async () => {
      const created = await search({ search_term: 'Ayman al-Zawahri' });
      expect(created.status).toBe(200);
      const reference = created.body.reference as string;
      const stored = await caseOf(reference);
      const state = async () => ({
        credits: (await t.deps.db.one('SELECT aml_screening_credits_used AS n FROM organisations WHERE id = $1', [northwindId]))!.n,
        cases: (await t.deps.db.one('SELECT count(*)::int AS n FROM cases'))!.n,
        events: (await t.deps.db.one('SELECT count(*)::int AS n FROM case_events'))!.n,
        engines: (await t.deps.db.one('SELECT count(*)::int AS n FROM risk_score_engines'))!.n,
      });
      const before = await state();
      const res = await post('/try-risk-score-engine', { ...definition(), reference });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.source).toBe('case');
      expect(res.body.case).toMatchObject({ reference, search_term: 'Ayman al-Zawahri', case_status: stored.case.case_status, risk_engine: null });
      expect(res.body.hits.length).toBe(stored.data.length);
      const zawahiri = res.body.hits.find((h: { _id: string }) => stored.data.find((s: { _id: string; entity_id: string }) => s._id === h._id)?.entity_id === ZAWAHIRI);
      expect(zawahiri).toMatchObject({ database: 'sanctions', countries: ['EG'], records: expect.arrayContaining(['sanctions_designation', 'terrorism']) });
      expect(zawahiri.breakdown).toMatchObject({ score: 80, outcome: 'high_risk', decision: 'failed', risk_level: 'High' });
      expect(res.body).toMatchObject({ case_status: 'Failed', risk_level: 'High' });
      expect(await state()).toEqual(before);
      expect((await caseOf(reference)).case.case_status).toBe(stored.case.case_status);
    });
  });

  describe('an engine deciding cases', () => {
    it('decides a search made with it, hit by hit; a later version leaves the saved case as it was', async () => {
      const title = unique('Al-Qaida desk');
      const rules = [
        { country: 'any', category: 'sanctions', record: 'terrorism', weightage: 80 },
        { country: 'US', category: 'any', record: 'any', weightage: 5 },
        { country: 'any', category: 'pep', record: 'any', weightage: 5 },
        { country: 'EG', category: 'sanctions', record: 'political_exposure', weightage: 5 },
      ];
      const id = await createId(title, { rules });
      const res = await search({ search_term: 'Ayman al-Zawahri', risk_engine_id: id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.case_status).toBe('Failed');
      const reference = res.body.reference as string;
      const saved = await caseOf(reference);
      expect(saved.case).toMatchObject({ case_status: 'Failed', risk_level: 'High', risk_engine: { _id: id, title, version: 1, rules, decisions: DECISIONS } });
      const hit = saved.data.find((h: { entity_id: string }) => h.entity_id === ZAWAHIRI);
      expect(hit).toMatchObject({ risk_level: 'High', risk_decision: 'failed' });
      expect(hit.risk_breakdown).toMatchObject({ engine: { _id: id, title, version: 1 }, score: 80, outcome: 'high_risk', decision: 'failed', risk_level: 'High', thresholds: { low: 10, medium: 40, high: 70 } });
      expect(hit.risk_breakdown.rules).toEqual([
        { ...rules[0], matched: true, missed: null },
        { ...rules[1], matched: false, missed: 'country' },
        { ...rules[2], matched: false, missed: 'category' },
        { ...rules[3], matched: false, missed: 'record' },
      ]);
      const detail = await get(`/record?reference=${reference}&id=${hit._id}`);
      expect(detail.body.entity.risk_breakdown).toEqual(hit.risk_breakdown);

      // Version 2 sends high risk to review: the saved case is not rewritten.
      const updated = await post('/update-risk-score-engine', { id, title, ...definition({ rules, decisions: { ...DECISIONS, high_risk: 'for review' } }) });
      expect(updated.body.engine.version).toBe(2);
      const again = await caseOf(reference);
      expect(again.case).toEqual(saved.case);
      expect(again.data.find((h: { _id: string }) => h._id === hit._id).risk_breakdown).toEqual(hit.risk_breakdown);
      // A new search with the engine is decided by version 2.
      const next = await search({ search_term: 'Ayman al-Zawahri', risk_engine_id: id });
      expect(next.body.case_status).toBe('For Review');
      expect((await caseOf(next.body.reference)).case.risk_engine).toMatchObject({ version: 2 });
      // Deleting the engine leaves both cases as they are.
      await post('/delete-risk-score-engine', { id });
      expect((await caseOf(reference)).case).toEqual(saved.case);
    });

    it('refuses an engine of another organisation in a search as an unknown one', async () => {
      const row = await t.deps.db.one<{ id: string }>(
        "INSERT INTO risk_score_engines (organisation_id, title, model_name, medium_threshold, high_threshold) VALUES ($1, 'Harbour search engine', 'Secret', 40, 70) RETURNING id",
        [harbourId],
      );
      expect(code(await search({ search_term: 'Ayman al-Zawahri', risk_engine_id: row!.id }))).toBe('400 risk_engine_required risk_engine_id');
    });

    it('decides searches that choose no engine with the active one, and with the default rules when none is active', async () => {
      const title = unique('Default decider');
      const id = await createId(title);
      await post('/active-risk-score-engine', { id, active: true });
      const decided = await search({ search_term: 'Ayman al-Zawahri' });
      expect(decided.body.case_status).toBe('Failed');
      expect((await caseOf(decided.body.reference)).case.risk_engine).toMatchObject({ _id: id, title, version: 1 });

      await post('/active-risk-score-engine', { id, active: false });
      const plain = await search({ search_term: 'Ayman al-Zawahri' });
      expect(plain.body.case_status).toBe('For Review');
      const plainCase = await caseOf(plain.body.reference);
      expect(plainCase.case.risk_engine).toBeNull();
      const hit = plainCase.data.find((h: { entity_id: string }) => h.entity_id === ZAWAHIRI);
      expect(hit).toMatchObject({ risk_level: 'High', risk_decision: null, risk_breakdown: null });
    });
  });
});
