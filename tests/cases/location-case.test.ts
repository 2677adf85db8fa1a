/**
 * A location search through the case API, on PGlite and Postgres: "Crimea" screened against the OFAC
 * SDN list (whose UKRAINE-EO13685 programme imposes the Crimea embargo) makes a case that is not
 * Passed, with the sanctioned place as its hit, and the place's record opens like any listed entity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createScreeningEngine, type ScreeningEngine } from '../../server/screening/index';
import { ANALYST, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

// The shared test engine holds the UN and PEP lists only, which impose nothing on Crimea.
let engine: ScreeningEngine;
beforeAll(() => {
  engine = createScreeningEngine({ listsDir: loadConfig({}).listsDir, lists: ['us_ofac_sdn'], workers: 1 });
});
afterAll(() => engine?.close());

describe.each(DATABASE_KINDS)('a location case on %s', (kind) => {
  let t: TestApp;
  let analyst: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, [], { screening: engine });
    await t.deps.screening.ready();
    analyst = await t.login(ANALYST);
  }, 120_000);
  afterAll(() => t?.close());

  it('"Crimea" is not Passed: its hit is the sanctioned region, with the programme, and its record opens', async () => {
    const res = await t.call('POST', '/api/search', { token: analyst, body: { search_term: 'Crimea', entity_type: 'location' } });
    expect(res.status).toBe(200);
    expect(res.body.case_status).not.toBe('Passed');
    expect(res.body.case_status).toBe('For Review');

    const results = await t.call('GET', `/api/search_result_filter?reference=${res.body.reference}`, { token: analyst });
    expect(results.body.case.case_status).toBe('For Review');
    const [hit] = results.body.data;
    expect(hit).toMatchObject({ profile: 'Crimea', appears_on: { database: 'sanctions', source: 'OFAC', programs: ['UKRAINE-EO13685'] } });

    const record = await t.call('GET', `/api/record?reference=${res.body.reference}&id=${hit._id}`, { token: analyst });
    expect(record.status).toBe(200);
    expect(record.body.entity.explanation.map((f: { feature: string }) => f.feature)).toEqual(['name', 'sanctioned_place']);
    const source = await t.call('GET', '/api/source_details?entity_id=place:crimea', { token: analyst });
    expect(source.status).toBe(200);
    expect(source.body.entity).toMatchObject({ id: 'place:crimea', kind: 'location', programs: ['UKRAINE-EO13685'] });
  });
});
