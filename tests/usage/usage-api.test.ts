/**
 * Usage statistics and the usage report, on PGlite and Postgres:
 * - a month of known activity, made through the product's own calls (searches, a bulk of decisions, media
 *   searches, transactions raising alerts, a case transaction monitoring opens, another organisation's work,
 *   work outside the month), then moved to days of last month: the statistics equal what was made and
 *   independent SQL counts, per day, per user and per outcome;
 * - the period's validation (400 on its field), the organisation flag, another organisation's work never counted;
 * - the PDF from the page, report links (valid, wrong, expired, another organisation's);
 * - the monthly e-mail: one per administrator with the link and the PDF, once per month.
 */
import { pdfText } from '../helpers/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachDay, previousMonth, type UsageStatistics } from '../../common/usage';
import { ingestArticles } from '../../server/media-corpus/ingest';
import { insertRole, insertUser } from '../../server/organisations/create';
import { PERMISSION_NAMES } from '../../common/permissions';
import { invalidateRules } from '../../server/transactions/engine-cache';
import { SAMPLE_LISTED_NAME } from '../../server/transactions/seed';
import { USAGE_JOBS, enqueueMonthlyUsageReports, runMonthlyUsageReports } from '../../server/usage/monthly';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { linkIn } from '../helpers/smtp';

const STATS = '/api/usage-statistics';
const REPORT = '/api/usage-statistics/report';
const SHARE = '/api/usage-statistics/share-link';
const SHARED = '/api/usage-report-pdf';

const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();


