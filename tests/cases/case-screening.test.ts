/**
 * Screening as an organisation screens (server/case-store/screen.ts), on PGlite and Postgres: its custom
 * lists are caught up from the database by revision, in every process that screens (two registries on
 * one database stand for two API processes); a blacklist hit is raised and a whitelist-only hit leaves
 * the case Passed; a deleted list is gone at once; another organisation's lists are never screened; the
 * basic plan screens none; a risk engine decides the case and keeps its snapshot; a profile's sources
 * are searched exactly; and ongoing monitoring re-screens monitored cases when a custom list changes,
 * those of that organisation only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseScreening } from '../../server/case-store/screen';
import { customListsChanged } from '../../server/case-store/list-changes';
import { runAmlMonitoringPass } from '../../server/cases/monitoring';
import { forOrganisation } from '../../server/db/tenant';
import { CustomListRegistry } from '../../server/screening/custom-lists';
import { ADMIN, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import type { SearchInputView } from '../../common/cases';

const input = (search_term: string, extra: Partial<SearchInputView> = {}): SearchInputView => ({
  search_term,
  entity_type: 'person',
  countries: [],
  residence_countries: [],
  match_score: 0,
  exact_match: false,
  match_akas: true,
  match_rca: false,
  search_type: 'manual',
  databases: ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'],
  ...extra,
});

describe.each(DATABASE_KINDS)('screening with an organisation’s lists and engine on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let northwind: string;
  let harbour: string;

  /** What the custom lists area does in one transaction: a list with records, the revision bumped and stamped. */
  async function addList(organisationId: string, name: string, type: 'blacklist' | 'whitelist', names: string[]) {
    return forOrganisation(t.deps.db, organisationId).transaction(async (tx) => {
      const revision = await customListsChanged(t.deps.jobs, tx);
      const list = (await tx.one<{ id: string }>(
        `INSERT INTO custom_lists (organisation_id, name, description, list_type, total_records) VALUES ($org, $1, 'Test list', $2, $3) RETURNING id`,
        [name, type, names.length],
      ))!;
      const ids = await tx.query<{ id: string }>(
        `INSERT INTO custom_list_records (organisation_id, list_id, full_name, entity_type, revision)
         SELECT $org, $1, n, 'person', $2 FROM unnest($3::text[]) n RETURNING id`,
        [list.id, revision, names],
      );
      return { id: list.id, records: ids.map((r) => r.id) };
    });
  }
  async function deleteList(organisationId: string, listId: string) {
    await forOrganisation(t.deps.db, organisationId).transaction(async (tx) => {
      const revision = await customListsChanged(t.deps.jobs, tx);
      await tx.query(`UPDATE custom_lists SET is_deleted = true, deleted_at = now() WHERE id = $1 AND organisation_id = $org`, [listId]);
      await tx.query(`UPDATE custom_list_records SET revision = $2 WHERE list_id = $1 AND organisation_id = $org`, [listId, revision]);
    });
  }
  const search = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/search', { token, body: { entity_type: 'person', ...body } });
  const caseOf = async (reference: string) => ({ body: (await t.call('GET', `/api/search_result_filter?reference=${reference}`, { token: admin })).body.case });
  /** References count per organisation, so a case is named by both. */
  const hitsOf = (reference: string, organisationId = northwind) =>
    t.deps.db.query('SELECT h.* FROM case_hits h JOIN cases c ON c.id = h.case_id WHERE c.reference = $1 AND c.organisation_id = $2 ORDER BY position', [reference, organisationId]);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.screening.ready();
    admin = await t.login(ADMIN);
    northwind = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    harbour = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
  }, 120_000);
  afterAll(() => t?.close());

  it('finds a blacklist record by a misspelt name as soon as it is stored, in every process, and marks the case', async () => {
    // A second registry on the same database: another API process that has never screened this organisation.
    const other = new CustomListRegistry(t.deps.db, t.deps.screening);
    expect((await other.current(northwind)).index!.screen({ search_term: 'Cornelis Vandersloot Arkwright', entity_type: 'person' }).hits).toEqual([]);
    const before = await t.deps.db.one<{ r: string }>('SELECT custom_lists_revision AS r FROM organisations WHERE id = $1', [northwind]);
    await addList(northwind, 'Fraud ring', 'blacklist', ['Cornelius Vandersloot-Arkwright']);
    const now = await other.current(northwind);
    expect(now.revision).toBe(Number(before!.r) + 1);
    expect(now.index!.screen({ search_term: 'Cornelis Vandersloot Arkwright', entity_type: 'person' }).hits[0]?.database).toBe('blacklist');

    const res = await search(admin, { search_term: 'Cornelis Vandersloot Arkwright' });
    expect(res.status).toBe(200);
    const [hit] = await hitsOf(res.body.reference);
    expect(hit).toMatchObject({ database: 'blacklist', source: 'Fraud ring', risk_level: 'High', name: 'Cornelius Vandersloot-Arkwright' });
    expect(hit.entity.names[0].full).toBe('Cornelius Vandersloot-Arkwright');
    const view = await caseOf(res.body.reference);
    expect(view.body).toMatchObject({ case_status: 'For Review', risk_level: 'High' });
    expect(view.body.lists_version.custom_lists).toBe(now.revision);
  });

  it('indexes a large list with its names prepared on the pack worker thread, and finds its records', async () => {
    const names = Array.from({ length: 6_000 }, (_, i) => `Zorvath${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))} Quillmere${i}`);
    names[4321] = 'Hieronymus Blackwater-Sandoval';
    await addList(northwind, 'Large import', 'blacklist', names);
    const other = new CustomListRegistry(t.deps.db, t.deps.screening);
    try {
      const state = await other.current(northwind);
      expect(state.index!.size).toBeGreaterThanOrEqual(6_000);
      expect(other.packing).toEqual({ on_worker: 1, failed: 0 });
      expect(state.index!.screen({ search_term: 'Hieronimus Blackwater Sandoval', entity_type: 'person' }).hits[0]).toMatchObject({ source: 'Large import', name: 'Hieronymus Blackwater-Sandoval' });
    } finally {
      await other.close();
    }
  });

  it('leaves a case Passed when its only hits are whitelisted, and For Review when a listed hit stands beside them', async () => {
    await addList(northwind, 'Cleared by review', 'whitelist', ['Philippa Oyelowo-Strand', 'Ayman al-Zawahiri']);
    const cleared = await search(admin, { search_term: 'Philippa Oyelowo Strand' });
    const clearedCase = await caseOf(cleared.body.reference);
    expect(clearedCase.body).toMatchObject({ case_status: 'Passed', risk_level: 'Whitelist', hit_count: 1 });
    expect((await hitsOf(cleared.body.reference))[0]).toMatchObject({ database: 'whitelist', risk_level: 'Whitelist' });

    // A whitelisted name that is also on the UN list: the sanctions hit still needs a review.
    const both = await search(admin, { search_term: 'Ayman al-Zawahiri' });
    const bothCase = await caseOf(both.body.reference);
    expect(bothCase.body.case_status).toBe('For Review');
    expect((await hitsOf(both.body.reference)).map((h) => h.database).sort()).toEqual(expect.arrayContaining(['sanctions', 'whitelist']));
  });

  it('drops a deleted list at once, and never screens another organisation’s lists', async () => {
    const list = await addList(harbour, 'Harbour private', 'blacklist', ['Evangelina Quaresma-Blythe']);
    // Northwind does not see Harbour's record.
    expect((await search(admin, { search_term: 'Evangelina Quaresma Blythe' })).body.hit_count).toBe(0);
    const mine = await addList(northwind, 'Short lived', 'blacklist', ['Ottoline Brackenridge-Sauvé']);
    expect((await search(admin, { search_term: 'Ottoline Brackenridge Sauve' })).body.hit_count).toBe(1);
    await deleteList(northwind, mine.id);
    expect((await search(admin, { search_term: 'Ottoline Brackenridge Sauve' })).body.hit_count).toBe(0);
    expect(list.records).toHaveLength(1);
  });

  it('screens no custom list on the basic plan, but still records the revision it saw', async () => {
    // Harbour Trading is on the basic plan: its list above is stored, not screened.
    const screening = await caseScreening(t.deps, harbour);
    expect(screening.screen(input('Evangelina Quaresma Blythe')).hits).toEqual([]);
    const revision = Number((await t.deps.db.one<{ r: string }>('SELECT custom_lists_revision AS r FROM organisations WHERE id = $1', [harbour]))!.r);
    expect(screening.listsVersion().custom_lists).toBe(revision);
    const planAdmin = await t.login(PLAN_ADMIN);
    expect((await search(planAdmin, { search_term: 'Evangelina Quaresma Blythe' })).body.hit_count).toBe(0);
  });

  it('searches exactly a profile’s sources: public lists by id and custom lists by id', async () => {
    const staff = await addList(northwind, 'Watch staff', 'blacklist', ['Ayman al-Zawahri']);
    const all = await caseScreening(t.deps, northwind);
    const everything = all.screen(input('Ayman al-Zawahri'));
    expect(new Set(everything.hits.map((h) => h.database))).toEqual(new Set(['sanctions', 'blacklist', 'whitelist']));
    const unOnly = all.screen(input('Ayman al-Zawahri', { sources: ['un_sc_consolidated'] }));
    expect(new Set(unOnly.hits.map((h) => h.list_id))).toEqual(new Set(['un_sc_consolidated']));
    const listOnly = all.screen(input('Ayman al-Zawahri', { sources: [staff.id] }));
    expect(listOnly.hits.map((h) => h.source)).toEqual(['Watch staff']);
    // A profile naming neither finds nothing of either kind.
    expect(all.screen(input('Ayman al-Zawahri', { sources: ['pep_us_congress'] })).hits).toEqual([]);
  });

  it('lets a risk engine decide the case and keeps the engine as it was', async () => {
    const engine = (await t.deps.db.one<{ id: string }>(
      `INSERT INTO risk_score_engines (organisation_id, title, model_name, low_threshold, medium_threshold, high_threshold, rules, decisions)
       VALUES ($1, 'Terror financing', 'TF-1', NULL, 40, 70, $2, $3) RETURNING id`,
      [
        northwind,
        JSON.stringify([
          { country: 'any', category: 'sanctions', record: 'sanctions_designation', weightage: 50 },
          { country: 'any', category: 'any', record: 'terrorism', weightage: 30 },
          { country: 'US', category: 'pep', record: 'any', weightage: 45 },
        ]),
        JSON.stringify({ blacklisted: 'failed', whitelisted: 'passed', high_risk: 'failed', medium_risk: 'for review', low_risk: 'passed' }),
      ],
    ))!;
    const res = await search(admin, { search_term: 'Ayman al-Zawahri', risk_engine_id: engine.id, databases: ['sanctions'] });
    expect(res.status).toBe(200);
    const view = await caseOf(res.body.reference);
    // Sanctions designation 50 + terrorism 30 = 80, above the high threshold: failed; the staff blacklist hit fails it too.
    expect(view.body).toMatchObject({ case_status: 'Failed', risk_level: 'High', risk_engine: { _id: engine.id, title: 'Terror financing', version: 1 } });
    const un = (await hitsOf(res.body.reference)).find((h) => h.list_id === 'un_sc_consolidated')!;
    expect(un).toMatchObject({ risk_level: 'High', risk_decision: 'failed' });
    expect(un.risk_breakdown).toMatchObject({ score: 80, outcome: 'high_risk', decision: 'failed', thresholds: { low: null, medium: 40, high: 70 } });
    expect(un.risk_breakdown.rules.map((r: { matched: boolean; missed: string | null }) => [r.matched, r.missed])).toEqual([
      [true, null],
      [true, null],
      [false, 'country'],
    ]);
    // A later change to the engine leaves the case as it was decided.
    await t.deps.db.query(`UPDATE risk_score_engines SET high_threshold = 500, version = version + 1 WHERE id = $1`, [engine.id]);
    expect((await caseOf(res.body.reference)).body).toMatchObject({ case_status: 'Failed', risk_engine: { version: 1, high_threshold: 70 } });
    // An unknown engine is a field error, and nothing is spent.
    const refused = await search(admin, { search_term: 'Ayman al-Zawahri', risk_engine_id: '00000000-0000-4000-8000-000000000000' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'risk_engine_required', field: 'risk_engine_id' } });
    await t.deps.db.query('DELETE FROM risk_score_engines WHERE id = $1', [engine.id]);
  });

  it('re-screens monitored cases when a custom list changes, the organisation’s own only', async () => {
    const watched = await search(admin, { search_term: 'Rosalind Ekwueme-Hartigan', aml_monitoring: 'true' });
    expect(watched.body.hit_count).toBe(0);
    const planAdmin = await t.login(PLAN_ADMIN);
    const theirs = await search(planAdmin, { search_term: 'Rosalind Ekwueme-Hartigan', aml_monitoring: 'true' });
    expect(theirs.status).toBe(200);
    // Nothing changed since: nothing is due.
    expect(await runAmlMonitoringPass(t.deps)).toMatchObject({ checked: 0 });

    await addList(northwind, 'New suspects', 'blacklist', ['Rosalind Ekwueme-Hartigan']);
    const pass = await runAmlMonitoringPass(t.deps);
    expect(pass).toMatchObject({ checked: 1, changed: 1, new_hits: 1 });
    const hits = await hitsOf(watched.body.reference);
    expect(hits.map((h) => [h.database, h.source, h.aml_monitoring])).toEqual([['blacklist', 'New suspects', true]]);
    expect((await caseOf(watched.body.reference)).body).toMatchObject({ case_status: 'For Review', risk_level: 'High' });
    // Checked against this revision now: not due again.
    expect(await runAmlMonitoringPass(t.deps)).toMatchObject({ checked: 0 });
    expect((await hitsOf(theirs.body.reference, harbour)).length).toBe(0);
    expect(await t.deps.db.one('SELECT lists_version FROM cases WHERE reference = $1 AND organisation_id = $2', [theirs.body.reference, harbour])).toMatchObject({ lists_version: { custom_lists: expect.any(Number) } });
  });
});
