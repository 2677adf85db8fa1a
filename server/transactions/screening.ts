/**
 * Screening a transaction's remitter and beneficiary (docs/transaction-monitoring.md, "Screening"): each
 * party's name is screened as the organisation screens (server/case-store/screen.ts caseScreening: the
 * public lists of every database, its custom blacklists and whitelists, its risk engine), and a hit puts the
 * transaction on AML hold and gives the party an AML case, an ordinary screening case in Manage Case.
 *
 * - One case per party: the first transaction of a listed party opens its case (tm_party_cases), and every
 *   later one links to the same case, so a busy listed account does not fill Manage Case with copies.
 * - A TM screening spends no AML Screening credit: it is part of the transaction, which spent its
 *   Transaction Monitoring credit; the case it opens is the evidence of that check, not a search a user made.
 * - Names repeat (the same accounts pay again and again), so results are cached per organisation, name and
 *   entity type, and what they were screened against (list versions and custom list revision): within a batch
 *   and across calls, in a small LRU. A list update or a custom list change is a new key, so nothing stale is used.
 * - While the lists are still loading (the first seconds after a start) a party cannot be screened: the
 *   transaction is 'AML check failed', never passed unchecked. Loaders wait for the lists instead.
 */
import type { SearchInputView } from '../../common/cases';
import type { EntityType } from '../../common/enums';
import type { PartyScreening, ScreeningOutcome, TransactionParty } from '../../common/transactions';
import { caseScreening, type CaseScreening, type CaseScreeningDeps } from '../case-store/screen';
import { resolveScope } from '../case-store/scope';
import { storeScreenedCases } from '../case-store/store';
import type { Actor } from '../case-store/events';
import type { Queryable } from '../db/client';
import { forOrganisation, type OrgDb } from '../db/tenant';
import type { ScreeningResult } from '../screening';

/** Screened names kept across calls (all organisations together). */
const CACHE_SIZE = 50_000;
/** Fewer names than this are screened on the main thread (a worker's round trip costs more than a few names). */
const WORKER_THRESHOLD = 8;

export interface PartyName {
  name: string;
  entity_type: EntityType;
}

export interface NameOutcome {
  outcome: Exclude<ScreeningOutcome, 'skipped'>;
  /** Hits the decision counts (not whitelisted). */
  hits: number;
  /** The engine's result, kept only for a hit (its case is stored from it). */
  result: ScreeningResult | null;
  input: SearchInputView | null;
}

class Lru<V> {
  private map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value as string);
  }
  clear() {
    this.map.clear();
  }
}

const cache = new Lru<NameOutcome>(CACHE_SIZE);

/** Forgets every cached screening (tests that change lists under a running app). */
export function clearScreeningCache(): void {
  cache.clear();
}

/** A name casefolded with its spacing collapsed: how names are compared for the cache and the one case per party. */
export const partyKey = (p: PartyName) => `${p.entity_type}:${p.name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()}`;

// Words that make a name a company's (legal forms and common business words, in the languages we serve).
const COMPANY_WORDS =
  /\b(ltd|limited|llc|l\.l\.c|inc|incorporated|corp|corporation|co|company|gmbh|ag|kg|ohg|sa|s\.a|sas|sarl|s\.a\.r\.l|srl|spa|s\.p\.a|bv|b\.v|nv|n\.v|plc|llp|lp|oy|ab|as|a\/s|aps|pte|pty|bhd|sdn|kk|jsc|pjsc|ooo|zao|oao|holding|holdings|group|bank|trading|trust|foundation|fund|partners|enterprises|industries|international|services|solutions|logistics|capital|ventures)\b\.?/i;

/** Whether a party is a person or a company: the customer's own type when it is the customer, else by its name. */
export function partyEntityType(name: string, hint?: 'person' | 'company' | null): EntityType {
  if (hint) return hint;
  return COMPANY_WORDS.test(name) ? 'company' : 'person';
}

export interface TmScreening {
  /** Outcome of each name (by partyKey). */
  outcomes: Map<string, NameOutcome>;
  screening: CaseScreening | null;
}

/**
 * Screens the distinct names of a batch, from the cache where it can. `wait`: wait for the lists to load
 * (loaders); otherwise names are 'error' while they load.
 */
