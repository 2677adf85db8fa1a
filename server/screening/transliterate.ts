/**
 * Script handling: every name is compared in Latin letters, while the list's
 * original spelling is kept on the entity. any-ascii gives a reading for every
 * script; on top of it we romanise Hangul ourselves (Revised Romanisation plus
 * the customary spellings of Korean surnames, "Kim" not "Gim"), turn CJK numerals
 * into digits (so vessel "第八" and "第十八" keep different numbers), and mark the
 * words that came from scripts which do not write short vowels (Arabic, Hebrew,
 * Syriac, Thaana, Thai) so the matcher compares their consonant skeletons.
 */
import anyAscii from 'any-ascii';
import { isLooseScript, romaniseScriptWord } from './scripts';

export interface TransliteratedWord {
  text: string;
  /** The word came from a script that omits short vowels. */
  abjad: boolean;
  /** The word was not Latin to begin with. */
  foreign: boolean;
  /** Its script's romanisations disagree on voicing, aspiration and vowel length: also compare loosely. */
  loose?: boolean;
  /**
   * The Han character or Hangul syllable this word reads: in those scripts each
   * character is a name element, and two different characters are two different
   * names even when they read alike (高石 / 高市 are both "gao shi").
   */
  orig?: string;
}

const ABJAD = /[\u0590-\u05FF\u0600-\u06FF\u0700-\u074F\u0750-\u077F\u0780-\u07BF\u08A0-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u0E00-\u0E7F]/;
const HANGUL = /[\uAC00-\uD7A3]/;
const HAN = /[\u3400-\u9FFF\uF900-\uFAFF]/;
const NON_LATIN = /[^\u0000-\u024F\u1E00-\u1EFF\s]/;

const HANGUL_INITIALS = ['g', 'kk', 'n', 'd', 'tt', 'r', 'm', 'b', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 't', 'p', 'h'];
const HANGUL_MEDIALS = ['a', 'ae', 'ya', 'yae', 'eo', 'e', 'yeo', 'ye', 'o', 'wa', 'wae', 'oe', 'yo', 'u', 'wo', 'we', 'wi', 'yu', 'eu', 'ui', 'i'];
const HANGUL_FINALS = ['', 'k', 'k', 'k', 'n', 'n', 'n', 't', 'l', 'k', 'm', 'l', 'l', 'l', 'p', 'l', 'm', 'p', 'p', 't', 't', 'ng', 't', 't', 'k', 't', 'p', 't'];

/** Customary romanisations of the commonest Korean surnames (passports and lists use these, not strict RR). */
const KOREAN_SURNAMES: Record<string, string> = {
  김: 'kim', 이: 'lee', 박: 'park', 최: 'choi', 정: 'jung', 강: 'kang', 조: 'cho', 윤: 'yoon', 장: 'jang', 임: 'lim',
  한: 'han', 오: 'oh', 서: 'seo', 신: 'shin', 권: 'kwon', 황: 'hwang', 안: 'ahn', 송: 'song', 류: 'ryu', 홍: 'hong',
  전: 'jeon', 고: 'ko', 문: 'moon', 손: 'son', 양: 'yang', 배: 'bae', 백: 'baek', 허: 'heo', 유: 'yoo', 남: 'nam',
  심: 'shim', 노: 'noh', 하: 'ha', 곽: 'kwak', 성: 'sung', 차: 'cha', 주: 'joo', 우: 'woo', 구: 'koo', 민: 'min',
  나: 'na', 진: 'jin', 지: 'ji', 엄: 'eom', 채: 'chae', 원: 'won', 천: 'chun', 방: 'bang', 공: 'kong', 현: 'hyun',
  함: 'ham', 변: 'byun', 염: 'yeom', 여: 'yeo', 추: 'choo', 도: 'do', 소: 'so', 석: 'seok', 선: 'sun', 마: 'ma',
  길: 'gil', 연: 'yeon', 표: 'pyo', 명: 'myung', 기: 'ki', 반: 'ban', 왕: 'wang', 금: 'keum', 옥: 'ok', 육: 'yook',
  리: 'ri', 림: 'rim', 로: 'ro', 량: 'ryang',
};

function romaniseSyllable(ch: string): string {
  const code = ch.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return anyAscii(ch).toLowerCase();
  const initial = Math.floor(code / 588);
  const medial = Math.floor((code % 588) / 28);
  const final = code % 28;
  return HANGUL_INITIALS[initial] + HANGUL_MEDIALS[medial] + HANGUL_FINALS[final];
}

