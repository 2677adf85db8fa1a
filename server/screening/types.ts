/**
 * The screening engine's data model: one shape for every listed entity, whatever
 * list it came from, and the query/result shapes the case, batch and monitoring
 * features call with. Field names follow the spec's words in snake_case.
 */
import type { CustomListType, Database, EntityType, Relevance } from '../../common/enums';
import type { PartialDate } from '../../common/partial-dates';

/** What a listed entity is; the spec's entity types map onto these (company -> everything that is not a person). */
export type EntityKind = 'person' | 'company' | 'organisation' | 'vessel' | 'aircraft' | 'location';

/**
 * Databases the engine serves (adverse media is another feature's): the public lists', and an
 * organisation's own blacklists and whitelists (server/screening/custom-index.ts).
 */
export type ListDatabase = Exclude<Database, 'adverse_media'> | CustomListType;

/** A birth (or incorporation) date as the lists give it: exact, a year, a month of a year, or a range of years. */
export type { PartialDate };

export interface EntityName {
  /** The name as the list writes it. */
  full: string;
  /** primary: the listed name; strong: an a.k.a. the publisher rates good; weak: a low-quality a.k.a.; original: the primary name in its own script. */
  kind: 'primary' | 'strong' | 'weak' | 'original' | 'former';
}

export interface Identifier {
  type: string;
  number: string;
  country?: string;
}

export interface Address {
  text: string;
  city?: string;
  country?: string;
}

export interface Position {
  title: string;
  start?: string;
  end?: string;
  country?: string;
}

export interface ListedEntity {
  /** Stable across loads: "<list id>:<publisher's id>". */
  id: string;
  list_id: string;
  /** Human list name, e.g. "OFAC SDN". */
  source: string;
  /** Programmes / regimes / sub-lists, e.g. ["SDGT", "IRGC"]. */
  programs: string[];
  database: ListDatabase;
  kind: EntityKind;
  names: EntityName[];
  birth_dates: PartialDate[];
  places_of_birth: string[];
  /** ISO 3166-1 alpha-2 codes of every country linked to the entity (addresses, nationality, citizenship, flag, jurisdiction). */
  countries: string[];
  /** ISO codes of nationalities and citizenships (people). */
  nationalities: string[];
  gender?: 'male' | 'female';
  identifiers: Identifier[];
  addresses: Address[];
  positions: Position[];
  /** Names of entities the list links this one to ("Linked To:"), the only association data the bundled lists hold. */
  linked_to: string[];
  listed_on?: string;
  remarks?: string;
  source_url?: string;
  /** Ids of the same record in other lists (the US CSL repeats OFAC and BIS rows); skipped when one of those is loaded. */
  duplicate_of?: string[];
  /**
   * Every listing of an entity that several lists publish (merge.ts), in list order; the first one's id is the
   * entity's id. Absent on an entity listed once.
   */
  listings?: Listing[];
  /** Why the listings were taken for one entity, one entry per join. */
  merge_reasons?: MergeReason[];
}

/** One publisher's listing of an entity that several lists publish. */
export interface Listing {
  /** The listing's own id ("<list id>:<publisher's id>"); getEntity() finds the merged entity by it. */
  id: string;
  list_id: string;
  source: string;
  database: ListDatabase;
  programs: string[];
  /** The names this listing gives, as written, its primary name first. */
  names: string[];
  source_url?: string;
  listed_on?: string;
}

export interface MergeReason {
  /** copy: a list repeats another's record (the CSL, OFAC's non-SDN lists); cross_reference: both cite the same UN reference; identifier: same strong number; name_and_date: same name with the same birth date, or for organisations the same country. */
  rule: 'copy' | 'cross_reference' | 'identifier' | 'name_and_date';
  /** The two listings joined. */
  listings: [string, string];
  /** What they share, for the analyst: "same IMO 9123456". */
  evidence: string;
}

/** One list, loaded. */
export interface LoadedList {
  id: string;
  name: string;
  database: ListDatabase | 'mixed';
  entities: ListedEntity[];
  /** Content hash of the files the list was parsed from. */
  version: string;
  loaded_at: string;
}

export interface ScreeningQuery {
  search_term: string;
  entity_type: EntityType;
  birth_day?: number;
  birth_month?: number;
  birth_year?: number;
  date_of_birth?: { day?: number; month?: number; year?: number };
  /** ISO 3166-1 alpha-2 codes: any country linked to the entity. */
  countries?: string[];
  residence_countries?: string[];
  /** ISO 3166-1 alpha-2 code. */
  nationality?: string;
  gender?: 'male' | 'female' | 'other';
  /** A phone number, address, parent or sibling name, or ID number. */
  unique_identifier?: string;
  /** Threshold as a percentage (1-100); DEFAULT_MATCH_SCORE when absent. */
  match_score?: number;
  exact_match?: boolean;
  /** Off: primary names only. Default on. */
  match_akas?: boolean;
  /** On: also return entities the lists link to the searched name (relevance rca_matched). Default off. */
  match_rca?: boolean;
  /** Default: every database the engine serves. adverse_media is ignored here. */
  databases?: Database[];
  /** Only these lists (list ids, such as us_ofac_sdn); default every list of the chosen databases. */
  sources?: string[];
  /** Most hits returned (default 25). */
  limit?: number;
}

/** A feature that moved the score, for the analyst to read. */
export interface ScoreFeature {
  feature:
    | 'name'
    | 'name_tokens'
    | 'alias'
    | 'weak_alias'
    | 'birth_date'
    | 'country'
    | 'residence_country'
    | 'nationality'
    | 'gender'
    | 'identifier'
    | 'number_mismatch'
    | 'legal_form'
    | 'rca'
    | 'merged_listings'
    // A sanctioned jurisdiction or region (places.ts): the place a location search names, the customer's country or address, or a listed entity's.
    | 'sanctioned_place'
    // A location search matched against a listed entity's address.
    | 'address';
  /** Signed change to the 0-1 score (the name feature carries the base score). */
  contribution: number;
  query_value: string;
  candidate_value: string;
  detail?: string;
}

export interface ScreeningHit {
  entity_id: string;
  name: string;
  matched_name: string;
  /** Percentage 0-100 (integer) and the raw 0-1 value. */
  score: number;
  score_raw: number;
  relevance: Relevance[];
  database: ListDatabase;
  source: string;
  list_id: string;
  programs: string[];
  kind: EntityKind;
  countries: string[];
  birth_dates: PartialDate[];
  explanation: ScoreFeature[];
  /** Every list that publishes the entity, when more than one does (source, list_id and database above are the first's). */
  listings?: HitListing[];
}

/** A listing as a hit shows it. */
export type HitListing = Omit<Listing, 'names'> & { name: string };

export interface ScreeningResult {
  query: ScreeningQuery;
  /** Threshold applied, as a percentage. */
  match_score: number;
  hits: ScreeningHit[];
  /** Candidates scored (for diagnostics). */
  candidates: number;
  took_ms: number;
}

export interface ListStatus {
  id: string;
  name: string;
  database: ListDatabase | 'mixed';
  entities: number;
  version: string;
  loaded_at: string;
  last_error?: string;
  last_attempt_at?: string;
  /**
   * A list published only by download (no copy in LISTS_DIR) that had no directory at start and that no
   * download has brought yet: not served, and not an error (last_error stays empty until a download fails).
   */
  not_configured?: boolean;
}

export interface EngineStatus {
  state: 'loading' | 'ready' | 'failed';
  lists: ListStatus[];
  error?: string;
}
