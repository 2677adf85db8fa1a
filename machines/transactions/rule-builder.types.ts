/** Types of the rule builder's statechart (rule-builder.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { BacktestAnswer, RuleRow } from '../../common/tm-alerts';
import type { RuleDefinition, RuleAction } from '../../common/tm-rules';
import type { ApiFailure } from '../shared/api-failure';
import type { AddableKind, NodeId, NodePatch, RuleDraft } from './rule-draft';
import type { TmAnswer } from './views';

// ---------------------------------------------------------------- Input

export interface RuleBuilderInput {
  /** The rule to edit (a new version is saved); a new rule when left out. */
  rule?: RuleRow | null;
}

// ---------------------------------------------------------------- Context

/** The rule's own fields as typed, with the message of what the API would refuse in each. */
export type MetaField = 'name' | 'description' | 'score';
export type MetaProblems = Partial<Record<MetaField, MessageId>>;

export interface RuleBuilderContext {
  rule: RuleRow | null;
  /** The next node id (rule-draft.ts: ids are numbered so a draft built twice is the same). */
  nextId: number;
  draft: RuleDraft;
  /** The draft as it opened, to tell whether leaving loses anything. */
  initial: string;
  /** Problems show once the user tried to backtest or save (empty new fields do not start red). */
  checked: boolean;
  /** The last backtest's answer and the definition and score it ran on (it is out of date once they change). */
  backtest: BacktestAnswer | null;
  backtestOf: string | null;
  /** What the backtest on its way runs on. */
  runningOf: string | null;
  backtestError: ApiFailure | null;
  /** Save, then switch on: the saved rule is enabled straight after. */
  enable: boolean;
  saved: RuleRow | null;
  saveError: (ApiFailure & { field: string | null }) | null;
}

// ---------------------------------------------------------------- Events

export type RuleBuilderEvent =
  | { type: 'META'; patch: Partial<{ name: string; description: string; score: string; action: RuleAction }> }
  /** Adds a new part to a group (a where-group takes conditions only). */
  | { type: 'ADD'; parent: NodeId; kind: AddableKind }
  | { type: 'REMOVE'; id: NodeId }
  | { type: 'UPDATE'; id: NodeId; patch: NodePatch }
  /** Moves a part one place up or down in its group. */
  | { type: 'MOVE'; id: NodeId; by: -1 | 1 }
  /** Runs the draft over the stored history. */
  | { type: 'BACKTEST' }
  | { type: 'STOP_BACKTEST' }
  /** Saves (a new rule stays Disabled) or saves and enables. */
  | { type: 'SAVE'; enable: boolean }
  /** Leave the builder: asks first when there are unsaved changes. */
  | { type: 'CLOSE' }
  | { type: 'DISCARD' }
  | { type: 'KEEP_EDITING' };

// ---------------------------------------------------------------- Actor I/O

export interface BacktestRequest {
  definition: RuleDefinition;
  score: number;
}

export interface SaveRequest {
  /** The rule saved as a new version; a new rule when null. */
  id: string | null;
  name: string;
  description: string;
  score: number;
  definition: RuleDefinition;
}

/** What saving answers: the stored rule (as such, or under `rule`) with the message. */
export type SaveAnswer = TmAnswer & (RuleRow | { rule: RuleRow });

// ---------------------------------------------------------------- Tags

/**
 * backtesting: a backtest runs; saving: the rule is being saved (or enabled); confirmingDiscard: leaving would
 * lose changes and the user is asked.
 */
export type RuleBuilderTag = 'backtesting' | 'saving' | 'confirmingDiscard';
