/**
 * Romanisers for scripts whose generic transliteration (any-ascii) does not give
 * the spellings officials and registries write: Hebrew (consonants only, with the
 * letters that change sound after a vowel), Burmese (syllables, in the popular
 * spelling passports use: "Kyaw", "Htun", "Aung"), the Indic scripts (Devanagari,
 * Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala:
 * consonants carry an "a" unless a vowel sign or virama says otherwise), Thai
 * (silent letters and written-before vowels), Armenian ("ու" is u) and kana
 * (long vowels written as Hepburn without macrons writes them).
 *
 * Every romaniser returns words and whether they should be compared loosely:
 * romanisation systems of one script disagree on voicing, aspiration and vowel
 * length ("Thida" / "Theda", "Htun" / "Tun", "Karunanidhi" / "Karunaniti"), so
 * those words are also compared by a folded key (see `looseKey`).
 */
import anyAscii from 'any-ascii';

export interface ScriptWord {
  text: string;
  /** The script does not write short vowels: compare consonant skeletons. */
  abjad: boolean;
}

// ---------------------------------------------------------------- Hebrew

const HEBREW: Record<string, string> = {
  א: '', ב: 'b', ג: 'g', ד: 'd', ה: 'h', ו: 'v', ז: 'z', ח: 'kh', ט: 't', י: 'y', כ: 'k', ך: 'kh', ל: 'l', מ: 'm', ם: 'm',
  נ: 'n', ן: 'n', ס: 's', ע: '', פ: 'p', ף: 'f', צ: 'ts', ץ: 'ts', ק: 'k', ר: 'r', ש: 'sh', ת: 't',
};
/** With a geresh the letter writes a foreign sound: צ' is "ch" (Gurevich), ג' is "j", ז' is "zh". */
const HEBREW_GERESH: Record<string, string> = { צ: 'ch', ץ: 'ch', ג: 'j', ז: 'zh', ת: 'th', ד: 'dh', ח: 'kh' };
/** After a vowel ב, כ and פ soften to v, kh and f ("Avraham", "Mordekhai", "Yosef"); at the start of a word they do not. */
const HEBREW_SOFT: Record<string, string> = { ב: 'v', כ: 'kh', פ: 'f' };

function romaniseHebrew(word: string): string {
  const letters = [...word.replace(/[\u0591-\u05C7]/g, '')];
  let out = '';
  for (let i = 0; i < letters.length; i++) {
    const ch = letters[i];
    const next = letters[i + 1];
    if (next === "'" || next === '׳' || next === '’') {
      if (HEBREW_GERESH[ch]) {
        out += HEBREW_GERESH[ch];
        i++;
        continue;
      }
    }
    if (!(ch in HEBREW)) {
      if (/[\p{L}\p{N}]/u.test(ch)) out += anyAscii(ch).toLowerCase();
      continue;
    }
    // A letter after a vowel letter (or after א / ע, which carry one) is soft.
    const prev = letters[i - 1];
    // A word's last ב is soft too ("Yaakov", "Aviv").
    const afterVowel = (i > 0 && (prev === 'ו' || prev === 'י' || prev === 'א' || prev === 'ע' || prev === 'ה')) || (i > 0 && i === letters.length - 1);
    const latin = afterVowel && HEBREW_SOFT[ch] ? HEBREW_SOFT[ch] : HEBREW[ch];
    // Two letters must not read as one Latin digraph: כ + ה is "k-h" (Cohen), not "kh".
    if (latin.startsWith('h') && /[kstpzgdc]$/.test(out)) out += 'e';
    out += latin;
  }
  return out;
}

// ---------------------------------------------------------------- Burmese

