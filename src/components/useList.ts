/** Runs a paged-list statechart (machines/admin/list.machine.ts) for a view, with the view's loader. */
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { listMachine, type Filters, type ListInput, type Page } from '@machines/shared/list.machine';
import { selectIsFailed, selectIsLoading } from '@machines/shared/list.selectors';
import { inspect } from '../lib/inspector';

export function useList<Row>(load: (query: { filters: Filters; page: number; pageSize: number }) => Promise<Page<Row>>, input: ListInput = {}) {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [machine] = useState(() => listMachine.provide({ actors: { load: fromPromise(({ input: query }) => loadRef.current(query)) } }));
  const actor = useActorRef(machine, { input, inspect });
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectIsFailed);
  return {
    rows: context.rows as Row[],
    total: context.total,
    page: context.page,
    pageSize: context.pageSize,
    filters: context.filters,
    loaded: context.loaded,
    filterError: context.filterError,
    error: context.error,
    loading,
    failed,
    search: (filters: Filters) => actor.send({ type: 'SEARCH', filters }),
    clear: () => actor.send({ type: 'CLEAR' }),
    goTo: (page: number) => actor.send({ type: 'PAGE', page }),
    reload: () => actor.send({ type: 'RELOAD' }),
  };
}
