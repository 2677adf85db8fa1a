/**
 * Transaction monitoring's rules (section 7 "Transactions": transaction-monitoring; section 8's rule messages;
 * docs/transaction-monitoring.md, "Rules and alerts"): the listing, creating a rule (Disabled unless told),
 * changing one (a new version), its versions, enabling and disabling it ('Rule is updated Successfully.', and
 * 'Rule is not updated.' when the change cannot be made), and the backtest of a definition, saved or not, over
 * the organisation's stored history. Behind the organisation flag transaction_monitoring and
 * view_transaction_monitoring; an API key may read the rules and backtest, not change them. Every change
 * tells the engine cache to load the organisation's rules again.
 */
import { findRoute, type Requirement } from '../../common/access';
import { BacktestBody, CreateRuleBody, RuleStatusBody, UpdateRuleBody } from '../../common/schemas/tm-alerts';
import type { RuleDefinition } from '../../common/tm-rules';
import { auditAction } from '../audit/actor';
import { ApiError } from '../http/errors';
import { done } from '../http/reply';
import { route } from '../http/routes';
import { runBacktest } from './backtest';
import { ensureDefaultRules } from './default-rules';
import { invalidateRules } from './engine-cache';
import { findRule, insertRule, listRules, ruleVersions, setRuleStatus, updateRule } from './rules-data';

const ACCESS: Requirement = { ...findRoute('rules-listing').requirement, permissions: ['view_transaction_monitoring'] };
const TAG = 'Transaction monitoring';
/**
 * Section 6 grants view_transaction_monitoring with the organisation flag (common/access.ts effectivePermissions), so
 * no user of an organisation with the flag lacks it: the attack suite's requirement check refuses the flag instead.
 */
const PERMISSION_SKIP = { permissions: 'view_transaction_monitoring comes with the transaction_monitoring flag (section 6), so no role lacks it where the flag is on; the requirement check covers the flag' };
const ATTACK = { skip: PERMISSION_SKIP };
const RULE_ID = { 'path.id': 'tm_rule' } as const;

/** The spec's example rule (section 9): more than 3 transactions above 5,000 within 24 hours. */
export const EXAMPLE_DEFINITION = {
  version: 1,
  when: {
    compare: [
      { aggregate: { fn: 'count', per: 'customer', window: { amount: 24, unit: 'hours' }, where: { compare: [{ field: 'amount' }, '>', { value: 5000 }] } } },
      '>',
      { value: 3 },
    ],
  },
  action: 'review',
};
const EXAMPLE_RULE = { name: 'Velocity above 5,000', description: 'More than 3 transactions above 5,000 within 24 hours.', score: 40, definition: EXAMPLE_DEFINITION };

