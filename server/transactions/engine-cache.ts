/**
 * The rules engine's memory of each organisation (docs/transaction-monitoring.md, "Engine cache and
 * restarts"): its enabled rules, compiled, and a TransferState holding its transactions within the rules'
 * horizon (the longest window any of them looks back), so a transaction is decided without reading its
 * history from the database. Built lazily from the database the first time an organisation's transaction
 * arrives after a start, and kept in step with it:
 *
 * - Ingest of one organisation runs one batch at a time in this process (serialise(), a promise chain per
 *   organisation), and every ingest transaction first locks the organisation's counter row (tm_counters), so
 *   batches of one organisation are stored one after another across processes too.
 * - Transaction numbers have no gaps (the counter moves inside the storing transaction, and a rolled-back
 *   batch rolls its numbers back), so the cache knows the last number it holds and, under the counter's lock,
 *   reads whatever another process stored since (catchUp) before deciding.
 * - The enabled rules are checked on each batch by a stamp (count, latest change) read in the same
 *   transaction; a change (the rule routes also call invalidateRules) recompiles them, and a longer
 *   horizon than the state was built for rebuilds the state.
 * - A batch whose transaction fails after its transactions were added to the state drops the organisation's
 *   cache (forget): the database is the truth, and the next batch rebuilds from it. So a crash loses nothing.
 */
import { TX_FIELDS, type TxField } from '../../common/tm-rules';
import type { Db } from '../db/client';
import { forOrganisation, type OrgDb } from '../db/tenant';
import { compileRule, horizonOf, TransferState, type CompiledRule, type TxFacts } from '../tm-engine';
import { ensureDefaultRules } from './default-rules';

export interface RuleInfo {
  name: string;
  version: number;
}

export interface OrgEngine {
  readonly organisationId: string;
  rules: CompiledRule[];
  /** Name and version of each enabled rule by id, for the decision's rules_applied. */
  ruleInfo: Map<string, RuleInfo>;
  /** What the rules were compiled from: changes when a rule is added, changed, enabled or disabled. */
  rulesStamp: string;
  /** Set by invalidateRules: reload the rules on the next batch whatever the stamp says. */
  rulesStale: boolean;
  state: TransferState;
  /** The horizon the state was built for (it holds every transaction within it). */
  stateHorizonMs: number;
  /** The highest transaction number the state has seen (tm_counters.last_number when in step). */
  lastNumber: number;
  /** Custom list id → its names (casefolded), for rules with { custom_list }, at customListsRevision. */
  customLists: Map<string, Set<string>>;
  customListsRevision: number;
}

const engines = new Map<string, OrgEngine>();
const chains = new Map<string, Promise<unknown>>();

/** Rows read per statement while rebuilding a state. */
const REBUILD_PAGE = 20_000;

/** Runs fn after every earlier fn of the same organisation has settled, so one batch at a time touches its state. */
export function serialise<T>(organisationId: string, fn: () => Promise<T>): Promise<T> {
  const previous = chains.get(organisationId) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  chains.set(organisationId, settled);
  void settled.then(() => {
    if (chains.get(organisationId) === settled) chains.delete(organisationId);
  });
  return run;
}

/** Rule routes call this after any change to an organisation's rules: the next batch recompiles them. */
export function invalidateRules(organisationId: string): void {
  const engine = engines.get(organisationId);
  if (engine) engine.rulesStale = true;
}

/** Drops an organisation's cache (a failed batch, tests); the next batch rebuilds it from the database. */
export function forgetEngine(organisationId?: string): void {
  if (organisationId === undefined) engines.clear();
  else engines.delete(organisationId);
}

/** The cached engine of an organisation, if built (tests and the bench read its size). */
export function cachedEngine(organisationId: string): OrgEngine | undefined {
  return engines.get(organisationId);
}

// ---------------------------------------------------------------------------------------------------------
// Facts

