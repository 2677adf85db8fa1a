/**
 * The credits calls (docs/billing.md, "Credits ledger") on PGlite and Postgres: the summary's balances and
 * days, the ledger's filters, paging and export answer what the database holds for the caller's
 * organisation and nothing of another's; a bad period is refused naming the field; an invoice-billed
 * organisation and a user without update_payment_method are refused.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_KINDS } from '../../common/billing';
import { MESSAGES } from '../../common/messages';
import { insertRole, insertUser } from '../../server/organisations/create';
import { ADMIN, createTestApp, PLAN_ADMIN, seededTokens, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('the credits calls on %s', (kind) => {
  let t: TestApp;
  let planAdmin: string;
  let admin: string;
  let harbour: string;
  let northwind: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ planAdmin, admin } = await seededTokens(t));
    harbour = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
    northwind = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token = planAdmin) => t.call('GET', url, { token });
  const ledgerIds = async (organisationId: string, where = 'TRUE', params: unknown[] = []) =>
    (await t.deps.db.query(`SELECT id::text AS id FROM credit_ledger l WHERE l.organisation_id = $1 AND ${where} ORDER BY l.created_at DESC, l.id DESC`, [organisationId, ...params])).map((r) => r.id as string);

  it('answers the balances and, for each day of the last 30, what was added, what was spent and the balance at its end', async () => {
    // A search made now is the newest row, and today's.
    const search = await t.call('POST', '/api/search', { token: planAdmin, body: { search_term: 'Credits Api Person', entity_type: 'person' } });
    expect(search.status).toBe(200);

    const res = await get('/api/credits/summary');
    expect(res.status).toBe(200);
    const org = (await t.deps.db.one('SELECT * FROM organisations WHERE id = $1', [harbour]))!;
    expect(res.body.balances).toEqual(
      CREDIT_KINDS.map((k) => ({ kind: k, alloted: org[`${k}_credits_alloted`], used: org[`${k}_credits_used`], balance: org[`${k}_credits_alloted`] - org[`${k}_credits_used`] })),
    );
    const today = Math.floor(Date.now() / DAY) * DAY;
    const days = res.body.days as { day: string; kind: string; added: number; spent: number; balance: number | null }[];
    expect(days).toHaveLength(30 * 3);
    expect(days[0]).toMatchObject({ day: isoDay(today - 29 * DAY), kind: 'aml_screening' });
    expect(days.at(-1)).toMatchObject({ day: isoDay(today), kind: 'transaction_monitoring' });

    // Each day's movements, counted here from the rows themselves.
    const rows = await t.deps.db.query(
      `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, kind, entry, amount, balance_after FROM credit_ledger WHERE organisation_id = $1 ORDER BY created_at, id`,
      [harbour],
    );
    for (const d of days) {
      const mine = rows.filter((r) => r.day === d.day && r.kind === d.kind);
      expect(d.added, `${d.day} ${d.kind} added`).toBe(mine.filter((r) => r.entry !== 'spend').reduce((n, r) => n + r.amount, 0));
      expect(d.spent, `${d.day} ${d.kind} spent`).toBe(mine.filter((r) => r.entry === 'spend').reduce((n, r) => n + r.amount, 0));
      const last = rows.filter((r) => r.day <= d.day && r.kind === d.kind).at(-1);
      expect(d.balance, `${d.day} ${d.kind} balance`).toBe(last ? last.balance_after : null);
    }
    // Today's balance is the balance now; the month saw searches spent on most days.
    for (const b of res.body.balances) expect(days.find((d) => d.day === isoDay(today) && d.kind === b.kind)!.balance).toBe(b.balance);
    expect(days.filter((d) => d.kind === 'aml_screening' && d.spent > 0).length).toBeGreaterThan(15);

    const two = await get(`/api/credits/summary?from=${isoDay(today - 3 * DAY)}&to=${isoDay(today - 2 * DAY)}`);
    expect(two.status).toBe(200);
    expect(two.body.days.map((d: { day: string; kind: string }) => `${d.day} ${d.kind}`)).toEqual(
      [3, 2].flatMap((n) => CREDIT_KINDS.map((k) => `${isoDay(today - n * DAY)} ${k}`)),
    );
    expect(two.body.days).toEqual(days.filter((d) => [isoDay(today - 3 * DAY), isoDay(today - 2 * DAY)].includes(d.day)));
  });

  it('refuses a period that is not one, naming the field', async () => {
    const bad = await get('/api/credits/summary?from=2026-02-30');
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_format', field: 'from' } });
    expect((await get('/api/credits/ledger?to=yesterday')).body).toMatchObject({ code: 'invalid_format', field: 'to' });
    const reversed = await get('/api/credits/summary?from=2026-03-02&to=2026-03-01');
    expect(reversed).toMatchObject({ status: 400, body: { code: 'date_range_order', error_message: MESSAGES.date_range_order, field: 'from' } });
    const long = await get('/api/credits/ledger/export?from=2023-01-01&to=2026-01-01');
    expect(long).toMatchObject({ status: 400, body: { code: 'credits_range_too_long', error_message: MESSAGES.credits_range_too_long } });
    expect((await get('/api/credits/ledger?kind=gold')).status).toBe(400);
  });

  it('pages the ledger newest first, filtered, with the signed amount, the actor and the subject', async () => {
    const all = await ledgerIds(harbour);
    const first = await get('/api/credits/ledger?page=1&page_size=7');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, page_size: 7, total: all.length });
    const second = await get('/api/credits/ledger?page=2&page_size=7');
    expect([...first.body.data, ...second.body.data].map((r: { id: string }) => r.id)).toEqual(all.slice(0, 14));

    // The newest row is the search of the first test: a spend of one, by the plan administrator, for the case.
    const kase = (await t.deps.db.one("SELECT id, reference FROM cases WHERE organisation_id = $1 AND search_term = 'Credits Api Person'", [harbour]))!;
    const user = (await t.deps.db.one('SELECT id, name FROM users WHERE email = $1', [PLAN_ADMIN.email]))!;
    expect(first.body.data[0]).toMatchObject({
      kind: 'aml_screening',
      entry: 'spend',
      amount: -1,
      reason: 'case_search',
      actor: { id: user.id, name: user.name },
      subject: { type: 'case', id: kase.id, label: kase.reference },
    });
    const dbRow = (await t.deps.db.one('SELECT balance_after, created_at FROM credit_ledger WHERE id = $1', [first.body.data[0].id]))!;
    expect(first.body.data[0].balance_after).toBe(dbRow.balance_after);
    expect(first.body.data[0].created_at).toBe(new Date(dbRow.created_at).toISOString());

    const filtered = await get('/api/credits/ledger?kind=media_watcher&entry=spend&reason=media_search&page_size=500');
    const expected = await ledgerIds(harbour, "l.kind = 'media_watcher' AND l.entry = 'spend' AND l.reason = 'media_search'");
    expect(expected.length).toBeGreaterThan(0);
    expect(filtered.body.total).toBe(expected.length);
    expect(filtered.body.data.map((r: { id: string }) => r.id)).toEqual(expected);
    for (const r of filtered.body.data) expect(r.amount).toBeLessThan(0);

    const grants = await get('/api/credits/ledger?entry=grant');
    expect(grants.body.data.map((r: { reason: string; amount: number; actor: unknown }) => [r.reason, r.amount > 0, r.actor])).toEqual([
      ['plan', true, null],
      ['plan', true, null],
      ['plan', true, null],
      ['trial', true, null],
      ['trial', true, null],
      ['trial', true, null],
    ]);

    const today = Math.floor(Date.now() / DAY) * DAY;
    const from = isoDay(today - 10 * DAY);
    const to = isoDay(today - 5 * DAY);
    const window = await get(`/api/credits/ledger?from=${from}&to=${to}&page_size=500`);
    const inWindow = await ledgerIds(harbour, `l.created_at >= $2::date::timestamp AT TIME ZONE 'UTC' AND l.created_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'`, [from, to]);
    expect(inWindow.length).toBeGreaterThan(0);
    expect(window.body.data.map((r: { id: string }) => r.id)).toEqual(inWindow);
    for (const r of window.body.data) expect(r.created_at.slice(0, 10) >= from && r.created_at.slice(0, 10) <= to).toBe(true);
  });

  it("never shows another organisation's rows", async () => {
    const mine = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await get(`/api/credits/ledger?page=${page}&page_size=500`);
      for (const r of res.body.data) mine.add(r.id);
      if (res.body.data.length < 500) break;
    }
    expect([...mine].sort()).toEqual((await ledgerIds(harbour)).sort());
    const theirs = await ledgerIds(northwind);
    expect(theirs.length).toBeGreaterThan(100);
    expect(theirs.some((id) => mine.has(id))).toBe(false);
    const csv = (await get('/api/credits/ledger/export?format=csv')).body as string;
    // Northwind's users never appear as actors in Harbour's export.
    expect(csv).not.toContain('Ada Administrator');
    expect(csv).not.toContain('Alex Analyst');
  });

  it('exports the filtered rows as CSV and Excel', async () => {
    const csv = await get('/api/credits/ledger/export?format=csv&kind=aml_screening');
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toMatch(/attachment; filename="credits-ledger-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (csv.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Credits,Entry,Amount,Balance after,Reason,By,For,Reference,Reference id');
    const expected = await t.deps.db.query(
      "SELECT l.entry, l.amount, l.balance_after, l.created_at FROM credit_ledger l WHERE l.organisation_id = $1 AND l.kind = 'aml_screening' ORDER BY l.created_at DESC, l.id DESC",
      [harbour],
    );
    expect(lines.length - 1).toBe(expected.length);
    const kase = (await t.deps.db.one("SELECT id, reference FROM cases WHERE organisation_id = $1 AND search_term = 'Credits Api Person'", [harbour]))!;
    expect(lines[1].split(',')).toEqual([
      new Date(expected[0].created_at).toISOString(),
      'AML Screening',
      'Spend',
      '-1',
      String(expected[0].balance_after),
      'Case search',
      'Hana Harbour',
      'Case',
      kase.reference,
      kase.id,
    ]);
    expect(lines.at(-1)!.split(',').slice(1, 6)).toEqual(['AML Screening', 'Grant', String(expected.at(-1)!.amount), String(expected.at(-1)!.balance_after), 'Trial credits']);

    const xlsx = await t.app.inject({ method: 'GET', url: '/api/credits/ledger/export?format=xlsx&entry=spend&kind=media_watcher', headers: { authorization: `Bearer ${planAdmin}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values: string[][] = [];
    book.worksheets[0].eachRow((row) => values.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    expect(values[0][0]).toBe('Date (UTC)');
    const spends = await ledgerIds(harbour, "l.kind = 'media_watcher' AND l.entry = 'spend'");
    expect(values.length - 1).toBe(spends.length);
    for (const v of values.slice(1)) expect(v.slice(1, 3)).toEqual(['Media Watcher', 'Spend']);

    // No row: the header alone.
    const none = await get('/api/credits/ledger/export?format=csv&reason=top_up');
    expect((none.body as string).replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });

  it('refuses an invoice-billed organisation and a user without update_payment_method', async () => {
    for (const url of ['/api/credits/summary', '/api/credits/ledger', '/api/credits/ledger/export?format=csv']) {
      expect(await get(url, admin), url).toMatchObject({ status: 403, body: { code: 'permission_denied' } });
    }
    const role = await insertRole(t.deps.db, harbour, 'Searcher', ['create_new_case', 'view_case', 'view_manage_case']);
    await insertUser(t.deps.db, { organisationId: harbour, roleId: role, name: 'Sam Searcher', email: `searcher-${kind}@example.com`, password: 'Searcher-2026!' });
    const searcher = await t.login({ email: `searcher-${kind}@example.com`, password: 'Searcher-2026!' });
    for (const url of ['/api/credits/summary', '/api/credits/ledger', '/api/credits/ledger/export?format=xlsx']) {
      expect(await get(url, searcher), url).toMatchObject({ status: 403, body: { code: 'permission_denied' } });
    }
    expect((await t.call('GET', '/api/credits/summary')).status).toBe(401);
    // The seeded invoice-billed administrator is who we think it is.
    expect((await t.deps.db.one('SELECT o.billing_type FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE u.email = $1', [ADMIN.email]))!.billing_type).toBe('invoice');
  });
});
