/**
 * Case rules both sides need: what a new case's statuses are, which case-status
 * changes are allowed, how an entity's decision rolls up into its case, and
 * the shapes the case calls answer with. docs/cases.md explains each choice.
 */
import type { UserRef } from './actors';
import type { CaseStatus, Database, EntityType, HitDatabase, MatchStatus, Relevance, RiskLevel } from './enums';
import { caseStatusOfDecisions, type RiskBreakdown, type RiskDecision, type RiskEngineSnapshot } from './risk-scoring';

/** Match statuses that confirm the entity is the searched one. */
export const CONFIRMED_MATCH: readonly MatchStatus[] = ['Match', 'True Positive', 'True Positive - Approve', 'True Positive - Reject'];
/** Match statuses that still wait for an analyst. */
export const UNDECIDED_MATCH: readonly MatchStatus[] = ['Potential Match', 'Unknown'];

/**
 * Allowed case-status changes. A new case is Passed (no hit at or above the
 * threshold) or For Review (hits). Review ends in Passed, Passed Conditionally
 * or Failed; a decided case can be reopened (back to For Review) or escalated to
 * Failed; a Failed case is only reopened, never passed directly, so clearing a
 * failure always goes through review again.
 */
export const CASE_TRANSITIONS: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  'For Review': ['Passed', 'Passed Conditionally', 'Failed'],
  Passed: ['For Review', 'Failed'],
  'Passed Conditionally': ['Passed', 'For Review', 'Failed'],
  Failed: ['For Review'],
};

export function canChangeCaseStatus(from: CaseStatus, to: CaseStatus): boolean {
  return from === to || CASE_TRANSITIONS[from].includes(to);
}

/** Passed is refused while an entity is a confirmed match (Passed Conditionally or Failed say what happened). */
export function passBlockedByMatches(to: CaseStatus, hitStatuses: readonly string[]): boolean {
  return to === 'Passed' && hitStatuses.some((s) => (CONFIRMED_MATCH as readonly string[]).includes(s));
}

/**
 * Risk level of a hit before anyone decides, without a risk engine: sanctions and the organisation's
 * own blacklists are high, PEP and enforcement medium, a whitelisted record Whitelist.
 */
export function defaultHitRisk(database: string): RiskLevel {
  if (database === 'sanctions' || database === 'blacklist') return 'High';
  if (database === 'pep' || database === 'warnings_and_regulatory_enforcement') return 'Medium';
  if (database === 'whitelist') return 'Whitelist';
  return 'Unknown';
}

const RISK_ORDER: RiskLevel[] = ['High', 'Medium', 'Low', 'Unknown', 'Whitelist'];

/** A case's risk level: the highest of its hits that are not cleared as false positives; Low without any. */
export function caseRiskFromHits(hits: readonly { risk_level: string; match_status: string }[]): RiskLevel {
  const live = hits.filter((h) => h.match_status !== 'False Positive' && h.match_status !== 'No Match');
  if (!live.length) return 'Low';
  for (const level of RISK_ORDER) if (live.some((h) => h.risk_level === level)) return level;
  return 'Unknown';
}

/**
 * A case's match status rolled up from its hits: a confirmed match wins, then an
 * undecided one; when every hit was cleared the case is a False Positive; no hits, No Match.
 */
export function caseMatchFromHits(hitStatuses: readonly string[]): MatchStatus {
  if (!hitStatuses.length) return 'No Match';
  for (const s of ['True Positive - Reject', 'True Positive', 'Match', 'True Positive - Approve'] as const) if (hitStatuses.includes(s)) return s;
  if (hitStatuses.some((s) => (UNDECIDED_MATCH as readonly string[]).includes(s))) return 'Potential Match';
  if (hitStatuses.every((s) => s === 'No Match')) return 'No Match';
  return 'False Positive';
}

/**
 * The databases the screening engine screens. Adverse media belongs to Media
 * Watcher; until it exists nothing screens it, so a search that chose only
 * adverse media is refused rather than passed with no hit (it would be a
 * clean result that nobody checked).
 */
export const SCREENABLE_DATABASES: readonly Database[] = ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'];

/** Why a choice of databases cannot be screened (none chosen, or none the engine screens), or null. */
export function databasesProblem(databases: readonly string[]): 'databases_required' | 'adverse_media_unavailable' | null {
  if (!databases.length) return 'databases_required';
  if (!databases.some((d) => (SCREENABLE_DATABASES as readonly string[]).includes(d))) return 'adverse_media_unavailable';
  return null;
}

