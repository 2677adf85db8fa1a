/**
 * Similarity of two name tokens. Edit distance is taken on phonetic keys, so
 * transliteration variants cost nothing and real typos cost in proportion to the
 * word's length; a word below 0.7 similar (0.75 in people's names) is no match at
 * all (a different word must not earn partial credit, or "Steel Tubes" would
 * resemble "Steel Wires"). Named equivalences come first: given-name variants
 * across languages, Wade-Giles / Pinyin, abbreviations, Baltic endings, vowels
 * of romanisation, Han characters and Hangul syllables compared as written.
 */
import { looseKey } from './scripts';
import { phoneticKey, type Token } from './normalize';
import { sameChineseReading } from './sinitic';
import { GIVEN_NAME_VARIANTS } from './vocabulary';

/** Phonetic key of a given name -> ids of the variant groups it belongs to. */
const GIVEN_NAMES = new Map<string, number[]>();
GIVEN_NAME_VARIANTS.forEach((group, id) => {
  for (const name of group) {
    const key = phoneticKey(name);
    const ids = GIVEN_NAMES.get(key);
    if (!ids) GIVEN_NAMES.set(key, [id]);
    else if (!ids.includes(id)) ids.push(id);
  }
});

/** The same given name in another form ("Giovanni" / "John", "Bill" / "William"). */
export function sameGivenName(a: Token, b: Token): boolean {
  const ga = GIVEN_NAMES.get(a.key);
  if (!ga) return false;
  const gb = GIVEN_NAMES.get(b.key);
  return !!gb && ga.some((g) => gb.includes(g));
}

// Rows reused across calls: token comparison is the hot loop, and fresh arrays per call cost GC time.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Optimal-string-alignment distance (adjacent transpositions cost 1). With `max`,
 * stops as soon as every alignment costs more than `max` and returns max + 1.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (!n) return m;
  if (!m) return n;
  if (m + 1 > rowA.length) {
    rowA = new Int32Array(m + 1);
    rowB = new Int32Array(m + 1);
    rowC = new Int32Array(m + 1);
  }
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    const ai = a.charCodeAt(i - 1);
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // A transposition reads two rows back, so a row may dip one below the last: allow for it.
    if (rowMin > max + 1) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(prev[m], max + 1);
}

/** Jaro-Winkler, the baseline's measure (whole names, as a string-similarity package gives it). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return a.length ? 1 : 0;
  const n = a.length;
  const m = b.length;
  if (!n || !m) return 0;
  const range = Math.max(0, Math.floor(Math.max(n, m) / 2) - 1);
  const aMatch = new Uint8Array(n);
  const bMatch = new Uint8Array(m);
  let matches = 0;
  for (let i = 0; i < n; i++) {
    const lo = Math.max(0, i - range);
    const hi = Math.min(m - 1, i + range);
    for (let j = lo; j <= hi; j++) {
      if (bMatch[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      aMatch[i] = 1;
      bMatch[j] = 1;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let t = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (!aMatch[i]) continue;
    while (!bMatch[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) t++;
    k++;
  }
  const jaro = (matches / n + matches / m + (matches - t / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < n && prefix < m && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Ratio similarity from edit distance. */
export function editSimilarity(a: string, b: string): number {
  const len = Math.max(a.length, b.length);
  if (!len) return 0;
  return 1 - editDistance(a, b) / len;
}

function isSubsequence(short: string, long: string): boolean {
  let j = 0;
  for (let i = 0; i < long.length && j < short.length; i++) if (long[i] === short[j]) j++;
  return j === short.length;
}

/** "Ind." ~ "industria", "Intl" ~ "international", "Svcs" ~ "services", "F.lli" ~ "fratelli". */
function abbreviationOf(short: Token, long: Token, person: boolean): boolean {
  const s = short.text;
  const l = long.text;
  if (s.length >= l.length || s[0] !== l[0]) return false;
  if (short.abbrev && s.length >= 2 && l.startsWith(s)) return true;
  return !person && s.length >= 3 && s.length <= 5 && l.length >= s.length + 3 && s[s.length - 1] === l[l.length - 1] && isSubsequence(s, l);
}

function isPluralOf(plural: string, single: string): boolean {
  if (single.length < 4 || !plural.startsWith(single.slice(0, -1))) return false;
  const rest = plural.slice(single.length);
  return plural.startsWith(single) ? ['s', 'es', 'lar', 'ler'].includes(rest) : false;
}

export type TokenMatchHow = 'exact' | 'phonetic' | 'nickname' | 'skeleton' | 'abbreviation' | 'initial' | 'fuzzy' | 'none';

