/**
 * Search profiles (section 3 "Search profile"; section 5; docs/search-profiles.md): a named choice of
 * where to search, so an analyst screening a kind of customer picks one profile instead of the same
 * databases and lists each time. The API applies a profile's settings to a search by profile (Create
 * New Case, Bulk search) and the case records which profile it used.
 */
import type { ChangeStamps } from './actors';
import { DATABASES, type CustomListType, type Database } from './enums';
import type { MessageId } from './messages';

/**
 * A list a profile can search: one of the loaded public lists (its id, such as us_ofac_sdn) or a
 * custom list of the organisation (its uuid).
 */
export interface SourceOption {
  id: string;
  name: string;
  kind: 'list' | 'custom';
  /** The databases a public list feeds (the US CSL feeds two); empty for a custom list. */
  databases: Database[];
  /** A custom list's type. */
  list_type?: CustomListType;
  entities: number;
}

/** A source a profile names, as the profiles table shows it. */
export interface ProfileSourceRef {
  id: string;
  /** Null when nothing by this id is known any more. */
  name: string | null;
  kind: 'list' | 'custom';
  list_type?: CustomListType;
  /** False for a custom list deleted since, or a public list not loaded: searches by the profile find nothing in it. */
  available: boolean;
}

export interface SearchProfileView extends ChangeStamps {
  _id: string;
  title: string;
  databases: Database[];
  /** Source ids (SourceOption.id); empty: every list of the chosen databases and every custom list. */
  sources: string[];
  /** The sources with their names, in the same order, for the table. */
  source_details: ProfileSourceRef[];
  /** ISO codes: the searched entity's countries when a search by the profile gives none. */
  countries: string[];
  /** Adverse media: search the publishers' own names too (used by Media Watcher). */
  publisher_search: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A source id names a custom list (a uuid) rather than a public list (a list id such as us_ofac_sdn). */
export const isCustomSource = (id: string) => UUID.test(id);

/**
 * The databases a public list feeds, from the database the engine reports for it: one database, or
 * 'mixed' for the US Consolidated Screening List, whose records are sanctions (OFAC, BIS Entity List)
 * or warnings and regulatory enforcement (BIS Denied Persons, Unverified List, ...), record by record.
 */
export function listDatabases(database: string): Database[] {
  if (database === 'mixed') return ['sanctions', 'warnings_and_regulatory_enforcement'];
  return (DATABASES as readonly string[]).includes(database) ? [database as Database] : [];
}

/** Source ids without repeats, in the order given. */
export const uniqueSources = (sources: readonly string[]) => [...new Set(sources.map((s) => s.trim()).filter(Boolean))];

export interface SourceProblem {
  code: Extract<MessageId, 'profile_source_unknown' | 'profile_source_database'>;
  /** What the message names: the list's name when it is known, else the id given. */
  source: string;
}

/**
 * Why a profile's sources cannot be saved with its databases, or null: a source that is neither a
 * loaded public list nor a live custom list of the organisation, or a public list that feeds none of
 * the chosen databases (it would never be searched). Custom lists belong to no database and go with
 * any choice. The API and the profile form both check with this.
 */
export function sourceProblem(databases: readonly string[], sources: readonly string[], options: readonly SourceOption[]): SourceProblem | null {
  const byId = new Map(options.map((o) => [o.id, o]));
  for (const id of sources) {
    const option = byId.get(id);
    if (!option) return { code: 'profile_source_unknown', source: id };
    if (option.kind === 'list' && !option.databases.some((d) => databases.includes(d))) return { code: 'profile_source_database', source: option.name };
  }
  return null;
}

/** The sources that still fit a choice of databases (custom lists always do), for a form whose databases changed. */
export function sourcesWithin(databases: readonly string[], sources: readonly string[], options: readonly SourceOption[]): string[] {
  const byId = new Map(options.map((o) => [o.id, o]));
  return sources.filter((id) => {
    const option = byId.get(id);
    return option !== undefined && (option.kind === 'custom' || option.databases.some((d) => databases.includes(d)));
  });
}

/** A title as it is stored: trimmed, inner runs of spaces made one (so "PEP  only" and "PEP only" are one title). */
export const profileTitle = (title: string) => title.trim().replace(/\s+/g, ' ');
