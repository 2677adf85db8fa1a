/**
 * A list screen searched by title, in its address: the search and the page
 * (`/search-profile?search=pep&page=2`), so a search can be bookmarked, reloaded and restored with Back.
 * Read and written with the shared address rules (address.ts): a value the address cannot hold reads as
 * the default, and only what differs from it is written. Search profiles and risk-scoring engines use it.
 */
import { addressOf, positive, queryParams } from './address';

export interface TitleListView {
  search: string;
  page: number;
}

/** Rows per page of such a list. */
export const TITLE_LIST_PAGE_SIZE = 20;
/** Longer searches are cut: the API takes 200 characters, titles hold far fewer. */
const SEARCH_MAX = 100;

export function viewFromSearch(search: string): TitleListView {
  const q = queryParams(search);
  return { search: (q.get('search') ?? '').slice(0, SEARCH_MAX), page: positive(q.get('page'), 1) };
}

/** The query string of a view, without "?" ('' for the first page of everything). */
export function searchFromView(view: TitleListView): string {
  const q = new URLSearchParams();
  if (view.search.trim()) q.set('search', view.search.trim());
  if (view.page > 1) q.set('page', String(view.page));
  return addressOf(q);
}

/** The list call's query for a view. */
export const listQuery = (view: TitleListView) => ({ page: view.page, page_size: TITLE_LIST_PAGE_SIZE, ...(view.search ? { search: view.search } : {}) });
