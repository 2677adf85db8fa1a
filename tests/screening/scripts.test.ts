/**
 * Names written in the scripts of scripts.ts and translations.ts against their
 * Latin spellings: for each script a name that must match and a near miss that
 * must not, company names whose generic words are translated, legal forms read
 * in their script, and what must stay different (another number, place or
 * generic word). The names are made up for the test or are public figures; none
 * is a row of the evaluation files.
 */
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../server/screening/name-match';
import { prepareName, prepareNameVariants, type NameMode } from '../../server/screening/normalize';
import { looseKey, romaniseScriptWord } from '../../server/screening/scripts';
import { readNativeLegalForms, translateGenericWords } from '../../server/screening/translations';

function score(a: string, b: string, mode: NameMode): number {
  let best = 0;
  for (const x of prepareNameVariants(a, mode)) for (const y of prepareNameVariants(b, mode)) best = Math.max(best, compareNames(x, y).score);
  return best;
}
const T = 0.8;

// [script, query, listed name, mode, same entity?]
const PAIRS: Array<[string, string, string, NameMode, boolean]> = [
  ['Hebrew', 'משה כהן', 'Moshe Cohen', 'person', true],
  ['Hebrew', 'משה לוי', 'Moshe Cohen', 'person', false],
  ['Hebrew', 'כהן סחר ושיווק בע"מ', 'Cohen Trading and Marketing Ltd', 'org', true],
  ['Hebrew', 'כהן סחר ושיווק בע"מ', 'Cohen Logistics Ltd', 'org', false],
  ['Burmese', 'ကျော်ဇော်', 'Kyaw Zaw', 'person', true],
  ['Burmese', 'ကျော်ဝင်း', 'Kyaw Zaw', 'person', false],
  ['Burmese', 'မြတ်မင်း ကုန်သွယ်ရေး ကုမ္ပဏီလီမိတက်', 'Myat Min Trading Co., Ltd.', 'org', true],
  ['Thai', 'สมชาย ใจดี', 'Somchai Jaidee', 'person', true],
  ['Thai', 'สมศักดิ์ ใจดี', 'Somchai Jaidee', 'person', false],
  ['Thai', 'บริษัท สยาม โลหะ จำกัด', 'Siam Metal Co., Ltd.', 'org', true],
  ['Thai', 'บริษัท สยาม โลหะ จำกัด', 'Siam Textiles Co., Ltd.', 'org', false],
  ['Lao', 'ສົມສັກ ພົມມະວົງ', 'Somsak Phommavong', 'person', true],
  ['Lao', 'ສົມສັກ ພົມມະວົງ', 'Somsak Keomany', 'person', false],
  ['Khmer', 'ហ៊ុន សែន', 'Hun Sen', 'person', true],
  ['Khmer', 'សម្ដេច ហ៊ុន សែន', 'Hun Sen', 'person', true],
  ['Khmer', 'ហ៊ុន ម៉ាណែត', 'Hun Sen', 'person', false],
  ['Georgian', 'გიორგი ბერიძე', 'Giorgi Beridze', 'person', true],
  ['Georgian', 'გიორგი ბერიძე', 'Giorgi Kapanadze', 'person', false],
  ['Georgian', 'შპს ბერიძე ღვინო', 'Beridze Wine LLC', 'org', true],
  ['Armenian', 'Արամ Պետրոսյան', 'Aram Petrosyan', 'person', true],
  ['Armenian', 'Արամ Պետրոսյան', 'Aram Grigoryan', 'person', false],
  ['Armenian', '«Պետրոսյան Մետաղ» ՍՊԸ', 'Petrosyan Metal LLC', 'org', true],
  ['Devanagari', 'राजेश कुमार', 'Rajesh Kumar', 'person', true],
  ['Devanagari', 'राजेश कुमार', 'Rajesh Sharma', 'person', false],
  ['Devanagari', 'शर्मा ट्रेडिंग प्राइवेट लिमिटेड', 'Sharma Trading Private Limited', 'org', true],
  ['Bengali', 'রহিম উদ্দিন', 'Rahim Uddin', 'person', true],
  ['Bengali', 'করিম উদ্দিন', 'Rahim Uddin', 'person', false],
  ['Tamil', 'முருகன் செல்வம்', 'Murugan Selvam', 'person', true],
  ['Tamil', 'முருகன் செல்வம்', 'Murugan Rajan', 'person', false],
  ['Sinhala', 'නිමල් පෙරේරා', 'Nimal Perera', 'person', true],
  ['Sinhala', 'නිමල් පෙරේරා', 'Nimal Silva', 'person', false],
  ['Ethiopic', 'አበበ ቢቂላ', 'Abebe Bikila', 'person', true],
  ['Ethiopic', 'አበበ ቢቂላ', 'Abebe Girma', 'person', false],
  ['Greek', 'Νίκος Παπαδόπουλος', 'Nikos Papadopoulos', 'person', true],
  ['Greek', 'Νίκος Παπαδόπουλος', 'Nikos Georgiou', 'person', false],
  ['Greek', 'Παπαδόπουλος Ναυτιλιακή Α.Ε.', 'Papadopoulos Shipping S.A.', 'org', true],
  ['kana', 'ヤマダ タロウ', 'Yamada Taro', 'person', true],
  ['kana', 'タナカ タロウ', 'Yamada Taro', 'person', false],
  ['Hangul', '한빛물류 주식회사', 'Hanbit Logistics Co., Ltd.', 'org', true],
  ['Hangul', '한빛물류 주식회사', 'Hanbit Construction Co., Ltd.', 'org', false],
  ['Hangul', '황금산2호', 'HWANG GUM SAN 2', 'vessel', true],
  ['Hangul', '황금산2호', 'HWANG GUM SAN 3', 'vessel', false],
];

