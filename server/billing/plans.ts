/**
 * The organisation's plan (section 2's plan restrictions, section 9's plans): what the plans page lists, and
 * changing plan. The plan lives on the organisation row (plan_name, daily_search_limit), which every request's
 * session reads afresh, so the restrictions of a new plan apply from the next request on.
 */
import { CURRENCY, PLAN_FEATURES, PLANS, planDefinition, planHasFeature, type PlansAnswer } from '../../common/billing';
import type { OrganisationDetail, PlanName } from '../../common/organisation';
import type { OrgDb } from '../db/tenant';

export function plansAnswer(current: PlanName | null): PlansAnswer {
  return {
    current,
    currency: CURRENCY,
    plans: PLANS.map((plan) => ({ ...plan, features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, planHasFeature(plan.name, f)])) as PlansAnswer['plans'][number]['features'] })),
  };
}

/**
 * Locks the organisation row until the transaction ends and answers its billing and plan: two plan changes
 * (or a change and a payment) of one organisation take turns. NO KEY UPDATE, as the credit ledger locks it.
 */
export async function lockPlan(tx: OrgDb): Promise<{ billing_type: OrganisationDetail['billing_type']; plan_name: PlanName | null }> {
  const row = await tx.one<{ billing_type: OrganisationDetail['billing_type']; plan_name: PlanName | null }>(
    'SELECT o.billing_type, o.plan_name FROM organisations o WHERE o.id = $org FOR NO KEY UPDATE OF o',
  );
  return row!;
}

/** Puts the organisation on a plan: its restrictions and its daily search limit, at once. */
export async function applyPlan(tx: OrgDb, plan: PlanName): Promise<void> {
  await tx.query('UPDATE organisations SET plan_name = $1, daily_search_limit = $2, updated_at = now() WHERE id = $org', [plan, planDefinition(plan).daily_search_limit]);
}
