/**
 * Media Manage Case's view (filters, page, page size) and its address, read and written with the shared
 * address rules (machines/shared/address.ts): a value the address cannot hold reads as the default, only
 * what differs from the default is written, so the unfiltered list is plain /media-manage-case.
 * The list API takes the creation date as a range of days (date_from, date_to); a preset becomes that
 * range in the user's time zone (common/date-presets.ts), as Manage Case's presets do.
 */
import { ADVERSE_CATEGORIES, MEDIA_READ_FILTERS } from '../../common/media';
import { DATE_PRESETS, type DatePreset } from '../../common/enums';
import { presetRange } from '../../common/date-presets';
import { addressOf, customRange, oneOf, positive, queryParams } from '../shared/address';
import { MEDIA_CASE_STATUSES, MEDIA_RISK_LEVELS } from './views';

export const MEDIA_PAGE_SIZES = [10, 20, 50, 100] as const;
/** The read filter's choices (common/media.ts). */
export const READ_FILTERS = MEDIA_READ_FILTERS;

export interface MediaCaseFilters {
  /** Free text in the name, reference and keywords. */
  search: string;
  case_status: string;
  risk_level: string;
  /** '', 'read' or 'unread'. */
  read: string;
  category: string;
  date_preset: string;
  date_from: string;
  date_to: string;
  /** 'true' shows deleted cases. */
  deleted: string;
}

export interface MediaCaseListView {
  filters: MediaCaseFilters;
  page: number;
  pageSize: number;
}

export const DEFAULT_MEDIA_FILTERS: MediaCaseFilters = {
  search: '',
  case_status: '',
  risk_level: '',
  read: '',
  category: '',
  date_preset: 'all_time',
  date_from: '',
  date_to: '',
  deleted: '',
};
export const DEFAULT_MEDIA_VIEW: MediaCaseListView = { filters: DEFAULT_MEDIA_FILTERS, page: 1, pageSize: 20 };

export function viewFromSearch(search: string): MediaCaseListView {
  const q = queryParams(search);
  const preset = oneOf(DATE_PRESETS, q.get('date_preset'), 'all_time');
  const pageSize = Number(q.get('page_size'));
  return {
    filters: {
      search: (q.get('search') ?? '').slice(0, 200),
      case_status: oneOf(['', ...MEDIA_CASE_STATUSES], q.get('case_status'), ''),
      risk_level: oneOf(['', ...MEDIA_RISK_LEVELS], q.get('risk_level'), ''),
      read: oneOf(['', ...READ_FILTERS], q.get('read'), ''),
      category: oneOf(['', ...ADVERSE_CATEGORIES], q.get('category'), ''),
      date_preset: preset,
      ...customRange(preset, q.get('date_from'), q.get('date_to')),
      deleted: q.get('deleted') === 'true' ? 'true' : '',
    },
    page: positive(q.get('page'), 1),
    pageSize: (MEDIA_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_MEDIA_VIEW.pageSize,
  };
}

function normalise(filters: MediaCaseFilters): MediaCaseFilters {
  const custom = filters.date_preset === 'custom';
  return { ...filters, search: filters.search.trim(), date_from: custom ? filters.date_from.trim() : '', date_to: custom ? filters.date_to.trim() : '' };
}

export function searchFromView(view: MediaCaseListView): string {
  const q = new URLSearchParams();
  const filters = normalise(view.filters);
  for (const key of Object.keys(DEFAULT_MEDIA_FILTERS) as (keyof MediaCaseFilters)[]) {
    if (filters[key] !== DEFAULT_MEDIA_FILTERS[key]) q.set(key, filters[key]);
  }
  if (view.page !== 1) q.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_MEDIA_VIEW.pageSize) q.set('page_size', String(view.pageSize));
  return addressOf(q);
}

/** Different filters start again at page 1. */
export function withFilters(view: MediaCaseListView, filters: Partial<MediaCaseFilters>): MediaCaseListView {
  const next = { ...view.filters, ...filters };
  const changed = (Object.keys(filters) as (keyof MediaCaseFilters)[]).some((k) => normalise(next)[k] !== normalise(view.filters)[k]);
  return { ...view, filters: next, page: changed ? 1 : view.page };
}

/** The calendar day of an instant in the user's time zone (offset: minutes behind UTC, as Date.getTimezoneOffset()). */
const localDay = (instant: Date, offsetMinutes: number) => new Date(instant.getTime() - offsetMinutes * 60_000).toISOString().slice(0, 10);

/** The list API's query of a view (the list, and the export of the same cases). */
export function apiQuery(view: MediaCaseListView, tzOffset: number, now = new Date()): Record<string, string | number> {
  const f = normalise(view.filters);
  const q: Record<string, string | number> = {};
  if (f.search) q.search = f.search;
  if (f.case_status) q.case_status = f.case_status;
  if (f.risk_level) q.risk_level = f.risk_level;
  if (f.read) q.read = f.read;
  if (f.category) q.category = f.category;
  if (f.deleted) q.deleted = 'true';
  if (f.date_preset === 'custom') {
    if (f.date_from) q.date_from = f.date_from;
    if (f.date_to) q.date_to = f.date_to;
  } else if (f.date_preset !== 'all_time') {
    const range = presetRange(f.date_preset as DatePreset, now, tzOffset);
    q.date_from = localDay(range.from, tzOffset);
    // Ranges are half-open; the API's date_to is the last day included.
    q.date_to = localDay(new Date(range.to.getTime() - 1), tzOffset);
  }
  return q;
}
