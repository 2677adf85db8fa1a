/**
 * The search profile calls (section 7 "Search profile: search-profile"; docs/search-profiles.md): the
 * organisation's profiles as a paged list, create, update and delete, and the sources a profile can
 * choose. Behind the search-profile route's requirement (view_search_profile, not on the basic plan),
 * and create/update/delete_search_profile for the changes. Each change is in the audit history.
 * Applying a profile to a search is server/case-store/scope.ts's.
 */
import { findRoute, withPermission } from '../../common/access';
import { isCustomSource, profileTitle, sourceProblem, uniqueSources, type SearchProfileView, type SourceOption } from '../../common/search-profiles';
import { toBoolean } from '../../common/schemas/core';
import { CreateSearchProfileBody, DeleteSearchProfileBody, SearchProfileListQuery, UpdateSearchProfileBody } from '../../common/schemas/search-profiles';
import { auditAction } from '../audit/actor';
import { isUniqueViolation } from '../db/errors';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError, notFound } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { isKnownCountry } from '../reference/countries';
import {
  deleteProfile,
  findProfile,
  insertProfile,
  listProfiles,
  lockProfile,
  titleTaken,
  unfinishedBatchUsing,
  updateProfile,
  type ProfileRow,
  type ProfileSettings,
} from './data';
import { sourceNames, sourceOptions } from './sources';

const VIEW = findRoute('search-profile').requirement;
const TAG = 'Search profiles';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The profile as the screens and the API show it, its sources named. */
async function toViews(deps: Pick<Deps, 'screening'>, org: OrgDb, rows: ProfileRow[]): Promise<SearchProfileView[]> {
  const name = await sourceNames(deps, org, rows.flatMap((r) => r.sources ?? []));
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    databases: r.databases ?? [],
    sources: r.sources ?? [],
    source_details: (r.sources ?? []).map(name),
    countries: r.countries ?? [],
    publisher_search: Boolean(r.publisher_search),
    created_by: r.created_by_id ? { _id: r.created_by_id, name: r.created_by_name ?? '' } : null,
    created_at: iso(r.created_at),
    updated_by: r.updated_by_id ? { _id: r.updated_by_id, name: r.updated_by_name ?? '' } : null,
    updated_at: iso(r.updated_at),
  }));
}

async function viewOf(deps: Pick<Deps, 'screening'>, org: OrgDb, id: string): Promise<SearchProfileView> {
  const row = await findProfile(org, id);
  if (!row) throw notFound();
  return (await toViews(deps, org, [row]))[0];
}

/** Custom list ids are uuids, which the database writes in lower case; public list ids are kept as given. */
const normaliseSources = (sources: readonly string[]) => uniqueSources(sources.map((s) => (isCustomSource(s.trim()) ? s.trim().toLowerCase() : s.trim())));

/** Country codes upper-cased without repeats; a code that is not a country is a field error. */
function checkedCountries(countries: readonly string[]): string[] {
  const codes = [...new Set(countries.map((c) => c.trim().toUpperCase()))];
  const unknown = codes.find((c) => !isKnownCountry(c));
  if (unknown) throw new ApiError(400, 'invalid_country', {}, 'countries', { values: { country: unknown } });
  return codes;
}

/** Sources that are loaded public lists of the chosen databases or live custom lists of the organisation (options). */
function checkSources(settings: ProfileSettings, options: readonly SourceOption[]): void {
  const problem = sourceProblem(settings.databases, settings.sources, options);
  if (problem) throw new ApiError(400, problem.code, { source: problem.source }, 'sources', { values: { source: problem.source } });
}

/** A title another profile has: 409, on the title field. */
async function checkTitle(org: OrgDb, title: string, exceptId?: string) {
  if (await titleTaken(org, title, exceptId)) throw new ApiError(409, 'profile_title_exists', {}, 'title');
}

async function withUniqueTitle<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two requests raced past titleTaken(); the unique index settled it.
    if (isUniqueViolation(error)) throw new ApiError(409, 'profile_title_exists', {}, 'title');
    throw error;
  }
}

/** What changed, field by field, for the audit history. */
function changes(before: ProfileSettings, after: ProfileSettings): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['title', 'databases', 'sources', 'countries', 'publisher_search'] as const) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = { from: before[key], to: after[key] };
  }
  return out;
}