const BURMESE_INITIALS: Record<string, string> = {
  က: 'k', ခ: 'kh', ဂ: 'g', ဃ: 'g', င: 'ng', စ: 's', ဆ: 'hs', ဇ: 'z', ဈ: 'z', ည: 'ny', ဋ: 't', ဌ: 'ht', ဍ: 'd', ဎ: 'd', ဏ: 'n',
  တ: 't', ထ: 'ht', ဒ: 'd', ဓ: 'd', န: 'n', ပ: 'p', ဖ: 'hp', ဗ: 'b', ဘ: 'b', မ: 'm', ယ: 'y', ရ: 'y', လ: 'l', ဝ: 'w', သ: 'th',
  ဟ: 'h', ဠ: 'l', အ: '',
};
const BURMESE_INDEPENDENT: Record<string, string> = { ဣ: 'i', ဤ: 'i', ဥ: 'u', ဦ: 'u', ဧ: 'e', ဩ: 'aw', ဪ: 'aw' };
const ASAT = '\u103A';
const VIRAMA = '\u1039';
const MEDIAL = /[\u103B-\u103E]/;
const BURMESE_SIGN = /[\u102B-\u1038\u103A]/;

/** The rhyme of a syllable from its vowel signs and its final consonant (popular spelling). */
function burmeseRhyme(vowels: string, final: string, medialW: boolean): string {
  const has = (s: string) => vowels.includes(s);
  const aa = has('\u102C') || has('\u102B');
  const i = has('\u102D') || has('\u102E');
  const u = has('\u102F') || has('\u1030');
  const e = has('\u1031');
  const ai = has('\u1032');
  const anusvara = has('\u1036');
  if (final === 'k') return e && aa ? 'auk' : i && u ? 'aik' : medialW ? 'wet' : 'et';
  if (final === 'ng') return e && aa ? 'aung' : i && u ? 'aing' : medialW ? 'win' : 'in';
  if (final === 't' || final === 'p') return i ? 'eik' : u ? 'ok' : medialW ? 'ut' : 'at';
  if (final === 's') return 'it';
  if (final === 'n' || final === 'm') return i ? 'ein' : u ? 'on' : medialW ? 'un' : 'an';
  if (final === 'ny') return 'i';
  if (final === 'y') return 'e';
  if (anusvara) return u ? 'on' : 'an';
  if (e && aa) return 'aw';
  if (i && u) return 'o';
  if (e) return 'e';
  if (ai) return 'e';
  if (i) return 'i';
  if (u) return 'u';
  if (aa) return 'a';
  return medialW ? '' : 'a';
}

/**
 * Burmese writes a name's syllables without spaces ("ကျော်ဇော်ထွန်း"); Latin writes
 * one word per syllable ("Kyaw Zaw Htun"). Each syllable becomes a word; the
 * matcher rejoins syllables when the other name glues them ("Yadanar").
 */
