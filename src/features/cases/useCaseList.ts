/**
 * Runs Manage Case's statechart (machines/cases/manage-case.machine.ts) against
 * the router: the address's query string goes in as LOCATION, the machine's
 * navigate comes out as a push or replace of /manage-case?….
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { CaseView, Paged } from '@common/cases';
import { apiQuery } from '@machines/cases/case-list-query';
import { manageCaseMachine } from '@machines/cases/manage-case.machine';
import { api } from '../../lib/api';

export function useCaseList() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [machine] = useState(() =>
    manageCaseMachine.provide({
      actors: {
        load: fromPromise(({ input }) =>
          api.get<Paged<CaseView>>('/searches', { ...apiQuery(input, new Date().getTimezoneOffset()), page: input.page, page_size: input.pageSize }),
        ),
      },
      actions: {
        navigate: (_, params) => navigateRef.current(`/manage-case${params.search ? `?${params.search}` : ''}`, { replace: params.replace }),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { search } });
  // Every address change (a click here, Back, Forward, the sidebar's or the dashboard's links) reaches the machine.
  useEffect(() => actor.send({ type: 'LOCATION', search }), [actor, search]);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }) || s.matches({ list: 'settling' }));
  const failed = useSelector(actor, (s) => s.matches({ list: 'failed' }));
  return {
    view: context.view,
    /** The applied filters and sort, as the address names them. */
    filters: context.view.filters,
    draft: context.draft,
    rangeError: context.rangeError,
    rows: context.rows,
    total: context.total,
    page: context.view.page,
    pageSize: context.view.pageSize,
    loaded: context.loaded,
    error: context.error,
    loading,
    failed,
    send: actor.send,
    goTo: (page: number) => actor.send({ type: 'PAGE', page }),
    reload: () => actor.send({ type: 'RELOAD' }),
  };
}
