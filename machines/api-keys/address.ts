/**
 * The API Keys screen's view in its address (`/api-keys?page=2`), so a reload or Back shows the same page.
 * Read and written with the shared address rules (machines/shared/address.ts).
 */
import { addressOf, positive, queryParams } from '../shared/address';

export interface ApiKeysView {
  page: number;
}

/** Rows per page of the API key list. */
export const API_KEY_PAGE_SIZE = 20;

export const viewFromSearch = (search: string): ApiKeysView => ({ page: positive(queryParams(search).get('page'), 1) });

export function searchFromView(view: ApiKeysView): string {
  const q = new URLSearchParams();
  if (view.page > 1) q.set('page', String(view.page));
  return addressOf(q);
}

export const listQuery = (view: ApiKeysView) => ({ page: view.page, page_size: API_KEY_PAGE_SIZE });
