/**
 * The first start's month of credit history (docs/billing.md, "Credits ledger"), so the credits usage
 * screens of a new installation show a realistic month rather than one row. A system module of the seed:
 * it writes ledger rows of the seeded organisations with their past dates, oldest first (each row's
 * balance follows from the ones before it), before anything else of those organisations is spent.
 *
 * The history is made up and the same on every start (a fixed pseudo-random sequence): the searches and
 * checks it records were not stored as cases, so its spends carry no subject. It ends yesterday (UTC), so
 * today's daily search limit is untouched by it. What the seeded organisations do on the first start
 * (the sample cases, the sample bulk search) is spent through the normal spend functions and follows it.
 */
import type { CreditKind, LedgerEntry, LedgerReason } from '../../common/billing';
import { planDefinition } from '../../common/billing';
import type { PlanName } from '../../common/organisation';
import type { Queryable } from '../db/client';
import { inTransaction } from '../db/tenant';
import { TRIAL_CREDITS } from './create';

const DAY = 86_400_000;
const DAYS = 30;

interface HistoryRow {
  kind: CreditKind;
  entry: LedgerEntry;
  amount: number;
  reason: LedgerReason;
  actor_id: string | null;
  created_at: string;
}

/** A small deterministic generator (mulberry32), so every first start writes the same history. */
function sequence(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

class History {
  readonly rows: HistoryRow[] = [];
  private readonly random;
  private readonly today = Math.floor(Date.now() / DAY) * DAY;
  constructor(seed: number) {
    this.random = sequence(seed);
  }
  int(min: number, max: number) {
    return this.random.int(min, max);
  }
  /** A moment of the day `daysAgo` days before today (UTC), within office hours unless told otherwise. */
  at(daysAgo: number, fromHour = 7, toHour = 18) {
    const minute = this.int(fromHour * 60, toHour * 60 - 1);
    return new Date(this.today - daysAgo * DAY + minute * 60_000 + this.int(0, 59_999)).toISOString();
  }
  add(row: Omit<HistoryRow, 'created_at'>, createdAt: string) {
    this.rows.push({ ...row, created_at: createdAt });
  }
  /** n spends of one credit each, at moments of one day. */
  spends(n: number, daysAgo: number, row: Omit<HistoryRow, 'created_at' | 'entry' | 'amount'>, hours?: [number, number]) {
    for (let i = 0; i < n; i++) this.add({ ...row, entry: 'spend', amount: 1 }, this.at(daysAgo, hours?.[0], hours?.[1]));
  }
  async write(db: Queryable, organisationId: string) {
    const ordered = this.rows.map((r, i) => ({ ...r, seq: i })).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.seq - b.seq);
    // One statement, in time order: the ledger trigger applies the rows one by one as they come.
    await inTransaction(db, organisationId).query(
      `INSERT INTO credit_ledger (organisation_id, kind, entry, amount, reason, actor_id, created_at)
       SELECT $org, e.v->>'kind', e.v->>'entry', (e.v->>'amount')::int, e.v->>'reason', (e.v->>'actor_id')::uuid, (e.v->>'created_at')::timestamptz
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(v, n)
        ORDER BY e.n`,
      [JSON.stringify(ordered.map(({ seq: _seq, ...r }) => r))],
    );
  }
}

const weekend = (daysAgo: number) => [0, 6].includes(new Date(Date.now() - daysAgo * DAY).getUTCDay());

/**
 * A plan-billing organisation's month: its trial credits at sign-up, the plan's credits when its first
 * invoice was paid, then its administrator's searches, ongoing monitoring and media searches on working days.
 */
