/**
 * Manage Case's view (filters, sort, page, page size) and its address: the
 * query string holds the whole view, so a filtered list can be bookmarked,
 * shared, reloaded and restored with Back. Values the address cannot hold are
 * read as the default rather than refused; only what differs from the default
 * is written, so the unfiltered list is plain /manage-case.
 */
import { CASE_SORT_KEYS, type CaseSortKey } from '../../common/cases';
import { CASE_FILTER_STATUSES, DATE_PRESETS, RELEVANCE } from '../../common/enums';
import { addressOf, customRange, oneOf, positive, queryParams } from '../shared/address';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface CaseListFilters {
  /** Free text in the name, case reference and client reference. */
  search: string;
  /** '' or one of the Manage Case statuses (Passed, For Review, Failed). */
  case_status: string;
  date_preset: string;
  /** Only with date_preset custom. */
  date_from: string;
  date_to: string;
  relevance: string;
  /** 'true' shows deleted cases. */
  deleted: string;
  /** A bulk search's cases, by the batch's name (Bulk Search's "View cases"). */
  batch: string;
  sort_by: CaseSortKey;
  sort_order: 'asc' | 'desc';
}

export interface CaseListView {
  filters: CaseListFilters;
  page: number;
  pageSize: number;
}

export const DEFAULT_FILTERS: CaseListFilters = {
  search: '',
  case_status: '',
  date_preset: 'all_time',
  date_from: '',
  date_to: '',
  relevance: '',
  deleted: '',
  batch: '',
  sort_by: 'created_at',
  sort_order: 'desc',
};
export const DEFAULT_VIEW: CaseListView = { filters: DEFAULT_FILTERS, page: 1, pageSize: 20 };

/**
 * Address parameter of each part of the view. Case status keeps the spec's
 * caseStatus (the route guard accepts Passed, For Review and Failed); the rest
 * use the API's own names.
 */
const PARAM: Record<keyof CaseListFilters | 'page' | 'pageSize', string> = {
  search: 'search',
  case_status: 'caseStatus',
  date_preset: 'date_preset',
  date_from: 'date_from',
  date_to: 'date_to',
  relevance: 'relevance',
  deleted: 'deleted',
  batch: 'batch',
  sort_by: 'sort_by',
  sort_order: 'sort_order',
  page: 'page',
  pageSize: 'page_size',
};

/** The view a query string asks for ("?caseStatus=Failed&page=2", with or without the "?"). */
export function viewFromSearch(search: string): CaseListView {
  const q = queryParams(search);
  const get = (key: keyof typeof PARAM) => q.get(PARAM[key]);
  const preset = oneOf(DATE_PRESETS, get('date_preset'), 'all_time');
  const pageSize = Number(get('pageSize'));
  return {
    filters: {
      search: (get('search') ?? '').slice(0, 200),
      case_status: oneOf(['', ...CASE_FILTER_STATUSES], get('case_status'), ''),
      date_preset: preset,
      ...customRange(preset, get('date_from'), get('date_to')),
      relevance: oneOf(['', ...RELEVANCE], get('relevance'), ''),
      deleted: get('deleted') === 'true' ? 'true' : '',
      batch: (get('batch') ?? '').slice(0, 100),
      sort_by: oneOf(CASE_SORT_KEYS, get('sort_by'), 'created_at'),
      sort_order: oneOf(['asc', 'desc'] as const, get('sort_order'), 'desc'),
    },
    page: positive(get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_VIEW.pageSize,
  };
}

/** The query string of a view, without the "?"; '' for the default view. Parameters keep one order, so equal views give equal addresses. */
export function searchFromView(view: CaseListView): string {
  const q = new URLSearchParams();
  const filters = normalise(view.filters);
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof CaseListFilters)[]) {
    if (filters[key] !== DEFAULT_FILTERS[key]) q.set(PARAM[key], filters[key]);
  }
  if (view.page !== DEFAULT_VIEW.page) q.set(PARAM.page, String(view.page));
  if (view.pageSize !== DEFAULT_VIEW.pageSize) q.set(PARAM.pageSize, String(view.pageSize));
  return addressOf(q);
}

/** Dates only belong to a custom range; the search is kept as typed but without surrounding spaces. */
function normalise(filters: CaseListFilters): CaseListFilters {
  const custom = filters.date_preset === 'custom';
  return { ...filters, search: filters.search.trim(), batch: filters.batch.trim(), date_from: custom ? filters.date_from.trim() : '', date_to: custom ? filters.date_to.trim() : '' };
}

export const sameView = (a: CaseListView, b: CaseListView) => searchFromView(a) === searchFromView(b);

/** Different filters start again at page 1; sort, page size and paging are the caller's. */
export function withFilters(view: CaseListView, filters: Partial<CaseListFilters>): CaseListView {
  const next = { ...view.filters, ...filters };
  const changedFilter = (Object.keys(filters) as (keyof CaseListFilters)[]).some((k) => normalise(next)[k] !== normalise(view.filters)[k]);
  return { ...view, filters: next, page: changedFilter ? 1 : view.page };
}

/** Sorting by a column: descending first, a second click turns it around. */
export function sortedBy(view: CaseListView, key: CaseSortKey): CaseListView {
  const order = view.filters.sort_by === key && view.filters.sort_order === 'desc' ? 'asc' : 'desc';
  return { ...view, filters: { ...view.filters, sort_by: key, sort_order: order }, page: 1 };
}

/** The API query of a view (searches and download-cases), with the browser's time zone for the date presets. */
export function apiQuery(view: CaseListView, tzOffset: number): Record<string, string | number> {
  const filters = normalise(view.filters);
  const q: Record<string, string | number> = { tz_offset: tzOffset, sort_by: filters.sort_by, sort_order: filters.sort_order, date_preset: filters.date_preset };
  if (filters.search) q.search = filters.search;
  if (filters.case_status) q.case_status = filters.case_status;
  if (filters.relevance) q.relevance = filters.relevance;
  if (filters.deleted) q.deleted = filters.deleted;
  if (filters.batch) q.batch_name = filters.batch;
  if (filters.date_preset === 'custom') {
    q.date_from = filters.date_from;
    q.date_to = filters.date_to;
  }
  return q;
}
