/**
 * The search profiles screen's view in its address: the title search and the page
 * (`/search-profile?search=pep&page=2`), so a search can be bookmarked, reloaded and restored with
 * Back. Read and written with the shared address rules (machines/shared/address.ts): a value the
 * address cannot hold reads as the default, and only what differs from it is written.
 */
import { addressOf, positive, queryParams } from '../shared/address';

export interface ProfileListView {
  search: string;
  page: number;
}

export const PROFILE_PAGE_SIZE = 20;
/** Longer searches are cut: the API takes 200 characters, a title holds 20. */
const SEARCH_MAX = 100;

export function viewFromSearch(search: string): ProfileListView {
  const q = queryParams(search);
  return { search: (q.get('search') ?? '').slice(0, SEARCH_MAX), page: positive(q.get('page'), 1) };
}

/** The query string of a view, without "?" ('' for the first page of everything). */
export function searchFromView(view: ProfileListView): string {
  const q = new URLSearchParams();
  if (view.search.trim()) q.set('search', view.search.trim());
  if (view.page > 1) q.set('page', String(view.page));
  return addressOf(q);
}

/** The list call's query for a view. */
export const listQuery = (view: ProfileListView) => ({ page: view.page, page_size: PROFILE_PAGE_SIZE, ...(view.search ? { search: view.search } : {}) });
