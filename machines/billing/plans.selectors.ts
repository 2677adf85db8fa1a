/** What the Plans screen reads from its statechart (plans.machine.ts): tags rather than state names. */
import { PLAN_FEATURES, type PlanFeature, type PlansAnswer } from '../../common/billing';
import type { PlanName } from '../../common/organisation';
import type { PlansContext, PlansTag } from './plans.types';

interface Snapshot {
  context: PlansContext;
  hasTag(tag: PlansTag): boolean;
}

type OfferedPlan = PlansAnswer['plans'][number];

/** How a plan relates to the current one: the button's word and the confirmation's title. */
export type PlanMove = 'choose' | 'upgrade' | 'downgrade';

/** What choosing a plan changes, as the confirmation says it. */
export interface PlanChange {
  move: PlanMove;
  from: OfferedPlan | null;
  to: OfferedPlan;
  /** Features the organisation gains at once. */
  gained: PlanFeature[];
  /** Features the organisation loses at once. */
  lost: PlanFeature[];
}

export const selectLoading = (s: Snapshot) => s.hasTag('busy') && !s.hasTag('open');
export const selectFailed = (s: Snapshot) => s.hasTag('failed');
export const selectLoadError = (s: Snapshot) => s.context.loadError;
export const selectAnswer = (s: Snapshot) => s.context.answer;
export const selectCurrent = (s: Snapshot): PlanName | null => s.context.answer?.current ?? null;
export const selectConfirmOpen = (s: Snapshot) => s.hasTag('open');
export const selectChoosing = (s: Snapshot) => s.hasTag('open') && s.hasTag('busy');
export const selectRefusal = (s: Snapshot) => s.context.refusal;
export const selectInvoice = (s: Snapshot) => s.context.invoice;

/** Choose with no plan yet; otherwise up or down by price. */
export function planMove(from: OfferedPlan | null, to: OfferedPlan): PlanMove {
  if (!from) return 'choose';
  return to.price_cents >= from.price_cents ? 'upgrade' : 'downgrade';
}

/** What moving from one plan to another changes: the features of section 2's plan restrictions, gained and lost. */
export function planChange(answer: PlansAnswer, to: PlanName): PlanChange | null {
  const next = answer.plans.find((p) => p.name === to);
  if (!next) return null;
  const from = answer.plans.find((p) => p.name === answer.current) ?? null;
  const had = (feature: PlanFeature) => (from ? from.features[feature] : false);
  return {
    move: planMove(from, next),
    from,
    to: next,
    gained: PLAN_FEATURES.filter((f) => next.features[f] && !had(f)),
    // With no plan yet nothing is lost: the organisation had only what a plan-less organisation may use.
    lost: from ? PLAN_FEATURES.filter((f) => had(f) && !next.features[f]) : [],
  };
}

/** The change the open confirmation is about. */
export function selectChange(s: Snapshot): PlanChange | null {
  const { answer, target } = s.context;
  return answer && target ? planChange(answer, target) : null;
}
