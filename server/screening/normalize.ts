/**
 * Name normalisation: from a name as written ("M/V Kaiyo Maru No. 8", "AL BEN ALI,
 * Isa Ben Tarif", "Siemens Aktiengesellschaft", "김정은") to typed tokens the
 * matcher aligns: words (with a phonetic key and a consonant skeleton), numbers,
 * legal forms (with the jurisdictions that use them), particles and initials.
 * Titles and honorifics are dropped; annotations (c/o, branch, flag, party labels)
 * are cut; "(ex-NAME)" becomes a second name.
 */
import { ownEntry } from '../../common/lookup';
import { isCountryWord } from './countries';
import { dropNativeTitles, readNativeLegalForms, translateGenericWords } from './translations';
import { expandEthiopianShortNames } from './scripts';
import { transliterateWords } from './transliterate';
import {
  HONORIFICS,
  LEGAL_FORMS,
  LEGAL_FORM_MAX_WORDS,
  NUMBER_MARKS,
  NUMBER_WORDS,
  PARTICLES,
  PERSON_ONLY_PARTICLES,
  ROMAN_NUMERALS,
  VESSEL_PREFIXES,
  type LegalForm,
} from './vocabulary';

/** How to read a name: people have particles and initials; organisations have legal forms and numbers. */
export type NameMode = 'person' | 'org' | 'vessel' | 'any';

export type TokenKind = 'word' | 'number' | 'legal' | 'particle' | 'initial';

export interface Token {
  text: string;
  kind: TokenKind;
  /** Phonetic key: transliteration variants fold together ("zhelvinsky" / "jelvinskiy"). */
  key: string;
  /** Consonant skeleton ("mohammed" -> "mhmd"), used for words from scripts without short vowels. */
  skel: string;
  abjad: boolean;
  /** Written with a full stop, or short enough to be an abbreviation ("Ind.", "Intl"). */
  abbrev: boolean;
  /** A country name or demonym inside an organisation's name ("Polska", "Canada"). */
  country: boolean;
  /** Locales of a legal form. */
  locales?: Set<string>;
  /** The legal form a 'legal' token stands for. */
  form?: LegalForm;
  /** Weight in the name score; set by the index from word frequency. */
  weight: number;
  /** The word as written (before particles were folded): for rejoining split words. */
  surface: string;
  /** Came from a trailing qualifier (", Bangkok", "(Batumi)"): light. */
  qualifier?: boolean;
  /** The Han character or Hangul syllable the word reads (see transliterate.ts): compared as written. */
  orig?: string;
  /** Romanised from a script whose romanisations disagree on voicing and vowel length (scripts.ts): also compared by a loose key. */
  loose?: boolean;
  /** Interned number of the text (similarity.ts), set on first comparison. */
  id?: number;
}

export interface PreparedName {
  raw: string;
  mode: NameMode;
  tokens: Token[];
  /** Word and number texts, in order, joined without spaces: catches merged/split words. */
  compact: string;
}

const ANNOTATION_PATTERNS: RegExp[] = [
  /\s*\bc\/o\b.*$/i, // "X c/o Y": care-of address
  /\s*[(\[][^)\]]*\b(branch|flag|registered|registry|port of)\b[^)\]]*[)\]]/gi,
  /\s+-\s+[^-]*\bbranch\b.*$/i,
  /^\s*(?:[A-Z][A-Z0-9 ]{2,30}):\s+/, // "SHIPPER: ...", "ORDERING CUSTOMER: ...", "FIELD 59: ..."
];

/** "X (ex-Y)", "X (f.k.a. Y)" -> main name X and alternate Y. */
const FORMER_NAME = new RegExp(
  String.raw`\s*[(\[]\s*(?:ex|f\.?k\.?a\.?|formerly|former(?:ly)? known as|a\.?k\.?a\.?|` +
    // "formerly" in the scripts the engine reads: Hebrew, Greek, Russian, Georgian, Armenian, Hindi, Bengali,
    // Tamil, Sinhala, Amharic, Burmese, Thai, Lao, Khmer, Japanese, Korean, Chinese.
    String.raw`לשעבר|πρώην|бывш\.?|бывшее|ранее|ყოფილი|նախկին|पूर्व|पहले|পূর্বতন|সাবেক|முன்னாள்|හිටපු|የቀድሞ|ယခင်|ชื่อเดิม|เดิม|ເດີມ|អតីត|旧|舊|구|原` +
    String.raw`)[\s.:-]+([^)\]]+)[)\]]`,
  'iu',
);