/** The columns a transaction's facts are read from (the engine's fields that are stored as they are). */
const FACT_FIELDS = (Object.keys(TX_FIELDS) as TxField[]).filter((f) => !(TX_FIELDS[f] as { derived?: true }).derived);
const NUMBER_FIELDS = new Set<string>(FACT_FIELDS.filter((f) => TX_FIELDS[f].type === 'number'));
export const FACT_COLUMNS = [...new Set(['id', 'reference_id', 'number', 'occurred_at', 'customer_id', 'amount', 'currency', 'direction', 'remitter_account', 'beneficiary_account', ...FACT_FIELDS])];

/**
 * One copy of each repeated text (accounts, customer ids, names, currencies, countries, payment methods) for all
 * the facts the states hold: a million transactions among twenty thousand accounts otherwise keep millions of
 * equal strings, and the heap (and each full garbage collection, which pauses decisions) grows with them: measured
 * on a million stored transactions, 690 MB and 720 ms a full collection without, 430 MB and 460 ms with. Bounded:
 * past the limit it starts again, which costs only sharing.
 */
const interned = new Map<string, string>();
const INTERN_MAX = 500_000;
function intern(value: string): string {
  const known = interned.get(value);
  if (known !== undefined) return known;
  if (interned.size >= INTERN_MAX) interned.clear();
  interned.set(value, value);
  return value;
}

/**
 * A stored (or about to be stored) transaction as the engine reads it. Only fields with a value are set:
 * the state keeps these objects for the whole horizon, and a missing field reads as null.
 */
export function toFacts(row: Record<string, unknown>): TxFacts {
  const at = row.occurred_at;
  const facts: TxFacts = {
    id: String(row.id),
    reference_id: String(row.reference_id),
    occurred_at: at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(String(at)),
    customer_id: row.customer_id == null ? null : intern(String(row.customer_id)),
    amount: Number(row.amount),
    currency: intern(String(row.currency ?? '').trim()),
    direction: row.direction === 'inbound' ? 'inbound' : 'outbound',
    remitter_account: row.remitter_account == null ? null : intern(String(row.remitter_account)),
    beneficiary_account: row.beneficiary_account == null ? null : intern(String(row.beneficiary_account)),
  };
  for (const field of FACT_FIELDS) {
    if (field in facts) continue;
    const value = row[field];
    if (value === null || value === undefined || value === '') continue;
    (facts as Record<string, unknown>)[field] = NUMBER_FIELDS.has(field) ? Number(value) : typeof value === 'string' ? intern(value.trim()) : value;
  }
  return facts;
}

// ---------------------------------------------------------------------------------------------------------
// Building and keeping in step

interface RuleRow {
  id: string;
  name: string;
  version: number;
  score: number;
  definition: unknown;
}

/**
 * The stamp of an organisation's enabled rules (any change to one of them, or to which are enabled, changes it)
 * and its custom list revision, read together: one statement per batch.
 */
async function stamps(tx: OrgDb): Promise<{ rules: string; revision: number }> {
  const row = await tx.one<{ n: number; latest: string | null; versions: number; revision: number }>(
    `SELECT count(r.id)::int AS n, max(r.updated_at)::text AS latest, coalesce(sum(r.version), 0)::int AS versions, o.custom_lists_revision AS revision
       FROM organisations o LEFT JOIN tm_rules r ON r.organisation_id = o.id AND r.status = 'Enabled'
      WHERE o.id = $org GROUP BY o.custom_lists_revision`,
  );
  return { rules: `${row?.n ?? 0}/${row?.latest ?? ''}/${row?.versions ?? 0}`, revision: Number(row?.revision ?? 0) };
}

/** The organisation's enabled rules, compiled; a rule that does not compile is left out (the rule routes refuse such definitions). */
async function loadRules(tx: OrgDb): Promise<{ rules: CompiledRule[]; info: Map<string, RuleInfo> }> {
  await ensureDefaultRules(tx);
  const rows = await tx.query<RuleRow>(`SELECT id, name, version, score, definition FROM tm_rules WHERE organisation_id = $org AND status = 'Enabled' ORDER BY created_at, id`);
  const rules: CompiledRule[] = [];
  const info = new Map<string, RuleInfo>();
  for (const r of rows) {
    try {
      rules.push(compileRule({ id: r.id, version: Number(r.version), score: Number(r.score), definition: r.definition }));
      info.set(r.id, { name: r.name, version: Number(r.version) });
    } catch {
      // Stored before a stricter engine, or written by hand: it cannot run, and must not stop every transaction.
    }
  }
  return { rules, info };
}

