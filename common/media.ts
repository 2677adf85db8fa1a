/**
 * Media Watcher's shared vocabulary (spec sections 2 "Media search", 3 "Custom source", 9 "Media search"):
 * the languages articles are searched and classified in, the adverse-media taxonomy
 * (docs/media-classification.md), the keyword modes, match kinds and publication windows of a search,
 * the custom source statuses, and the limits both the screens and the API hold a request to.
 */

/** The interface languages are the languages of the corpus and of the classifier's lexicons. */
export const MEDIA_LANGUAGES = ['en', 'es', 'fr', 'de', 'ar', 'ru'] as const;
export type MediaLanguage = (typeof MEDIA_LANGUAGES)[number];

/** The adverse-media taxonomy, in the order screens list it (the ids of the labelled files' `categories`). */
export const ADVERSE_CATEGORIES = [
  'fraud',
  'bribery_corruption',
  'money_laundering',
  'terrorism',
  'sanctions_evasion',
  'drug_trafficking',
  'human_trafficking_smuggling',
  'organised_crime',
  'tax_crime',
  'cybercrime',
  'environmental_crime',
  'regulatory_enforcement',
  'violent_crime',
  'other_crime',
] as const;
export type AdverseCategory = (typeof ADVERSE_CATEGORIES)[number];