export function splitAnnotations(raw: string): { main: string; alternates: string[] } {
  let main = raw.normalize('NFKC');
  const alternates: string[] = [];
  const former = FORMER_NAME.exec(main);
  if (former) {
    alternates.push(former[1].trim());
    main = main.replace(FORMER_NAME, ' ');
  }
  // "Al-Qa'ida/Islamic Army": a slash between words (not "M/V", "A/S", "c/o") separates two names.
  const slash = /(\p{L}{3})\s*\/\s*(?=\p{L}{3})/u.exec(main);
  if (slash) {
    const cut = slash.index + 3;
    alternates.push(main.slice(main.indexOf('/', cut) + 1).trim());
    main = main.slice(0, cut);
  }
  for (const pattern of ANNOTATION_PATTERNS) main = main.replace(pattern, ' ');
  main = main.replace(/\s+/g, ' ').trim();
  return { main: main || raw.trim(), alternates };
}

/** Fold transliteration variants: c/k/q, z/s, w/v, ph/f, kh/h, zh/j, y/i, doubled letters, ou/u, ee/i. */
export function phoneticKey(word: string): string {
  if (!/[a-z]/.test(word)) return word;
  let w = word;
  // Slavic й written "j" (Sergej, Andrej, Latvian Sergejs) is the "y" of Sergey; Sergei too.
  if (w.length >= 4) w = w.replace(/ej(s?)$/, 'ey$1');
  if (w.length >= 5) w = w.replace(/([^aeiou])ei$/, '$1ey');
  w = w
    .replace(/tch|tsch/g, 'ch')
    .replace(/sch/g, 'sh')
    // "Yitzhak" is Yitz-hak, not a "zh".
    .replace(/tzh/g, 'tsh')
    .replace(/zh/g, 'j')
    .replace(/dzh|dj/g, 'j')
    .replace(/ph/g, 'f')
    .replace(/kh/g, 'h')
    .replace(/gh/g, 'g')
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c(?!h)/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/z/g, 's')
    .replace(/ou|oo/g, 'u')
    .replace(/ee|ie|iy|ij|yi|ey(?![aeiou])/g, 'i')
    .replace(/eo/g, 'o')
    .replace(/eu/g, 'u')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');
  // A final 'h' after a vowel is silent in most romanisations ("Abdullah"/"Abdulla").
  if (w.length > 3) w = w.replace(/([aeiou])h$/, '$1');
  return w;
}

/**
 * Consonants only, doubled letters collapsed: vowel-less scripts give nothing more
 * reliable. "p" folds into "b": Arabic script has no "p" and writes "Pérez" with a "b".
 */
export function skeleton(word: string): string {
  return skeletonOfKey(phoneticKey(word));
}

/** The skeleton of a word whose phonetic key is already known. */
export function skeletonOfKey(key: string): string {
  return key
    .replace(/p/g, 'b')
    .replace(/[aeiouv]/g, '')
    .replace(/(.)\1+/g, '$1')
    .replace(/(.)h$/, '$1');
}

function makeToken(text: string, kind: TokenKind, abjad = false, abbrev = false, surface = text, key?: string): Token {
  if (kind !== 'word') return { text, kind, key: text, skel: text, abjad, abbrev, country: false, weight: 1, surface };
  const k = key ?? phoneticKey(text);
  return { text, kind, key: k, skel: skeletonOfKey(k), abjad, abbrev, country: false, weight: 1, surface };
}

interface RawWord {
  text: string;
  abjad: boolean;
  abbrev: boolean;
  qualifier?: boolean;
  orig?: string;
  loose?: boolean;
}

/**
 * An organisation's or vessel's name often trails a qualifier: a port, a city, a
 * registry number, a parenthesised place ("MV SIAM ORCHID 7, Bangkok",
 * "M/V MZIURI (Batumi)"). Those words stay, but light. A legal form after the
 * comma ("Co., Ltd.") is not a qualifier; people's "SURNAME, Given" is not either.
 */
function splitQualifiers(main: string, mode: NameMode): { core: string; qualifiers: string } {
  if (mode === 'person') return { core: main, qualifiers: '' };
  const parens: string[] = [];
  let core = main.replace(/\(([^)]*)\)/g, (_, inner: string) => {
    parens.push(inner);
    return ' ';
  });
  const comma = core.indexOf(',');
  let tail = '';
  if (comma > 0) {
    tail = core.slice(comma + 1);
    core = core.slice(0, comma);
  }
  return { core, qualifiers: [...parens, tail].join(' , ') };
}

