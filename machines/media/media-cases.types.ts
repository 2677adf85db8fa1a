/** Types of Media Manage Case's list statechart (media-cases.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';
import type { MediaCaseFilters, MediaCaseListView } from './media-cases-query';
import type { MediaCaseView } from './views';

// ---------------------------------------------------------------- Input

export interface MediaCasesInput {
  /** The address's query string the page opened with. */
  search: string;
}

// ---------------------------------------------------------------- Context

export interface MediaCasesContext {
  /** The view the address names; the rows on screen belong to it. */
  view: MediaCaseListView;
  /** The filter form as the user has it, including text not applied yet. */
  draft: MediaCaseFilters;
  rows: MediaCaseView[];
  total: number;
  loaded: boolean;
  error: ApiFailure | null;
  rangeError: { field: 'date_from' | 'date_to'; rule: MessageId } | null;
  /** The address this machine last asked for: its arrival keeps the form as the user has it. */
  requested: string | null;
  /** The address of the history entry typing created, replaced while typing goes on. */
  typedEntry: string | null;
  /** The ticked rows, by reference. */
  selection: Record<string, true>;
  /** The cases being marked read or unread. */
  marking: MarkRequest | null;
}

// ---------------------------------------------------------------- Events

export interface MarkRequest {
  references: string[];
  is_read: boolean;
}

export type ExportFormat = 'csv' | 'xlsx';

export type MediaCasesEvent =
  | { type: 'LOCATION'; search: string }
  /** A select or switch of the filter form: applied at once. */
  | { type: 'EDIT'; filters: Partial<MediaCaseFilters> }
  /** Typing in the form: kept; the search text is applied after a pause. */
  | { type: 'DRAFT'; filters: Partial<MediaCaseFilters> }
  /** The form submitted: everything in it is applied. */
  | { type: 'APPLY' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; pageSize: number }
  | { type: 'RELOAD' }
  | { type: 'SELECT'; selection: Record<string, true> }
  /** Cases were deleted (or otherwise changed by a dialog): the ticks go and the rows load again. */
  | { type: 'ACTED' }
  /** Mark cases read or unread (a row's menu, or the ticked rows). */
  | { type: 'MARK'; references: string[]; is_read: boolean }
  | { type: 'EXPORT'; format: ExportFormat };

export interface ExportRequest {
  view: MediaCaseListView;
  format: ExportFormat;
}

// ---------------------------------------------------------------- Tags

export type MediaCasesTag = 'busy' | 'failed' | 'exporting' | 'marking';

// ---------------------------------------------------------------- Provided actions

export interface Navigation {
  search: string;
  replace: boolean;
}
