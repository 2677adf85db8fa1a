/**
 * The backtest on PGlite and Postgres (docs/transaction-monitoring.md, "Rules and alerts"), on hand-made histories
 * with exact answers: the spec's velocity rule (more than 3 transactions above 5,000 within 24 hours) over
 * customers whose transactions fall just inside and just outside the window, alerts deduplicated per party as
 * live, the from/to range (with the history before `from` still counting in the windows), the cap on transactions
 * read, the top parties with their names, and account-level precision, recall and F1 where the history carries
 * labels; an unsaved definition that does not compile is refused with its field path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forOrganisation } from '../../server/db/tenant';
import { runBacktest } from '../../server/transactions/backtest';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { DAY, HOUR, T0, VELOCITY_RULE, insertTransactions, organisationId, type TxSpec } from './alerts-fixtures';

const MIN = 60_000;

/**
 * C1: five transactions above 5,000 an hour apart: the 4th and 5th fire (2 hits, 1 alert).
 * C2: four above 5,000 ten hours apart: never 4 within 24 hours.
 * C3: three above 5,000, a small one, and a 4th large one exactly 24 hours after the first: the first has left the
 *     window (start excluded), so nothing fires.
 * C4: the same with the 4th large one a minute earlier: fires once.
 * C5: four large ones within an hour, but one of them 5,000 exactly (not above): nothing fires.
 */
const VELOCITY_HISTORY: TxSpec[] = [
  ...[0, 1, 2, 3, 4].map((h) => ({ ref: `C1-${h}`, at: h * HOUR, amount: 6000 + h, customer: 'C1', from: 'ACC-C1', fromName: 'Carla One', to: 'SHOP-1' })),
  ...[0, 10, 20, 30].map((h) => ({ ref: `C2-${h}`, at: h * HOUR, amount: 7000, customer: 'C2', from: 'ACC-C2', to: 'SHOP-1' })),
  ...[0, 1, 2].map((h) => ({ ref: `C3-${h}`, at: h * HOUR, amount: 5500, customer: 'C3', from: 'ACC-C3', to: 'SHOP-2' })),
  { ref: 'C3-small', at: 5 * HOUR, amount: 100, customer: 'C3', from: 'ACC-C3', to: 'SHOP-2' },
  { ref: 'C3-edge', at: 24 * HOUR, amount: 5500, customer: 'C3', from: 'ACC-C3', to: 'SHOP-2' },
  ...[0, 1, 2].map((h) => ({ ref: `C4-${h}`, at: h * HOUR, amount: 5500, customer: 'C4', from: 'ACC-C4', fromName: 'Dora Four', to: 'SHOP-2' })),
  { ref: 'C4-inside', at: 24 * HOUR - MIN, amount: 5500, customer: 'C4', from: 'ACC-C4', to: 'SHOP-2' },
  ...[0, 10, 20, 30].map((m) => ({ ref: `C5-${m}`, at: m * MIN, amount: m === 20 ? 5000 : 9000, customer: 'C5', from: 'ACC-C5', to: 'SHOP-3' })),
];

/** Two or more transfers out of one account within a day, per account: the party is the sending account. */
const BURST_RULE = {
  version: 1,
  when: { compare: [{ aggregate: { fn: 'count', per: 'account', direction: 'out', window: { amount: 1, unit: 'days' } } }, '>=', { value: 2 }] },
};

/**
 * Labelled like the AMLSim loader's history (a transfer is labelled 1 when both its accounts launder):
 * A1 sends twice to launderers B1, B2 (labelled: A1, B1, B2; flagged: A1);
 * A2 sends twice, unlabelled (flagged: A2, a false positive); A3 sends once to B3, labelled (missed: A3, B3).
 * Precision 1/2, recall 1/5, F1 2·0.5·0.2/0.7.
 */
