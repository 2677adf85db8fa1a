/**
 * Transaction-monitoring rules through the API on PGlite and Postgres (docs/transaction-monitoring.md, "Rules and
 * alerts"): the default set seeded once (idempotent by key), creating a rule (Disabled unless told, version 1),
 * refused input with its message on its field and nothing stored (an invalid definition names the path of the
 * faulty node), changes making versions, enabling and disabling with section 8's messages ('Rule is updated
 * Successfully.', and 'Rule is not updated.' when a rule cannot be enabled), the engine cache told of each change,
 * the organisation flag, and another organisation's rule answered as an unknown one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forOrganisation } from '../../server/db/tenant';
import { DEFAULT_RULES } from '../../server/tm-engine';
import { ensureDefaultRules, seedDefaultRules } from '../../server/transactions/default-rules';
import { createOrganisationWithAdmin } from '../../server/organisations/create';
import { cachedEngine, engineFor } from '../../server/transactions/engine-cache';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { SEED_PARTNERS } from '../../server/db/seed';
import { DATABASE_KINDS } from '../helpers/databases';
import { VELOCITY_RULE, organisationId } from './alerts-fixtures';

describe.each(DATABASE_KINDS)('transaction-monitoring rules on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let harbour: string;
  /** A seeded partner organisation without transaction monitoring. */
  let partner: string;
  let northwindId: string;
  let harbourId: string;
  let harbourRule: string;

  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const count = async (sql: string, params: unknown[] = []) => (await t.deps.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))!.n;
  const create = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/transaction-monitoring/rules', { token, body });
  const update = (id: string, body: Record<string, unknown>, token = admin) => t.call('PUT', `/api/transaction-monitoring/rules/${id}`, { token, body });
  const setStatus = (id: string, status: string, token = admin) => t.call('POST', `/api/transaction-monitoring/rules/${id}/status`, { token, body: { status } });
  const list = (token = admin) => t.call('GET', '/api/transaction-monitoring/rules', { token });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login(ADMIN);
    analyst = await t.login(ANALYST);
    harbour = await t.login(PLAN_ADMIN);
    partner = await t.login({ email: SEED_PARTNERS[0].email, password: SEED_PARTNERS[0].password });
    northwindId = await organisationId(t.deps.db, 'northwind');
    harbourId = await organisationId(t.deps.db, 'harbour');
    // Harbour kept a rule from when it had transaction monitoring.
    harbourRule = (await t.deps.db.one<{ id: string }>(
      `INSERT INTO tm_rules (organisation_id, name, score, definition) VALUES ($1, 'Harbour secret rule', 10, $2) RETURNING id`,
      [harbourId, JSON.stringify(VELOCITY_RULE)],
    ))!.id;
  }, 120_000);
  afterAll(() => t?.close());

  it('seeds the default rule set the first time the rules are read, once, each with its typology', async () => {
    const res = await list();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const defaults = res.body.data.filter((r: any) => r.is_default);
    expect(defaults.map((r: any) => r.name).sort()).toEqual(DEFAULT_RULES.map((r) => r.name).sort());
    for (const r of defaults) {
      const shipped = DEFAULT_RULES.find((d) => d.name === r.name)!;
      expect(r).toMatchObject({ version: 1, typology: shipped.typology, score: shipped.score, status: shipped.enabled ? 'Enabled' : 'Disabled', last_executed_at: null, created_by: null });
    }
    // Reading again, or seeding again, inserts nothing.
    await list();
    expect(await forOrganisation(t.deps.db, northwindId).transaction((tx) => seedDefaultRules(tx))).toBe(0);
    expect(await count('tm_rules WHERE organisation_id = $1 AND is_default', [northwindId])).toBe(DEFAULT_RULES.length);
    expect(await count('tm_rule_versions v JOIN tm_rules r ON r.id = v.rule_id WHERE r.organisation_id = $1 AND r.is_default', [northwindId])).toBe(DEFAULT_RULES.length);
    // A default an analyst disabled stays disabled when seeding runs again.
    const first = defaults[0];
    expect(code(await setStatus(first.id, 'Disabled'))).toBe('200 rule_updated');
    await forOrganisation(t.deps.db, northwindId).transaction((tx) => seedDefaultRules(tx));
    expect((await t.call('GET', `/api/transaction-monitoring/rules/${first.id}`, { token: admin })).body.rule.status).toBe('Disabled');
    expect(code(await setStatus(first.id, first.status))).toBe('200 rule_updated');
  });

  it('seeds an organisation whose first seeding rolled back (an ingest refused in its transaction) the next time', async () => {
    const { organisationId: fresh } = await createOrganisationWithAdmin(t.deps.db, {
      organisation: { name: 'Fresh Monitoring Org', transaction_monitoring: true },
      admin: { name: 'Fran Fresh', email: 'fresh.admin@example.com' },
    });
    const org = forOrganisation(t.deps.db, fresh);
    await expect(
      org.transaction(async (tx) => {
        await ensureDefaultRules(tx);
        throw new Error('refused after seeding');
      }),
    ).rejects.toThrow('refused after seeding');
    expect(await count('tm_rules WHERE organisation_id = $1', [fresh])).toBe(0);
    await ensureDefaultRules(org);
    expect(await count('tm_rules WHERE organisation_id = $1 AND is_default', [fresh])).toBe(DEFAULT_RULES.length);
  });

  it('creates a rule Disabled by default, as version 1, with who made it', async () => {
    const res = await create({ name: '  Velocity above 5,000 ', description: 'The spec example.', score: 40, definition: VELOCITY_RULE, typology: 'Structuring' });
    expect(code(res), JSON.stringify(res.body)).toBe('200 tm_rule_created');
    expect(res.body.message).toBe('Rule Velocity above 5,000 created. It stays disabled until you enable it.');
    expect(res.body.rule).toMatchObject({ name: 'Velocity above 5,000', description: 'The spec example.', score: 40, status: 'Disabled', version: 1, typology: 'Structuring', is_default: false, definition: VELOCITY_RULE, last_executed_at: null });
    expect(res.body.rule.created_by.name).toBe('Ada Administrator');
    expect(await count('tm_rule_versions WHERE rule_id = $1', [res.body.rule.id])).toBe(1);
    expect(await count("audit_events WHERE action = 'tm_rule.created' AND target_id = $1", [res.body.rule.id])).toBe(1);
    // Listed, and readable alone; score as text works like a number (form data).
    expect((await list()).body.data.map((r: any) => r.id)).toContain(res.body.rule.id);
    const asText = await create({ name: 'Score as text', score: '0', definition: VELOCITY_RULE, status: 'Enabled' });
    expect(asText.body.rule).toMatchObject({ score: 0, status: 'Enabled', description: '' });
  });

  it('refuses bad input with its message on its field, storing nothing', async () => {
    const before = await count('tm_rules WHERE organisation_id = $1', [northwindId]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'V', score: 40, definition: VELOCITY_RULE }, '400 tm_rule_name_length', 'name'],
      [{ name: 'x'.repeat(101), score: 40, definition: VELOCITY_RULE }, '400 tm_rule_name_length', 'name'],
      [{ score: 40, definition: VELOCITY_RULE }, '400 required', 'name'],
      [{ name: 'Valid', description: 'd'.repeat(501), score: 40, definition: VELOCITY_RULE }, '400 tm_rule_description_length', 'description'],
      [{ name: 'Valid', score: 101, definition: VELOCITY_RULE }, '400 tm_rule_score_range', 'score'],
      [{ name: 'Valid', score: -1, definition: VELOCITY_RULE }, '400 tm_rule_score_range', 'score'],
      [{ name: 'Valid', score: 4.5, definition: VELOCITY_RULE }, '400 tm_rule_score_range', 'score'],
      [{ name: 'Valid', score: 40 }, '400 tm_rule_shape', 'definition'],
      [
        { name: 'Valid', score: 40, definition: { version: 1, when: { compare: [{ aggregate: { fn: 'count', per: 'customer', window: { amount: 500, unit: 'days' } } }, '>', { value: 3 }] } } },
        '400 tm_rule_window',
        'definition.when.compare.0.aggregate.window.amount',
      ],
      [{ name: 'Valid', score: 40, definition: { version: 1, when: { compare: [{ field: 'ip_country' }, '>', { value: 'DE' }] } } }, '400 tm_rule_operator', 'definition.when.compare.1'],
      [{ name: 'Valid', score: 40, definition: { ...VELOCITY_RULE, version: 2 } }, '400 tm_rule_version', 'definition.version'],
      [{ name: 'Valid', score: 40, definition: VELOCITY_RULE, status: 'On' }, '400 bad_request', 'status'],
    ];
    for (const [body, expected, field] of cases) {
      const res = await create(body);
      expect(code(res), JSON.stringify(body).slice(0, 120)).toBe(expected);
      expect(res.body.field, expected).toBe(field);
    }
    expect(await count('tm_rules WHERE organisation_id = $1', [northwindId])).toBe(before);
  });

  it('keeps a version for each change of what a rule does, and none for a change that changes nothing', async () => {
    const made = (await create({ name: 'Versioned rule', score: 30, definition: VELOCITY_RULE })).body.rule;
    const v2 = await update(made.id, { score: 55, description: 'Raised after review.' });
    expect(code(v2), JSON.stringify(v2.body)).toBe('200 rule_updated');
    expect(v2.body.message).toBe('Rule is updated Successfully.');
    expect(v2.body.rule).toMatchObject({ version: 2, score: 55, description: 'Raised after review.', name: 'Versioned rule' });
    const wider = { ...VELOCITY_RULE, when: { compare: [VELOCITY_RULE.when.compare[0], '>', { value: 5 }] } };
    const v3 = await update(made.id, { definition: wider });
    expect(v3.body.rule).toMatchObject({ version: 3, definition: wider });
    // The same values again, and the typology alone, make no version.
    expect((await update(made.id, { score: 55, definition: wider })).body.rule.version).toBe(3);
    expect((await update(made.id, { typology: 'Velocity' })).body.rule).toMatchObject({ version: 3, typology: 'Velocity' });
    const versions = await t.call('GET', `/api/transaction-monitoring/rules/${made.id}/versions`, { token: admin });
    expect(versions.status).toBe(200);
    expect(versions.body.data.map((v: any) => [v.version, v.score])).toEqual([
      [3, 55],
      [2, 55],
      [1, 30],
    ]);
    expect(versions.body.data[2].definition).toEqual(VELOCITY_RULE);
    expect(versions.body.data[0].definition).toEqual(wider);
    // A refused change leaves the rule as it was.
    const bad = await update(made.id, { name: 'Renamed', definition: { version: 1, when: { all: [] } } });
    expect(code(bad)).toBe('400 tm_rule_empty_group');
    expect(bad.body.field).toBe('definition.when.all');
    const after = (await t.call('GET', `/api/transaction-monitoring/rules/${made.id}`, { token: admin })).body.rule;
    expect(after).toMatchObject({ name: 'Versioned rule', version: 3 });
    expect(await count('tm_rule_versions WHERE rule_id = $1', [made.id])).toBe(3);
    expect(await count("audit_events WHERE action = 'tm_rule.updated' AND target_id = $1", [made.id])).toBe(3);
  });

  it("enables and disables with 'Rule is updated Successfully.', and says 'Rule is not updated.' when a rule cannot run", async () => {
    const made = (await create({ name: 'Switch me', score: 20, definition: VELOCITY_RULE })).body.rule;
    const on = await setStatus(made.id, 'Enabled');
    expect(code(on)).toBe('200 rule_updated');
    expect(on.body).toMatchObject({ message: 'Rule is updated Successfully.', rule: { status: 'Enabled', version: 1 } });
    expect(code(await setStatus(made.id, 'Enabled'))).toBe('200 rule_updated');
    const off = await setStatus(made.id, 'Disabled', analyst);
    expect(off.body.rule.status).toBe('Disabled');
    expect(await count("audit_events WHERE action IN ('tm_rule.enabled', 'tm_rule.disabled') AND target_id = $1", [made.id])).toBe(2);
    // A definition stored before a stricter engine (written by hand here) cannot be enabled.
    await t.deps.db.query(`UPDATE tm_rules SET definition = '{"version": 1, "when": {"compare": [{"field": "no_such_field"}, "=", {"value": 1}]}}' WHERE id = $1`, [made.id]);
    const refused = await setStatus(made.id, 'Enabled');
    expect(code(refused)).toBe('400 rule_not_updated');
    expect(refused.body.error_message).toBe('Rule is not updated.');
    expect((await t.call('GET', `/api/transaction-monitoring/rules/${made.id}`, { token: admin })).body.rule.status).toBe('Disabled');
    expect(code(await setStatus(made.id, 'Paused'))).toBe('400 bad_request');
  });

  it('tells the engine cache to reload the rules after each change', async () => {
    const org = forOrganisation(t.deps.db, northwindId);
    const last = Number((await t.deps.db.one<{ n: string }>('SELECT coalesce(max(last_number), 0) AS n FROM tm_counters WHERE organisation_id = $1', [northwindId]))?.n ?? 0);
    await org.transaction((tx) => engineFor(tx, last));
    expect(cachedEngine(northwindId)?.rulesStale).toBe(false);
    const made = (await create({ name: 'Cache watcher', score: 20, definition: VELOCITY_RULE })).body.rule;
    expect(cachedEngine(northwindId)?.rulesStale).toBe(true);
    await org.transaction((tx) => engineFor(tx, last));
    expect(cachedEngine(northwindId)?.rulesStale).toBe(false);
    await setStatus(made.id, 'Enabled');
    expect(cachedEngine(northwindId)?.rulesStale).toBe(true);
    const engine = await org.transaction((tx) => engineFor(tx, last));
    expect(engine.rules.map((r) => r.id)).toContain(made.id);
  });

  it("answers another organisation's rule as an unknown one, and changes nothing of it", async () => {
    const before = await t.deps.db.one('SELECT name, score, status, version FROM tm_rules WHERE id = $1', [harbourRule]);
    for (const res of [
      await t.call('GET', `/api/transaction-monitoring/rules/${harbourRule}`, { token: admin }),
      await t.call('GET', `/api/transaction-monitoring/rules/${harbourRule}/versions`, { token: admin }),
      await update(harbourRule, { score: 99 }),
      await setStatus(harbourRule, 'Enabled'),
      await update('not-a-uuid', { score: 99 }),
    ]) {
      expect(code(res)).toBe('404 not_found');
      expect(JSON.stringify(res.body)).not.toContain('Harbour secret rule');
    }
    expect((await list()).body.data.map((r: any) => r.id)).not.toContain(harbourRule);
    expect(await t.deps.db.one('SELECT name, score, status, version FROM tm_rules WHERE id = $1', [harbourRule])).toEqual(before);
  });

  it('is refused to organisations without transaction monitoring', async () => {
    for (const token of [harbour, partner]) {
      expect(code(await list(token))).toBe('403 service_unavailable');
      expect(code(await create({ name: 'Nope', score: 1, definition: VELOCITY_RULE }, token))).toBe('403 service_unavailable');
      expect(code(await t.call('POST', '/api/transaction-monitoring/rules/backtest', { token, body: { definition: VELOCITY_RULE } }))).toBe('403 service_unavailable');
    }
    expect(await count('tm_rules WHERE organisation_id = $1', [harbourId])).toBe(1);
    expect(code(await list(''))).toBe('401 token_invalid');
  });
});
