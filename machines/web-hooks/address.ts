/**
 * The Web Hooks screen's view in its address (`/web-hooks?page=2&webhook=<id>&log_page=3&delivery=<id>`):
 * the list's page, the web hook whose delivery log is open in the drawer, the log's page and the delivery
 * opened in it. So the drawer survives a reload, a link can be shared with a colleague ("this delivery
 * failed"), and Back closes what was opened last. Read and written with the shared address rules
 * (machines/shared/address.ts): a value the address cannot hold reads as the default, and only what
 * differs from it is written.
 */
import { addressOf, positive, queryParams } from '../shared/address';

export interface WebhooksView {
  page: number;
  /** The web hook whose delivery log is open; null when the drawer is closed. */
  webhook: string | null;
  /** The delivery log's page. */
  logPage: number;
  /** The delivery whose payload and attempts are shown; null when none is. */
  delivery: string | null;
}

/** Rows per page of the web hooks list and of a delivery log. */
export const WEBHOOK_PAGE_SIZE = 20;
export const DELIVERY_PAGE_SIZE = 20;

/** Record ids are UUIDs; anything else in the address is not one and is ignored rather than sent to the API. */
const ID = /^[0-9A-Za-z_-]{1,64}$/;
const id = (value: string | null) => (value && ID.test(value) ? value : null);

export function viewFromSearch(search: string): WebhooksView {
  const q = queryParams(search);
  const webhook = id(q.get('webhook'));
  return {
    page: positive(q.get('page'), 1),
    webhook,
    // A log page or a delivery without the web hook they belong to mean nothing.
    logPage: webhook ? positive(q.get('log_page'), 1) : 1,
    delivery: webhook ? id(q.get('delivery')) : null,
  };
}

/** The query string of a view, without "?" ('' for the first page with nothing open). */
export function searchFromView(view: WebhooksView): string {
  const q = new URLSearchParams();
  if (view.page > 1) q.set('page', String(view.page));
  if (view.webhook) {
    q.set('webhook', view.webhook);
    if (view.logPage > 1) q.set('log_page', String(view.logPage));
    if (view.delivery) q.set('delivery', view.delivery);
  }
  return addressOf(q);
}

export const listQuery = (view: WebhooksView) => ({ page: view.page, page_size: WEBHOOK_PAGE_SIZE });
export const logQuery = (view: WebhooksView) => ({ page: view.logPage, page_size: DELIVERY_PAGE_SIZE });
