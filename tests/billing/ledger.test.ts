/**
 * The credit ledger (docs/billing.md, "Credits ledger"), on PGlite and on Postgres (where the requests
 * really run side by side on the connection pool): every spend is a row with its reason, actor and
 * subject; the organisation's counters are the ledger's projection; with 20 credits left, 50 spends at once
 * give exactly 20 successes and 30 refusals with the spec's message, for each kind of credits; the daily
 * search limit is counted from today's (UTC) spends; rows cannot be changed or removed, except by removing
 * their organisation (or clearing the user who made them); the seeded organisations carry a month of history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_KINDS, type CreditKind } from '../../common/billing';
import { MESSAGES } from '../../common/messages';
import { spendScreeningCredit } from '../../server/case-store/credits';
import { inTransaction, forOrganisation } from '../../server/db/tenant';
import { spendMediaCredit } from '../../server/media-corpus/credits';
import { createOrganisationWithAdmin, insertUser } from '../../server/organisations/create';
import { appendLedger, creditBalances } from '../../server/organisations/ledger';
import { createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

const PASSWORD = 'Ledger-Test-2026!';

describe.each(DATABASE_KINDS)('the credit ledger on %s', (kind) => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A plan-billing organisation (plus plan, every service) with 20 credits of each kind, given by the operator, and its signed-in administrator. */
  async function freshOrganisation(credits = 20) {
    n += 1;
    const email = `ledger-${kind}-${n}@example.com`;
    const made = await t.deps.db.transaction((tx) =>
      createOrganisationWithAdmin(tx, {
        organisation: {
          name: `Ledger Test ${n}`,
          billing_type: 'plan',
          plan_name: 'plus',
          service_types: ['aml_screening', 'media_watcher'],
          transaction_monitoring: true,
          aml_screening_credits_alloted: credits,
          media_watcher_credits_alloted: credits,
          transaction_monitoring_credits_alloted: credits,
          daily_search_limit: null,
        },
        admin: { name: 'Lena Ledger', email, password: PASSWORD },
      }),
    );
    return { ...made, token: await t.login({ email, password: PASSWORD }) };
  }

  const counters = async (organisationId: string) =>
    (await t.deps.db.one(
      `SELECT aml_screening_credits_alloted, aml_screening_credits_used, media_watcher_credits_alloted, media_watcher_credits_used,
              transaction_monitoring_credits_alloted, transaction_monitoring_credits_used FROM organisations WHERE id = $1`,
      [organisationId],
    ))!;

  /** What the ledger's rows add up to, per kind: allotted (null without any grant or purchase) and used. */
  async function ledgerSums(organisationId: string) {
    const rows = await t.deps.db.query<{ kind: CreditKind; added: number | null; used: number }>(
      `SELECT kind, sum(amount) FILTER (WHERE entry IN ('grant', 'purchase'))::int AS added,
              (COALESCE(sum(amount) FILTER (WHERE entry = 'spend'), 0) - COALESCE(sum(amount) FILTER (WHERE entry = 'refund'), 0))::int AS used
         FROM credit_ledger WHERE organisation_id = $1 GROUP BY kind`,
      [organisationId],
    );
    return Object.fromEntries(CREDIT_KINDS.map((k) => [k, rows.find((r) => r.kind === k) ?? { added: null, used: 0 }])) as Record<CreditKind, { added: number | null; used: number }>;
  }

  /** sum(ledger) == the organisation's counters == what GET /api/credits/summary answers. */
  async function expectConsistent(organisationId: string, token: string | null) {
    const sums = await ledgerSums(organisationId);
    const row = await counters(organisationId);
    for (const k of CREDIT_KINDS) {
      // A kind granted nothing is unlimited (NULL) or limited at 0 (an organisation made with no credits).
      expect(row[`${k}_credits_alloted`] ?? 0, `${k} allotted`).toBe(sums[k].added ?? 0);
      expect(row[`${k}_credits_used`], `${k} used`).toBe(sums[k].used);
      if (sums[k].added === null) expect([null, 0]).toContain(row[`${k}_credits_alloted`]);
    }
    if (token) {
      const summary = await t.call('GET', '/api/credits/summary', { token });
      expect(summary.status).toBe(200);
      for (const b of summary.body.balances) {
        expect(b.alloted).toBe(row[`${b.kind}_credits_alloted`]);
        expect(b.used).toBe(row[`${b.kind}_credits_used`]);
        expect(b.balance).toBe(b.alloted === null ? null : Math.max(0, b.alloted - b.used));
      }
    }
  }

  it('seeds a month of history for Harbour Trading and Northwind that adds up to their counters', async () => {
    for (const slug of ['harbour', 'northwind']) {
      const org = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', [slug]))!;
      await expectConsistent(org.id, null);
      const history = (await t.deps.db.one(
        `SELECT count(DISTINCT (created_at AT TIME ZONE 'UTC')::date)::int AS days, count(*) FILTER (WHERE entry = 'spend')::int AS spends,
                count(DISTINCT reason)::int AS reasons, min(created_at) AS first, count(*) FILTER (WHERE actor_id IS NOT NULL)::int AS by_users
           FROM credit_ledger WHERE organisation_id = $1`,
        [org.id],
      ))!;
      expect(history.days).toBeGreaterThanOrEqual(25);
      expect(history.spends).toBeGreaterThan(100);
      expect(history.reasons).toBeGreaterThanOrEqual(5);
      expect(history.by_users).toBeGreaterThan(0);
      expect(Date.now() - new Date(history.first).getTime()).toBeGreaterThan(28 * 86_400_000);
      // Each row's balance is the one before it moved by its amount, in the order the rows were applied.
      const rows = await t.deps.db.query('SELECT kind, entry, amount, balance_after FROM credit_ledger WHERE organisation_id = $1 ORDER BY id', [org.id]);
      const running: Record<string, number | null> = { aml_screening: null, media_watcher: null, transaction_monitoring: null };
      for (const r of rows) {
        const before = running[r.kind];
        if (r.entry === 'grant' || r.entry === 'purchase') running[r.kind] = (before ?? 0) + r.amount;
        else if (before !== null) running[r.kind] = before + (r.entry === 'spend' ? -r.amount : r.amount);
        expect(r.balance_after).toBe(running[r.kind]);
      }
    }
    // Harbour is on plan billing: its history starts with the trial and the basic plan's credits, and never goes below zero.
    const harbour = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['harbour']))!.id;
    const grants = await t.deps.db.query("SELECT reason, kind, amount FROM credit_ledger WHERE organisation_id = $1 AND entry = 'grant' ORDER BY id", [harbour]);
    expect(grants.map((g) => g.reason)).toEqual(['trial', 'trial', 'trial', 'plan', 'plan', 'plan']);
    expect((await t.deps.db.one('SELECT min(balance_after)::int AS low FROM credit_ledger WHERE organisation_id = $1', [harbour]))!.low).toBeGreaterThanOrEqual(0);
    // Nothing of the history falls on today, so today's daily search limit starts untouched.
    const today = await t.deps.db.one(`SELECT count(*)::int AS n FROM credit_ledger WHERE organisation_id = $1 AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`, [harbour]);
    expect(today!.n).toBe(0);
  });

  it('grants a new plan-billing organisation its trial credits as ledger rows, and none to an invoice-billed one', async () => {
    const made = await t.deps.db.transaction((tx) =>
      createOrganisationWithAdmin(tx, { organisation: { name: 'Trial Co', billing_type: 'plan' }, admin: { name: 'Tia Trial', email: `trial-${kind}@example.com` } }),
    );
    const rows = await t.deps.db.query("SELECT kind, entry, amount, reason, balance_after FROM credit_ledger WHERE organisation_id = $1 ORDER BY kind", [made.organisationId]);
    expect(rows).toEqual([
      { kind: 'aml_screening', entry: 'grant', amount: 25, reason: 'trial', balance_after: 25 },
      { kind: 'media_watcher', entry: 'grant', amount: 10, reason: 'trial', balance_after: 10 },
      { kind: 'transaction_monitoring', entry: 'grant', amount: 100, reason: 'trial', balance_after: 100 },
    ]);
    await expectConsistent(made.organisationId, null);
    const invoiced = await t.deps.db.transaction((tx) =>
      createOrganisationWithAdmin(tx, { organisation: { name: 'Invoice Co', billing_type: 'invoice' }, admin: { name: 'Ivo Invoice', email: `invoice-${kind}@example.com` } }),
    );
    expect(await t.deps.db.query('SELECT id FROM credit_ledger WHERE organisation_id = $1', [invoiced.organisationId])).toEqual([]);
    expect(await counters(invoiced.organisationId)).toMatchObject({ aml_screening_credits_alloted: null, media_watcher_credits_alloted: null, transaction_monitoring_credits_alloted: null });
  });

  it('with 20 AML Screening credits left, 50 searches at once create exactly 20 cases and refuse 30 with the limit message', async () => {
    const org = await freshOrganisation();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.call('POST', '/api/search', { token: org.token, body: { search_term: `Ledger Person ${i} Zawahiri`, entity_type: 'person' } })),
    );
    const created = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(created).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect({ status: r.status, ...r.body }).toMatchObject({ status: 402, code: 'search_limit', error_message: 'Your search limit has been reached.', credits_expired: true });
    const row = await counters(org.organisationId);
    expect(row.aml_screening_credits_used).toBe(20);
    expect(row.aml_screening_credits_alloted).toBe(20);
    // Each case's spend names the searching user and the case by its id and reference; the balance steps down to 0, never below.
    const spends = await t.deps.db.query(
      "SELECT amount, balance_after, reason, actor_id, subject_type, subject_id, subject_label FROM credit_ledger WHERE organisation_id = $1 AND kind = 'aml_screening' AND entry = 'spend' ORDER BY id",
      [org.organisationId],
    );
    expect(spends.map((s) => s.balance_after)).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
    const cases = await t.deps.db.query('SELECT id, reference FROM cases WHERE organisation_id = $1', [org.organisationId]);
    expect(cases).toHaveLength(20);
    for (const s of spends) {
      expect(s).toMatchObject({ amount: 1, reason: 'case_search', actor_id: org.userId, subject_type: 'case' });
      expect(cases).toContainEqual({ id: s.subject_id, reference: s.subject_label });
    }
    expect(new Set(spends.map((s) => s.subject_id)).size).toBe(20);
    await expectConsistent(org.organisationId, org.token);
  }, 120_000);

  it('with 20 Media Watcher credits left, 50 media searches at once answer 20 and refuse 30', async () => {
    const org = await freshOrganisation();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call('POST', i % 5 ? '/api/adverse-media' : '/api/adverse-media/fetch-more', {
          token: org.token,
          body: { keywords: [{ term: `fraud${i}`, mode: 'all' }], match: 'broad', ...(i % 5 ? {} : { offset: 20 }) },
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect({ status: r.status, ...r.body }).toMatchObject({ status: 402, code: 'media_credits', error_message: MESSAGES.media_credits, credits_expired: true });
    // Each answer tells the counts after its own spend: every count from 1 to 20 once.
    expect(ok.map((a) => a.body.credits.used).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const spends = await t.deps.db.query("SELECT reason, actor_id, balance_after FROM credit_ledger WHERE organisation_id = $1 AND kind = 'media_watcher' AND entry = 'spend' ORDER BY id", [org.organisationId]);
    expect(spends.map((s) => s.balance_after)).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
    expect(new Set(spends.map((s) => s.reason))).toEqual(new Set(['media_search', 'media_fetch_more'].filter((r) => spends.some((s) => s.reason === r))));
    expect(spends.every((s) => s.actor_id === org.userId && ['media_search', 'media_fetch_more'].includes(s.reason))).toBe(true);
    await expectConsistent(org.organisationId, org.token);
  }, 120_000);

  it('with 20 Transaction Monitoring credits left, 50 single transactions at once store 20 and refuse 30', async () => {
    const org = await freshOrganisation();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call('POST', '/api/transactions', {
          token: org.token,
          body: { transactions: [{ reference_id: `LEDGER-TX-${i}`, amount: '100.00', currency: 'EUR', direction: 'outbound', customer_id: `C-${i}` }] },
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect({ status: r.status, ...r.body }).toMatchObject({ status: 402, code: 'tm_credits', credits_expired: true });
    expect(refused[0].body.error_message).toBe(MESSAGES.tm_credits);
    const stored = await t.deps.db.query('SELECT reference_id FROM tm_transactions WHERE organisation_id = $1', [org.organisationId]);
    expect(stored).toHaveLength(20);
    const spends = await t.deps.db.query("SELECT amount, reason, actor_id, subject_type, subject_id, subject_label FROM credit_ledger WHERE organisation_id = $1 AND kind = 'transaction_monitoring' AND entry = 'spend'", [org.organisationId]);
    expect(spends).toHaveLength(20);
    for (const s of spends) {
      expect(s).toMatchObject({ amount: 1, reason: 'transactions', actor_id: org.userId, subject_type: 'transaction' });
      expect(s.subject_label).toBe(s.subject_id);
    }
    expect(spends.map((s) => s.subject_id).sort()).toEqual(stored.map((s) => s.reference_id).sort());
    // A batch is one row naming its first reference and how many came with it; a repeat spends nothing.
    await appendLedger(forOrganisation(t.deps.db, org.organisationId), { kind: 'transaction_monitoring', entry: 'grant', amount: 5, reason: 'operator' });
    const batch = await t.call('POST', '/api/transactions', {
      token: org.token,
      body: { transactions: ['LEDGER-B-1', 'LEDGER-B-2', 'LEDGER-B-3', 'LEDGER-TX-0'].map((reference_id) => ({ reference_id, amount: '5.00', currency: 'EUR', direction: 'inbound' })) },
    });
    expect(batch.status).toBe(200);
    const last = await t.deps.db.one("SELECT amount, subject_id, subject_label, balance_after FROM credit_ledger WHERE organisation_id = $1 AND kind = 'transaction_monitoring' ORDER BY id DESC LIMIT 1", [org.organisationId]);
    const firstFresh = stored.some((s) => s.reference_id === 'LEDGER-TX-0') ? 3 : 4;
    expect(last).toMatchObject({ amount: firstFresh, subject_id: 'LEDGER-B-1', subject_label: `LEDGER-B-1 (+${firstFresh - 1})`, balance_after: 5 - firstFresh });
    await expectConsistent(org.organisationId, org.token);
  }, 120_000);

  it('counts the daily search limit from today\'s (UTC) search spends only', async () => {
    const org = await freshOrganisation(100);
    const db = t.deps.db;
    await db.query('UPDATE organisations SET daily_search_limit = 3 WHERE id = $1', [org.organisationId]);
    // Yesterday's searches count for yesterday, not today.
    await db.query(
      `INSERT INTO credit_ledger (organisation_id, kind, entry, amount, reason, actor_id, created_at)
       VALUES ($1, 'aml_screening', 'spend', 5, 'case_search', $2, date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 minute')`,
      [org.organisationId, org.userId],
    );
    // Ongoing monitoring is no user's search: it neither counts nor is held to the limit.
    const own = (fn: (tx: ReturnType<typeof inTransaction>) => Promise<unknown>) => db.transaction((tx) => fn(inTransaction(tx, org.organisationId)));
    await own((tx) => spendScreeningCredit(tx, { reason: 'monitoring', actorId: null }));
    const search = (i: number) => t.call('POST', '/api/search', { token: org.token, body: { search_term: `Daily Person ${i}`, entity_type: 'person' } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await search(i));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[3].body).toMatchObject({ code: 'daily_search_limit', error_message: 'Daily search limit has been reached.' });
    await own((tx) => spendScreeningCredit(tx, { reason: 'monitoring', actorId: null }));
    expect((await counters(org.organisationId)).aml_screening_credits_used).toBe(5 + 1 + 3 + 1);
    // A bulk search row is a user's search too: none left today.
    await expect(own((tx) => spendScreeningCredit(tx, { reason: 'bulk_search', actorId: org.userId }))).rejects.toMatchObject({ status: 429, code: 'daily_search_limit' });
    await expectConsistent(org.organisationId, org.token);
  }, 120_000);

  it('spends media credits on separate connections at once without passing zero (background monitoring included)', async () => {
    const org = await freshOrganisation(20);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        spendMediaCredit(forOrganisation(t.deps.db, org.organisationId), { reason: i % 2 ? 'media_monitoring' : 'media_search', actorId: i % 2 ? null : org.userId }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 402, code: 'media_credits' });
    const balances = await creditBalances(forOrganisation(t.deps.db, org.organisationId));
    expect(balances.find((b) => b.kind === 'media_watcher')).toEqual({ kind: 'media_watcher', alloted: 20, used: 20, balance: 0 });
    await expectConsistent(org.organisationId, org.token);
  }, 120_000);

  it('refuses to change or remove a ledger row, and a spend the balance does not cover', async () => {
    const org = await freshOrganisation(2);
    const db = t.deps.db;
    const row = (await db.one('SELECT id FROM credit_ledger WHERE organisation_id = $1 LIMIT 1', [org.organisationId]))!;
    await expect(db.query('UPDATE credit_ledger SET amount = 500 WHERE id = $1', [row.id])).rejects.toThrow(/append-only/);
    await expect(db.query('UPDATE credit_ledger SET actor_id = NULL WHERE id = $1', [row.id])).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM credit_ledger WHERE id = $1', [row.id])).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM credit_ledger WHERE organisation_id = $1', [org.organisationId])).rejects.toThrow(/append-only/);
    const direct = (amount: number) =>
      db.query("INSERT INTO credit_ledger (organisation_id, kind, entry, amount, reason) VALUES ($1, 'aml_screening', 'spend', $2, 'case_search')", [org.organisationId, amount]);
    await expect(direct(3)).rejects.toThrow(/exceeds the balance/);
    await expect(direct(0)).rejects.toThrow();
    await expect(db.query("INSERT INTO credit_ledger (organisation_id, kind, entry, amount, reason) VALUES ($1, 'aml_screening', 'refund', 1, 'refund')", [org.organisationId])).rejects.toThrow(
      /exceeds what was used/,
    );
    await expect(db.query("INSERT INTO credit_ledger (organisation_id, kind, entry, amount, reason) VALUES ($1, 'gold', 'grant', 1, 'operator')", [org.organisationId])).rejects.toThrow();
    expect(await db.query('SELECT count(*)::int AS n FROM credit_ledger WHERE organisation_id = $1', [org.organisationId])).toEqual([{ n: 3 }]);
    await expectConsistent(org.organisationId, org.token);
  });

  it('lets removing a user clear the rows\' actor and removing an organisation remove its rows, and nothing else', async () => {
    const org = await freshOrganisation(10);
    const db = t.deps.db;
    const roleId = (await db.one('SELECT role_id FROM users WHERE id = $1', [org.userId]))!.role_id;
    const leaver = await insertUser(db, { organisationId: org.organisationId, roleId, name: 'Leo Leaver', email: `leaver-${kind}@example.com` });
    await db.transaction((tx) => spendScreeningCredit(inTransaction(tx, org.organisationId), { reason: 'case_search', actorId: leaver }));
    const spend = (await db.one("SELECT * FROM credit_ledger WHERE organisation_id = $1 AND entry = 'spend'", [org.organisationId]))!;
    expect(spend.actor_id).toBe(leaver);
    await db.query('DELETE FROM users WHERE id = $1', [leaver]);
    const after = (await db.one('SELECT * FROM credit_ledger WHERE id = $1', [spend.id]))!;
    expect(after).toEqual({ ...spend, actor_id: null });
    await expectConsistent(org.organisationId, org.token);

    const other = await freshOrganisation(10);
    await db.query('DELETE FROM organisations WHERE id = $1', [org.organisationId]);
    expect(await db.query('SELECT count(*)::int AS n FROM credit_ledger WHERE organisation_id = $1', [org.organisationId])).toEqual([{ n: 0 }]);
    expect(await db.query('SELECT count(*)::int AS n FROM credit_ledger WHERE organisation_id = $1', [other.organisationId])).toEqual([{ n: 3 }]);
  });
});
