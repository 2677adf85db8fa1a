/** Types of the paged list statechart (list.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from './api-failure';

// ---------------------------------------------------------------- Input

export type Filters = Record<string, string>;

export interface ListInput {
  pageSize?: number;
  filters?: Filters;
  /** A search without any filter is refused with user_search_filter (section 5: "User search needs at least one filter"). */
  requireFilter?: boolean;
}

// ---------------------------------------------------------------- Context

export interface ListContext {
  filters: Filters;
  /** The filters the list opened with; CLEAR returns to them. */
  initialFilters: Filters;
  page: number;
  pageSize: number;
  rows: unknown[];
  total: number;
  /** The rows on screen have been loaded at least once (an empty state may be shown). */
  loaded: boolean;
  requireFilter: boolean;
  filterError: MessageId | null;
  error: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type ListEvent =
  | { type: 'SEARCH'; filters: Filters }
  | { type: 'CLEAR' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; pageSize: number }
  | { type: 'RELOAD' };

// ---------------------------------------------------------------- Actor I/O

export interface Page<Row> {
  data: Row[];
  total: number;
}
