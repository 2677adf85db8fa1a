/**
 * Custom risk-scoring engines (section 3 "Risk engine", section 5 "Risk model"; docs/advanced-features.md).
 *
 * An engine scores each hit of a case: every rule whose country, category and record condition the hit's
 * listed record meets adds its weightage; the sum, against the engine's thresholds, gives the hit's
 * outcome (high, medium or low risk; a custom blacklist or whitelist hit is blacklisted or whitelisted
 * whatever its score), and the engine's decisions turn the outcome into passed, for review or failed. The
 * case takes the most severe decision of its hits. Pure functions on plain data: the server scores cases
 * with them and the engine editor's "try it" panel shows the same breakdown before anything is saved.
 */
import type { ChangeStamps } from './actors';
import { CASE_STATUSES, HIT_DATABASES, RISK_DECISIONS, type CaseStatus, type RiskLevel } from './enums';
import { LIMITS } from './constants';
import type { MessageId } from './messages';
import { validateRiskThreshold, validateRiskWeightage } from './validation';

/** A rule or sample that holds for any value of the field. */
export const ANY = 'any' as const;

/** What a rule's category names: where the hit appears (a screening database, or a custom list type). */
export const RISK_CATEGORIES = [ANY, ...HIT_DATABASES] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];

/**
 * Record conditions: what the listed record says about the entity, read from the list's own data
 * (server/case-store/risk-records.ts says how each is recognised, list by list).
 */
export const RISK_RECORDS = [
  ANY,
  'sanctions_designation',
  'terrorism',
  'political_exposure',
  'export_restriction',
  'regulatory_enforcement',
  'convicted_by_court',
  'criminal_penalty',
  'wanted_or_charged',
] as const;
export type RiskRecord = (typeof RISK_RECORDS)[number];
/** The conditions a record can meet (every record meets ANY). */
export type RecordCondition = Exclude<RiskRecord, typeof ANY>;

export type RiskDecision = (typeof RISK_DECISIONS)[number];

/** What an engine concludes about one hit before its decision. */
export const RISK_OUTCOMES = ['blacklisted', 'whitelisted', 'high_risk', 'medium_risk', 'low_risk'] as const;
export type RiskOutcome = (typeof RISK_OUTCOMES)[number];
/** A hit whose score stays below the engine's low threshold (when it has one): no risk the engine counts. */
export type HitOutcome = RiskOutcome | 'below_threshold';

export interface RiskRule {
  /** ISO 3166-1 alpha-2, or any. */
  country: string;
  category: RiskCategory;
  record: RiskRecord;
  /** Points the rule adds when the hit meets it. */
  weightage: number;
}

export type RiskDecisions = Record<RiskOutcome, RiskDecision>;

/** The definition of an engine: what the editor sends, what a case keeps a copy of. */
export interface RiskEngineDefinition {
  title: string;
  model_name: string;
  low_threshold: number | null;
  medium_threshold: number;
  high_threshold: number;
  rules: RiskRule[];
  decisions: RiskDecisions;
}

/** A saved engine as its calls answer it. */
export interface RiskEngineView extends RiskEngineDefinition, ChangeStamps {
  _id: string;
  version: number;
  is_active: boolean;
}

/** The engine a case was scored with, as the case keeps it. */
export interface RiskEngineSnapshot extends RiskEngineDefinition {
  _id: string;
  version: number;
}

/**
 * Decisions of a new engine. A blacklist hit fails the case and a whitelist hit passes it; high and
 * medium risk go to review rather than fail, because a hit is still only a possible match until an
 * analyst says otherwise (an organisation that wants high risk to fail says so in its engine).
 */
export const DEFAULT_RISK_DECISIONS: RiskDecisions = {
  blacklisted: 'failed',
  whitelisted: 'passed',
  high_risk: 'for review',
  medium_risk: 'for review',
  low_risk: 'passed',
};

