import { describe, expect, it } from 'vitest';
import { compareNames } from '../../server/screening/name-match';
import { prepareName, prepareNameVariants, type NameMode } from '../../server/screening/normalize';

function score(a: string, b: string, mode: NameMode = 'person'): number {
  let best = 0;
  for (const x of prepareNameVariants(a, mode)) for (const y of prepareNameVariants(b, mode)) best = Math.max(best, compareNames(x, y).score);
  return best;
}
const T = 0.8;

describe('name score rules', () => {
  it('identical names after normalisation score 1, whatever the order and case', () => {
    expect(score('PUTIN, Vladimir', 'Vladimir Putin')).toBe(1);
    expect(score('SAMSUNG ELECTRONICS CO., LTD.', 'Samsung Electronics Co., Ltd.', 'org')).toBe(1);
  });

  it('accepts typos, transliteration variants and dropped middle names', () => {
    expect(score('Olaf Scholze', 'Olaf Scholz')).toBeGreaterThanOrEqual(T);
    expect(score('Zhelvinsky Sudoremontny Zavod', 'Jelvinskiy Sudoremontnyi Zavod', 'org')).toBeGreaterThanOrEqual(T);
    expect(score('Vladimir Putin', 'Vladimir Vladimirovich Putin')).toBeGreaterThanOrEqual(T);
    expect(score('RAMZI ABDULLAH BINALSHIBH', 'RAMZI MOHAMED ABDULLAH BINALSHIBH')).toBeGreaterThanOrEqual(T);
  });

  it('rejoins split and glued words, and reads initialisms', () => {
    expect(score('RamiMakhlouf', 'Rami Makhlouf')).toBeGreaterThanOrEqual(T);
    expect(score('vanderbilt corp', 'van der bilt corp', 'org')).toBeGreaterThanOrEqual(T);
    expect(score('Siemens AG', 'SiemensAG', 'org')).toBeGreaterThanOrEqual(T);
    expect(score('N.K. Bansal & Co.', 'N K Bansal and Co', 'org')).toBeGreaterThanOrEqual(T);
  });

  it('matches across scripts', () => {
    expect(score('Владимир Путин', 'Vladimir Putin')).toBeGreaterThanOrEqual(T);
    expect(score('محمد علي', 'Mohamed Ali')).toBeGreaterThanOrEqual(T);
    expect(score('김정은', 'Kim Jong Un')).toBeGreaterThanOrEqual(T);
    expect(score('משה', 'Moshe')).toBeGreaterThanOrEqual(T);
  });

  it('a single shared common word is not a strong match', () => {
    expect(score('11420 CORP.', 'CORP', 'org')).toBeLessThan(0.5);
    expect(score('Global Trading LLC', 'Tollmere Global Trading LLC', 'org')).toBeLessThan(T);
    expect(score('Mohammed', 'Mohammed Ali Hassan')).toBeLessThan(T);
  });

  it('a different word is not a typo: one-word siblings and other surnames stay apart', () => {
    expect(score('Brennock Steel Tubes Ltd', 'Brennock Steel Wires Ltd', 'org')).toBeLessThan(T);
    expect(score('Angela Merkel', 'Angela Mercaz')).toBeLessThan(T);
    expect(score('Octavian Scholz', 'Olaf Scholz')).toBeLessThan(T);
    expect(score('RUSTAM IBRAHIMOVICH ASELDEROV', 'RUSTAM MAGOMEDOVICH ASELDEROV')).toBeLessThan(T);
  });

  it('different numbers are different entities', () => {
    expect(score('Tanker 7', 'Tanker 9', 'vessel')).toBeLessThan(0.7);
    expect(score('Kaiyo Maru No. 8', 'Kaiyo Maru No. 9', 'vessel')).toBeLessThan(0.7);
    expect(score('Sino Iron I', 'Sino Iron II', 'org')).toBeLessThan(0.7);
    const cmp = compareNames(prepareName('Tanker 7', 'vessel'), prepareName('Tanker 9', 'vessel'));
    expect(cmp.number_mismatch).toEqual({ query: ['7'], candidate: ['9'] });
    expect(score('Brigade Fourty-four', 'Brigade 44', 'org')).toBe(1);
  });

  it('legal forms of two jurisdictions count against, an English form is neutral', () => {
    const conflict = compareNames(prepareName('Korvessa Industrial GmbH', 'org'), prepareName('Korvessa Industrial Sdn. Bhd.', 'org'));
    expect(conflict.legal_conflict).toBeDefined();
    expect(conflict.score).toBeLessThan(T);
    expect(score('OAO Gazprom', 'Gazprom JSC', 'org')).toBeGreaterThanOrEqual(T);
    expect(score('Tõrva Puidutöö OÜ', 'Tõrva Puidutöö Ltd', 'org')).toBeGreaterThanOrEqual(T);
  });

  it('extra words weigh more on an organisation than on a person, and a country word more still', () => {
    const person = score('Anjem Choudary', 'Anjem Iftikhar Choudary');
    const org = score('Nakamura Precision Tooling', 'Nakamura Precision Tooling Works', 'org');
    const country = score('Nakamura Precision Tooling', 'Nakamura Precision Tooling Canada', 'org');
    expect(person).toBeGreaterThan(org);
    expect(org).toBeGreaterThan(country);
  });

  it('explains the alignment', () => {
    const cmp = compareNames(prepareName('Olaf Scholze', 'person'), prepareName('SCHOLZ, Olaf', 'person'));
    expect(cmp.pairs.map((p) => [p.query, p.candidate, p.how])).toEqual([
      ['olaf', 'olaf', 'exact'],
      ['scholze', 'scholz', 'fuzzy'],
    ]);
    expect(cmp.unmatched_query).toEqual([]);
  });
});