export function ruleRoutes() {
  return [
    route({
      method: 'GET',
      path: '/transaction-monitoring/rules',
      operationId: 'listTransactionRules',
      attack: ATTACK,
      tag: TAG,
      summary:
        "The organisation's rules (rules listing): name, description, score, status (Enabled or Disabled), created at, last executed, typology, version and definition. The default rule set is seeded the first time an organisation's rules are read.",
      access: ACCESS,
      apiKey: true,
      async handler({ org }) {
        await ensureDefaultRules(org);
        return { data: await listRules(org) };
      },
    }),

    route({
      method: 'POST',
      path: '/transaction-monitoring/rules',
      operationId: 'createTransactionRule',
      examples: [{ body: EXAMPLE_RULE }],
      attack: ATTACK,
      tag: TAG,
      summary:
        'Creates a rule: name (2 to 100 characters), description (at most 500), score (0 to 100), and a definition in the rule language (docs/transaction-rules.md). Disabled unless status says Enabled: backtest it first. A refused definition answers 400 naming the path of the faulty part; nothing is stored.',
      access: ACCESS,
      body: CreateRuleBody,
      async handler(ctx) {
        const { org, body, auth } = ctx;
        const rule = await org.transaction(async (tx) => {
          const made = await insertRule(tx, {
            name: body.name.trim(),
            description: (body.description ?? '').trim(),
            score: Number(body.score),
            definition: body.definition as RuleDefinition,
            status: body.status,
            typology: body.typology?.trim() || null,
            userId: auth.user.id,
          });
          await auditAction(tx, ctx, 'tm_rule.created', { type: 'tm_rule', id: made.id }, { name: made.name, score: made.score, status: made.status });
          return made;
        });
        invalidateRules(org.organisationId);
        return done('tm_rule_created', { rule }, { name: rule.name });
      },
    }),

    route({
      method: 'PUT',
      path: '/transaction-monitoring/rules/:id',
      operationId: 'updateTransactionRule',
      ids: RULE_ID,
      examples: [{ params: { id: '<rule id>' }, body: { score: 55, description: 'Raised after the quarterly review.' } }],
      attack: ATTACK,
      tag: TAG,
      summary:
        "Changes a rule's name, description, score, definition or typology. A change of what the rule does makes a new version (its versions are kept); an alert keeps naming the version that raised it. Answers 'Rule is updated Successfully.'.",
      access: ACCESS,
      body: UpdateRuleBody,
      async handler(ctx) {
        const { org, body, auth, params } = ctx;
        const changes = {
          name: body.name?.trim() || undefined,
          description: body.description === undefined ? undefined : body.description.trim(),
          score: body.score === undefined ? undefined : Number(body.score),
          definition: body.definition as RuleDefinition | undefined,
          typology: body.typology === undefined ? undefined : body.typology?.trim() || null,
        };
        const { rule, diff } = await org.transaction(async (tx) => {
          const result = await updateRule(tx, params.id, changes, auth.user.id);
          if (Object.keys(result.diff).length) await auditAction(tx, ctx, 'tm_rule.updated', { type: 'tm_rule', id: result.rule.id }, { name: result.rule.name, version: result.rule.version, ...result.diff });
          return result;
        });
        if (Object.keys(diff).length) invalidateRules(org.organisationId);
        return done('rule_updated', { rule });
      },
    }),

    route({
      method: 'GET',
      path: '/transaction-monitoring/rules/:id/versions',
      operationId: 'listTransactionRuleVersions',
      ids: RULE_ID,
      examples: [{ params: { id: '<rule id>' } }],
      attack: ATTACK,
      tag: TAG,
      summary: "A rule's versions, newest first: name, description, score and definition as they were, who made each and when.",
      access: ACCESS,
      apiKey: true,
      async handler({ org, params }) {
        return { data: await ruleVersions(org, params.id) };
      },
    }),

    route({
      method: 'POST',
      path: '/transaction-monitoring/rules/:id/status',
      operationId: 'setTransactionRuleStatus',
      ids: RULE_ID,
      examples: [{ params: { id: '<rule id>' }, body: { status: 'Enabled' } }],
      attack: ATTACK,
      tag: TAG,
      summary:
        "Enables or disables a rule. Answers 'Rule is updated Successfully.' (code rule_updated); a rule that cannot be enabled (its definition no longer compiles) answers 400 'Rule is not updated.' (rule_not_updated) and stays as it was.",
      access: ACCESS,
      body: RuleStatusBody,
      async handler(ctx) {
        const { org, body, auth, params } = ctx;
        let result;
        try {
          result = await org.transaction(async (tx) => {
            const changed = await setRuleStatus(tx, params.id, body.status, auth.user.id);
            if (changed.changed) await auditAction(tx, ctx, body.status === 'Enabled' ? 'tm_rule.enabled' : 'tm_rule.disabled', { type: 'tm_rule', id: changed.rule.id }, { name: changed.rule.name });
            return changed;
          });
        } catch (error) {
          // Section 8: a status change that fails says 'Rule is not updated.'; an unknown rule stays a 404 like any unknown id.
          if (error instanceof ApiError && error.status !== 404) throw new ApiError(error.status, 'rule_not_updated', {}, error.field, { reason: error.message });
          throw error;
        }
        if (result.changed) invalidateRules(org.organisationId);
        return done('rule_updated', { rule: result.rule });
      },
    }),

    route({
      method: 'GET',
      path: '/transaction-monitoring/rules/:id',
      operationId: 'getTransactionRule',
      ids: RULE_ID,
      examples: [{ params: { id: '<rule id>' } }],
      attack: ATTACK,
      tag: TAG,
      summary: 'One rule, as in the listing.',
      access: ACCESS,
      apiKey: true,
      async handler({ org, params }) {
        return { rule: await findRule(org, params.id) };
      },
    }),

    route({
      method: 'POST',
      path: '/transaction-monitoring/rules/backtest',
      operationId: 'backtestTransactionRule',
      examples: [{ body: { definition: EXAMPLE_DEFINITION, score: 40 } }],
      attack: { skip: PERMISSION_SKIP, runs: { count: 60, reason: "an accepted request reads the organisation's whole stored history" } },
      tag: TAG,
      summary:
        "Runs a definition (saved or not) over the organisation's stored transactions in time order, optionally from/to (the transactions' own times), as live evaluation would: how many alerts it would have raised (one per party while open), on which parties (the top 50 with names), and where the history carries labels (the AMLSim loader's) its account-level precision, recall and F1; with the transactions scanned and the time taken. Reads at most 2,000,000 transactions.",
      access: ACCESS,
      apiKey: true,
      body: BacktestBody,
      async handler({ org, body }) {
        return runBacktest(org, {
          definition: body.definition as RuleDefinition,
          score: body.score === undefined ? 50 : Number(body.score),
          from: body.from?.trim() || undefined,
          to: body.to?.trim() || undefined,
        });
      },
    }),
  ];
}
