/**
 * Media Search's form (the draft), the MediaQuery it asks the API for, the problems the browser can see
 * before spending a credit (the limits of common/media.ts, the same the API holds a query to), and the
 * search in the address: `/media-search?kw=all:fraud&kw=exclude:sport&match=exact&country=US&lang=en&within=30-days&sort=date&adverse=1`.
 * A shared or bookmarked address fills the form; the search itself runs when the user asks, because each
 * one spends a Media Watcher credit (docs/media-watcher.md).
 */
import {
  KEYWORD_MODES,
  MATCH_KINDS,
  MEDIA_LANGUAGES,
  MEDIA_LIMITS,
  MEDIA_SORTS,
  WINDOW_UNITS,
  type KeywordMode,
  type MatchKind,
  type MediaKeyword,
  type MediaLanguage,
  type MediaQuery,
  type MediaSort,
  type WindowUnit,
  mediaKeywordsProblem,
  validateMediaKeyword,
  validateWindowAmount,
} from '../../common/media';
import { addressOf, oneOf, queryParams } from '../shared/address';

export interface SearchDraft {
  keywords: MediaKeyword[];
  match: MatchKind;
  countries: string[];
  languages: MediaLanguage[];
  /** '' is "any time"; otherwise digits, 1 to 1000. */
  windowAmount: string;
  windowUnit: WindowUnit;
  sort: MediaSort;
  adverse_only: boolean;
}

export const EMPTY_DRAFT: SearchDraft = {
  keywords: [],
  match: 'broad',
  countries: [],
  languages: [],
  windowAmount: '',
  windowUnit: 'months',
  sort: 'relevance',
  adverse_only: false,
};

/**
 * A problem of the form the user can fix: the API's own message id (common/media.ts rules, common/messages.ts
 * words), so the screen says what the API would.
 */
export type SearchProblem = 'media_keywords_required' | 'media_keywords_max' | 'media_window_amount';
/** A problem of a keyword being added: the API's rules, and a repeat (which the API would not refuse, but means nothing). */
export type KeywordProblem = 'media_keyword_length' | 'media_keywords_max' | 'keyword_duplicate';

/** Spaces inside a term collapse; a chip holds at most the API's length. */
export const cleanTerm = (text: string) => text.replace(/\s+/g, ' ').trim();

export function keywordProblem(keywords: MediaKeyword[], term: string): KeywordProblem | null {
  if (validateMediaKeyword(term)) return 'media_keyword_length';
  if (keywords.some((k) => k.term.toLocaleLowerCase() === term.toLocaleLowerCase())) return 'keyword_duplicate';
  if (keywords.length >= MEDIA_LIMITS.keywordsMax) return 'media_keywords_max';
  return null;
}

/**
 * What typing leaves in the box and the chips it makes: every comma ends a keyword (a pasted "fraud, bribery"
 * gives two), Enter ends the last one (final). A keyword refused (too short, a repeat) stays in the box.
 */
export function chipsFrom(keywords: MediaKeyword[], text: string, final: boolean): { keywords: MediaKeyword[]; text: string; problem: KeywordProblem | null } {
  const parts = text.split(/[,،]/);
  const last = final ? '' : parts.pop()!;
  // After a comma the next keyword starts at its first letter.
  const rest = parts.length ? last.replace(/^\s+/, '') : last;
  let next = keywords;
  let problem: KeywordProblem | null = null;
  const refused: string[] = [];
  for (const part of parts) {
    const term = cleanTerm(part);
    if (!term) continue;
    const why = keywordProblem(next, term);
    if (why) {
      // A repeat is simply dropped; anything else stays for the user to fix.
      if (why !== 'keyword_duplicate') refused.push(term);
      problem = why;
      continue;
    }
    next = [...next, { term, mode: 'all' }];
  }
  return { keywords: next, text: [...refused, ...(rest ? [rest] : [])].join(', '), problem };
}

