/**
 * Billing details, invoices, top-ups and payment on PGlite and Postgres (docs/billing.md): the billing page's
 * answer, the details' validation and what they do to open and paid invoices, buying a top-up (and refusing a
 * bad one without changing anything), marking an invoice paid granting exactly its credits once (a second
 * mark-paid, or two at once, grant nothing more), a collector that answers 'paid' granting at once, the
 * invoice PDF (the bank account printed once beside its labels, never a placeholder) and another organisation's
 * invoice answering 404, and the operator's command run as a child
 * process against the same Postgres database as the app, and against an embedded database directory.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_TERMS_DAYS, TOP_UP_PACKS } from '../../common/billing';
import { markPaid } from '../../server/billing/mark-paid';
import { invoiceCollector, usePaymentCollector } from '../../server/billing/payments';
import { renderInvoicePdf } from '../../server/billing/invoice-pdf';
import { sellerFromEnv } from '../../server/billing/seller';
import { SEED_BILLING_DETAILS } from '../../server/billing/seed';
import { insertInvoice, topUpDraft } from '../../server/billing/invoices';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { syncPermissions } from '../../server/db/permissions-sync';
import { forOrganisation } from '../../server/db/tenant';
import { createOrganisationWithAdmin } from '../../server/organisations/create';
import { PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { pdfBytes, pdfText } from '../helpers/pdf-text';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

const DETAILS = {
  company_name: 'Harbour Trading Ltd',
  billing_email: 'ledger@harbour-trading.example',
  address_line1: '1 Canon’s Road',
  address_line2: '',
  city: 'Bristol',
  postcode: 'bs1 5tx',
  country: 'United Kingdom',
  vat_number: 'gb 123.456.789',
};

describe.each(DATABASE_KINDS)('billing and invoices on %s', (kind) => {
  let t: TestApp;
  let planAdmin: string;
  let harbourId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    planAdmin = await t.login(PLAN_ADMIN);
    harbourId = (await t.deps.db.one<{ id: string }>("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
  }, 120_000);
  afterAll(() => t?.close());

  const counters = async () =>
    (await t.deps.db.one<Record<string, number | null>>(
      `SELECT aml_screening_credits_alloted AS aml, media_watcher_credits_alloted AS media, transaction_monitoring_credits_alloted AS tm FROM organisations WHERE id = $1`,
      [harbourId],
    ))!;
  const ledgerRows = async (invoiceId: string) =>
    t.deps.db.query<{ kind: string; entry: string; amount: number; reason: string; subject_type: string; subject_label: string }>(
      'SELECT kind, entry, amount, reason, subject_type, subject_label FROM credit_ledger WHERE organisation_id = $1 AND subject_id = $2 ORDER BY kind',
      [harbourId, invoiceId],
    );
  const invoiceCount = async () => (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE organisation_id = $1', [harbourId]))!.n;
  const topUp = (body: unknown, token = planAdmin) => t.call('POST', '/api/billing/top-ups', { token, body });

  it('answers the billing page: the seeded details, how to pay, the packs and the plan', async () => {
    const res = await t.call('GET', '/api/billing', { token: planAdmin });
    expect(res.status).toBe(200);
    expect(res.body.details).toEqual(SEED_BILLING_DETAILS);
    // How to pay as data the page words in the reader's language; the bank account is not configured here.
    expect(res.body.payment_method).toEqual({ type: 'invoice', terms_days: INVOICE_TERMS_DAYS, payee: 'Open AML', iban: null, bic: null, email: 'billing@openaml.invalid' });
    expect(res.body.top_up_packs).toEqual(TOP_UP_PACKS);
    expect(res.body.plan).toBe('basic');
  });

  it('lists the seeded invoices newest first: the open top-up, then the paid basic month', async () => {
    const res = await t.call('GET', '/api/billing/invoices?page=1&page_size=10', { token: planAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, page_size: 10, total: 2 });
    const [topUpInvoice, plan] = res.body.data;
    expect(topUpInvoice).toMatchObject({ kind: 'top_up', status: 'open', total_cents: 24_000, grants: [{ kind: 'aml_screening', credits: 200 }] });
    expect(plan).toMatchObject({ kind: 'plan', plan_name: 'basic', status: 'paid', total_cents: 49_000 });
    expect(plan.paid_at).not.toBeNull();
  });

  it('validates the billing details field by field and changes nothing on a refusal', async () => {
    const put = (body: Record<string, unknown>) => t.call('PUT', '/api/billing/details', { token: planAdmin, body: { ...DETAILS, ...body } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ company_name: '' }, 'required', 'company_name'],
      [{ company_name: 'X' }, 'billing_company_name_length', 'company_name'],
      [{ company_name: 'Harbour <script>' }, 'billing_text_characters', 'company_name'],
      [{ billing_email: 'not-an-email' }, 'email_invalid', 'billing_email'],
      [{ billing_email: '' }, 'email_required', 'billing_email'],
      [{ address_line1: '   ' }, 'required', 'address_line1'],
      [{ address_line1: 'x'.repeat(201) }, 'billing_address_length', 'address_line1'],
      [{ city: '' }, 'required', 'city'],
      [{ postcode: '#1' }, 'billing_postcode_invalid', 'postcode'],
      [{ country: 'Atlantis' }, 'invalid_country', 'country'],
      [{ country: 'ZZ' }, 'invalid_country', 'country'],
      [{ vat_number: '123' }, 'billing_vat_invalid', 'vat_number'],
    ];
    for (const [change, code, field] of cases) {
      expect(await put(change), JSON.stringify(change)).toMatchObject({ status: 400, body: { code, field } });
    }
    expect((await t.call('GET', '/api/billing', { token: planAdmin })).body.details).toEqual(SEED_BILLING_DETAILS);
  });

  it('saves the details as stored values and readdresses open invoices, not paid ones', async () => {
    const res = await t.call('PUT', '/api/billing/details', { token: planAdmin, body: DETAILS });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('billing_details_saved');
    // The country's name resolves to its code; a blank second line is none; the VAT number in its plain form.
    const stored = { ...DETAILS, address_line2: null, postcode: 'BS1 5TX', country: 'GB', vat_number: 'GB123456789' };
    expect(res.body).toMatchObject(stored);
    expect((await t.call('GET', '/api/billing', { token: planAdmin })).body.details).toEqual(stored);
    const buyers = await t.deps.db.query<{ status: string; email: string }>("SELECT status, buyer->>'billing_email' AS email FROM invoices WHERE organisation_id = $1", [harbourId]);
    expect(buyers.filter((b) => b.status === 'open').every((b) => b.email === DETAILS.billing_email)).toBe(true);
    expect(buyers.filter((b) => b.status === 'paid').every((b) => b.email === SEED_BILLING_DETAILS.billing_email)).toBe(true);
  });

  it('refuses a bad top-up with 400 and issues nothing', async () => {
    const before = { invoices: await invoiceCount(), credits: await counters() };
    const bad: [unknown, string, string][] = [
      [{ kind: 'gold', packs: 1 }, 'top_up_kind_invalid', 'kind'],
      [{ kind: '', packs: 1 }, 'top_up_kind_invalid', 'kind'],
      [{ kind: 'aml_screening', packs: 0 }, 'top_up_packs_range', 'packs'],
      [{ kind: 'aml_screening', packs: 51 }, 'top_up_packs_range', 'packs'],
      [{ kind: 'aml_screening', packs: 1.5 }, 'top_up_packs_range', 'packs'],
      [{ kind: 'aml_screening', packs: '-2' }, 'top_up_packs_range', 'packs'],
      [{ kind: 'aml_screening' }, 'required', 'packs'],
    ];
    for (const [body, code, field] of bad) expect(await topUp(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { code, field } });
    expect(await invoiceCount()).toBe(before.invoices);
    expect(await counters()).toEqual(before.credits);
  });

  it('invoices a top-up with the right lines and total, grants nothing until paid, then exactly once', async () => {
    const before = await counters();
    const res = await topUp({ kind: 'media_watcher', packs: '3' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('top_up_invoiced');
    const invoice = res.body.invoice;
    expect(res.body.message).toBe(`Invoice ${invoice.number} has been issued; the credits are added once it is paid.`);
    expect(invoice).toMatchObject({ kind: 'top_up', status: 'open', plan_name: null, period_start: null, total_cents: 18_000, currency: 'EUR' });
    expect(invoice.lines).toEqual([{ description: 'Media Watcher credits, pack of 50', quantity: 3, unit_cents: 6_000, total_cents: 18_000 }]);
    expect(invoice.grants).toEqual([{ kind: 'media_watcher', credits: 150 }]);
    expect(await counters()).toEqual(before);

    const paid = await markPaid(t.deps.db, { number: invoice.number }, 'operator');
    expect(paid.outcome).toBe('paid');
    expect(await counters()).toEqual({ ...before, media: before.media! + 150 });
    expect(await ledgerRows(invoice.id)).toEqual([
      { kind: 'media_watcher', entry: 'purchase', amount: 150, reason: 'top_up', subject_type: 'invoice', subject_label: invoice.number },
    ]);
    const listed = (await t.call('GET', '/api/billing/invoices', { token: planAdmin })).body.data.find((i: any) => i.id === invoice.id);
    expect(listed.status).toBe('paid');

    // A second mark-paid is refused and adds nothing.
    const again = await markPaid(t.deps.db, { number: invoice.number.toLowerCase() }, 'operator');
    expect(again.outcome).toBe('already_paid');
    expect(await counters()).toEqual({ ...before, media: before.media! + 150 });
    expect(await ledgerRows(invoice.id)).toHaveLength(1);
    expect((await markPaid(t.deps.db, { number: 'INV-1999-000001' }, 'operator')).outcome).toBe('not_found');
  });

  it("grants a plan invoice's credits once when two mark-paid run at the same moment", async () => {
    const chosen = await t.call('POST', '/api/plans/choose', { token: planAdmin, body: { plan_name: 'plus' } });
    expect(chosen.status).toBe(200);
    const invoice = chosen.body.invoice;
    const before = await counters();
    const outcomes = (await Promise.all([1, 2, 3].map(() => markPaid(t.deps.db, { number: invoice.number }, 'operator')))).map((r) => r.outcome).sort();
    expect(outcomes).toEqual(['already_paid', 'already_paid', 'paid']);
    expect(await counters()).toEqual({ aml: before.aml! + 2_000, media: before.media! + 500, tm: before.tm! + 10_000 });
    expect((await ledgerRows(invoice.id)).map((r) => [r.kind, r.entry, r.amount, r.reason])).toEqual([
      ['aml_screening', 'grant', 2_000, 'plan'],
      ['media_watcher', 'grant', 500, 'plan'],
      ['transaction_monitoring', 'grant', 10_000, 'plan'],
    ]);
    const audit = await t.deps.db.query("SELECT details FROM audit_events WHERE organisation_id = $1 AND action = 'billing.invoice_paid' AND target_id = $2", [harbourId, invoice.id]);
    expect(audit).toHaveLength(1);
  });

  it('refuses to mark a void invoice paid', async () => {
    const plus = (await t.deps.db.one<{ number: string }>("SELECT number FROM invoices WHERE organisation_id = $1 AND plan_name = 'plus' AND status = 'paid'", [harbourId]))!;
    // Basic again: its invoice is open; plus again voids it, unpaid.
    await t.call('POST', '/api/plans/choose', { token: planAdmin, body: { plan_name: 'basic' } });
    const basic = (await t.deps.db.one<{ number: string }>("SELECT number FROM invoices WHERE organisation_id = $1 AND plan_name = 'basic' AND status = 'open'", [harbourId]))!;
    await t.call('POST', '/api/plans/choose', { token: planAdmin, body: { plan_name: 'plus' } });
    const before = await counters();
    expect((await markPaid(t.deps.db, { number: basic.number }, 'operator')).outcome).toBe('void');
    expect(await counters()).toEqual(before);
    // The paid plus month stayed paid.
    expect((await t.deps.db.one('SELECT status FROM invoices WHERE number = $1', [plus.number]))!.status).toBe('paid');
  });

  it('pays at once through a collector that answers paid (a card processor), granting the credits', async () => {
    usePaymentCollector({ id: 'test-card', describe: () => ({ type: 'card' }), collect: async () => 'paid' });
    try {
      expect((await t.call('GET', '/api/billing', { token: planAdmin })).body.payment_method).toEqual({ type: 'card' });
      const before = await counters();
      const res = await topUp({ kind: 'transaction_monitoring', packs: 2 });
      expect(res.status).toBe(200);
      expect(res.body.invoice.status).toBe('paid');
      expect(await counters()).toEqual({ ...before, tm: before.tm! + 2_000 });
      expect((await t.deps.db.one('SELECT collector, paid_by FROM invoices WHERE id = $1', [res.body.invoice.id]))).toEqual({ collector: 'test-card', paid_by: 'test-card' });
    } finally {
      usePaymentCollector(undefined);
    }
  });

  it("downloads an invoice as a PDF named by its number; another organisation's invoice is 404", async () => {
    const invoice = (await t.call('GET', '/api/billing/invoices', { token: planAdmin })).body.data[0];
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/invoices/${invoice.id}/pdf`, headers: { authorization: `Bearer ${planAdmin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(2_000);

    // Another plan-billing organisation, whose administrator may manage payments: Harbour's invoice is unknown to it.
    const other = await createOrganisationWithAdmin(t.deps.db, {
      organisation: { name: `Quay Partners ${kind}`, billing_type: 'plan', plan_name: 'plus' },
      admin: { name: 'Quinn Quay', email: `quinn-${kind}@example.com`, password: 'Quinn-2026!' },
    });
    const otherToken = await t.login({ email: `quinn-${kind}@example.com`, password: 'Quinn-2026!' });
    const foreign = await t.call('GET', `/api/billing/invoices/${invoice.id}/pdf`, { token: otherToken });
    const unknown = await t.call('GET', `/api/billing/invoices/${crypto.randomUUID()}/pdf`, { token: otherToken });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'invoice_not_found' } });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'invoice_not_found' } });
    expect((await t.call('GET', '/api/billing/invoices/not-an-id/pdf', { token: otherToken })).status).toBe(404);
    expect((await t.call('GET', '/api/billing/invoices', { token: otherToken })).body).toMatchObject({ total: 0, data: [] });
    expect(other.organisationId).not.toBe(harbourId);
  });

  it("prints an open invoice's payment without placeholders while the bank account is not configured", async () => {
    const open = (await t.call('GET', '/api/billing/invoices?page=1&page_size=50', { token: planAdmin })).body.data.find((i: any) => i.status === 'open');
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/invoices/${open.id}/pdf`, headers: { authorization: `Bearer ${planAdmin}` } });
    expect(res.statusCode).toBe(200);
    const lines = pdfText(res.rawPayload).split('\n');
    // Label, then value: no IBAN or BIC row stands beside a placeholder; the page says where to ask instead.
    expect(lines).not.toContain('IBAN');
    expect(lines).not.toContain('BIC');
    expect(lines.filter((l) => /IBAN|BIC/.test(l))).toEqual([]);
    expect(lines.slice(lines.indexOf('Account name'), lines.indexOf('Account name') + 2)).toEqual(['Account name', 'Open AML']);
    expect(lines.slice(lines.indexOf('Bank details'), lines.indexOf('Bank details') + 2)).toEqual(['Bank details', 'On request from billing@openaml.invalid']);
    expect(lines.slice(lines.indexOf('Reference'), lines.indexOf('Reference') + 2)).toEqual(['Reference', open.number]);
  });

  /**
   * Where the command is pointed: on Postgres the test app's own database (the app and the command share it); on
   * PGlite a database directory of its own, made and closed before the command opens it (one process at a time).
   */
  async function commandTarget() {
    if (kind === 'postgres') {
      const number = (await topUp({ kind: 'aml_screening', packs: 1 })).body.invoice.number as string;
      return { env: { DATABASE_URL: t.database.url! }, number, organisation: 'Harbour Trading', aml: async () => (await counters()).aml!, cleanup: () => {} };
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'aml-billing-'));
    const open = () => openDatabase({ dataDir: join(dataDir, 'pglite') });
    const db = await open();
    await migrate(db);
    await syncPermissions(db);
    const org = await createOrganisationWithAdmin(db, { organisation: { name: 'Dock Street Ltd', billing_type: 'plan', plan_name: 'basic' }, admin: { name: 'Dora Dock', email: 'dora@example.com' } });
    const number = (await insertInvoice(forOrganisation(db, org.organisationId), topUpDraft('aml_screening', 1), { collector: 'invoice', issuedBy: null })).number;
    await db.close();
    const aml = async () => {
      const reopened = await open();
      try {
        return (await reopened.one<{ n: number }>('SELECT aml_screening_credits_alloted AS n FROM organisations WHERE id = $1', [org.organisationId]))!.n;
      } finally {
        await reopened.close();
      }
    };
    return { env: { DATA_DIR: dataDir }, number, organisation: 'Dock Street Ltd', aml, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
  }

  it('lets the operator list open invoices and mark one paid with the command, once', { timeout: 120_000 }, async () => {
    const target = await commandTarget();
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...target.env };
    if (kind === 'pglite') delete env.DATABASE_URL;
    const command = (...args: string[]) =>
      run(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'billing.ts'), ...args], { cwd: ROOT, env }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
      );

    const listed = await command('list-open', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).find((i: any) => i.number === target.number)).toMatchObject({ organisation: target.organisation, total_cents: 12_000, currency: 'EUR', overdue: false });

    const before = await target.aml();
    const paid = await command('mark-paid', target.number);
    expect(paid.code, paid.stderr).toBe(0);
    expect(paid.stdout).toContain(`Invoice ${target.number} is marked paid`);
    expect(await target.aml()).toBe(before + 100);

    const again = await command('mark-paid', target.number);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already marked paid');
    expect(await target.aml()).toBe(before + 100);
    expect(JSON.parse((await command('list-open', '--json')).stdout).some((i: any) => i.number === target.number)).toBe(false);

    expect((await command('mark-paid', 'INV-1999-000001')).code).toBe(1);
    expect((await command('mark-paid')).code).toBe(2);
    target.cleanup();
  });
});