describe('names in other scripts against their Latin spellings', () => {
  for (const [script, query, listed, mode, same] of PAIRS) {
    it(`${script}: "${query}" ${same ? 'matches' : 'does not match'} "${listed}"`, () => {
      const s = score(query, listed, mode);
      if (same) expect(s).toBeGreaterThanOrEqual(T);
      else expect(s).toBeLessThan(T);
    });
  }
});

describe('romanisation', () => {
  it('Burmese writes one Latin word per syllable, in the popular spelling', () => {
    expect(romaniseScriptWord('ကျော်ဇော်ထွန်း')!.map((w) => w.text)).toEqual(['kyaw', 'zaw', 'htun']);
    expect(romaniseScriptWord('အောင်')!.map((w) => w.text)).toEqual(['aung']);
  });

  it('Indic scripts give consonants their "a" unless a sign or the virama says otherwise, and Hindi drops a final one', () => {
    expect(romaniseScriptWord('नरेन्द्र')![0].text).toBe('narendra');
    expect(romaniseScriptWord('मोदी')![0].text).toBe('modi');
    expect(romaniseScriptWord('राम')![0].text).toBe('ram');
    expect(romaniseScriptWord('මහින්ද')![0].text).toBe('mahinda');
    expect(romaniseScriptWord('ওয়াজেদ')![0].text).toBe('wajed');
  });

  it('Hebrew softens ב, כ and פ after a vowel letter and at the end of a word, and reads the geresh', () => {
    expect(romaniseScriptWord('אברהם')![0].text).toBe('vrhm');
    expect(romaniseScriptWord('ברק')![0].text).toBe('brk');
    expect(romaniseScriptWord("גורביץ'")![0].text).toBe('gvrbych');
  });

  it('Thai drops silenced letters and reads vowels written before their consonant after it', () => {
    expect(romaniseScriptWord('ประยุทธ์')![0].text).toBe('prayuth');
  });

  it('the loose key folds voicing, aspiration, sibilants and vowel length, and nothing else', () => {
    expect(looseKey('htun')).toBe(looseKey('tun'));
    expect(looseKey('yadanar')).toBe(looseKey('yatana'));
    expect(looseKey('chinavat')).toBe(looseKey('shinavat'));
    expect(looseKey('soe')).toBe(looseKey('so'));
    expect(looseKey('min')).not.toBe(looseKey('man'));
    expect(looseKey('kyaw')).not.toBe(looseKey('myaw'));
  });
});

