/**
 * Request schemas of the risk-scoring calls (section 7 "Risk scoring"; docs/risk-scoring.md). Bodies are
 * JSON: an engine's rules are a list of objects. Each value is checked here on its own (the section-5
 * rules of common/validation.ts); the checks across fields (medium and high required, thresholds rising,
 * at least one rule, each rule complete) are riskEngineProblems() of common/risk-scoring.ts, which the
 * API runs after the schema and the editor runs as the user types.
 */
import { array, defaulted, enums, nullable, number, object, optional, refine, size, type Infer } from 'superstruct';
import { HIT_DATABASES, RISK_DECISIONS } from '../enums';
import {
  ANY,
  DEFAULT_RISK_DECISIONS,
  RISK_CATEGORIES,
  RISK_RECORDS,
  type RecordCondition,
  type RiskCategory,
  type RiskDecisions,
  type RiskEngineDefinition,
  type RiskRecord,
  type RiskSample,
} from '../risk-scoring';
import { validateRiskEngineTitle, validateRiskThreshold, validateRiskWeightage } from '../validation';
import { INPUT_LIMITS, MAX_LIST_ITEMS, formBoolean, requiredString, ruled, text, unionOf } from './core';
import { countryField } from './countries';
import { PageQuery } from './paging';

/** A number of points as the editor sends it: a number, or the text typed (blank: not given). */
const pointsValue = () => unionOf([number(), text(INPUT_LIMITS.short)]);
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** A threshold: blank passes here (riskEngineProblems says which are required), anything else follows the rule. */
const threshold = () => optional(nullable(refine(pointsValue(), 'risk_threshold', (v) => blank(v) || (validateRiskThreshold(v) ?? true))));

/** One of a fixed list of values, or blank (riskEngineProblems answers 'required' for a blank part of a rule). */
const oneOfOrBlank = (values: readonly string[], message: string) =>
  defaulted(
    refine(text(INPUT_LIMITS.short), 'choice', (v) => v.trim() === '' || values.includes(v.trim()) || message),
    '',
  );

/** A rule's country: Any, or an ISO 3166-1 alpha-2 code (the server also checks that the country exists). */
const ruleCountry = defaulted(countryField({ blank: true, also: [ANY], message: 'risk_rule_country' }), '');

export const RiskRuleInput = object({
  country: ruleCountry,
  category: oneOfOrBlank(RISK_CATEGORIES, 'risk_rule_category'),
  record: oneOfOrBlank(RISK_RECORDS, 'risk_rule_record'),
  weightage: defaulted(refine(pointsValue(), 'risk_weightage', (v) => validateRiskWeightage(v) ?? true), ''),
});

/** Outcome -> decision; an outcome left out takes the default decision (DEFAULT_RISK_DECISIONS). */
const decision = (outcome: keyof RiskDecisions) => defaulted(enums(RISK_DECISIONS), DEFAULT_RISK_DECISIONS[outcome]);
export const RiskDecisionsInput = object({
  blacklisted: decision('blacklisted'),
  whitelisted: decision('whitelisted'),
  high_risk: decision('high_risk'),
  medium_risk: decision('medium_risk'),
  low_risk: decision('low_risk'),
});

/** What scores: the thresholds, the rules and the decisions. */
const scoring = {
  low_threshold: threshold(),
  medium_threshold: threshold(),
  high_threshold: threshold(),
  rules: defaulted(size(array(RiskRuleInput), 0, MAX_LIST_ITEMS), []),
  decisions: defaulted(RiskDecisionsInput, {}),
};

/** The whole definition an engine is saved with. */
const definition = {
  title: ruled(validateRiskEngineTitle, 'title'),
  model_name: ruled(validateRiskEngineTitle, 'model_name'),
  ...scoring,
};

/** An engine id: anything that is not an engine of the caller's organisation answers 404. */
const engineId = () => requiredString('not_found');

/** POST /api/create-risk-score-engine */
export const CreateRiskEngineBody = object(definition);
export type RiskEngineBodyValue = Infer<typeof CreateRiskEngineBody>;

/** POST /api/update-risk-score-engine: the whole definition again (the editor sends what it shows). */
export const UpdateRiskEngineBody = object({ id: engineId(), ...definition });

/** POST /api/delete-risk-score-engine and /api/duplicate-risk-score-engine */
export const RiskEngineIdBody = object({ id: engineId() });

/** POST /api/active-risk-score-engine: make the engine the organisation's active one, or stop it being so. */
export const ActiveRiskEngineBody = object({ id: engineId(), active: formBoolean });

/** GET /api/risk-score-engine */
export const RiskEngineQuery = object({ id: engineId() });

/** GET /api/view-risk-score-engine: a page of engines, optionally searched by title. */
export const RiskEngineListQuery = PageQuery;

/** A described record to try an engine on: where it is listed, its countries, what the record says. */
export const RiskSampleInput = object({
  database: oneOfOrBlank(HIT_DATABASES, 'risk_sample_database'),
  countries: defaulted(
    size(
      array(countryField()),
      0,
      MAX_LIST_ITEMS,
    ),
    [],
  ),
  records: defaulted(size(array(refine(enums(RISK_RECORDS), 'record', (v) => v !== ANY || 'risk_sample_record')), 0, MAX_LIST_ITEMS), []),
});

/**
 * POST /api/try-risk-score-engine: the editor's current values (title and model name are not needed to
 * score) and what to score: a case by its reference, or a sample record. Nothing is stored or spent.
 */
export const TryRiskEngineBody = object({
  title: optional(text(INPUT_LIMITS.short)),
  model_name: optional(text(INPUT_LIMITS.short)),
  ...scoring,
  reference: optional(text(INPUT_LIMITS.id)),
  sample: optional(RiskSampleInput),
});
export type TryRiskEngineBodyValue = Infer<typeof TryRiskEngineBody>;

/** The scoring parts of a checked body as the model takes them: numbers, upper-case countries, null for no low threshold. */
export function toRiskDefinition(body: {
  title?: string;
  model_name?: string;
  low_threshold?: string | number | null;
  medium_threshold?: string | number | null;
  high_threshold?: string | number | null;
  rules: readonly { country: string; category: string; record: string; weightage: string | number }[];
  decisions: RiskDecisions;
}): RiskEngineDefinition {
  const num = (v: string | number | null | undefined) => (blank(v) ? null : Number(v));
  return {
    title: (body.title ?? '').trim(),
    model_name: (body.model_name ?? '').trim(),
    low_threshold: num(body.low_threshold),
    medium_threshold: num(body.medium_threshold) ?? 0,
    high_threshold: num(body.high_threshold) ?? 0,
    rules: body.rules.map((r) => {
      const country = r.country.trim();
      return {
        country: country === ANY ? ANY : country.toUpperCase(),
        category: r.category.trim() as RiskCategory,
        record: r.record.trim() as RiskRecord,
        weightage: Number(r.weightage),
      };
    }),
    decisions: { ...body.decisions },
  };
}

/** A checked sample as the model takes it. */
export function toRiskSample(sample: Infer<typeof RiskSampleInput>): RiskSample {
  return {
    database: sample.database.trim(),
    countries: [...new Set(sample.countries.map((c) => c.trim().toUpperCase()))],
    records: [...new Set(sample.records)].filter((r): r is RecordCondition => r !== ANY),
  };
}
