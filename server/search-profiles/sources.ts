/**
 * The sources a profile can name: every public list the screening engine has loaded, with the
 * databases it feeds, and the organisation's live custom lists. Choosing among public lists needs them
 * loaded, so, like a search, this waits for lists still loading (up to SCREENING_WAIT_MS) and answers
 * 503 when they do not come.
 */
import { listDatabases, type ProfileSourceRef, type SourceOption } from '../../common/search-profiles';
import { isCustomSource } from '../../common/search-profiles';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { customListNames, liveCustomLists } from './data';

const waitMs = () => Number(process.env.SCREENING_WAIT_MS || 30_000);

/** Resolves once the engine has loaded its lists; 503 lists_loading or lists_unavailable otherwise. */
async function listsLoaded(deps: Pick<Deps, 'screening'>): Promise<void> {
  const state = deps.screening.status().state;
  if (state === 'ready') return;
  if (state === 'failed') throw new ApiError(503, 'lists_unavailable');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), waitMs());
  });
  try {
    const outcome = await Promise.race([deps.screening.ready().then(() => 'ready' as const, () => 'failed' as const), timeout]);
    if (outcome === 'failed') throw new ApiError(503, 'lists_unavailable');
    if (outcome === 'timeout') throw new ApiError(503, 'lists_loading');
  } finally {
    clearTimeout(timer);
  }
}

/** The loaded public lists as sources, in the engine's order. */
function publicSources(deps: Pick<Deps, 'screening'>): SourceOption[] {
  return deps.screening
    .status()
    .lists.filter((l) => Boolean(l.loaded_at))
    .map((l) => ({ id: l.id, name: l.name, kind: 'list' as const, databases: listDatabases(l.database), entities: l.entities }));
}

/** Every source a profile of this organisation may name now. */
export async function sourceOptions(deps: Pick<Deps, 'screening'>, org: OrgDb): Promise<SourceOption[]> {
  await listsLoaded(deps);
  const custom = await liveCustomLists(org);
  return [
    ...publicSources(deps),
    ...custom.map((c) => ({ id: c.id, name: c.name, kind: 'custom' as const, databases: [], list_type: c.list_type, entities: c.total_records })),
  ];
}

/**
 * The sources profiles name, with their names, for the table: public lists by the engine's list names
 * (known even while they load), custom lists by their names (deleted ones too, marked unavailable).
 * Nothing waits here: a list still loading is shown by name.
 */
export async function sourceNames(deps: Pick<Deps, 'screening'>, org: OrgDb, ids: string[]): Promise<(id: string) => ProfileSourceRef> {
  const lists = new Map(deps.screening.status().lists.map((l) => [l.id, l]));
  const custom = await customListNames(org, [...new Set(ids.filter(isCustomSource))]);
  return (id) => {
    if (isCustomSource(id)) {
      const row = custom.get(id.toLowerCase()) ?? custom.get(id);
      return row ? { id, name: row.name, kind: 'custom', list_type: row.list_type, available: !row.is_deleted } : { id, name: null, kind: 'custom', available: false };
    }
    const list = lists.get(id);
    return list ? { id, name: list.name, kind: 'list', available: Boolean(list.loaded_at) } : { id, name: null, kind: 'list', available: false };
  };
}
