/**
 * The backtest (docs/transaction-monitoring.md, "Rules and alerts"): a rule definition, saved or not, run over
 * the organisation's stored transactions in the order they happened, as live evaluation would have run it: a
 * fresh TransferState fed one transaction at a time, the rule evaluated after each, and alerts deduplicated as
 * live (one per rule and party while open: nothing closes during a backtest, so one per party). Transactions
 * within the rule's horizon before `from` are fed to the state without being evaluated, so the first
 * transactions of the range see the history a live evaluation would have seen.
 *
 * The history is read in pages (keyset on the transaction's own time and its number), the next page fetched
 * while the current one is evaluated, and at most BACKTEST_LIMITS.maxTransactions are read.
 *
 * Where the history carries labels (tm_transactions.label, the AMLSim loader's isFraud), the answer measures the
 * rule at account level, as the benchmark does (scripts/bench-tm.ts): the accounts the alerts name (each party
 * and the accounts its pattern names) against the accounts that took part in a labelled transaction.
 */
import { BACKTEST_LIMITS, type BacktestAnswer, type BacktestParty } from '../../common/tm-alerts';
import type { RuleDefinition } from '../../common/tm-rules';
import type { Row } from '../db/client';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { TransferState, evaluate, horizonOf, type EvaluateContext } from '../tm-engine';
import { FACT_COLUMNS, listKey, toFacts } from './engine-cache';
import { compileOrRefuse } from './rules-data';

