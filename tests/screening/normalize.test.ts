import { describe, expect, it } from 'vitest';
import { prepareName, prepareNameVariants, phoneticKey, skeleton, splitAnnotations } from '../../server/screening/normalize';
import { transliterateWords } from '../../server/screening/transliterate';
import { toCountryCode } from '../../server/screening/countries';

const texts = (raw: string, mode: Parameters<typeof prepareName>[1] = 'any') => prepareName(raw, mode).tokens.map((t) => `${t.kind}:${t.text}`);

describe('normalisation', () => {
  it('folds case, accents and punctuation', () => {
    expect(texts('Recep Tayyip Erdoğan', 'person')).toEqual(['word:recep', 'word:tayyip', 'word:erdogan']);
    expect(texts("O'Doyle-Smith", 'person')).toEqual(['word:odoyle', 'word:smith']);
  });

  it('drops honorifics and titles but keeps a name made only of them', () => {
    expect(texts('Dr. Rami Makhlouf', 'person')).toEqual(['word:rami', 'word:makhlouf']);
    expect(texts('Shaikh Isa Bin Tarif', 'person')).toEqual(['word:isa', 'particle:bin', 'word:tarif']);
    expect(texts('Sheikh', 'person')).toEqual(['word:sheikh']);
  });

  it('reads particles: "AL ZAWAHIRI" opens with one, "Ben Netanyahu" does not', () => {
    expect(texts('AL ZAWAHIRI, Ayman', 'person')).toEqual(['particle:al', 'word:zawahiri', 'word:ayman']);
    expect(texts('Ben Netanyahu', 'person')).toEqual(['word:ben', 'word:netanyahu']);
    expect(texts('Isa ibn Tarif', 'person')).toEqual(['word:isa', 'particle:bin', 'word:tarif']);
  });

  it('maps legal forms to one token with the jurisdictions that use them', () => {
    const siemens = prepareName('Siemens Aktiengesellschaft', 'org').tokens;
    expect(siemens.map((t) => t.kind)).toEqual(['word', 'legal']);
    expect([...siemens[1].locales!]).toContain('de');
    expect(texts('Kaszubska Wytwórnia Sp. z o.o.', 'org')).toEqual(['word:kaszubska', 'word:wytwornia', 'legal:spzoo']);
    expect(texts('Dongguan Fengtai Plastic Products Company Limited', 'org').at(-1)).toBe('legal:companylimited');
  });

  it('turns number words, ordinals and roman numerals into numbers, and drops number marks', () => {
    expect(texts('Brigade Fourty-four', 'org')).toEqual(['word:brigade', 'number:44']);
    expect(texts('1st International Bank', 'org')).toEqual(['number:1', 'word:international', 'word:bank']);
    expect(texts('Seraphine Navigation IX S.A.', 'org')).toEqual(['word:seraphine', 'word:navigation', 'number:9', 'legal:sa']);
    expect(texts('Kaiyo Maru No. 8', 'vessel')).toEqual(['word:kaiyo', 'word:maru', 'number:8']);
  });

  it('drops vessel prefixes and marks trailing qualifiers as light', () => {
    const p = prepareName('MV SIAM ORCHID 7, Bangkok', 'vessel');
    expect(p.tokens.map((t) => t.text)).toEqual(['siam', 'orchid', '7', 'bangkok']);
    expect(p.tokens[3].qualifier).toBe(true);
  });

  it('cuts annotations and keeps a former name as a second variant', () => {
    expect(splitAnnotations('Coastline Agro Supplies Ltd - Malindi Branch').main).toBe('Coastline Agro Supplies Ltd');
    expect(splitAnnotations('SHIPPER: TRANSPORTES DEL SURESTE SA').main).toBe('TRANSPORTES DEL SURESTE SA');
    const variants = prepareNameVariants('Ocean Pioneer (ex-Cape Diamond)', 'vessel');
    expect(variants.map((v) => v.compact)).toEqual(['oceanpioneer', 'capediamond']);
  });

  it('transliterates scripts and keeps a consonant skeleton for vowel-less ones', () => {
    expect(transliterateWords('Владимир Путин').map((w) => w.text.toLowerCase())).toEqual(['vladimir', 'putin']);
    expect(transliterateWords('김정은').map((w) => w.text)).toEqual(['kim', 'jeong', 'eun']);
    const arabic = transliterateWords('محمد علي');
    expect(arabic.every((w) => w.abjad)).toBe(true);
    expect(skeleton('mohamed')).toBe(skeleton(prepareName('محمد', 'person').tokens[0].text));
    expect(texts('第十八星風丸', 'vessel')[0]).toBe('number:18');
  });

  it('folds transliteration variants in the phonetic key', () => {
    expect(phoneticKey('zhelvinsky')).toBe(phoneticKey('jelvinskiy'));
    expect(phoneticKey('husain')).toBe(phoneticKey('hussain'));
    expect(phoneticKey('shamjee')).toBe(phoneticKey('shamji'));
    expect(phoneticKey('smith')).not.toBe(phoneticKey('smyth2'));
  });

  it('maps list country spellings and demonyms to ISO codes', () => {
    expect(toCountryCode('Korea, North')).toBe('KP');
    expect(toCountryCode('Iran (Islamic Republic of)')).toBe('IR');
    expect(toCountryCode('Cote d Ivoire')).toBe('CI');
    expect(toCountryCode('Region: Crimea')).toBe('UA');
    expect(toCountryCode('Burma')).toBe('MM');
    expect(toCountryCode('de')).toBe('DE');
    expect(toCountryCode('Syrian')).toBe('SY');
    expect(toCountryCode('Atlantis')).toBeUndefined();
  });
});
