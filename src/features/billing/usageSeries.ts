/**
 * The charts' rows from the summary's days: one row per day of the period (days without a row spent
 * nothing), with each kind's credits spent that day and its balance at the end of it. A day the summary
 * does not name keeps the balance of the day before; days before the first one named start from that day's
 * opening balance (its balance with its own additions and spends undone). Kinds that are not limited have
 * no balance and are left out of the balance chart.
 */
import type { CreditKind, CreditsSummaryAnswer } from '@common/billing';
import { daysBetween } from '@machines/billing/credits-query';

export type UsageRow = { day: string } & Partial<Record<CreditKind, number>>;

export function spentPerDay(summary: CreditsSummaryAnswer, kinds: readonly CreditKind[], period: { from: string; to: string }): UsageRow[] {
  const spent = new Map<string, number>();
  for (const d of summary.days) spent.set(`${d.day.slice(0, 10)}|${d.kind}`, (spent.get(`${d.day.slice(0, 10)}|${d.kind}`) ?? 0) + d.spent);
  return daysBetween(period.from, period.to).map((day) => {
    const row: UsageRow = { day };
    for (const kind of kinds) row[kind] = spent.get(`${day}|${kind}`) ?? 0;
    return row;
  });
}

/** The kinds with a balance to draw (limited ones). */
export const limitedKinds = (summary: CreditsSummaryAnswer, kinds: readonly CreditKind[]) =>
  kinds.filter((k) => summary.balances.some((b) => b.kind === k && b.balance !== null));

export function balanceOverTime(summary: CreditsSummaryAnswer, kinds: readonly CreditKind[], period: { from: string; to: string }): UsageRow[] {
  const byKind = new Map<CreditKind, Map<string, { added: number; spent: number; balance: number | null }>>();
  for (const d of summary.days) {
    if (!byKind.has(d.kind)) byKind.set(d.kind, new Map());
    byKind.get(d.kind)!.set(d.day.slice(0, 10), d);
  }
  const days = daysBetween(period.from, period.to);
  const opening = new Map<CreditKind, number | null>();
  for (const kind of kinds) {
    const named = [...(byKind.get(kind)?.entries() ?? [])].filter(([day, d]) => day >= period.from && d.balance !== null).sort(([a], [b]) => a.localeCompare(b));
    const first = named[0]?.[1];
    const now = summary.balances.find((b) => b.kind === kind)?.balance ?? null;
    // Nothing moved in the period: the balance was what it is now all along.
    opening.set(kind, first ? first.balance! - first.added + first.spent : now);
  }
  const current = new Map(opening);
  return days.map((day) => {
    const row: UsageRow = { day };
    for (const kind of kinds) {
      const d = byKind.get(kind)?.get(day);
      if (d && d.balance !== null) current.set(kind, d.balance);
      const value = current.get(kind);
      if (value !== null && value !== undefined) row[kind] = value;
    }
    return row;
  });
}
