/**
 * Taking transactions in and deciding each one on arrival (docs/transaction-monitoring.md, "Ingest
 * pipeline"). Every way in goes through ingestTransactions: the JSON call, the CSV upload, the AMLSim loader,
 * the first-start sample and the benchmark. For a batch:
 *
 * 1. Each transaction is checked with the shared field rules (a bad one refuses the whole batch, 400 on its
 *    field, nothing stored) and its remitter and beneficiary names are screened (screening.ts; cached, and
 *    done before any lock is taken).
 * 2. Under the organisation's serialisation (engine-cache.ts) one database transaction: the counter row is
 *    locked; references already stored are answered with their stored decision (duplicate: true, nothing
 *    spent, nothing changed), and so is a reference repeated within the batch; the new ones spend one
 *    Transaction Monitoring credit each (credits.ts: 402 and nothing stored when they do not cover the batch);
 *    the engine adds each to the organisation's state and evaluates the enabled rules; listed parties get
 *    their AML case; the decisions are made (decide.ts); the rows are inserted in one statement; the
 *    transactions' customers are updated; fired rules raise or count alerts (alerts-raise.ts) in the same
 *    transaction.
 * 3. After the commit, the organisation's open screens hear of it (realtime).
 *
 * The database transaction is the unit: a crash or an error leaves nothing half stored, and a batch that
 * fails after touching the engine's memory drops it, to be rebuilt from the database by the next batch.
 */