/** Reads every stored transaction within the horizon of the newest one into a new state. */
async function fill(tx: OrgDb, state: TransferState, horizonMs: number): Promise<number> {
  if (horizonMs <= 0) return 0;
  const newest = await tx.one<{ at: Date | null }>('SELECT max(occurred_at) AS at FROM tm_transactions WHERE organisation_id = $org AND deleted_at IS NULL');
  if (!newest?.at) return 0;
  const from = new Date(new Date(newest.at).getTime() - horizonMs);
  let loaded = 0;
  // Keyset pages by (occurred_at, number): the index on (organisation_id, occurred_at) serves them.
  let cursor = { at: from, number: 0 };
  for (;;) {
    const rows = await tx.query(
      `SELECT ${FACT_COLUMNS.join(', ')} FROM tm_transactions
        WHERE organisation_id = $org AND deleted_at IS NULL AND (occurred_at, number) > ($1::timestamptz, $2::bigint)
        ORDER BY occurred_at, number LIMIT $3`,
      [cursor.at, cursor.number, REBUILD_PAGE],
    );
    for (const row of rows) state.add(toFacts(row));
    loaded += rows.length;
    if (rows.length < REBUILD_PAGE) break;
    const last = rows[rows.length - 1];
    cursor = { at: last.occurred_at as Date, number: Number(last.number) };
  }
  return loaded;
}

/**
 * Adds what other processes stored after `afterNumber` (numbers have no gaps, so these are exactly the
 * transactions this cache has not seen), whatever their time: the state drops what is past its horizon itself.
 */
async function catchUp(tx: OrgDb, state: TransferState, afterNumber: number): Promise<number> {
  let loaded = 0;
  let cursor = afterNumber;
  for (;;) {
    const rows = await tx.query(
      `SELECT ${FACT_COLUMNS.join(', ')} FROM tm_transactions WHERE organisation_id = $org AND deleted_at IS NULL AND number > $1 ORDER BY number LIMIT $2`,
      [cursor, REBUILD_PAGE],
    );
    for (const row of rows) state.add(toFacts(row));
    loaded += rows.length;
    if (rows.length < REBUILD_PAGE) break;
    cursor = Number(rows[rows.length - 1].number);
  }
  return loaded;
}

/** The custom lists' names by list id, when a rule asks about custom lists. */
async function loadCustomLists(tx: OrgDb, rules: readonly CompiledRule[]): Promise<Map<string, Set<string>>> {
  const ids = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'custom_list' && typeof value === 'string') ids.add(value);
      else walk(value);
    }
  };
  for (const r of rules) walk(r.definition);
  const lists = new Map<string, Set<string>>();
  const wanted = [...ids].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (!wanted.length) return lists;
  const rows = await tx.query<{ list_id: string; full_name: string; aliases: string[] }>(
    `SELECT list_id, full_name, aliases FROM custom_list_records WHERE organisation_id = $org AND list_id = ANY($1::uuid[]) AND NOT is_deleted`,
    [wanted],
  );
  for (const id of wanted) lists.set(id, new Set());
  for (const r of rows) {
    const names = lists.get(r.list_id)!;
    for (const name of [r.full_name, ...(r.aliases ?? [])]) names.add(listKey(name));
  }
  return lists;
}

/** How a value and a custom list's names are compared: case and spacing do not matter. */
export const listKey = (value: string) => value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The organisation's engine, in step with the database, inside the ingest transaction that holds the counter
 * lock. `lastNumber` is the counter's value before this batch takes its numbers.
 */
