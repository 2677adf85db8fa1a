/**
 * A GET whose answer a screen shows, run by the loading statechart
 * (machines/shared/resource.machine.ts) with the API client: it loads when the
 * path or query changes (a null path asks for nothing), keeps the previous
 * answer on screen while the next loads, and reloads on reload().
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { ApiFailure } from '@machines/shared/api-failure';
import { requestKey, resourceMachine } from '@machines/shared/resource.machine';
import { selectData, selectError, selectLoading } from '@machines/shared/resource.selectors';
import type { ResourceRequest } from '@machines/shared/resource.types';
import { api } from './api';

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  error: ApiFailure | null;
  reload: () => void;
  retry: () => void;
}

const fromApi = resourceMachine.provide({
  actors: { load: fromPromise(({ input }: { input: ResourceRequest }) => api.get(input.path, input.query)) },
});

export function useResource<T>(path: string | null, query?: Record<string, unknown>): Loaded<T> {
  const request: ResourceRequest | null = path ? { path, query } : null;
  const key = requestKey(request);
  const actor = useActorRef(fromApi, { input: { request } });
  // The request is the screen's (its props and filters): each change is told to the machine, which decides what to load.
  useEffect(() => actor.send({ type: 'REQUEST', request }), [actor, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const data = useSelector(actor, selectData) as T | null;
  const loading = useSelector(actor, selectLoading);
  const error = useSelector(actor, selectError);
  const reload = useCallback(() => actor.send({ type: 'RELOAD' }), [actor]);
  const retry = useCallback(() => actor.send({ type: 'RETRY' }), [actor]);
  return { data, loading, error, reload, retry };
}
