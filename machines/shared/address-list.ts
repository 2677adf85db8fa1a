/**
 * What the case lists driven by their address (Manage Case, Media Manage Case) share: their context, events
 * and tags, and the rule of which address a change asks for. Every change the user makes (a filter, a page,
 * the page size, text typed into the search) becomes a new address through the provided navigate action, and
 * the rows load only when the address changes (LOCATION), so a reload, a shared link and Back show the view
 * the address names. Text typed into the search is applied after a pause; the first pause adds a history
 * entry and later ones replace it, so Back skips the keystrokes. A custom date range is checked with the
 * section-5 date rules before it is applied.
 *
 * Each statechart declares its own regions (XState types a region by its machine's own context, events and
 * actors) and its own address format (searchFromView); the rules they follow are these.
 */
import type { MessageId } from '../../common/messages';
import { validateDateRange } from '../../common/validation';
import type { ApiFailure } from './api-failure';

// ---------------------------------------------------------------- Input

export interface AddressListInput {
  /** The address's query string the page opened with. */
  search: string;
}

// ---------------------------------------------------------------- Context

/** What the shared rules read of a list's view: a search and a date range among its filters, the page. */
export interface AddressListView {
  filters: { search: string; date_preset: string; date_from: string; date_to: string };
  page: number;
  pageSize: number;
}

export interface AddressListContext<View extends AddressListView, Row> {
  /** The view the address names; the rows on screen belong to it. */
  view: View;
  /** The filter form as the user has it, including text not applied yet. */
  draft: View['filters'];
  rows: Row[];
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

/** The context of a list opening on a view: nothing loaded, the form showing the view's filters. */
export const initialAddressList = <View extends AddressListView, Row>(view: View): AddressListContext<View, Row> => ({
  view,
  draft: view.filters,
  rows: [],
  total: 0,
  loaded: false,
  error: null,
  rangeError: null,
  requested: null,
  typedEntry: null,
  selection: {},
});

// ---------------------------------------------------------------- Events

export type ExportFormat = 'csv' | 'xlsx';

/** What the provided download is given: the view on screen and the format. */
export interface ExportRequest<View> {
  view: View;
  format: ExportFormat;
}

export type AddressListEvent<Filters> =
  | { type: 'LOCATION'; search: string }
  /** A select or switch of the filter form: applied at once. */
  | { type: 'EDIT'; filters: Partial<Filters> }
  /** Typing in the form: kept; the search text is applied after a pause. */
  | { type: 'DRAFT'; filters: Partial<Filters> }
  /** The form submitted: everything in it is applied. */
  | { type: 'APPLY' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; pageSize: number }
  | { type: 'RELOAD' }
  /** The table's ticks changed. */
  | { type: 'SELECT'; selection: Record<string, true> }
  /** The user's action on the ticked cases is done (decided, deleted, changed): the ticks go and the list reloads. */
  | { type: 'ACTED' }
  /** Download the cases of the view on screen (all pages) as CSV or Excel. */
  | { type: 'EXPORT'; format: ExportFormat };

// ---------------------------------------------------------------- Tags

/** busy: the rows are loading (or giving way to the last page with rows); failed: the last load failed. */
export type AddressListTag = 'busy' | 'failed' | 'exporting';

// ---------------------------------------------------------------- Provided actions

/** What the provided navigate is given: the query string to go to, and whether it replaces the history entry. */
export interface Navigation {
  search: string;
  replace: boolean;
}

// ---------------------------------------------------------------- Rules

/** A change to make: the context's changes, and the address to go to if it is a new one. */
export interface AddressPlan<View extends AddressListView, Row> {
  changes: Partial<AddressListContext<View, Row>>;
  navigation?: Navigation;
}

/**
 * What asking for the address of a view takes: checked first (a custom range must be a valid range),
 * nothing when it is the address already; typing replaces the entry it created itself, everything else
 * adds one.
 */
export function planAddress<View extends AddressListView, Row>(
  searchFromView: (view: View) => string,
  context: AddressListContext<View, Row>,
  next: View,
  how: { typed?: boolean; replace?: boolean },
): AddressPlan<View, Row> {
  if (next.filters.date_preset === 'custom') {
    const problem = validateDateRange(next.filters.date_from, next.filters.date_to);
    if (problem) return { changes: { rangeError: problem } };
  }
  const current = searchFromView(context.view);
  const search = searchFromView(next);
  if (search === current) return { changes: { rangeError: null } };
  const replace = how.replace ?? (how.typed ? context.typedEntry === current : false);
  return { changes: { rangeError: null, requested: search, typedEntry: how.typed ? search : null }, navigation: { search, replace } };
}

/** Carries out a plan inside enqueueActions: the context changes, then the navigation if there is one. */
export function commitPlan<Changes>(
  enqueue: { assign: (changes: Changes) => void } & ((action: { type: 'navigate'; params: Navigation }) => void),
  plan: { changes: Changes; navigation?: Navigation },
) {
  enqueue.assign(plan.changes);
  if (plan.navigation) enqueue({ type: 'navigate', params: plan.navigation });
}
