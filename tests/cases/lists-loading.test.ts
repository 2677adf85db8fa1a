/**
 * A case can be created while the lists are still loading: the search waits
 * for them (up to SCREENING_WAIT_MS), answers 503 with a clear message when
 * they take too long or failed, and spends nothing then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningEngine } from '../../server/screening';
import { DATABASE_KINDS } from '../helpers/databases';
import { ANALYST, createTestApp, testScreeningEngine, type TestApp } from '../helpers/app';

/** The real engine behind a gate the test opens, or a failure. */
function gatedEngine(real: ScreeningEngine) {
  let open!: () => void;
  let fail!: (e: Error) => void;
  let state: 'loading' | 'ready' | 'failed' = 'loading';
  const gate = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  gate.catch(() => undefined);
  let waiting = 0;
  const engine: ScreeningEngine = {
    ...real,
    ready: () => {
      waiting++;
      return gate.then(() => real.ready());
    },
    status: () => ({ ...real.status(), state }),
    screen: (q) => real.screen(q),
    getEntity: (id) => real.getEntity(id),
  };
  return {
    engine,
    /** How many callers have asked to wait for the lists so far. */
    waiting: () => waiting,
    open: () => ((state = 'ready'), open()),
    fail: () => ((state = 'failed'), fail(new Error('no list could be loaded'))),
  };
}

describe.each(DATABASE_KINDS)('searching while the lists load, on %s', (kind) => {
  let t: TestApp;
  let gated: ReturnType<typeof gatedEngine>;
  let token: string;
  const previousWait = process.env.SCREENING_WAIT_MS;

  beforeAll(async () => {
    const real = testScreeningEngine();
    await real.ready();
    gated = gatedEngine(real);
    t = await createTestApp(kind, {}, [], { screening: gated.engine });
    token = await t.login(ANALYST);
  });
  afterAll(async () => {
    process.env.SCREENING_WAIT_MS = previousWait ?? '';
    await t?.close();
  });

  const used = async () => (await t.deps.db.one("SELECT aml_screening_credits_used AS n FROM organisations WHERE slug = 'northwind'"))!.n;

  it('reports loading lists in /api/health and answers 503 lists_loading after the wait, spending nothing', async () => {
    expect((await t.call('GET', '/api/health')).body.lists.state).toBe('loading');
    process.env.SCREENING_WAIT_MS = '150';
    const before = await used();
    const res = await t.call('POST', '/api/search', { token, body: { search_term: 'Nancy Pelosy', entity_type: 'person' } });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'lists_loading', error_message: 'The screening lists are still loading. Please try again in a moment.' });
    expect(await used()).toBe(before);
  });

  it('waits for the lists and creates the case once they are loaded', async () => {
    // The wait is long enough for any machine; the lists arrive once the search is waiting for them.
    process.env.SCREENING_WAIT_MS = '60000';
    const before = gated.waiting();
    const pending = t.call('POST', '/api/search', { token, body: { search_term: 'Nancy Pelosy', entity_type: 'person' } });
    await expect.poll(() => gated.waiting()).toBeGreaterThan(before);
    gated.open();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.hit_count).toBeGreaterThan(0);
  });
});

describe('searching when the lists failed to load', () => {
  it('answers 503 lists_unavailable', async () => {
    const gated = gatedEngine(testScreeningEngine());
    gated.fail();
    const t = await createTestApp('pglite', {}, [], { screening: gated.engine });
    try {
      const token = await t.login(ANALYST);
      const res = await t.call('POST', '/api/search', { token, body: { search_term: 'Nancy Pelosy', entity_type: 'person' } });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('lists_unavailable');
      expect((await t.call('GET', '/api/health')).body.lists.state).toBe('failed');
    } finally {
      await t.close();
    }
  });
});
