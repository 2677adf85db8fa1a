/** Types of the custom sources screen's statechart (custom-sources.machine.ts). */
import type { CustomSourceView } from '../../common/custom-sources';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Input

export interface CustomSourcesInput {
  pageSize?: number;
}

// ---------------------------------------------------------------- Context

export type SourceActionKind = 'pause' | 'resume' | 'poll';

export interface SourceAction {
  kind: SourceActionKind;
  source: CustomSourceView;
}

export interface CustomSourcesContext {
  page: number;
  pageSize: number;
  rows: CustomSourceView[];
  total: number;
  loaded: boolean;
  error: ApiFailure | null;
  /** The one-click action on its way. */
  running: SourceAction | null;
  /** Quick reads left after "Read now", so the new articles and status show without waiting for a reload. */
  watching: number;
}

// ---------------------------------------------------------------- Events

export type CustomSourcesEvent =
  | { type: 'PAGE'; page: number }
  | { type: 'RELOAD' }
  /** Pause, resume, or read a source now. */
  | { type: 'RUN'; action: SourceAction };

// ---------------------------------------------------------------- Actor I/O

export interface SourcePage {
  data: CustomSourceView[];
  total: number;
}

export type ActionAnswer = Partial<CustomSourceView> & { code?: string; message?: string; values?: Record<string, string | number> };

// ---------------------------------------------------------------- Tags

/** busy: the rows are loading (not a quiet refresh); failed: the last load failed; acting: an action is on its way. */
export type CustomSourcesTag = 'busy' | 'failed' | 'acting';