/** Forms of address written before a company's name ("Messrs. Baltic Timberline OU"). */
const ADDRESS_FORMS = new Set(['messrs', 'mrs', 'mr', 'ms']);

/** Digits typed for look-alike letters in a person's name ("Ig0r Sech1n"). */
const LOOKALIKE_DIGITS: Record<string, string> = { '0': 'o', '1': 'i', '2': 'z', '3': 'e', '4': 'a', '5': 's', '6': 'b', '7': 't', '8': 'b', '9': 'g' };

function splitWords(main: string, person = false): RawWord[] {
  const out: RawWord[] = [];
  for (const w of transliterateWords(main)) {
    // "A.B.C." and "F.lli" lose their dots; "Ind." is marked as an abbreviation.
    const dotted = /^[\p{L}]{1,5}\.$/u.test(w.text);
    let lower = w.text.toLowerCase();
    // People's names have no digits: inside a word of letters they stand for letters.
    if (person && /\d/.test(lower)) lower = lower.replace(/[a-z0-9]*[a-z][a-z0-9]*/g, (x) => (/[a-z].*[a-z]/.test(x) ? x.replace(/\d/g, (d) => LOOKALIKE_DIGITS[d]) : x));
    // Possessive "'s" ("Deutsche Bank's") is not part of the name (in Latin input: transliterations use ' for other sounds).
    if (!w.foreign) lower = lower.replace(/(\p{L})['’]s\b/gu, '$1');
    const text = lower
      .replace(/&/g, ' and ')
      .replace(/%/g, ' percent')
      .replace(/[.'’‘`´"«»<>]/g, '')
      .replace(/(\d)(st|nd|rd|th)\b/g, '$1')
      .replace(/([a-z])(\d)/g, '$1 $2')
      .replace(/(\d)([a-z])/g, '$1 $2');
    const pieces = text.split(/[^a-z0-9]+/).filter(Boolean);
    for (const piece of pieces) out.push({ text: piece, abjad: w.abjad, abbrev: dotted, orig: pieces.length === 1 ? w.orig : undefined, loose: w.loose });
  }
  return out;
}

function isNumberWord(t: string): boolean {
  return ownEntry(NUMBER_WORDS, t) !== undefined;
}

/** "forty four" -> 44; "three" -> 3. */
function foldNumberWords(words: RawWord[]): RawWord[] {
  const out: RawWord[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!isNumberWord(words[i].text)) {
      out.push(words[i]);
      continue;
    }
    let total = 0;
    let current = 0;
    let j = i;
    for (; j < words.length && isNumberWord(words[j].text); j++) {
      const v = NUMBER_WORDS[words[j].text];
      if (v === 100 || v === 1000) current = (current || 1) * v;
      else current += v;
      if (v === 1000) {
        total += current;
        current = 0;
      }
    }
    // "Forty 4" -> 44.
    if (j < words.length && /^[1-9]$/.test(words[j].text) && current % 10 === 0 && current >= 20) {
      current += Number(words[j].text);
      j++;
    }
    out.push({ text: String(total + current), abjad: false, abbrev: false, qualifier: words[i].qualifier });
    i = j - 1;
  }
  return out;
}

interface LegalFormIndex {
  /** Phrases of 8 letters or more under their words' phonetic keys. */
  byKey: Map<string, LegalForm>;
  /** Words (and their keys) that open a phrase: no other word needs a lookup. */
  firstWords: Set<string>;
  firstKeys: Set<string>;
  /** Beginnings (4 letters or more) of the last words of multi-word phrases. */
  lastWordStubs: Set<string>;
}
let formIndex: LegalFormIndex | undefined;
function legalFormIndex(): LegalFormIndex {
  if (!formIndex) {
    const index: LegalFormIndex = { byKey: new Map(), firstWords: new Set(), firstKeys: new Set(), lastWordStubs: new Set() };
    for (const [phrase, form] of LEGAL_FORMS) {
      const words = phrase.split(' ');
      index.firstWords.add(words[0]);
      if (phrase.length >= 8) {
        const key = words.map(phoneticKey).join(' ');
        if (!index.byKey.has(key)) index.byKey.set(key, form);
        index.firstKeys.add(phoneticKey(words[0]));
      }
      const last = words[words.length - 1];
      if (words.length >= 2) for (let k = 4; k < last.length; k++) index.lastWordStubs.add(last.slice(0, k));
    }
    formIndex = index;
  }
  return formIndex;
}

/** A multi-word legal form whose last word was cut short (at least 4 letters and two thirds of it kept). */
function truncatedLegalForm(phrase: string): LegalForm | undefined {
  const cut = phrase.lastIndexOf(' ');
  const head = phrase.slice(0, cut + 1);
  const stub = phrase.slice(cut + 1);
  for (const [p, form] of LEGAL_FORMS) {
    if (p.length <= phrase.length || !p.startsWith(head) || p.indexOf(' ', head.length) >= 0) continue;
    const last = p.slice(head.length);
    if (last.startsWith(stub) && stub.length * 3 >= last.length * 2) return form;
  }
  return undefined;
}

/**
 * Prepare a name for matching. The mode decides what single letters, particles
 * and trailing words mean: in a person's name "y" and "al" are particles and
 * single letters are initials; in an organisation's, "I" at the end is a number.
 */
export function prepareName(raw: string, mode: NameMode = 'any', alreadyClean = false): PreparedName {
  const person = mode === 'person';
  const cleaned = readNativeLegalForms(alreadyClean ? raw : splitAnnotations(raw).main);
  const main = person || mode === 'any' ? expandEthiopianShortNames(dropNativeTitles(cleaned)) : cleaned;
  const { core, qualifiers } = splitQualifiers(main, mode);
  let words = splitWords(core, person);
  const tail = qualifiers ? splitWords(qualifiers, person) : [];
  // A qualifier that is only a legal form or a number is part of the name ("CIMEX, S.A.").
  for (const w of tail) w.qualifier = true;
  words = words.concat(tail);
  if (!person) words = foldNumberWords(words);

  const tokens: Token[] = [];
  const wordKeys = words.map((x) => phoneticKey(x.text));
  const forms = legalFormIndex();
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const t = w.text;
    // Legal forms: longest phrase first (only from a word that can open one).
    let matched = 0;
    const opensForm = forms.firstWords.has(t) || forms.firstKeys.has(wordKeys[i]);
    for (let n = opensForm ? Math.min(LEGAL_FORM_MAX_WORDS, words.length - i) : 0; n >= 1; n--) {
      let phrase = words[i].text;
      for (let k = i + 1; k < i + n; k++) phrase += ' ' + words[k].text;
      let form = LEGAL_FORMS.get(phrase);
      // Spelt another way ("joynt stock company", "obshchestvo s ogranichennoi otvetstvennostiu").
      if (!form && phrase.length >= 8) form = forms.byKey.get(wordKeys.slice(i, i + n).join(' '));
      // Cut short at the end of the name (a field length limit: "JOINT STOCK COMPAN").
      if (!form && !person && i + n === words.length && n >= 2 && forms.lastWordStubs.has(words[i + n - 1].text)) form = truncatedLegalForm(phrase);
      if (!form) continue;
      // In people's names only a trailing form counts ("Nicolas Maduro SA"); "Ao" may be a name.
      if (person && (i + n !== words.length || phrase.length < 2 || i === 0)) continue;
      if (!person && i === 0 && n === words.length) continue; // a name that is only a legal form stays a word
      const token = makeToken(form.canonical, 'legal', false, false, form.canonical);
      token.locales = form.locales;
      token.form = form;
      tokens.push(token);
      matched = n;
      break;
    }
    if (matched) {
      i += matched - 1;
      continue;
    }
    if (/^\d+$/.test(t)) {
      tokens.push(makeToken(String(Number(t)), 'number'));
      continue;
    }
    if (!person) {
      if (NUMBER_MARKS.has(t) && i + 1 < words.length && /^\d+$/.test(words[i + 1].text)) continue;
      const last = i === words.length - 1;
      const roman = ownEntry(ROMAN_NUMERALS, t);
      if (roman !== undefined && (t.length >= 2 || last) && i > 0) {
        tokens.push(makeToken(String(roman), 'number'));
        continue;
      }
      if (t === 'i' && last && i > 0) {
        tokens.push(makeToken('1', 'number'));
        continue;
      }
      if (i === 0 || (i === 1 && tokens.length === 0)) {
        const two = i + 1 < words.length ? `${t} ${words[i + 1].text}` : '';
        if (two && VESSEL_PREFIXES.has(two) && words.length > 3) {
          i++;
          continue;
        }
        if (VESSEL_PREFIXES.has(t) && words.length > 2) continue;
      }
    }
    // Titles say nothing about who a person is; in an organisation's or a vessel's name they are part of it ("General Motors", "Lady Rania").
    if ((person || mode === 'any' || ADDRESS_FORMS.has(t)) && HONORIFICS.has(t) && words.length > 2) continue;
    // A syllable romanised from Burmese, Thai or an Indic script ("le", "da") is not a Latin particle.
    const particle = w.loose && !w.abjad ? undefined : PARTICLES.get(t);
    // "AL ZAWAHIRI, Ayman" opens with a particle; "Ben Netanyahu" opens with a given name.
    const opensName = i === 0 && (t === 'ben' || words.length === 1);
    if (particle !== undefined && !opensName && (person || mode === 'any' || !PERSON_ONLY_PARTICLES.has(particle))) {
      // A lone single letter in a person's name is an initial, not a conjunction.
      if (!(person && t.length === 1)) {
        tokens.push(makeToken(particle, 'particle', false, false, t));
        continue;
      }
    }
    if (t.length === 1 && /[a-z]/.test(t)) {
      tokens.push(makeToken(t, 'initial'));
      continue;
    }
    const token = makeToken(t, 'word', w.abjad, w.abbrev, t, wordKeys[i]);
    if (w.orig) token.orig = w.orig;
    if (w.loose) token.loose = true;
    if (!person && isCountryWord(t)) token.country = true;
    else if (w.qualifier) token.qualifier = true;
    tokens.push(token);
  }
  // A name made only of dropped words keeps its words.
  if (tokens.length === 0) for (const w of words) tokens.push(makeToken(w.text, 'word', w.abjad));
  // A Roman numeral letter that ends an organisation's name before its legal form is a number ("Partners V L.P.").
  if (!person) {
    let end = tokens.length - 1;
    while (end > 0 && tokens[end].kind === 'legal') end--;
    const t = tokens[end];
    if (end > 0 && end < tokens.length - 1 && t.kind === 'initial' && (ownEntry(ROMAN_NUMERALS, t.text) !== undefined || t.text === 'i')) {
      tokens[end] = makeToken(String(ownEntry(ROMAN_NUMERALS, t.text) ?? 1), 'number');
    }
  }
  const compact = tokens
    .filter((t) => t.kind === 'word' || t.kind === 'number' || t.kind === 'initial')
    .map((t) => t.text)
    .join('');
  return { raw, mode, tokens, compact };
}

/** The main name and any former name it carries ("Ocean Pioneer (ex-Cape Diamond)"), each prepared. */
export function prepareNameVariants(raw: string, mode: NameMode = 'any'): PreparedName[] {
  const { main, alternates } = splitAnnotations(raw);
  const variants = [prepareName(main, mode, true), ...alternates.map((a) => prepareName(a, mode))];
  // Greek names carry a case ending the English form drops (Alexandros / Alexander, Georgios / George).
  if (GREEK_ENDING.test(main)) variants.push(prepareName(main.replace(/(ος|ας|ης|ις|ός|άς|ής|ίς)(?=\s|$)/g, ''), mode, true));
  // A company's generic words read in English ("הובלות" / "Hovalot" -> "transport"): registries translate them.
  if (mode !== 'person') {
    // Legal forms first, so a generic word inside one (ក្រុម "group" in ក្រុមហ៊ុន "company") stays in it.
    const translated = translateGenericWords(readNativeLegalForms(main));
    if (translated) variants.push(prepareName(translated, mode, true));
  }
  return variants;
}

const GREEK_ENDING = /[\u0370-\u03FF](ος|ας|ης|ις|ός|άς|ής|ίς)(\s|$)/;

/** Lower-case, accent-free, single-spaced text: for exact comparisons and display keys. */
export function simpleKey(text: string): string {
  return prepareName(text, 'any')
    .tokens.map((t) => t.text)
    .join(' ');
}

/** Identifiers compare on letters and digits only ("AB-123 456" = "ab123456"). */
export function identifierKey(text: string): string {
  return text.normalize('NFKC').toUpperCase().replace(/[^A-Z0-9]/g, '');
}
