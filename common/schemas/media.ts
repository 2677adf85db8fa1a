/**
 * Request schemas of the Media Watcher calls (section 7 "Media"; docs/media-watcher.md): a media search and
 * its "Fetch more", media cases (create, list, export, read, update, delete) and an article's highlighting.
 * Bodies are JSON (a search's chips are a list of objects); the list and export queries arrive as query
 * strings. The rules are common/media.ts's, which the search form runs too.
 */
import { array, coerce, defaulted, enums, integer, max, min, object, optional, refine, size, string, type Infer } from 'superstruct';
import {
  ADVERSE_CATEGORIES,
  ARTICLE_MATCH_STATUSES,
  KEYWORD_MODES,
  MATCH_KINDS,
  MEDIA_CASE_STATUSES,
  MEDIA_LANGUAGES,
  MEDIA_LIMITS,
  MEDIA_READ_FILTERS,
  MEDIA_RISK_LEVELS,
  MEDIA_SORTS,
  WINDOW_UNITS,
  mediaKeywordsProblem,
  validateFetchOffset,
  validateMediaCaseName,
  validateMediaKeyword,
  validateWindowAmount,
  type MediaQuery,
} from '../media';
import { validateDeletionReason } from '../validation';
import { INPUT_LIMITS, MAX_LIST_ITEMS, formBoolean, requiredString, ruled, ruledIfPresent, text, textOrNumber, toBoolean } from './core';
import { listOf } from './cases';
import { countryField } from './countries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that names a record: anything but a uuid is an unknown record (404), as another organisation's is. */
const recordId = refine(text(INPUT_LIMITS.id), 'uuid', (v) => UUID.test(v.trim()) || 'not_found');
const countryCode = countryField();

export const MediaKeywordInput = object({
  term: ruled((v) => validateMediaKeyword(v), 'term', INPUT_LIMITS.short),
  mode: defaulted(enums(KEYWORD_MODES), 'all'),
});

/** The fields of a MediaQuery, shared by the search, Fetch more and a media case's query. */
const mediaQueryFields = {
  keywords: refine(size(array(MediaKeywordInput), 0, MAX_LIST_ITEMS), 'keywords', (v) => mediaKeywordsProblem(v) ?? true),
  /** Broad unless told: stems and other scripts find more, and a first search should not miss. */
  match: defaulted(enums(MATCH_KINDS), 'broad'),
  countries: optional(size(array(countryCode), 0, 300)),
  languages: optional(size(array(enums(MEDIA_LANGUAGES)), 0, MEDIA_LANGUAGES.length)),
  window: optional(
    object({
      amount: textOrNumber(ruled((v) => validateWindowAmount(v), 'amount', INPUT_LIMITS.short)),
      unit: enums(WINDOW_UNITS),
    }),
  ),
  sort: optional(enums(MEDIA_SORTS)),
  adverse_only: optional(formBoolean),
};

export const MediaQueryInput = object(mediaQueryFields);
export type MediaQueryInputValue = Infer<typeof MediaQueryInput>;

/** POST /api/adverse-media: a search. */
export const MediaSearchBody = MediaQueryInput;

/** POST /api/adverse-media/fetch-more: the same search and the offset of the page to read. */
export const MediaFetchMoreBody = object({
  ...mediaQueryFields,
  offset: textOrNumber(ruled((v) => validateFetchOffset(v), 'offset', INPUT_LIMITS.short)),
});

/** A parsed query as the search reads it: countries upper-case, the window's amount a number. */
export function toMediaQuery(input: MediaQueryInputValue): MediaQuery {
  return {
    keywords: input.keywords.map((k) => ({ term: k.term.trim(), mode: k.mode })),
    match: input.match,
    ...(input.countries?.length ? { countries: [...new Set(input.countries.map((c) => c.trim().toUpperCase()))] } : {}),
    ...(input.languages?.length ? { languages: [...new Set(input.languages)] } : {}),
    ...(input.window ? { window: { amount: Number(input.window.amount), unit: input.window.unit } } : {}),
    sort: input.sort ?? 'relevance',
    adverse_only: toBoolean(input.adverse_only),
  };
}

