/** What the rule builder's view reads from its statechart (rule-builder.machine.ts). */
import { backtestKey, definitionProblems, metaProblems } from './rule-builder.machine';
import { countNodes, toDefinition } from './rule-draft';
import type { RuleBuilderContext, RuleBuilderTag } from './rule-builder.types';

interface Snapshot {
  context: RuleBuilderContext;
  hasTag(tag: RuleBuilderTag): boolean;
}

export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectRule = (s: Snapshot) => s.context.rule;
export const selectIsNew = (s: Snapshot) => s.context.rule === null;
/** The definition the draft makes now (the live preview describes it). */
export const selectDefinition = (s: Snapshot) => toDefinition(s.context.draft);
export const selectNodeCount = (s: Snapshot) => countNodes(s.context.draft.root);

/**
 * The problems to show: none until the user tried to backtest or save; then the rule's own fields (a refusal of
 * the API on one of them included), each part's fields, and the shared schema's problems by part.
 */
export function selectProblems(s: Snapshot) {
  const { fields, schema } = definitionProblems(s.context.draft);
  const meta = metaProblems(s.context.draft);
  const refused = s.context.saveError;
  if (refused?.field && ['name', 'description', 'score'].includes(refused.field) && refused.code) {
    (meta as Record<string, string>)[refused.field] = refused.code;
  }
  const shown = s.context.checked;
  return {
    meta: shown ? meta : refused?.field ? meta : {},
    fields: shown ? fields : {},
    schema: shown ? schema : [],
    /** How many problems stop a save (shown or not). */
    count: Object.keys(meta).length + Object.values(fields).reduce((n, f) => n + Object.keys(f).length, 0) + schema.length,
  };
}

export const selectBacktesting = (s: Snapshot) => s.hasTag('backtesting');
/** The last backtest, and whether the draft changed since it ran. */
export const selectBacktest = (s: Snapshot) => ({
  answer: s.context.backtest,
  stale: s.context.backtest !== null && s.context.backtestOf !== backtestKey(s.context.draft),
  error: s.context.backtestError,
});
export const selectSaving = (s: Snapshot) => s.hasTag('saving');
/** Which save is on its way: the plain one or "Save and enable". */
export const selectSavingEnable = (s: Snapshot) => s.hasTag('saving') && s.context.enable;
/** A refusal that is not about one of the rule's fields shows above the buttons. */
export const selectSaveError = (s: Snapshot) => {
  const e = s.context.saveError;
  return e && !(e.field && ['name', 'description', 'score'].includes(e.field)) ? e : null;
};
export const selectConfirmingDiscard = (s: Snapshot) => s.hasTag('confirmingDiscard');

/** The draft makes a definition that can run (whether or not its problems are shown yet): the preview describes it. */
export const selectDefinitionReady = (s: Snapshot) => {
  const { fields, schema } = definitionProblems(s.context.draft);
  return Object.keys(fields).length === 0 && schema.length === 0;
};
