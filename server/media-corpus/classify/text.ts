/**
 * Tokenising with offsets, and the phrase matcher every lexicon is compiled into.
 *
 * Input is plain text (HTML already stripped). A token is a run of letters, marks and digits, so
 * punctuation, apostrophes and hyphens separate tokens: "anti-corruption" is "anti" + "corruption"
 * (which lets "anti" shield the category word), and French "d'escroquerie" yields "escroquerie".
 * Each token keeps its offsets into the original string, so whatever the rules decide can be
 * highlighted exactly where it was written.
 */
import type { MediaLanguage } from '../../../common/media';

export interface Token {
  /** Folded form used for matching: lower case, no accents or Arabic vowel marks, ß -> ss. */
  norm: string;
  start: number;
  end: number;
  /** Sentence number within the text, for "same sentence" rules. */
  sentence: number;
  /** The token starts with an upper-case letter: tells "Turkey" the country from "turkey", "Jordan" the country from Michael Jordan. */
  capital: boolean;
}

const TOKEN = /[\p{L}\p{M}\p{N}]+/gu;
const MARKS = /\p{M}/gu;
const ARABIC_FOLD: Record<string, string> = { 'ى': 'ي', 'ة': 'ه', 'ـ': '' };

/**
 * Folds a word for matching. The lexicons are folded by the same function, so "Geldwäsche" and
 * "geldwasche", "أموال" and "اموال", "ё" and "е" meet. NFD plus removing marks strips Latin accents,
 * the Cyrillic breve and diaeresis (й -> и, ё -> е) and Arabic hamza carriers and short vowels.
 */
export function fold(word: string): string {
  let folded = foldCache.get(word);
  if (folded === undefined) {
    // Words repeat across articles; the cache is dropped whole when it grows, which is cheap and bounded.
    if (foldCache.size >= FOLD_CACHE_SIZE) foldCache.clear();
    foldCache.set(word, (folded = foldWord(word)));
  }
  return folded;
}

const foldCache = new Map<string, string>();
const FOLD_CACHE_SIZE = 100_000;

function foldWord(word: string): string {
  let s = word.toLowerCase();
  // ASCII needs nothing more, and most tokens of most articles are ASCII.
  if (!/[^\x00-\x7f]/.test(s)) return s;
  s = s.normalize('NFD').replace(MARKS, '').replace(/ß/g, 'ss');
  if (/[\u0600-\u06ff]/.test(s)) s = s.replace(/[ىةـ]/g, (c) => ARABIC_FOLD[c]);
  return s;
}