/** What is known about one hit when it is scored. */
export interface HitFacts {
  /** Where the hit appears (HIT_DATABASES). */
  database: string;
  /** ISO codes of every country of the listed record. */
  countries: readonly string[];
  records: readonly RecordCondition[];
}

export interface RuleResult extends RiskRule {
  matched: boolean;
  /** Which part of the rule the hit did not meet (country, category or record), when it did not. */
  missed: 'country' | 'category' | 'record' | null;
}

/** One hit's score, rule by rule: what Risk Analysis shows and the case keeps. */
export interface RiskBreakdown {
  engine: { _id: string; title: string; model_name: string; version: number };
  score: number;
  outcome: HitOutcome;
  decision: RiskDecision;
  risk_level: RiskLevel;
  thresholds: { low: number | null; medium: number; high: number };
  rules: RuleResult[];
}

/** Whether a hit meets one rule, and if not, which part it missed. */
export function ruleResult(rule: RiskRule, hit: HitFacts): RuleResult {
  let missed: RuleResult['missed'] = null;
  if (rule.country !== ANY && !hit.countries.includes(rule.country)) missed = 'country';
  else if (rule.category !== ANY && rule.category !== hit.database) missed = 'category';
  else if (rule.record !== ANY && !hit.records.includes(rule.record)) missed = 'record';
  return { ...rule, matched: missed === null, missed };
}

const RISK_OF_OUTCOME: Record<HitOutcome, RiskLevel> = {
  blacklisted: 'High',
  whitelisted: 'Whitelist',
  high_risk: 'High',
  medium_risk: 'Medium',
  low_risk: 'Low',
  below_threshold: 'Low',
};

/** The outcome of a score: custom lists first, then the bands from the top down. */
export function outcomeOf(engine: Pick<RiskEngineDefinition, 'low_threshold' | 'medium_threshold' | 'high_threshold'>, score: number, database: string): HitOutcome {
  if (database === 'blacklist') return 'blacklisted';
  if (database === 'whitelist') return 'whitelisted';
  if (score >= engine.high_threshold) return 'high_risk';
  if (score >= engine.medium_threshold) return 'medium_risk';
  if (engine.low_threshold !== null && score < engine.low_threshold) return 'below_threshold';
  return 'low_risk';
}

/** Scores one hit with an engine. */
export function scoreHit(engine: RiskEngineDefinition & { _id?: string; version?: number }, hit: HitFacts): RiskBreakdown {
  const rules = engine.rules.map((r) => ruleResult(r, hit));
  const score = rules.reduce((sum, r) => sum + (r.matched ? r.weightage : 0), 0);
  const outcome = outcomeOf(engine, score, hit.database);
  return {
    engine: { _id: engine._id ?? '', title: engine.title, model_name: engine.model_name, version: engine.version ?? 0 },
    score,
    outcome,
    decision: outcome === 'below_threshold' ? 'passed' : engine.decisions[outcome],
    risk_level: RISK_OF_OUTCOME[outcome],
    thresholds: { low: engine.low_threshold, medium: engine.medium_threshold, high: engine.high_threshold },
    rules,
  };
}

const SEVERITY: Record<RiskDecision, number> = { passed: 0, 'for review': 1, failed: 2 };
const STATUS_OF_DECISION: Record<RiskDecision, CaseStatus> = { passed: 'Passed', 'for review': 'For Review', failed: 'Failed' };

/** The most severe of several decisions (passed when there are none). */
export function severest(decisions: readonly RiskDecision[]): RiskDecision {
  return decisions.reduce<RiskDecision>((worst, d) => (SEVERITY[d] > SEVERITY[worst] ? d : worst), 'passed');
}

/** A case's status from its hits' decisions: the most severe one; a case without hits is Passed. */
export function caseStatusOfDecisions(decisions: readonly RiskDecision[]): CaseStatus {
  return STATUS_OF_DECISION[severest(decisions)];
}
export const isCaseStatus = (value: string): value is CaseStatus => (CASE_STATUSES as readonly string[]).includes(value);