function romaniseBurmese(word: string): string[] {
  const chars = [...word];
  const syllables: string[] = [];
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i];
    if (BURMESE_INDEPENDENT[ch] !== undefined) {
      let text = BURMESE_INDEPENDENT[ch];
      i++;
      while (i < chars.length && /[\u1037\u1038]/.test(chars[i])) i++;
      // ဦး ... an independent vowel can still take a final (ဥက္ကဋ္ဌ): rare in names; keep the vowel.
      syllables.push(text);
      text = '';
      continue;
    }
    const initial = BURMESE_INITIALS[ch];
    if (initial === undefined) {
      const ascii = anyAscii(ch).toLowerCase().replace(/[^a-z0-9]/g, '');
      if (ascii) syllables.push(ascii);
      i++;
      continue;
    }
    i++;
    let medials = '';
    while (i < chars.length && MEDIAL.test(chars[i])) medials += chars[i++];
    let vowels = '';
    while (i < chars.length && BURMESE_SIGN.test(chars[i]) && chars[i] !== ASAT) vowels += chars[i++];
    // A final consonant: a consonant killed by asat (or stacked by the virama onto the next).
    let final = '';
    const killed = (k: number) => chars[k + 1] === ASAT || chars[k + 1] === VIRAMA || (chars[k + 1] === '\u1037' && chars[k + 2] === ASAT);
    if (i < chars.length && BURMESE_INITIALS[chars[i]] !== undefined && killed(i)) {
      const f = chars[i];
      final = f === 'က' || f === 'ခ' || f === 'ဂ' ? 'k' : f === 'င' ? 'ng' : f === 'စ' ? 's' : f === 'ည' || f === 'ဉ' ? 'ny' : f === 'တ' || f === 'ထ' || f === 'ဒ' || f === 'ဋ' || f === 'ဍ' ? 't' : f === 'ပ' || f === 'ဗ' || f === 'ဖ' ? 'p' : f === 'မ' ? 'm' : f === 'ယ' ? 'y' : 'n';
      i += 2;
      while (i < chars.length && /[\u102B-\u1038\u103A]/.test(chars[i])) vowels += chars[i++];
    } else if (chars[i] === 'ဉ' && chars[i + 1] === ASAT) {
      final = 'ny';
      i += 2;
    }
    while (i < chars.length && /[\u1037\u1038]/.test(chars[i])) i++;
    // Medials: y (ျ) and r (ြ) palatalise ("ky", "ch"), w (ွ) rounds, h (ှ) devoices ("sh", "hl", "hm").
    let onset = initial;
    const y = medials.includes('\u103B') || medials.includes('\u103C');
    const w = medials.includes('\u103D');
    const h = medials.includes('\u103E');
    if (y) onset = initial === 'kh' ? 'ch' : initial === 'hp' ? 'ph' : initial + 'y';
    if (h) onset = ch === 'ရ' || ch === 'ယ' ? 'sh' : ch === 'လ' || ch === 'မ' || ch === 'န' || ch === 'ည' || ch === 'ဝ' ? 'h' + onset : onset;
    // With a final, the rhyme carries the w ("ထွန်း" is Htun, "ကွက်" Kwet); without one it opens the vowel ("Shwe").
    if (w && !final) onset += 'w';
    let rhyme = burmeseRhyme(vowels, final, w);
    if (w && !rhyme) rhyme = 'a';
    if (w && rhyme === 'e' && !final) rhyme = 'e';
    syllables.push(onset + rhyme);
  }
  return syllables.filter(Boolean);
}

// ---------------------------------------------------------------- Indic scripts

