/**
 * Request schemas of the case calls (section 7 "Screening" and "Comments").
 * Bodies arrive as JSON or form data, so numbers and booleans may come as
 * strings and arrays as name[] entries or a single value; every field is
 * checked with the section-5 rules of common/validation.ts.
 */
import { array, coerce, defaulted, enums, integer, max, min, object, optional, refine, size, string, type Infer, type Struct } from 'superstruct';
import { CASE_SORT_KEYS, databasesProblem } from '../cases';
import { CASE_FILTER_STATUSES, CASE_STATUSES, DATABASES, DATE_PRESETS, ENTITY_TYPES, GENDERS, MATCH_STATUSES, RELEVANCE, RISK_LEVELS } from '../enums';
import {
  validateClientReference,
  validateComment,
  validateDay,
  validateDeletionReason,
  validateEntityType,
  validateMatchScore,
  validateMonth,
  validateNationalId,
  validateSearchTerm,
  validateUniqueIdentifier,
  validateYear,
} from '../validation';
import { countryField, countryListField } from './countries';
import { INPUT_LIMITS, MAX_LIST_ITEMS, formBoolean, requiredString, ruled, ruledIfPresent, text, uploadedFile, textOrNumber } from './core';

/** A string field that may arrive as a number. */
const textOf = textOrNumber;
/** A list that may arrive as one value, as name[] entries or comma-separated. */
export const listOf = <T extends string>(item: Struct<T, any>) =>
  coerce(size(array(item), 0, MAX_LIST_ITEMS), string(), (value) =>
    value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
const bool = optional(formBoolean);
const uuid = refine(text(INPUT_LIMITS.id), 'uuid', (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) || 'not_found');
const file = uploadedFile;

/** POST /api/search: the Create New Case form. */
export const SearchBody = object({
  search_term: ruled(validateSearchTerm, 'search_term'),
  entity_type: ruled(validateEntityType, 'entity_type'),
  birth_day: optional(textOf(ruledIfPresent(validateDay, 'day'))),
  birth_month: optional(textOf(ruledIfPresent(validateMonth, 'month'))),
  birth_year: optional(textOf(ruledIfPresent((v) => validateYear(v), 'year'))),
  face_image: optional(file),
  unique_identifier: optional(ruledIfPresent(validateUniqueIdentifier)),
  countries: optional(countryListField()),
  residence_countries: optional(countryListField()),
  nationality: optional(countryField({ blank: true })),
  gender: optional(enums([...GENDERS, ''])),
  match_score: optional(textOf(ruledIfPresent(validateMatchScore, 'match_score'))),
  exact_match: bool,
  match_akas: bool,
  match_rca: bool,
  risk_engine_id: optional(text(INPUT_LIMITS.id)),
  aml_monitoring: bool,
  adverse_media_monitoring: bool,
  search_type: defaulted(enums(['manual', 'profile']), 'manual'),
  databases: optional(refine(listOf(enums(DATABASES)), 'databases', (v) => databasesProblem(v) ?? true)),
  search_profile_id: optional(text(INPUT_LIMITS.id)),
  client_reference: optional(ruledIfPresent(validateClientReference)),
  national_id: optional(textOf(ruledIfPresent(validateNationalId, 'national_id'))),
});
export type SearchBodyValue = Infer<typeof SearchBody>;

const pageInt = (lo: number, hi: number, fallback: number) => defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);

/** Filters of Manage Case, shared by the list (searches), the export (download-cases) and the dashboard. */
const caseFilters = {
  case_status: optional(listOf(enums(CASE_STATUSES))),
  /** The route's caseStatus query, accepted as is (Passed, For Review, Failed). */
  caseStatus: optional(enums(CASE_FILTER_STATUSES)),
  match_status: optional(listOf(enums(MATCH_STATUSES))),
  risk_level: optional(listOf(enums(RISK_LEVELS))),
  relevance: optional(listOf(enums(RELEVANCE))),
  database: optional(listOf(enums(DATABASES))),
  date_preset: optional(enums(DATE_PRESETS)),
  date_from: optional(text(INPUT_LIMITS.short)),
  date_to: optional(text(INPUT_LIMITS.short)),
  /** The browser's Date.getTimezoneOffset(), so presets follow the user's calendar. */
  tz_offset: optional(coerce(max(min(integer(), -840), 840), string(), (v) => Number(v))),
  deleted: bool,
  assigned_to_me: bool,
  search: optional(text(INPUT_LIMITS.short)),
  /** The cases of one bulk search, by its name (exact, ignoring case): Manage Case's ?batch=. */
  batch_name: optional(text(INPUT_LIMITS.short)),
};

