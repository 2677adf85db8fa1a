/**
 * The credit ledger (docs/billing.md, "Credits ledger"): every change of an organisation's credits is one
 * appended row. A trigger of migration 0950 moves the organisation's *_credits_alloted / *_credits_used
 * columns as each row is inserted, in the same transaction, and refuses changing or removing rows, so the
 * columns every session reads are the ledger's projection and cannot drift from it.
 *
 * Spending code locks the organisation row first (lockCredits), decides from what it read whether the
 * spend is allowed, and appends the spend in the same transaction; two spenders of one organisation so
 * take turns and cannot both pass zero. The trigger refuses a spend beyond the allotment as a last guard.
 */
import { CREDIT_KINDS, DAILY_LIMITED_REASONS, type CreditBalance, type CreditKind, type LedgerEntry, type LedgerReason, type LedgerSubject } from '../../common/billing';
import type { OrgDb } from '../db/tenant';

export interface LedgerWrite {
  kind: CreditKind;
  entry: LedgerEntry;
  /** > 0, an integer; the entry says which way it counts. */
  amount: number;
  reason: LedgerReason;
  /** The user whose action this is; null or absent for background work. */
  actorId?: string | null;
  subject?: { type: LedgerSubject; id: string; label?: string | null } | null;
}

/** A kind's counters as the organisation row holds them. alloted null: not limited. */
export interface CreditCounters {
  alloted: number | null;
  used: number;
}

// Column names come from this fixed table, never from input.
const COLUMNS: Record<CreditKind, { alloted: string; used: string }> = {
  aml_screening: { alloted: 'aml_screening_credits_alloted', used: 'aml_screening_credits_used' },
  media_watcher: { alloted: 'media_watcher_credits_alloted', used: 'media_watcher_credits_used' },
  transaction_monitoring: { alloted: 'transaction_monitoring_credits_alloted', used: 'transaction_monitoring_credits_used' },
};

/**
 * Appends one row inside the caller's transaction (or on its own when the handle holds none); the
 * organisation's counters follow in the same statement. Answers the balance after it (null: not limited).
 */
export async function appendLedger(tx: OrgDb, write: LedgerWrite): Promise<{ balance: number | null }> {
  if (!Number.isInteger(write.amount) || write.amount <= 0) throw new Error(`ledger amount must be a positive integer, not ${write.amount}`);
  const row = await tx.one<{ balance_after: number | null }>(
    `INSERT INTO credit_ledger (organisation_id, kind, entry, amount, reason, actor_id, subject_type, subject_id, subject_label)
     VALUES ($org, $1, $2, $3, $4, $5, $6, $7, $8) RETURNING balance_after`,
    [
      write.kind,
      write.entry,
      write.amount,
      write.reason,
      write.actorId ?? null,
      write.subject?.type ?? null,
      write.subject?.id ?? null,
      write.subject ? (write.subject.label ?? null) : null,
    ],
  );
  return { balance: row!.balance_after === null ? null : Number(row!.balance_after) };
}

function counters(row: { alloted: unknown; used: unknown } | undefined): CreditCounters | undefined {
  return row && { alloted: row.alloted === null ? null : Number(row.alloted), used: Number(row.used) };
}

/** A kind's counters, read without a lock (a check before work is done; the spend decides). */
export async function readCredits(org: OrgDb, kind: CreditKind): Promise<CreditCounters | undefined> {
  const c = COLUMNS[kind];
  return counters(await org.one(`SELECT o.${c.alloted} AS alloted, o.${c.used} AS used FROM organisations o WHERE o.id = $org`));
}

/**
 * Locks the organisation row inside the caller's transaction and answers a kind's counters, so what is
 * decided from them holds until the transaction ends. NO KEY UPDATE serialises spenders as FOR UPDATE
 * does, without blocking inserts that merely reference the organisation.
 */
export async function lockCredits(tx: OrgDb, kind: CreditKind): Promise<CreditCounters | undefined> {
  const c = COLUMNS[kind];
  return counters(await tx.one(`SELECT o.${c.alloted} AS alloted, o.${c.used} AS used FROM organisations o WHERE o.id = $org FOR NO KEY UPDATE OF o`));
}

/**
 * The SQL of today's (UTC) spends that count towards the daily search limit, for a statement of the caller
 * that binds DAILY_LIMITED_REASONS as parameter $n: `(${dailySpendsSql(1)}) AS today`.
 */
export function dailySpendsSql(reasonsParam: number): string {
  return `SELECT COALESCE(sum(l.amount), 0)::int FROM credit_ledger l
           WHERE l.organisation_id = $org AND l.kind = 'aml_screening' AND l.entry = 'spend' AND l.reason = ANY($${reasonsParam}::text[])
             AND l.created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
}

export const DAILY_LIMITED = [...DAILY_LIMITED_REASONS];

/** Searches spent today (UTC) that count towards the daily search limit. */
export async function dailySearchesToday(org: OrgDb): Promise<number> {
  const row = await org.one<{ today: number }>(`SELECT (${dailySpendsSql(1)}) AS today`, [DAILY_LIMITED]);
  return Number(row?.today ?? 0);
}

/** The organisation's balance of every kind, from its counters (the ledger's projection). */
export async function creditBalances(org: OrgDb): Promise<CreditBalance[]> {
  const row = await org.one(
    `SELECT ${CREDIT_KINDS.map((k) => `o.${COLUMNS[k].alloted}, o.${COLUMNS[k].used}`).join(', ')} FROM organisations o WHERE o.id = $org`,
  );
  return CREDIT_KINDS.map((kind) => {
    const alloted = row?.[COLUMNS[kind].alloted] ?? null;
    const used = Number(row?.[COLUMNS[kind].used] ?? 0);
    return {
      kind,
      alloted: alloted === null ? null : Number(alloted),
      used,
      balance: alloted === null ? null : Math.max(0, Number(alloted) - used),
    };
  });
}
