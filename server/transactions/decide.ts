/**
 * A transaction's decision from what the engine and the screening found (docs/transaction-monitoring.md,
 * "Decision"): the rules that fired, as stored on the transaction (rules_applied, with each rule's name and
 * version at the time), and the status and scores of common/transactions.ts decideStatus, which the screens
 * read too.
 */
import type { RuleHit } from '../../common/tm-rules';
import { decideStatus, type AppliedRule, type DecisionOutcome, type PartyScreening } from '../../common/transactions';
import type { RuleInfo } from './engine-cache';

export interface Decision extends DecisionOutcome {
  rules_applied: AppliedRule[];
}

export function decideTransaction(hits: readonly RuleHit[], rules: ReadonlyMap<string, RuleInfo>, screening: readonly PartyScreening[]): Decision {
  // One entry per rule: a rule that fired for two parties (customer and account) counts once towards the score.
  const byRule = new Map<string, AppliedRule>();
  for (const hit of hits) {
    if (byRule.has(hit.rule_id)) continue;
    byRule.set(hit.rule_id, {
      rule_id: hit.rule_id,
      rule_name: rules.get(hit.rule_id)?.name ?? '',
      rule_version: hit.rule_version,
      score: hit.score,
      action: hit.action,
      party_key: hit.party_key,
      explanation: hit.explanation,
    });
  }
  const rules_applied = [...byRule.values()];
  const outcome = decideStatus({ fired: rules_applied, screening: screening.map((s) => s.outcome) });
  return { ...outcome, rules_applied };
}