export function searchProfileRoutes() {
  return [
    route({
      method: 'GET',
      path: '/search-profile',
      operationId: 'listSearchProfiles',
      examples: [{ query: { search: 'profile', page: 1, page_size: 20 } }],
      tag: TAG,
      summary: "The organisation's search profiles, a page at a time in title order; search finds titles holding the text.",
      access: VIEW,
      query: SearchProfileListQuery,
      async handler({ deps, org, query }) {
        const { rows, total } = await listProfiles(org, { search: query.search, page: query.page, pageSize: query.page_size });
        return pageOf(query, total, await toViews(deps, org, rows));
      },
    }),

    route({
      method: 'GET',
      path: '/search-profile-sources',
      operationId: 'listSearchProfileSources',
      tag: TAG,
      summary: "The sources a profile can choose: every loaded public list with the databases it feeds, and the organisation's live custom lists.",
      access: VIEW,
      async handler({ deps, org }) {
        return { data: await sourceOptions(deps, org) };
      },
    }),

    route({
      method: 'POST',
      path: '/search-profile',
      operationId: 'createSearchProfile',
      examples: [{ body: { title: 'Attack suite profile', databases: ['sanctions', 'pep'], sources: ['un_sc_consolidated'], countries: ['GB'], publisher_search: false } }],
      tag: TAG,
      summary: "Creates a search profile: a unique title, databases, sources (none: all), default countries, publisher search.",
      access: withPermission(VIEW, 'create_search_profile'),
      body: CreateSearchProfileBody,
      async handler(ctx) {
        const { deps, org, body, auth, reply } = ctx;
        const settings: ProfileSettings = {
          title: profileTitle(body.title),
          databases: [...new Set(body.databases)],
          sources: normaliseSources(body.sources),
          countries: checkedCountries(body.countries),
          publisher_search: toBoolean(body.publisher_search),
        };
        // The sources are read before the transaction: waiting for lists still loading must not hold it open.
        if (settings.sources.length) checkSources(settings, await sourceOptions(deps, org));
        const id = await withUniqueTitle(() =>
          org.transaction(async (tx) => {
            await checkTitle(tx, settings.title);
            const created = await insertProfile(tx, settings, auth.user.id);
            await auditAction(tx, ctx, 'search_profile.created', { type: 'search_profile', id: created }, { ...settings });
            return created;
          }),
        );
        reply.status(201);
        return done('search_profile_created', { profile: await viewOf(deps, org, id) }, { title: settings.title });
      },
    }),

    route({
      method: 'POST',
      path: '/search-profile/update',
      operationId: 'updateSearchProfile',
      ids: { 'body.id': 'search_profile' },
      examples: [{ body: { id: '<search profile id>', databases: ['sanctions'], sources: ['un_sc_consolidated'], countries: ['GB'], publisher_search: true } }],
      tag: TAG,
      summary: 'Changes a search profile: the fields given change, the others stay. Cases searched by it keep what they recorded.',
      access: withPermission(VIEW, 'update_search_profile'),
      body: UpdateSearchProfileBody,
      async handler(ctx) {
        const { deps, org, body, auth } = ctx;
        // Sources are checked when they or the databases change (a list deleted since does not stop a rename),
        // against the sources read before the transaction: waiting for lists still loading must not hold it open.
        const recheck = body.sources !== undefined || body.databases !== undefined;
        const current = await findProfile(org, body.id.trim());
        if (!current) throw notFound();
        const named = body.sources !== undefined ? normaliseSources(body.sources) : current.sources;
        const options = recheck && named.length ? await sourceOptions(deps, org) : [];
        const outcome = await withUniqueTitle(() =>
          org.transaction(async (tx) => {
            const before = await lockProfile(tx, body.id.trim());
            if (!before) throw notFound();
            const after: ProfileSettings = {
              title: body.title !== undefined ? profileTitle(body.title) : before.title,
              databases: body.databases !== undefined ? [...new Set(body.databases)] : before.databases,
              sources: body.sources !== undefined ? normaliseSources(body.sources) : before.sources,
              countries: body.countries !== undefined ? checkedCountries(body.countries) : before.countries,
              publisher_search: body.publisher_search !== undefined ? toBoolean(body.publisher_search) : before.publisher_search,
            };
            if (recheck) checkSources(after, options);
            if (after.title !== before.title) await checkTitle(tx, after.title, before.id);
            const changed = changes(before, after);
            if (Object.keys(changed).length) {
              await updateProfile(tx, before.id, after, auth.user.id);
              await auditAction(tx, ctx, 'search_profile.updated', { type: 'search_profile', id: before.id }, { title: after.title, changes: changed });
            }
            return { id: before.id, title: after.title };
          }),
        );
        return done('search_profile_updated', { profile: await viewOf(deps, org, outcome.id) }, { title: outcome.title });
      },
    }),

    route({
      method: 'POST',
      path: '/search-profile/delete',
      operationId: 'deleteSearchProfile',
      ids: { 'body.id': 'search_profile' },
      examples: [{ body: { id: '<search profile id>' } }],
      tag: TAG,
      summary: 'Deletes a search profile. Cases searched by it keep the profile they recorded; a bulk search still screening with it must finish first.',
      access: withPermission(VIEW, 'delete_search_profile'),
      body: DeleteSearchProfileBody,
      async handler(ctx) {
        const { org, body } = ctx;
        await org.transaction(async (tx) => {
          const profile = await lockProfile(tx, body.id.trim());
          if (!profile) throw notFound();
          const batch = await unfinishedBatchUsing(tx, profile.id);
          if (batch) throw new ApiError(409, 'profile_in_batch', { batch: batch.name }, undefined, { values: { batch: batch.name } });
          await deleteProfile(tx, profile.id);
          await auditAction(tx, ctx, 'search_profile.deleted', { type: 'search_profile', id: profile.id }, { title: profile.title });
        });
        return done('search_profile_deleted', { id: body.id.trim() });
      },
    }),
  ];
}