export const SENTIMENTS = ['negative', 'neutral', 'positive'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** Section 9: include (all of these words), exclude (none of them), any (at least one of them). */
export const KEYWORD_MODES = ['all', 'exclude', 'any'] as const;
export type KeywordMode = (typeof KEYWORD_MODES)[number];

/** Exact: the words as a phrase, as written. Broad: stems, inflections and the name's spellings in other scripts. */
export const MATCH_KINDS = ['exact', 'broad'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export const WINDOW_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type WindowUnit = (typeof WINDOW_UNITS)[number];

export const MEDIA_SORTS = ['relevance', 'date'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];

/** Section 4. In-Progress until the first successful read, Live after it, In-Active while an administrator pauses it. */
export const CUSTOM_SOURCE_STATUSES = ['In-Progress', 'In-Active', 'Live'] as const;
export type CustomSourceStatus = (typeof CUSTOM_SOURCE_STATUSES)[number];

/** A saved article's review in a media case. */
export const ARTICLE_MATCH_STATUSES = ['Potential Match', 'True Positive', 'False Positive'] as const;
export type ArticleMatchStatus = (typeof ARTICLE_MATCH_STATUSES)[number];

export const MEDIA_LIMITS = {
  /** Keyword chips in one search. */
  keywordsMax: 20,
  keywordLength: { min: 2, max: 100 },
  /** Results per page; "Fetch more" loads the next page as one paid check. */
  pageSize: 20,
  /** The furthest "Fetch more" reaches (offset), so one search cannot read the whole corpus. */
  maxOffset: 1000,
  /** A publication window of at most 1,000 units ("in the last 1000 days"). */
  windowAmountMax: 1000,
  caseName: { min: 2, max: 100 },
  /** Articles one media case keeps. */
  caseArticlesMax: 500,
} as const;

/** A keyword chip of a media search. */
export interface MediaKeyword {
  term: string;
  mode: KeywordMode;
}

/** What a media search asks for (the body of adverse-media and adverse-media/fetch-more, and a media case's query). */
export interface MediaQuery {
  keywords: MediaKeyword[];
  match: MatchKind;
  countries?: string[];
  languages?: MediaLanguage[];
  window?: { amount: number; unit: WindowUnit };
  sort?: MediaSort;
  adverse_only?: boolean;
}

/**
 * A piece of a text for display: plain, or marked because it matched the searched words (`term`) or is an
 * adverse keyword of a category (`keyword`). Texts travel as segments rather than HTML, so nothing from an
 * article is ever rendered as markup.
 */
export interface TextSegment {
  text: string;
  mark?: 'term' | 'keyword';
  category?: AdverseCategory;
}

/** An article as the search, a media case and a screening case's Adverse Media tab show it. */
export interface ArticleView {
  id: string;
  title: string;
  url: string | null;
  /** The corpus or custom source it came from, and its publisher. */
  source: string;
  publisher: string | null;
  author: string | null;
  published_at: string | null;
  language: MediaLanguage | 'other';
  countries: string[];
  snippet: TextSegment[];
  adverse: boolean;
  categories: AdverseCategory[];
  /** Category -> the words that triggered it, as the article writes them. */
  keywords: Record<string, string[]>;
  adverse_keywords: string[];
  sentiment: Sentiment;
  sentiment_score: number;
}

// ---------------------------------------------------------------------------
// Media cases and the rules of a media request (server/media, common/schemas/media.ts), shared by the
// screens and the API so both answer the same message for the same input.

/** A media case's review status (Media Manage Case's filter) and risk level. New cases are For Review, Unknown. */
export const MEDIA_CASE_STATUSES = ['Passed', 'For Review', 'Failed'] as const;
export type MediaCaseStatus = (typeof MEDIA_CASE_STATUSES)[number];
export const MEDIA_RISK_LEVELS = ['High', 'Medium', 'Low', 'Unknown'] as const;
export type MediaRiskLevel = (typeof MEDIA_RISK_LEVELS)[number];
/** The list's read filter. */
export const MEDIA_READ_FILTERS = ['read', 'unread'] as const;

/** A stored media search with the articles kept from it (GET /api/adverse-media, detail-page). */
export interface MediaCaseView {
  reference: string;
  name: string;
  query: MediaQuery;
  article_count: number;
  adverse_count: number;
  categories: AdverseCategory[];
  case_status: MediaCaseStatus;
  risk_level: MediaRiskLevel;
  is_read: boolean;
  created_by: { id: string; name: string } | null;
  created_at: string;
  updated_at: string;
  is_deleted: boolean;
  deleted_by: { id: string; name: string } | null;
  deleted_at: string | null;
  delete_reason: string | null;
}

/** An article kept in a media case, with the analyst's decision on it. */
export type MediaCaseArticle = ArticleView & { match_status: ArticleMatchStatus };

/** The answer of a media search and of each "Fetch more". */
export interface MediaSearchAnswer {
  total: number;
  offset: number;
  results: ArticleView[];
  credits: { alloted: number; used: number };
}

/** A keyword chip: 2 to 100 characters once trimmed. */
export function validateMediaKeyword(value: string): 'required' | 'media_keyword_length' | null {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < MEDIA_LIMITS.keywordLength.min || v.length > MEDIA_LIMITS.keywordLength.max) return 'media_keyword_length';
  return null;
}

/** The chips together: 1 to 20, and at least one that is not an exclusion (nothing to find otherwise). */
export function mediaKeywordsProblem(keywords: readonly { mode: string }[]): 'media_keywords_required' | 'media_keywords_max' | null {
  if (keywords.length > MEDIA_LIMITS.keywordsMax) return 'media_keywords_max';
  if (!keywords.some((k) => k.mode !== 'exclude')) return 'media_keywords_required';
  return null;
}

/** A publication window's amount: a whole number from 1 to 1000. */
export function validateWindowAmount(value: string | number): 'media_window_amount' | null {
  const v = String(value ?? '').trim();
  return /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= MEDIA_LIMITS.windowAmountMax ? null : 'media_window_amount';
}

/** "Fetch more" reads the next page: an offset that is a multiple of the page size, at most maxOffset. */
export function validateFetchOffset(value: string | number): 'media_offset' | null {
  const v = String(value ?? '').trim();
  if (!/^\d{1,5}$/.test(v)) return 'media_offset';
  const n = Number(v);
  return n % MEDIA_LIMITS.pageSize === 0 && n <= MEDIA_LIMITS.maxOffset ? null : 'media_offset';
}

/** A media case's name: 2 to 100 characters once trimmed. */
export function validateMediaCaseName(value: string): 'required' | 'media_case_name_length' | null {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < MEDIA_LIMITS.caseName.min || v.length > MEDIA_LIMITS.caseName.max) return 'media_case_name_length';
  return null;
}
