/**
 * Hand-made transaction histories for the rules and alerts tests: rows written straight into tm_transactions
 * (numbered through tm_counters as ingest numbers them), so a backtest or an alert reads exactly the history a
 * test describes, with its own times and labels.
 */
import type { Db } from '../../server/db/client';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** A fixed start, so times in the tests read as offsets from it. */
export const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);

export interface TxSpec {
  ref: string;
  /** ms since T0. */
  at: number;
  amount: number;
  customer?: string | null;
  direction?: 'inbound' | 'outbound';
  from?: string | null;
  to?: string | null;
  fromName?: string | null;
  toName?: string | null;
  label?: 0 | 1 | null;
  method?: string | null;
  currency?: string;
}

/** Stores the transactions; answers their ids by reference. */
export async function insertTransactions(db: Db, organisationId: string, specs: TxSpec[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const s of specs) {
    const counter = await db.one<{ n: string }>(
      `INSERT INTO tm_counters (organisation_id, last_number) VALUES ($1, 1) ON CONFLICT (organisation_id) DO UPDATE SET last_number = tm_counters.last_number + 1 RETURNING last_number AS n`,
      [organisationId],
    );
    const row = await db.one<{ id: string }>(
      `INSERT INTO tm_transactions (organisation_id, number, reference_id, occurred_at, amount, currency, direction, customer_id, remitter_account, remitter_name,
         beneficiary_account, beneficiary_name, payment_method, label, status, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'accepted', 'sample') RETURNING id`,
      [
        organisationId,
        counter!.n,
        s.ref,
        new Date(T0 + s.at).toISOString(),
        s.amount,
        s.currency ?? 'EUR',
        s.direction ?? 'outbound',
        s.customer ?? null,
        s.from ?? null,
        s.fromName ?? null,
        s.to ?? null,
        s.toName ?? null,
        s.method ?? 'wire',
        s.label ?? null,
      ],
    );
    ids.set(s.ref, row!.id);
  }
  return ids;
}

export async function organisationId(db: Db, slug: string): Promise<string> {
  return (await db.one<{ id: string }>('SELECT id FROM organisations WHERE slug = $1', [slug]))!.id;
}

/** The spec's example rule (section 9): more than 3 transactions above 5,000 within 24 hours, per customer. */
export const VELOCITY_RULE = {
  version: 1,
  when: {
    compare: [
      { aggregate: { fn: 'count', per: 'customer', window: { amount: 24, unit: 'hours' }, where: { compare: [{ field: 'amount' }, '>', { value: 5000 }] } } },
      '>',
      { value: 3 },
    ],
  },
} as const;
