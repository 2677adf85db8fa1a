/** Types of a media case's detail statechart (media-case.machine.ts). */
import type { ArticleMatchStatus } from '../../common/media';
import type { ApiFailure } from '../shared/api-failure';
import type { MediaAnswer, MediaCaseDetail, MediaCaseStatus, MediaCaseView, MediaRiskLevel } from './views';

// ---------------------------------------------------------------- Input

export interface MediaCaseInput {
  reference: string;
}

// ---------------------------------------------------------------- Context

/** The case's editable fields as the user has them. */
export interface MediaCaseDraft {
  name: string;
  case_status: MediaCaseStatus;
  risk_level: MediaRiskLevel;
}

export interface MediaCaseContext {
  reference: string;
  detail: MediaCaseDetail | null;
  draft: MediaCaseDraft;
  nameProblem: 'required' | 'media_case_name_length' | null;
  /** The last load failure. */
  error: ApiFailure | null;
  /** The last refused save of the case's fields. */
  saveError: ApiFailure | null;
  /** The article whose match status is being saved. */
  reviewing: { id: string; match_status: ArticleMatchStatus } | null;
}

// ---------------------------------------------------------------- Events

export type MediaCaseEvent =
  | { type: 'EDIT'; patch: Partial<MediaCaseDraft> }
  | { type: 'SAVE' }
  | { type: 'DISCARD' }
  /** A saved article's review (Potential Match, True Positive, False Positive), saved at once. */
  | { type: 'SET_MATCH'; id: string; match_status: ArticleMatchStatus }
  | { type: 'RELOAD' }
  | { type: 'RETRY' };

// ---------------------------------------------------------------- Actor I/O

export interface UpdateMediaCaseInput {
  reference: string;
  name?: string;
  case_status?: MediaCaseStatus;
  risk_level?: MediaRiskLevel;
  articles?: { id: string; match_status: ArticleMatchStatus }[];
}

export type UpdateMediaCaseAnswer = MediaCaseView & MediaAnswer;

export interface ReadInput {
  references: string[];
  is_read: boolean;
}

// ---------------------------------------------------------------- Tags

/** loading: the case is loading; failed: it could not be; saving: the fields are being saved; reviewing: an article's status is. */
export type MediaCaseTag = 'loading' | 'failed' | 'saving' | 'reviewing';