/** Offsets shared by the Indic blocks that follow ISCII (Devanagari to Malayalam). */
const INDIC_CONSONANTS: Record<number, string> = {
  0x15: 'k', 0x16: 'kh', 0x17: 'g', 0x18: 'gh', 0x19: 'n', 0x1a: 'ch', 0x1b: 'chh', 0x1c: 'j', 0x1d: 'jh', 0x1e: 'n',
  0x1f: 't', 0x20: 'th', 0x21: 'd', 0x22: 'dh', 0x23: 'n', 0x24: 't', 0x25: 'th', 0x26: 'd', 0x27: 'dh', 0x28: 'n', 0x29: 'n',
  0x2a: 'p', 0x2b: 'ph', 0x2c: 'b', 0x2d: 'bh', 0x2e: 'm', 0x2f: 'y', 0x30: 'r', 0x31: 'r', 0x32: 'l', 0x33: 'l', 0x34: 'zh',
  0x35: 'v', 0x36: 'sh', 0x37: 'sh', 0x38: 's', 0x39: 'h', 0x58: 'q', 0x59: 'kh', 0x5a: 'gh', 0x5b: 'z', 0x5c: 'r', 0x5d: 'rh', 0x5e: 'f', 0x5f: 'y',
};
const INDIC_VOWELS: Record<number, string> = {
  0x05: 'a', 0x06: 'a', 0x07: 'i', 0x08: 'i', 0x09: 'u', 0x0a: 'u', 0x0b: 'ri', 0x0c: 'li', 0x0d: 'e', 0x0e: 'e', 0x0f: 'e', 0x10: 'ai',
  0x11: 'o', 0x12: 'o', 0x13: 'o', 0x14: 'au', 0x60: 'ri', 0x61: 'li',
};
const INDIC_SIGNS: Record<number, string> = {
  0x3e: 'a', 0x3f: 'i', 0x40: 'i', 0x41: 'u', 0x42: 'u', 0x43: 'ri', 0x44: 'ri', 0x45: 'e', 0x46: 'e', 0x47: 'e', 0x48: 'ai',
  0x49: 'o', 0x4a: 'o', 0x4b: 'o', 0x4c: 'au', 0x57: 'au', 0x62: 'li', 0x63: 'li',
};
const SINHALA_CONSONANTS: Record<number, string> = {
  0x9a: 'k', 0x9b: 'kh', 0x9c: 'g', 0x9d: 'gh', 0x9e: 'n', 0x9f: 'ng', 0xa0: 'ch', 0xa1: 'chh', 0xa2: 'j', 0xa3: 'jh', 0xa4: 'ny',
  0xa5: 'gn', 0xa6: 'nj', 0xa7: 't', 0xa8: 'th', 0xa9: 'd', 0xaa: 'dh', 0xab: 'n', 0xac: 'nd', 0xad: 't', 0xae: 'th', 0xaf: 'd',
  0xb0: 'dh', 0xb1: 'n', 0xb3: 'nd', 0xb4: 'p', 0xb5: 'ph', 0xb6: 'b', 0xb7: 'bh', 0xb8: 'm', 0xb9: 'mb', 0xba: 'y', 0xbb: 'r',
  0xbd: 'l', 0xc0: 'v', 0xc1: 'sh', 0xc2: 'sh', 0xc3: 's', 0xc4: 'h', 0xc5: 'l', 0xc6: 'f',
};
const SINHALA_VOWELS: Record<number, string> = {
  0x85: 'a', 0x86: 'a', 0x87: 'ae', 0x88: 'ae', 0x89: 'i', 0x8a: 'i', 0x8b: 'u', 0x8c: 'u', 0x8d: 'ri', 0x8e: 'ri', 0x91: 'e',
  0x92: 'e', 0x93: 'ai', 0x94: 'o', 0x95: 'o', 0x96: 'au',
};
const SINHALA_SIGNS: Record<number, string> = {
  0xcf: 'a', 0xd0: 'ae', 0xd1: 'ae', 0xd2: 'i', 0xd3: 'i', 0xd4: 'u', 0xd6: 'u', 0xd8: 'ru', 0xd9: 'e', 0xda: 'e', 0xdb: 'ai',
  0xdc: 'o', 0xdd: 'o', 0xde: 'au', 0xdf: 'lu', 0xf2: 'ru',
};

interface IndicTables {
  consonants: Record<number, string>;
  vowels: Record<number, string>;
  signs: Record<number, string>;
  virama: number;
  anusvara: number[];
  visarga: number;
  /** The language drops the "a" a word's last consonant carries ("Ram", not "Rama"). */
  dropsFinalA: boolean;
}

const ISCII = (dropsFinalA: boolean): IndicTables => ({ consonants: INDIC_CONSONANTS, vowels: INDIC_VOWELS, signs: INDIC_SIGNS, virama: 0x4d, anusvara: [0x01, 0x02], visarga: 0x03, dropsFinalA });
const INDIC_BLOCKS: Array<[number, IndicTables]> = [
  [0x0900, ISCII(true)], // Devanagari
  [0x0980, ISCII(true)], // Bengali
  [0x0a00, ISCII(true)], // Gurmukhi
  [0x0a80, ISCII(true)], // Gujarati
  [0x0b00, ISCII(true)], // Oriya
  [0x0b80, ISCII(false)], // Tamil
  [0x0c00, ISCII(false)], // Telugu
  [0x0c80, ISCII(false)], // Kannada
  [0x0d00, ISCII(false)], // Malayalam
];
const SINHALA: IndicTables = { consonants: SINHALA_CONSONANTS, vowels: SINHALA_VOWELS, signs: SINHALA_SIGNS, virama: 0xca, anusvara: [0x82], visarga: 0x83, dropsFinalA: false };

