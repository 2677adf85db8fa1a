/**
 * Request schemas of the search profile calls (section 7 "Search profile"; docs/search-profiles.md).
 * Bodies arrive as JSON or form data, so lists may come as JSON arrays, as name[] entries, as one value
 * or comma-separated, and the switch as "true"/"false"; every text is bounded. The title is checked
 * with the section-5 rule and the databases with the rule Create New Case uses, so the profile form
 * and the API agree.
 */
import { array, coerce, defaulted, enums, integer, max, min, object, optional, refine, size, string, type Infer, type Struct } from 'superstruct';
import { databasesProblem } from '../cases';
import { DATABASES } from '../enums';
import { validateProfileTitle } from '../validation';
import { countryListField } from './countries';
import { INPUT_LIMITS, MAX_LIST_ITEMS, formBoolean, requiredString, ruled, ruledIfPresent, text } from './core';

/** A list that may arrive as a JSON array, as name[] entries, as one value or comma-separated ('' is an empty list). */
const listOf = <T extends string>(item: Struct<T, any>) =>
  coerce(size(array(item), 0, MAX_LIST_ITEMS), string(), (value) =>
    value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );

const int = (lo: number, hi: number, fallback: number) => defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);

/** At least one database, and one the engine screens (adverse media alone is not screened yet). */
const databases = refine(listOf(enums(DATABASES)), 'databases', (v) => databasesProblem(v) ?? true);
/** A public list id (us_ofac_sdn) or a custom list's uuid; whether it exists is the API's to say. */
const sources = listOf(refine(text(INPUT_LIMITS.id), 'source', (v) => v.trim().length > 0 || 'profile_source_unknown'));
/** Codes or names (common/schemas/countries.ts); whether two letters are a country is the API's to say. */
const countries = countryListField();

/** GET /search-profile: a page of the organisation's profiles, optionally those whose title holds the search. */
export const SearchProfileListQuery = object({
  page: int(1, 1_000_000, 1),
  page_size: int(1, 100, 20),
  search: optional(text(INPUT_LIMITS.short)),
});
export type SearchProfileListQueryValue = Infer<typeof SearchProfileListQuery>;

/** POST /search-profile: a new profile. Sources and countries left out: none (every source; no default countries). */
export const CreateSearchProfileBody = object({
  title: ruled(validateProfileTitle, 'title'),
  databases: defaulted(databases, []),
  sources: defaulted(sources, []),
  countries: defaulted(countries, []),
  publisher_search: defaulted(formBoolean, false),
});
export type CreateSearchProfileValue = Infer<typeof CreateSearchProfileBody>;

/** POST /search-profile/update: the fields given change, the others stay. */
export const UpdateSearchProfileBody = object({
  id: requiredString('not_found'),
  title: optional(ruledIfPresent(validateProfileTitle, 'title')),
  databases: optional(databases),
  sources: optional(sources),
  countries: optional(countries),
  publisher_search: optional(formBoolean),
});
export type UpdateSearchProfileValue = Infer<typeof UpdateSearchProfileBody>;

/** POST /search-profile/delete. */
export const DeleteSearchProfileBody = object({ id: requiredString('not_found') });
