/**
 * Search profiles (section 3 "Search profile"; section 5; docs/advanced-features.md): a named choice of
 * where to search, so an analyst screening a kind of customer picks one profile instead of the same
 * databases and lists each time. The API applies a profile's settings to a search by profile (Create
 * New Case, Bulk search) and the case records which profile it used.
 */
import type { CustomListType, Database } from './enums';

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

export interface SearchProfileView {
  _id: string;
  title: string;
  databases: Database[];
  /** Source ids (SourceOption.id); empty: every list of the chosen databases and every custom list. */
  sources: string[];
  /** ISO codes: the searched entity's countries when a search by the profile gives none. */
  countries: string[];
  /** Adverse media: search the publishers' own names too (used by Media Watcher). */
  publisher_search: boolean;
  created_by: { _id: string; name: string } | null;
  created_at: string;
  updated_by: { _id: string; name: string } | null;
  updated_at: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A source id names a custom list (a uuid) rather than a public list (a list id such as us_ofac_sdn). */
export const isCustomSource = (id: string) => UUID.test(id);
