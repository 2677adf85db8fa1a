/**
 * Plans on PGlite and Postgres (docs/billing.md): the plans page's answer, choosing a plan (its restrictions
 * and daily search limit apply from the very next request of the same token, an invoice for the plan's month
 * is issued with the right number and totals, an open invoice of the replaced plan is voided, the choice is
 * audited), choosing the current plan, who may choose, and the monthly renewal job issuing one invoice per
 * month that has begun.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_TERMS_DAYS, PLANS } from '../../common/billing';
import { RENEWAL_JOB, enqueueRenewalSweep, sweepRenewals } from '../../server/billing/renewals';
import { insertRole, insertUser } from '../../server/organisations/create';
import { createSession } from '../../server/auth/sessions';
import { ADMIN, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('plans on %s', (kind) => {
  let t: TestApp;
  let planAdmin: string;
  let harbourId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    planAdmin = await t.login(PLAN_ADMIN);
    harbourId = (await t.deps.db.one<{ id: string }>("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
  }, 120_000);
  afterAll(() => t?.close());

  const choose = (plan: unknown, token = planAdmin) => t.call('POST', '/api/plans/choose', { token, body: { plan_name: plan } });
  const harbour = async () =>
    (await t.deps.db.one<{ plan_name: string; daily_search_limit: number | null }>('SELECT plan_name, daily_search_limit FROM organisations WHERE id = $1', [harbourId]))!;
  const invoiceCount = async () => (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE organisation_id = $1', [harbourId]))!.n;

  it('lists both plans with their price, credits, daily limit and the features each includes, and the current plan', async () => {
    const res = await t.call('GET', '/api/plans', { token: planAdmin });
    expect(res.status).toBe(200);
    expect(res.body.current).toBe('basic');
    expect(res.body.currency).toBe('EUR');
    const basic = res.body.plans.find((p: any) => p.name === 'basic');
    const plus = res.body.plans.find((p: any) => p.name === 'plus');
    expect(basic).toMatchObject({ price_cents: PLANS[0].price_cents, daily_search_limit: 200, credits: PLANS[0].credits });
    // Section 2: basic blocks bulk search, search profile, risk scoring, custom lists and custom sources; plus only custom sources.
    expect(basic.features).toEqual({ 'bulk-search': false, 'search-profile': false, 'risk-scoring': false, 'aml-custom-list': false, 'custom-source': false });
    expect(plus.features).toEqual({ 'bulk-search': true, 'search-profile': true, 'risk-scoring': true, 'aml-custom-list': true, 'custom-source': false });
  });

  it('refuses organisations billed by invoice and users without update_payment_method', async () => {
    const admin = await t.login(ADMIN);
    expect(await t.call('GET', '/api/plans', { token: admin })).toMatchObject({ status: 403, body: { code: 'permission_denied' } });
    expect(await choose('plus', admin)).toMatchObject({ status: 403, body: { code: 'permission_denied' } });
    const roleId = await insertRole(t.deps.db, harbourId, 'Harbour Viewer', ['view_dashboard', 'view_search_profile']);
    const userId = await insertUser(t.deps.db, { organisationId: harbourId, roleId, name: 'Vera Viewer', email: `vera-${kind}@example.com` });
    const viewer = (await createSession(t.deps.db, userId, 60, {})).token;
    expect(await choose('plus', viewer)).toMatchObject({ status: 403, body: { code: 'permission_denied' } });
    expect(await harbour()).toMatchObject({ plan_name: 'basic' });
  });

  it('answers plan_unchanged for the current plan and plan_invalid for an unknown one, changing nothing', async () => {
    const before = await invoiceCount();
    expect(await choose('basic')).toMatchObject({ status: 400, body: { code: 'plan_unchanged', field: 'plan_name' } });
    expect(await choose('gold')).toMatchObject({ status: 400, body: { code: 'plan_invalid', field: 'plan_name' } });
    expect(await choose('')).toMatchObject({ status: 400, body: { code: 'plan_invalid' } });
    expect(await invoiceCount()).toBe(before);
    expect(await harbour()).toEqual({ plan_name: 'basic', daily_search_limit: 200 });
  });

  it('applies plus at once: the same token reaches what basic blocked, gets the daily limit, and an invoice for the month is issued', async () => {
    // Basic blocks search profiles and bulk search (section 2).
    expect(await t.call('GET', '/api/search-profile', { token: planAdmin })).toMatchObject({ status: 403, body: { code: 'plan_restricted' } });
    expect(await t.call('GET', '/api/bulk-batches', { token: planAdmin })).toMatchObject({ status: 403, body: { code: 'plan_restricted' } });

    const before = Date.now();
    const res = await choose('plus');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('plan_chosen');
    expect(res.body.plan_name).toBe('plus');
    expect(res.body.message).toContain(`Invoice ${res.body.invoice.number} has been issued`);
    const invoice = res.body.invoice;
    expect(invoice.number).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(invoice).toMatchObject({ status: 'open', paid_at: null, kind: 'plan', plan_name: 'plus', total_cents: 129_000, currency: 'EUR' });
    expect(invoice.lines).toEqual([{ description: expect.stringContaining('Plus plan'), quantity: 1, unit_cents: 129_000, total_cents: 129_000 }]);
    expect(invoice.grants).toEqual([
      { kind: 'aml_screening', credits: 2_000 },
      { kind: 'media_watcher', credits: 500 },
      { kind: 'transaction_monitoring', credits: 10_000 },
    ]);
    const issued = Date.parse(invoice.issued_at);
    expect(issued).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(invoice.due_at) - issued).toBe(INVOICE_TERMS_DAYS * DAY);
    // The month it pays for starts now and ends a calendar month later.
    const start = new Date(invoice.period_start);
    const end = new Date(invoice.period_end);
    expect(Math.abs(start.getTime() - issued)).toBeLessThan(5_000);
    expect((end.getUTCMonth() - start.getUTCMonth() + 12) % 12).toBe(1);

    // The very next request of the same token sees the plan.
    expect((await t.call('GET', '/api/search-profile', { token: planAdmin })).status).toBe(200);
    expect((await t.call('GET', '/api/bulk-batches', { token: planAdmin })).status).toBe(200);
    expect(await harbour()).toEqual({ plan_name: 'plus', daily_search_limit: 1_000 });
    const session = await t.call('GET', '/api/refresh', { token: planAdmin });
    expect(session.body.organisation.plan_details).toEqual({ plan_name: 'plus' });
    expect(session.body.limits.daily_search_limit).toBe(1_000);
    expect((await t.call('GET', '/api/plans', { token: planAdmin })).body.current).toBe('plus');

    // Credits come with payment, not with the choice.
    const credits = await t.deps.db.one('SELECT count(*)::int AS n FROM credit_ledger WHERE organisation_id = $1 AND subject_id = $2', [harbourId, invoice.id]);
    expect(credits!.n).toBe(0);

    const audit = await t.deps.db.one<{ details: any; target_id: string }>(
      "SELECT details, target_id FROM audit_events WHERE organisation_id = $1 AND action = 'billing.plan_chosen' ORDER BY created_at DESC LIMIT 1",
      [harbourId],
    );
    expect(audit).toMatchObject({ target_id: invoice.id, details: { from: 'basic', to: 'plus', invoice: invoice.number } });
  });

  it('downgrades at once: basic blocks again from the next request, the unpaid plus month is voided, paid credits stay', async () => {
    const plusInvoice = (await t.deps.db.one<{ id: string; number: string }>(
      "SELECT id, number FROM invoices WHERE organisation_id = $1 AND kind = 'plan' AND plan_name = 'plus' AND status = 'open'",
      [harbourId],
    ))!;
    const creditsBefore = await t.deps.db.one('SELECT aml_screening_credits_alloted AS a FROM organisations WHERE id = $1', [harbourId]);
    const res = await choose('basic');
    expect(res.status).toBe(200);
    expect(res.body.invoice).toMatchObject({ plan_name: 'basic', total_cents: 49_000, status: 'open' });
    expect(await t.call('GET', '/api/search-profile', { token: planAdmin })).toMatchObject({ status: 403, body: { code: 'plan_restricted' } });
    expect(await t.call('GET', '/api/bulk-batches', { token: planAdmin })).toMatchObject({ status: 403, body: { code: 'plan_restricted' } });
    expect(await harbour()).toEqual({ plan_name: 'basic', daily_search_limit: 200 });
    // The plus month was never paid: nothing to collect for it any more.
    expect((await t.deps.db.one('SELECT status FROM invoices WHERE id = $1', [plusInvoice.id]))!.status).toBe('void');
    // The paid basic invoice of the seed stays paid, and no credit is taken back.
    expect((await t.deps.db.one("SELECT count(*)::int AS n FROM invoices WHERE organisation_id = $1 AND status = 'paid'", [harbourId]))!.n).toBe(1);
    expect(await t.deps.db.one('SELECT aml_screening_credits_alloted AS a FROM organisations WHERE id = $1', [harbourId])).toEqual(creditsBefore);
  });

  it('numbers invoices from one sequence across the product', async () => {
    const numbers = (await t.deps.db.query<{ number: string }>('SELECT number FROM invoices ORDER BY issued_at, number')).map((r) => Number(r.number.slice(-6)));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
  });

  it('renews monthly: the sweep job issues one invoice per month that has begun, and none twice', async () => {
    const planInvoices = async () =>
      t.deps.db.query<{ number: string; plan_name: string; period_start: Date; period_end: Date; status: string }>(
        "SELECT number, plan_name, period_start, period_end, status FROM invoices WHERE organisation_id = $1 AND kind = 'plan' ORDER BY period_start",
        [harbourId],
      );
    // The current month has not ended: nothing to renew.
    const before = await planInvoices();
    expect(await sweepRenewals(t.deps)).toEqual([]);
    expect(await planInvoices()).toEqual(before);

    // Move the plan months two months and a day into the past: the month after the last has ended too, and a third has begun.
    await t.deps.db.query(
      "UPDATE invoices SET period_start = period_start - interval '2 months 1 day', period_end = period_end - interval '2 months 1 day' WHERE organisation_id = $1 AND kind = 'plan'",
      [harbourId],
    );
    const shifted = (await planInvoices()).filter((i) => i.status !== 'void').pop()!;
    // Through the queue, as the server runs it.
    await enqueueRenewalSweep(t.deps.jobs, t.deps.db);
    expect(await t.deps.jobs.runDue([RENEWAL_JOB.kind])).toBe(1);
    const after = await planInvoices();
    const added = after.slice(before.length);
    expect(added).toHaveLength(2);
    // Each starts where the one before ended, on the current plan, open.
    expect(new Date(added[0].period_start).getTime()).toBe(new Date(shifted.period_end).getTime());
    expect(new Date(added[1].period_start).getTime()).toBe(new Date(added[0].period_end).getTime());
    expect(added.every((i) => i.plan_name === 'basic' && i.status === 'open')).toBe(true);
    expect(new Date(added[1].period_end).getTime()).toBeGreaterThan(Date.now());

    // Sweeping again, or two sweeps at once, issues nothing more.
    await Promise.all([sweepRenewals(t.deps), sweepRenewals(t.deps)]);
    expect(await planInvoices()).toHaveLength(after.length);
    // The job asked for its next run, a day later.
    const next = await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created' AND start_after > now() + interval '23 hours'", [RENEWAL_JOB.kind]);
    expect(next!.n).toBe(1);
  });

  it('does not renew an organisation that has left plan billing', async () => {
    await t.deps.db.query("UPDATE organisations SET billing_type = 'invoice' WHERE id = $1", [harbourId]);
    await t.deps.db.query(
      "UPDATE invoices SET period_start = period_start - interval '40 days', period_end = period_end - interval '40 days' WHERE organisation_id = $1 AND kind = 'plan'",
      [harbourId],
    );
    const before = await invoiceCount();
    expect(await sweepRenewals(t.deps)).toEqual([]);
    expect(await invoiceCount()).toBe(before);
    await t.deps.db.query("UPDATE organisations SET billing_type = 'plan' WHERE id = $1", [harbourId]);
  });
});
