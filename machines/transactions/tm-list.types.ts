/**
 * Types of the transaction-monitoring list statechart (tm-list.machine.ts): Transaction Listing, Customer Listing
 * and Alerts Listing, each driven by its address. The address-driven list's own context, events and tags are
 * shared with the case lists (machines/shared/address-list.ts).
 */
import type { AddressListContext, AddressListEvent, AddressListTag, ExportRequest as ListExportRequest } from '../shared/address-list';
import type { TmFilters, TmListKind, TmListView } from './list-query';
export type { ExportFormat, Navigation } from '../shared/address-list';

// ---------------------------------------------------------------- Input

export interface TmListInput {
  kind: TmListKind;
  /** The address's query string the page opened with. */
  search: string;
}

// ---------------------------------------------------------------- Context

export interface TmListContext extends AddressListContext<TmListView, unknown> {
  kind: TmListKind;
  /** Why the amount range of the form cannot be applied (a locale key under transactions.listing). */
  amountError: { field: 'min_amount' | 'max_amount'; key: 'amount_invalid' | 'amount_order' } | null;
}

// ---------------------------------------------------------------- Events

export type TmListEvent = AddressListEvent<TmFilters>;

export type ExportRequest = ListExportRequest<TmListView> & { kind: TmListKind };

/** What the provided load is given: the list and its view. */
export interface LoadRequest {
  kind: TmListKind;
  view: TmListView;
}

// ---------------------------------------------------------------- Tags

export type TmListTag = AddressListTag;
