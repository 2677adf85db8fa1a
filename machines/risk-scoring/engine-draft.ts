/**
 * The engine editor's values as typed (strings, rules with keys for the view), what they send, and the
 * problems the shared rules find in them: the title and model name rule of common/validation.ts and the
 * section-5 checks across fields of common/risk-scoring.ts (riskEngineProblems), the same the API runs.
 */
import type { MessageId } from '../../common/messages';
import {
  ANY,
  DEFAULT_RISK_DECISIONS,
  riskEngineProblems,
  type RecordCondition,
  type RiskDecisions,
  type RiskEngineView,
} from '../../common/risk-scoring';
import { validateRiskEngineTitle } from '../../common/validation';

/** One rule as the editor holds it; key tells rows apart while they are added and removed. */
export interface RuleDraft {
  key: number;
  country: string;
  category: string;
  record: string;
  weightage: string;
}
export type RuleField = 'country' | 'category' | 'record' | 'weightage';

export interface EngineDraft {
  title: string;
  model_name: string;
  low_threshold: string;
  medium_threshold: string;
  high_threshold: string;
  rules: RuleDraft[];
  decisions: RiskDecisions;
}
export type DraftField = 'title' | 'model_name' | 'low_threshold' | 'medium_threshold' | 'high_threshold';

/** What the "try it" panel scores: a saved case by its reference, or a record described by hand. */
export interface TrialDraft {
  mode: 'sample' | 'case';
  reference: string;
  database: string;
  countries: string[];
  records: RecordCondition[];
}

/** A new rule: any country, the rest to choose. */
export const newRule = (key: number): RuleDraft => ({ key, country: ANY, category: '', record: '', weightage: '' });

export const blankDraft = (): EngineDraft => ({
  title: '',
  model_name: '',
  low_threshold: '',
  medium_threshold: '',
  high_threshold: '',
  rules: [newRule(0)],
  decisions: { ...DEFAULT_RISK_DECISIONS },
});

export const blankTrial = (): TrialDraft => ({ mode: 'sample', reference: '', database: 'sanctions', countries: [], records: [] });

const text = (n: number | null) => (n === null ? '' : String(n));

/** A saved engine as the editor's values. */
export function draftOf(engine: RiskEngineView): EngineDraft {
  return {
    title: engine.title,
    model_name: engine.model_name,
    low_threshold: text(engine.low_threshold),
    medium_threshold: text(engine.medium_threshold),
    high_threshold: text(engine.high_threshold),
    rules: engine.rules.map((r, key) => ({ key, country: r.country, category: r.category, record: r.record, weightage: String(r.weightage) })),
    decisions: { ...DEFAULT_RISK_DECISIONS, ...engine.decisions },
  };
}

/** The body of create, update and try: the values as typed, trimmed (the API checks and converts them). */
export function draftBody(draft: EngineDraft) {
  return {
    title: draft.title.trim(),
    model_name: draft.model_name.trim(),
    low_threshold: draft.low_threshold.trim(),
    medium_threshold: draft.medium_threshold.trim(),
    high_threshold: draft.high_threshold.trim(),
    rules: draft.rules.map((r) => ({ country: r.country, category: r.category, record: r.record, weightage: r.weightage.trim() })),
    decisions: { ...draft.decisions },
  };
}
export type EngineBody = ReturnType<typeof draftBody>;

/** Two drafts say the same (rule keys aside). */
export const sameDraft = (a: EngineDraft, b: EngineDraft) => JSON.stringify(draftBody(a)) === JSON.stringify(draftBody(b));

/** Problems by field ("title", "medium_threshold", "rules", "rules.<key>.weightage"): only what scoring needs, or everything saving needs. */
export type DraftProblems = Partial<Record<string, MessageId>>;

/** The problems of what scores (thresholds and rules), keyed by rule key rather than position. */
export function scoringProblems(draft: EngineDraft): DraftProblems {
  const problems: DraftProblems = {};
  for (const p of riskEngineProblems(draft)) {
    const rule = /^rules\.(\d+)\.(\w+)$/.exec(p.field);
    const field = rule ? `rules.${draft.rules[Number(rule[1])]?.key}.${rule[2]}` : p.field;
    if (!problems[field]) problems[field] = p.rule;
  }
  return problems;
}

/** Every problem saving would meet: the title and model name too. */
export function draftProblems(draft: EngineDraft): DraftProblems {
  const problems: DraftProblems = {};
  const title = validateRiskEngineTitle(draft.title);
  const model = validateRiskEngineTitle(draft.model_name);
  if (title) problems.title = title;
  if (model) problems.model_name = model;
  return { ...problems, ...scoringProblems(draft) };
}

/** What the trial lacks before it can be sent: a reference for a case, a database for a sample. */
export function trialProblem(trial: TrialDraft): MessageId | null {
  if (trial.mode === 'case') return trial.reference.trim() ? null : 'risk_sample_required';
  return trial.database ? null : 'risk_sample_database';
}

/** The trial as the try call takes it. */
export const trialBody = (trial: TrialDraft) =>
  trial.mode === 'case' ? { reference: trial.reference.trim() } : { sample: { database: trial.database, countries: [...trial.countries], records: [...trial.records] } };

/** The API names a rule by its position ("rules.2.weightage"); the editor by its key. */
export function fieldOfServer(draft: EngineDraft, field: string | null | undefined): string | null {
  if (!field) return null;
  const rule = /^rules\.(\d+)\.(\w+)$/.exec(field);
  if (!rule) return field;
  const key = draft.rules[Number(rule[1])]?.key;
  return key === undefined ? 'rules' : `rules.${key}.${rule[2]}`;
}