export const CaseListQuery = object({
  page: pageInt(1, 1_000_000, 1),
  page_size: pageInt(1, 100, 20),
  sort_by: defaulted(enums(CASE_SORT_KEYS), 'created_at'),
  sort_order: defaulted(enums(['asc', 'desc']), 'desc'),
  ...caseFilters,
});
export type CaseListQueryValue = Infer<typeof CaseListQuery>;

export const CaseExportQuery = object({
  format: defaulted(enums(['csv', 'xlsx']), 'csv'),
  sort_by: defaulted(enums(CASE_SORT_KEYS), 'created_at'),
  sort_order: defaulted(enums(['asc', 'desc']), 'desc'),
  ...caseFilters,
});
export type CaseExportQueryValue = Infer<typeof CaseExportQuery>;

export const DashboardQuery = object({
  date_preset: defaulted(enums(DATE_PRESETS), 'all_time'),
  date_from: optional(text(INPUT_LIMITS.short)),
  date_to: optional(text(INPUT_LIMITS.short)),
  tz_offset: optional(coerce(max(min(integer(), -840), 840), string(), (v) => Number(v))),
});

export const CaseRefQuery = object({ reference: requiredString('not_found') });

/** search_result_filter: the hits of one case, filtered on the server. */
export const HitFilterQuery = object({
  reference: requiredString('not_found'),
  relevance: optional(listOf(enums(RELEVANCE))),
  database: optional(listOf(enums(DATABASES))),
  match_status: optional(listOf(enums(MATCH_STATUSES))),
  risk_level: optional(listOf(enums(RISK_LEVELS))),
  min_score: optional(coerce(max(min(integer(), 0), 100), string(), (v) => Number(v))),
  search: optional(text(INPUT_LIMITS.short)),
  sort_by: defaulted(enums(['score', 'name', 'position']), 'score'),
});
export type HitFilterQueryValue = Infer<typeof HitFilterQuery>;

export const RecordQuery = object({ reference: requiredString('not_found'), id: requiredString('not_found') });
export const EntityLogQuery = object({ reference: requiredString('not_found'), id: optional(text(INPUT_LIMITS.id)) });

export const MAX_BULK_RECORDS = 500;

/**
 * decision-review: changes for selected cases (references) or, with entity_ids,
 * for selected entities of one case. At least one change is required.
 */
export const DecisionBody = object({
  references: optional(listOf(requiredString('not_found'))),
  reference: optional(text(INPUT_LIMITS.id)),
  entity_ids: optional(listOf(uuid)),
  risk_level: optional(enums(RISK_LEVELS)),
  match_status: optional(enums(MATCH_STATUSES)),
  case_status: optional(enums(CASE_STATUSES)),
  /** Replaces the assignees; an empty list clears them. */
  assignee_ids: optional(listOf(uuid)),
  aml_monitoring: bool,
  adverse_media_monitoring: bool,
  comment: optional(ruledIfPresent((v) => (v.trim() ? validateComment(v) : null), 'comment')),
});
export type DecisionBodyValue = Infer<typeof DecisionBody>;

/** monitor: one monitoring switch of a case or of one of its entities. */
export const MonitorBody = object({
  reference: requiredString('not_found'),
  entity_id: optional(uuid),
  kind: enums(['aml', 'adverse_media']),
  enabled: formBoolean,
});

export const DeleteCasesBody = object({
  references: listOf(requiredString('not_found')),
  reason: ruled(validateDeletionReason, 'reason'),
});

export const AddCommentBody = object({
  reference: requiredString('not_found'),
  entity_id: optional(uuid),
  text: ruled((v) => validateComment(v), 'comment'),
});
export const CommentsQuery = object({ reference: requiredString('not_found'), entity_id: optional(text(INPUT_LIMITS.id)) });
export const UpdateCommentBody = object({ id: uuid, text: ruled((v) => validateComment(v), 'comment') });
export const DeleteCommentBody = object({ id: uuid, reason: ruled(validateDeletionReason, 'reason') });

export const ReportQuery = object({ reference: requiredString('not_found'), id: optional(text(INPUT_LIMITS.id)), lang: optional(text(INPUT_LIMITS.short)) });

export const SourceDetailsQuery = object({
  entity_id: optional(text(INPUT_LIMITS.short)),
  /** A name to look for, held to the same section-5 rule as a search (blank asks for nothing). */
  search: optional(ruledIfPresent((v) => (v.trim() ? validateSearchTerm(v) : null), 'search_term')),
  entity_type: optional(enums(ENTITY_TYPES)),
});
