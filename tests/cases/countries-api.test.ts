/**
 * Country inputs of Create New Case on PGlite and Postgres: a code or a name in any of the six
 * languages is stored as its alpha-2 code; a name that is no country is a 400 with its message and
 * creates nothing (common/countries.ts, common/schemas/countries.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages';
import { DATABASE_KINDS } from '../helpers/databases';
import { createTestApp, seededTokens, type TestApp } from '../helpers/app';
import { multipart } from './multipart';

describe.each(DATABASE_KINDS)('country inputs of Create New Case on %s', (kind) => {
  let t: TestApp;
  let analyst: string;
  let northwindId: string;

  const search = (body: Record<string, unknown>) => t.call('POST', '/api/search', { token: analyst, body: { entity_type: 'person', match_score: '95', ...body } });
  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const stored = (reference: string) =>
    t.deps.db.one<{ search_input: Record<string, unknown> }>('SELECT search_input FROM cases WHERE organisation_id = $1 AND reference = $2', [northwindId, reference]);
  const counts = () =>
    t.deps.db.one<{ cases: number; used: number }>(
      'SELECT (SELECT count(*)::int FROM cases WHERE organisation_id = $1) AS cases, (SELECT aml_screening_credits_used FROM organisations WHERE id = $1) AS used',
      [northwindId],
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ analyst } = await seededTokens(t));
    northwindId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['northwind']))!.id;
    await t.deps.screening.ready();
  }, 120_000);
  afterAll(() => t?.close());

  it.each(['Iran', 'IRN', 'Irán', 'Иран', 'إيران', 'ir'])('stores %s as IR in countries, residence countries and nationality', async (country) => {
    const res = await search({ search_term: 'Quentin Zorblaxington', countries: [country], residence_countries: [country], nationality: country });
    expect(code(res), JSON.stringify(res.body)).toBe('200 case_created');
    const row = await stored(res.body.reference);
    expect(row!.search_input).toMatchObject({ countries: ['IR'], residence_countries: ['IR'], nationality: 'IR' });
  });

  it('takes names as form data too, one text with a comma inside a name', async () => {
    const form = multipart({ search_term: 'Quentin Zorblaxington', entity_type: 'person', countries: 'Korea, North; Estados Unidos', nationality: 'Россия' });
    const res = await t.call('POST', '/api/search', { token: analyst, body: form.body, headers: form.headers });
    expect(code(res), JSON.stringify(res.body)).toBe('200 case_created');
    expect((await stored(res.body.reference))!.search_input).toMatchObject({ countries: ['KP', 'US'], nationality: 'RU' });
  });

  it('answers 400 invalid_country with its message for a country that does not exist, and creates nothing', async () => {
    const before = await counts();
    for (const [body, field] of [
      [{ countries: ['Atlantis'] }, 'countries.0'],
      [{ countries: ['France', 'Atlantis'] }, 'countries.1'],
      [{ residence_countries: ['Atlantis'] }, 'residence_countries.0'],
      [{ nationality: 'Atlantis' }, 'nationality'],
      [{ countries: ['QQ'] }, 'countries'],
    ] as const) {
      const res = await search({ search_term: 'Quentin Zorblaxington', ...body });
      expect(code(res), JSON.stringify(body)).toBe('400 invalid_country');
      expect(res.body.field, JSON.stringify(body)).toBe(field);
      expect(res.body.error_message).toBe(MESSAGES.invalid_country);
    }
    expect(await counts()).toEqual(before);
  });
});
