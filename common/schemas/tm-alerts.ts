/**
 * Request schemas of transaction monitoring's rules and alerts (docs/transaction-monitoring.md, "Rules and
 * alerts"): a rule's creation and change (its definition checked by the rule language's own schema,
 * common/schemas/tm-rules.ts, so a refused definition names the path of the faulty node), its status, a
 * backtest, the alert listing's query, and an alert's workflow step, assignment and comment.
 */
import { coerce, defaulted, enums, integer, max, min, nullable, object, optional, refine, string, type Infer } from 'superstruct';
import { DATE_PRESETS } from '../enums';
import {
  ALERT_LEVELS,
  ALERT_SORTS,
  ALERT_WORKFLOW_STATUSES,
  RULE_STATUSES,
  TM_ALERT_LIMITS,
  TM_RULE_LIMITS,
  validateTmRuleDescription,
  validateTmRuleName,
  validateTmRuleScore,
} from '../tm-alerts';
import { validateComment } from '../validation';
import { INPUT_LIMITS, ruled, ruledIfPresent, text, textOrNumber } from './core';
import { listOf } from './cases';
import { RuleDefinitionSchema } from './tm-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A user named by id: anything but a uuid is nobody of the organisation (400 on the field, as an unknown user). */
const userId = refine(text(INPUT_LIMITS.id), 'uuid', (v) => UUID.test(v.trim()) || 'assignee_invalid');
const intQuery = (lo: number, hi: number) => coerce(max(min(integer(), lo), hi), string(), (v) => Number(v));
const pageInt = (lo: number, hi: number, fallback: number) => defaulted(intQuery(lo, hi), fallback);

const ruleFields = {
  description: optional(ruledIfPresent(validateTmRuleDescription, 'description', TM_RULE_LIMITS.description.max + 100)),
  typology: optional(nullable(text(TM_RULE_LIMITS.typology.max))),
};

/** POST /api/transaction-monitoring/rules: a new rule, Disabled unless told (backtest it first). */
export const CreateRuleBody = object({
  name: ruled(validateTmRuleName, 'name', INPUT_LIMITS.short),
  score: textOrNumber(ruled(validateTmRuleScore, 'score', INPUT_LIMITS.short)),
  definition: RuleDefinitionSchema,
  status: defaulted(enums(RULE_STATUSES), 'Disabled'),
  ...ruleFields,
});
export type CreateRuleValue = Infer<typeof CreateRuleBody>;

/** PUT /api/transaction-monitoring/rules/:id: what changes; a change of any of them makes a new version. */
export const UpdateRuleBody = object({
  name: optional(ruledIfPresent(validateTmRuleName, 'name', INPUT_LIMITS.short)),
  score: optional(textOrNumber(ruledIfPresent(validateTmRuleScore, 'score', INPUT_LIMITS.short))),
  definition: optional(RuleDefinitionSchema),
  ...ruleFields,
});
export type UpdateRuleValue = Infer<typeof UpdateRuleBody>;

/** POST /api/transaction-monitoring/rules/:id/status. */
export const RuleStatusBody = object({ status: enums(RULE_STATUSES) });

/** A day as YYYY-MM-DD or an instant (ISO 8601); the backtest reads history by the transactions' own times. */
const instant = refine(text(INPUT_LIMITS.short), 'instant', (v) => (v.trim() === '' || !Number.isNaN(Date.parse(v.trim())) ? true : 'invalid_format'));

/** POST /api/transaction-monitoring/rules/backtest: a definition (saved or not) run over the stored history. */
export const BacktestBody = object({
  definition: RuleDefinitionSchema,
  score: optional(textOrNumber(ruledIfPresent(validateTmRuleScore, 'score', INPUT_LIMITS.short))),
  from: optional(instant),
  to: optional(instant),
});
export type BacktestValue = Infer<typeof BacktestBody>;

/** GET /api/transactions/alerts. */
export const AlertListQuery = object({
  page: pageInt(1, 1_000_000, 1),
  page_size: pageInt(1, TM_ALERT_LIMITS.pageSize.max, TM_ALERT_LIMITS.pageSize.default),
  status: optional(listOf(enums(ALERT_WORKFLOW_STATUSES))),
  level: optional(listOf(enums(ALERT_LEVELS))),
  rule_id: optional(text(INPUT_LIMITS.id)),
  /** A user's id, or 'me' (the caller) or 'none' (unassigned). */
  assignee: optional(text(INPUT_LIMITS.id)),
  /** Alert id, party (account, customer id or name) or counterparty. */
  q: optional(text(INPUT_LIMITS.short)),
  /** A party's alerts only (the customer profile's tab): the account or customer id. */
  party_key: optional(text(INPUT_LIMITS.short)),
  customer_id: optional(text(INPUT_LIMITS.short)),
  date_preset: optional(enums(DATE_PRESETS)),
  date_from: optional(text(INPUT_LIMITS.short)),
  date_to: optional(text(INPUT_LIMITS.short)),
  /** The browser's Date.getTimezoneOffset(), so presets follow the user's calendar. */
  tz_offset: optional(intQuery(-840, 840)),
  sort: defaulted(enums(ALERT_SORTS), 'created_desc'),
});
export type AlertListQueryValue = Infer<typeof AlertListQuery>;

/** POST /api/transactions/alerts/:alert_id/workflow: the next status (ALERT_TRANSITIONS) and a note (a reopen needs one). */
export const AlertWorkflowBody = object({
  to: enums(ALERT_WORKFLOW_STATUSES),
  note: optional(refine(text(INPUT_LIMITS.ruled), 'note', (v) => (v.trim().length > TM_ALERT_LIMITS.note.max ? 'tm_alert_note_length' : true))),
});
export type AlertWorkflowValue = Infer<typeof AlertWorkflowBody>;

/** POST /api/transactions/alerts/:alert_id/assign: a user of the organisation, or null to unassign. */
export const AlertAssignBody = object({ assignee_id: nullable(userId) });

/** POST /api/transactions/alerts/:alert_id/comments: section 5's comment rule (2 to 512 characters). */
export const AlertCommentBody = object({ text: ruled((v) => validateComment(v, TM_ALERT_LIMITS.comment.max), 'text') });
