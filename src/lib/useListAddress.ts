/**
 * The router's side of a list statechart driven by its address (machines/shared/address-list.ts): the query
 * string the list opens with, the navigate action it is provided with (a push or a replace of `path?…`), and
 * every address change (a click, Back, Forward, a link elsewhere in the app) sent to it as LOCATION.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AddressListContext, AddressListView, Navigation } from '@machines/shared/address-list';

export function useListAddress(path: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  // The statechart is provided once; it reaches the router's latest navigate through the ref.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [toAddress] = useState(() => (_: unknown, params: Navigation) => navigateRef.current(`${path}${params.search ? `?${params.search}` : ''}`, { replace: params.replace }));
  return { search, navigate: toAddress };
}

/** Sends the address's query string to the list's actor whenever it changes. */
export function useLocationEvents(actor: { send: (event: { type: 'LOCATION'; search: string }) => void }, search: string) {
  useEffect(() => actor.send({ type: 'LOCATION', search }), [actor, search]);
}

/** What a list's page reads of its statechart's context: the applied view, the form, the rows and the ticks. */
export function listFields<Context extends AddressListContext<AddressListView, unknown>>(context: Context) {
  return {
    /** The applied filters, as the address names them. */
    filters: context.view.filters as Context['view']['filters'],
    draft: context.draft as Context['draft'],
    rangeError: context.rangeError,
    rows: context.rows as Context['rows'],
    total: context.total,
    page: context.view.page,
    pageSize: context.view.pageSize,
    loaded: context.loaded,
    /** The ticked rows, by reference. */
    selection: context.selection,
    error: context.error,
  };
}