export interface TokenMatch {
  sim: number;
  how: TokenMatchHow;
}

const NONE: TokenMatch = { sim: 0, how: 'none' };
const EXACT: TokenMatch = { sim: 1, how: 'exact' };
const VOWEL = /[aeiou]/;

/** Below this, two words are different words. */
export const WORD_MATCH_FLOOR = 0.7;
/**
 * People's names, spelt by ear, are held to a little more: at 0.70-0.74 a word
 * of up to 7 letters differs in two places and a longer one in three, which is a
 * different name sharing a stem or an ending more often than a typo ("Castillo" /
 * "Castro", "Ronaldinho" / "Ronaldo", "Shamsuddin" / "Shahabuddin").
 */
export const PERSON_WORD_FLOOR = 0.75;

// Word pairs recur across queries and candidates ("mohammed"/"muhammad"): remember their
// similarity. Words are interned to small integers on first comparison, so a lookup is two
// integer-keyed maps (no key strings, no string comparison). Interned numbers are never
// reused: past the cap, new words are compared without the cache.
const WORD_IDS = new Map<string, number>();
const WORD_IDS_MAX = 2_000_000;
const wordCache = [new Map<number, Map<number, TokenMatch>>(), new Map<number, Map<number, TokenMatch>>()];
let wordCacheSize = 0;
const WORD_CACHE_MAX = 300_000;

function wordId(t: Token): number {
  if (t.id !== undefined) return t.id;
  let id = WORD_IDS.get(t.text);
  if (id === undefined) {
    if (WORD_IDS.size >= WORD_IDS_MAX) return (t.id = -1);
    id = WORD_IDS.size;
    WORD_IDS.set(t.text, id);
  }
  return (t.id = id);
}

/**
 * Similarity of two tokens. In people's names ("person") a trailing "s" is a
 * Baltic case ending, not a plural, and undotted contractions are not read as
 * abbreviations (those rules are for organisations' and vessels' names).
 */
export function tokenSimilarity(a: Token, b: Token, person = false): TokenMatch {
  // Two Han characters or Hangul syllables: the same one, or two different name elements.
  if (a.orig !== undefined && b.orig !== undefined) return a.orig === b.orig ? EXACT : NONE;
  if (a.kind !== 'word' || b.kind !== 'word' || a.abjad || b.abjad || a.abbrev || b.abbrev || a.loose || b.loose) return computeSimilarity(a, b, person);
  const ia = wordId(a);
  const ib = wordId(b);
  if (ia === ib) return EXACT;
  if (ia < 0 || ib < 0) return computeSimilarity(a, b, person);
  const x = ia < ib ? ia : ib;
  const y = ia < ib ? ib : ia;
  const cache = wordCache[person ? 1 : 0];
  let inner = cache.get(x);
  let m = inner?.get(y);
  if (!m) {
    m = computeSimilarity(a, b, person);
    if (wordCacheSize >= WORD_CACHE_MAX) {
      wordCache[0].clear();
      wordCache[1].clear();
      wordCacheSize = 0;
      inner = undefined;
    }
    if (!inner) cache.set(x, (inner = new Map()));
    inner.set(y, m);
    wordCacheSize++;
  }
  return m;
}

