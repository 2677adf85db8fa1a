/**
 * Case creation screens before it takes the organisation's lock, so credits
 * must stay exact when searches of one organisation arrive together: with N
 * credits left and more searches than that at once, exactly N create a case
 * (each with its own reference, each spending one credit) and the rest get the
 * spec's limit message. On PGlite and Postgres (where the searches really run
 * side by side on the connection pool).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases';
import { createTestApp, PLAN_ADMIN, seededTokens, type TestApp } from '../helpers/app';

describe.each(DATABASE_KINDS)('searches of one organisation at once on %s', (kind) => {
  let t: TestApp;
  let tokens: string[];
  let harbour: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { planAdmin } = await seededTokens(t);
    // Several sessions, as several people of the organisation would have.
    tokens = [planAdmin, ...(await Promise.all([1, 2, 3].map(() => t.login(PLAN_ADMIN))))];
    harbour = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['harbour']))!.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates exactly as many cases as there are credits left and refuses the rest with the limit message', async () => {
    const LEFT = 3;
    const SEARCHES = 10;
    await t.deps.db.query('UPDATE organisations SET aml_screening_credits_alloted = aml_screening_credits_used + $2, daily_search_limit = NULL WHERE id = $1', [harbour, LEFT]);
    const before = await t.deps.db.one('SELECT aml_screening_credits_used AS used, aml_screening_credits_alloted AS alloted FROM organisations WHERE id = $1', [harbour]);
    const casesBefore = (await t.deps.db.one('SELECT count(*)::int AS n FROM cases WHERE organisation_id = $1', [harbour]))!.n;

    const answers = await Promise.all(
      Array.from({ length: SEARCHES }, (_, i) =>
        t.call('POST', '/api/search', { token: tokens[i % tokens.length], body: { search_term: i % 2 ? 'Aiman al Zawahiri' : 'Bernie Sandrs', entity_type: 'person' } }),
      ),
    );
    const created = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(created.length).toBe(LEFT);
    expect(refused.length).toBe(SEARCHES - LEFT);
    for (const r of refused) {
      expect(r.status).toBe(402);
      expect(r.body).toMatchObject({ code: 'search_limit', error_message: 'Your search limit has been reached.', credits_expired: true });
    }
    const references = created.map((a) => a.body.reference as string);
    expect(new Set(references).size).toBe(LEFT);

    const after = await t.deps.db.one('SELECT aml_screening_credits_used AS used FROM organisations WHERE id = $1', [harbour]);
    expect(after!.used).toBe(before!.alloted);
    expect(after!.used - before!.used).toBe(LEFT);
    const stored = await t.deps.db.query('SELECT reference FROM cases WHERE organisation_id = $1 ORDER BY created_at', [harbour]);
    expect(stored.length - casesBefore).toBe(LEFT);
    expect(stored.map((r) => r.reference)).toEqual(expect.arrayContaining(references));
  }, 60_000);
});
