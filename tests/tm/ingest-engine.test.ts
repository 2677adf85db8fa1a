/**
 * The engine cache behind ingest, on PGlite and Postgres (docs/transaction-monitoring.md, "Engine cache and
 * restarts"), with the spec's example rule (more than 3 transactions above 5,000 within 24 hours, per customer):
 * a window counts the history the database holds after a restart (the cache dropped), and what another process
 * stored meanwhile; a rule enabled or changed takes effect on the next transaction; batches sent at the same
 * moment are decided one after another (the fourth payment fires whichever call carries it); a transaction
 * arriving late counts where it belongs in time; and a failed batch leaves the cache to be rebuilt from the
 * database, so nothing it held is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedEngine, forgetEngine, invalidateRules } from '../../server/transactions/engine-cache';
import { ingestTransactions } from '../../server/transactions/ingest';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

const HOUR = 3_600_000;
const VELOCITY = {
  version: 1,
  when: {
    compare: [{ aggregate: { fn: 'count', per: 'customer', window: { amount: 24, unit: 'hours' }, where: { compare: [{ field: 'amount' }, '>', { value: 5000 }] } } }, '>', { value: 3 }],
  },
  action: 'review',
};

describe.each(DATABASE_KINDS)('ingest engine cache on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let orgId: string;
  let ruleId: string;
  const base = Date.now() - 48 * HOUR;
  const at = (hours: number) => new Date(base + hours * HOUR).toISOString();
  const pay = (reference: string, customer: string, hours: number, amount = '6000.00') => ({ reference_id: reference, customer_id: customer, created_at: at(hours), amount, currency: 'EUR', direction: 'outbound' as const });
  const send = async (transactions: unknown[]) => {
    const res = await t.call('POST', '/api/transactions', { token: admin, body: { transactions } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as { reference_id: string; status: string; rules_applied: { rule_id: string }[] }[];
  };
  const fired = (r: { rules_applied: { rule_id: string }[] }) => r.rules_applied.some((a) => a.rule_id === ruleId);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login(ADMIN);
    orgId = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    await t.call('GET', '/api/transaction-monitoring/rules', { token: admin });
    await t.deps.db.query("UPDATE tm_rules SET status = 'Disabled' WHERE organisation_id = $1", [orgId]);
    const rule = await t.call('POST', '/api/transaction-monitoring/rules', { token: admin, body: { name: 'Velocity above 5,000', score: 40, status: 'Enabled', definition: VELOCITY } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    ruleId = rule.body.rule.id;
    invalidateRules(orgId);
  }, 180_000);
  afterAll(() => t?.close());

  it('counts the stored history after a restart (the cache rebuilt from the database)', async () => {
    const first = await send([pay('V-1', 'CUST-V', 0), pay('V-2', 'CUST-V', 1), pay('V-3', 'CUST-V', 2), pay('V-SMALL', 'CUST-V', 2.5, '50.00')]);
    expect(first.some(fired)).toBe(false);
    expect(cachedEngine(orgId)?.state.size).toBeGreaterThan(0);
    forgetEngine(orgId);
    const [fourth] = await send([pay('V-4', 'CUST-V', 3)]);
    expect(fired(fourth)).toBe(true);
    expect(fourth.status).toBe('under review');
    // Outside the window (25 hours after the first three) nothing fires.
    const [later] = await send([pay('V-5', 'CUST-V', 28)]);
    expect(fired(later)).toBe(false);
  });

  it('counts what another process stored since the cache last looked', async () => {
    await send([pay('P-1', 'CUST-P', 0), pay('P-2', 'CUST-P', 1)]);
    // Another API process stores a transaction (it takes the next number under the counter's lock).
    await t.deps.db.transaction(async (tx) => {
      const counter = await tx.one<{ n: number }>('UPDATE tm_counters SET last_number = last_number + 1 WHERE organisation_id = $1 RETURNING last_number AS n', [orgId]);
      await tx.query(`INSERT INTO tm_transactions (organisation_id, number, reference_id, occurred_at, customer_id, amount, currency, direction, status) VALUES ($1, $2, 'P-OTHER', $3, 'CUST-P', 7000, 'EUR', 'outbound', 'accepted')`, [
        orgId,
        counter!.n,
        at(1.5),
      ]);
    });
    const [next] = await send([pay('P-3', 'CUST-P', 2)]);
    expect(fired(next)).toBe(true);
  });

  it('applies a rule change to the next transaction', async () => {
    await send([pay('R-1', 'CUST-R', 0, '200.00')]);
    const lowered = { ...VELOCITY, when: { compare: [{ aggregate: { fn: 'count', per: 'customer', window: { amount: 24, unit: 'hours' }, where: { compare: [{ field: 'amount' }, '>', { value: 100 }] } } }, '>', { value: 1 }] } };
    const change = await t.call('PUT', `/api/transaction-monitoring/rules/${ruleId}`, { token: admin, body: { definition: lowered } });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const [second] = await send([pay('R-2', 'CUST-R', 1, '300.00')]);
    expect(fired(second)).toBe(true);
    expect(second.rules_applied[0]).toMatchObject({ rule_version: 2 });
    // Disabled: nothing fires.
    expect((await t.call('POST', `/api/transaction-monitoring/rules/${ruleId}/status`, { token: admin, body: { status: 'Disabled' } })).status).toBe(200);
    const [third] = await send([pay('R-3', 'CUST-R', 2, '300.00')]);
    expect(fired(third)).toBe(false);
    expect(third.status).toBe('accepted');
    await t.call('PUT', `/api/transaction-monitoring/rules/${ruleId}`, { token: admin, body: { definition: VELOCITY } });
    await t.call('POST', `/api/transaction-monitoring/rules/${ruleId}/status`, { token: admin, body: { status: 'Enabled' } });
  });

  it('decides batches sent at the same moment one after another', async () => {
    // Six payments of the same moment, each in its own call: whichever order they are decided in, the fourth,
    // fifth and sixth decided each see three or more before them, and no two see the same history.
    const calls = [0, 1, 2, 3, 4, 5].map((i) => send([pay(`S-${i}`, 'CUST-S', 30)]));
    const results = (await Promise.all(calls)).flat();
    expect(results.filter(fired)).toHaveLength(3);
    const numbers = await t.deps.db.query<{ number: number }>("SELECT number FROM tm_transactions WHERE organisation_id = $1 AND reference_id LIKE 'S-%' ORDER BY number", [orgId]);
    expect(new Set(numbers.map((n) => n.number)).size).toBe(6);
  });

  it('counts a late arrival where it belongs in time', async () => {
    await send([pay('L-1', 'CUST-L', 10), pay('L-2', 'CUST-L', 11), pay('L-3', 'CUST-L', 12), pay('L-9', 'CUST-L', 40)]);
    // A payment made after the first three and long before L-9 arrives last: the fourth within its day.
    const [late] = await send([pay('L-LATE', 'CUST-L', 13)]);
    expect(fired(late)).toBe(true);
    // One made long before counts in its own window, where it is alone.
    const [old] = await send([pay('L-OLD', 'CUST-L', -40)]);
    expect(fired(old)).toBe(false);
  });

  it('drops the cache when a batch fails, and the next batch sees only what was stored', async () => {
    // The newest transactions of the organisation, so the rebuilt state holds them (it keeps the rules' horizon before the newest).
    await send([pay('F-1', 'CUST-F', 44), pay('F-2', 'CUST-F', 45)]);
    expect(cachedEngine(orgId)).toBeDefined();
    // A batch that fails inside its transaction, after the engine took its transactions in (an unknown organisation's counter).
    const failing = ingestTransactions({ ...t.deps, db: { ...t.deps.db, transaction: (fn: any) => t.deps.db.transaction(async (tx) => {
      const result = await fn(tx);
      throw new Error(`the database went away after ${result.fresh} transactions`);
    }) } as any }, orgId, [pay('F-3', 'CUST-F', 46), pay('F-4', 'CUST-F', 47)], { source: 'api', actor: null });
    await expect(failing).rejects.toThrow('the database went away after 2 transactions');
    expect(cachedEngine(orgId)).toBeUndefined();
    expect((await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM tm_transactions WHERE reference_id IN ('F-3', 'F-4')"))!.n).toBe(0);
    // F-3 and F-4 were never stored: a third payment now is the third, not the fifth.
    const [third] = await send([pay('F-5', 'CUST-F', 46)]);
    expect(fired(third)).toBe(false);
    const [fourth] = await send([pay('F-6', 'CUST-F', 47)]);
    expect(fired(fourth)).toBe(true);
  });
});
