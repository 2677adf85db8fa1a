/**
 * An article's whole text with its highlights (POST /api/highlight-text), loaded by the shared loading
 * statechart (machines/shared/resource.machine.ts) with a POST instead of a GET: it loads when the article
 * asked for changes (null asks for nothing: the reader is closed), drops an answer to an earlier article,
 * and retries on demand. The reader of every screen that shows articles uses it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { fromPromise } from 'xstate';
import { requestKey, resourceMachine } from '@machines/shared/resource.machine';
import { selectData, selectError, selectLoading } from '@machines/shared/resource.selectors';
import type { ResourceRequest } from '@machines/shared/resource.types';
import type { MatchKind, TextSegment, ArticleView } from '@common/media';
import { api } from './api';
import type { Loaded } from './useResource';

export interface HighlightRequest {
  article_id: string;
  /** The searched words to mark besides the adverse keywords. */
  terms?: string[];
  match?: MatchKind;
}

export interface Highlighted {
  article: ArticleView;
  title: TextSegment[];
  body: TextSegment[];
}

const PATH = '/highlight-text';

const fromApi = resourceMachine.provide({
  actors: { load: fromPromise(({ input }: { input: ResourceRequest }) => api.post(input.path, input.query)) },
});

export function useHighlight(request: HighlightRequest | null): Loaded<Highlighted> {
  const resource: ResourceRequest | null = request ? { path: PATH, query: { ...request } } : null;
  const key = requestKey(resource);
  const actor = useActorRef(fromApi, { input: { request: resource } });
  // The article is the screen's (which one the user opened): each change is told to the machine, which decides what to load.
  useEffect(() => actor.send({ type: 'REQUEST', request: resource }), [actor, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const data = useSelector(actor, selectData) as Highlighted | null;
  const loading = useSelector(actor, selectLoading);
  const error = useSelector(actor, selectError);
  const reload = useCallback(() => actor.send({ type: 'RELOAD' }), [actor]);
  const retry = useCallback(() => actor.send({ type: 'RETRY' }), [actor]);
  return { data, loading, error, reload, retry };
}
