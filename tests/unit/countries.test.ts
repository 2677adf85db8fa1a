/**
 * The shared country resolver (common/countries.ts): every input form in each of the six languages,
 * what it refuses, the schemas that use it, and agreement with the lists' richer table
 * (server/screening/countries.ts) on plain country names.
 */
import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { COUNTRY_NAME_LANGUAGES, countryCodes, countryKey, isCountryCode, resolveCountry, resolveCountryList } from '../../common/countries';
import { SearchBody } from '../../common/schemas/cases';
import { countryField, countryListField } from '../../common/schemas/countries';
import { isKnownCountry } from '../../server/reference/countries';
import { toCountryCode } from '../../server/screening/countries';

describe('resolveCountry', () => {
  it('reads alpha-2 codes in any case', () => {
    expect(resolveCountry('IR')).toBe('IR');
    expect(resolveCountry(' us ')).toBe('US');
    expect(resolveCountry('Ci')).toBe('CI');
  });

  it('reads alpha-3 codes in any case', () => {
    expect(resolveCountry('IRN')).toBe('IR');
    expect(resolveCountry('usa')).toBe('US');
    expect(resolveCountry('Deu')).toBe('DE');
    expect(resolveCountry('PRK')).toBe('KP');
    expect(resolveCountry('CIV')).toBe('CI');
    expect(resolveCountry('XKX')).toBe('XK');
  });

  // Each language's names for the same countries, as ICU writes them and as people type them.
  const NAMES: Record<(typeof COUNTRY_NAME_LANGUAGES)[number], Array<[string, string]>> = {
    en: [
      ['United States', 'US'], ['USA', 'US'], ['United States of America', 'US'], ['Russia', 'RU'], ['Russian Federation', 'RU'], ['Iran', 'IR'],
      ['North Korea', 'KP'], ['Korea, North', 'KP'], ['South Korea', 'KR'], ["Côte d'Ivoire", 'CI'], ['Ivory Coast', 'CI'], ['Turkey', 'TR'],
      ['Türkiye', 'TR'], ['United Kingdom', 'GB'], ['UK', 'GB'], ['Germany', 'DE'], ['Iran, Islamic Republic of', 'IR'], ['The Netherlands', 'NL'],
    ],
    es: [
      ['Estados Unidos', 'US'], ['EE. UU.', 'US'], ['Rusia', 'RU'], ['Irán', 'IR'], ['Corea del Norte', 'KP'], ['Costa de Marfil', 'CI'],
      ['Turquía', 'TR'], ['Reino Unido', 'GB'], ['Alemania', 'DE'], ['España', 'ES'],
    ],
    fr: [
      ['États-Unis', 'US'], ['Etats-Unis', 'US'], ['Russie', 'RU'], ['Iran', 'IR'], ['Corée du Nord', 'KP'], ["Côte d’Ivoire", 'CI'],
      ['Turquie', 'TR'], ['Royaume-Uni', 'GB'], ['Allemagne', 'DE'], ['Suisse', 'CH'],
    ],
    de: [
      ['Vereinigte Staaten', 'US'], ['Russland', 'RU'], ['Iran', 'IR'], ['Nordkorea', 'KP'], ['Elfenbeinküste', 'CI'], ['Türkei', 'TR'],
      ['Vereinigtes Königreich', 'GB'], ['Großbritannien', 'GB'], ['Deutschland', 'DE'], ['Österreich', 'AT'],
    ],
    ar: [
      ['الولايات المتحدة', 'US'], ['روسيا', 'RU'], ['إيران', 'IR'], ['ايران', 'IR'], ['كوريا الشمالية', 'KP'], ['ساحل العاج', 'CI'],
      ['تركيا', 'TR'], ['المملكة المتحدة', 'GB'], ['ألمانيا', 'DE'], ['مصر', 'EG'],
    ],
    ru: [
      ['Соединённые Штаты', 'US'], ['Соединенные Штаты', 'US'], ['США', 'US'], ['Россия', 'RU'], ['Иран', 'IR'], ['КНДР', 'KP'],
      ['Северная Корея', 'KP'], ["Кот-д'Ивуар", 'CI'], ['Турция', 'TR'], ['Великобритания', 'GB'], ['Германия', 'DE'],
    ],
  };

  it.each(COUNTRY_NAME_LANGUAGES)('reads country names in %s, ignoring case and accents', (language) => {
    for (const [name, code] of NAMES[language]) {
      expect(resolveCountry(name), name).toBe(code);
      expect(resolveCountry(name.toUpperCase()), name.toUpperCase()).toBe(code);
      expect(resolveCountry(name.toLowerCase()), name.toLowerCase()).toBe(code);
      expect(resolveCountry(name.normalize('NFKD').replace(/\p{M}/gu, '')), `${name} without accents`).toBe(code);
    }
  });

  it.each(COUNTRY_NAME_LANGUAGES)('knows every country ICU names in %s', (language) => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    for (const code of countryCodes()) {
      const name = names.of(code)!;
      // Names several codes share (the retired Netherlands Antilles aside) resolve to one of them, checked above.
      if (/ - |\(/.test(name)) continue;
      expect(resolveCountry(name), `${language} ${name}`).toBe(code);
    }
  });

  it('refuses what is no country', () => {
    for (const bad of ['Atlantis', 'XX', 'QQ', 'ZZ', 'EU', 'UN', 'XXX', 'QQQ', 'Narnia', 'Deutschlandd', '1', '', '   ', 'U', 'a'.repeat(200), 'Iran Iraq']) {
      expect(resolveCountry(bad), bad).toBeUndefined();
    }
    expect(resolveCountry(undefined)).toBeUndefined();
    expect(resolveCountry(null)).toBeUndefined();
  });

  it('knows the current codes only, the same ones the reference list offers', () => {
    expect(isCountryCode('de')).toBe(true);
    for (const retired of ['YU', 'SU', 'AN', 'BU', 'ZR', 'UK']) expect(isCountryCode(retired), retired).toBe(false);
    const codes = countryCodes();
    expect(codes.length).toBeGreaterThan(245);
    expect(codes.filter((c) => !isKnownCountry(c))).toEqual([]);
  });

  it('compares names without case, accents, vowel marks or punctuation', () => {
    expect(countryKey('Côte d’Ivoire')).toBe(countryKey("COTE D'IVOIRE"));
    expect(countryKey('U.S.A.')).toBe('usa');
    expect(countryKey('Соединённые')).toBe(countryKey('соединенные'));
    expect(countryKey('إِيرَان')).toBe(countryKey('ايران'));
  });

  it('gives the same code as the lists’ table for plain country names', () => {
    const plain = [
      'United States', 'Russia', 'Russian Federation', 'Iran', 'Iran, Islamic Republic of', 'North Korea', 'Korea, North', 'South Korea',
      'Korea, South', 'Ivory Coast', "Cote d'Ivoire", 'Turkey', 'Turkiye', 'United Kingdom', 'Great Britain', 'Burma', 'Myanmar', 'Congo',
      'Democratic Republic of the Congo', 'Czech Republic', 'Laos', 'Macedonia', 'North Macedonia', 'Palestine', 'Syria', 'Taiwan', 'Tanzania',
      'Gambia', 'Viet Nam', 'Vietnam', 'Brunei', 'Swaziland', 'Eswatini', 'Holy See', 'Kosovo', 'East Timor', 'UAE', 'Cape Verde', 'Hong Kong',
      'Macau', 'Bahamas', 'Germany', 'France', 'Spain', 'Allemagne', 'Alemania', 'Deutschland', 'España', 'Estados Unidos', 'États-Unis',
    ];
    // The lists' table lets retired codes win some names ("Myanmar" is BU, Burma's old code there): only current codes compare.
    const theirs = (name: string) => {
      const code = toCountryCode(name);
      return code && isKnownCountry(code) ? code : undefined;
    };
    for (const name of plain) if (theirs(name)) expect(resolveCountry(name), name).toBe(theirs(name));
    // And for every English name ICU gives.
    const english = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of countryCodes()) {
      const name = english.of(code)!;
      if (theirs(name)) expect(resolveCountry(name), name).toBe(theirs(name));
    }
  });
});

