/**
 * Alerts on PGlite and Postgres (docs/transaction-monitoring.md, "Rules and alerts"): raiseAlerts deduplicating
 * by rule and party while an alert is open (the triggered count rises instead) and opening a new one after it is
 * closed; the listing's filters, date presets, paging and sorts; the detail (transactions, timeline, explanation,
 * network picture); the workflow's valid and refused moves with their history; assignment with its notification;
 * comments; new high-level alerts notified to administrators; another organisation's alerts answered as unknown;
 * the organisation flag; and end to end: a rule written through the API, enabled, a transaction ingested that
 * fires it, and the alert it raised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleHit } from '../../common/tm-rules';
import { forOrganisation } from '../../server/db/tenant';
import { raiseAlerts, raiseAlertsBatch } from '../../server/transactions/alerts-raise';
import { ingestTransactions } from '../../server/transactions/ingest';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { HOUR, T0, VELOCITY_RULE, insertTransactions, organisationId, type TxSpec } from './alerts-fixtures';

describe.each(DATABASE_KINDS)('alerts on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let harbour: string;
  let northwindId: string;
  let harbourId: string;
  let adminId: string;
  let analystId: string;
  let harbourUserId: string;
  let ruleHigh: string;
  let ruleLow: string;
  let harbourAlert: string;
  const tx = new Map<string, string>();

  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const get = (alertId: string, token = admin) => t.call('GET', `/api/transactions/alerts/${alertId}`, { token });
  const list = (query = '', token = admin) => t.call('GET', `/api/transactions/alerts?${query}`, { token });
  const move = (alertId: string, to: string, note?: string, token = admin) => t.call('POST', `/api/transactions/alerts/${alertId}/workflow`, { token, body: { to, ...(note !== undefined ? { note } : {}) } });
  const assign = (alertId: string, assignee_id: string | null, token = admin) => t.call('POST', `/api/transactions/alerts/${alertId}/assign`, { token, body: { assignee_id } });
  const comment = (alertId: string, text: string, token = admin) => t.call('POST', `/api/transactions/alerts/${alertId}/comments`, { token, body: { text } });

  const hit = (rule: string, party: string, ids: string[], extra: Partial<RuleHit> = {}): RuleHit => ({
    rule_id: rule,
    rule_version: 1,
    score: rule === ruleHigh ? 80 : 10,
    action: 'review',
    party_key: party,
    party_name: `${party} Holder`,
    counterparty: 'SHOP-1',
    members: [],
    transaction_ids: ids,
    explanation: { parts: [{ kind: 'compare', field: 'amount', value: 9000, op: '>', threshold: 5000 }] },
    ...extra,
  });
  const raise = (hits: RuleHit[], ref: string, withDeps = false) =>
    forOrganisation(t.deps.db, northwindId).transaction((db) =>
      raiseAlerts(db, hits, { id: tx.get(ref)!, reference_id: ref, occurred_at: new Date(T0), payment_method: 'wire', customer_id: 'CUS-1' }, withDeps ? { deps: t.deps } : {}),
    );
  const newRule = async (organisation: string, name: string, score: number) =>
    (await t.deps.db.one<{ id: string }>(
      `INSERT INTO tm_rules (organisation_id, name, score, definition, status) VALUES ($1, $2, $3, $4, 'Disabled') RETURNING id`,
      [organisation, name, score, JSON.stringify(VELOCITY_RULE)],
    ))!.id;

  /** A small network: P1 receives from S1..S3 (a fan-in), then pays OUT-1; S1 also pays elsewhere, outside the picture's window. */
  const HISTORY: TxSpec[] = [
    { ref: 'N-1', at: 0, amount: 900, from: 'S1', fromName: 'Sam One', to: 'P1', toName: 'Pat Party', customer: 'CUS-1', direction: 'inbound' },
    { ref: 'N-2', at: HOUR, amount: 950, from: 'S2', to: 'P1', toName: 'Pat Party', customer: 'CUS-1', direction: 'inbound' },
    { ref: 'N-3', at: 2 * HOUR, amount: 920, from: 'S3', to: 'P1', customer: 'CUS-1', direction: 'inbound' },
    { ref: 'N-4', at: 3 * HOUR, amount: 100, from: 'S1', to: 'P1', customer: 'CUS-1', direction: 'inbound' },
    { ref: 'N-5', at: 4 * HOUR, amount: 2700, from: 'P1', fromName: 'Pat Party', to: 'OUT-1', customer: 'CUS-1' },
    { ref: 'N-far', at: 30 * 24 * HOUR, amount: 50, from: 'S1', to: 'FAR-1', customer: 'CUS-9' },
    { ref: 'Q-1', at: 0, amount: 10, from: 'Q1', to: 'Q2', customer: 'CUS-2' },
  ];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.deps.db;
    admin = await t.login(ADMIN);
    analyst = await t.login(ANALYST);
    harbour = await t.login(PLAN_ADMIN);
    northwindId = await organisationId(db, 'northwind');
    harbourId = await organisationId(db, 'harbour');
    const userId = async (email: string) => (await db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))!.id;
    adminId = await userId(ADMIN.email);
    analystId = await userId(ANALYST.email);
    harbourUserId = await userId(PLAN_ADMIN.email);
    ruleHigh = await newRule(northwindId, 'Fan-in watcher', 80);
    ruleLow = await newRule(northwindId, 'Small sums', 10);
    for (const [ref, id] of await insertTransactions(db, northwindId, HISTORY)) tx.set(ref, id);
    // Harbour's alert, under an id Northwind never reaches.
    const harbourRule = await newRule(harbourId, 'Harbour rule', 50);
    const harbourTx = await insertTransactions(db, harbourId, [{ ref: 'H-1', at: 0, amount: 10, from: 'HB-1', fromName: 'Harbour Secret Party', to: 'HB-2' }]);
    await forOrganisation(db, harbourId).transaction((h) =>
      raiseAlerts(h, [{ ...hit(harbourRule, 'HB-1', [harbourTx.get('H-1')!]), party_name: 'Harbour Secret Party' }], { id: harbourTx.get('H-1')!, occurred_at: T0 }),
    );
    harbourAlert = 'AL-999999';
    await db.query('UPDATE tm_alerts SET alert_id = $2 WHERE organisation_id = $1', [harbourId, harbourAlert]);
  }, 120_000);
  afterAll(() => t?.close());

  let first: string;
  let second: string;

  it('raises one alert per rule and party while it is open, counting repeat firings', async () => {
    const [a] = await raise([hit(ruleHigh, 'P1', [tx.get('N-1')!], { members: ['S1'] })], 'N-1');
    expect(a.created).toBe(true);
    expect(a.alert_id).toMatch(/^AL-\d{6}$/);
    first = a.alert_id;
    const [b, c] = await raise([hit(ruleHigh, 'P1', [tx.get('N-2')!, tx.get('N-1')!], { members: ['S2'] }), hit(ruleLow, 'Q1', [tx.get('Q-1')!], { counterparty: 'Q2' })], 'N-2');
    expect(b).toEqual({ alert_id: first, created: false });
    expect(c.created).toBe(true);
    second = c.alert_id;
    expect(Number(second.slice(3))).toBe(Number(first.slice(3)) + 1);
    await raise([hit(ruleHigh, 'P1', [tx.get('N-3')!, tx.get('N-2')!, tx.get('N-1')!], { members: ['S2', 'S3'] })], 'N-3');
    const row = await t.deps.db.one<any>('SELECT * FROM tm_alerts WHERE organisation_id = $1 AND alert_id = $2', [northwindId, first]);
    expect(row).toMatchObject({ triggered_count: 3, level: 'high', workflow_status: 'open', party_key: 'P1', party_name: 'P1 Holder', channel: 'wire', counterparty: 'SHOP-1', customer_id: 'CUS-1', closed_at: null });
    expect([...row.members].sort()).toEqual(['S1', 'S2', 'S3']);
    expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM tm_alert_transactions x JOIN tm_alerts a ON a.id = x.alert_id WHERE a.alert_id = $1 AND a.organisation_id = $2', [first, northwindId]))!.n).toBe(3);
    // One 'raised' event; repeat firings show as transactions, not as history.
    expect((await t.deps.db.query('SELECT action FROM tm_alert_events e JOIN tm_alerts a ON a.id = e.alert_id WHERE a.alert_id = $1 AND a.organisation_id = $2', [first, northwindId])).map((r) => r.action)).toEqual(['raised']);
    expect((await t.deps.db.one<any>('SELECT level FROM tm_alerts WHERE organisation_id = $1 AND alert_id = $2', [northwindId, second])).level).toBe('low');
    // The raising transaction (N-2) and the hit's own are linked; a transaction the organisation does not store (named
    // only by the engine's memory) is not.
    await raise([hit(ruleLow, 'Q1', [tx.get('Q-1')!, '00000000-0000-4000-8000-000000000000'], { counterparty: 'Q2' })], 'Q-1');
    expect((await get(second)).body).toMatchObject({ transaction_count: 2, triggered_count: 2 });
  });

  it('raises a batch as one transaction after another would, in a few statements', async () => {
    const db = forOrganisation(t.deps.db, northwindId);
    const txn = (ref: string, hours: number) => ({ id: tx.get(ref)!, reference_id: ref, occurred_at: new Date(T0 + hours * HOUR), payment_method: 'card', customer_id: 'CUS-B' });
    const before = await t.deps.db.one<any>('SELECT triggered_count, updated_at FROM tm_alerts WHERE organisation_id = $1 AND alert_id = $2', [northwindId, first]);
    const results = await db.transaction((h) =>
      raiseAlertsBatch(h, [
        // B1 twice (a new alert counted twice), P1 (already open: counted), B2 with a low score then a high one (the level rises).
        { hits: [hit(ruleLow, 'B1', [tx.get('N-1')!], { members: ['M1'] }), hit(ruleLow, 'B2', [tx.get('N-1')!])], txn: txn('N-1', 1) },
        { hits: [], txn: txn('N-2', 2) },
        { hits: [hit(ruleLow, 'B1', [tx.get('N-2')!], { members: ['M2'], counterparty: null })], txn: txn('N-2', 2) },
        { hits: [hit(ruleHigh, 'P1', [tx.get('N-3')!]), hit(ruleLow, 'B2', [tx.get('N-3')!], { score: 90 })], txn: txn('N-3', 3) },
      ]),
    );
    const [b1, b2] = results[0];
    expect(results[1]).toEqual([]);
    expect(b1.created && b2.created).toBe(true);
    expect(results[2]).toEqual([{ alert_id: b1.alert_id, created: false }]);
    expect(results[3]).toEqual([
      { alert_id: first, created: false },
      { alert_id: b2.alert_id, created: false },
    ]);
    expect(Number(b2.alert_id.slice(3))).toBe(Number(b1.alert_id.slice(3)) + 1);
    const row = async (id: string) => (await t.deps.db.one<any>('SELECT * FROM tm_alerts WHERE organisation_id = $1 AND alert_id = $2', [northwindId, id]))!;
    expect(await row(b1.alert_id)).toMatchObject({ triggered_count: 2, level: 'low', channel: 'card', counterparty: 'SHOP-1', customer_id: 'CUS-B', members: ['M1', 'M2'] });
    expect((await row(b1.alert_id)).first_transaction_at.toISOString()).toBe(new Date(T0 + HOUR).toISOString());
    expect((await row(b1.alert_id)).last_transaction_at.toISOString()).toBe(new Date(T0 + 2 * HOUR).toISOString());
    expect(await row(b2.alert_id)).toMatchObject({ triggered_count: 2, level: 'high' });
    expect((await row(first)).triggered_count).toBe(before.triggered_count + 1);
    const linked = await t.deps.db.query<{ reference_id: string }>(
      'SELECT t.reference_id FROM tm_alert_transactions x JOIN tm_alerts a ON a.id = x.alert_id JOIN tm_transactions t ON t.id = x.transaction_id WHERE a.alert_id = $1 AND a.organisation_id = $2 ORDER BY 1',
      [b1.alert_id, northwindId],
    );
    expect(linked.map((r) => r.reference_id)).toEqual(['N-1', 'N-2']);
    const raised = await t.deps.db.query('SELECT e.note FROM tm_alert_events e JOIN tm_alerts a ON a.id = e.alert_id WHERE a.alert_id = ANY($1::text[]) AND a.organisation_id = $2 ORDER BY a.alert_id', [[b1.alert_id, b2.alert_id], northwindId]);
    expect(raised.map((r) => r.note)).toEqual(['N-1', 'N-1']);
    // Out of the way of the listing's counts below.
    await t.deps.db.query('DELETE FROM tm_alerts WHERE organisation_id = $1 AND alert_id = ANY($2::text[])', [northwindId, [b1.alert_id, b2.alert_id]]);
    await t.deps.db.query('UPDATE tm_alerts SET triggered_count = $3, updated_at = $4 WHERE organisation_id = $1 AND alert_id = $2', [northwindId, first, before.triggered_count, before.updated_at]);
  });

  it('lists alerts with their fields, filters, date presets, paging and sorts', async () => {
    const all = await list();
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toMatchObject({ page: 1, page_size: 20, total: 2 });
    const p1 = all.body.data.find((a: any) => a.alert_id === first);
    expect(p1).toMatchObject({
      level: 'high',
      workflow_status: 'open',
      matched_rules: [{ id: ruleHigh, name: 'Fan-in watcher' }],
      assignee: null,
      channel: 'wire',
      counterparty: 'SHOP-1',
      triggered_count: 3,
      party_key: 'P1',
      party_name: 'P1 Holder',
      rule_version: 1,
    });
    const ids = async (query: string) => (await list(query)).body.data.map((a: any) => a.alert_id);
    expect(await ids('level=high')).toEqual([first]);
    expect(await ids('level=low,medium')).toEqual([second]);
    expect(await ids('status=open&status=escalated')).toHaveLength(2);
    expect(await ids('status=investigating')).toEqual([]);
    expect(await ids(`rule_id=${ruleLow}`)).toEqual([second]);
    expect(await ids('rule_id=not-a-rule')).toEqual([]);
    expect(await ids('q=p1 hold')).toEqual([first]);
    expect(await ids('q=q2')).toEqual([second]);
    expect(await ids(`q=${first.toLowerCase()}`)).toEqual([first]);
    expect(await ids('party_key=Q1')).toEqual([second]);
    expect(await ids('assignee=none')).toHaveLength(2);
    expect(await ids('assignee=me')).toEqual([]);
    expect(await ids('sort=triggered_desc')).toEqual([first, second]);
    expect(await ids('sort=updated_desc')).toEqual([second, first]);
    expect(await ids('sort=created_asc')).toEqual([first, second]);
    expect(await ids('sort=created_desc')).toEqual([second, first]);
    expect(await ids('sort=level_desc')).toEqual([first, second]);
    expect((await list('page=2&page_size=1')).body).toMatchObject({ page: 2, page_size: 1, total: 2, data: [{ alert_id: first }] });
    // Date presets read the alert's creation: one made 40 days ago is outside the last 30 days.
    await t.deps.db.query("UPDATE tm_alerts SET created_at = now() - interval '40 days' WHERE organisation_id = $1 AND alert_id = $2", [northwindId, second]);
    expect(await ids('date_preset=last_30_days')).toEqual([first]);
    expect(await ids('date_preset=all_time')).toHaveLength(2);
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`date_from=${day(41)}&date_to=${day(39)}`)).toEqual([second]);
    expect(code(await list(`date_from=${day(1)}&date_to=${day(3)}`))).toBe('400 date_range_order');
    expect(code(await list('level=extreme'))).toBe('400 bad_request');
    expect(code(await list('sort=random'))).toBe('400 bad_request');
  });

  it('details an alert: its transactions, timeline, explanation, rule and network picture', async () => {
    const res = await get(first.toLowerCase());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({ alert_id: first, transaction_count: 3, members: expect.arrayContaining(['S1', 'S2', 'S3']), next_statuses: ['investigating'] });
    expect(d.rule).toMatchObject({ id: ruleHigh, name: 'Fan-in watcher', score: 80, status: 'Disabled', version: 1 });
    expect(d.explanation).toEqual({ parts: [{ kind: 'compare', field: 'amount', value: 9000, op: '>', threshold: 5000 }] });
    expect(d.transactions.map((x: any) => x.reference_id)).toEqual(['N-3', 'N-2', 'N-1']);
    expect(d.transactions[2]).toMatchObject({ amount: 900, currency: 'EUR', direction: 'inbound', remitter_account: 'S1', remitter_name: 'Sam One', beneficiary_account: 'P1', status: 'accepted' });
    expect(d.history).toEqual([expect.objectContaining({ action: 'raised', actor: null, to_status: 'open', note: 'N-1' })]);
    // The timeline: the transactions (their own times, in January) then the alert's history (now), oldest first.
    expect(d.timeline.map((i: any) => (i.kind === 'event' ? i.event.action : i.transaction.reference_id))).toEqual(['N-1', 'N-2', 'N-3', 'raised']);
    // The network: the party, the fan-in senders (members), and P1's payee, within the rule's 24 hours around them.
    const nodes = Object.fromEntries(d.network.nodes.map((n: any) => [n.id, n]));
    expect(Object.keys(nodes).sort()).toEqual(['OUT-1', 'P1', 'S1', 'S2', 'S3']);
    expect(nodes.P1).toEqual({ id: 'P1', label: 'P1 Holder', role: 'party', flagged: true });
    expect(nodes.S1).toEqual({ id: 'S1', label: 'Sam One', role: 'member', flagged: true });
    expect(nodes['OUT-1']).toMatchObject({ role: 'counterparty', flagged: false });
    const edges = Object.fromEntries(d.network.edges.map((e: any) => [`${e.from}>${e.to}`, e]));
    expect(edges['S1>P1']).toEqual({ from: 'S1', to: 'P1', count: 2, amount: 1000 });
    expect(edges['P1>OUT-1']).toEqual({ from: 'P1', to: 'OUT-1', count: 1, amount: 2700 });
    expect(edges['S1>FAR-1']).toBeUndefined();
    expect(d.network.truncated).toBe(0);
    expect(code(await get('AL-000999'))).toBe('404 not_found');
  });

  it('moves an alert only along the workflow, recording each step', async () => {
    const refused = await move(first, 'closed_true_positive');
    expect(code(refused)).toBe('409 tm_alert_transition_invalid');
    expect(refused.body).toMatchObject({ error_message: "This step is not allowed from the alert's current status.", from: 'open', to: 'closed_true_positive' });
    const started = await move(first, 'investigating', 'Looking at the senders.');
    expect(code(started)).toBe('200 tm_alert_updated');
    expect(started.body).toMatchObject({ message: `Alert ${first} updated.`, workflow_status: 'investigating', next_statuses: ['escalated', 'closed_true_positive', 'closed_false_positive'] });
    expect(code(await move(first, 'open'))).toBe('409 tm_alert_transition_invalid');
    expect(code(await move(first, 'escalated', undefined, analyst))).toBe('200 tm_alert_updated');
    expect(code(await move(first, 'investigating'))).toBe('409 tm_alert_transition_invalid');
    const closed = await move(first, 'closed_true_positive');
    expect(closed.body).toMatchObject({ workflow_status: 'closed_true_positive', next_statuses: ['investigating'] });
    expect(closed.body.closed_at).not.toBeNull();
    // Reopening needs a note.
    const noNote = await move(first, 'investigating', '  ');
    expect(`${code(noNote)} ${noNote.body.field}`).toBe('400 tm_alert_note_required note');
    expect(code(await move(first, 'investigating', 'x'.repeat(513)))).toBe('400 tm_alert_note_length');
    const reopened = await move(first, 'investigating', 'The customer sent new documents.');
    expect(reopened.body).toMatchObject({ workflow_status: 'investigating', closed_at: null });
    expect(code(await move(first, 'archived'))).toBe('400 bad_request');
    const history = (await get(first)).body.history.filter((e: any) => e.action === 'workflow');
    expect(history.map((e: any) => [e.from_status, e.to_status, e.actor?.name, e.note])).toEqual([
      ['open', 'investigating', 'Ada Administrator', 'Looking at the senders.'],
      ['investigating', 'escalated', 'Alex Analyst', null],
      ['escalated', 'closed_true_positive', 'Ada Administrator', null],
      ['closed_true_positive', 'investigating', 'Ada Administrator', 'The customer sent new documents.'],
    ]);
    expect((await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM audit_events WHERE action = 'tm_alert.workflow' AND organisation_id = $1", [northwindId]))!.n).toBe(4);
  });

  it('opens a new alert when the rule fires again after the alert was closed, and will not reopen the old one meanwhile', async () => {
    expect(code(await move(first, 'closed_false_positive'))).toBe('200 tm_alert_updated');
    const [again] = await raise([hit(ruleHigh, 'P1', [tx.get('N-4')!])], 'N-4');
    expect(again.created).toBe(true);
    expect(again.alert_id).not.toBe(first);
    expect((await get(again.alert_id)).body).toMatchObject({ triggered_count: 1, workflow_status: 'open', transaction_count: 1 });
    const clash = await move(first, 'investigating', 'Reopen while the new one is open.');
    expect(code(clash)).toBe('409 tm_alert_reopen_conflict');
    expect(clash.body.open_alert_id).toBe(again.alert_id);
    expect((await get(first)).body.workflow_status).toBe('closed_false_positive');
  });

  it('assigns an alert to a user of the organisation and notifies them', async () => {
    const choices = await t.call('GET', '/api/transactions/alerts-assignees', { token: analyst });
    expect(choices.status).toBe(200);
    expect(choices.body.data.map((u: any) => u.name)).toEqual(['Ada Administrator', 'Alex Analyst']);
    expect(choices.body.data.map((u: any) => u.id)).not.toContain(harbourUserId);
    const res = await assign(second, analystId);
    expect(code(res), JSON.stringify(res.body)).toBe('200 tm_alert_assigned');
    expect(res.body.assignee).toEqual({ id: analystId, name: 'Alex Analyst' });
    const note = await t.deps.db.one<any>("SELECT params, link FROM notifications WHERE user_id = $1 AND kind = 'tm_alert_assigned'", [analystId]);
    expect(note).toMatchObject({ params: { ref: second, by: 'Ada Administrator' }, link: `/alerts-details/${second}` });
    expect((await list('assignee=me', analyst)).body.data.map((a: any) => a.alert_id)).toEqual([second]);
    expect((await list(`assignee=${analystId}`)).body.data.map((a: any) => a.alert_id)).toEqual([second]);
    // The assignee hears when someone else moves it; nobody hears of their own step.
    await move(second, 'investigating');
    expect(await t.deps.db.one<any>("SELECT params FROM notifications WHERE user_id = $1 AND kind = 'tm_alert_status'", [analystId])).toMatchObject({ params: { ref: second, status: 'investigating' } });
    await move(second, 'escalated', undefined, analyst);
    expect((await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'tm_alert_status'", [analystId]))!.n).toBe(1);
    // Another organisation's user, or a made-up one, is nobody here.
    for (const bad of [harbourUserId, '00000000-0000-4000-8000-000000000000', 'nobody']) {
      const refused = await assign(second, bad);
      expect(`${code(refused)} ${refused.body.field}`).toBe('400 assignee_invalid assignee_id');
    }
    const unassigned = await assign(second, null);
    expect(code(unassigned)).toBe('200 tm_alert_unassigned');
    expect(unassigned.body.assignee).toBeNull();
    const history = (await get(second)).body.history.filter((e: any) => e.action === 'assigned');
    expect(history.map((e: any) => e.note)).toEqual(['Alex Analyst', null]);
    // Assigning to oneself notifies nobody.
    await assign(second, adminId);
    expect((await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'tm_alert_assigned'", [adminId]))!.n).toBe(0);
  });

  it('keeps comments of 2 to 512 characters, shown in the detail and its history', async () => {
    for (const [text, expected] of [
      ['x', '400 comment_length_min'],
      ['y'.repeat(513), '400 comment_length_max'],
      ['has <tags>', '400 comment_characters'],
      ['   ', '400 required'],
    ] as const) {
      const res = await comment(second, text);
      expect(`${code(res)} ${res.body.field}`).toBe(`${expected} text`);
    }
    const res = await comment(second, '  Senders share one device id.  ', analyst);
    expect(code(res)).toBe('200 comment_added');
    expect(res.body.comment).toMatchObject({ text: 'Senders share one device id.', author: { id: analystId, name: 'Alex Analyst' } });
    const d = (await get(second)).body;
    expect(d.comments.map((c: any) => c.text)).toEqual(['Senders share one device id.']);
    expect(d.history.at(-1)).toMatchObject({ action: 'commented', actor: { name: 'Alex Analyst' } });
  });

  it('notifies administrators in the app of a new high-level alert, not of a low one', async () => {
    const before = async () => (await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE kind = 'tm_alert_raised' AND organisation_id = $1", [northwindId]))!.n;
    const start = await before();
    const [high] = await raise([hit(ruleHigh, 'S9', [tx.get('N-5')!])], 'N-5', true);
    const notes = await t.deps.db.query<any>("SELECT user_id, params, link FROM notifications WHERE kind = 'tm_alert_raised' AND organisation_id = $1 AND params->>'ref' = $2", [northwindId, high.alert_id]);
    expect(notes.map((n) => n.user_id)).toEqual([adminId]);
    expect(notes[0]).toMatchObject({ params: { ref: high.alert_id, party: 'S9 Holder', level: 'high' }, link: `/alerts-details/${high.alert_id}` });
    await raise([hit(ruleLow, 'S8', [tx.get('N-5')!])], 'N-5', true);
    // A repeat firing notifies nobody.
    await raise([hit(ruleHigh, 'S9', [tx.get('N-5')!])], 'N-5', true);
    expect(await before()).toBe(start + 1);
  });

  it("answers another organisation's alert as an unknown one, and changes nothing of it", async () => {
    const before = await t.deps.db.one('SELECT workflow_status, assignee_id, updated_at FROM tm_alerts WHERE organisation_id = $1', [harbourId]);
    for (const res of [await get(harbourAlert), await move(harbourAlert, 'investigating'), await assign(harbourAlert, adminId), await comment(harbourAlert, 'Not yours.')]) {
      expect(code(res)).toBe('404 not_found');
      expect(JSON.stringify(res.body)).not.toContain('Harbour Secret Party');
    }
    expect((await list(`q=${harbourAlert}`)).body.total).toBe(0);
    expect(JSON.stringify((await list('page_size=100')).body)).not.toContain('Harbour Secret Party');
    expect(await t.deps.db.one('SELECT workflow_status, assignee_id, updated_at FROM tm_alerts WHERE organisation_id = $1', [harbourId])).toEqual(before);
    expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM tm_alert_comments WHERE organisation_id = $1', [harbourId]))!.n).toBe(0);
  });

  it('is refused to organisations without transaction monitoring', async () => {
    expect(code(await list('', harbour))).toBe('403 service_unavailable');
    expect(code(await get(harbourAlert, harbour))).toBe('403 service_unavailable');
    expect(code(await move(harbourAlert, 'investigating', undefined, harbour))).toBe('403 service_unavailable');
  });

  it('end to end: a rule written and enabled through the API fires on ingested transactions and raises one alert', async () => {
    // Only the rule under test runs: the default set is switched off through the API.
    const rules = (await t.call('GET', '/api/transaction-monitoring/rules', { token: admin })).body.data;
    for (const r of rules.filter((r: any) => r.status === 'Enabled')) expect(code(await t.call('POST', `/api/transaction-monitoring/rules/${r.id}/status`, { token: admin, body: { status: 'Disabled' } }))).toBe('200 rule_updated');
    const created = await t.call('POST', '/api/transaction-monitoring/rules', { token: admin, body: { name: 'Velocity above 5,000', score: 75, definition: VELOCITY_RULE } });
    const ruleId = created.body.rule.id;
    // Backtested first: the stored history has no customer with four large transfers in a day.
    expect((await t.call('POST', '/api/transaction-monitoring/rules/backtest', { token: admin, body: { definition: VELOCITY_RULE } })).body.alerts).toBe(0);
    expect(code(await t.call('POST', `/api/transaction-monitoring/rules/${ruleId}/status`, { token: admin, body: { status: 'Enabled' } }))).toBe('200 rule_updated');
    const base = Date.now() - 6 * HOUR;
    const input = (i: number, amount: number) => ({
      reference_id: `E2E-${i}`,
      created_at: new Date(base + i * HOUR).toISOString(),
      customer_id: 'E2E-CUST',
      amount,
      currency: 'EUR',
      direction: 'outbound' as const,
      payment_method: 'card',
      remitter_account: 'E2E-ACC',
      beneficiary_account: `E2E-SHOP-${i}`,
    });
    const org = forOrganisation(t.deps.db, northwindId);
    const ingest = (inputs: ReturnType<typeof input>[]) => ingestTransactions(t.deps, org, inputs, { source: 'api', actor: null, spendCredits: false });
    const early = await ingest([input(1, 6000), input(2, 7000), input(3, 100), input(4, 8000)]);
    expect(early.results.flatMap((r) => r.alerts)).toEqual([]);
    const fired = await ingest([input(5, 9000)]);
    expect(fired.results[0].alerts).toHaveLength(1);
    const alertId = fired.results[0].alerts[0];
    const again = await ingest([input(6, 5500)]);
    expect(again.results[0].alerts).toEqual([alertId]);
    const detail = (await get(alertId)).body;
    expect(detail).toMatchObject({ level: 'high', triggered_count: 2, party_key: 'E2E-CUST', channel: 'card', matched_rules: [{ id: ruleId, name: 'Velocity above 5,000' }], workflow_status: 'open' });
    expect(detail.transactions.map((x: any) => x.reference_id)).toEqual(expect.arrayContaining(['E2E-5', 'E2E-6']));
    // The explanation is the last firing's: E2E-6 made it five large transfers within the day.
    expect(detail.explanation.parts[0]).toMatchObject({ kind: 'aggregate', fn: 'count', per: 'customer', subject: 'E2E-CUST', value: 5, op: '>', threshold: 3 });
    // The rule's last run is on the listing.
    const rule = (await t.call('GET', `/api/transaction-monitoring/rules/${ruleId}`, { token: admin })).body.rule;
    expect(rule.last_executed_at).not.toBeNull();
  });
});