export async function engineFor(tx: OrgDb, lastNumber: number): Promise<OrgEngine> {
  const organisationId = tx.organisationId;
  let engine = engines.get(organisationId);
  const { rules: stamp, revision } = await stamps(tx);

  if (!engine || engine.lastNumber > lastNumber) {
    // First batch since the start (or the counter went back: a restored database): build from scratch.
    const { rules, info } = await loadRules(tx);
    const horizon = horizonOf(rules);
    const state = new TransferState({ horizonMs: horizon });
    await fill(tx, state, horizon);
    engine = {
      organisationId,
      rules,
      ruleInfo: info,
      rulesStamp: (await stamps(tx)).rules,
      rulesStale: false,
      state,
      stateHorizonMs: horizon,
      lastNumber,
      customLists: await loadCustomLists(tx, rules),
      customListsRevision: revision,
    };
    engines.set(organisationId, engine);
    return engine;
  }

  if (engine.rulesStale || engine.rulesStamp !== stamp) {
    const { rules, info } = await loadRules(tx);
    engine.rules = rules;
    engine.ruleInfo = info;
    engine.rulesStamp = (await stamps(tx)).rules;
    engine.rulesStale = false;
    engine.customLists = await loadCustomLists(tx, rules);
    engine.customListsRevision = revision;
    const horizon = horizonOf(rules);
    if (horizon > engine.stateHorizonMs) {
      // A longer look-back than the state holds: read the history again for it.
      const state = new TransferState({ horizonMs: horizon });
      await fill(tx, state, horizon);
      engine.state = state;
      engine.stateHorizonMs = horizon;
      engine.lastNumber = lastNumber;
      return engine;
    }
  } else if (engine.customListsRevision !== revision) {
    engine.customLists = await loadCustomLists(tx, engine.rules);
    engine.customListsRevision = revision;
  }

  if (engine.lastNumber < lastNumber) {
    // Another process stored transactions of this organisation since this cache last looked.
    if (engine.stateHorizonMs > 0) await catchUp(tx, engine.state, engine.lastNumber);
    engine.lastNumber = lastNumber;
  }
  return engine;
}

/**
 * Builds the engines of every organisation that has stored transactions, one after another, right after a
 * start, so the first transaction after a restart is not the one that waits for the history to be read (a
 * million stored transactions within the horizon take about half a minute). A system pass over organisations,
 * so it reads which ones on the raw database; each organisation's engine is then built through its own handle,
 * serialised with its ingest like any batch. Failures only cost the warm-up: the first batch builds it then.
 */
export async function warmEngineCaches(db: Db, log?: { warn(message: string): void }): Promise<number> {
  const organisations = await db.query<{ id: string }>(
    `SELECT o.id FROM organisations o JOIN tm_counters c ON c.organisation_id = o.id WHERE o.transaction_monitoring AND c.last_number > 0 ORDER BY c.last_number`,
  );
  let built = 0;
  if (organisations.length) {
    // A database loaded without statistics (PGlite has no autovacuum) gets them first: the rebuild and every
    // lookup of ingest are planned with them (ingest.ts analyseWhenGrown keeps them up to date afterwards).
    // reltuples is -1 until the table was first analysed (kept in the catalogue, so a restart does not analyse again).
    const never = await db.one<{ never: boolean }>("SELECT reltuples < 0 AS never FROM pg_class WHERE relname = 'tm_transactions' AND relkind = 'r'");
    if (never?.never) await db.query('ANALYZE tm_transactions, tm_customers, tm_transaction_cases');
  }
  for (const { id } of organisations) {
    try {
      await serialise(id, () =>
        forOrganisation(db, id).transaction(async (tx) => {
          if (engines.has(id)) return;
          const counter = await tx.one<{ last_number: number }>('SELECT last_number FROM tm_counters WHERE organisation_id = $org FOR UPDATE');
          if (!counter) return;
          await engineFor(tx, Number(counter.last_number));
          built++;
        }),
      );
    } catch (error) {
      forgetEngine(id);
      log?.warn(`transactions: the engine cache of organisation ${id} was not warmed: ${(error as Error).message}`);
    }
  }
  return built;
}