function indicTables(code: number): { base: number; tables: IndicTables } | undefined {
  // The Sinhala tables are keyed by the code point's last two hex digits (0xd9a is 0x9a).
  if (code >= 0x0d80 && code <= 0x0dff) return { base: 0x0d00, tables: SINHALA };
  for (const [base, tables] of INDIC_BLOCKS) if (code >= base && code < base + 0x80) return { base, tables };
  return undefined;
}

function romaniseIndic(word: string): string {
  // Bengali writes "w" as ও + য় ("ওয়াজেদ" is Wazed, "ওয়াসিম" Wasim).
  const chars = [...word.replace(/\u0993\u09DF|\u0993\u09AF\u09BC/g, 'w').replace(/\u09CB\u09DF/g, '\u09CBw')];
  let out = '';
  let pendingA = false;
  let consonantsInWord = 0;
  let lastWasConjunct = false;
  for (let i = 0; i < chars.length; i++) {
    const code = chars[i].codePointAt(0)!;
    const block = indicTables(code);
    if (!block) {
      if (pendingA) out += INHERENT;
      pendingA = false;
      if (/[\p{L}\p{N}]/u.test(chars[i])) out += anyAscii(chars[i]).toLowerCase();
      continue;
    }
    const off = code - block.base;
    const t = block.tables;
    if (off === 0x3c) continue; // nukta: the following tables already hold the nukta letters that matter
    const consonant = t.consonants[off];
    if (consonant !== undefined) {
      if (pendingA) out += INHERENT;
      lastWasConjunct = i > 0 && chars[i - 1].codePointAt(0)! - block.base === t.virama;
      out += consonant;
      pendingA = true;
      consonantsInWord++;
      continue;
    }
    if (off === t.virama) {
      pendingA = false;
      continue;
    }
    const sign = t.signs[off];
    if (sign !== undefined) {
      out += sign;
      pendingA = false;
      continue;
    }
    const vowel = t.vowels[off];
    if (vowel !== undefined) {
      if (pendingA) out += INHERENT;
      pendingA = false;
      out += vowel;
      continue;
    }
    if (t.anusvara.includes(off)) {
      if (pendingA) out += INHERENT;
      pendingA = false;
      // Before a labial the nasal is "m" ("Ambani"); elsewhere "n" ("Chandra", "Indra").
      const next = chars[i + 1]?.codePointAt(0);
      const nextConsonant = next !== undefined ? t.consonants[next - block.base] : undefined;
      out += nextConsonant && /^[pbm]/.test(nextConsonant) ? 'm' : 'n';
      continue;
    }
    if (off === t.visarga) {
      if (pendingA) out += INHERENT;
      pendingA = false;
      out += 'h';
    }
  }
  // Hindi, Bengali, Punjabi, Gujarati and Oriya do not pronounce a word's last "a" after a single consonant.
  const lastBlock = indicTables(chars[chars.length - 1]?.codePointAt(0) ?? 0);
  const drops = lastBlock?.tables.dropsFinalA ?? false;
  if (pendingA && !(drops && consonantsInWord >= 2 && !lastWasConjunct)) out += INHERENT;
  return (drops ? dropMedialSchwa(out) : out).replaceAll(INHERENT, 'a');
}

/** Marks a consonant's own "a" while a word is read, so the schwa rules can find it. */
const INHERENT = 'A';

/**
 * Nor do they pronounce an "a" between a syllable with a vowel and a consonant
 * followed by one ("रहमान" is Rahman, "ইসলাম" Islam, "मनमोहन" Manmohan). Read right
 * to left, one at a time: after a dropped "a" the syllable before keeps its own.
 */
function dropMedialSchwa(word: string): string {
  let w = word;
  const isVowel = (c: string | undefined) => c !== undefined && /[aeiouA]/.test(c);
  for (let i = w.length - 2; i > 0; i--) {
    if (w[i] !== INHERENT) continue;
    let before = i - 1;
    while (before >= 0 && !isVowel(w[before])) before--;
    let after = i + 1;
    while (after < w.length && !isVowel(w[after])) after++;
    const consonantsBefore = i - 1 - before;
    const consonantsAfter = after - i - 1;
    if (before < 0 || after >= w.length || consonantsBefore < 1 || consonantsBefore > 3 || consonantsAfter < 1 || consonantsAfter > 3) continue;
    w = w.slice(0, i) + w.slice(i + 1);
    i = before; // the syllable before keeps its vowel
  }
  return w;
}

