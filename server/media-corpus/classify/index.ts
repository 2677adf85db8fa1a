/**
 * The adverse-media classifier of the Media Watcher: for an article (title, body, language) it
 * decides whether the article links someone to wrongdoing, in which categories, with which words
 * (and where they are, for highlighting), and its sentiment. Dictionary and rules only, in six
 * languages, nothing downloaded: docs/media-classification.md explains the approach and its figures.
 */
import { detectAll } from 'tinyld';
import { MEDIA_LANGUAGES, type AdverseCategory, type MediaLanguage } from '../../../common/media';
import { ar } from './lexicon/ar';
import { de } from './lexicon/de';
import { en } from './lexicon/en';
import { es } from './lexicon/es';
import { fr } from './lexicon/fr';
import { ru } from './lexicon/ru';
import { analyseField, compileLexicon, decide, type CompiledLexicon, type LanguageLexicon } from './rules';
import { sentiment } from './sentiment';

export type { AdverseCategory, MediaLanguage } from '../../../common/media';
export { countriesMentioned } from './countries';

export interface KeywordHit {
  text: string;
  start: number;
  end: number;
  field: 'title' | 'body';
  category: AdverseCategory;
}

export interface Classification {
  adverse: boolean;
  /** Ordered by strength. */
  categories: AdverseCategory[];
  /** Category -> distinct surface forms (lower-cased) that triggered it. */
  keywords: Record<string, string[]>;
  /** Every occurrence, for highlighting (offsets into title or body). */
  hits: KeywordHit[];
  sentiment: 'negative' | 'neutral' | 'positive';
  /** -1..1, rounded to 3 decimals. */
  sentiment_score: number;
}

const LEXICONS: Record<MediaLanguage, LanguageLexicon> = { en, es, fr, de, ar, ru };
const SIX: readonly MediaLanguage[] = MEDIA_LANGUAGES;
const compiled = new Map<MediaLanguage, CompiledLexicon>();

/** Lexicons compile on first use, so a process that classifies only Russian never builds the others. */
function lexiconFor(language: MediaLanguage): CompiledLexicon {
  let lexicon = compiled.get(language);
  if (!lexicon) compiled.set(language, (lexicon = compileLexicon(language, LEXICONS[language])));
  return lexicon;
}

/**
 * Classifies one article. An article in another language is read with the English lexicon: news in
 * other languages often quotes English terms, and a wrong language yields no hits rather than wrong ones.
 */
export function classifyArticle(input: { title: string; body: string; language: MediaLanguage | 'other' }): Classification {
  const lexicon = lexiconFor(SIX.includes(input.language as MediaLanguage) ? (input.language as MediaLanguage) : 'en');
  const fields = [analyseField(input.title, 'title', lexicon), analyseField(input.body, 'body', lexicon)];
  const decision = decide(fields);
  // Generic words reported as other_crime can coincide with other_crime's own: each place once.
  const places = new Set<string>();
  const hits: KeywordHit[] = decision.counted
    .filter((e) => {
      const place = `${e.field}:${e.start}:${e.end}:${e.category}`;
      return !places.has(place) && places.add(place);
    })
    .map((e) => ({ text: (e.field === 'title' ? input.title : input.body).slice(e.start, e.end), start: e.start, end: e.end, field: e.field, category: e.category }))
    .sort((a, b) => (a.field === b.field ? a.start - b.start : a.field === 'title' ? -1 : 1));
  const keywords: Record<string, string[]> = {};
  for (const category of decision.categories) {
    keywords[category] = [...new Set(hits.filter((h) => h.category === category).map((h) => h.text.toLowerCase()))];
  }
  const positive = fields.reduce((n, f) => n + f.positive, 0);
  const negative = fields.reduce((n, f) => n + f.negative, 0);
  const mood = sentiment(positive, negative, hits.length);
  return { adverse: decision.adverse, categories: decision.categories, keywords, hits, sentiment: mood.label, sentiment_score: mood.score };
}

/** tinyld's scores are relative: a guess counts when it beats the runner-up by this factor. */
const MARGIN = 1.5;

function clearBest(guesses: { lang: string; accuracy: number }[]): string | null {
  const [best, next] = guesses;
  if (!best) return null;
  return best.accuracy >= MARGIN * (next?.accuracy ?? 0) ? best.lang : null;
}

/**
 * The commonest function words of the Latin-script languages, no word in two lists. Running text in
 * one of them is about 25-30% its own list and under 10% another's (Italian, Portuguese and Dutch
 * included), which decides an article before any statistics: tinyld reads some English reports full
 * of Polish or Hungarian names as Polish, and a short French paragraph as Czech.
 */
const FUNCTION_WORDS: Partial<Record<MediaLanguage, Set<string>>> = {
  en: new Set([
    'the', 'of', 'and', 'to', 'in', 'is', 'was', 'that', 'for', 'on', 'with', 'as', 'by', 'at', 'his', 'it', 'from', 'said',
    'has', 'have', 'be', 'are', 'were', 'an', 'this', 'which', 'their', 'had', 'he', 'she', 'they', 'who', 'not', 'been',
    'after', 'its', 'also', 'would', 'will',
  ]),
  es: new Set([
    'el', 'los', 'las', 'del', 'por', 'con', 'una', 'para', 'como', 'pero', 'sus', 'fue', 'este', 'esta', 'también', 'según',
    'ha', 'han', 'entre', 'sobre', 'desde', 'cuando', 'muy', 'sin', 'ya', 'hasta', 'dijo', 'años', 'y', 'se', 'su', 'al', 'lo',
    'más',
  ]),
  fr: new Set([
    'le', 'les', 'des', 'et', 'est', 'une', 'du', 'dans', 'pour', 'avec', 'au', 'aux', 'sur', 'par', 'qui', 'il', 'elle', 'ont',
    'été', 'mais', 'pas', 'ses', 'son', 'cette', 'ce', 'sont', 'selon', 'après', 'plus', 'ne', 'a',
  ]),
  de: new Set([
    'der', 'die', 'das', 'und', 'ist', 'nicht', 'mit', 'von', 'den', 'zu', 'im', 'ein', 'eine', 'dem', 'auf', 'für', 'sich',
    'auch', 'wurde', 'wird', 'nach', 'bei', 'aus', 'sie', 'er', 'es', 'hat', 'sind', 'war', 'noch', 'einer', 'einen', 'wie',
    'über', 'vor', 'zum', 'zur', 'dass',
  ]),
};
/** Function words must be this share of the words, and this many times the next language's share. */
const FUNCTION_SHARE = 0.18;
const FUNCTION_LEAD = 3;
/** Fewer words than this are left to tinyld. */
const FUNCTION_MIN_WORDS = 12;

function byFunctionWords(text: string): MediaLanguage | null {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < FUNCTION_MIN_WORDS) return null;
  const shares = Object.entries(FUNCTION_WORDS)
    .map(([lang, set]) => [lang as MediaLanguage, words.filter((w) => set.has(w)).length / words.length] as const)
    .sort((a, b) => b[1] - a[1]);
  const [[lang, share], [, next]] = shares;
  return share >= FUNCTION_SHARE && share >= FUNCTION_LEAD * next ? lang : null;
}

/** Long texts are judged by pieces of about this many characters, at most MAX_PIECES of them. */
const PIECE = 300;
const MAX_PIECES = 8;

/** tinyld's clear guess over all its languages (so Italian is 'other'), else its clear guess among the six. */
function guess(text: string): string | null {
  const open = clearBest(detectAll(text));
  if (open) return open;
  return clearBest(detectAll(text, { only: [...SIX] }));
}

/**
 * The language of a text: one of the six, or 'other'. Arabic and Russian are read from the script,
 * which is certain where a statistical guess on a headline is not; letters that only Persian, Urdu,
 * Ukrainian, Belarusian or the South Slavic languages use send those texts to tinyld instead. Running
 * text in English, Spanish, French or German is recognised by its function words. Everything else
 * goes to tinyld, a long text in pieces that vote, weighted by length, so that a few foreign names
 * cannot sway it; the language needs more than half of the vote. Pass title and body together: a
 * headline alone is often too short to tell.
 */
export function detectLanguage(text: string): MediaLanguage | 'other' {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return 'other';
  const arabic = text.match(/[\u0600-\u06ff]/g)?.length ?? 0;
  const cyrillic = text.match(/[\u0400-\u04ff]/g)?.length ?? 0;
  if (arabic / letters > 0.5 && !/[پچژگکیٹڈڑںے]/.test(text)) return 'ar';
  if (cyrillic / letters > 0.5 && !/[іїєґўјљњћђџѓќѕ]/i.test(text) && /[ыэъ]/i.test(text)) return 'ru';
  const latin = byFunctionWords(text);
  if (latin) return latin;
  const pieces: string[] = [];
  const step = Math.max(PIECE, Math.ceil(text.length / MAX_PIECES));
  for (let at = 0; at < text.length; at += step) pieces.push(text.slice(at, at + step));
  const votes = new Map<string, number>();
  for (const piece of pieces) {
    const lang = guess(piece);
    if (lang) votes.set(lang, (votes.get(lang) ?? 0) + piece.length);
  }
  const [winner, weight] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (weight * 2 <= text.length) return 'other';
  return SIX.includes(winner as MediaLanguage) ? (winner as MediaLanguage) : 'other';
}
