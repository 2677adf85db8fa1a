/**
 * The transaction-monitoring engine (docs/transaction-rules.md): a platform folder with no routes and no
 * database. It keeps one organisation's recent transfers in memory (TransferState), compiles rule
 * definitions (compileRule) and evaluates them against each transaction as it arrives (evaluate), returning
 * the fired rules with structured explanations. server/transactions owns the per-organisation cache, the
 * database and the decision; scripts/bench-tm.ts measures the engine on AMLSim and on held-out synthetic data.
 */
export type { RuleHit, RuleExplanation, ExplanationPart, RuleDefinition, Expr } from '../../common/tm-rules';
export type { TxFacts } from './facts';
export { TransferState, type TransferStateOptions } from './state';
export { compileRule, horizonOf, RuleDefinitionError, type CompiledRule, type EvaluateContext } from './compile';
export { evaluate } from './evaluate';
export { PATTERN_CAPS } from './patterns';
export { DEFAULT_RULES, type DefaultRule } from './default-rules';