function computeSimilarity(a: Token, b: Token, person: boolean): TokenMatch {
  if (a.kind === 'number' || b.kind === 'number') {
    return a.kind === b.kind && a.text === b.text ? EXACT : NONE;
  }
  if (a.kind === 'particle' || b.kind === 'particle') {
    return a.text === b.text || a.surface === b.surface ? EXACT : NONE;
  }
  if (a.text === b.text) return EXACT;
  if (a.kind === 'initial' || b.kind === 'initial') {
    const [i, w] = a.kind === 'initial' ? [a, b] : [b, a];
    return w.text[0] === i.text ? { sim: 0.8, how: 'initial' } : NONE;
  }
  if (a.key === b.key) return { sim: 0.95, how: 'phonetic' };
  // Only the opening vowel differs ("Osama" / "Usama", "Omar" / "Umar", "Ibrahim" / "Ebrahim").
  if (a.key.length >= 4 && a.key.length === b.key.length && VOWEL.test(a.key[0]) && VOWEL.test(b.key[0]) && a.key.slice(1) === b.key.slice(1)) {
    return { sim: 0.9, how: 'phonetic' };
  }
  if (sameGivenName(a, b)) return { sim: 0.85, how: 'nickname' };
  if (sameChineseReading(a.text, b.text)) return { sim: 0.9, how: 'phonetic' };
  if (a.abjad || b.abjad) {
    if (a.skel.length >= 1 && a.skel === b.skel) return { sim: 0.9, how: 'skeleton' };
    // Romanisations of these scripts disagree on voicing and on sh/s, ch/j ("Shinawatra" / ชินวัตร).
    const la = looseKey(a.skel);
    if (la.length >= 2 && la === looseKey(b.skel)) return { sim: 0.85, how: 'skeleton' };
    // Hebrew ב is "b" or "v" by position, and Latin spellings of foreign names do not follow the rule ("Gurevich").
    if (a.skel.includes('b') !== b.skel.includes('b') || a.skel.includes('b')) {
      const na = a.skel.replace(/b/g, '');
      if (na.length >= 2 && na === b.skel.replace(/b/g, '')) return { sim: 0.85, how: 'skeleton' };
    }
    let s = editSimilarity(a.skel, b.skel) * 0.9;
    // Thai, Lao, Khmer, Hebrew and kana spellings differ in one consonant of a longer skeleton
    // (a final written as the letter or as its sound: "Srettha" / "Sretta"); Arabic keeps the strict rule.
    if (s < WORD_MATCH_FLOOR && (a.loose || b.loose) && la.length >= 4) s = Math.max(s, editSimilarity(la, looseKey(b.skel)) >= 0.75 ? 0.72 : 0);
    return s >= WORD_MATCH_FLOOR ? { sim: s, how: 'skeleton' } : NONE;
  }
  if (abbreviationOf(a, b, person) || abbreviationOf(b, a, person)) return { sim: 0.9, how: 'abbreviation' };
  // A Baltic nominative ending on a person's name (Latvian "Sergejs Lavrovs" for Sergey Lavrov).
  if (person && Math.abs(a.text.length - b.text.length) === 1) {
    const [l, sh] = a.text.length > b.text.length ? [a, b] : [b, a];
    if (sh.text.length >= 4 && l.text.endsWith('s') && phoneticKey(l.text.slice(0, -1)) === sh.key) return { sim: 0.9, how: 'phonetic' };
  }
  // Singular and plural ("Star"/"Stars", "Kartali"/"Kartallari") name different things as often as not.
  // (An English ending: a word romanised from another script ends in "-s" for its own grammar, Georgian "Tbilisis".)
  if (!person && !a.loose && !b.loose && (isPluralOf(a.text, b.text) || isPluralOf(b.text, a.text))) return { sim: 0.72, how: 'fuzzy' };
  // Edit similarity on the phonetic keys or the words as written, whichever is higher; only
  // values at the floor or above matter, so the distance stops as soon as it cannot get there.
  const floor = person ? PERSON_WORD_FLOOR : WORD_MATCH_FLOOR;
  let sim = similarityAtLeast(a.key, b.key, floor);
  if (sim < 1) sim = Math.max(sim, similarityAtLeast(a.text, b.text, Math.max(floor, sim)));
  // "rn" read as "m" (scanned and retyped documents: "Sukarno" / "Sukamo").
  // A misreading is not the same word: it tops out at 0.9.
  if (a.key.includes('rn') !== b.key.includes('rn')) sim = Math.max(sim, Math.min(0.9, similarityAtLeast(a.key.replace(/rn/g, 'm'), b.key.replace(/rn/g, 'm'), Math.max(floor, sim))));
  // Vowel-only differences ("Ahmad"/"Ahmed", "Muhammad"/"Mohammed") are romanisation, not another name.
  if (a.skel.length >= 3 && a.skel === b.skel && a.key[0] === b.key[0]) sim = Math.max(sim, 0.85);
  // A word romanised from a script whose systems disagree on voicing, aspiration and vowel
  // length ("Htun" / "Tun", "Karunaniti" / "Karunanidhi"): compared on the folded key too.
  if ((a.loose || b.loose) && sim < 0.9) {
    const la = looseKey(a.key);
    const lb = looseKey(b.key);
    sim = Math.max(sim, la === lb ? 0.9 : similarityAtLeast(la, lb, floor) * 0.95);
  }
  return sim >= floor ? { sim, how: 'fuzzy' } : NONE;
}

/** 1 - distance / length when at least `floor`, else 0 (the distance is abandoned once it is too large). */
function similarityAtLeast(a: string, b: string, floor: number): number {
  const len = Math.max(a.length, b.length);
  if (!len) return 0;
  const max = Math.floor((1 - floor) * len + 1e-9);
  if (Math.abs(a.length - b.length) > max) return 0;
  const d = editDistance(a, b, max);
  return d > max ? 0 : 1 - d / len;
}
