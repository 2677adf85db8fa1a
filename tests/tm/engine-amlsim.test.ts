/**
 * The AMLSim mapping (server/tm-engine/amlsim.ts, docs/transaction-rules.md "AMLSim mapping"): read from a small
 * folder of the same layout, the same input always gives the same accounts, names, countries, times, amounts and
 * references, and they are the documented ones.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIGH_RISK_COUNTRIES } from '../../common/tm-rules';
import { AMLSIM, amlsimCustomer, hash32, readAmlsimAccounts, readAmlsimMetadata, readAmlsimTransfers, transferTime, type AmlsimTransfer } from '../../server/tm-engine/amlsim';

let root: string;
let dir: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'amlsim-'));
  dir = join(root, 'tiny');
  // A folder of AMLSim's layout: three accounts, two laundering; four transfers over three steps.
  mkdirSync(dir);
  writeFileSync(join(dir, 'nodes.csv'), 'nodeid,isFraud,init_balance,fraudStep\n0,0,184.44,-1\n1,1,175.80,12\n2,1,142.06,-1\n');
  writeFileSync(join(dir, 'transactions.csv'), 'sourceNodeId,targetNodeId,value,time\n0,1,147.8,1\n1,2,3.91,3\n1,2,4.05,3\n2,7,10.5,3\n');
  writeFileSync(join(dir, 'metadata.txt'), 'nodes: 3 (2 fraud nodes)\ntransactions: 4\npatterns: 1 fan-in\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function readAll(): Promise<AmlsimTransfer[]> {
  const accounts = await readAmlsimAccounts(dir);
  const out: AmlsimTransfer[] = [];
  for await (const t of readAmlsimTransfers(dir, accounts)) out.push(t);
  return out;
}

describe('AMLSim mapping', () => {
  it('reads the metadata', async () => {
    expect(await readAmlsimMetadata(dir)).toEqual({ nodes: 3, fraudNodes: 2, transactions: 4, patterns: '1 fan-in' });
  });

  it('maps accounts to customers with generated, stable identities', async () => {
    const accounts = await readAmlsimAccounts(dir);
    expect([...accounts.keys()]).toEqual([0, 1, 2]);
    expect(accounts.get(1)).toMatchObject({ node_id: 1, account: 'AMLSIM-1', customer_id: 'AMLSIM-C1', is_fraud: true, fraud_step: 12, init_balance: 175.8, customer_type: 'person' });
    expect(accounts.get(2)!.fraud_step).toBeNull();
    // Pinned: a change of pools, weights or PRNG changes every loaded organisation, so it must be deliberate.
    expect(amlsimCustomer(0)).toEqual({ first_name: 'Matthew', last_name: 'Clark', email: 'matthew.clark.0@example.com', country: 'US', date_of_birth: '2001-04-20' });
    expect(amlsimCustomer(1)).toEqual({ first_name: 'Julien', last_name: 'Thomas', email: 'julien.thomas.1@example.com', country: 'FR', date_of_birth: '1998-01-11' });
    expect(accounts.get(0)).toMatchObject(amlsimCustomer(0));
  });

  it('maps transfers: outbound from the sender, USD, value x 10, step 1 = 2025-01-01, hashed time of day, folder-row references', async () => {
    const transfers = await readAll();
    expect(transfers.map((t) => t.input.reference_id)).toEqual(['AMLSIM-tiny-1', 'AMLSIM-tiny-2', 'AMLSIM-tiny-3', 'AMLSIM-tiny-4']);
    const [first, second] = transfers;
    expect(first.input).toMatchObject({
      customer_id: 'AMLSIM-C0',
      customer_first_name: 'Matthew',
      customer_last_name: 'Clark',
      amount: 1478,
      currency: 'USD',
      direction: 'outbound',
      payment_method: 'bank_transfer',
      type: 'transfer',
      remitter_account: 'AMLSIM-0',
      remitter_name: 'Matthew Clark',
      remitter_country: 'US',
      beneficiary_account: 'AMLSIM-1',
      beneficiary_name: 'Julien Thomas',
      beneficiary_country: 'FR',
    });
    expect(first.input.created_at.slice(0, 10)).toBe('2025-01-01');
    expect(second.input.created_at).toBe('2025-01-03T07:39:10.000Z');
    expect(second.facts).toMatchObject({ id: 'AMLSIM-tiny-2', occurred_at: Date.parse('2025-01-03T07:39:10.000Z'), amount: 39.1, remitter_account: 'AMLSIM-1', beneficiary_account: 'AMLSIM-2' });
    expect(transfers.map((t) => t.label)).toEqual([0, 1, 1, 0]);
    // A node missing from nodes.csv still gets its generated customer.
    expect(transfers[3].input.beneficiary_name).toBe(`${amlsimCustomer(7).first_name} ${amlsimCustomer(7).last_name}`);
    expect(transferTime(1, 'AMLSIM-20K_fanin200-1')).toBe(Date.parse('2025-01-01T16:48:01.000Z'));
    expect(AMLSIM.EPOCH).toBe(Date.UTC(2025, 0, 1));
    expect(hash32('abc')).toBe(440920331);
  });

  it('gives the same transactions on every read', async () => {
    expect(JSON.stringify(await readAll())).toBe(JSON.stringify(await readAll()));
  });

  it('draws names from several cultures and never a high-risk country', () => {
    const countries = new Set<string>();
    const surnames = new Set<string>();
    for (let n = 0; n < 3000; n++) {
      const c = amlsimCustomer(n);
      countries.add(c.country);
      surnames.add(c.last_name);
      expect(c.email).toMatch(/^[a-z]+\.[a-z]+\.\d+@example\.com$/);
    }
    expect(countries.size).toBeGreaterThanOrEqual(12);
    for (const c of countries) expect(HIGH_RISK_COUNTRIES).not.toContain(c);
    for (const name of ['Müller', 'García', 'Sato', 'Sharma', 'Wang', 'Silva']) expect(surnames).toContain(name);
  });
});
