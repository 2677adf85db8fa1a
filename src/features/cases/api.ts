/** The case calls as the case screens use them. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { SOCKET_EVENTS } from '@common/constants';
import { api } from '../../lib/api';
import { onSocketEvent } from '../../lib/socket';

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  error: { message: string; code?: string; status?: number | null } | null;
  reload: () => void;
}

/** A GET whose answer the screen shows; reloads when the query changes or on reload(). */
export function useApiGet<T>(path: string | null, query?: Record<string, unknown>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(Boolean(path));
  const [error, setError] = useState<Loaded<T>['error']>(null);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!path) return;
    let live = true;
    setLoading(true);
    api.get<T>(path, JSON.parse(key)).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setError(null);
        setLoading(false);
      },
      (failure) => {
        if (!live) return;
        setError({ message: failure.message, code: failure.code, status: failure.status });
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [path, key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, error, reload };
}

/** Calls onChange when the server says a case (any, or the given reference) changed. */
export function useCaseChanges(reference: string | null, onChange: () => void) {
  const ref = useRef(onChange);
  ref.current = onChange;
  useEffect(
    () =>
      onSocketEvent<{ data?: { search_reference?: string } }>(SOCKET_EVENTS.changeStreams, (event) => {
        if (!reference || event?.data?.search_reference === reference) ref.current();
      }),
    [reference],
  );
}

export const caseApi = {
  decide: (body: Record<string, unknown>) => api.post('/decision-review', body),
  monitor: (body: Record<string, unknown>) => api.post('/monitor', body),
  addComment: (body: Record<string, unknown>) => api.post('/add-comment', body),
  updateComment: (body: Record<string, unknown>) => api.post('/update-comment', body),
  deleteComment: (body: Record<string, unknown>) => api.post('/delete-comment', body),
  deleteCases: (body: Record<string, unknown>) => api.post('/delete-cases', body),
};