// -------------------------------------------------------------------------------- Checks of a definition

export type RiskEngineField = 'title' | 'model_name' | 'low_threshold' | 'medium_threshold' | 'high_threshold' | 'rules' | `rules.${number}.${keyof RiskRule}`;

export interface RiskEngineProblem {
  field: RiskEngineField;
  rule: MessageId;
}

/**
 * The checks of section 5 that span fields: medium and high thresholds required, thresholds in
 * ascending order, at least one rule, each rule complete. The request schema checks each value on its
 * own; the editor and the API both add these.
 */
export function riskEngineProblems(input: {
  low_threshold?: string | number | null;
  medium_threshold?: string | number | null;
  high_threshold?: string | number | null;
  rules?: readonly { country?: string; category?: string; record?: string; weightage?: string | number }[];
}): RiskEngineProblem[] {
  const problems: RiskEngineProblem[] = [];
  const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
  const number = (v: unknown) => (blank(v) ? null : Number(v));
  for (const field of ['low_threshold', 'medium_threshold', 'high_threshold'] as const) {
    const value = input[field];
    if (blank(value)) {
      if (field !== 'low_threshold') problems.push({ field, rule: 'risk_threshold_required' });
      continue;
    }
    const problem = validateRiskThreshold(value as string | number);
    if (problem) problems.push({ field, rule: problem });
  }
  if (!problems.length) {
    const low = number(input.low_threshold);
    const medium = number(input.medium_threshold)!;
    const high = number(input.high_threshold)!;
    if (medium >= high) problems.push({ field: 'high_threshold', rule: 'risk_threshold_order' });
    else if (low !== null && low >= medium) problems.push({ field: 'medium_threshold', rule: 'risk_threshold_order' });
  }
  const rules = input.rules ?? [];
  if (!rules.length) problems.push({ field: 'rules', rule: 'risk_rules_required' });
  if (rules.length > LIMITS.riskRules) problems.push({ field: 'rules', rule: 'risk_rules_too_many' });
  rules.slice(0, LIMITS.riskRules).forEach((r, i) => {
    if (blank(r.country)) problems.push({ field: `rules.${i}.country`, rule: 'required' });
    if (blank(r.category)) problems.push({ field: `rules.${i}.category`, rule: 'required' });
    if (blank(r.record)) problems.push({ field: `rules.${i}.record`, rule: 'required' });
    const weight = validateRiskWeightage(r.weightage ?? '');
    if (weight) problems.push({ field: `rules.${i}.weightage`, rule: weight });
  });
  return problems;
}

// -------------------------------------------------------------------------------- Answers of the calls

/** An engine as risk-score-engine-list answers it: Create New Case names the active one as the default. */
export interface RiskEngineChoice {
  _id: string;
  title: string;
  is_active: boolean;
}

/** A record described by hand to try an engine on: where it is listed, its countries, what it says. */
export interface RiskSample {
  database: string;
  countries: string[];
  records: RecordCondition[];
}

/** One hit (or the sample) as the try call scored it. */
export interface TriedHit {
  /** The hit's id in its case; null for a sample. */
  _id: string | null;
  name: string | null;
  database: string;
  countries: string[];
  records: RecordCondition[];
  breakdown: RiskBreakdown;
}

/** What try-risk-score-engine answers: every hit scored, and how the case would be decided. */
export interface RiskTryAnswer {
  source: 'case' | 'sample';
  /** The case tried, as it is stored (its status and the engine that decided it); null for a sample. */
  case: { reference: string; search_term: string; case_status: CaseStatus; risk_level: RiskLevel; risk_engine: { title: string; version: number } | null } | null;
  hits: TriedHit[];
  /** The status and risk level this definition would give the case (or a case holding just the sample). */
  case_status: CaseStatus;
  risk_level: RiskLevel;
}