/**
 * Statuses of a case just screened, without a risk engine. No hits: Passed. Hits: For Review, unless
 * every hit is a record of the organisation's own whitelists, which names someone the organisation has
 * already cleared: then Passed (the hits stay, marked Whitelist, for anyone who looks). A whitelist hit
 * beside any other hit changes nothing: one cleared record never hides a sanctions or PEP hit.
 */
export function initialCaseState(hits: readonly { database: string }[]): { case_status: CaseStatus; match_status: MatchStatus } {
  if (hits.length === 0) return { case_status: 'Passed', match_status: 'No Match' };
  if (hits.every((h) => h.database === 'whitelist')) return { case_status: 'Passed', match_status: 'Potential Match' };
  return { case_status: 'For Review', match_status: 'Potential Match' };
}

const STATUS_SEVERITY: Record<CaseStatus, number> = { Passed: 0, 'Passed Conditionally': 1, 'For Review': 2, Failed: 3 };

/**
 * A case's status once ongoing monitoring has added hits that screening decided as `fresh` (caseDecision
 * of the new hits alone): the new hits can only make a case more severe. Without a risk engine new hits
 * put a decided case back to For Review (unless they are all whitelisted); a Failed case stays Failed.
 */
export function statusAfterNewHits(current: CaseStatus, fresh: CaseStatus): CaseStatus {
  return STATUS_SEVERITY[fresh] > STATUS_SEVERITY[current] ? fresh : current;
}

/** How one hit of a new case is decided. */
export interface HitDecision {
  risk_level: RiskLevel;
  /** The risk engine's decision (passed, for review, failed), when an engine scored the hit. */
  risk_decision: RiskDecision | null;
  risk_breakdown: RiskBreakdown | null;
}

/** How a new case is decided: its statuses and risk level, and each hit's, in hit order. */
export interface CaseDecision {
  case_status: CaseStatus;
  match_status: MatchStatus;
  risk_level: RiskLevel;
  hits: HitDecision[];
}

/**
 * Decides a case just screened. Without a risk engine: the default risk of each hit's database and
 * initialCaseState. With one (breakdowns, one per hit): each hit's risk level and decision are the
 * engine's, and the case takes the most severe decision (common/risk-scoring.ts). Either way the case's
 * risk level is the highest of its hits'.
 */
export function caseDecision(hits: readonly { database: string }[], breakdowns?: readonly RiskBreakdown[]): CaseDecision {
  const decided: HitDecision[] = hits.map((h, i) => {
    const b = breakdowns?.[i];
    return b ? { risk_level: b.risk_level, risk_decision: b.decision, risk_breakdown: b } : { risk_level: defaultHitRisk(h.database), risk_decision: null, risk_breakdown: null };
  });
  const state = initialCaseState(hits);
  const case_status = breakdowns && hits.length ? caseStatusOfDecisions(decided.map((d) => d.risk_decision!)) : state.case_status;
  return {
    case_status,
    match_status: state.match_status,
    risk_level: caseRiskFromHits(decided.map((d) => ({ risk_level: d.risk_level, match_status: state.match_status }))),
    hits: decided,
  };
}

/** Reference of the n-th case of an organisation in a year: AML-2026-000042. */
export function caseReference(year: number, n: number): string {
  return `AML-${year}-${String(n).padStart(6, '0')}`;
}
export const CASE_REFERENCE_PATTERN = /^AML-\d{4}-\d{6,}$/;

/** Columns of the Manage Case export (common-case-keys), in order. */
export const CASE_EXPORT_KEYS = [
  'reference',
  'search_term',
  'entity_type',
  'hit_count',
  'match_status',
  'case_status',
  'risk_level',
  'created_at',
  'updated_at',
  'created_by',
  'assignees',
  'aml_monitoring',
  'adverse_media_monitoring',
  'client_reference',
  'national_id',
  'batch_name',
  'databases',
  'relevance',
  'is_deleted',
  'deleted_by',
  'deleted_at',
  'delete_reason',
] as const;
export type CaseExportKey = (typeof CASE_EXPORT_KEYS)[number];

/** Sortable columns of Manage Case. */
export const CASE_SORT_KEYS = ['created_at', 'updated_at', 'reference', 'search_term', 'hit_count', 'case_status', 'match_status', 'risk_level'] as const;
export type CaseSortKey = (typeof CASE_SORT_KEYS)[number];

export type { UserRef } from './actors';

