/**
 * Cross-script keys: how "Мордашов" finds "Mordashov", "Mordashov" finds "Мордашова", and "محمد" finds
 * "Mohammed" (docs/media-watcher.md, "The index"). Every word of an article is read in Latin letters with
 * the screening engine's transliteration (server/screening/transliterate.ts) and folded with its phonetic
 * key and consonant skeleton (server/screening/normalize.ts), and stored as lexemes of the article's
 * search_vector beside its stems. Each starts with `~`, which no parsed word holds, so keys and stems never
 * meet, then a letter for its kind, so the kinds never meet by accident either:
 *
 * - `k` + phonetic key, for every word not written in a vowel-less script: Latin, Cyrillic, Greek, ...
 *   meet when their readings fold together (zh/j, ks/x, y/i, doubled letters).
 * - `s` + consonant skeleton, for the same words: what an Arabic or Hebrew spelling is compared with.
 * - `v` + phonetic key with its vowels blurred, for the same words: the same name with other vowels.
 * - `a` + consonant skeleton, for words of scripts that do not write short vowels (Arabic, Hebrew, ...).
 *
 * A query word in Latin or Cyrillic looks for `k` (its key without final vowels, as a prefix, so Russian
 * case endings and English suffixes still match) and for `a` (an Arabic spelling of it); an Arabic query
 * word looks for `s` and `a`. A query word written as a name (capitalised) also looks for `v`, so "Muhammad"
 * finds "Mohammed"; Latin words never meet by their bare skeletons, which would be far too loose ("Mordashov"
 * and "Mardas", "fraud" and "freed").
 */
import { phoneticKey, skeletonOfKey } from '../screening/normalize';
import { transliterateWords } from '../screening/transliterate';

/** What every cross-script lexeme starts with: no word of a text search configuration's parser contains it. */
export const KEY_MARK = '~';

/** A token: a run of letters, marks and digits (the classifier's tokenizer does the same). */
export const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The shortest skeleton stored or looked for: two consonants ("mn", "mr") collide with everyday Arabic words. */
const MIN_SKELETON = 3;
/** Across scripts a query word must carry this much to be compared by skeleton, unless written as a name (capitalised). */
const MIN_QUERY_SKELETON = 4;
/** Query keys at least this long match as prefixes ("mordashov" finds "mordashova", "mordashovym"). */
const MIN_PREFIX_KEY = 4;

const ARABIC_ARTICLE = /^(?:[وف]?ال|لل)(?=\p{L}{2})/u;
const CYRILLIC = /[\u0400-\u04FF]/;
const UPPER_START = /^\p{Lu}/u;
/** Russian case endings of nouns and adjectives, longest first: a query typed in the genitive still finds the nominative. */
const RUSSIAN_ENDINGS = /(?:ого|его|ому|ему|ыми|ими|ами|ями|ой|ей|ом|ем|ым|им|ую|юю|ая|яя|ое|ее|ий|ый|ой|ах|ях|ов|ев|а|я|у|ю|ы|и|е)$/;

interface FoldedPart {
  key: string;
  skel: string;
  abjad: boolean;
}

/** The Latin readings of one token, each lower case and reduced to letters. */
function foldedParts(token: string): FoldedPart[] {
  const parts: FoldedPart[] = [];
  for (const word of transliterateWords(token)) {
    const text = word.text.toLowerCase().replace(/[^a-z]/g, '');
    if (text.length < 2) continue;
    const key = phoneticKey(text);
    parts.push({ key, skel: skeletonOfKey(key), abjad: word.abjad });
  }
  return parts;
}

/** The token and, for an Arabic word that carries the article or a conjunction ("والفساد"), the word without it. */
function arabicVariants(token: string): string[] {
  return ARABIC_ARTICLE.test(token) ? [token, token.replace(ARABIC_ARTICLE, '')] : [token];
}

/** The phonetic key with every run of vowels written "a": "mohamed" and "muhamad" are both "mahamad"; "mordashov" is not "mardas". */
const vowelless = (key: string) => key.replace(/[aeiou]+/g, 'a');

const cache = new Map<string, readonly string[]>();
const CACHE_LIMIT = 200_000;

