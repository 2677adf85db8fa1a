/**
 * Types of the decision review statechart (review.machine.ts): what the dialog
 * acts on, the draft decision, what it keeps and what views send it.
 */
import type { CaseStatus, MatchStatus, RiskLevel } from '../../common/enums';
import type { MessageId } from '../../common/messages';

// ---------------------------------------------------------------- Input

export type ReviewTarget = { kind: 'entities'; reference: string; ids: string[] } | { kind: 'cases'; references: string[] };

export interface ReviewDraft {
  match_status?: MatchStatus;
  risk_level?: RiskLevel;
  case_status?: CaseStatus;
  /** undefined: leave assignees as they are; []: clear them. */
  assignee_ids?: string[];
  aml_monitoring?: boolean;
  comment: string;
}

// ---------------------------------------------------------------- Context

export interface ReviewContext {
  target: ReviewTarget | null;
  draft: ReviewDraft;
  /** A rule the draft breaks, shown beside its field. */
  invalid: { field: 'comment' | 'draft'; message: MessageId } | null;
  error: string | null;
  errorCode: string | null;
}

// ---------------------------------------------------------------- Events

export type ReviewEvent =
  | { type: 'OPEN'; target: ReviewTarget; draft?: Partial<ReviewDraft> }
  | { type: 'EDIT'; patch: Partial<ReviewDraft> }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };
