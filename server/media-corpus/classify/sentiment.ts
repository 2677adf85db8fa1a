/**
 * Sentiment from word counts: positive and negative lexicon words (a negation just before a word
 * cancels it, see analyseField), plus the adverse evidence the rules counted, since an article that
 * reports a crime is negative news even when its vocabulary is plain.
 */
export type SentimentLabel = 'negative' | 'neutral' | 'positive';

/** Evens out very short texts: one word in a headline should not reach the extremes. */
const DAMPING = 3;
/** Scores closer to zero than this are neutral. */
const NEUTRAL_BAND = 0.15;

export function sentiment(positive: number, negative: number, adverseEvidence: number): { label: SentimentLabel; score: number } {
  const neg = negative + adverseEvidence;
  const raw = (positive - neg) / (positive + neg + DAMPING);
  const score = Math.round(raw * 1000) / 1000;
  const label = score <= -NEUTRAL_BAND ? 'negative' : score >= NEUTRAL_BAND ? 'positive' : 'neutral';
  return { label, score: Object.is(score, -0) ? 0 : score };
}