/** A Hangul word: a 2-4 syllable word starting with a surname is a personal name, written "kim jeong eun". */
function romaniseHangul(word: string): Array<{ text: string; orig: string }> {
  const syllables = [...word];
  const surname = KOREAN_SURNAMES[syllables[0]];
  if (surname && syllables.length >= 2 && syllables.length <= 4 && syllables.every((s) => HANGUL.test(s))) {
    return [{ text: surname, orig: syllables[0] }, ...syllables.slice(1).map((s) => ({ text: romaniseSyllable(s), orig: s }))];
  }
  return [{ text: syllables.map(romaniseSyllable).join(''), orig: word }];
}

const CJK_DIGITS: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const CJK_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** "第十八" -> "第 18 "; numerals only where they are clearly a number (after 第, before 号/號, or with a unit sign). */
function cjkNumeralsToDigits(text: string): string {
  return text.replace(/(第)?([〇零一二两三四五六七八九十百千]+)(号|號)?/g, (whole, ordinal, run: string, mark) => {
    const hasUnit = /[十百千]/.test(run);
    if (!ordinal && !mark && !hasUnit) return whole;
    let total = 0;
    let current = 0;
    for (const ch of run) {
      if (ch in CJK_DIGITS) current = CJK_DIGITS[ch];
      else {
        total += (current || 1) * CJK_UNITS[ch];
        current = 0;
      }
    }
    total += current;
    return ` ${total} `;
  });
}

/** any-ascii writes Han readings as "JinZhengEn": one syllable per capital. */
function splitSyllables(ascii: string): string {
  return ascii.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/**
 * Latin words for a piece of text, each marked with where it came from. Latin
 * input passes through with its accents folded ("Erdoğan" -> "erdogan").
 */
export function transliterateWords(text: string): TransliteratedWord[] {
  const out: TransliteratedWord[] = [];
  const prepared = HAN.test(text) ? cjkNumeralsToDigits(text) : text;
  for (const word of prepared.split(/\s+/)) {
    if (!word) continue;
    if (!NON_LATIN.test(word)) {
      const folded = anyAscii(word);
      out.push({ text: folded, abjad: false, foreign: false });
      continue;
    }
    if (HANGUL.test(word)) {
      // A ship's name ends in 호 ("Ho", its number marker): "황금산2호" is HWANG GUM SAN 2.
      const vessel = /^(.*[\uAC00-\uD7A3])(\d*)호$/.exec(word);
      if (vessel && [...vessel[1]].length >= 2) {
        for (const r of romaniseHangul(vessel[1])) out.push({ text: r.text, abjad: false, foreign: true, orig: r.orig, loose: true });
        if (vessel[2]) out.push({ text: vessel[2], abjad: false, foreign: false });
        continue;
      }
      // Split around non-Hangul pieces so "대륜홀딩스" and punctuation keep working.
      for (const piece of word.split(/([\uAC00-\uD7A3]+)/)) {
        if (!piece) continue;
        if (HANGUL.test(piece)) for (const r of romaniseHangul(piece)) out.push({ text: r.text, abjad: false, foreign: true, orig: r.orig, loose: true });
        else out.push({ text: anyAscii(piece), abjad: false, foreign: true });
      }
      continue;
    }
    if (HAN.test(word)) {
      // One word per Han character (its reading), other characters grouped as they come.
      for (const piece of word.split(/([\u3400-\u9FFF\uF900-\uFAFF])/)) {
        if (!piece) continue;
        if (HAN.test(piece)) {
          const reading = anyAscii(piece).trim();
          if (reading) out.push({ text: reading, abjad: false, foreign: true, orig: piece });
        } else {
          for (const part of splitSyllables(anyAscii(piece)).split(/\s+/)) if (part) out.push({ text: part, abjad: false, foreign: true });
        }
      }
      continue;
    }
    const loose = isLooseScript(word);
    const scripted = romaniseScriptWord(word);
    if (scripted) {
      for (const w of scripted) if (w.text) out.push({ text: w.text, abjad: w.abjad, foreign: true, loose });
      continue;
    }
    const abjad = ABJAD.test(word);
    for (const part of anyAscii(word).split(/\s+/)) if (part) out.push({ text: part, abjad, foreign: true, loose: loose || undefined });
  }
  return out;
}

export function hasNonLatin(text: string): boolean {
  return NON_LATIN.test(text);
}