export async function seedPlanCreditHistory(db: Queryable, organisationId: string, plan: PlanName, adminId: string) {
  const h = new History(17);
  h.add({ kind: 'aml_screening', entry: 'grant', amount: TRIAL_CREDITS.aml_screening, reason: 'trial', actor_id: null }, h.at(DAYS, 9, 10));
  h.add({ kind: 'media_watcher', entry: 'grant', amount: TRIAL_CREDITS.media_watcher, reason: 'trial', actor_id: null }, h.at(DAYS, 9, 10));
  h.add({ kind: 'transaction_monitoring', entry: 'grant', amount: TRIAL_CREDITS.transaction_monitoring, reason: 'trial', actor_id: null }, h.at(DAYS, 9, 10));
  h.spends(6, DAYS, { kind: 'aml_screening', reason: 'case_search', actor_id: adminId }, [10, 17]);
  h.spends(2, DAYS - 1, { kind: 'media_watcher', reason: 'media_search', actor_id: adminId });
  const credits = planDefinition(plan).credits;
  for (const kind of ['aml_screening', 'media_watcher', 'transaction_monitoring'] as const) {
    h.add({ kind, entry: 'grant', amount: credits[kind], reason: 'plan', actor_id: null }, h.at(DAYS - 2, 11, 12));
  }
  for (let daysAgo = DAYS - 2; daysAgo >= 1; daysAgo--) {
    const quiet = weekend(daysAgo);
    h.spends(quiet ? h.int(0, 1) : h.int(2, 8), daysAgo, { kind: 'aml_screening', reason: 'case_search', actor_id: adminId }, [12, 18]);
    h.spends(h.int(0, 2), daysAgo, { kind: 'aml_screening', reason: 'monitoring', actor_id: null }, [0, 24]);
    h.spends(quiet ? 0 : h.int(0, 2), daysAgo, { kind: 'media_watcher', reason: 'media_search', actor_id: adminId }, [12, 18]);
    if (!quiet && h.int(0, 4) === 0) h.spends(1, daysAgo, { kind: 'media_watcher', reason: 'media_fetch_more', actor_id: adminId }, [12, 18]);
  }
  await h.write(db, organisationId);
}

/**
 * An invoice-billed organisation's month: AML Screening and Transaction Monitoring are not limited (their
 * spends have no balance), Media Watcher credits were given by the operator. Searches by both users, bulk
 * searches now and then, ongoing monitoring, media searches and monitoring, and the transactions sent.
 */
export async function seedInvoiceCreditHistory(db: Queryable, organisationId: string, mediaCredits: number, userIds: string[]) {
  const h = new History(29);
  h.add({ kind: 'media_watcher', entry: 'grant', amount: mediaCredits, reason: 'operator', actor_id: null }, h.at(DAYS, 8, 9));
  const someone = () => userIds[h.int(0, userIds.length - 1)];
  for (let daysAgo = DAYS; daysAgo >= 1; daysAgo--) {
    const quiet = weekend(daysAgo);
    for (let i = quiet ? h.int(0, 1) : h.int(4, 10); i > 0; i--) h.spends(1, daysAgo, { kind: 'aml_screening', reason: 'case_search', actor_id: someone() }, [9, 18]);
    if (!quiet && h.int(0, 6) === 0) h.add({ kind: 'aml_screening', entry: 'spend', amount: h.int(40, 250), reason: 'bulk_search', actor_id: userIds[0] }, h.at(daysAgo, 10, 16));
    h.spends(h.int(1, 3), daysAgo, { kind: 'aml_screening', reason: 'monitoring', actor_id: null }, [0, 24]);
    h.spends(quiet ? 0 : h.int(1, 3), daysAgo, { kind: 'media_watcher', reason: 'media_search', actor_id: someone() }, [9, 18]);
    if (!quiet && h.int(0, 2) === 0) h.spends(1, daysAgo, { kind: 'media_watcher', reason: 'media_fetch_more', actor_id: someone() }, [9, 18]);
    h.spends(h.int(0, 2), daysAgo, { kind: 'media_watcher', reason: 'media_monitoring', actor_id: null }, [0, 24]);
    for (let i = quiet ? 1 : h.int(2, 4); i > 0; i--) {
      h.add({ kind: 'transaction_monitoring', entry: 'spend', amount: h.int(20, 400), reason: 'transactions', actor_id: userIds[0] }, h.at(daysAgo, 0, 24));
    }
  }
  await h.write(db, organisationId);
}