describe('legal forms and generic words written in other scripts', () => {
  it('reads each script\'s legal forms as the English form they register under', () => {
    const legal = (raw: string) => prepareName(raw, 'org').tokens.filter((t) => t.kind === 'legal').map((t) => t.text);
    expect(legal('שאלתיאל הובלות בע"מ')).toEqual(['ltd']);
    expect(legal('«Ծատուրյան Շին» ՍՊԸ')).toEqual(['llc']);
    expect(legal('შპს კვინიკაძე')).toEqual(['llc']);
    expect(legal('ရွှေပုလဲ ကုမ္ပဏီလီမိတက်')).toContain('companylimited');
    expect(legal('บริษัท ไทยออยล์ จำกัด (มหาชน)')).toContain('publiccompanylimited');
    expect(legal('Παπαδόπουλος Α.Ε.')).toEqual(['sa']);
  });

  it('translates generic words into English and keeps the rest', () => {
    expect(translateGenericWords('שאלתיאל הובלות בע"מ')).toMatch(/transport/);
    expect(translateGenericWords('Shaltiel Hovalot Ltd')).toBe('Shaltiel transport Ltd');
    expect(translateGenericWords('새벽별물류')).toMatch(/새벽별 logistics/);
    expect(translateGenericWords('Haddad Building Ltd')).toBeUndefined();
  });

  it('a legal form is read before the generic words inside it', () => {
    expect(translateGenericWords(readNativeLegalForms('ក្រុមហ៊ុន អង្គរ ពាណិជ្ជកម្ម'))).toMatch(/Company .* trading/);
  });

  it('never translates a person\'s name, and a name that was transliterated still matches as written', () => {
    expect(score('Shaltiel Hovalot Ltd', 'Shaltiel Transport Limited', 'org')).toBeGreaterThanOrEqual(T);
    expect(score('שאלתיאל הובלות בע"מ', 'Shaltiel Hovalot Ltd', 'org')).toBeGreaterThanOrEqual(T);
    expect(prepareNameVariants('Kat Gvino', 'person')).toHaveLength(1);
  });

  it('a different number, place or generic word is still a different entity', () => {
    expect(score('שאלתיאל הובלות חיפה בע"מ', 'Shaltiel Transport Eilat Ltd', 'org')).toBeLessThan(T);
    expect(score('ရွှေမန္တလေး ၇', 'SHWE MANDALAY 9', 'vessel')).toBeLessThan(T);
    expect(score('შპს ბერიძე ღვინო', 'Beridze Milk LLC', 'org')).toBeLessThan(T);
  });
});

describe('former names in other scripts', () => {
  it('"formerly" written in the name\'s own script makes a second name, as "ex-" does', () => {
    expect(score('גל לבן', 'ים כחול (לשעבר גל לבן)', 'vessel')).toBeGreaterThanOrEqual(T);
    expect(score('Ilios', 'Αστήρ (πρώην Ήλιος)', 'vessel')).toBeGreaterThanOrEqual(T);
    expect(score('CHONG CHON GANG', '황금산 (구 청천강)', 'vessel')).toBeGreaterThanOrEqual(T);
    // The former name is another vessel's name only when it is the same name: a sister ship is not.
    expect(score('CHONG CHON GANG 2', '황금산 (구 청천강 3)', 'vessel')).toBeLessThan(T);
  });
});

describe('naming conventions', () => {
  it('an Ethiopian name\'s first element shortened with a slash compares with its full form, in Ethiopic and in Latin', () => {
    expect(score('ገ/መድህን ተስፋዬ', 'Gebremedhin Tesfaye', 'person')).toBeGreaterThanOrEqual(T);
    expect(score('G/Medhin Tesfaye', 'Gebremedhin Tesfaye', 'person')).toBeGreaterThanOrEqual(T);
    expect(score('W/Michael Alemu', 'Woldemichael Alemu', 'person')).toBeGreaterThanOrEqual(T);
    expect(score('G/Medhin Tesfaye', 'Gebremariam Tesfaye', 'person')).toBeLessThan(T);
  });

  it('Hindi and Bengali do not pronounce an "a" between syllables ("रहमान" is Rahman, "ইসলাম" Islam)', () => {
    expect(romaniseScriptWord('रहमान')![0].text).toBe('rahman');
    expect(romaniseScriptWord('ইসলাম')![0].text).toBe('islam');
    expect(romaniseScriptWord('मनमोहन')![0].text).toBe('manmohan');
    expect(romaniseScriptWord('नरेन्द्र')![0].text).toBe('narendra');
  });
});
