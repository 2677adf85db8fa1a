/**
 * The API enforces the same requirements as the SPA's guards (common/access.ts):
 * permissions, services, organisation flags, billing and plans. Routes of later
 * features are declared with these same requirement objects; here each kind of
 * rule is proven with the route table's own requirements on real sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute, type AppRouteId } from '../../common/access';
import { route, type ApiRoute } from '../../server/http/routes';
import { DATABASE_KINDS } from '../helpers/databases';
import { createTestApp, seededTokens, type TestApp } from '../helpers/app';

// One probe per route id, guarded by exactly that route's requirement.
const PROBED: AppRouteId[] = ['dashboard', 'bulk-search', 'custom-source', 'search-profile', 'plans', 'make-case', 'monitoring-configuration', 'media-search', 'transaction-listing', 'role-management'];
const probes: ApiRoute[] = PROBED.map((id) =>
  route({
    method: 'GET',
    path: `/probe/${id}`,
    operationId: `probe${id}`,
    tag: 'Test',
    summary: `probe for ${id}`,
    access: findRoute(id).requirement,
    handler: async () => ({ ok: true }),
  }),
);

describe.each(DATABASE_KINDS)('access enforcement on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<'admin' | 'analyst' | 'planAdmin' | 'founder', string>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, probes);
    const founder = await t.call('POST', '/api/signup', { body: { name: 'Fay Founder', email: 'fay@example.com', company_name: 'Fay Co', password: 'Founder-pass-1' } });
    tokens = { ...(await seededTokens(t)), founder: founder.body.access_token };
  });
  afterAll(() => t?.close());

  const status = async (who: keyof typeof tokens, id: AppRouteId) => {
    const res = await t.call('GET', `/api/probe/${id}`, { token: tokens[who] });
    return res.status === 403 ? `403 ${res.body.code}` : String(res.status);
  };

  it('lets the administrator of a full organisation through everywhere except plan pages', async () => {
    for (const id of PROBED.filter((p) => p !== 'plans')) expect(await status('admin', id), id).toBe('200');
    expect(await status('admin', 'plans')).toBe('403 permission_denied');
  });

  it('refuses missing permissions', async () => {
    expect(await status('analyst', 'role-management')).toBe('403 permission_denied');
    expect(await status('analyst', 'monitoring-configuration')).toBe('403 permission_denied');
    expect(await status('analyst', 'dashboard')).toBe('200');
  });

  it('refuses features outside the basic plan', async () => {
    expect(await status('planAdmin', 'bulk-search')).toBe('403 plan_restricted');
    expect(await status('planAdmin', 'custom-source')).toBe('403 plan_restricted');
    expect(await status('planAdmin', 'search-profile')).toBe('403 plan_restricted');
    expect(await status('planAdmin', 'plans')).toBe('200');
  });

  it('blocks Custom Source only on the plus plan', async () => {
    await t.deps.db.query("UPDATE organisations SET plan_name = 'plus' WHERE slug = 'harbour'");
    expect(await status('planAdmin', 'custom-source')).toBe('403 plan_restricted');
    expect(await status('planAdmin', 'bulk-search')).toBe('200');
    await t.deps.db.query("UPDATE organisations SET plan_name = 'basic' WHERE slug = 'harbour'");
  });

  it('limits a plan-billing organisation without a plan to screening and billing', async () => {
    expect(await status('founder', 'make-case')).toBe('200');
    expect(await status('founder', 'plans')).toBe('200');
    expect(await status('founder', 'dashboard')).toBe('403 plan_required');
  });

  it('refuses a service or flag the organisation does not have', async () => {
    expect(await status('planAdmin', 'transaction-listing')).toBe('403 service_unavailable');
    await t.deps.db.query("UPDATE organisations SET service_types = '{aml_screening}' WHERE slug = 'northwind'");
    expect(await status('admin', 'media-search')).toBe('403 service_unavailable');
    await t.deps.db.query("UPDATE organisations SET service_types = '{aml_screening,media_watcher}' WHERE slug = 'northwind'");
    expect(await status('admin', 'media-search')).toBe('200');
  });

  it('applies a role change on the next call, without signing in again', async () => {
    expect(await status('analyst', 'bulk-search')).toBe('200');
    await t.deps.db.query("DELETE FROM role_permissions WHERE permission = 'view_bulk_search' AND role_id = (SELECT id FROM roles WHERE name = 'Analyst')");
    expect(await status('analyst', 'bulk-search')).toBe('403 permission_denied');
  });
});