/** POST /api/adverse-media/create: a media case from a search and the articles chosen from its results. */
export const CreateMediaCaseBody = object({
  name: ruled((v) => validateMediaCaseName(v), 'name', INPUT_LIMITS.short),
  query: MediaQueryInput,
  article_ids: refine(size(array(recordId), 0, MAX_LIST_ITEMS), 'article_ids', (v) =>
    v.length === 0 ? 'media_articles_required' : new Set(v.map((id) => id.trim().toLowerCase())).size > MEDIA_LIMITS.caseArticlesMax ? 'media_articles_max' : true,
  ),
});
export type CreateMediaCaseValue = Infer<typeof CreateMediaCaseBody>;

const pageInt = (lo: number, hi: number, fallback: number) => defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);

/** Filters of Media Manage Case, shared by the list and the export. */
const mediaCaseFilters = {
  /** Name, reference or one of the searched keywords. */
  search: optional(text(INPUT_LIMITS.short)),
  case_status: optional(listOf(enums(MEDIA_CASE_STATUSES))),
  risk_level: optional(listOf(enums(MEDIA_RISK_LEVELS))),
  read: optional(enums(MEDIA_READ_FILTERS)),
  category: optional(listOf(enums(ADVERSE_CATEGORIES))),
  /** Created on or after / on or before (YYYY-MM-DD, UTC). */
  date_from: optional(text(INPUT_LIMITS.short)),
  date_to: optional(text(INPUT_LIMITS.short)),
  /** 'true': the deleted cases (read-only) instead of the others. */
  deleted: optional(formBoolean),
};

export const MediaCaseListQuery = object({ page: pageInt(1, 1_000_000, 1), page_size: pageInt(1, 100, 20), ...mediaCaseFilters });
export type MediaCaseListQueryValue = Infer<typeof MediaCaseListQuery>;

export const MediaCaseExportQuery = object({ format: defaulted(enums(['csv', 'xlsx']), 'csv'), ...mediaCaseFilters });
export type MediaCaseExportQueryValue = Infer<typeof MediaCaseExportQuery>;

/** POST /api/adverse-media/read: mark cases read or unread. */
export const MediaCaseReadBody = object({
  references: listOf(requiredString('not_found')),
  is_read: formBoolean,
});

/** POST /api/adverse-media/update: the case's name, status or risk, and decisions on its articles. */
export const MediaCaseUpdateBody = object({
  reference: requiredString('not_found'),
  name: optional(ruledIfPresent((v) => validateMediaCaseName(v), 'name', INPUT_LIMITS.short)),
  case_status: optional(enums(MEDIA_CASE_STATUSES)),
  risk_level: optional(enums(MEDIA_RISK_LEVELS)),
  articles: optional(size(array(object({ id: recordId, match_status: enums(ARTICLE_MATCH_STATUSES) })), 0, MEDIA_LIMITS.caseArticlesMax)),
});
export type MediaCaseUpdateValue = Infer<typeof MediaCaseUpdateBody>;

/** POST /api/adverse-media/delete: cases deleted with a reason (section 5's delete-reason rule). */
export const MediaCaseDeleteBody = object({
  references: listOf(requiredString('not_found')),
  reason: ruled(validateDeletionReason, 'reason'),
});

/** POST /api/highlight-text: an article with its classifier keywords and, optionally, searched terms marked. */
export const HighlightTextBody = object({
  article_id: recordId,
  terms: optional(size(array(text(MEDIA_LIMITS.keywordLength.max * 2)), 0, MEDIA_LIMITS.keywordsMax)),
  match: defaulted(enums(MATCH_KINDS), 'broad'),
});
