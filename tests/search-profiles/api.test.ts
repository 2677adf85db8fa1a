/**
 * The search profile calls on PGlite and Postgres (docs/search-profiles.md): the list with its search
 * and pages, create, update and delete with every validation message, the sources a profile can
 * choose, permissions and the basic plan, another organisation's ids, the audit history; and a
 * profile honoured where it is used: Create New Case by profile screens only its databases and
 * sources and fills in its countries, the case records the profile and keeps it through a rename and
 * a deletion, and a bulk search by profile does the same for every row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRole, insertUser } from '../../server/organisations/create';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { multipart } from '../cases/multipart';

/** Names of the two test lists: a UN Security Council listing and a US Congress member. */
const UN_NAME = 'Ayman al-Zawahri';
const PEP_NAME = 'Nancy Pelosi';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASE_KINDS)('search profiles API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;
  let outsider: string;
  let northwindId: string;
  let harbourId: string;
  let adminId: string;
  let customList: string;
  let deletedList: string;
  let harbourList: string;
  let harbourProfile: string;
  let serial = 0;

  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const title = (prefix = 'Profile') => `${prefix} ${++serial}`;
  const create = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/search-profile', { token, body });
  const update = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/search-profile/update', { token, body });
  const remove = (id: string, token = admin) => t.call('POST', '/api/search-profile/delete', { token, body: { id } });
  const list = (query = '', token = admin) => t.call('GET', `/api/search-profile${query}`, { token });
  const profileCount = async () => (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM search_profiles WHERE organisation_id = $1', [northwindId]))!.n;
  /** A profile made through the API; answers its view. */
  async function made(body: Record<string, unknown>) {
    const res = await create({ title: title(), databases: ['sanctions', 'pep'], ...body });
    expect(code(res), JSON.stringify(res.body)).toBe('201 search_profile_created');
    return res.body.profile;
  }
  const search = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/search', { token, body: { entity_type: 'person', ...body } });
  const caseOf = async (reference: string) => (await t.call('GET', `/api/search_result_filter?reference=${reference}`, { token: admin })).body;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login(ADMIN);
    analyst = await t.login(ANALYST);
    planAdmin = await t.login(PLAN_ADMIN);
    const db = t.deps.db;
    northwindId = (await db.one('SELECT id FROM organisations WHERE slug = $1', ['northwind']))!.id;
    harbourId = (await db.one('SELECT id FROM organisations WHERE slug = $1', ['harbour']))!.id;
    adminId = (await db.one('SELECT id FROM users WHERE email = $1', [ADMIN.email]))!.id;
    const list = async (organisationId: string, name: string, deleted = false) =>
      (await db.one<{ id: string }>(
        `INSERT INTO custom_lists (organisation_id, name, description, list_type, total_records, is_deleted) VALUES ($1, $2, 'Test list', 'blacklist', 3, $3) RETURNING id`,
        [organisationId, name, deleted],
      ))!.id;
    customList = await list(northwindId, 'Former clients');
    deletedList = await list(northwindId, 'Old suppliers', true);
    harbourList = await list(harbourId, 'Harbour watch');
    harbourProfile = (await db.one<{ id: string }>(`INSERT INTO search_profiles (organisation_id, title, databases) VALUES ($1, 'Harbour private', '{sanctions}') RETURNING id`, [harbourId]))!.id;
    // A user of Northwind who may screen but not see search profiles.
    const role = await insertRole(db, northwindId, 'Screeners', ['create_new_case', 'view_case']);
    await insertUser(db, { organisationId: northwindId, roleId: role, name: 'Sam Screener', email: 'screener@example.com', password: 'Screener-2026!' });
    outsider = await t.login({ email: 'screener@example.com', password: 'Screener-2026!' });
    await t.deps.screening.ready();
  }, 120_000);
  afterAll(() => t?.close());

  describe('sources', () => {
    it('offers every loaded public list with the databases it feeds, and the live custom lists of the organisation only', async () => {
      const res = await t.call('GET', '/api/search-profile-sources', { token: analyst });
      expect(code(res)).toBe('200');
      const byId = Object.fromEntries(res.body.data.map((s: any) => [s.id, s]));
      expect(byId.un_sc_consolidated).toMatchObject({ kind: 'list', databases: ['sanctions'] });
      expect(byId.un_sc_consolidated.entities).toBeGreaterThan(100);
      expect(byId.pep_us_congress).toMatchObject({ kind: 'list', databases: ['pep'] });
      expect(byId[customList]).toEqual({ id: customList, name: 'Former clients', kind: 'custom', databases: [], list_type: 'blacklist', entities: 3 });
      expect(byId[deletedList]).toBeUndefined();
      expect(byId[harbourList]).toBeUndefined();
      const loaded = t.deps.screening.status().lists.filter((l) => l.loaded_at).map((l) => l.id);
      expect(res.body.data.filter((s: any) => s.kind === 'list').map((s: any) => s.id)).toEqual(loaded);
    });
  });

  describe('create and list', () => {
    it('creates a profile and answers it with its message, then lists it in title order with its details', async () => {
      const before = await profileCount();
      const res = await create({ title: 'PEP watch', databases: ['pep'], sources: ['pep_us_congress', customList], countries: ['us', 'GB', 'US'], publisher_search: true });
      expect(code(res), JSON.stringify(res.body)).toBe('201 search_profile_created');
      expect(res.body.message).toBe('Search profile PEP watch created.');
      expect(res.body.values).toEqual({ title: 'PEP watch' });
      const profile = res.body.profile;
      expect(profile).toMatchObject({
        title: 'PEP watch',
        databases: ['pep'],
        sources: ['pep_us_congress', customList],
        countries: ['US', 'GB'],
        publisher_search: true,
        created_by: { _id: adminId, name: 'Ada Administrator' },
        updated_by: { _id: adminId, name: 'Ada Administrator' },
      });
      expect(profile.source_details).toEqual([
        { id: 'pep_us_congress', name: expect.any(String), kind: 'list', available: true },
        { id: customList, name: 'Former clients', kind: 'custom', list_type: 'blacklist', available: true },
      ]);
      expect(Date.parse(profile.created_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(await profileCount()).toBe(before + 1);

      const listed = await list('?search=pep%20WA', analyst);
      expect(code(listed)).toBe('200');
      expect(listed.body).toMatchObject({ page: 1, page_size: 20, total: 1 });
      expect(listed.body.data).toEqual([profile]);
      // Another organisation's profiles never show.
      expect((await list('?page_size=100')).body.data.map((p: any) => p.title)).not.toContain('Harbour private');
    });

    it('pages the list in title order and still counts past the last page', async () => {
      await made({ title: 'Aaa first' });
      await made({ title: 'Zzz last' });
      const all = (await list('?page_size=100')).body;
      const titles = all.data.map((p: any) => p.title);
      expect(titles).toEqual([...titles].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(titles[0]).toBe('Aaa first');
      const second = (await list('?page=2&page_size=1')).body;
      expect(second).toMatchObject({ page: 2, page_size: 1, total: all.total });
      expect(second.data.map((p: any) => p.title)).toEqual([titles[1]]);
      const beyond = (await list('?page=999&page_size=10')).body;
      expect(beyond).toMatchObject({ total: all.total, data: [] });
      // A % or _ typed in the search matches itself, not everything.
      expect((await list('?search=%25')).body.total).toBe(0);
    });

    it('takes form data with name[] lists, and keeps a title with its spaces made single', async () => {
      const { body, headers } = multipart({ title: '  Form   data  ', databases: ['sanctions', 'warnings_and_regulatory_enforcement'], countries: ['fr'], publisher_search: 'false' });
      const res = await t.call('POST', '/api/search-profile', { token: admin, body, headers });
      expect(code(res), JSON.stringify(res.body)).toBe('201 search_profile_created');
      expect(res.body.profile).toMatchObject({ title: 'Form data', databases: ['sanctions', 'warnings_and_regulatory_enforcement'], sources: [], countries: ['FR'], publisher_search: false });
    });

    it('refuses each invalid field with its message, on its field, and writes nothing', async () => {
      await made({ title: 'Taken title' });
      const before = await profileCount();
      const cases: [Record<string, unknown>, string, string | undefined][] = [
        [{ databases: ['pep'] }, '400 required', 'title'],
        [{ title: '   ', databases: ['pep'] }, '400 required', 'title'],
        [{ title: 'A', databases: ['pep'] }, '400 profile_title_length', 'title'],
        [{ title: 'A title far too long!', databases: ['pep'] }, '400 profile_title_length', 'title'],
        [{ title: 'PEP & more', databases: ['pep'] }, '400 profile_title_characters', 'title'],
        [{ title: 'taken TITLE', databases: ['pep'] }, '409 profile_title_exists', 'title'],
        [{ title: 'No databases' }, '400 databases_required', 'databases'],
        [{ title: 'No databases', databases: [] }, '400 databases_required', 'databases'],
        [{ title: 'Media only', databases: ['adverse_media'] }, '400 adverse_media_unavailable', 'databases'],
        [{ title: 'Odd database', databases: ['gossip'] }, '400 bad_request', 'databases.0'],
        [{ title: 'Unknown list', databases: ['sanctions'], sources: ['no_such_list'] }, '400 profile_source_unknown', 'sources'],
        [{ title: 'Deleted list', databases: ['sanctions'], sources: [deletedList] }, '400 profile_source_unknown', 'sources'],
        [{ title: 'Foreign list', databases: ['sanctions'], sources: [harbourList] }, '400 profile_source_unknown', 'sources'],
        [{ title: 'Wrong database', databases: ['pep'], sources: ['un_sc_consolidated'] }, '400 profile_source_database', 'sources'],
        [{ title: 'Long source', databases: ['pep'], sources: ['x'.repeat(101)] }, '400 text_too_long', 'sources.0'],
        [{ title: 'Bad country', databases: ['pep'], countries: ['Atlantis'] }, '400 invalid_country', 'countries.0'],
        [{ title: 'No country', databases: ['pep'], countries: ['XX'] }, '400 invalid_country', 'countries'],
        [{ title: 'Bad switch', databases: ['pep'], publisher_search: 'maybe' }, '400 bad_request', 'publisher_search'],
      ];
      for (const [body, expected, field] of cases) {
        const res = await create(body);
        expect(code(res), JSON.stringify(body)).toBe(expected);
        expect(res.body.field, JSON.stringify(body)).toBe(field);
        expect(typeof res.body.error_message).toBe('string');
      }
      expect(await profileCount()).toBe(before);
    });

    it('names the source in the message of a source refusal', async () => {
      const unknown = await create({ title: 'Unknown list', databases: ['sanctions'], sources: ['no_such_list'] });
      expect(unknown.body.error_message).toBe('This source is not available: no_such_list.');
      expect(unknown.body.values).toEqual({ source: 'no_such_list' });
      const sources = (await t.call('GET', '/api/search-profile-sources', { token: admin })).body.data;
      const un = sources.find((s: any) => s.id === 'un_sc_consolidated');
      const wrong = await create({ title: 'Wrong database', databases: ['pep'], sources: ['un_sc_consolidated'] });
      expect(wrong.body.error_message).toBe(`The source ${un.name} is not in the chosen databases.`);
    });
  });

  describe('update', () => {
    it('changes the fields given and keeps the others; who changed it and when', async () => {
      const profile = await made({ countries: ['DE'] });
      const res = await update({ id: profile._id, title: 'Renamed profile', databases: ['pep'], sources: ['pep_us_congress'] });
      expect(code(res), JSON.stringify(res.body)).toBe('200 search_profile_updated');
      expect(res.body.message).toBe('Search profile Renamed profile saved.');
      expect(res.body.profile).toMatchObject({ _id: profile._id, title: 'Renamed profile', databases: ['pep'], sources: ['pep_us_congress'], countries: ['DE'], publisher_search: false });
      expect(Date.parse(res.body.profile.updated_at)).toBeGreaterThanOrEqual(Date.parse(profile.updated_at));
      // Its own title again, in another case, is not a clash.
      expect(code(await update({ id: profile._id, title: 'RENAMED profile' }))).toBe('200 search_profile_updated');
      // Back to every source.
      const all = await update({ id: profile._id, sources: [] });
      expect(all.body.profile.sources).toEqual([]);
    });

    it('refuses what create refuses, and a title another profile has', async () => {
      const profile = await made({});
      await made({ title: 'Other title' });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ title: 'other TITLE' }, '409 profile_title_exists', 'title'],
        [{ title: 'x' }, '400 profile_title_length', 'title'],
        [{ title: 'Bad <title>' }, '400 profile_title_characters', 'title'],
        [{ databases: [] }, '400 databases_required', 'databases'],
        [{ databases: ['adverse_media'] }, '400 adverse_media_unavailable', 'databases'],
        [{ sources: [harbourList] }, '400 profile_source_unknown', 'sources'],
        [{ databases: ['pep'], sources: ['un_sc_consolidated'] }, '400 profile_source_database', 'sources'],
        [{ countries: ['ZZ'] }, '400 invalid_country', 'countries'],
      ];
      for (const [body, expected, field] of cases) {
        const res = await update({ id: profile._id, ...body });
        expect(code(res), JSON.stringify(body)).toBe(expected);
        expect(res.body.field).toBe(field);
      }
      const kept = await t.deps.db.one('SELECT title, databases, sources, countries FROM search_profiles WHERE id = $1', [profile._id]);
      expect(kept).toEqual({ title: profile.title, databases: ['sanctions', 'pep'], sources: [], countries: [] });
    });

    it('checks the sources again when the databases change, not when only the title does', async () => {
      const profile = await made({ databases: ['sanctions'], sources: ['un_sc_consolidated', customList] });
      // The custom list is deleted since: a rename still works, the table says the list is gone.
      await t.deps.db.query('UPDATE custom_lists SET is_deleted = true WHERE id = $1', [customList]);
      try {
        const renamed = await update({ id: profile._id, title: 'Still works' });
        expect(code(renamed)).toBe('200 search_profile_updated');
        expect(renamed.body.profile.source_details[1]).toEqual({ id: customList, name: 'Former clients', kind: 'custom', list_type: 'blacklist', available: false });
        expect(code(await update({ id: profile._id, databases: ['sanctions', 'pep'] }))).toBe('400 profile_source_unknown');
        // Taking out a database that one of the sources feeds is refused, with the list named.
        await t.deps.db.query('UPDATE custom_lists SET is_deleted = false WHERE id = $1', [customList]);
        expect(code(await update({ id: profile._id, databases: ['pep'] }))).toBe('400 profile_source_database');
      } finally {
        await t.deps.db.query('UPDATE custom_lists SET is_deleted = false WHERE id = $1', [customList]);
      }
    });

    it('answers 404 for an unknown id, one that is not an id, and another organisation’s profile, which it leaves alone', async () => {
      for (const id of [UNKNOWN_ID, 'not-an-id', harbourProfile]) {
        const res = await update({ id, title: 'Hijacked' });
        expect(code(res), id).toBe('404 not_found');
      }
      expect(code(await update({ title: 'No id' }))).toBe('400 not_found');
      expect((await t.deps.db.one('SELECT title FROM search_profiles WHERE id = $1', [harbourProfile]))!.title).toBe('Harbour private');
    });
  });

  describe('delete', () => {
    it('deletes a profile, which leaves the list', async () => {
      const profile = await made({});
      const res = await remove(profile._id);
      expect(code(res)).toBe('200 search_profile_deleted');
      expect(res.body.message).toBe('Search profile deleted.');
      expect((await list(`?search=${encodeURIComponent(profile.title)}`)).body.total).toBe(0);
      expect(code(await remove(profile._id))).toBe('404 not_found');
    });

    it('answers 404 for an unknown id and another organisation’s profile, which stays', async () => {
      for (const id of [UNKNOWN_ID, 'nope', harbourProfile]) expect(code(await remove(id)), id).toBe('404 not_found');
      expect(await t.deps.db.one('SELECT id FROM search_profiles WHERE id = $1', [harbourProfile])).toBeDefined();
    });

    it('refuses while a bulk search is still screening with the profile, and allows it once the batch has finished', async () => {
      const profile = await made({});
      const batch = await t.deps.db.one<{ id: string }>(
        `INSERT INTO bulk_batches (organisation_id, name, file_name, state, options, total_count, created_by) VALUES ($1, 'Night run', 'n.csv', 'running', $2, 10, $3) RETURNING id`,
        [northwindId, JSON.stringify({ search_type: 'profile', search_profile_id: profile._id, databases: [] }), adminId],
      );
      const refused = await remove(profile._id);
      expect(code(refused)).toBe('409 profile_in_batch');
      expect(refused.body.error_message).toBe('The bulk search Night run is still screening with this profile. Delete the profile once the batch has finished.');
      await t.deps.db.query("UPDATE bulk_batches SET state = 'finished' WHERE id = $1", [batch!.id]);
      expect(code(await remove(profile._id))).toBe('200 search_profile_deleted');
    });
  });

  describe('access', () => {
    const calls = (id: string): [string, string, Record<string, unknown> | undefined][] => [
      ['GET', '/api/search-profile', undefined],
      ['GET', '/api/search-profile-sources', undefined],
      ['POST', '/api/search-profile', { title: 'Not allowed', databases: ['pep'] }],
      ['POST', '/api/search-profile/update', { id, title: 'Not allowed' }],
      ['POST', '/api/search-profile/delete', { id }],
    ];

    it('lets a user with view_search_profile read, but not create, change or delete', async () => {
      const profile = await made({});
      const [read, sources, ...writes] = calls(profile._id);
      expect(code(await t.call(read[0] as 'GET', read[1], { token: analyst }))).toBe('200');
      expect(code(await t.call(sources[0] as 'GET', sources[1], { token: analyst }))).toBe('200');
      for (const [method, url, body] of writes) expect(code(await t.call(method as 'POST', url, { token: analyst, body })), url).toBe('403 permission_denied');
      expect((await t.deps.db.one('SELECT title FROM search_profiles WHERE id = $1', [profile._id]))!.title).toBe(profile.title);
    });

    it('refuses every call without view_search_profile', async () => {
      const profile = await made({});
      for (const [method, url, body] of calls(profile._id)) expect(code(await t.call(method as 'GET', url, { token: outsider, body })), url).toBe('403 permission_denied');
    });

    it('refuses every call on the basic plan, even to its administrator', async () => {
      for (const [method, url, body] of calls(harbourProfile)) expect(code(await t.call(method as 'GET', url, { token: planAdmin, body })), url).toBe('403 plan_restricted');
      expect(code(await search({ search_term: PEP_NAME, search_type: 'profile', search_profile_id: harbourProfile }, planAdmin))).toBe('403 plan_restricted');
    });

    it('refuses without a token', async () => {
      expect((await t.call('GET', '/api/search-profile')).status).toBe(401);
      expect((await t.call('POST', '/api/search-profile', { body: { title: 'Anon', databases: ['pep'] } })).status).toBe(401);
    });
  });

  describe('audit history', () => {
    it('records who created, changed and deleted a profile, with what changed', async () => {
      const profile = await made({ title: 'Audited', databases: ['pep'], countries: ['IT'] });
      await update({ id: profile._id, title: 'Audited again', publisher_search: true });
      await update({ id: profile._id, title: 'Audited again' });
      await remove(profile._id);
      const rows = await t.deps.db.query(
        `SELECT action, actor_user_id, actor_email, target_type, details FROM audit_events WHERE organisation_id = $1 AND target_id = $2 ORDER BY created_at, action`,
        [northwindId, profile._id],
      );
      expect(rows.map((r) => r.action)).toEqual(['search_profile.created', 'search_profile.updated', 'search_profile.deleted']);
      expect(rows.every((r) => r.actor_user_id === adminId && r.actor_email === ADMIN.email && r.target_type === 'search_profile')).toBe(true);
      expect(rows[0].details).toMatchObject({ title: 'Audited', databases: ['pep'], sources: [], countries: ['IT'], publisher_search: false });
      expect(rows[1].details).toEqual({
        title: 'Audited again',
        changes: { title: { from: 'Audited', to: 'Audited again' }, publisher_search: { from: false, to: true } },
      });
      expect(rows[2].details).toEqual({ title: 'Audited again' });
      // A refused change leaves no row.
      const count = async () => (await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM audit_events WHERE action LIKE 'search_profile.%'"))!.n;
      const before = await count();
      await create({ title: 'x', databases: ['pep'] });
      expect(await count()).toBe(before);
    });
  });

  describe('a search by profile', () => {
    it('screens only the profile’s databases: the PEP database finds a Congress member but not a UN listing a manual search finds', async () => {
      const profile = await made({ databases: ['pep'] });
      const pep = await search({ search_term: PEP_NAME, search_type: 'profile', search_profile_id: profile._id });
      expect(code(pep), JSON.stringify(pep.body)).toBe('200 case_created');
      expect(pep.body.hit_count).toBeGreaterThan(0);
      const un = await search({ search_term: UN_NAME, search_type: 'profile', search_profile_id: profile._id });
      expect(un.body.hit_count).toBe(0);
      expect(un.body.case_status).toBe('Passed');
      const manual = await search({ search_term: UN_NAME });
      expect(manual.body.hit_count).toBeGreaterThan(0);
      const kase = (await caseOf(pep.body.reference)).case;
      expect(kase.databases).toEqual(['pep']);
      expect(kase.search_profile).toEqual({ _id: profile._id, title: profile.title });
      expect(kase.search_input).toMatchObject({ search_type: 'profile', databases: ['pep'] });
    });

    it('screens exactly the profile’s sources: the UN list alone finds the UN listing but not the Congress member, though PEP is chosen', async () => {
      const profile = await made({ databases: ['sanctions', 'pep'], sources: ['un_sc_consolidated'] });
      const un = await search({ search_term: UN_NAME, search_type: 'profile', search_profile_id: profile._id });
      expect(un.body.hit_count).toBeGreaterThan(0);
      const hits = (await caseOf(un.body.reference)).data;
      expect(hits.every((h: any) => h.appears_on.database === 'sanctions')).toBe(true);
      const pep = await search({ search_term: PEP_NAME, search_type: 'profile', search_profile_id: profile._id });
      expect(pep.body.hit_count).toBe(0);
      expect((await search({ search_term: PEP_NAME })).body.hit_count).toBeGreaterThan(0);
      expect((await caseOf(un.body.reference)).case.search_input.sources).toEqual(['un_sc_consolidated']);
    });

    it('uses the profile’s countries when the search gives none, and the search’s own when it gives some', async () => {
      const profile = await made({ databases: ['pep'], countries: ['US'] });
      const bare = await search({ search_term: PEP_NAME, search_type: 'profile', search_profile_id: profile._id });
      expect((await caseOf(bare.body.reference)).case.search_input.countries).toEqual(['US']);
      const own = await search({ search_term: PEP_NAME, search_type: 'profile', search_profile_id: profile._id, countries: ['CA'] });
      expect((await caseOf(own.body.reference)).case.search_input.countries).toEqual(['CA']);
    });

    it('keeps the profile a case recorded through a rename and a deletion', async () => {
      const profile = await made({ title: 'Short lived', databases: ['pep'] });
      const res = await search({ search_term: PEP_NAME, search_type: 'profile', search_profile_id: profile._id });
      await update({ id: profile._id, title: 'Renamed later' });
      expect((await caseOf(res.body.reference)).case.search_profile).toEqual({ _id: profile._id, title: 'Short lived' });
      expect(code(await remove(profile._id))).toBe('200 search_profile_deleted');
      const after = await caseOf(res.body.reference);
      expect(after.case.search_profile).toEqual({ _id: profile._id, title: 'Short lived' });
      expect(after.case.databases).toEqual(['pep']);
      // The deleted profile can no longer be searched by.
      const gone = await search({ search_term: PEP_NAME, search_type: 'profile', search_profile_id: profile._id });
      expect(code(gone)).toBe('400 profile_required');
      expect(gone.body.field).toBe('search_profile_id');
    });

    it('applies to every row of a bulk search by the profile, and the batch’s cases record it', async () => {
      const profile = await made({ databases: ['pep'], countries: ['US'] });
      const csv = Buffer.from(`name,entity_type\r\n${PEP_NAME},person\r\n${UN_NAME},person\r\n`);
      const uploaded = multipart({ file: { filename: 'names.csv', type: 'text/csv', data: csv } });
      const checked = await t.call('POST', '/api/validate-search-batch', { token: admin, body: uploaded.body, headers: uploaded.headers });
      expect(code(checked), JSON.stringify(checked.body)).toBe('200');
      const started = await t.call('POST', '/api/create-search-batch', {
        token: admin,
        body: { upload_id: checked.body.upload_id, name: `By profile ${serial}`, search_type: 'profile', search_profile_id: profile._id },
      });
      expect(code(started), JSON.stringify(started.body)).toBe('201 batch_started');
      await t.deps.jobs.runDue();
      const cases = await t.deps.db.query(
        `SELECT c.search_term, c.hit_count, c.databases, c.search_profile, c.search_input FROM bulk_rows r JOIN cases c ON c.id = r.case_id WHERE r.batch_id = $1 ORDER BY r.row_number`,
        [started.body.batch.id],
      );
      expect(cases.map((c) => c.search_term)).toEqual([PEP_NAME, UN_NAME]);
      expect(cases[0].hit_count).toBeGreaterThan(0);
      expect(cases[1].hit_count).toBe(0);
      for (const c of cases) {
        expect(c.databases).toEqual(['pep']);
        expect(c.search_profile).toEqual({ _id: profile._id, title: profile.title });
        expect(c.search_input.countries).toEqual(['US']);
      }
    });
  });
});
