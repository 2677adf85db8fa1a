/**
 * Customers, on PGlite and Postgres (docs/transaction-monitoring.md, "Customers"): made and kept up to date by
 * transactions (counts, totals in and out, first and last seen, details filled in), created and updated by
 * customer-update-bulk (a field sent replaces, one left out stays, attributes merge; every refused field with
 * its message and nothing stored), the listing's search, filters, sort and paging, the profile (risk, totals,
 * transactions, alerts, counterparties), and another organisation's customer refused as an unknown one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateRules } from '../../server/transactions/engine-cache';
import { ADMIN, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe.each(DATABASE_KINDS)('customer calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let northwindId: string;
  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const bulk = (customers: unknown[], token = admin) => t.call('POST', '/api/transactions/customer-update-bulk', { token, body: { customers } });
  const send = (transactions: unknown[]) => t.call('POST', '/api/transactions', { token: admin, body: { transactions } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.screening.ready();
    admin = await t.login(ADMIN);
    northwindId = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    await t.call('GET', '/api/transaction-monitoring/rules', { token: admin });
    await t.deps.db.query("UPDATE tm_rules SET status = 'Disabled' WHERE organisation_id = $1", [northwindId]);
    const rule = await t.call('POST', '/api/transaction-monitoring/rules', {
      token: admin,
      body: { name: 'Above 5,000', score: 80, status: 'Enabled', definition: { version: 1, when: { compare: [{ field: 'amount' }, '>', { value: 5000 }] } } },
    });
    expect(rule.status).toBe(200);
    invalidateRules(northwindId);
    const harbourId = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
    await t.deps.db.query("INSERT INTO tm_customers (organisation_id, customer_id, first_name, last_name) VALUES ($1, 'HARBOUR-CUST', 'Harbour', 'Secret')", [harbourId]);
  }, 180_000);
  afterAll(() => t?.close());

  it('makes customers from transactions and keeps their counts, totals and dates', async () => {
    const base = { currency: 'EUR', customer_id: 'CUST-K', remitter_account: 'ACC-K', beneficiary_account: 'ACC-SHOP' };
    const res = await send([
      { ...base, reference_id: 'K-1', created_at: ago(48), amount: '100.00', direction: 'outbound', remitter_name: 'Karl Klein', remitter_country: 'DE', beneficiary_name: 'Corner Shop' },
      { ...base, reference_id: 'K-2', created_at: ago(24), amount: '250.50', direction: 'inbound', remitter_account: 'ACC-EMPLOYER', remitter_name: 'Employer GmbH', beneficiary_account: 'ACC-K', beneficiary_name: 'Karl Klein' },
      { ...base, reference_id: 'K-3', created_at: ago(2), amount: '6000.00', direction: 'outbound', remitter_name: 'Karl Klein', beneficiary_name: 'Corner Shop', customer_first_name: 'Karl', customer_last_name: 'Klein', email: 'karl@example.com' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profile = await t.call('GET', '/api/transactions/customers/CUST-K', { token: admin });
    expect(profile.status).toBe(200);
    const c = profile.body.customer;
    // The first transaction named the customer by its side's name; details it has are not replaced by later ones.
    expect(c).toMatchObject({ customer_id: 'CUST-K', name: 'Karl Klein', country: 'DE', transaction_count: 3, total_in: '250.50', total_out: '6100.00', customer_type: 'person', risk_level: 'low', open_alerts: 1 });
    expect(c.first_seen_at).toBe(new Date(ago(48)).toISOString().slice(0, 13) + c.first_seen_at.slice(13));
    expect(new Date(c.last_seen_at).getTime()).toBeGreaterThan(new Date(c.first_seen_at).getTime());
    expect(profile.body.totals).toEqual({ in_count: 1, out_count: 2, in_sum: '250.50', out_sum: '6100.00', currencies: ['EUR'] });
    expect(profile.body.risk).toMatchObject({ level: 'low', score: 0, flagged_transactions: 1, aml_holds: 0 });
    expect(profile.body.transactions.map((r: { reference_id: string }) => r.reference_id)).toEqual(['K-3', 'K-2', 'K-1']);
    expect(profile.body.alerts).toHaveLength(1);
    expect(profile.body.alerts[0]).toMatchObject({ rule_name: 'Above 5,000', workflow_status: 'open' });
    expect(profile.body.counterparties).toEqual([
      { account: 'ACC-SHOP', name: 'Corner Shop', country: null, in_count: 0, out_count: 2, in_sum: '0.00', out_sum: '6100.00' },
      { account: 'ACC-EMPLOYER', name: 'Employer GmbH', country: null, in_count: 1, out_count: 0, in_sum: '250.50', out_sum: '0.00' },
    ]);
  });

  it('creates and updates customers in bulk: what is sent replaces, what is left out stays, attributes merge', async () => {
    const first = await bulk([
      { customer_id: 'CUST-B1', first_name: 'Berta', last_name: 'Brandt', email: 'berta@example.com', country: 'de', customer_type: 'person', risk_level: 'high', risk_score: '75', attributes: { segment: 'retail', vip: true } },
      { customer_id: 'CUST-B2', first_name: 'Bolt Logistics', customer_type: 'company', date_of_birth: '2001-05-04' },
      { customer_id: 'CUST-K', risk_level: 'medium', risk_score: 40 },
    ]);
    expect(code(first), JSON.stringify(first.body)).toBe('200 tm_customers_saved');
    expect(first.body).toMatchObject({ created: 2, updated: 1, message: 'Customers saved: 2 new, 1 updated.' });
    const second = await bulk([{ customer_id: 'CUST-B1', risk_level: 'low', attributes: { tier: 2 } }]);
    expect(second.body).toMatchObject({ created: 0, updated: 1 });
    const b1 = (await t.call('GET', '/api/transactions/customers/CUST-B1', { token: admin })).body.customer;
    expect(b1).toMatchObject({ name: 'Berta Brandt', email: 'berta@example.com', country: 'DE', risk_level: 'low', risk_score: 75, attributes: { segment: 'retail', vip: true, tier: 2 }, transaction_count: 0 });
    const b2 = (await t.call('GET', '/api/transactions/customers/CUST-B2', { token: admin })).body.customer;
    expect(b2).toMatchObject({ customer_type: 'company', date_of_birth: '2001-05-04', risk_level: 'low' });
    // Transactions do not overwrite what the integrator said.
    await send([{ reference_id: 'K-4', amount: '10.00', currency: 'EUR', direction: 'outbound', customer_id: 'CUST-K', customer_first_name: 'Someone', customer_last_name: 'Else' }]);
    const k = (await t.call('GET', '/api/transactions/customers/CUST-K', { token: admin })).body.customer;
    expect(k).toMatchObject({ name: 'Karl Klein', risk_level: 'medium', risk_score: 40, transaction_count: 4 });
  });

  it("refuses each bad customer field with its message, and stores nothing of the batch", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ customer_id: '' }, 'customer_id', 'required'],
      [{ customer_id: 'C'.repeat(101) }, 'customer_id', 'text_too_long'],
      [{ email: 'nope' }, 'email', 'email_invalid'],
      [{ country: 'XX' }, 'country', 'invalid_country'],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'tm_date_invalid'],
      [{ date_of_birth: '2999-01-01' }, 'date_of_birth', 'future_date'],
      [{ risk_score: 101 }, 'risk_score', 'tm_risk_score_range'],
      [{ risk_score: '1.5' }, 'risk_score', 'tm_risk_score_range'],
      [{ risk_level: 'severe' }, 'risk_level', 'bad_request'],
      [{ customer_type: 'trust' }, 'customer_type', 'bad_request'],
      [{ attributes: { nested: { no: 1 } } }, 'attributes', 'tm_attributes_invalid'],
      [{ attributes: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }, 'attributes', 'tm_attributes_invalid'],
    ];
    const before = (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM tm_customers WHERE organisation_id = $1', [northwindId]))!.n;
    for (const [change, field, message] of cases) {
      const res = await bulk([{ customer_id: 'CUST-NEW-OK' }, { customer_id: 'CUST-NEW-BAD', ...change }]);
      expect(`${res.status} ${res.body.code} ${res.body.field}`, JSON.stringify(change)).toBe(`400 ${message} customers.1.${field}`);
    }
    expect(code(await bulk([]))).toBe('400 tm_customers_required');
    expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM tm_customers WHERE organisation_id = $1', [northwindId]))!.n).toBe(before);
  });

  it('lists customers with search, risk and country filters, sort and paging', async () => {
    const list = (query: string) => t.call('GET', `/api/transactions/customers-list?${query}`, { token: admin });
    const ids = (res: { body: { data: { customer_id: string }[] } }) => res.body.data.map((c) => c.customer_id);
    const all = await list('page_size=100');
    expect(all.body.total).toBe(all.body.data.length);
    expect(ids(all)).toEqual(expect.arrayContaining(['CUST-K', 'CUST-B1', 'CUST-B2']));
    expect(ids(await list('q=brandt'))).toEqual(['CUST-B1']);
    expect(ids(await list('q=karl@example'))).toEqual(['CUST-K']);
    expect(ids(await list('risk_level=medium'))).toEqual(['CUST-K']);
    expect(ids(await list('risk_level=medium,low&country=DE&sort=name_asc'))).toEqual(['CUST-B1', 'CUST-K']);
    expect(ids(await list('sort=risk_desc&page_size=1'))).toEqual(['CUST-B1']);
    const page2 = await list('sort=risk_desc&page_size=1&page=2');
    expect(ids(page2)).toEqual(['CUST-K']);
    expect(page2.body).toMatchObject({ page: 2, page_size: 1 });
    expect(ids(await list('sort=transaction_count_desc&page_size=1'))).toEqual(['CUST-K']);
    expect(code(await list('country=Germany'))).toBe('400 invalid_country');
    expect(code(await list('sort=nonsense'))).toBe('400 bad_request');
  });

  it("answers another organisation's customer as an unknown one (404)", async () => {
    for (const id of ['HARBOUR-CUST', 'NO-SUCH-CUSTOMER']) {
      const res = await t.call('GET', `/api/transactions/customers/${id}`, { token: admin });
      expect(code(res)).toBe('404 not_found');
      expect(JSON.stringify(res.body)).not.toContain('Secret');
    }
    expect((await t.call('GET', '/api/transactions/customers-list?q=HARBOUR', { token: admin })).body.total).toBe(0);
    const harbour = await t.login(PLAN_ADMIN);
    expect(code(await t.call('GET', '/api/transactions/customers/HARBOUR-CUST', { token: harbour }))).toBe('403 service_unavailable');
    expect(code(await bulk([{ customer_id: 'X' }], harbour))).toBe('403 service_unavailable');
  });
});