/** The cross-script lexemes an article's word stores (cached: words repeat across articles). */
export function wordLexemes(token: string): readonly string[] {
  let lexemes = cache.get(token);
  if (lexemes) return lexemes;
  if (/^\p{N}+$/u.test(token)) lexemes = [];
  else {
    const out = new Set<string>();
    for (const variant of arabicVariants(token)) {
      for (const part of foldedParts(variant)) {
        if (part.abjad) {
          if (part.skel.length >= MIN_SKELETON) out.add(`${KEY_MARK}a${part.skel}`);
          continue;
        }
        out.add(`${KEY_MARK}k${part.key}`);
        if (part.skel.length >= MIN_SKELETON) out.add(`${KEY_MARK}s${part.skel}`);
        out.add(`${KEY_MARK}v${vowelless(part.key)}`);
      }
    }
    lexemes = [...out];
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(token, lexemes);
  return lexemes;
}

/** A word written as a name: capitalised, or in a script without letter case (Arabic, Hebrew, Chinese ...). */
const NAME_LIKE = /^(?:\p{Lu}|[^\p{Ll}\p{Lu}\p{N}])/u;

/**
 * Every distinct cross-script lexeme of a text's name-like words. Only words written as names get keys:
 * what another script spells differently is a name, and a name is capitalised wherever the script has
 * capitals; everyday words are found by their stems. This keeps an article's vector about a third the size
 * it would be with a key for every word, which is what ranking a common word's matches reads.
 */
export function textLexemes(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(WORD)) if (NAME_LIKE.test(m[0])) for (const lexeme of wordLexemes(m[0])) out.add(lexeme);
  return [...out];
}

/** One way a query word may be found: a lexeme, whole or as a prefix. */
export interface KeyAlternative {
  lexeme: string;
  prefix: boolean;
}

/** A query term's words, each with the lexemes that find it (any of them); every word must be found. */
export function queryWords(term: string): KeyAlternative[][] {
  const words: KeyAlternative[][] = [];
  for (const m of term.matchAll(WORD)) {
    const token = m[0];
    if (/^\p{N}+$/u.test(token)) continue;
    const alternatives = new Map<string, KeyAlternative>();
    const add = (lexeme: string, prefix: boolean) => {
      const known = alternatives.get(lexeme);
      if (!known || (prefix && !known.prefix)) alternatives.set(lexeme, { lexeme, prefix });
    };
    const asName = UPPER_START.test(token);
    // A Cyrillic word typed in an oblique case is looked for by its stem, as a prefix.
    const stems = CYRILLIC.test(token) && token.length >= 6 ? [token, token.toLowerCase().replace(RUSSIAN_ENDINGS, '')] : [token];
    for (const variant of stems.flatMap(arabicVariants)) {
      for (const part of foldedParts(variant)) {
        if (part.abjad) {
          if (part.skel.length >= MIN_SKELETON) {
            add(`${KEY_MARK}s${part.skel}`, false);
            add(`${KEY_MARK}a${part.skel}`, false);
          }
          continue;
        }
        // The key without its final vowels, as a prefix: "Alexey" finds "Алексею", "Navalny" "Навального".
        const stem = part.key.replace(/[aeiou]+$/, '');
        const key = stem.length >= MIN_PREFIX_KEY ? stem : part.key;
        add(`${KEY_MARK}k${key}`, key.length >= MIN_PREFIX_KEY);
        if (part.skel.length >= (asName ? MIN_SKELETON : MIN_QUERY_SKELETON)) add(`${KEY_MARK}a${part.skel}`, false);
        // A word written as a name also finds spellings with other vowels ("Muhammad", "Mohammed"), its consonants in
        // place. Whole words only: as a prefix, "Vinnik" (vanak) found "Venkataraman" (vanakataraman); inflected forms
        // are found by the phonetic key's prefix above.
        if (asName) add(`${KEY_MARK}v${vowelless(part.key)}`, false);
      }
    }
    if (alternatives.size) words.push([...alternatives.values()]);
  }
  return words;
}

/** The tsquery text that finds a term by its cross-script keys, or null when it has no word to look for. Lexemes are ~ and [a-z] only. */
export function namesTsquery(term: string): string | null {
  const words = queryWords(term);
  if (!words.length) return null;
  return words.map((alts) => `(${alts.map((a) => `'${a.lexeme}'${a.prefix ? ':*' : ''}`).join(' | ')})`).join(' & ');
}

/** Whether an article's word is one of the query word's spellings. */
function wordMatches(lexemes: readonly string[], alternatives: KeyAlternative[]): boolean {
  for (const lexeme of lexemes) {
    for (const a of alternatives) if (a.prefix ? lexeme.startsWith(a.lexeme) : lexeme === a.lexeme) return true;
  }
  return false;
}

/**
 * The words of a text, as written, that are spellings of the query's words in any script: what a snippet
 * and the article's highlighting mark when the match came through the cross-script keys.
 */
export function matchingWords(text: string, words: KeyAlternative[][], limit = 50): string[] {
  if (!words.length) return [];
  const found = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const token = m[0];
    if (found.has(token)) continue;
    const lexemes = wordLexemes(token);
    if (lexemes.length && words.some((alternatives) => wordMatches(lexemes, alternatives))) {
      found.add(token);
      if (found.size >= limit) break;
    }
  }
  return [...found];
}
