/** What Rules Listing reads from its statechart (rules-list.machine.ts). */
import type { RulesListContext, RulesListTag } from './rules-list.types';

interface Snapshot {
  context: RulesListContext;
  hasTag(tag: RulesListTag): boolean;
}

export const selectRules = (s: Snapshot) => s.context.rules;
export const selectLoaded = (s: Snapshot) => s.context.loaded;
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectFailed = (s: Snapshot) => (s.hasTag('failed') ? s.context.error : null);
/** The rule whose switch is on its way (its switch shows busy; the others wait). */
export const selectSwitching = (s: Snapshot) => (s.hasTag('switching') ? s.context.switching : null);