import { randomBytes } from 'node:crypto';
import type { Actor } from '../case-store/events';
import type { CaseScreeningDeps } from '../case-store/screen';
import { TRANSACTION_INPUT_FIELDS, type PartyScreening, type TransactionDecision, type TransactionInput, type TransactionSource } from '../../common/transactions';
import { normaliseTransaction, transactionProblems, type NormalisedTransaction } from '../../common/schemas/transactions';
import type { RuleHit } from '../../common/tm-rules';
import type { Queryable } from '../db/client';
import { inTransaction, type OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { rooms } from '../realtime/bus';
import { evaluate, type TxFacts } from '../tm-engine';
import { raiseAlertsBatch, touchRulesExecuted } from './alerts-raise';
import { spendTmCredits, type TmCredits } from './credits';
import { recordCustomerActivity } from './customers';
import { decideTransaction } from './decide';
import { engineFor, forgetEngine, listKey, serialise, toFacts, type OrgEngine } from './engine-cache';
import { partyCases, partyEntityType, partyKey, partyScreening, screenNames, type PartyCaseRequest, type PartyName } from './screening';
import { storedDecisions } from './transactions-data';

export type IngestDeps = CaseScreeningDeps & Partial<Pick<Deps, 'realtime' | 'mailer' | 'log' | 'config'>>;

export interface IngestOptions {
  source: TransactionSource;
  /** Who sent them (the case a listed party opens names them); null for the loader and the seed. */
  actor: Actor | null;
  /** The loader's isFraud of each input, by position. */
  labels?: ReadonlyArray<number | null>;
  /** false: no credit is spent (the operator's loader and the first-start sample, which no customer sends). */
  spendCredits?: boolean;
  /** Wait for the screening lists to load instead of answering 'AML check failed' meanwhile (loaders). */
  waitForLists?: boolean;
  /** false: raise alerts without notifying administrators (large loads). */
  notify?: boolean;
  /** false: no realtime event for the batch (loads and benchmarks, which nobody is watching live). */
  publish?: boolean;
  /**
   * false: the parties are not screened ('skipped'). Only for simulated data whose names were generated
   * (amlsim-load.ts): every hit on a made-up name is a false positive, and each would open an AML case.
   */
  screen?: boolean;
}

export interface IngestResult {
  /** One per input, in input order. */
  results: TransactionDecision[];
  /** Newly stored and evaluated. */
  accepted: number;
  duplicates: number;
  credits: TmCredits | null;
}

/**
 * A time-ordered uuid (version 7: 48 bits of milliseconds, then random), so new rows land at the end of the
 * primary key's index instead of at random pages of it: at a million transactions that is the difference
 * between appending and reading a random page per insert.
 */
export function timeOrderedId(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Rows per INSERT statement: one jsonb parameter each, kept to a few megabytes. */
const ROWS_PER_STATEMENT = 1000;

const ROW_COLUMNS: [string, string][] = [
  ['id', 'uuid'],
  ['number', 'bigint'],
  ['reference_id', 'text'],
  ['occurred_at', 'timestamptz'],
  ['received_at', 'timestamptz'],
  ...TRANSACTION_INPUT_FIELDS.filter((f) => f !== 'reference_id' && f !== 'created_at').map(
    (f): [string, string] => [f, f === 'amount' || f === 'order_total' ? 'numeric' : f === 'document_date' ? 'date' : 'text'],
  ),
  ['score', 'int'],
  ['status', 'text'],
  ['rules_applied', 'jsonb'],
  ['total_risk_factor_score', 'numeric'],
  ['screening', 'jsonb'],
  ['label', 'smallint'],
  ['source', 'text'],
];
const INSERT_SQL = `INSERT INTO tm_transactions (organisation_id, ${ROW_COLUMNS.map(([c]) => c).join(', ')})
  SELECT $org, ${ROW_COLUMNS.map(([c]) => `r.${c}`).join(', ')}
    FROM jsonb_to_recordset($1::jsonb) AS r(${ROW_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')})`;

interface Prepared {
  index: number;
  input: NormalisedTransaction;
  occurred_at: Date;
  remitter: PartyName | null;
  beneficiary: PartyName | null;
}

/**
 * Table statistics kept in step with growth. The planner needs them to look a batch's references up through
 * their index instead of reading the organisation's every row, and PGlite has no autovacuum to gather them
 * (nor does a Postgres that was loaded faster than its autovacuum looks): measured on PGlite with a million
 * transactions and no statistics, finding a batch's 1000 references took 400 to 800 ms, with them under 5 ms.
 * After a batch commits, once the tables have grown by a fifth since this process last analysed them (at least
 * ANALYZE_MIN_ROWS), they are analysed, in the background: a sample, about a second at a million rows.
 */
const ANALYZE_MIN_ROWS = 5_000;
const growth = { since: 0, base: 0, running: false };
function analyseWhenGrown(db: IngestDeps['db'], inserted: number, log?: IngestDeps['log']) {
  growth.since += inserted;
  if (growth.running || growth.since < Math.max(ANALYZE_MIN_ROWS, growth.base / 5)) return;
  growth.running = true;
  const rows = growth.since;
  growth.since = 0;
  // Statistics are database-wide: a system statement on the raw database, naming no organisation's rows.
  void db
    .query('ANALYZE tm_transactions, tm_customers, tm_transaction_cases')
    .then(() => db.one<{ n: number }>("SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'tm_transactions'"))
    .then((table) => {
      // The whole table (every organisation's), as its statistics go: a restarted process does not analyse a big table again soon.
      growth.base = Math.max(growth.base + rows, Number(table?.n ?? 0));
    })
    .catch((error: Error) => log?.warn(`transactions: the tables were not analysed: ${error.message}`))
    .finally(() => {
      growth.running = false;
    });
}

/** Checks and normalises every input; the first problem refuses the batch (400 naming "transactions.<i>.<field>"). */
function prepare(inputs: readonly TransactionInput[], receivedAt: Date): Prepared[] {
  return inputs.map((raw, index) => {
    const cells: Record<string, string> = {};
    for (const field of TRANSACTION_INPUT_FIELDS) {
      const v = (raw as unknown as Record<string, unknown>)[field];
      if (v !== undefined && v !== null) cells[field] = String(v);
    }
    const problems = transactionProblems(cells);
    const first = TRANSACTION_INPUT_FIELDS.find((f) => problems[f]);
    if (first) throw new ApiError(400, problems[first]!, {}, `transactions.${index}.${first}`);
    const input = normaliseTransaction(cells);
    const party = (name: string | null): PartyName | null => (name ? { name, entity_type: partyEntityType(name) } : null);
    return { index, input, occurred_at: input.created_at ?? receivedAt, remitter: party(input.remitter_name), beneficiary: party(input.beneficiary_name) };
  });
}

/** Ingests a batch for one organisation; see the module comment. */
export async function ingestTransactions(deps: IngestDeps, org: OrgDb | string, inputs: readonly TransactionInput[], options: IngestOptions): Promise<IngestResult> {
  const organisationId = typeof org === 'string' ? org : org.organisationId;
  if (!inputs.length) return { results: [], accepted: 0, duplicates: 0, credits: null };
  const receivedAt = new Date();
  const prepared = prepare(inputs, receivedAt);

  // Screening first, outside any lock: it reads only the lists, and names repeat, so most come from the cache.
  const names = options.screen === false ? [] : prepared.flatMap((p) => [p.remitter, p.beneficiary]).filter((n): n is PartyName => n !== null);
  const screened = await screenNames(deps, organisationId, names, { wait: options.waitForLists });

  return serialise(organisationId, async () => {
    let engine: OrgEngine | null = null;
    let mutated = false;
    try {
      const outcome = await deps.db.transaction((raw) => store(deps, raw, organisationId, prepared, screened, options, receivedAt, (e) => ((engine = e), (mutated = true))));
      if (engine && outcome.fresh) (engine as OrgEngine).lastNumber = outcome.lastNumber;
      if (outcome.fresh) analyseWhenGrown(deps.db, outcome.fresh, deps.log);
      if (outcome.fresh && options.publish !== false && deps.realtime) {
        deps.realtime
          .publish({ room: rooms.organisation(organisationId), event: 'tm-transactions', payload: { count: outcome.fresh, statuses: outcome.statuses } })
          .catch((error: Error) => deps.log?.warn(`transactions: the realtime event was not sent: ${error.message}`));
      }
      return outcome.result;
    } catch (error) {
      // The state may hold transactions the database never stored: rebuild it from the database next time.
      if (mutated) forgetEngine(organisationId);
      throw error;
    }
  });
}

async function store(
  deps: IngestDeps,
  raw: Queryable,
  organisationId: string,
  prepared: Prepared[],
  screened: Awaited<ReturnType<typeof screenNames>>,
  options: IngestOptions,
  receivedAt: Date,
  touchedEngine: (engine: OrgEngine) => void,
): Promise<{ result: IngestResult; fresh: number; lastNumber: number; statuses: Record<string, number> }> {
  const tx = inTransaction(raw, organisationId);
  // The counter row's lock orders every ingest of the organisation, across processes (engine-cache.ts).
  const counter = await tx.one<{ last_number: number }>(
    `INSERT INTO tm_counters (organisation_id) VALUES ($org) ON CONFLICT (organisation_id) DO UPDATE SET last_number = tm_counters.last_number RETURNING last_number`,
  );
  const lastNumber = Number(counter!.last_number);

  const references = [...new Set(prepared.map((p) => p.input.reference_id))];
  const stored = await storedDecisions(tx, references);
  const fresh: Prepared[] = [];
  const firstOf = new Map<string, Prepared>();
  for (const p of prepared) {
    if (stored.has(p.input.reference_id) || firstOf.has(p.input.reference_id)) continue;
    firstOf.set(p.input.reference_id, p);
    fresh.push(p);
  }

  // The ledger row names the first new transaction by its reference (the transaction page's address), and how many came with it.
  const first = fresh[0]?.input.reference_id;
  const credits =
    fresh.length && options.spendCredits !== false
      ? await spendTmCredits(tx, fresh.length, { actorId: options.actor?.id ?? null, subject: { type: 'transaction', id: first!, label: fresh.length > 1 ? `${first} (+${fresh.length - 1})` : first! } })
      : null;
  const decisions = new Map<string, TransactionDecision>();
  const statuses: Record<string, number> = {};
  if (fresh.length) {
    const engine = await engineFor(tx, lastNumber);
    touchedEngine(engine);
    const context = { inCustomList: (listId: string, value: string) => engine.customLists.get(listId)?.has(listKey(value)) ?? false };

    // Evaluate in arrival order: each transaction joins the state, then the rules look at it and its history.
    const evaluated = fresh.map((p, i) => {
      const id = timeOrderedId();
      const number = lastNumber + i + 1;
      const facts: TxFacts = toFacts({ ...p.input, created_at: undefined, id, occurred_at: p.occurred_at.getTime() });
      engine.state.add(facts);
      const hits: RuleHit[] = engine.rules.length ? evaluate(engine.rules, facts, engine.state, context) : [];
      return { p, id, number, hits };
    });

    // Listed parties: their one AML case each (opened by the first transaction that found them).
    const requests: PartyCaseRequest[] = [];
    for (const { p } of evaluated) {
      for (const party of [p.remitter, p.beneficiary]) {
        if (!party) continue;
        const key = partyKey(party);
        const outcome = screened.outcomes.get(key);
        if (outcome?.outcome === 'hit') requests.push({ key, party, outcome, reference_id: p.input.reference_id });
      }
    }
    const cases = requests.length && screened.screening ? await partyCases(raw, tx, screened.screening, requests, options.actor) : new Map<string, { id: string; reference: string }>();

    const rows: Record<string, unknown>[] = [];
    const links: { transaction_id: string; case_id: string; party: string }[] = [];
    for (const { p, id, number, hits } of evaluated) {
      const screening: PartyScreening[] = (['remitter', 'beneficiary'] as const).map((party) => {
        const name = p[party];
        const key = name ? partyKey(name) : '';
        const kase = name ? cases.get(key) : undefined;
        if (kase) links.push({ transaction_id: id, case_id: kase.id, party });
        return partyScreening(party, name?.name ?? null, name ? screened.outcomes.get(key) : undefined, kase?.reference ?? null);
      });
      const decision = decideTransaction(hits, engine.ruleInfo, screening);
      statuses[decision.status] = (statuses[decision.status] ?? 0) + 1;
      const { created_at: _created, ...fields } = p.input;
      rows.push({
        ...fields,
        id,
        number,
        occurred_at: p.occurred_at.toISOString(),
        received_at: receivedAt.toISOString(),
        amount: p.input.amount.toFixed(2),
        order_total: p.input.order_total === null ? null : p.input.order_total.toFixed(2),
        score: decision.score,
        status: decision.status,
        rules_applied: decision.rules_applied,
        total_risk_factor_score: decision.total_risk_factor_score,
        screening,
        label: options.labels?.[p.index] ?? null,
        source: options.source,
      });
      decisions.set(p.input.reference_id, {
        reference_id: p.input.reference_id,
        id,
        number,
        status: decision.status,
        score: decision.score,
        total_risk_factor_score: decision.total_risk_factor_score,
        rules_applied: decision.rules_applied,
        screening,
        alerts: [],
        duplicate: false,
      });
    }
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await tx.query(INSERT_SQL, [JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT))]);
    if (links.length) {
      await tx.query(
        `INSERT INTO tm_transaction_cases (organisation_id, transaction_id, case_id, party) SELECT $org, l.transaction_id, l.case_id, l.party
           FROM jsonb_to_recordset($1::jsonb) AS l(transaction_id uuid, case_id uuid, party text)`,
        [JSON.stringify(links)],
      );
    }
    await recordCustomerActivity(tx, fresh);

    // Alerts after the rows exist (an alert links the transactions behind it), in the same transaction, all at once.
    const firing = evaluated.filter((e) => e.hits.length);
    if (firing.length) {
      const raised = await raiseAlertsBatch(
        tx,
        firing.map(({ p, id, hits }) => ({
          hits,
          txn: { id, reference_id: p.input.reference_id, occurred_at: p.occurred_at, payment_method: p.input.payment_method, customer_id: p.input.customer_id },
        })),
        { deps: deps.realtime && deps.mailer && deps.log && deps.config ? (deps as Required<IngestDeps>) : undefined, notify: options.notify },
      );
      firing.forEach(({ p }, i) => {
        decisions.get(p.input.reference_id)!.alerts = [...new Set(raised[i].map((r) => r.alert_id))];
      });
    }
    if (engine.rules.length) await touchRulesExecuted(tx, engine.rules.map((r) => r.id));
    await tx.query('UPDATE tm_counters SET last_number = $1 WHERE organisation_id = $org', [lastNumber + fresh.length]);
  }

  const results = prepared.map((p): TransactionDecision => {
    const reference = p.input.reference_id;
    const own = decisions.get(reference);
    if (own && firstOf.get(reference) === p) return own;
    if (own) return { ...own, duplicate: true };
    return stored.get(reference)!;
  });
  return {
    result: { results, accepted: fresh.length, duplicates: prepared.length - fresh.length, credits },
    fresh: fresh.length,
    lastNumber: lastNumber + fresh.length,
    statuses,
  };
}
