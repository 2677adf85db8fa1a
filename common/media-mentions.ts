/**
 * A screening case's Adverse Media tab (GET /api/record-adverse-media; docs/custom-sources.md, "Mentions"):
 * the articles that mention the searched name or the entity's names, each with what matched.
 */
import type { ArticleView } from './media';

export interface CaseMediaMentionView extends ArticleView {
  /** The name (searched name, primary name or alias) the article mentions. */
  matched_name: string;
  /** The words of the article that name it, as the article writes them. */
  matched_text: string;
  /** 0..1: how closely matched_text reads as matched_name. */
  match_score: number;
  /** Found by adverse-media monitoring since the tab was last opened. */
  is_new: boolean;
}

export interface CaseMediaAnswer {
  items: CaseMediaMentionView[];
  /** When the case's mentions were first looked for (null: never). */
  scanned_at: string | null;
}

/**
 * How close a span of an article must read to a name to be a mention (0..1, the screening engine's name
 * score). Below it a different person with a similar name, or an inflected surname with another given name.
 */
export const MENTION_THRESHOLD = 0.85;
