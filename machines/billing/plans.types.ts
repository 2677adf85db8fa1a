/** Types of the Plans screen's statechart (plans.machine.ts). */
import type { Invoice, PlansAnswer } from '../../common/billing';
import type { PlanName } from '../../common/organisation';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Context

export interface PlansContext {
  /** The plans on offer and the organisation's current one; kept on screen while a reload is on its way. */
  answer: PlansAnswer | null;
  /** Why the plans could not be loaded. */
  loadError: ApiFailure | null;
  /** The plan the confirmation is about; null when none is open. */
  target: PlanName | null;
  /** The API's refusal of the last choice, shown in the confirmation until it is closed or sent again. */
  refusal: ApiFailure | null;
  /** The invoice the last change issued, for the screen to point at. */
  invoice: Invoice | null;
}

// ---------------------------------------------------------------- Events

export type PlansEvent =
  /** The user pressed Choose, Upgrade or Downgrade on a plan's card. */
  | { type: 'CHOOSE'; plan: PlanName }
  /** The confirmation was accepted. */
  | { type: 'CONFIRM' }
  /** The confirmation was closed without changing anything. */
  | { type: 'CANCEL' }
  /** Load the plans again after a failure. */
  | { type: 'RETRY' };

// ---------------------------------------------------------------- Actor I/O

/** The body of POST /api/plans/choose. */
export interface ChoosePlanInput {
  plan_name: PlanName;
}

/** What POST /api/plans/choose answers: the message (done('plan_chosen')) with the plan and its first invoice. */
export interface ChoosePlanAnswer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
  plan_name: PlanName;
  invoice: Invoice;
}

// ---------------------------------------------------------------- Tags

/** busy: loading or sending; failed: the plans could not be loaded; open: the confirmation shows. */
export type PlansTag = 'busy' | 'failed' | 'loaded' | 'open';

// ---------------------------------------------------------------- Provided actions

/** What the provided notify is given after a change: the answer, for its snack bar. */
export interface PlanChangedParams {
  answer: ChoosePlanAnswer;
}