describe('the operator command on the embedded database', () => {
  it('refuses to open a database directory another process holds open', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'aml-billing-'));
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    // What PGlite leaves in its directory while a process has it open.
    writeFileSync(join(dataDir, 'pglite', 'postmaster.pid'), '-42\n');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const result = await run(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'billing.ts'), 'list-open'], { cwd: ROOT, env }).then(
      () => ({ code: 0, stderr: '' }),
      (e) => ({ code: e.code as number, stderr: e.stderr as string }),
    );
    rmSync(dataDir, { recursive: true, force: true });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('stop the app');
  });
});

describe('the bank account an installation configures', () => {
  const seller = sellerFromEnv({ BILLING_SELLER_NAME: 'Quayside Compliance GmbH', BILLING_BANK_IBAN: ' DE89 3704 0044 0532 0130 00 ', BILLING_BANK_BIC: 'COBADEFFXXX' });

  it('is what the billing page is given, and each part is null while it is unset', () => {
    expect(invoiceCollector(seller).describe()).toEqual({
      type: 'invoice',
      terms_days: INVOICE_TERMS_DAYS,
      payee: 'Quayside Compliance GmbH',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      email: 'billing@openaml.invalid',
    });
    expect(invoiceCollector(sellerFromEnv({ BILLING_BANK_IBAN: 'DE89 3704 0044 0532 0130 00', BILLING_BANK_BIC: '  ' })).describe()).toMatchObject({ iban: 'DE89 3704 0044 0532 0130 00', bic: null });
  });

  it('is printed on an open invoice once, each value beside its label', async () => {
    const invoice = {
      id: crypto.randomUUID(),
      number: 'INV-2026-000042',
      issued_at: '2026-11-27T09:00:00.000Z',
      due_at: '2026-12-11T09:00:00.000Z',
      status: 'open' as const,
      paid_at: null,
      description: '100 Media Watcher credits',
      lines: [{ description: 'Media Watcher credits, pack of 50', quantity: 2, unit_cents: 6_000, total_cents: 12_000 }],
      total_cents: 12_000,
      currency: 'EUR',
      kind: 'top_up' as const,
      plan_name: null,
      period_start: null,
      period_end: null,
      grants: [{ kind: 'media_watcher' as const, credits: 100 }],
    };
    const doc = renderInvoicePdf({
      invoice,
      buyer: null,
      vatPercent: 0,
      vatCents: 0,
      subtotalCents: 12_000,
      seller,
      organisation: { name: 'Harbour Trading', white_labeling_for: null },
      generatedBy: 'Pat Plan',
    });
    const lines = pdfText(await pdfBytes(doc)).split('\n');
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(after('Account name')).toBe('Quayside Compliance GmbH');
    expect(after('IBAN')).toBe('DE89 3704 0044 0532 0130 00');
    expect(after('BIC')).toBe('COBADEFFXXX');
    expect(lines.filter((l) => l.includes('DE89 3704 0044 0532 0130 00'))).toHaveLength(1);
    expect(lines).not.toContain('Bank details');
  });
});