// ---------------------------------------------------------------- Thai

const THAI_SILENCER = '\u0E4C';
const THAI_PRE_VOWELS = /[\u0E40-\u0E44\u0EC0-\u0EC4]/;

/**
 * Thai: the thanthakhat (์) silences the letter it sits on ("ประยุทธ์" is Prayut);
 * vowels written before their consonant are moved after it so the reading runs in
 * spoken order. The result is compared by its consonants, as Thai spellings vary.
 */
function prepareThai(word: string): string {
  // Tone marks say nothing about spelling; "am" (ำ, ຳ), split in two by NFKC, is read as a vowel and an m.
  let w = word.replace(/[\u0E48-\u0E4B\u0EC8-\u0ECB]/g, '').replace(/\u0E4D\u0E32|\u0E33/g, '\u0E32\u0E21').replace(/\u0ECD\u0EB2|\u0EB3/g, '\u0EB2\u0EA1');
  // A silenced letter, and a ทร / ตร / ดร pair silenced together ("จันทร์").
  w = w.replace(/[\u0E17\u0E15\u0E14]?\u0E23\u0E4C/g, '').replace(/[\u0E01-\u0E2E][\u0E34\u0E38]?\u0E4C/g, '');
  w = w.replace(new RegExp(THAI_SILENCER, 'g'), '');
  let out = '';
  const chars = [...w];
  for (let i = 0; i < chars.length; i++) {
    if (THAI_PRE_VOWELS.test(chars[i]) && i + 1 < chars.length) {
      out += chars[i + 1] + chars[i];
      i++;
    } else out += chars[i];
  }
  return anyAscii(out).toLowerCase();
}

// ---------------------------------------------------------------- Ethiopian names

const ETHIOPIAN_SHORT: Array<[RegExp, string]> = [
  [/(^|\s)ገ\/\s*/gu, '$1ገብረ'],
  [/(^|\s)ወ\/\s*(?!ሮ|ሪት)/gu, '$1ወልደ'],
  [/(^|\s)ኃ\/\s*/gu, '$1ኃይለ'],
  [/(^|\s)ተ\/\s*/gu, '$1ተክለ'],
  [/(^|\s)G\/\s*(?=\p{L}{3})/gu, '$1Gebre'],
  [/(^|\s)W\/\s*(?=\p{L}{3})/gu, '$1Wolde'],
  [/(^|\s)H\/\s*(?=\p{L}{3})/gu, '$1Haile'],
  [/(^|\s)T\/\s*(?=\p{L}{3})/gu, '$1Tekle'],
];

/**
 * Ethiopian and Eritrean names shorten their first element with a slash, in
 * Ethiopic and in Latin: "ገ/መድህን", "G/Medhin" are Gebremedhin; W/ Wolde, H/ Haile,
 * T/ Tekle. Written out, they compare with the full form.
 */
export function expandEthiopianShortNames(text: string): string {
  if (!text.includes('/')) return text;
  let out = text;
  for (const [re, full] of ETHIOPIAN_SHORT) out = out.replace(re, full);
  return out;
}

// ---------------------------------------------------------------- dispatch

const HEBREW_RE = /[\u05D0-\u05EA]/;
const BURMESE_RE = /[\u1000-\u109F]/;
const THAI_RE = /[\u0E00-\u0E7F]/;
const LAO_RE = /[\u0E80-\u0EFF]/;
const INDIC_RE = /[\u0900-\u0DFF]/;
const ARMENIAN_RE = /[\u0530-\u058F]/;
const KANA_RE = /[\u3040-\u30FF]/;
const KHMER_RE = /[\u1780-\u17FF]/;
const LOOSE_RE = /[\u05D0-\u05EA\u0E00-\u0E7F\u0370-\u03FF\u0530-\u058F\u0900-\u0DFF\u0E80-\u0EFF\u1000-\u109F\u10A0-\u10FF\u1200-\u139F\u1780-\u17FF\u3040-\u30FF\uAC00-\uD7A3]/;