export async function screenNames(deps: CaseScreeningDeps, organisationId: string, names: readonly PartyName[], options: { wait?: boolean } = {}): Promise<TmScreening> {
  const outcomes = new Map<string, NameOutcome>();
  const distinct = new Map<string, PartyName>();
  for (const n of names) if (n.name.trim()) distinct.set(partyKey(n), n);
  if (!distinct.size) return { outcomes, screening: null };
  if (options.wait) await deps.screening.ready();
  if (deps.screening.status().state !== 'ready') {
    for (const key of distinct.keys()) outcomes.set(key, { outcome: 'error', hits: 0, result: null, input: null });
    return { outcomes, screening: null };
  }
  let screening: CaseScreening;
  let scope: Awaited<ReturnType<typeof resolveScope>>;
  try {
    screening = await caseScreening(deps, organisationId);
    scope = await resolveScope(forOrganisation(deps.db, organisationId), {});
  } catch {
    for (const key of distinct.keys()) outcomes.set(key, { outcome: 'error', hits: 0, result: null, input: null });
    return { outcomes, screening: null };
  }
  const databases = 'refused' in scope ? [] : scope.databases;
  const version = `${organisationId}|${JSON.stringify(screening.listsVersion())}|${screening.riskEngine?._id ?? ''}:${screening.riskEngine?.version ?? ''}`;

  const missing: { key: string; input: SearchInputView }[] = [];
  for (const [key, party] of distinct) {
    const cached = cache.get(`${version}|${key}`);
    if (cached) outcomes.set(key, cached);
    else missing.push({ key, input: inputFor(party, databases) });
  }
  if (missing.length) {
    let results: Array<ScreeningResult | { error: string }>;
    if (missing.length < WORKER_THRESHOLD) {
      results = missing.map((m) => {
        try {
          return screening.screen(m.input);
        } catch (error) {
          return { error: (error as Error).message };
        }
      });
    } else {
      results = await screening.screenBatch(missing.map((m) => m.input)).catch((error: Error) => missing.map(() => ({ error: error.message })));
    }
    missing.forEach((m, i) => {
      const r = results[i];
      let outcome: NameOutcome;
      if ('error' in r) outcome = { outcome: 'error', hits: 0, result: null, input: null };
      else {
        const decision = screening.decide(r.hits);
        // A hit is what would put a case to review: whitelisted names and hits a risk engine passes do not hold a payment.
        const hit = r.hits.length > 0 && decision.case_status !== 'Passed';
        outcome = hit ? { outcome: 'hit', hits: r.hits.length, result: r, input: m.input } : { outcome: 'clear', hits: 0, result: null, input: null };
        cache.set(`${version}|${m.key}`, outcome);
      }
      outcomes.set(m.key, outcome);
    });
  }
  return { outcomes, screening };
}

/** The search a party's name makes: as Create New Case's default (every database, the default threshold, aliases). */
function inputFor(party: PartyName, databases: SearchInputView['databases']): SearchInputView {
  return {
    search_term: party.name.trim(),
    entity_type: party.entity_type,
    countries: [],
    residence_countries: [],
    match_score: 0,
    exact_match: false,
    match_akas: true,
    match_rca: false,
    search_type: 'manual',
    databases,
  };
}

export interface PartyCaseRequest {
  key: string;
  party: PartyName;
  outcome: NameOutcome;
  /** The transaction that first found the party listed (the case's client reference). */
  reference_id: string;
}

/**
 * The AML case of each listed party: its existing case (tm_party_cases, not deleted), or a new one stored as
 * a screening case (storeScreenedCases, no credit spent). Answers case id and reference by party key.
 */
export async function partyCases(
  raw: Queryable,
  tx: OrgDb,
  screening: CaseScreening,
  requests: readonly PartyCaseRequest[],
  actor: Actor | null,
): Promise<Map<string, { id: string; reference: string }>> {
  const out = new Map<string, { id: string; reference: string }>();
  if (!requests.length) return out;
  const keys = [...new Set(requests.map((r) => r.key))];
  const existing = await tx.query<{ party_key: string; id: string; reference: string }>(
    `SELECT p.party_key, c.id, c.reference FROM tm_party_cases p JOIN cases c ON c.id = p.case_id AND c.organisation_id = $org
      WHERE p.organisation_id = $org AND p.party_key = ANY($1::text[]) AND NOT c.is_deleted`,
    [keys],
  );
  for (const row of existing) out.set(row.party_key, { id: row.id, reference: row.reference });
  const fresh = new Map<string, PartyCaseRequest>();
  for (const r of requests) if (!out.has(r.key) && !fresh.has(r.key)) fresh.set(r.key, r);
  if (!fresh.size) return out;
  const items = [...fresh.values()];
  const stored = await storeScreenedCases(
    raw,
    screening,
    items.map((r) => ({
      input: r.outcome.input!,
      result: r.outcome.result!,
      client_reference: `TM ${r.reference_id}`.slice(0, 100),
      aml_monitoring: false,
      adverse_media_monitoring: false,
    })),
    actor,
  );
  await tx.query(
    `INSERT INTO tm_party_cases (organisation_id, party_key, case_id) SELECT $org, k, c FROM unnest($1::text[], $2::uuid[]) AS x(k, c)
     ON CONFLICT (organisation_id, party_key) DO UPDATE SET case_id = excluded.case_id, created_at = now()`,
    [items.map((r) => r.key), stored.map((c) => c.id)],
  );
  items.forEach((r, i) => out.set(r.key, { id: stored[i].id, reference: stored[i].reference }));
  return out;
}

/** A party's screening as stored on its transaction. */
export function partyScreening(party: TransactionParty, name: string | null, outcome: NameOutcome | undefined, caseReference: string | null): PartyScreening {
  if (!name || !outcome) return { party, name, outcome: 'skipped', hits: 0, case_reference: null };
  return { party, name, outcome: outcome.outcome, hits: outcome.hits, case_reference: caseReference };
}
