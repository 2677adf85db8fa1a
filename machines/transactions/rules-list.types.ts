/** Types of Rules Listing's statechart (rules-list.machine.ts). */
import type { RuleRow, RuleStatus } from '../../common/tm-alerts';
import type { ApiFailure } from '../shared/api-failure';
import type { TmAnswer } from './views';

// ---------------------------------------------------------------- Context

export interface RulesListContext {
  rules: RuleRow[];
  loaded: boolean;
  error: ApiFailure | null;
  /** The rule whose status is being switched, and to what. */
  switching: StatusRequest | null;
}

// ---------------------------------------------------------------- Events

export interface StatusRequest {
  id: string;
  status: RuleStatus;
}

export type RulesListEvent =
  | { type: 'RELOAD' }
  /** The Enabled/Disabled switch of a row. */
  | { type: 'SET_STATUS'; id: string; status: RuleStatus }
  /** The builder saved a rule (new, or a new version): it shows in the list at once. */
  | { type: 'SAVED'; rule: RuleRow };

export type StatusAnswer = TmAnswer & { rule?: RuleRow };

// ---------------------------------------------------------------- Tags

/** busy: the rules are loading; failed: they could not be; switching: a status is being saved. */
export type RulesListTag = 'busy' | 'failed' | 'switching';
