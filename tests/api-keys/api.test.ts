/**
 * API keys on PGlite and Postgres (docs/integrations.md): generating one needs the permission and the
 * password and answers the key once; the list shows its prefix, never the key; the key works as a bearer
 * token on the public API until it expires or is deleted, acts with its user's permissions as they are
 * now, never reaches another organisation's records nor the browser-only calls, is rate-limited per key
 * and per organisation with 429 and Retry-After, and every use is in the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX } from '../../common/api-keys';
import { newApiKey } from '../../server/auth/api-keys';
import { ADMIN, createTestApp, seededTokens, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { multipart } from '../cases/multipart';

describe.each(DATABASE_KINDS)('API keys on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.screening.ready();
    ({ admin, analyst, planAdmin } = await seededTokens(t));
  }, 120_000);
  afterAll(() => t?.close());

  const generate = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/api-key', { token, body });
  const withKey = (key: string) => ({ authorization: `Bearer ${key}` });
  /** A key made straight in the database for a user, as if generated earlier: to test rules the API would not let one set up. */
  async function keyFor(email: string, expiresInDays = 30) {
    const user = await t.deps.db.one<{ id: string; organisation_id: string }>('SELECT id, organisation_id FROM users WHERE email = $1', [email]);
    const made = newApiKey();
    const row = await t.deps.db.one<{ id: string }>(
      `INSERT INTO api_keys (organisation_id, user_id, name, prefix, key_hash, expires_at) VALUES ($1, $2, 'Made by the test', $3, $4, now() + ($5::int * interval '1 day')) RETURNING id`,
      [user!.organisation_id, user!.id, made.prefix, made.hash, expiresInDays],
    );
    return { key: made.key, id: row!.id };
  }
  /** Waits for the audit events of a key's uses: they are written once each answer has gone. */
  async function usesOf(keyId: string, count: number) {
    for (let i = 0; i < 100; i++) {
      const rows = await t.deps.db.query<{ details: any }>(`SELECT details FROM audit_events WHERE action = 'api_key.used' AND target_id = $1 ORDER BY created_at, id`, [keyId]);
      if (rows.length >= count) return rows.map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details));
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`fewer than ${count} uses of ${keyId} were audited`);
  }

  it('generates a key only with the permission, valid input and the right password', async () => {
    const before = (await t.call('GET', '/api/api-keys', { token: admin })).body.total;
    expect((await generate(analyst, { name: 'Analyst key', validity_days: 30, password: 'Analyst-2026!' })).status).toBe(403);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '', validity_days: 30, password: ADMIN.password }, 'name', 'required'],
      [{ name: 'A', validity_days: 30, password: ADMIN.password }, 'name', 'integration_name_length'],
      [{ name: 'x'.repeat(51), validity_days: 30, password: ADMIN.password }, 'name', 'integration_name_length'],
      [{ name: '   ', validity_days: 30, password: ADMIN.password }, 'name', 'required'],
      [{ name: 'Key <script>', validity_days: 30, password: ADMIN.password }, 'name', 'integration_name_characters'],
      [{ name: 'Onboarding', password: ADMIN.password }, 'validity_days', 'required'],
      [{ name: 'Onboarding', validity_days: '3O', password: ADMIN.password }, 'validity_days', 'api_key_validity_digits'],
      [{ name: 'Onboarding', validity_days: -5, password: ADMIN.password }, 'validity_days', 'api_key_validity_digits'],
      [{ name: 'Onboarding', validity_days: 0, password: ADMIN.password }, 'validity_days', 'api_key_validity_range'],
      [{ name: 'Onboarding', validity_days: 366, password: ADMIN.password }, 'validity_days', 'api_key_validity_range'],
      [{ name: 'Onboarding', validity_days: 30 }, 'password', 'password_required'],
      [{ name: 'Onboarding', validity_days: 30, password: 'wrong-password-1' }, 'password', 'password_incorrect'],
    ];
    for (const [body, field, code] of cases) {
      const res = await generate(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field });
    }
    expect((await t.call('GET', '/api/api-keys', { token: admin })).body.total).toBe(before);
  });

  it('answers the key once; the list shows its prefix, never the key; the key screens and reads cases as a bearer token', async () => {
    const res = await generate(admin, { name: 'Onboarding service', validity_days: '90', password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('api_key_created');
    const key: string = res.body.api_key;
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(key.length).toBeGreaterThan(40);
    expect(key.startsWith(res.body.key.prefix)).toBe(true);
    const days = (Date.parse(res.body.key.expires_at) - Date.parse(res.body.key.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(90, 3);

    const list = await t.call('GET', '/api/api-keys', { token: admin });
    // Newest first, so the key just made heads the list.
    expect(list.body.data[0]).toMatchObject({ name: 'Onboarding service', prefix: res.body.key.prefix, expired: false, last_used_at: null, created_by: { name: expect.any(String) } });
    expect(JSON.stringify(list.body)).not.toContain(key);
    // Only a digest is stored.
    const stored = await t.deps.db.query('SELECT * FROM api_keys');
    expect(JSON.stringify(stored)).not.toContain(key);

    const screened = await t.call('POST', '/api/search', { headers: withKey(key), body: { search_term: 'Ayman al-Zawahri', entity_type: 'person' } });
    expect(screened.status).toBe(200);
    expect(screened.headers['ratelimit-limit']).toBe('600');
    const read = await t.call('GET', `/api/search_result_filter?reference=${encodeURIComponent(screened.body.reference)}`, { headers: withKey(key) });
    expect(read.status).toBe(200);
    expect(read.body.reference ?? read.body.case?.reference).toBe(screened.body.reference);

    const uses = await usesOf(res.body.key._id, 2);
    // Each use is written once its answer has gone, so two quick calls may be written in either order.
    expect(uses.map((u) => `${u.method} ${u.path} ${u.status}`).sort()).toEqual(['GET /api/search_result_filter 200', 'POST /api/search 200']);
    const after = await t.call('GET', '/api/api-keys', { token: admin });
    expect(after.body.data[0].last_used_at).not.toBeNull();
  });

  it('screens a batch with a key: the file and the options in one call, then the batch is read until it has finished', { timeout: 60_000 }, async () => {
    const { key } = await keyFor('admin@example.com');
    const csv = Buffer.from('name,entity_type\r\nAyman al-Zawahri,person\r\nNancy Pelosi,person\r\nMaria Unlisted Example,person\r\n');
    const form = multipart({ name: 'Batch through the API', search_type: 'manual', databases: ['sanctions', 'pep'], file: { filename: 'customers.csv', type: 'text/csv', data: csv } });
    const started = await t.call('POST', '/api/create-search-batch', { headers: { ...withKey(key), ...form.headers }, body: form.body });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // The test app's job workers do not run by themselves: run the batch's jobs, as a worker would.
    await t.deps.jobs.runDue();
    const batch = (await t.call('GET', `/api/bulk-batch?id=${started.body.batch.id}`, { headers: withKey(key) })).body;
    expect(batch).toMatchObject({ status: 'Success', total_count: 3 });
  });

  it('refuses a key on the browser-only calls, on another organisation and beyond its user permissions as they are now', async () => {
    const { key } = await keyFor('analyst@example.com');
    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['GET', '/api/get_all_users?page=1&page_size=10'],
      ['GET', '/api/refresh'],
      ['POST', '/api/logout'],
    ] as const) {
      const res = await t.call(method, url, { headers: withKey(key) });
      expect(res.status, url).toBe(403);
      expect(res.body.code, url).toBe('api_key_not_allowed');
    }
    // Another organisation's case answers as an unknown one.
    const mine = await t.call('POST', '/api/search', { token: admin, body: { search_term: 'Nancy Pelosi', entity_type: 'person' } });
    const outsider = await keyFor('planadmin@example.com');
    const foreign = await t.call('GET', `/api/search_result_filter?reference=${encodeURIComponent(mine.body.reference)}`, { headers: withKey(outsider.key) });
    expect(foreign.status).toBe(404);
    // The analyst's role cannot delete cases, so neither can the analyst's key.
    const denied = await t.call('POST', '/api/delete-cases', { headers: withKey(key), body: { references: [mine.body.reference], reason: 'Removed by an integration test' } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('permission_denied');
  });

  it('stops a key when it expires, when it is deleted (with the password) and when its user is deactivated', async () => {
    const expired = await keyFor('admin@example.com', 1);
    await t.deps.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    const late = await t.call('GET', '/api/countries', { headers: withKey(expired.key) });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('api_key_expired');
    const listed = (await t.call('GET', '/api/api-keys', { token: admin })).body.data.find((k: any) => k._id === expired.id);
    expect(listed.expired).toBe(true);

    const live = await keyFor('admin@example.com');
    expect((await t.call('GET', '/api/countries', { headers: withKey(live.key) })).status).toBe(200);
    const noPassword = await t.call('DELETE', `/api/api-key/${live.id}`, { token: admin, body: { password: 'not-the-password-1' } });
    expect(noPassword.body).toMatchObject({ code: 'password_incorrect', field: 'password' });
    expect((await t.call('GET', '/api/countries', { headers: withKey(live.key) })).status).toBe(200);
    expect((await t.call('DELETE', `/api/api-key/${live.id}`, { token: analyst, body: { password: 'Analyst-2026!' } })).status).toBe(403);
    const deleted = await t.call('DELETE', `/api/api-key/${live.id}`, { token: admin, body: { password: ADMIN.password } });
    expect(deleted.body.code).toBe('api_key_deleted');
    expect((await t.call('GET', '/api/countries', { headers: withKey(live.key) })).status).toBe(401);
    expect((await t.call('DELETE', `/api/api-key/${live.id}`, { token: admin, body: { password: ADMIN.password } })).status).toBe(404);
    expect((await t.call('DELETE', '/api/api-key/not-a-key', { token: admin, body: { password: ADMIN.password } })).status).toBe(404);

    const analystKey = await keyFor('analyst@example.com');
    await t.deps.db.query(`UPDATE users SET is_active = false WHERE email = 'analyst@example.com'`);
    expect((await t.call('GET', '/api/countries', { headers: withKey(analystKey.key) })).status).toBe(401);
    await t.deps.db.query(`UPDATE users SET is_active = true WHERE email = 'analyst@example.com'`);
  });

  it('limits each key and the organisation per minute with 429 and Retry-After; sessions are not limited', async () => {
    // An app of its own with small limits, so the test reaches them: 4 calls a minute per key, 6 per organisation.
    const main = t;
    t = await createTestApp(kind, { apiRateLimits: { perKeyPerMinute: 4, perOrganisationPerMinute: 6 } });
    try {
      planAdmin = await t.login({ email: 'planadmin@example.com', password: 'Planadmin-2026!' });
      const first = await keyFor('planadmin@example.com');
      const second = await keyFor('planadmin@example.com');
      const call = (key: string) => t.call('GET', '/api/countries', { headers: withKey(key) });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await call(first.key)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      const refused = await call(first.key);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(refused.body.limit).toBe('api_key');
      const retry = Number(refused.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      // The second key has its own four, but the organisation's six are spent after two more.
      const other = [(await call(second.key)).status, (await call(second.key)).status, (await call(second.key)).status];
      expect(other).toEqual([200, 200, 429]);
      const orgRefusal = await call(second.key);
      expect(orgRefusal.body.limit).toBe('organisation');
      // The browser is never limited here.
      for (let i = 0; i < 10; i++) expect((await t.call('GET', '/api/countries', { token: planAdmin })).status).toBe(200);
      // A refused call is audited too, with its status.
      const uses = await usesOf(first.id, 6);
      expect(uses.map((u) => u.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await t.close();
      t = main;
    }
  });
});