export interface BacktestInput {
  definition: RuleDefinition;
  score: number;
  /** The range of the transactions' own times (ISO 8601 or YYYY-MM-DD; `to` as a day includes that day). */
  from?: string;
  to?: string;
  /** A lower cap than BACKTEST_LIMITS.maxTransactions (tests). */
  maxTransactions?: number;
  pageSize?: number;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function parseBound(value: string | undefined, field: 'from' | 'to'): number | null {
  if (!value) return null;
  const ms = Date.parse(DAY_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) throw new ApiError(400, 'invalid_format', {}, field);
  // A day given as `to` means up to the end of that day.
  return field === 'to' && DAY_ONLY.test(value) ? ms + DAY_MS : ms;
}

interface PartyTally {
  name: string | null;
  triggers: number;
}

export async function runBacktest(org: OrgDb, input: BacktestInput): Promise<BacktestAnswer> {
  const started = performance.now();
  const rule = compileOrRefuse({ id: 'backtest', version: 0, score: input.score, definition: input.definition });
  const from = parseBound(input.from, 'from');
  const to = parseBound(input.to, 'to');
  if (from !== null && to !== null && from >= to) throw new ApiError(400, 'date_range_order', {}, 'from');
  const horizon = horizonOf([rule]);
  const state = new TransferState({ horizonMs: Math.max(horizon, 1) });
  const cap = Math.min(input.maxTransactions ?? BACKTEST_LIMITS.maxTransactions, BACKTEST_LIMITS.maxTransactions);
  const pageSize = input.pageSize ?? 5_000;
  const context = await customListContext(org, input.definition);

  const parties = new Map<string, PartyTally>();
  const flagged = new Set<string>();
  const labelled = new Set<string>();
  let sawLabels = false;
  let scanned = 0;
  let hits = 0;
  let first: number | null = null;
  let last: number | null = null;
  let capped = false;

  // Warm-up: the horizon before `from` feeds the state, so windows at the start of the range are full.
  const readFrom = from === null ? null : from - horizon;
  const pages = readPages(org, { from: readFrom, to, pageSize, columns: backtestColumns(input.definition) });
  let next = pages.next();
  outer: for (;;) {
    const page = await next;
    if (page.done) break;
    // The next page is read while this one is evaluated.
    next = pages.next();
    for (const row of page.value) {
      const facts = toFacts(row);
      state.add(facts);
      if (from !== null && facts.occurred_at < from) continue;
      if (scanned >= cap) {
        capped = true;
        break outer;
      }
      scanned += 1;
      first ??= facts.occurred_at;
      last = facts.occurred_at;
      if (row.label !== null && row.label !== undefined) {
        sawLabels = true;
        if (Number(row.label) === 1) {
          if (facts.remitter_account) labelled.add(facts.remitter_account);
          if (facts.beneficiary_account) labelled.add(facts.beneficiary_account);
        }
      }
      for (const hit of evaluate([rule], facts, state, context)) {
        hits += 1;
        const tally = parties.get(hit.party_key);
        if (tally) {
          tally.triggers += 1;
          tally.name ??= hit.party_name;
        } else parties.set(hit.party_key, { name: hit.party_name, triggers: 1 });
        flagged.add(hit.party_key);
        for (const member of hit.members) flagged.add(member);
      }
    }
  }
  if (capped) await pages.return(undefined);

  const top: BacktestParty[] = [...parties.entries()]
    .sort((a, b) => b[1].triggers - a[1].triggers || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, BACKTEST_LIMITS.topParties)
    .map(([party_key, tally]) => ({ party_key, name: tally.name, alerts: 1, triggers: tally.triggers, label: sawLabels ? (labelled.has(party_key) ? 1 : 0) : null }));
  await nameParties(org, top);

  let measured: BacktestAnswer['labelled'] = null;
  if (sawLabels) {
    let truePositives = 0;
    for (const account of flagged) if (labelled.has(account)) truePositives += 1;
    const precision = flagged.size ? truePositives / flagged.size : 0;
    const recall = labelled.size ? truePositives / labelled.size : 0;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    measured = { precision: round(precision), recall: round(recall), f1: round(f1), labelled_accounts: labelled.size, flagged_accounts: flagged.size, true_positives: truePositives };
  }

  return {
    transactions_scanned: scanned,
    alerts: parties.size,
    hits,
    parties: top,
    party_count: parties.size,
    labelled: measured,
    from: first === null ? null : new Date(first).toISOString(),
    to: last === null ? null : new Date(last).toISOString(),
    capped,
    took_ms: Math.round(performance.now() - started),
  };
}

/**
 * Membership of the organisation's custom lists for a definition's `{ custom_list: id }` conditions, compared as live
 * ingest compares them (engine-cache.ts: the list's names and aliases, by listKey). Another organisation's list, or
 * one that does not exist, holds nobody.
 */
async function customListContext(org: OrgDb, definition: unknown): Promise<EvaluateContext> {
  const ids = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'custom_list' && typeof value === 'string') ids.add(value);
      else walk(value);
    }
  };
  walk(definition);
  const wanted = [...ids].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (!wanted.length) return {};
  const rows = await org.query<{ list_id: string; full_name: string; aliases: string[] | null }>(
    'SELECT r.list_id, r.full_name, r.aliases FROM custom_list_records r WHERE r.organisation_id = $org AND r.list_id = ANY($1::uuid[]) AND NOT r.is_deleted',
    [wanted],
  );
  const lists = new Map<string, Set<string>>();
  for (const r of rows) {
    let names = lists.get(r.list_id);
    if (!names) lists.set(r.list_id, (names = new Set()));
    for (const name of [r.full_name, ...(r.aliases ?? [])]) names.add(listKey(name));
  }
  return { inCustomList: (listId, value) => lists.get(listId)?.has(listKey(value)) ?? false };
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The columns a backtest reads: what the engine always reads (ids, time, accounts, amount, direction, the names and
 * countries of both sides for party names and distinct countries) and the fields the definition names. Reading only
 * these matters on PGlite, where every value read costs about as much as the rule's evaluation of it.
 */
const ALWAYS = ['id', 'reference_id', 'number', 'occurred_at', 'customer_id', 'amount', 'currency', 'direction', 'remitter_account', 'beneficiary_account', 'remitter_name', 'beneficiary_name', 'remitter_country', 'beneficiary_country'];
const DERIVED_SOURCES: Record<string, string[]> = { customer_account: [], counterparty_account: [], counterparty_country: [], hour_of_day: [], day_of_week: [] };

export function backtestColumns(definition: unknown): string[] {
  const named = new Set<string>();
  const walk = (node: unknown, key?: string) => {
    if (typeof node === 'string' && (key === 'field' || key === 'fields_differ')) named.add(node);
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item) => walk(item, key === 'fields_differ' ? key : undefined));
    for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(definition);
  const stored = new Set(FACT_COLUMNS);
  const wanted = new Set(ALWAYS);
  for (const field of named) {
    if (field in DERIVED_SOURCES) continue;
    if (stored.has(field)) wanted.add(field);
  }
  return [...wanted];
}

