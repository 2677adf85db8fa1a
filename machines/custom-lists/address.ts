/**
 * The custom list screens' views in their addresses (machines/shared/address.ts rules): the list page's
 * filters and page (?name=&type=&deleted=1&page=) and a list's records page's search and page
 * (?search=&deleted=1&page=). A value the address cannot hold reads as the default; only what differs
 * from the default is written.
 */
import { CUSTOM_LIST_TYPES, type CustomListType } from '../../common/enums';
import { addressOf, oneOf, positive, queryParams } from '../shared/address';

export interface ListFilters {
  name: string;
  type: CustomListType | '';
  /** Deleted lists too. */
  deleted: boolean;
}

export const NO_LIST_FILTERS: ListFilters = { name: '', type: '', deleted: false };

export function listsFromSearch(search: string): { filters: ListFilters; page: number } {
  const q = queryParams(search);
  return {
    filters: { name: (q.get('name') ?? '').slice(0, 100), type: oneOf(['', ...CUSTOM_LIST_TYPES], q.get('type'), ''), deleted: q.get('deleted') === '1' },
    page: positive(q.get('page'), 1, 100_000),
  };
}

export function searchFromLists(filters: ListFilters, page = 1): string {
  const q = new URLSearchParams();
  if (filters.name.trim()) q.set('name', filters.name.trim());
  if (filters.type) q.set('type', filters.type);
  if (filters.deleted) q.set('deleted', '1');
  if (page > 1) q.set('page', String(page));
  return addressOf(q);
}

/** The list page's request (GET /api/get-custom-listing). */
export function listsQuery(filters: ListFilters, page: number, pageSize: number): Record<string, string | number> {
  return {
    ...(filters.name.trim() ? { name: filters.name.trim() } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.deleted ? { include_deleted: 'true' } : {}),
    page,
    page_size: pageSize,
  };
}

export interface RecordFilters {
  search: string;
  /** Deleted records too. */
  deleted: boolean;
}

export const NO_RECORD_FILTERS: RecordFilters = { search: '', deleted: false };

export function recordsFromSearch(search: string): { filters: RecordFilters; page: number } {
  const q = queryParams(search);
  return { filters: { search: (q.get('search') ?? '').slice(0, 100), deleted: q.get('deleted') === '1' }, page: positive(q.get('page'), 1, 100_000) };
}

export function searchFromRecords(filters: RecordFilters, page = 1): string {
  const q = new URLSearchParams();
  if (filters.search.trim()) q.set('search', filters.search.trim());
  if (filters.deleted) q.set('deleted', '1');
  if (page > 1) q.set('page', String(page));
  return addressOf(q);
}

/** A list's records page's request (GET /api/get-custom-listing-entries). */
export function recordsQuery(listId: string, filters: RecordFilters, page: number, pageSize: number): Record<string, string | number> {
  return {
    list_id: listId,
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.deleted ? { include_deleted: 'true' } : {}),
    page,
    page_size: pageSize,
  };
}
