/** Types of the Media Search statechart (media-search.machine.ts). */
import type { ArticleView, KeywordMode, MediaQuery } from '../../common/media';
import type { ApiFailure } from '../shared/api-failure';
import type { KeywordProblem, SearchDraft, SearchProblem } from './search-query';
import type { MediaAnswer, MediaCredits, MediaSearchAnswer } from './views';

// ---------------------------------------------------------------- Input

export interface MediaSearchInput {
  /** The address's query string the page opened with (a bookmarked or shared search fills the form). */
  search: string;
  /** The organisation's Media Watcher credits as the session knows them. */
  credits: MediaCredits;
}

// ---------------------------------------------------------------- Context

export interface MediaSearchContext {
  draft: SearchDraft;
  /** The keyword box: text not yet made a chip. */
  text: string;
  keywordProblem: KeywordProblem | null;
  /** Why the form cannot be searched as it is (shown beside it; nothing is sent). */
  problem: SearchProblem | null;
  /** The query of the search on its way. */
  asked: MediaQuery | null;
  /** The query of the results on screen; null before the first search. */
  query: MediaQuery | null;
  /** The offset of the last page fetched (0, then 20, 40, ... with each "Fetch more"). */
  offset: number;
  results: ArticleView[];
  total: number;
  credits: MediaCredits;
  /** The last search or fetch-more failure that is not "no credits" (those open the dialog). */
  error: ApiFailure | null;
  /** The "Save as media case" dialog. */
  caseName: string;
  caseProblem: 'required' | 'media_case_name_length' | null;
  caseError: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type MediaSearchEvent =
  /** The keyword box changed; a comma ends a keyword. */
  | { type: 'TYPE'; text: string }
  /** Enter in the keyword box: its text becomes a chip. */
  | { type: 'ADD_KEYWORD' }
  /** Backspace or Delete on a chip, its remove button, or Backspace in an empty box (the last chip). */
  | { type: 'REMOVE_KEYWORD'; index: number }
  | { type: 'SET_MODE'; index: number; mode: KeywordMode }
  /** Any other field of the form. */
  | { type: 'SET'; patch: Partial<Omit<SearchDraft, 'keywords'>> }
  | { type: 'CLEAR' }
  /** Run the search (one credit). */
  | { type: 'SEARCH' }
  /** "Fetch more": asks for the confirmation of a paid check first. */
  | { type: 'MORE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The credits dialog: closed, or its "Contact sales" taken. */
  | { type: 'DISMISS' }
  | { type: 'FOLLOW_UP' }
  /** "Save as media case": the dialog with the name. */
  | { type: 'SAVE_CASE' }
  | { type: 'NAME'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' };

// ---------------------------------------------------------------- Actor I/O

export interface FetchMoreInput {
  query: MediaQuery;
  offset: number;
}

export interface CreateMediaCaseInput {
  name: string;
  query: MediaQuery;
  article_ids: string[];
}

export type CreateMediaCaseAnswer = MediaAnswer & { reference: string };

export type { MediaSearchAnswer };

// ---------------------------------------------------------------- Tags

/**
 * searching / fetching: a paid call is on its way; confirming: the fetch-more confirmation is open;
 * halted: the credits-expired dialog is open; naming: the save dialog is open; saving: it is being saved.
 */
export type MediaSearchTag = 'searching' | 'fetching' | 'confirming' | 'halted' | 'naming' | 'saving';

// ---------------------------------------------------------------- Provided actions

/** The search just run, as the address keeps it (without "?"). */
export interface Remembered {
  search: string;
}
