/**
 * The transaction calls on PGlite and Postgres (docs/transaction-monitoring.md): sending transactions and
 * their decisions (a rule of the organisation's that fires, and one that does not), idempotence by reference
 * (in one call and across calls: one row, one credit), every refused field with its message and nothing
 * stored (a batch with one bad transaction stores none), a listed remitter put on AML hold with its one AML
 * case (linked, shown on the transaction and in Manage Case), credits (exact spend, 402 when they do not cover
 * a batch, nothing stored, a repeat still answered), an API key, permissions and the organisation flag,
 * another organisation's references refused as unknown ones, the analyst's decision with its history, and the
 * listing's filters, paging, sort and export.
 */
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../server/auth/api-keys';
import { insertRole, insertUser } from '../../server/organisations/create';
import { invalidateRules } from '../../server/transactions/engine-cache';
import { SAMPLE_LISTED_NAME } from '../../server/transactions/seed';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** A transaction that fires no rule of the test's: small, outbound, both parties clear. */
const tx = (reference: string, extra: Record<string, unknown> = {}) => ({
  reference_id: reference,
  created_at: ago(2),
  customer_id: 'CUST-1',
  customer_first_name: 'Maria',
  customer_last_name: 'Lopez',
  amount: '120.00',
  currency: 'EUR',
  direction: 'outbound',
  payment_method: 'bank_transfer',
  remitter_name: 'Maria Lopez',
  remitter_account: 'ACC-MARIA',
  remitter_country: 'ES',
  beneficiary_name: 'Acme Trading GmbH',
  beneficiary_account: 'ACC-ACME',
  beneficiary_country: 'DE',
  ...extra,
});