/** Words of a script whose romanisations disagree on voicing, aspiration and vowel length. */
export function isLooseScript(text: string): boolean {
  return LOOSE_RE.test(text);
}

/** Latin words for a word in one of the scripts above, or undefined when any-ascii's reading is used. */
export function romaniseScriptWord(word: string): ScriptWord[] | undefined {
  if (HEBREW_RE.test(word)) return [{ text: romaniseHebrew(word), abjad: true }];
  if (BURMESE_RE.test(word)) return romaniseBurmese(word).map((text) => ({ text, abjad: false }));
  if (THAI_RE.test(word) || LAO_RE.test(word)) return [{ text: prepareThai(word), abjad: true }];
  if (KHMER_RE.test(word)) return [{ text: anyAscii(word).toLowerCase(), abjad: true }];
  if (INDIC_RE.test(word)) return [{ text: romaniseIndic(word), abjad: false }];
  if (ARMENIAN_RE.test(word)) return [{ text: anyAscii(word.replace(/ու/g, 'u').replace(/Ու|ՈՒ/g, 'U').replace(/և/g, 'ev')).toLowerCase(), abjad: false }];
  if (KANA_RE.test(word)) {
    // Hepburn without macrons: おう / おお / ー are a long o, うう a long u ("Tarou" / "Taro", "Yuuko" / "Yuko").
    const ascii = anyAscii(word.replace(/[・·]/g, ' ').replace(/ー/g, '')).toLowerCase();
    return ascii
      .split(/[\s-]+/)
      .filter(Boolean)
      // Compared by consonants: loanwords in katakana carry vowels the Latin spelling does not
      // ("daiyamondo purinsesu" / "Diamond Princess"), and kana names lose nothing by it ("Yamada" / "Yamada").
      .map((text) => ({ text: text.replace(/ou(?![aeiou])/g, 'o').replace(/oo/g, 'o').replace(/uu/g, 'u'), abjad: true }));
  }
  return undefined;
}

/**
 * A key that folds what romanisation systems of these scripts disagree on:
 * voicing (t/d, k/g, p/b, ch/j), aspiration (th, kh, ph, "ht", "hs"), r and l, vowel
 * length and the popular long-vowel spellings ("ar", "ee", "oo"), e/i and o/u.
 * Two words with the same loose key are taken as the same name at 0.9.
 */
export function looseKey(key: string): string {
  return key
    .replace(/ar$/, 'a')
    .replace(/oe/g, 'o')
    // "ow" before a consonant is the diphthong "au" ("Chowdhury" / চৌধুরী "Chaudhuri").
    .replace(/ov(?![aeiou])/g, 'au')
    .replace(/^ht/, 't')
    .replace(/^hs/, 's')
    .replace(/^hp/, 'p')
    // Sibilants and affricates: ช is "ch" in RTGS and "sh" in Shinawatra, ㅈ "j" or "ch", জ "j" or "z", し "shi" or "si".
    .replace(/ts|tz|sh|ch|j|c(?=[ei])/g, 's')
    .replace(/([kgtdpb])h/g, '$1')
    .replace(/ng$/, 'n')
    .replace(/g/g, 'k')
    .replace(/d/g, 't')
    .replace(/[bvwf]/g, 'p')
    // Japanese, Korean, Lao and Thai speakers' r and l are one sound ("Vorachith" / ວໍລະຈິດ).
    .replace(/l/g, 'r')
    .replace(/e/g, 'i')
    .replace(/o/g, 'u')
    .replace(/([aiu])\1+/g, '$1')
    .replace(/(.)\1+/g, '$1');
}