describe.each(DATABASE_KINDS)('usage statistics on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let harbour: string;
  let northwindId: string;
  let harbourId: string;
  let adminId: string;
  let analystId: string;
  const month = previousMonth();
  const days = eachDay(month.range.first_day, month.range.last_day);
  const custom = `date_preset=custom&date_from=${month.range.first_day}&date_to=${month.range.last_day}`;
  /** Noon of the n-th day of last month (1-based). */
  const at = (n: number) => `${days[n - 1]}T12:00:00.000Z`;
  /** What was made, by day of last month: the figures the statistics must show. */
  const made = {
    searches: new Map<number, number>(),
    decisions: new Map<number, number>(),
    media: new Map<number, number>(),
    transactions: new Map<number, number>(),
  };
  const bump = (m: Map<number, number>, day: number, by = 1) => m.set(day, (m.get(day) ?? 0) + by);

  const search = async (token: string, name: string, day: number | null) => {
    const res = await t.call('POST', '/api/search', { token, body: { search_term: name, entity_type: 'person' } });
    expect(code(res), JSON.stringify(res.body)).toBe('200 case_created');
    if (day !== null) await t.deps.db.query('UPDATE cases SET created_at = $2 WHERE reference = $1 AND organisation_id = $3', [res.body.reference, at(day), orgOf(token)]);
    return res.body.reference as string;
  };
  const orgOf = (token: string) => (token === harbour ? harbourId : northwindId);
  const decide = async (token: string, reference: string, caseStatus: string, day: number) => {
    const res = await t.call('POST', '/api/decision-review', { token, body: { references: [reference], case_status: caseStatus } });
    expect(code(res), JSON.stringify(res.body)).toBe('200 decision_saved');
    // The decision just recorded moves to its day of last month.
    await t.deps.db.query(
      `UPDATE case_events SET created_at = $2 WHERE id = (SELECT e.id FROM case_events e JOIN cases c ON c.id = e.case_id WHERE c.reference = $1 AND c.organisation_id = $3 AND e.action = 'decision' ORDER BY e.id DESC LIMIT 1)`,
      [reference, at(day), northwindId],
    );
  };
  const mediaSearch = async (token: string, name: string, day: number | null, articleId: string) => {
    const res = await t.call('POST', '/api/adverse-media/create', { token, body: { name, query: { keywords: [{ term: 'fraud', mode: 'all' }], match: 'broad' }, article_ids: [articleId] } });
    expect(code(res), JSON.stringify(res.body)).toBe('200 media_case_created');
    if (day !== null) await t.deps.db.query('UPDATE media_cases SET created_at = $2 WHERE reference = $1 AND organisation_id = $3', [res.body.reference, at(day), orgOf(token)]);
  };
  const tx = (reference: string, amount: string, extra: Record<string, unknown> = {}) => ({
    reference_id: reference,
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    customer_id: `CUST-${reference}`,
    amount,
    currency: 'EUR',
    direction: 'outbound',
    payment_method: 'bank_transfer',
    remitter_name: 'Maria Lopez',
    remitter_account: `ACC-${reference}`,
    beneficiary_name: 'Acme Trading GmbH',
    beneficiary_account: 'ACC-ACME',
    ...extra,
  });
  /** Sends transactions and moves them (and the alerts they raised) to a day of last month. */
  const transactions = async (list: ReturnType<typeof tx>[], day: number) => {
    const res = await t.call('POST', '/api/transactions', { token: admin, body: { transactions: list } });
    expect(code(res), JSON.stringify(res.body)).toBe('200');
    const ids = res.body.results.map((r: { id: string }) => r.id);
    await t.deps.db.query('UPDATE tm_transactions SET received_at = $2 WHERE id = ANY($1::uuid[])', [ids, at(day)]);
    const alerts = res.body.results.flatMap((r: { alerts: string[] }) => r.alerts);
    await t.deps.db.query('UPDATE tm_alerts SET created_at = $2 WHERE alert_id = ANY($1::text[]) AND organisation_id = $3', [alerts, at(day), northwindId]);
    bump(made.transactions, day, list.length);
    return res.body.results as { screening: { party: string; case_reference: string | null }[]; alerts: string[] }[];
  };

  const stats = async (query = custom, token = admin) => {
    const res = await t.call('GET', `${STATS}?${query}`, { token });
    expect(code(res), JSON.stringify(res.body)).toBe('200');
    return res.body as UsageStatistics;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.screening.ready();
    const db = t.deps.db;
    [admin, analyst, harbour] = [await t.login(ADMIN), await t.login(ANALYST), await t.login(PLAN_ADMIN)];
    northwindId = (await db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    harbourId = (await db.one("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
    adminId = (await db.one('SELECT id FROM users WHERE email = $1', [ADMIN.email]))!.id;
    analystId = (await db.one('SELECT id FROM users WHERE email = $1', [ANALYST.email]))!.id;
    // The organisations existed last month (the monthly e-mail leaves out one created since).
    await db.query("UPDATE organisations SET created_at = now() - interval '90 days'");
    const [article] = (await ingestArticles(db, [{ guid: 'usage-fraud', title: 'Supplier fraud charges', body: 'The supplier faces fraud charges.', language: 'en' }], { organisationId: null, source: 'Test corpus' })).inserted;

    // Searches: a listed name (hits, For Review) and names no list holds (no hit, Passed), on days 2, 9 and 20.
    const listedA = await search(admin, SAMPLE_LISTED_NAME, 2);
    const clearA = await search(admin, 'Eleanor Fairweather-Quinn', 2);
    const listedB = await search(admin, 'Germain Katanga', 9);
    const listedC = await search(analyst, SAMPLE_LISTED_NAME, 9);
    const clearB = await search(analyst, 'Tobias Lindqvist-Moreau', 20);
    bump(made.searches, 2, 2);
    bump(made.searches, 9, 2);
    bump(made.searches, 20, 1);
    // A deleted case was still a search.
    expect(code(await t.call('POST', '/api/delete-cases', { token: admin, body: { references: [clearB], reason: 'Opened by mistake, duplicate' } }))).toBe('200 cases_deleted');

    // Decisions: the analyst fails two cases and passes one, the administrator reopens one.
    await decide(analyst, listedA, 'Failed', 3);
    await decide(analyst, listedB, 'Passed Conditionally', 10);
    await decide(analyst, listedC, 'Failed', 10);
    await decide(admin, listedA, 'For Review', 21);
    bump(made.decisions, 3);
    bump(made.decisions, 10, 2);
    bump(made.decisions, 21);
    void clearA;

    // Media searches: two by the administrator, one by the analyst.
    await mediaSearch(admin, 'Supplier check one', 5, article);
    await mediaSearch(admin, 'Supplier check two', 20, article);
    await mediaSearch(analyst, 'Supplier check three', 20, article);
    bump(made.media, 5);
    bump(made.media, 20, 2);

    // Transactions: one rule of the test's raises an alert per large payment; a listed remitter opens an AML
    // case through transaction monitoring, which is not a search.
    expect((await t.call('GET', '/api/transaction-monitoring/rules', { token: admin })).status).toBe(200);
    await db.query("UPDATE tm_rules SET status = 'Disabled' WHERE organisation_id = $1", [northwindId]);
    const rule = await t.call('POST', '/api/transaction-monitoring/rules', {
      token: admin,
      body: { name: 'Large payment', description: 'One payment above 10,000.', score: 60, status: 'Enabled', definition: { version: 1, when: { compare: [{ field: 'amount' }, '>', { value: 10000 }] }, action: 'hold' } },
    });
    expect(code(rule), JSON.stringify(rule.body)).toBe('200 tm_rule_created');
    invalidateRules(northwindId);
    await transactions([tx('U-1', '120.00'), tx('U-2', '25000.00')], 4);
    const listed = await transactions([tx('U-3', '30000.00', { remitter_name: 'Germain Katanga', remitter_account: 'ACC-KATANGA' }), tx('U-4', '80.00')], 15);
    const tmCase = listed[0].screening.find((s) => s.party === 'remitter')!.case_reference;
    expect(tmCase).toMatch(/^AML-/);
    await db.query('UPDATE cases SET created_at = $2 WHERE reference = $1 AND organisation_id = $3', [tmCase, at(15), northwindId]);

    // Outside the month: a search made now. Another organisation's work in the month.
    await search(admin, 'Priya Ramaswamy-Holt', null);
    await search(harbour, SAMPLE_LISTED_NAME, 9);
    await mediaSearch(harbour, 'Harbour supplier check', 9, article);
  }, 240_000);
  afterAll(() => t?.close());

  /** Independent counts of the month, straight from the tables, by day. */
  async function countsByDay() {
    const q = (sql: string) => t.deps.db.query<{ day: string; n: number }>(sql, [northwindId, month.range.from.toISOString(), month.range.to.toISOString()]);
    const day = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    const notTm = `c.id NOT IN (SELECT case_id FROM tm_transaction_cases) AND c.id NOT IN (SELECT case_id FROM tm_party_cases)`;
    const asMap = (rows: { day: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]));
    return {
      searches: asMap(await q(`SELECT ${day('c.created_at')} AS day, count(*) AS n FROM cases c WHERE c.organisation_id = $1 AND c.created_at >= $2 AND c.created_at < $3 AND ${notTm} GROUP BY 1`)),
      hits: asMap(await q(`SELECT ${day('c.created_at')} AS day, sum(c.hit_count) AS n FROM cases c WHERE c.organisation_id = $1 AND c.created_at >= $2 AND c.created_at < $3 AND ${notTm} GROUP BY 1`)),
      decisions: asMap(await q(`SELECT ${day('created_at')} AS day, count(*) AS n FROM case_events WHERE organisation_id = $1 AND action = 'decision' AND created_at >= $2 AND created_at < $3 GROUP BY 1`)),
      media_searches: asMap(await q(`SELECT ${day('created_at')} AS day, count(*) AS n FROM media_cases WHERE organisation_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1`)),
      transactions: asMap(await q(`SELECT ${day('received_at')} AS day, count(*) AS n FROM tm_transactions WHERE organisation_id = $1 AND received_at >= $2 AND received_at < $3 GROUP BY 1`)),
      alerts: asMap(await q(`SELECT ${day('created_at')} AS day, count(*) AS n FROM tm_alerts WHERE organisation_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1`)),
    };
  }

  describe('the statistics', () => {
    it('count what was made last month, per day and in total', async () => {
      const s = await stats();
      expect(s.period).toEqual({ date_preset: 'custom', first_day: month.range.first_day, last_day: month.range.last_day });
      expect(s.days.map((d) => d.day)).toEqual(days);
      const byDay = (n: number) => s.days[n - 1];
      for (const [n, count] of made.searches) expect(byDay(n).searches, `searches on day ${n}`).toBe(count);
      for (const [n, count] of made.decisions) expect(byDay(n).decisions, `decisions on day ${n}`).toBe(count);
      for (const [n, count] of made.media) expect(byDay(n).media_searches, `media searches on day ${n}`).toBe(count);
      for (const [n, count] of made.transactions) expect(byDay(n).transactions, `transactions on day ${n}`).toBe(count);
      // Five searches (the deleted one too), not the case transaction monitoring opened on day 15, not today's, not Harbour's.
      expect(s.totals).toMatchObject({ searches: 5, decisions: 4, media_searches: 3, transactions: 4, alerts: 2 });
      expect(byDay(15).searches).toBe(0);
      expect(byDay(4).alerts + byDay(15).alerts).toBe(2);
      // The listed names found hits; the others none.
      expect(byDay(2).hits).toBeGreaterThan(0);
      expect(byDay(20).hits).toBe(0);
    });

    it('equal independent counts of the tables, day by day', async () => {
      const s = await stats();
      const counted = await countsByDay();
      for (const measure of ['searches', 'hits', 'decisions', 'media_searches', 'transactions', 'alerts'] as const) {
        const fromApi = Object.fromEntries(s.days.filter((d) => d[measure] > 0).map((d) => [d.day, d[measure]]));
        const fromSql = Object.fromEntries(Object.entries(counted[measure]).filter(([, n]) => n > 0));
        expect(fromApi, measure).toEqual(fromSql);
        expect(s.totals[measure], measure).toBe(Object.values(fromSql).reduce((a, b) => a + b, 0));
      }
    });

    it('split the work per user and per outcome as the tables hold it', async () => {
      const s = await stats();
      const users = Object.fromEntries(s.users.map((u) => [u.user?._id ?? 'removed', u]));
      expect(users[adminId]).toMatchObject({ user: { _id: adminId, name: 'Ada Administrator' }, searches: 3, decisions: 1, media_searches: 2 });
      expect(users[analystId]).toMatchObject({ user: { _id: analystId, name: 'Alex Analyst' }, searches: 2, decisions: 3, media_searches: 1 });
      // The per-user figures add up to the totals.
      expect(s.users.reduce((n, u) => n + u.searches, 0)).toBe(s.totals.searches);
      expect(s.users.reduce((n, u) => n + u.decisions, 0)).toBe(s.totals.decisions);
      expect(s.users.reduce((n, u) => n + u.media_searches, 0)).toBe(s.totals.media_searches);

      const range = [northwindId, month.range.from.toISOString(), month.range.to.toISOString()];
      const statuses = await t.deps.db.query<{ status: string; n: number }>(
        `SELECT c.case_status AS status, count(*)::int AS n FROM cases c WHERE c.organisation_id = $1 AND c.created_at >= $2 AND c.created_at < $3
            AND c.id NOT IN (SELECT case_id FROM tm_transaction_cases) AND c.id NOT IN (SELECT case_id FROM tm_party_cases) GROUP BY 1`,
        range,
      );
      const expected = Object.fromEntries(['Passed', 'Passed Conditionally', 'For Review', 'Failed'].map((st) => [st, statuses.find((r) => r.status === st)?.n ?? 0]));
      expect(Object.fromEntries(s.outcomes.case_status.map((o) => [o.status, o.count]))).toEqual(expected);
      // What the decisions left: one reopened (For Review), one Passed Conditionally, one Failed, two never decided and clear (Passed).
      expect(expected).toEqual({ Passed: 2, 'Passed Conditionally': 1, 'For Review': 1, Failed: 1 });
      const levels = await t.deps.db.query<{ level: string; n: number }>('SELECT level, count(*)::int AS n FROM tm_alerts WHERE organisation_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1', range);
      expect(Object.fromEntries(s.outcomes.alert_level.map((o) => [o.level, o.count]))).toEqual(
        Object.fromEntries(['high', 'medium', 'low'].map((l) => [l, levels.find((r) => r.level === l)?.n ?? 0])),
      );
    });

    it('read the same month as the last_month preset, and count today only in a period that holds it', async () => {
      const preset = await stats('date_preset=last_month');
      const customised = await stats();
      expect({ ...preset, period: { ...preset.period, date_preset: 'custom' } }).toEqual(customised);
      const today = await stats('date_preset=today');
      expect(today.days).toHaveLength(1);
      expect(today.totals.searches).toBe(1);
      // The default period is the last 30 days, ending today.
      const standard = await stats('');
      expect(standard.period.date_preset).toBe('last_30_days');
      expect(standard.days).toHaveLength(30);
      expect(standard.period.last_day).toBe(new Date().toISOString().slice(0, 10));
      // All time starts at the first day with activity.
      const all = await stats('date_preset=all_time');
      expect(all.period.first_day).toBe(days[1]);
      expect(all.totals.searches).toBe(6);
    });

    it('refuse a period they cannot count, on its field', async () => {
      const today = new Date();
      const future = new Date(today.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
      const cases: [string, string, string][] = [
        ['date_preset=custom&date_from=2026-13-01&date_to=2026-01-31', 'invalid_month', 'date_from'],
        ['date_preset=custom&date_from=2026-02-30&date_to=2026-03-01', 'invalid_day', 'date_from'],
        ['date_preset=custom&date_from=01/02/2026&date_to=2026-03-01', 'invalid_format', 'date_from'],
        [`date_preset=custom&date_from=2026-01-01&date_to=${future}`, 'future_date', 'date_to'],
        ['date_preset=custom&date_from=2026-03-01&date_to=2026-02-01', 'date_range_order', 'date_from'],
        ['date_preset=custom&date_from=2026-03-01', 'date_range_required', 'date_to'],
        ['date_preset=custom&date_from=2023-01-01&date_to=2025-01-02', 'usage_range_too_long', 'date_from'],
      ];
      for (const [query, message, field] of cases) {
        for (const res of [await t.call('GET', `${STATS}?${query}`, { token: admin }), await t.call('GET', `${REPORT}?${query}`, { token: admin })]) {
          expect(`${res.status} ${res.body.code} ${res.body.field}`, query).toBe(`400 ${message} ${field}`);
        }
      }
      expect((await t.call('GET', `${STATS}?date_preset=next_week`, { token: admin })).status).toBe(400);
      // Exactly two years (a leap day included) is allowed.
      expect((await t.call('GET', `${STATS}?date_preset=custom&date_from=2023-01-01&date_to=2024-12-31`, { token: admin })).status).toBe(200);
    });

    it('are refused to an organisation without the usage report', async () => {
      for (const res of [
        await t.call('GET', STATS, { token: harbour }),
        await t.call('GET', REPORT, { token: harbour }),
        await t.call('POST', SHARE, { token: harbour, body: { date_preset: 'last_month' } }),
      ]) {
        expect(code(res)).toBe('403 service_unavailable');
      }
      // Switched off for Northwind, it is refused there too (the session reads the flag on each call).
      await t.deps.db.query('UPDATE organisations SET usage_report = false WHERE id = $1', [northwindId]);
      try {
        expect(code(await t.call('GET', STATS, { token: admin }))).toBe('403 service_unavailable');
      } finally {
        await t.deps.db.query('UPDATE organisations SET usage_report = true WHERE id = $1', [northwindId]);
      }
      expect(code(await t.call('GET', STATS))).toBe('401 token_invalid');
    });
  });

  describe('the report', () => {
    it('downloads as a PDF with the period, the totals and the tables', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${REPORT}?${custom}`, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="usage-report-${month.range.first_day}-${month.range.last_day}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      for (const words of ['Usage report', 'Northwind Compliance', 'Totals', 'Per outcome', 'Per user', 'Per day', 'Ada Administrator', 'Alex Analyst', 'Passed Conditionally', 'Media searches']) {
        expect(text, words).toContain(words);
      }
      expect(text).not.toContain('Harbour');
    });

    it('opens through a report link without signing in, and only for its own organisation and period', async () => {
      const shared = await t.call('POST', SHARE, { token: analyst, body: { date_preset: 'custom', date_from: month.range.first_day, date_to: month.range.last_day } });
      expect(code(shared), JSON.stringify(shared.body)).toBe('200 usage_report_link_created');
      expect(shared.body.period).toEqual({ date_preset: 'custom', first_day: month.range.first_day, last_day: month.range.last_day });
      expect(Date.parse(shared.body.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
      const url = new URL(shared.body.url);
      expect(`${url.origin}${url.pathname}`).toBe('http://app.test/usage-report-pdf');
      const token = url.searchParams.get('token')!;
      expect(token.length).toBeGreaterThanOrEqual(40);
      // Only the digest is kept.
      const stored = await t.deps.db.query<{ token_hash: string }>('SELECT token_hash FROM usage_report_tokens WHERE organisation_id = $1', [northwindId]);
      expect(stored.some((r) => r.token_hash === token)).toBe(false);
      expect(stored).toHaveLength(1);

      const open = await t.app.inject({ method: 'GET', url: `${SHARED}?token=${encodeURIComponent(token)}` });
      expect(open.statusCode).toBe(200);
      expect(open.headers['content-type']).toBe('application/pdf');
      expect(open.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(open.rawPayload);
      expect(text).toContain('Northwind Compliance');
      expect(text).toContain('Alex Analyst');

      // A wrong token, a missing one and an expired one.
      expect(code(await t.call('GET', `${SHARED}?token=${encodeURIComponent(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))}`))).toBe('404 usage_report_link_invalid');
      expect(code(await t.call('GET', SHARED))).toBe('400 usage_report_link_invalid');
      await t.deps.db.query("UPDATE usage_report_tokens SET expires_at = now() - interval '1 minute' WHERE organisation_id = $1", [northwindId]);
      const expired = await t.call('GET', `${SHARED}?token=${encodeURIComponent(token)}`);
      expect(code(expired)).toBe('410 usage_report_link_expired');
      expect(expired.body.error_message).toBe('This report link has expired. Ask your administrator for a new one.');

      // Harbour, once it has the usage report, gets links to its own report: never Northwind's.
      await t.deps.db.query('UPDATE organisations SET usage_report = true WHERE id = $1', [harbourId]);
      let harbourToken = '';
      try {
        const theirs = await t.call('POST', SHARE, { token: harbour, body: { date_preset: 'custom', date_from: month.range.first_day, date_to: month.range.last_day } });
        expect(code(theirs)).toBe('200 usage_report_link_created');
        harbourToken = new URL(theirs.body.url).searchParams.get('token')!;
        const harbourStats = await stats(custom, harbour);
        expect(harbourStats.totals).toMatchObject({ searches: 1, media_searches: 1, decisions: 0 });
        const pdf = await t.app.inject({ method: 'GET', url: `${SHARED}?token=${encodeURIComponent(harbourToken)}` });
        const harbourText = pdfText(pdf.rawPayload);
        expect(harbourText).toContain('Harbour Trading');
        expect(harbourText).toContain('Hana Harbour');
        expect(harbourText).not.toContain('Northwind');
        expect(harbourText).not.toContain('Alex Analyst');
      } finally {
        await t.deps.db.query('UPDATE organisations SET usage_report = false WHERE id = $1', [harbourId]);
      }
      // A link stops working when its organisation loses the usage report.
      expect(code(await t.call('GET', `${SHARED}?token=${encodeURIComponent(harbourToken)}`))).toBe('404 usage_report_link_invalid');
    });
  });

  describe('the monthly e-mail', () => {
    it('sends every administrator the last month once, with the link and the PDF', async () => {
      // A second administrator, and two who get nothing: one deactivated, one who never set a password.
      const adminRole = (await t.deps.db.one<{ id: string }>('SELECT id FROM roles WHERE organisation_id = $1 AND is_admin', [northwindId]))!.id;
      await insertUser(t.deps.db, { organisationId: northwindId, roleId: adminRole, name: 'Bea Backup', email: 'bea.backup@example.com', password: 'Backup-2026!', language: 'de' });
      const gone = await insertUser(t.deps.db, { organisationId: northwindId, roleId: adminRole, name: 'Gus Gone', email: 'gus.gone@example.com', password: 'Gone-2026!' });
      await t.deps.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone]);
      await insertUser(t.deps.db, { organisationId: northwindId, roleId: adminRole, name: 'Ivy Invited', email: 'ivy.invited@example.com' });
      // An administrator-like role that is not the administrator role gets nothing either.
      const lookalike = await insertRole(t.deps.db, northwindId, 'Deputy', PERMISSION_NAMES.filter((p) => p !== 'update_payment_method'));
      await insertUser(t.deps.db, { organisationId: northwindId, roleId: lookalike, name: 'Dee Deputy', email: 'dee.deputy@example.com', password: 'Deputy-2026!' });

      const since = t.smtp.messages.length;
      const first = await runMonthlyUsageReports(t.deps);
      expect(first).toEqual({ period: month.key, organisations: 1, emails: 2 });
      await t.deps.jobs.runDue([USAGE_JOBS.email]);
      const sent = t.smtp.messages.slice(since);
      expect(sent.map((m) => m.to[0]).sort()).toEqual(['admin@example.com', 'bea.backup@example.com']);

      const toAda = await t.smtp.waitFor('admin@example.com', { since });
      expect(toAda.subject).toContain('Usage report of Northwind Compliance');
      expect(toAda.text).toContain('Hello Ada Administrator');
      const link = linkIn(toAda, '/usage-report-pdf');
      expect(link).toMatch(/^http:\/\/app\.test\/usage-report-pdf\?token=/);
      // One PDF (the HTML part's images aside).
      const pdfs = toAda.attachments.filter((a) => a.contentType === 'application/pdf');
      expect(pdfs).toHaveLength(1);
      expect(pdfs[0].filename).toBe(`usage-report-${month.range.first_day}-${month.range.last_day}.pdf`);
      expect(pdfs[0].content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfText(pdfs[0].content)).toContain('Alex Analyst');
      // In the administrator's own language.
      const toBea = await t.smtp.waitFor('bea.backup@example.com', { since });
      expect(toBea.subject).toContain('Nutzungsbericht von Northwind Compliance');
      // The e-mailed link opens the same month's report.
      const opened = await t.app.inject({ method: 'GET', url: `${SHARED}?token=${new URL(link).searchParams.get('token')}` });
      expect(opened.statusCode).toBe(200);
      expect(pdfText(opened.rawPayload)).toContain('Alex Analyst');

      // Not twice: again now, and again from the job a restart enqueues.
      expect(await runMonthlyUsageReports(t.deps)).toEqual({ period: month.key, organisations: 0, emails: 0 });
      await enqueueMonthlyUsageReports(t.deps.jobs, t.deps.db);
      expect(await t.deps.jobs.runDue([USAGE_JOBS.monthly, USAGE_JOBS.email])).toBe(1);
      expect(t.smtp.messages.length).toBe(since + 2);
      // Next month is another month.
      const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1, 6));
      expect(await runMonthlyUsageReports(t.deps, { now: next })).toMatchObject({ organisations: 1, emails: 2 });
    });
  });
});
