/**
 * Reading and writing one organisation's search profiles, and the organisation's own lists a profile
 * may name as sources. Every statement goes through the organisation-bound handle.
 */
import { isUuid } from '../../common/schemas/admin';
import type { Database } from '../../common/enums';
import type { CustomListType } from '../../common/enums';
import type { Row } from '../db/client';
import { likePattern } from '../db/like';
import type { OrgDb } from '../db/tenant';

export interface ProfileRow {
  id: string;
  title: string;
  databases: Database[];
  sources: string[];
  countries: string[];
  publisher_search: boolean;
  created_at: Date;
  updated_at: Date;
  created_by_id: string | null;
  created_by_name: string | null;
  updated_by_id: string | null;
  updated_by_name: string | null;
}

/** What a profile holds besides its title and who changed it. */
export interface ProfileSettings {
  title: string;
  databases: Database[];
  sources: string[];
  countries: string[];
  publisher_search: boolean;
}

// The users are joined within the organisation too: a profile names only its own organisation's people.
const SELECT_PROFILE = `SELECT p.id, p.title, p.databases, p.sources, p.countries, p.publisher_search, p.created_at, p.updated_at,
       cb.id AS created_by_id, cb.name AS created_by_name, ub.id AS updated_by_id, ub.name AS updated_by_name
  FROM search_profiles p
  LEFT JOIN users cb ON cb.id = p.created_by AND cb.organisation_id = $org
  LEFT JOIN users ub ON ub.id = p.updated_by AND ub.organisation_id = $org`;

/** A page of the organisation's profiles in title order, optionally those whose title holds the search; with the total. */
export async function listProfiles(org: OrgDb, options: { search?: string; page: number; pageSize: number }): Promise<{ rows: ProfileRow[]; total: number }> {
  const pattern = options.search?.trim() ? likePattern(options.search) : null;
  const where = 'p.organisation_id = $org AND ($1::text IS NULL OR lower(p.title) LIKE $1)';
  const rows = await org.query<ProfileRow & { total: number }>(
    `SELECT q.*, count(*) OVER ()::int AS total FROM (${SELECT_PROFILE} WHERE ${where}) q ORDER BY lower(q.title), q.id LIMIT $2 OFFSET $3`,
    [pattern, options.pageSize, (options.page - 1) * options.pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.page > 1) {
    // Past the last page: still say how many there are, so the pager can step back.
    total = (await org.one<{ n: number }>(`SELECT count(*)::int AS n FROM search_profiles p WHERE ${where}`, [pattern]))?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row as ProfileRow), total };
}

/** One profile of the organisation with who made and changed it, or undefined (another organisation's id included). */
export async function findProfile(org: OrgDb, id: unknown): Promise<ProfileRow | undefined> {
  if (!isUuid(id)) return undefined;
  return org.one<ProfileRow>(`${SELECT_PROFILE} WHERE p.id = $1 AND p.organisation_id = $org`, [id]);
}

/** One profile of the organisation, locked until the transaction ends (two changes of one profile apply in turn). */
export async function lockProfile(org: OrgDb, id: unknown): Promise<ProfileSettings & { id: string } | undefined> {
  if (!isUuid(id)) return undefined;
  return org.one<ProfileSettings & { id: string }>(
    'SELECT id, title, databases, sources, countries, publisher_search FROM search_profiles WHERE id = $1 AND organisation_id = $org FOR UPDATE',
    [id],
  );
}

/** Whether another profile of the organisation has this title, whatever its case. */
export async function titleTaken(org: OrgDb, title: string, exceptId?: string): Promise<boolean> {
  const row = await org.one('SELECT 1 FROM search_profiles WHERE organisation_id = $org AND lower(title) = lower($1) AND id IS DISTINCT FROM $2', [title, exceptId ?? null]);
  return Boolean(row);
}

export async function insertProfile(org: OrgDb, settings: ProfileSettings, userId: string): Promise<string> {
  const row = await org.one<{ id: string }>(
    `INSERT INTO search_profiles (organisation_id, title, databases, sources, countries, publisher_search, created_by, updated_by)
     VALUES ($org, $1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [settings.title, settings.databases, settings.sources, settings.countries, settings.publisher_search, userId],
  );
  return row!.id;
}

export async function updateProfile(org: OrgDb, id: string, settings: ProfileSettings, userId: string): Promise<void> {
  await org.query(
    `UPDATE search_profiles SET title = $2, databases = $3, sources = $4, countries = $5, publisher_search = $6, updated_by = $7, updated_at = now()
      WHERE id = $1 AND organisation_id = $org`,
    [id, settings.title, settings.databases, settings.sources, settings.countries, settings.publisher_search, userId],
  );
}

/**
 * Deletes a profile. Cases searched by it keep what they recorded (cases.search_profile, { _id, title });
 * their link to the row (search_profile_id) is cleared by its foreign key.
 */
export async function deleteProfile(org: OrgDb, id: string): Promise<void> {
  await org.query('DELETE FROM search_profiles WHERE id = $1 AND organisation_id = $org', [id]);
}

/**
 * A bulk search of the organisation that is still to screen rows (queued, running or paused) with this
 * profile: its rows are screened with the profile's settings chunk by chunk, so deleting the profile
 * would fail the rest of the batch.
 */
export async function unfinishedBatchUsing(org: OrgDb, id: string): Promise<{ name: string } | undefined> {
  return org.one<{ name: string }>(
    `SELECT name FROM bulk_batches
      WHERE organisation_id = $org AND state IN ('queued', 'running', 'paused')
        AND options->>'search_type' = 'profile' AND options->>'search_profile_id' = $1
      ORDER BY created_at LIMIT 1`,
    [id],
  );
}

export interface CustomListSource {
  id: string;
  name: string;
  list_type: CustomListType;
  total_records: number;
}

/** The organisation's live custom lists (deleted ones cannot be chosen), by name. */
export async function liveCustomLists(org: OrgDb): Promise<CustomListSource[]> {
  return org.query<CustomListSource>(
    'SELECT id, name, list_type, total_records FROM custom_lists WHERE organisation_id = $org AND NOT is_deleted ORDER BY lower(name), id',
  );
}

/** Custom lists of the organisation by id, deleted ones too, so the table can still name what a profile once chose. */
export async function customListNames(org: OrgDb, ids: string[]): Promise<Map<string, Row>> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return new Map();
  const rows = await org.query('SELECT id, name, list_type, is_deleted FROM custom_lists WHERE organisation_id = $org AND id = ANY($1::uuid[])', [wanted]);
  return new Map(rows.map((r) => [r.id as string, r]));
}
