/**
 * Manage Payments' invoices page in its address (`/manage-payments?page=2`), so a reload or Back shows the
 * same page. Read and written with the shared address rules (machines/shared/address.ts).
 */
import { addressOf, positive, queryParams } from '../shared/address';

export interface InvoicesView {
  page: number;
}

/** Invoices per page. */
export const INVOICE_PAGE_SIZE = 10;

export const viewFromSearch = (search: string): InvoicesView => ({ page: positive(queryParams(search).get('page'), 1) });

export function searchFromView(view: InvoicesView): string {
  const q = new URLSearchParams();
  if (view.page > 1) q.set('page', String(view.page));
  return addressOf(q);
}

export const invoicesQuery = (view: InvoicesView) => ({ page: view.page, page_size: INVOICE_PAGE_SIZE });