describe('resolveCountryList', () => {
  it('splits on ; | and commas, keeping "Korea, North" whole, without repeats', () => {
    expect(resolveCountryList('Korea, North; Iran | IRN, de ,Deutschland')).toEqual({ codes: ['KP', 'IR', 'DE'] });
    expect(resolveCountryList('Korea, North, France')).toEqual({ codes: ['KP', 'FR'] });
    expect(resolveCountryList(' ; ,| ')).toEqual({ codes: [] });
  });

  it('names the first part that is no country', () => {
    expect(resolveCountryList('France; Atlantis; Spain')).toEqual({ codes: ['FR'], unknown: 'Atlantis' });
  });
});

describe('country fields of the request schemas', () => {
  it('turn codes and names into alpha-2 codes', () => {
    expect(create('Irán', countryField())).toBe('IR');
    expect(create('', countryField({ blank: true }))).toBe('');
    expect(create(['Иран', 'IRN', 'إيران'], countryListField())).toEqual(['IR', 'IR', 'IR']);
    expect(create('Korea, North, France', countryListField())).toEqual(['KP', 'FR']);
    const body = create({ search_term: 'Some Name', entity_type: 'person', countries: ['Iran'], residence_countries: 'Estados Unidos', nationality: 'Россия' }, SearchBody);
    expect(body).toMatchObject({ countries: ['IR'], residence_countries: ['US'], nationality: 'RU' });
  });

  it('refuse a name that is no country with invalid_country, and leave two letters to the route', () => {
    expect(() => create('Atlantis', countryField())).toThrow('invalid_country');
    expect(() => create(['France', 'Atlantis'], countryListField())).toThrow('invalid_country');
    expect(create('XX', countryField())).toBe('XX');
  });
});
