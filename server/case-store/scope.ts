/**
 * Where a search looks: the databases chosen by hand, or a search profile's databases, sources and
 * countries. Create New Case and bulk search resolve a search's scope here, so a profile is applied one
 * way by both; the case records the profile and keeps the sources in its search input, so ongoing
 * monitoring re-screens it the same way.
 */
import { planIncludes } from '../../common/access';
import { databasesProblem } from '../../common/cases';
import { DATABASES, type Database } from '../../common/enums';
import type { MessageId } from '../../common/messages';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { organisationAccess } from './screen';

export interface SearchChoice {
  search_type?: 'manual' | 'profile' | string;
  databases?: readonly string[] | null;
  search_profile_id?: string | null;
}

export interface SearchScope {
  databases: Database[];
  profile: { id: string; title: string; countries: string[]; sources: string[] } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The scope of a search, or why it cannot be searched: an unknown profile (profile_required), a profile
 * on a plan without search profiles (plan_restricted), or databases nothing screens.
 */
export async function resolveScope(org: OrgDb, choice: SearchChoice): Promise<SearchScope | { refused: MessageId; field: 'databases' | 'search_profile_id' }> {
  let databases: Database[];
  let profile: SearchScope['profile'] = null;
  if (choice.search_type === 'profile') {
    if (!planIncludes(await organisationAccess(org), 'search-profile')) return { refused: 'plan_restricted', field: 'search_profile_id' };
    const id = choice.search_profile_id?.trim() ?? '';
    const row = UUID.test(id) ? await org.one('SELECT id, title, databases, sources, countries FROM search_profiles WHERE id = $1 AND organisation_id = $org', [id]) : undefined;
    if (!row) return { refused: 'profile_required', field: 'search_profile_id' };
    profile = { id: row.id, title: row.title, countries: row.countries ?? [], sources: row.sources ?? [] };
    databases = (row.databases as Database[]).filter((d) => (DATABASES as readonly string[]).includes(d));
    if (!databases.length) databases = [...DATABASES];
  } else {
    // Left out: every database; an empty list is refused like the form's.
    databases = choice.databases ? ([...new Set(choice.databases)] as Database[]) : [...DATABASES];
  }
  // Checked before anything is spent: a case whose databases nobody screens must not come out Passed.
  const refused = databasesProblem(databases);
  if (refused) return { refused, field: choice.search_type === 'profile' ? 'search_profile_id' : 'databases' };
  return { databases, profile };
}

/** resolveScope for a request: a refusal is a 400 on its field (403 for the plan). */
export async function searchScope(org: OrgDb, choice: SearchChoice): Promise<SearchScope> {
  const scope = await resolveScope(org, choice);
  if ('refused' in scope) throw new ApiError(scope.refused === 'plan_restricted' ? 403 : 400, scope.refused, {}, scope.field);
  return scope;
}