const LABELLED_HISTORY: TxSpec[] = [
  { ref: 'L-1', at: 0, amount: 300, from: 'A1', to: 'B1', label: 1, customer: 'CA1' },
  { ref: 'L-2', at: HOUR, amount: 300, from: 'A1', to: 'B2', label: 1, customer: 'CA1' },
  { ref: 'L-3', at: 2 * HOUR, amount: 300, from: 'A2', to: 'B9', label: 0, customer: 'CA2' },
  { ref: 'L-4', at: 3 * HOUR, amount: 300, from: 'A2', to: 'B9', label: 0, customer: 'CA2' },
  { ref: 'L-5', at: 4 * HOUR, amount: 300, from: 'A3', to: 'B3', label: 1, customer: 'CA3' },
];

describe.each(DATABASE_KINDS)('backtest on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let northwindId: string;
  let otherId: string;

  const backtest = (body: Record<string, unknown>) => t.call('POST', '/api/transaction-monitoring/rules/backtest', { token: admin, body });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login(ADMIN);
    northwindId = await organisationId(t.deps.db, 'northwind');
    otherId = await organisationId(t.deps.db, 'harbour');
    await insertTransactions(t.deps.db, northwindId, VELOCITY_HISTORY);
    // Another organisation's history is never read: the same customers, all firing, on Harbour.
    await insertTransactions(
      t.deps.db,
      otherId,
      [0, 1, 2, 3, 4, 5].map((h) => ({ ref: `H-${h}`, at: h * HOUR, amount: 9000, customer: 'C2', from: 'ACC-C2', to: 'SHOP-1' })),
    );
  }, 120_000);
  afterAll(() => t?.close());

  it("counts the alerts the spec's velocity rule would have raised, exactly at the window's edges", async () => {
    const res = await backtest({ definition: VELOCITY_RULE, score: 40 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      transactions_scanned: VELOCITY_HISTORY.length,
      alerts: 2,
      hits: 3,
      party_count: 2,
      labelled: null,
      capped: false,
      from: new Date(T0).toISOString(),
      to: new Date(T0 + 30 * HOUR).toISOString(),
    });
    expect(res.body.parties).toEqual([
      { party_key: 'C1', name: 'Carla One', alerts: 1, triggers: 2, label: null },
      { party_key: 'C4', name: 'Dora Four', alerts: 1, triggers: 1, label: null },
    ]);
    expect(typeof res.body.took_ms).toBe('number');
  });

  it('reads only the range asked for, with the history before it still in the windows', async () => {
    // From hour 3: C1's transactions at 0..2 are history, so its 4th (hour 3) and 5th still fire; C4's 4th (23:59) fires.
    const fromThree = await backtest({ definition: VELOCITY_RULE, from: new Date(T0 + 3 * HOUR).toISOString() });
    expect(fromThree.body).toMatchObject({ alerts: 2, hits: 3 });
    expect(fromThree.body.transactions_scanned).toBe(VELOCITY_HISTORY.filter((s) => s.at >= 3 * HOUR).length);
    // Up to hour 4 (excluded): only C1's 4th fires.
    const toFour = await backtest({ definition: VELOCITY_RULE, to: new Date(T0 + 4 * HOUR).toISOString() });
    expect(toFour.body).toMatchObject({ alerts: 1, hits: 1, parties: [{ party_key: 'C1', triggers: 1 }] });
    // A day given as `to` includes that day; `from` after `to` is refused.
    const day = new Date(T0).toISOString().slice(0, 10);
    expect((await backtest({ definition: VELOCITY_RULE, to: day })).body).toMatchObject({ alerts: 2, hits: 3 });
    const reversed = await backtest({ definition: VELOCITY_RULE, from: new Date(T0 + DAY).toISOString(), to: new Date(T0).toISOString() });
    expect(`${reversed.status} ${reversed.body.code} ${reversed.body.field}`).toBe('400 date_range_order from');
    expect((await backtest({ definition: VELOCITY_RULE, from: 'yesterday' })).body).toMatchObject({ code: 'invalid_format', field: 'from' });
  });

  it('reads the fields a definition names (a condition on the payment method and the amount)', async () => {
    const definition = { version: 1, when: { all: [{ compare: [{ field: 'payment_method' }, '=', { value: 'WIRE' }] }, { compare: [{ field: 'amount' }, '>', { value: 8000 }] }] } };
    const res = await backtest({ definition });
    expect(res.body).toMatchObject({ alerts: 1, hits: 3, parties: [{ party_key: 'C5', triggers: 3 }] });
    const card = await backtest({ definition: { ...definition, when: { all: [{ compare: [{ field: 'payment_method' }, '=', { value: 'card' }] }] } } });
    expect(card.body).toMatchObject({ alerts: 0, hits: 0, transactions_scanned: VELOCITY_HISTORY.length });
  });

  it('stops at the cap on transactions read and says so', async () => {
    const org = forOrganisation(t.deps.db, northwindId);
    const capped = await runBacktest(org, { definition: VELOCITY_RULE as never, score: 40, maxTransactions: 4, pageSize: 3 });
    expect(capped).toMatchObject({ transactions_scanned: 4, capped: true });
    // Small pages read the same history as one large one.
    const paged = await runBacktest(org, { definition: VELOCITY_RULE as never, score: 40, pageSize: 2 });
    expect(paged).toMatchObject({ transactions_scanned: VELOCITY_HISTORY.length, alerts: 2, hits: 3, capped: false });
  });

  it('refuses a definition that does not compile, naming where, and a definition the schema refuses', async () => {
    const bad = await backtest({ definition: { version: 1, when: { compare: [{ field: 'amount' }, '>', { value: 'lots' }] } } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toMatch(/^definition\.when\.compare/);
    const missing = await backtest({});
    expect(`${missing.status} ${missing.body.field}`).toBe('400 definition');
  });

  it('measures precision, recall and F1 at account level where the history is labelled', async () => {
    const db = t.deps.db;
    // A labelled history of its own, 40 days after the unlabelled one and read from there on, so the two do not mix.
    await insertTransactions(db, northwindId, LABELLED_HISTORY.map((s) => ({ ...s, at: s.at + 40 * DAY })));
    const res = await backtest({ definition: BURST_RULE, from: new Date(T0 + 40 * DAY).toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ transactions_scanned: 5, alerts: 2, hits: 2 });
    expect(res.body.labelled).toEqual({ precision: 0.5, recall: 0.2, f1: 0.2857, labelled_accounts: 5, flagged_accounts: 2, true_positives: 1 });
    expect(res.body.parties.map((p: any) => [p.party_key, p.label])).toEqual([
      ['A1', 1],
      ['A2', 0],
    ]);
  });
  // Last: its transaction lies after every other history of this file.
  it("reads the organisation's custom lists as live evaluation does, and nobody else's", async () => {
    const db = t.deps.db;
    const list = (await db.one<{ id: string }>("SELECT id FROM custom_lists WHERE organisation_id = $1 AND name = 'Payment fraud watchlist'", [northwindId]))!.id;
    const record = (await db.one<{ full_name: string }>('SELECT full_name FROM custom_list_records WHERE list_id = $1 ORDER BY full_name LIMIT 1', [list]))!.full_name;
    await insertTransactions(db, northwindId, [{ ref: 'LIST-1', at: 60 * DAY, amount: 10, customer: 'CL', from: 'ACC-CL', fromName: `  ${record.toUpperCase()} `, to: 'SHOP-9' }]);
    const listed = (id: string) => ({ version: 1, when: { in: { field: 'remitter_name', list: { custom_list: id } } } });
    const res = await backtest({ definition: listed(list), from: new Date(T0 + 59 * DAY).toISOString() });
    expect(res.body).toMatchObject({ transactions_scanned: 1, alerts: 1, hits: 1, parties: [{ party_key: 'CL' }] });
    // Harbour's list of the same names is not Northwind's to read.
    const harbourList = (await db.one<{ id: string }>(
      `INSERT INTO custom_lists (organisation_id, name, description, list_type) VALUES ($1, 'Harbour list', 'Harbour names', 'blacklist') RETURNING id`,
      [otherId],
    ))!.id;
    await db.query(`INSERT INTO custom_list_records (organisation_id, list_id, full_name, entity_type, revision) VALUES ($1, $2, $3, 'person', 1)`, [otherId, harbourList, record]);
    expect((await backtest({ definition: listed(harbourList), from: new Date(T0 + 59 * DAY).toISOString() })).body).toMatchObject({ alerts: 0, hits: 0 });
  });
});
