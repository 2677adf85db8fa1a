/**
 * The AMLSim loader and the first-start sample, on PGlite and Postgres (docs/transaction-monitoring.md,
 * "Loading AMLSim", "First-start sample"), on tests/fixtures/amlsim-mini (12 accounts, 37 transfers, a
 * fan-in): every transfer stored and decided in file order with its label, the senders' customers with their
 * generated details, a limit, a second run that adds nothing, progress; the sample (default rules, the
 * hand-made transactions with the listed remitter on AML hold and its AML case, a slice of the folder); and
 * `npm run tm:load` itself on an embedded database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisationWithAdmin } from '../../server/organisations/create';
import { DEFAULT_RULES } from '../../server/tm-engine';
import { loadAmlsim, type AmlsimLoadProgress } from '../../server/transactions/amlsim-load';
import { SAMPLE_LISTED_NAME, handMadeTransactions, seedTransactionSample } from '../../server/transactions/seed';
import { createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

const MINI = resolve('tests/fixtures/amlsim-mini');

describe.each(DATABASE_KINDS)('AMLSim loader on %s', (kind) => {
  let t: TestApp;
  let orgId: string;
  let northwindId: string;
  const count = async (organisationId: string, where = '') => (await t.deps.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM tm_transactions WHERE organisation_id = $1 ${where}`, [organisationId]))!.n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    orgId = (await createOrganisationWithAdmin(t.deps.db, { organisation: { name: 'Loader Bank', transaction_monitoring: true, billing_type: 'invoice' }, admin: { name: 'Lara Loader', email: 'lara.loader@example.com' } })).organisationId;
    northwindId = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
  }, 180_000);
  afterAll(() => t?.close());

  it('loads the first N transfers, then the rest, in file order, with labels and customers, and a second run adds nothing', async () => {
    const seen: AmlsimLoadProgress[] = [];
    const first = await loadAmlsim(t.deps, orgId, MINI, { limit: 10, batchSize: 4, progress: (p) => void seen.push(p) });
    expect(first).toMatchObject({ read: 10, stored: 10, skipped: 0, total: 10, accounts: 12 });
    expect(seen.map((p) => p.read)).toEqual([4, 8, 10]);
    expect(await count(orgId)).toBe(10);

    const rest = await loadAmlsim(t.deps, orgId, MINI, { batchSize: 16 });
    expect(rest).toMatchObject({ read: 37, stored: 27, skipped: 10 });
    expect(await count(orgId)).toBe(37);
    // Numbers follow the file's order; the label marks transfers between two laundering accounts (the fan-in).
    const rows = await t.deps.db.query<{ number: number; reference_id: string; label: number; source: string; remitter_account: string; beneficiary_account: string; currency: string; screening: { outcome: string }[] }>(
      'SELECT number, reference_id, label, source, remitter_account, beneficiary_account, currency, screening FROM tm_transactions WHERE organisation_id = $1 ORDER BY number',
      [orgId],
    );
    expect(rows.map((r) => r.reference_id)).toEqual(Array.from({ length: 37 }, (_, i) => `AMLSIM-amlsim-mini-${i + 1}`));
    expect(rows.filter((r) => r.label === 1).map((r) => `${r.remitter_account}>${r.beneficiary_account}`).sort()).toEqual(
      ['AMLSIM-1>AMLSIM-0', 'AMLSIM-2>AMLSIM-0', 'AMLSIM-3>AMLSIM-0', 'AMLSIM-4>AMLSIM-0', 'AMLSIM-5>AMLSIM-0', 'AMLSIM-6>AMLSIM-0'].sort(),
    );
    expect(rows.every((r) => r.source === 'amlsim' && r.currency === 'USD' && (r.label === 0 || r.label === 1))).toBe(true);
    // Made-up names are not screened unless asked.
    expect(rows.every((r) => r.screening.every((s) => s.outcome === 'skipped'))).toBe(true);
    const customer = await t.deps.db.one('SELECT first_name, last_name, email, country, date_of_birth, transaction_count FROM tm_customers WHERE organisation_id = $1 AND customer_id = $2', [orgId, 'AMLSIM-C1']);
    expect(customer).toMatchObject({ transaction_count: 1 });
    expect(customer!.first_name).toBeTruthy();
    expect(customer!.date_of_birth).toBeTruthy();
    expect(customer!.email).toMatch(/\.1@example\.com$/);

    const again = await loadAmlsim(t.deps, orgId, MINI);
    expect(again).toMatchObject({ read: 37, stored: 0, skipped: 37 });
    expect(await count(orgId)).toBe(37);
    // The organisation got the default rules the first time its transactions were decided.
    const rules = await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM tm_rules WHERE organisation_id = $1 AND is_default', [orgId]);
    expect(rules!.n).toBe(DEFAULT_RULES.length);
  });

  it('makes the first-start sample: default rules, the hand-made transactions with an AML hold and its case, a slice of the folder', async () => {
    await t.deps.screening.ready();
    const made = await seedTransactionSample(t.deps, { enabled: true, folder: MINI, limit: 20 });
    expect(made).toEqual({ handMade: handMadeTransactions().length, amlsim: 20 });
    expect(await count(northwindId, "AND source = 'sample'")).toBe(handMadeTransactions().length + 20);
    const listed = await t.deps.db.one<{ id: string; status: string }>("SELECT id, status FROM tm_transactions WHERE organisation_id = $1 AND reference_id = 'NW-SAMPLE-0007'", [northwindId]);
    expect(listed!.status).toBe('AML hold');
    const kase = await t.deps.db.one<{ search_term: string; party: string }>(
      'SELECT c.search_term, tc.party FROM tm_transaction_cases tc JOIN cases c ON c.id = tc.case_id WHERE tc.transaction_id = $1',
      [listed!.id],
    );
    expect(kase).toEqual({ search_term: SAMPLE_LISTED_NAME, party: 'remitter' });
    const rules = await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM tm_rules WHERE organisation_id = $1 AND is_default', [northwindId]);
    expect(rules!.n).toBe(DEFAULT_RULES.length);
    // Made again (a job retried after a crash): nothing more.
    expect(await seedTransactionSample(t.deps, { enabled: true, folder: MINI, limit: 20 })).toEqual({ handMade: 0, amlsim: 0 });
    expect(await count(northwindId, "AND source = 'sample'")).toBe(handMadeTransactions().length + 20);
  });
});

describe('npm run tm:load', () => {
  it('loads a folder into the seeded organisation of an embedded database, and a second run adds nothing', { timeout: 180_000 }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tm-load-'));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/tm-load.ts', MINI, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 170_000 });
    try {
      const first = run('--limit', '30', '--batch', '25');
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain('25 of 30 read, 25 stored');
      expect(first.stdout).toMatch(/Done in .*: 30 transactions stored, 0 already there, 12 accounts/);
      const second = run();
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/7 transactions stored, 30 already there/);
      const bad = run('--org', 'no-such-org');
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('No organisation with the slug "no-such-org"');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
