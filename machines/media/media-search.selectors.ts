/** What Media Search's view reads from its statechart (tags rather than state names). */
import { MEDIA_LIMITS } from '../../common/media';
import type { MediaSearchContext, MediaSearchTag } from './media-search.types';

interface Snapshot {
  context: MediaSearchContext;
  hasTag(tag: MediaSearchTag): boolean;
}

export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectText = (s: Snapshot) => s.context.text;
export const selectKeywordProblem = (s: Snapshot) => s.context.keywordProblem;
export const selectProblem = (s: Snapshot) => s.context.problem;
export const selectSearching = (s: Snapshot) => s.hasTag('searching');
export const selectFetching = (s: Snapshot) => s.hasTag('fetching');
export const selectConfirming = (s: Snapshot) => s.hasTag('confirming');
export const selectHalted = (s: Snapshot) => s.hasTag('halted');
export const selectNaming = (s: Snapshot) => s.hasTag('naming');
export const selectSaving = (s: Snapshot) => s.hasTag('saving');
export const selectResults = (s: Snapshot) => s.context.results;
export const selectTotal = (s: Snapshot) => s.context.total;
/** The search on screen; null before the first one. */
export const selectQuery = (s: Snapshot) => s.context.query;
export const selectError = (s: Snapshot) => s.context.error;
export const selectCredits = (s: Snapshot) => s.context.credits;
/** Credits left (never below zero). */
export const selectCreditsLeft = (s: Snapshot) => Math.max(0, s.context.credits.alloted - s.context.credits.used);
/** More results exist and "Fetch more" may reach them (the API reads no further than offset 1000). */
export const selectCanFetchMore = (s: Snapshot) => {
  const next = s.context.offset + MEDIA_LIMITS.pageSize;
  return s.context.query !== null && next < s.context.total && next <= MEDIA_LIMITS.maxOffset;
};
/** A search ran and found nothing: the no-result message. */
export const selectNoResult = (s: Snapshot) => s.context.query !== null && s.context.results.length === 0 && !s.hasTag('searching');
export const selectCaseName = (s: Snapshot) => s.context.caseName;
export const selectCaseProblem = (s: Snapshot) => s.context.caseProblem;
export const selectCaseError = (s: Snapshot) => s.context.caseError;
