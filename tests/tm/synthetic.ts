/**
 * A held-out check for the default rules: a seeded generator of ordinary retail traffic with injected
 * laundering patterns, made deliberately unlike AMLSim so the rules are seen to hold on data they were not
 * tuned on. Differences from AMLSim: amounts in the thousands (laundering amounts are not smaller than ordinary
 * ones), continuous times instead of daily steps, ordinary accounts that do pay the same person twice in a day,
 * merchants that receive from many people, employers that pay many people (payroll), monthly bills and rent,
 * and patterns AMLSim's samples do not hold (fan-out, scatter-gather, pass-through, time-ordered cycles with fees).
 * Used by scripts/bench-tm.ts (held-out F1) and tests/tm/engine-heldout.test.ts.
 */
import type { TxFacts } from '../../server/tm-engine/facts';

export interface SyntheticOptions {
  seed: number;
  persons: number;
  merchants: number;
  employers: number;
  days: number;
  /** Injected patterns of each kind. */
  patterns: { fan_out: number; scatter_gather: number; pass_through: number; cycle: number; structuring: number; funnel: number };
}

export const SYNTHETIC_DEFAULTS: SyntheticOptions = {
  seed: 20250613,
  persons: 4000,
  merchants: 150,
  employers: 60,
  days: 120,
  patterns: { fan_out: 20, scatter_gather: 20, pass_through: 20, cycle: 20, structuring: 20, funnel: 20 },
};

