/** Types of Manage Case's list statechart (manage-case.machine.ts). */
import type { CaseView } from '../../common/cases';
import type { CaseSortKey } from '../../common/cases';
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';
import type { CaseListFilters, CaseListView } from './case-list-query';

// ---------------------------------------------------------------- Input

export interface ManageCaseInput {
  /** The address's query string the page opened with. */
  search: string;
}

// ---------------------------------------------------------------- Context

export interface ManageCaseContext {
  /** The view the address names; the rows on screen belong to it. */
  view: CaseListView;
  /** The filter form as the user has it, including text not applied yet. */
  draft: CaseListFilters;
  rows: CaseView[];
  total: number;
  /** Rows have been loaded at least once (an empty state may be shown). */
  loaded: boolean;
  error: ApiFailure | null;
  rangeError: { field: 'date_from' | 'date_to'; rule: MessageId } | null;
  /** The address this machine last asked for: its arrival keeps the form as the user has it. */
  requested: string | null;
  /** The address of the history entry that typing created, replaced while typing goes on. */
  typedEntry: string | null;
  /** The ticked rows, by reference; they belong to the view on screen. */
  selection: Record<string, true>;
}

// ---------------------------------------------------------------- Events

export type ManageCaseEvent =
  | { type: 'LOCATION'; search: string }
  /** A select or switch of the filter form: applied at once. */
  | { type: 'EDIT'; filters: Partial<CaseListFilters> }
  /** Typing in the form: kept; the search text is applied after a pause. */
  | { type: 'DRAFT'; filters: Partial<CaseListFilters> }
  /** The form submitted: everything in it is applied. */
  | { type: 'APPLY' }
  | { type: 'SORT'; key: CaseSortKey }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; pageSize: number }
  | { type: 'RELOAD' }
  /** The table's ticks changed. */
  | { type: 'SELECT'; selection: Record<string, true> }
  /** The user's action on the ticked cases is done (decided, deleted): the ticks go and the list reloads. */
  | { type: 'ACTED' }
  /** Download the cases of the view on screen (all pages) as CSV or Excel. */
  | { type: 'EXPORT'; format: ExportFormat };

export type ExportFormat = 'csv' | 'xlsx';

/** What the provided download is given: the view on screen and the format. */
export interface ExportRequest {
  view: CaseListView;
  format: ExportFormat;
}

// ---------------------------------------------------------------- Tags

/** busy: the rows are loading (or giving way to the last page with rows); failed: the last load failed. */
export type ManageCaseTag = 'busy' | 'failed' | 'exporting';

// ---------------------------------------------------------------- Provided actions

export interface Navigation {
  search: string;
  replace: boolean;
}