/**
 * The organisation's transactions in time order (then by number), a page at a time. A page is a stretch of time
 * read on the index of (organisation, occurred_at) and sorted within itself, so no page sorts the whole history;
 * its length adapts to the density met so far, and a stretch found to hold more than twice the page size is halved
 * (counted on the index) before it is read. Each page comes as one JSON text: PGlite hands over a single value much
 * faster than thousands of rows of values.
 */
async function* readPages(org: OrgDb, range: { from: number | null; to: number | null; pageSize: number; columns: string[] }): AsyncGenerator<Row[]> {
  const select = range.columns.map((c) => `t.${c}`).join(', ');
  const live = 't.organisation_id = $org AND t.deleted_at IS NULL';
  const span = await org.one<{ lo: number | null; hi: number | null }>(
    `SELECT (extract(epoch from min(t.occurred_at)) * 1000)::float8 AS lo, (extract(epoch from max(t.occurred_at)) * 1000)::float8 AS hi
       FROM tm_transactions t WHERE ${live} AND ($1::timestamptz IS NULL OR t.occurred_at >= $1::timestamptz) AND ($2::timestamptz IS NULL OR t.occurred_at < $2::timestamptz)`,
    [range.from === null ? null : new Date(range.from).toISOString(), range.to === null ? null : new Date(range.to).toISOString()],
  );
  if (span?.lo === null || span?.lo === undefined || span.hi === null) return;
  // Whole milliseconds tile the line: every stored time falls in exactly one stretch [start, end).
  let start = Math.floor(Number(span.lo));
  const stop = Math.min(Math.floor(Number(span.hi)) + 1, range.to ?? Infinity);
  let length = 3_600_000;
  while (start < stop) {
    let end = Math.min(start + length, stop);
    for (;;) {
      const counted = await org.one<{ n: number }>(`SELECT count(*)::int AS n FROM tm_transactions t WHERE ${live} AND t.occurred_at >= $1::timestamptz AND t.occurred_at < $2::timestamptz`, [
        new Date(start).toISOString(),
        new Date(end).toISOString(),
      ]);
      const n = counted?.n ?? 0;
      if (n <= range.pageSize * 2 || end - start <= 1) {
        // The next stretch aims at a page's worth at the density just met.
        length = Math.max(1, Math.round((end - start) * Math.min(4, Math.max(0.25, range.pageSize / Math.max(n, 1)))));
        break;
      }
      end = start + Math.max(1, Math.floor((end - start) / 2));
    }
    const page = await org.one<{ rows: string | null }>(
      `SELECT json_agg(x ORDER BY x.occurred_at, x.number)::text AS rows
         FROM (SELECT ${select}, t.label FROM tm_transactions t WHERE ${live} AND t.occurred_at >= $1::timestamptz AND t.occurred_at < $2::timestamptz) x`,
      [new Date(start).toISOString(), new Date(end).toISOString()],
    );
    if (page?.rows) yield JSON.parse(page.rows) as Row[];
    start = end;
  }
}

/** Fills in the names the engine did not give, from the customers and the transactions that name the party. */
async function nameParties(org: OrgDb, parties: BacktestParty[]) {
  const missing = parties.filter((p) => !p.name).map((p) => p.party_key);
  if (!missing.length) return;
  const rows = await org.query<{ key: string; name: string }>(
    `SELECT k.key, coalesce(
        (SELECT nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') FROM tm_customers c WHERE c.organisation_id = $org AND c.customer_id = k.key),
        (SELECT CASE WHEN t.direction = 'outbound' THEN t.remitter_name ELSE t.beneficiary_name END FROM tm_transactions t
          WHERE t.organisation_id = $org AND t.customer_id = k.key AND (CASE WHEN t.direction = 'outbound' THEN t.remitter_name ELSE t.beneficiary_name END) IS NOT NULL LIMIT 1),
        (SELECT t.remitter_name FROM tm_transactions t WHERE t.organisation_id = $org AND t.remitter_account = k.key AND t.remitter_name IS NOT NULL LIMIT 1),
        (SELECT t.beneficiary_name FROM tm_transactions t WHERE t.organisation_id = $org AND t.beneficiary_account = k.key AND t.beneficiary_name IS NOT NULL LIMIT 1)) AS name
       FROM unnest($1::text[]) AS k(key)`,
    [missing],
  );
  const names = new Map(rows.filter((r) => r.name).map((r) => [r.key, r.name]));
  for (const party of parties) party.name ??= names.get(party.party_key) ?? null;
}
