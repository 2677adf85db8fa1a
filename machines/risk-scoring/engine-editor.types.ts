/** Types of the risk engine editor statechart (engine-editor.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { RiskDecision, RiskEngineView, RiskOutcome, RiskTryAnswer } from '../../common/risk-scoring';
import type { ApiFailure } from '../shared/api-failure';
import type { DraftField, EngineBody, EngineDraft, RuleField, TrialDraft } from './engine-draft';

// ---------------------------------------------------------------- Context

/** How far the editor shows problems: none before the first try or save, what scoring needs after a try, all after a save. */
export type CheckLevel = 'none' | 'scoring' | 'all';

export interface EngineEditorContext {
  /** The engine being edited; null for a new one. */
  engineId: string | null;
  /** Its saved version and whether it is the active one (shown in the header). */
  version: number;
  isActive: boolean;
  draft: EngineDraft;
  /** The values as loaded (a new engine: blank), to tell whether anything changed. */
  original: EngineDraft;
  /** The key the next added rule gets. */
  nextKey: number;
  checked: CheckLevel;
  trial: TrialDraft;
  /** What the trial's own fields lack (a case reference), found before sending. */
  trialProblem: MessageId | null;
  trialResult: RiskTryAnswer | null;
  /** The definition changed after the result was scored: the result no longer says what the engine does. */
  trialStale: boolean;
  trialError: (ApiFailure & { field: string | null }) | null;
  /** A failed load or save, with the field the server named (by rule key for a rule's field). */
  error: (ApiFailure & { field: string | null }) | null;
}

// ---------------------------------------------------------------- Events

export type EngineEditorEvent =
  | { type: 'CREATE' }
  | { type: 'OPEN'; engineId: string }
  | { type: 'SET_FIELD'; field: DraftField; value: string }
  | { type: 'ADD_RULE' }
  | { type: 'REMOVE_RULE'; key: number }
  | { type: 'SET_RULE'; key: number; field: RuleField; value: string }
  | { type: 'SET_DECISION'; outcome: RiskOutcome; decision: RiskDecision }
  | { type: 'SET_TRIAL'; patch: Partial<TrialDraft> }
  | { type: 'TRY' }
  | { type: 'SAVE' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' }
  /** After CLOSE with unsaved changes: leave them, or go back to them. */
  | { type: 'DISCARD' }
  | { type: 'KEEP_EDITING' };

export type EngineEditorEmitted = { type: 'saved'; answer: unknown; created: boolean };

// ---------------------------------------------------------------- Actor I/O

export type LoadedEngine = RiskEngineView;

export interface SaveEngineInput {
  engineId: string | null;
  body: EngineBody;
}

export interface TryEngineInput {
  body: EngineBody & ({ reference: string } | { sample: { database: string; countries: string[]; records: string[] } });
}