/** Gaps that end a sentence: a full stop after a real word (not "U.S." or "Mr."), ! ? ؟ or a line break. */
function endsSentence(gap: string, previous: string): boolean {
  if (/[!?؟\n]/.test(gap)) return true;
  // A full stop ends a sentence only before a space ("18.9" and "U.S.-led" go on).
  if (!/\.["'”’»)\]]*\s/.test(gap)) return false;
  return previous.length > 2 || !/^\p{Lu}/u.test(previous);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let sentence = 0;
  let last = 0;
  let previous = '';
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    // Most gaps are one space, which never ends a sentence: skip the checks for them.
    const plain = start - last === 1 && text.charCodeAt(last) === 32;
    if (tokens.length > 0 && !plain && endsSentence(text.slice(last, start), previous)) sentence++;
    const word = m[0];
    const first = word[0];
    tokens.push({ norm: fold(word), start, end: start + word.length, sentence, capital: first !== first.toLowerCase() });
    last = start + word.length;
    previous = word;
  }
  return tokens;
}

/**
 * Arabic attaches conjunctions, prepositions and the article to the word ("والفساد" = "and the
 * corruption"). The lexicons list bare stems, so each Arabic token is also tried without them.
 */
function arabicForms(norm: string): string[] {
  const forms = [norm];
  let s = norm;
  if (s.length > 3 && (s[0] === 'و' || s[0] === 'ف')) forms.push((s = s.slice(1)));
  if (s.length > 4 && s.startsWith('لل')) forms.push((s = s.slice(2)));
  else if (s.length > 3 && (s[0] === 'ب' || s[0] === 'ل' || s[0] === 'ك')) forms.push((s = s.slice(1)));
  if (s.length > 4 && s.startsWith('ال')) forms.push(s.slice(2));
  return forms;
}

/**
 * A lexicon entry is one or more space-separated words. A word ending in "*" matches any word that
 * starts with it (a stem: "launder*" covers launders, laundered, laundering), other words match
 * exactly. A German stem written "*stem*" also matches inside a compound ("*betrug*" finds
 * "Steuerbetrug"), because German writes "tax fraud" as one word.
 */
interface Node<P> {
  exact: Map<string, Node<P>>;
  stems: Map<string, Node<P>>;
  payloads: P[];
}

const node = <P>(): Node<P> => ({ exact: new Map(), stems: new Map(), payloads: [] });

export interface PhraseMatch<P> {
  /** Index of the first and one past the last token. */
  from: number;
  to: number;
  payload: P;
}

export class PhraseMatcher<P> {
  private readonly root = node<P>();
  private minStem = Infinity;
  private maxStem = 0;
  /** Stems that may head a German compound ("*stem*" entries), longest first. */
  private infix: string[] = [];

  constructor(private readonly language: MediaLanguage) {}

  add(entry: string, payload: P): void {
    const words = entry.trim().split(/\s+/);
    let at = this.root;
    for (const raw of words) {
      const infix = raw.length > 2 && raw.startsWith('*') && raw.endsWith('*');
      const stem = raw.endsWith('*');
      const word = fold(raw.replace(/^\*|\*$/g, ''));
      if (infix) this.infix.push(word);
      if (stem) {
        this.minStem = Math.min(this.minStem, word.length);
        this.maxStem = Math.max(this.maxStem, word.length);
      }
      const map = stem ? at.stems : at.exact;
      let next = map.get(word);
      if (!next) map.set(word, (next = node<P>()));
      at = next;
    }
    at.payloads.push(payload);
  }

  /** Call once after the last add. */
  seal(): this {
    this.infix = [...new Set(this.infix)].sort((a, b) => b.length - a.length);
    return this;
  }

  /**
   * The forms a token is tried under: itself, its clitic-free Arabic forms, and for German the tail
   * starting at each compound stem it contains ("steuerbetrug" is also tried as "betrug").
   */
  private forms(norm: string): string[] {
    if (this.language === 'ar') return arabicForms(norm);
    if (this.infix.length === 0 || norm.length < 7) return [norm];
    const forms = [norm];
    for (const stem of this.infix) {
      const at = norm.indexOf(stem, 1);
      if (at > 0 && !forms.includes(norm.slice(at))) forms.push(norm.slice(at));
    }
    return forms;
  }

  /** Adds to `out` the children of `at` reached by one of the forms (each child once). */
  private step(at: Node<P>, forms: string[], out: Node<P>[]): void {
    for (const form of forms) {
      const exact = at.exact.get(form);
      if (exact && !out.includes(exact)) out.push(exact);
      if (at.stems.size === 0) continue;
      const longest = Math.min(this.maxStem, form.length);
      for (let len = this.minStem; len <= longest; len++) {
        const stem = at.stems.get(form.slice(0, len));
        if (stem && !out.includes(stem)) out.push(stem);
      }
    }
  }

  /** Every entry found in the tokens; overlapping entries are all returned. */
  match(tokens: readonly Token[]): PhraseMatch<P>[] {
    const found: PhraseMatch<P>[] = [];
    const forms = tokens.map((t) => this.forms(t.norm));
    let frontier: Node<P>[] = [];
    let next: Node<P>[] = [];
    for (let from = 0; from < tokens.length; from++) {
      frontier.length = 0;
      this.step(this.root, forms[from], frontier);
      let to = from + 1;
      while (frontier.length > 0) {
        for (const n of frontier) for (const payload of n.payloads) found.push({ from, to, payload });
        if (to >= tokens.length || tokens[to].sentence !== tokens[from].sentence) break;
        next.length = 0;
        for (const n of frontier) if (n.exact.size || n.stems.size) this.step(n, forms[to], next);
        [frontier, next] = [next, frontier];
        to++;
      }
    }
    return found;
  }
}