export interface SyntheticData {
  transactions: TxFacts[];
  /** Every account, with whether it takes part in an injected pattern. */
  accounts: Map<string, { fraud: boolean; role: 'person' | 'merchant' | 'employer' | 'external' }>;
  patterns: { kind: keyof SyntheticOptions['patterns']; accounts: string[] }[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.UTC(2025, 2, 1);

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateSynthetic(options: Partial<SyntheticOptions> = {}): SyntheticData {
  const o = { ...SYNTHETIC_DEFAULTS, ...options, patterns: { ...SYNTHETIC_DEFAULTS.patterns, ...options.patterns } };
  const rand = prng(o.seed);
  const normal = () => {
    const u = Math.max(rand(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  };
  const lognormal = (median: number, sigma: number) => median * Math.exp(sigma * normal());
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const cents = (x: number) => Math.max(1, Math.round(x * 100) / 100);
  const end = START + o.days * DAY;

  const accounts: SyntheticData['accounts'] = new Map();
  const persons = Array.from({ length: o.persons }, (_, i) => `P${i}`);
  const merchants = Array.from({ length: o.merchants }, (_, i) => `M${i}`);
  const employers = Array.from({ length: o.employers }, (_, i) => `E${i}`);
  for (const p of persons) accounts.set(p, { fraud: false, role: 'person' });
  for (const m of merchants) accounts.set(m, { fraud: false, role: 'merchant' });
  for (const e of employers) accounts.set(e, { fraud: false, role: 'employer' });

  const txs: TxFacts[] = [];
  let n = 0;
  const add = (from: string, to: string, amount: number, at: number, type: string, method = 'bank_transfer') => {
    if (at < START || at >= end || from === to) return;
    const id = `SYN-${++n}`;
    txs.push({
      id,
      reference_id: id,
      occurred_at: Math.floor(at),
      customer_id: `C-${from}`,
      amount: cents(amount),
      currency: 'EUR',
      direction: 'outbound',
      remitter_account: from,
      beneficiary_account: to,
      payment_method: method,
      type,
    });
  };

  // Ordinary traffic. Each person: a monthly salary (payroll: one employer pays many people on one day, in
  // amounts of a few common grades), rent and two bills, card purchases at merchants, and transfers to
  // friends, sometimes twice to the same friend in a day.
  const friends = new Map<string, string[]>();
  for (const p of persons) friends.set(p, Array.from({ length: 8 }, () => pick(persons)));
  const grades = [1800, 2200, 2600, 3100, 3800, 4600, 5500];
  const landlords = persons.slice(0, Math.floor(o.persons / 20));
  for (const p of persons) {
    const employer = pick(employers);
    const salary = pick(grades) * (1 + 0.01 * int(-3, 3));
    const payday = int(25, 28);
    const rent = cents(lognormal(900, 0.3));
    const landlord = pick(landlords);
    const bills = [merchants[int(0, 9)], merchants[int(10, 19)]];
    const billAmounts = bills.map(() => lognormal(70, 0.4));
    for (let month = 0; month * 30 < o.days; month++) {
      const base = START + month * 30 * DAY;
      add(employer, p, salary, base + (payday - 1) * DAY + 9 * HOUR + rand() * HOUR, 'salary');
      add(p, landlord, rent, base + int(0, 3) * DAY + rand() * DAY, 'rent');
      bills.forEach((b, i) => add(p, b, billAmounts[i] * (1 + 0.15 * normal()), base + int(5, 15) * DAY + rand() * DAY, 'bill'));
    }
    // Card purchases: about 12 a month, at merchants, varied amounts.
    for (let t = START + rand() * 3 * DAY; t < end; t += (rand() * 5) * DAY) add(p, pick(merchants), lognormal(45, 0.9), t, 'purchase', 'card');
    // Transfers to friends: about 3 a month; one in six is followed within hours by a second to the same friend.
    for (let t = START + rand() * 10 * DAY; t < end; t += rand() * 20 * DAY) {
      const f = pick(friends.get(p)!);
      const amount = lognormal(120, 1);
      add(p, f, amount, t, 'transfer');
      if (rand() < 1 / 6) add(p, f, lognormal(120, 1), t + rand() * 6 * HOUR, 'transfer');
    }
  }
  // Merchants settle their takings to their own suppliers weekly (fan-in of varied amounts, one payout).
  for (const m of merchants) {
    const supplier = pick(employers);
    for (let t = START + 7 * DAY; t < end; t += 7 * DAY) add(m, supplier, lognormal(3000, 0.5), t + rand() * DAY, 'invoice');
  }

  // Injected laundering. Mules are ordinary persons (they keep their ordinary traffic) or fresh accounts.
  const patterns: SyntheticData['patterns'] = [];
  let fresh = 0;
  const mule = () => {
    if (rand() < 0.5) return pick(persons);
    const id = `X${fresh++}`;
    accounts.set(id, { fraud: true, role: 'person' });
    return id;
  };
  const external = () => {
    const id = `EXT${fresh++}`;
    accounts.set(id, { fraud: true, role: 'external' });
    return id;
  };
  const when = () => START + rand() * (o.days - 25) * DAY;

  for (let i = 0; i < o.patterns.fan_out; i++) {
    // A sum arrives and is split within a day or two into 5..9 near-equal transfers to different accounts.
    const src = mule();
    const k = int(5, 9);
    const total = lognormal(40000, 0.5);
    const t0 = when();
    const members = [src];
    add(external(), src, total, t0, 'transfer');
    for (let j = 0; j < k; j++) {
      const to = mule();
      members.push(to);
      add(src, to, (total / k) * (1 + 0.04 * normal()), t0 + (2 + rand() * 40) * HOUR, 'transfer');
    }
    patterns.push({ kind: 'fan_out', accounts: members });
  }
  for (let i = 0; i < o.patterns.scatter_gather; i++) {
    // Scatter to 4..7 accounts, each forwards about 95% to one collector within days.
    const src = mule();
    const collector = mule();
    const k = int(4, 7);
    const total = lognormal(30000, 0.5);
    const t0 = when();
    const members = [src, collector];
    for (let j = 0; j < k; j++) {
      const mid = mule();
      members.push(mid);
      const part = (total / k) * (1 + 0.05 * normal());
      const t1 = t0 + rand() * 2 * DAY;
      add(src, mid, part, t1, 'transfer');
      add(mid, collector, part * (0.93 + 0.04 * rand()), t1 + (6 + rand() * 72) * HOUR, 'transfer');
    }
    patterns.push({ kind: 'scatter_gather', accounts: members });
  }
  for (let i = 0; i < o.patterns.pass_through; i++) {
    // 3..6 senders pay a mule similar amounts over a few days; it sends ~97% on to 2..4 receivers.
    const hub = mule();
    const ins = int(3, 6);
    const outs = int(2, 4);
    const unit = lognormal(3000, 0.4);
    const t0 = when();
    const members = [hub];
    let total = 0;
    for (let j = 0; j < ins; j++) {
      const from = mule();
      members.push(from);
      const a = unit * (1 + 0.08 * normal());
      total += a;
      add(from, hub, a, t0 + rand() * 3 * DAY, 'transfer');
    }
    const tOut = t0 + 3 * DAY + rand() * DAY;
    for (let j = 0; j < outs; j++) {
      const to = mule();
      members.push(to);
      add(hub, to, (total * (0.96 + 0.02 * rand())) / outs, tOut + rand() * 24 * HOUR, 'transfer');
    }
    patterns.push({ kind: 'pass_through', accounts: members });
  }
  for (let i = 0; i < o.patterns.cycle; i++) {
    // Money goes round 3..5 accounts and back, each hop a little less (fees), each a day or so after the last.
    const hops = int(3, 5);
    const ring = Array.from({ length: hops }, () => mule());
    if (new Set(ring).size < hops) continue;
    let amount = lognormal(12000, 0.6);
    let t = when();
    for (let j = 0; j < hops; j++) {
      add(ring[j], ring[(j + 1) % hops], amount, t, 'transfer');
      amount *= 0.97 + 0.025 * rand();
      t += (6 + rand() * 60) * HOUR;
    }
    patterns.push({ kind: 'cycle', accounts: ring });
  }
  for (let i = 0; i < o.patterns.structuring; i++) {
    // One payment cut into 3..5 transfers just under 10,000 to the same beneficiary within half a day.
    const from = mule();
    const to = mule();
    const k = int(3, 5);
    const t0 = when();
    for (let j = 0; j < k; j++) add(from, to, 8000 + rand() * 1900, t0 + rand() * 12 * HOUR, 'transfer');
    patterns.push({ kind: 'structuring', accounts: [from, to] });
  }
  for (let i = 0; i < o.patterns.funnel; i++) {
    // 4..7 depositors pay one account similar amounts over three weeks (some twice); it then sends ~92% on.
    const hub = mule();
    const unit = lognormal(2500, 0.5);
    const t0 = when();
    const members = [hub];
    let total = 0;
    for (let j = int(4, 7); j > 0; j--) {
      const from = mule();
      members.push(from);
      for (let r = rand() < 0.3 ? 2 : 1; r > 0; r--) {
        const a = unit * (1 + 0.07 * normal());
        total += a;
        add(from, hub, a, t0 + rand() * 21 * DAY, 'transfer');
      }
    }
    const to = mule();
    members.push(to);
    add(hub, to, total * (0.9 + 0.05 * rand()), t0 + 22 * DAY, 'transfer');
    patterns.push({ kind: 'funnel', accounts: members });
  }
  for (const p of patterns) for (const a of p.accounts) accounts.get(a)!.fraud = true;

  txs.sort((a, b) => a.occurred_at - b.occurred_at);
  return { transactions: txs, accounts, patterns };
}