/** One case as the list and detail calls answer it (section 3 "Case"). */
export interface CaseView {
  _id: string;
  reference: string;
  search_term: string;
  entity_type: EntityType;
  hit_count: number;
  match_status: MatchStatus;
  case_status: CaseStatus;
  risk_level: RiskLevel;
  created_at: string;
  updated_at: string;
  created_by: UserRef | null;
  assignees: UserRef[];
  aml_services: Database[];
  /** On when switched on for the case or for any of its entities: ongoing monitoring checks the case then. */
  aml_monitoring: boolean;
  adverse_media_monitoring: boolean;
  media_category: string | null;
  client_reference: string | null;
  national_id: string | null;
  batch_name: string | null;
  databases: Database[];
  relevance: Relevance[];
  match_score: number;
  comments: number;
  is_deleted: boolean;
  deleted_by: UserRef | null;
  deleted_at: string | null;
  delete_reason: string | null;
}

/** How far one kind of monitoring reaches in a case: its own switch (re-screening for new hits) and its monitored entities. */
export interface MonitoringReach {
  case: boolean;
  entities: number;
}

/** How a case's monitoring of one kind reads: off, on for the whole case, or on for some of its entities only. */
export function monitoringState(reach: MonitoringReach): 'off' | 'case' | 'entities' {
  if (reach.case) return 'case';
  return reach.entities > 0 ? 'entities' : 'off';
}

export interface CaseDetailView extends CaseView {
  /** aml_monitoring / adverse_media_monitoring (on for the case or any entity) broken down, for the case panel. */
  monitoring: { aml: MonitoringReach; adverse_media: MonitoringReach; of_entities: number };
  search_input: SearchInputView;
  search_profile: { _id: string; title: string } | null;
  /** The risk engine that decided the case, as it was then; null: the default rules. */
  risk_engine: RiskEngineSnapshot | null;
  has_face_image: boolean;
  lists_version: Record<string, string | number>;
  categories: { database: Database; count: number }[];
}

export interface SearchInputView {
  search_term: string;
  entity_type: EntityType;
  birth_day?: number;
  birth_month?: number;
  birth_year?: number;
  countries: string[];
  residence_countries: string[];
  nationality?: string;
  gender?: string;
  unique_identifier?: string;
  match_score: number;
  exact_match: boolean;
  match_akas: boolean;
  match_rca: boolean;
  search_type: 'manual' | 'profile';
  databases: Database[];
  /** The lists searched (a search profile's sources: public list ids and custom list ids); absent or empty: every list. */
  sources?: string[];
}

export interface ExplanationView {
  feature: string;
  contribution: number;
  query_value: string;
  candidate_value: string;
  detail?: string;
}

/** One publisher's listing of a hit's entity. */
export interface HitListingView {
  id: string;
  source: string;
  database: HitDatabase;
  programs: string[];
  /** The entity's name in this listing. */
  name: string;
  source_url?: string;
  listed_on?: string;
}

/** One entity result of a case (section 3 "Entity result"). */
export interface HitView {
  _id: string;
  position: number;
  entity_id: string;
  profile: string;
  matched_name: string;
  entity_kind: string;
  countries: string[];
  match_score: number;
  relevance: Relevance[];
  appears_on: { database: HitDatabase; source: string; programs: string[] };
  /** Every list that publishes the entity, when several do (the screening engine merged their listings); else empty. */
  listings: HitListingView[];
  match_status: MatchStatus;
  risk_level: RiskLevel;
  risk_decision: string | null;
  /** The risk engine's score of the hit, rule by rule (Risk Analysis); null when no engine scored it. */
  risk_breakdown: RiskBreakdown | null;
  birth_dates: { year?: number; month?: number; day?: number; from_year?: number; to_year?: number; approximate?: boolean }[];
  year_of_birth: string | null;
  occupation: string | null;
  aml_monitoring: boolean;
  adverse_media_monitoring: boolean;
  is_updated: boolean;
  assignees: UserRef[];
  decided_by: UserRef | null;
  decided_at: string | null;
  explanation: ExplanationView[];
}

export interface HitDetailView extends HitView {
  entity: Record<string, unknown>;
  previous_id: string | null;
  next_id: string | null;
  index: number;
  total: number;
}

export interface CaseEventView {
  _id: string;
  action: string;
  actor: UserRef | null;
  entity_id: string | null;
  entity_name: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

export interface CommentView {
  _id: string;
  text: string;
  edited: boolean;
  last_edited: string | null;
  author: UserRef | null;
  case_id: string;
  entity_id: string | null;
  entity_name: string | null;
  created_at: string;
  is_deleted: boolean;
  deleted_by: UserRef | null;
  deleted_at: string | null;
}

export interface Paged<T> {
  page: number;
  page_size: number;
  total: number;
  data: T[];
}
