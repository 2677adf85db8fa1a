/**
 * The Media Watcher answers as the screens read them (the contract of issue 14, "HTTP API"): a media case's
 * detail page and an article's highlighted text. The shapes the API shares with the screens (ArticleView,
 * MediaCaseView, MediaSearchAnswer, the statuses) are common/media.ts; they are re-exported here for the
 * machines and views.
 */
import type { ArticleView, MediaCaseArticle, MediaCaseView, MediaSearchAnswer, TextSegment } from '../../common/media';
export { MEDIA_CASE_STATUSES, MEDIA_RISK_LEVELS, type MediaCaseArticle, type MediaCaseStatus, type MediaCaseView, type MediaRiskLevel, type MediaSearchAnswer } from '../../common/media';

/** Allotted and used Media Watcher credits, as a search answers them. */
export type MediaCredits = MediaSearchAnswer['credits'];

/** GET /api/adverse-media/detail-page/:reference */
export interface MediaCaseDetail {
  case: MediaCaseView;
  articles: MediaCaseArticle[];
}

/** POST /api/highlight-text */
export interface HighlightAnswer {
  article: ArticleView;
  title: TextSegment[];
  body: TextSegment[];
}

/** An answer that carries a message (done()). */
export interface MediaAnswer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
}