export function windowOf(draft: Pick<SearchDraft, 'windowAmount' | 'windowUnit'>): MediaQuery['window'] | undefined {
  const amount = draft.windowAmount.trim();
  return amount === '' ? undefined : { amount: Number(amount), unit: draft.windowUnit };
}

/** The form as the API checks a query: the chips together, then the window (empty is "any time"). */
export function draftProblem(draft: SearchDraft): SearchProblem | null {
  const keywords = mediaKeywordsProblem(draft.keywords);
  if (keywords) return keywords;
  if (draft.windowAmount.trim() !== '' && validateWindowAmount(draft.windowAmount)) return 'media_window_amount';
  return null;
}

/** The API's body for a draft (only what differs from "anything"). */
export function queryOf(draft: SearchDraft): MediaQuery {
  const query: MediaQuery = { keywords: draft.keywords.map((k) => ({ term: k.term, mode: k.mode })), match: draft.match, sort: draft.sort, adverse_only: draft.adverse_only };
  if (draft.countries.length) query.countries = [...draft.countries];
  if (draft.languages.length) query.languages = [...draft.languages];
  const window = windowOf(draft);
  if (window) query.window = window;
  return query;
}

/** The words the results mark: every keyword not excluded. */
export const markedTerms = (query: Pick<MediaQuery, 'keywords'>) => query.keywords.filter((k) => k.mode !== 'exclude').map((k) => k.term);

// ---------------------------------------------------------------- The address

const COUNTRY = /^[A-Z]{2}$/;

/** The form an address asks for; anything it cannot hold is left at the default. */
export function draftFromSearch(search: string): SearchDraft {
  const q = queryParams(search);
  const keywords: MediaKeyword[] = [];
  for (const value of q.getAll('kw')) {
    const at = value.indexOf(':');
    const mode = at > 0 ? value.slice(0, at) : 'all';
    const term = cleanTerm(at > 0 ? value.slice(at + 1) : value);
    if (!(KEYWORD_MODES as readonly string[]).includes(mode) || keywordProblem(keywords, term)) continue;
    keywords.push({ term, mode: mode as KeywordMode });
  }
  const within = /^(\d{1,4})-([a-z]+)$/.exec(q.get('within') ?? '');
  const amount = within && Number(within[1]) >= 1 && Number(within[1]) <= MEDIA_LIMITS.windowAmountMax ? within[1] : '';
  return {
    keywords,
    match: oneOf(MATCH_KINDS, q.get('match'), EMPTY_DRAFT.match),
    countries: [...new Set(q.getAll('country').map((c) => c.toUpperCase()).filter((c) => COUNTRY.test(c)))].slice(0, 50),
    languages: MEDIA_LANGUAGES.filter((l) => q.getAll('lang').includes(l)),
    windowAmount: amount,
    windowUnit: amount ? oneOf(WINDOW_UNITS, within![2], EMPTY_DRAFT.windowUnit) : EMPTY_DRAFT.windowUnit,
    sort: oneOf(MEDIA_SORTS, q.get('sort'), EMPTY_DRAFT.sort),
    adverse_only: q.get('adverse') === '1',
  };
}

/** The address of a query, without "?"; parameters keep one order so equal searches give equal addresses. */
export function searchFromQuery(query: MediaQuery): string {
  const q = new URLSearchParams();
  for (const k of query.keywords) q.append('kw', `${k.mode}:${k.term}`);
  if (query.match !== EMPTY_DRAFT.match) q.set('match', query.match);
  for (const c of query.countries ?? []) q.append('country', c);
  for (const l of query.languages ?? []) q.append('lang', l);
  if (query.window) q.set('within', `${query.window.amount}-${query.window.unit}`);
  if (query.sort && query.sort !== EMPTY_DRAFT.sort) q.set('sort', query.sort);
  if (query.adverse_only) q.set('adverse', '1');
  return addressOf(q);
}

/** The draft a saved query reads as (a media case's "search again"). */
export function draftOfQuery(query: MediaQuery): SearchDraft {
  return draftFromSearch(searchFromQuery(query));
}