describe.each(DATABASE_KINDS)('transaction calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let harbour: string;
  let northwindId: string;
  let harbourId: string;
  let harbourReference: string;
  let ruleId: string;

  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const send = (transactions: unknown[], token = admin) => t.call('POST', '/api/transactions', { token, body: { transactions } });
  const count = async (where = '', params: unknown[] = []) =>
    (await t.deps.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM tm_transactions WHERE organisation_id = $1 ${where}`, [northwindId, ...params]))!.n;
  const credits = async () => (await t.deps.db.one<{ alloted: number | null; used: number }>('SELECT transaction_monitoring_credits_alloted AS alloted, transaction_monitoring_credits_used AS used FROM organisations WHERE id = $1', [northwindId]))!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.screening.ready();
    const db = t.deps.db;
    admin = await t.login(ADMIN);
    analyst = await t.login(ANALYST);
    harbour = await t.login(PLAN_ADMIN);
    northwindId = (await db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    harbourId = (await db.one("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
    // The default rules are seeded on the first read; the test's decisions come from one rule of its own.
    expect((await t.call('GET', '/api/transaction-monitoring/rules', { token: admin })).status).toBe(200);
    await db.query("UPDATE tm_rules SET status = 'Disabled' WHERE organisation_id = $1", [northwindId]);
    const rule = await t.call('POST', '/api/transaction-monitoring/rules', {
      token: admin,
      body: { name: 'Large payment', description: 'One payment above 10,000.', score: 60, status: 'Enabled', definition: { version: 1, when: { compare: [{ field: 'amount' }, '>', { value: 10000 }] }, action: 'hold' } },
    });
    expect(code(rule), JSON.stringify(rule.body)).toBe('200 tm_rule_created');
    ruleId = rule.body.rule.id;
    invalidateRules(northwindId);
    // Harbour has no transaction monitoring; a transaction it kept from before is still its own.
    harbourReference = 'HARBOUR-TX-1';
    await db.query(
      `INSERT INTO tm_transactions (organisation_id, number, reference_id, occurred_at, amount, currency, direction, customer_id, remitter_name, status)
       VALUES ($1, 1, $2, now(), 99, 'EUR', 'outbound', 'HARBOUR-CUST', 'Harbour Secret Remitter', 'accepted')`,
      [harbourId, harbourReference],
    );
  }, 180_000);
  afterAll(() => t?.close());

  it('decides each transaction on arrival: accepted, or held by a rule that fired, with why', async () => {
    const before = await credits();
    const res = await send([tx('TX-ACCEPT'), tx('TX-LARGE', { amount: '25000.00', customer_id: 'CUST-2' })]);
    expect(code(res), JSON.stringify(res.body)).toBe('200');
    expect(res.body.accepted).toBe(2);
    const [accepted, large] = res.body.results;
    expect(accepted).toMatchObject({ reference_id: 'TX-ACCEPT', status: 'accepted', score: 0, total_risk_factor_score: 0, rules_applied: [], duplicate: false, alerts: [] });
    expect(accepted.screening).toEqual([
      { party: 'remitter', name: 'Maria Lopez', outcome: 'clear', hits: 0, case_reference: null },
      { party: 'beneficiary', name: 'Acme Trading GmbH', outcome: 'clear', hits: 0, case_reference: null },
    ]);
    expect(large).toMatchObject({ reference_id: 'TX-LARGE', status: 'hold other', score: 60, total_risk_factor_score: 60 });
    expect(large.rules_applied).toHaveLength(1);
    expect(large.rules_applied[0]).toMatchObject({ rule_id: ruleId, rule_name: 'Large payment', rule_version: 1, score: 60, action: 'hold' });
    expect(large.rules_applied[0].explanation.parts[0]).toMatchObject({ kind: 'compare', field: 'amount', op: '>', threshold: 10000 });
    // The rule raised an alert behind the transaction.
    expect(large.alerts).toHaveLength(1);
    const detail = await t.call('GET', '/api/transactions/detail/TX-LARGE', { token: admin });
    expect(detail.body.alerts.map((a: { alert_id: string }) => a.alert_id)).toEqual(large.alerts);
    expect(detail.body).toMatchObject({ status: 'hold other', amount: '25000.00', currency: 'EUR', customer_name: 'Maria Lopez', source: 'api', history: [] });
    // Invoice billing has no allotment: nothing is limited, the use is still counted.
    expect((await credits()).used).toBe(before.used + 2);
  });

  it('is idempotent by reference: a repeat answers the stored decision, stores and spends nothing', async () => {
    const before = await credits();
    const first = await send([tx('TX-ONCE', { amount: '15000' })]);
    expect(first.body.results[0]).toMatchObject({ status: 'hold other', duplicate: false });
    const again = await send([tx('TX-ONCE', { amount: '1.00', currency: 'USD' }), tx('TX-TWICE'), tx('TX-TWICE', { amount: '9.99' })]);
    expect(code(again)).toBe('200');
    expect(again.body).toMatchObject({ accepted: 1, duplicates: 2 });
    const [repeat, twice, twiceAgain] = again.body.results;
    expect(repeat).toMatchObject({ ...first.body.results[0], duplicate: true });
    expect(twice).toMatchObject({ reference_id: 'TX-TWICE', duplicate: false });
    expect(twiceAgain).toMatchObject({ id: twice.id, number: twice.number, duplicate: true });
    expect(await count('AND reference_id = ANY($2::text[])', [['TX-ONCE', 'TX-TWICE']])).toBe(2);
    const stored = await t.deps.db.one<{ amount: number }>("SELECT amount FROM tm_transactions WHERE reference_id = 'TX-ONCE'");
    expect(Number(stored!.amount)).toBe(15000);
    expect((await credits()).used).toBe(before.used + 2);
  });

  it("refuses each field's bad value with its message on the field, and stores nothing of the batch", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ reference_id: undefined }, 'reference_id', 'required'],
      [{ reference_id: '   ' }, 'reference_id', 'required'],
      [{ reference_id: 'R'.repeat(101) }, 'reference_id', 'text_too_long'],
      [{ amount: undefined }, 'amount', 'required'],
      [{ amount: '0' }, 'amount', 'tm_amount_invalid'],
      [{ amount: -5 }, 'amount', 'tm_amount_invalid'],
      [{ amount: '12.345' }, 'amount', 'tm_amount_invalid'],
      [{ amount: 'ten' }, 'amount', 'tm_amount_invalid'],
      [{ amount: 2e12 }, 'amount', 'tm_amount_max'],
      [{ currency: undefined }, 'currency', 'required'],
      [{ currency: 'EURO' }, 'currency', 'tm_currency_invalid'],
      [{ currency: 'ABC' }, 'currency', 'tm_currency_invalid'],
      [{ direction: 'sideways' }, 'direction', 'tm_direction_invalid'],
      [{ created_at: 'yesterday' }, 'created_at', 'tm_datetime_invalid'],
      [{ created_at: '2026-02-30T10:00:00Z' }, 'created_at', 'tm_datetime_invalid'],
      [{ created_at: new Date(Date.now() + 3 * 24 * HOUR).toISOString() }, 'created_at', 'future_date'],
      [{ document_date: '2026-13-01' }, 'document_date', 'tm_date_invalid'],
      [{ email: 'not-an-address' }, 'email', 'email_invalid'],
      [{ ip_address: '999.1.1.1' }, 'ip_address', 'tm_ip_invalid'],
      [{ ip_address: 'localhost' }, 'ip_address', 'tm_ip_invalid'],
      [{ ip_country: 'XX' }, 'ip_country', 'invalid_country'],
      [{ remitter_country: 'Spain' }, 'remitter_country', 'invalid_country'],
      [{ beneficiary_bin_country: 'QQ' }, 'beneficiary_bin_country', 'invalid_country'],
      [{ remitter_bin: '12' }, 'remitter_bin', 'tm_bin_invalid'],
      [{ remitter_card: '4111111111111111' }, 'remitter_card', 'tm_card_full_number'],
      [{ beneficiary_card: '4111 1111 1111 1111' }, 'beneficiary_card', 'tm_card_full_number'],
      [{ remitter_card: '4111111111**1111' }, 'remitter_card', 'tm_card_full_number'],
      [{ remitter_card: 'card' }, 'remitter_card', 'tm_card_invalid'],
      [{ eci_3ds: '09' }, 'eci_3ds', 'tm_eci_invalid'],
      [{ order_total: '-1' }, 'order_total', 'tm_order_total_invalid'],
      [{ customer_first_name: 'N'.repeat(101) }, 'customer_first_name', 'text_too_long'],
      [{ remitter_name: 'N'.repeat(201) }, 'remitter_name', 'text_too_long'],
    ];
    const before = await count();
    const creditsBefore = await credits();
    for (const [change, field, message] of cases) {
      const bad = tx('TX-BAD', change);
      for (const [k, v] of Object.entries(change)) if (v === undefined) delete (bad as Record<string, unknown>)[k];
      // The bad transaction second in its batch: the good one before it is not stored either.
      const res = await send([tx('TX-GOOD-BEFORE-BAD'), bad]);
      expect(`${res.status} ${res.body.code} ${res.body.field}`, `${JSON.stringify(change)}: ${JSON.stringify(res.body)}`).toBe(`400 ${message} transactions.1.${field}`);
      expect(typeof res.body.error_message).toBe('string');
    }
    const structural = [
      [{ transactions: [] }, 'tm_transactions_required', 'transactions'],
      [{ transactions: [tx('TX-X', { colour: 'blue' })] }, 'bad_request', 'transactions.0.colour'],
      [{ transactions: Array.from({ length: 1001 }, (_, i) => tx(`TX-MANY-${i}`)) }, 'bad_request', 'transactions'],
      [{}, 'required', 'transactions'],
    ] as const;
    for (const [body, message, field] of structural) {
      const res = await t.call('POST', '/api/transactions', { token: admin, body });
      expect(`${res.status} ${res.body.code} ${res.body.field}`).toBe(`400 ${message} ${field}`);
    }
    expect(await count()).toBe(before);
    expect((await credits()).used).toBe(creditsBefore.used);
    // Masked cards, their last four digits, null and empty fields are fine; cards are kept as masked.
    const ok = await send([tx('TX-CARDS', { remitter_card: '411111******1111', beneficiary_card: '1234', eci_3ds: '5', email: null, document_id: '', ip_address: '2001:db8::1', currency: 'usd' })]);
    expect(code(ok), JSON.stringify(ok.body)).toBe('200');
    const detail = (await t.call('GET', '/api/transactions/detail/TX-CARDS', { token: admin })).body;
    expect(detail).toMatchObject({ remitter_card: '411111******1111', beneficiary_card: '1234', eci_3ds: '05', currency: 'USD', email: null, document_id: null, ip_address: '2001:db8::1' });
  });

  it('puts a listed remitter on AML hold with one AML case, shown on the transaction and in Manage Case', async () => {
    const casesBefore = (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM cases WHERE organisation_id = $1', [northwindId]))!.n;
    const amlUsed = async () => (await t.deps.db.one<{ used: number }>('SELECT aml_screening_credits_used AS used FROM organisations WHERE id = $1', [northwindId]))!.used;
    const amlBefore = await amlUsed();
    const tmBefore = await credits();
    const res = await send([tx('TX-LISTED-1', { remitter_name: SAMPLE_LISTED_NAME, remitter_account: 'ACC-LISTED', direction: 'inbound', amount: '15000' })]);
    expect(code(res), JSON.stringify(res.body)).toBe('200');
    const decision = res.body.results[0];
    // A screening hit wins over the rule that fired, and adds 50 to the risk factor.
    expect(decision).toMatchObject({ status: 'AML hold', score: 60, total_risk_factor_score: 110 });
    const remitter = decision.screening.find((s: { party: string }) => s.party === 'remitter');
    expect(remitter).toMatchObject({ name: SAMPLE_LISTED_NAME, outcome: 'hit' });
    expect(remitter.hits).toBeGreaterThan(0);
    expect(remitter.case_reference).toMatch(/^AML-\d{4}-\d{6}$/);
    expect(decision.screening.find((s: { party: string }) => s.party === 'beneficiary').outcome).toBe('clear');

    const link = await t.deps.db.query('SELECT tc.party, c.reference FROM tm_transaction_cases tc JOIN cases c ON c.id = tc.case_id WHERE tc.transaction_id = $1', [decision.id]);
    expect(link).toEqual([{ party: 'remitter', reference: remitter.case_reference }]);
    const tab = await t.call('GET', '/api/transactions/detail/TX-LISTED-1/aml-cases', { token: admin });
    expect(tab.body.data).toEqual([expect.objectContaining({ reference: remitter.case_reference, name: SAMPLE_LISTED_NAME, party: 'remitter', case_status: 'For Review' })]);
    expect((await t.call('GET', '/api/transactions/detail/TX-LISTED-1', { token: admin })).body.aml_case_count).toBe(1);
    // An ordinary screening case: in Manage Case, with its hits.
    const manage = await t.call('GET', `/api/searches?search=${encodeURIComponent(SAMPLE_LISTED_NAME)}`, { token: admin });
    expect(manage.body.data.map((c: { reference: string }) => c.reference)).toContain(remitter.case_reference);
    const kase = await t.deps.db.one<{ hit_count: number; client_reference: string }>('SELECT hit_count, client_reference FROM cases WHERE reference = $1 AND organisation_id = $2', [remitter.case_reference, northwindId]);
    expect(kase!.hit_count).toBe(remitter.hits);
    expect(kase!.client_reference).toBe('TM TX-LISTED-1');

    // The same party again: the same case, not another one.
    const again = await send([tx('TX-LISTED-2', { remitter_name: `  ${SAMPLE_LISTED_NAME.toUpperCase()} `, remitter_account: 'ACC-LISTED', direction: 'inbound' })]);
    expect(again.body.results[0]).toMatchObject({ status: 'AML hold', total_risk_factor_score: 50 });
    expect(again.body.results[0].screening[0].case_reference).toBe(remitter.case_reference);
    expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM cases WHERE organisation_id = $1', [northwindId]))!.n).toBe(casesBefore + 1);
    // A TM screening spends the transactions' credits only, not AML Screening credits.
    expect((await credits()).used).toBe(tmBefore.used + 2);
    expect(await amlUsed()).toBe(amlBefore);
  });

  it('spends exactly one credit per new transaction, refuses a batch the credits do not cover (402), stores nothing', async () => {
    const { used } = await credits();
    await t.deps.db.query('UPDATE organisations SET transaction_monitoring_credits_alloted = $2 WHERE id = $1', [northwindId, used + 2]);
    try {
      const before = await count();
      const refused = await send([tx('TX-C1'), tx('TX-C2'), tx('TX-C3')]);
      expect(code(refused)).toBe('402 tm_credits');
      expect(refused.body.credits_expired).toBe(true);
      expect(refused.body.error_message).toBe('Your Transaction Monitoring limit has been reached.');
      expect(await count()).toBe(before);
      expect((await credits()).used).toBe(used);
      // Two fit; a repeat among them costs nothing.
      const paid = await send([tx('TX-C1'), tx('TX-C2'), tx('TX-ACCEPT')]);
      expect(code(paid)).toBe('200');
      expect(paid.body).toMatchObject({ accepted: 2, duplicates: 1 });
      expect((await credits()).used).toBe(used + 2);
      expect(code(await send([tx('TX-C3')]))).toBe('402 tm_credits');
      // With none left, repeats are still answered: they cost nothing.
      const repeat = await send([tx('TX-C1')]);
      expect(code(repeat)).toBe('200');
      expect(repeat.body.results[0].duplicate).toBe(true);
      expect(await count()).toBe(before + 2);
    } finally {
      await t.deps.db.query('UPDATE organisations SET transaction_monitoring_credits_alloted = NULL WHERE id = $1', [northwindId]);
    }
  });

  it('takes transactions from an API key, like the screening calls', async () => {
    const user = await t.deps.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [ADMIN.email]);
    const made = newApiKey();
    await t.deps.db.query(`INSERT INTO api_keys (organisation_id, user_id, name, prefix, key_hash, expires_at) VALUES ($1, $2, 'TM key', $3, $4, now() + interval '1 day')`, [
      northwindId,
      user!.id,
      made.prefix,
      made.hash,
    ]);
    const res = await t.call('POST', '/api/transactions', { headers: { authorization: `Bearer ${made.key}` }, body: { transactions: [tx('TX-BY-KEY')] } });
    expect(code(res), JSON.stringify(res.body)).toBe('200');
    expect((await t.call('GET', '/api/transactions/detail/TX-BY-KEY', { headers: { authorization: `Bearer ${made.key}` } })).status).toBe(200);
  });

  it('is behind the transaction_monitoring flag and a signed-in caller', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/transactions', { transactions: [tx('TX-HARBOUR')] }],
      ['GET', '/api/transactions/list', undefined],
      ['GET', `/api/transactions/detail/${harbourReference}`, undefined],
      ['GET', '/api/transactions/export', undefined],
      ['POST', '/api/update', { reference_id: harbourReference, status: 'rejected' }],
      ['GET', '/api/transactions/upload-template', undefined],
    ] as const) {
      expect(code(await t.call(method, url, { token: harbour, ...(body ? { body } : {}) })), `${method} ${url}`).toBe('403 service_unavailable');
      expect((await t.call(method, url, { ...(body ? { body } : {}) })).status, `${method} ${url} without a token`).toBe(401);
    }
    expect((await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM tm_transactions WHERE reference_id = 'TX-HARBOUR'"))!.n).toBe(0);
    // A role with no permission at all still sees transactions: section 6 grants view_transaction_monitoring with the flag.
    const role = await insertRole(t.deps.db, northwindId, 'Nothing at all', []);
    await insertUser(t.deps.db, { organisationId: northwindId, roleId: role, name: 'Nora Nothing', email: 'tm.nothing@example.com', password: 'Nothing-2026!' });
    const nothing = await t.login({ email: 'tm.nothing@example.com', password: 'Nothing-2026!' });
    expect((await t.call('GET', '/api/transactions/list', { token: nothing })).status).toBe(200);
  });

  it("answers another organisation's reference as an unknown one (404) and changes nothing of it", async () => {
    for (const url of [`/api/transactions/detail/${harbourReference}`, `/api/transactions/detail/${harbourReference}/aml-cases`, '/api/transactions/detail/NO-SUCH-REF']) {
      const res = await t.call('GET', url, { token: admin });
      expect(code(res), url).toBe('404 not_found');
      expect(JSON.stringify(res.body)).not.toContain('Harbour Secret');
    }
    expect(code(await t.call('POST', '/api/update', { token: admin, body: { reference_id: harbourReference, status: 'rejected' } }))).toBe('404 not_found');
    const harbourRow = await t.deps.db.one<{ status: string }>('SELECT status FROM tm_transactions WHERE organisation_id = $1 AND reference_id = $2', [harbourId, harbourReference]);
    expect(harbourRow!.status).toBe('accepted');
    // Listing by another organisation's customer finds nothing, as an unknown customer does.
    const list = await t.call('GET', '/api/transactions/list?customer_id=HARBOUR-CUST', { token: admin });
    expect(list.body).toMatchObject({ total: 0, data: [] });
    // The same reference in both organisations is two transactions: references are unique per organisation.
    const mine = await send([tx(harbourReference)]);
    expect(mine.body.results[0]).toMatchObject({ duplicate: false, status: 'accepted' });
  });

  it("records an analyst's decision and assignee, with the history", async () => {
    const analystId = (await t.deps.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [ANALYST.email]))!.id;
    const change = await t.call('POST', '/api/update', { token: admin, body: { reference_id: 'TX-LARGE', status: 'rejected', assignee_id: analystId, note: 'Invoice does not match the goods.' } });
    expect(code(change), JSON.stringify(change.body)).toBe('200 tm_transaction_updated');
    expect(change.body.message).toBe('Transaction TX-LARGE updated.');
    expect(change.body).toMatchObject({ status: 'rejected', assignee: { id: analystId, name: 'Alex Analyst' } });
    const unassign = await t.call('POST', '/api/update', { token: analyst, body: { reference_id: 'TX-LARGE', assignee_id: null } });
    expect(unassign.body.assignee).toBeNull();
    const history = (await t.call('GET', '/api/transactions/detail/TX-LARGE', { token: admin })).body.history;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ actor: 'Ada Administrator', status: { from: 'hold other', to: 'rejected' }, assignee: { from: null, to: { id: analystId, name: 'Alex Analyst' } }, note: 'Invoice does not match the goods.' });
    expect(history[1]).toMatchObject({ actor: 'Alex Analyst', assignee: { from: { id: analystId }, to: null } });
    // Nothing to change, a status the analyst may not give, an unknown assignee.
    expect(code(await t.call('POST', '/api/update', { token: admin, body: { reference_id: 'TX-LARGE' } }))).toBe('400 decision_required');
    expect(code(await t.call('POST', '/api/update', { token: admin, body: { reference_id: 'TX-LARGE', status: 'deleted' } }))).toBe('400 bad_request');
    const stranger = await t.call('POST', '/api/update', { token: admin, body: { reference_id: 'TX-LARGE', assignee_id: '00000000-0000-4000-8000-000000000000' } });
    expect(`${code(stranger)} ${stranger.body.field}`).toBe('400 assignee_invalid assignee_id');
    const harbourUser = (await t.deps.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [PLAN_ADMIN.email]))!.id;
    expect(code(await t.call('POST', '/api/update', { token: admin, body: { reference_id: 'TX-LARGE', assignee_id: harbourUser } }))).toBe('400 assignee_invalid');
  });

  it('lists with filters, paging and sort, and exports what it lists', async () => {
    await send([
      tx('TX-LIST-1', { created_at: ago(50), amount: '300.00', customer_id: 'CUST-LIST', direction: 'inbound', remitter_account: 'ACC-LIST-IN' }),
      tx('TX-LIST-2', { created_at: ago(30), amount: '700.00', customer_id: 'CUST-LIST', beneficiary_account: 'ACC-LIST-OUT' }),
      tx('TX-LIST-3', { created_at: ago(1 / 60), amount: '12000.00', customer_id: 'CUST-LIST' }),
    ]);
    const list = (query: string) => t.call('GET', `/api/transactions/list?${query}`, { token: admin });
    const refs = (res: { body: { data: { reference_id: string }[] } }) => res.body.data.map((r) => r.reference_id);

    const byCustomer = await list('customer_id=CUST-LIST');
    expect(byCustomer.body.total).toBe(3);
    expect(refs(byCustomer)).toEqual(['TX-LIST-3', 'TX-LIST-2', 'TX-LIST-1']);
    expect(refs(await list('customer_id=CUST-LIST&sort=amount_asc'))).toEqual(['TX-LIST-1', 'TX-LIST-2', 'TX-LIST-3']);
    expect(refs(await list('customer_id=CUST-LIST&sort=created_at_asc&page=2&page_size=2'))).toEqual(['TX-LIST-3']);
    expect(refs(await list('customer_id=CUST-LIST&direction=inbound'))).toEqual(['TX-LIST-1']);
    expect(refs(await list('customer_id=CUST-LIST&status=hold%20other'))).toEqual(['TX-LIST-3']);
    expect(refs(await list('customer_id=CUST-LIST&status=hold%20other,accepted&sort=amount_desc'))).toEqual(['TX-LIST-3', 'TX-LIST-2', 'TX-LIST-1']);
    expect(refs(await list('customer_id=CUST-LIST&min_amount=500&max_amount=800'))).toEqual(['TX-LIST-2']);
    expect(refs(await list('account=ACC-LIST-OUT'))).toEqual(['TX-LIST-2']);
    expect(refs(await list('q=tx-list-1'))).toEqual(['TX-LIST-1']);
    expect(refs(await list('customer_id=CUST-LIST&date_preset=today'))).toEqual(expect.arrayContaining(['TX-LIST-3']));
    expect(refs(await list('customer_id=CUST-LIST&date_preset=today'))).not.toContain('TX-LIST-1');
    const day = (hours: number) => ago(hours).slice(0, 10);
    expect(refs(await list(`customer_id=CUST-LIST&date_preset=custom&date_from=${day(50)}&date_to=${day(50)}`))).toContain('TX-LIST-1');
    // Bad filters say which field.
    expect(code(await list('date_preset=custom&date_from=2026-02-30&date_to=2026-03-01'))).toBe('400 invalid_day');
    expect(code(await list('min_amount=abc'))).toBe('400 tm_amount_filter');
    expect(code(await list('status=paid'))).toBe('400 bad_request');
    expect(code(await list('page_size=101'))).toBe('400 bad_request');

    const row = byCustomer.body.data[0];
    expect(row).toMatchObject({ reference_id: 'TX-LIST-3', amount: '12000.00', currency: 'EUR', status: 'hold other', score: 60, rules_count: 1, customer_id: 'CUST-LIST', assignee: null });

    const csv = await t.app.inject({ method: 'GET', url: '/api/transactions/export?format=csv&customer_id=CUST-LIST&sort=amount_desc', headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Number,Reference id,Created at');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('TX-LIST-3');
    expect(lines[1]).toContain('Large payment (60)');
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/transactions/export?format=xlsx&customer_id=CUST-LIST', headers: { authorization: `Bearer ${admin}` } });
    expect(xlsx.statusCode).toBe(200);
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]]);
    expect(sheet.map((r) => r['Reference id'])).toEqual(['TX-LIST-3', 'TX-LIST-2', 'TX-LIST-1']);
    expect(sheet[0].Status).toBe('hold other');
    expect(code(await t.call('GET', '/api/transactions/export?format=pdf', { token: admin }))).toBe('400 bad_request');
  });
});
