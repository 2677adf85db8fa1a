/**
 * Sanctioned places: the jurisdictions under a country-wide embargo and the regions under a
 * territorial one, with the programmes that impose each, as a small typed gazetteer. The bundled
 * lists designate people, companies, vessels and aircraft, never a territory, so a location search,
 * a customer's country or address, and a listed entity's address are checked against this table.
 *
 * A place is offered only while one of its programmes is carried by the loaded lists (read from the
 * entities when the index is built): the table says who imposes what, the lists say what this
 * installation screens against. See docs/screening.md, "Sanctioned places".
 */
import { countryAtEnd, isCountryWord } from './countries';
import { phoneticKey, prepareName } from './normalize';
import { editDistance } from './similarity';
import { entityHit } from './hits';
import type { NormalisedQuery } from './query';
import type { ListedEntity, ScoreFeature, ScreeningHit } from './types';

/** The list id of place hits: the places come from this table, not from a publisher's file. */
export const PLACES_LIST_ID = 'sanctioned_places';
export const PLACE_ID_PREFIX = 'place:';

export type Publisher = 'OFAC' | 'UN Security Council' | 'EU' | 'UK';

export interface PlaceProgramme {
  publisher: Publisher;
  /** The programme code as the publisher's list writes it on its entries ("UKRAINE-EO13685", "DPRK"). */
  code: string;
  title: string;
  /** Lists whose entries carry this code (the CSL repeats OFAC's codes on its Treasury rows). */
  lists: readonly string[];
}

export interface PlaceCity {
  name: string;
  /** Other languages' names, transliterations and older names. */
  aliases: readonly string[];
}

export interface SanctionedPlace {
  /** Entity id without the prefix: place:crimea. */
  id: string;
  name: string;
  scope: 'country' | 'region';
  /** ISO 3166-1 alpha-2 code of the country the place is (or is in). */
  country: string;
  /** Countries an address in the place may be written under besides its own (occupied regions written as Russia). */
  writtenUnder: readonly string[];
  /** One line for the analyst: what the place is and what the programmes do there. */
  description: string;
  programmes: readonly PlaceProgramme[];
  /** Names of the place itself by language; `other` holds transliterations, abbreviations and local forms. */
  names: { en: readonly string[]; es: readonly string[]; fr: readonly string[]; de: readonly string[]; ar: readonly string[]; ru: readonly string[]; other: readonly string[] };
  cities: readonly PlaceCity[];
  source_url: string;
}

const OFAC_LISTS = ['us_ofac_sdn', 'us_ofac_consolidated', 'us_csl'] as const;
const UN_LISTS = ['un_sc_consolidated'] as const;
const EU_LISTS = ['eu_fsf'] as const;
const UK_LISTS = ['uk_sanctions'] as const;

const ofac = (code: string, title: string): PlaceProgramme => ({ publisher: 'OFAC', code, title, lists: OFAC_LISTS });
/**
 * The EU's and the UK's territorial measures designate nobody, so no listing carries them; the
 * programme whose listings stand for them is the one they belong to: the EU's Ukraine
 * territorial-integrity framework (its list's code UKR) and the UK's Russia regulations.
 */
const euUkraine = (regulation: string): PlaceProgramme => ({ publisher: 'EU', code: 'EU-UKR', title: `EU measures for Ukraine's territorial integrity: ${regulation}`, lists: EU_LISTS });
const ukRussia = (areas: string): PlaceProgramme => ({ publisher: 'UK', code: 'UK-Russia', title: `Russia (Sanctions) (EU Exit) Regulations 2019: trade restrictions on ${areas}`, lists: UK_LISTS });

export const SANCTIONED_PLACES: readonly SanctionedPlace[] = [
  {
    id: 'cuba',
    name: 'Cuba',
    scope: 'country',
    country: 'CU',
    writtenUnder: [],
    description: 'Cuba: comprehensive US embargo (Cuban Assets Control Regulations, 31 CFR part 515).',
    programmes: [ofac('CUBA', 'Cuban Assets Control Regulations')],
    names: {
      en: ['Cuba', 'Republic of Cuba'],
      es: ['República de Cuba'],
      fr: ['République de Cuba'],
      de: ['Kuba', 'Republik Kuba'],
      ar: ['كوبا'],
      ru: ['Куба', 'Республика Куба'],
      other: [],
    },
    cities: [
      { name: 'Havana', aliases: ['La Habana', 'Habana', 'La Havane', 'Havanna', 'Avana', 'Гавана', 'هافانا'] },
      { name: 'Santiago de Cuba', aliases: ['Сантьяго-де-Куба'] },
      { name: 'Camagüey', aliases: ['Камагуэй'] },
      { name: 'Holguín', aliases: ['Ольгин'] },
      { name: 'Cienfuegos', aliases: ['Сьенфуэгос'] },
      { name: 'Matanzas', aliases: ['Матансас'] },
      { name: 'Pinar del Río', aliases: ['Пинар-дель-Рио'] },
    ],
    source_url: 'https://ofac.treasury.gov/sanctions-programs-and-country-information/cuba-sanctions',
  },
  {
    id: 'iran',
    name: 'Iran',
    scope: 'country',
    country: 'IR',
    writtenUnder: [],
    description: 'Iran: comprehensive US embargo (Iranian Transactions and Sanctions Regulations, 31 CFR part 560).',
    programmes: [ofac('IRAN', 'Iranian Transactions and Sanctions Regulations')],
    names: {
      en: ['Iran', 'Islamic Republic of Iran', 'Iran, Islamic Republic of', 'Persia'],
      es: ['Irán', 'República Islámica de Irán', 'República Islámica del Irán'],
      fr: ["République islamique d'Iran"],
      de: ['Islamische Republik Iran'],
      ar: ['إيران', 'ايران', 'جمهورية إيران الإسلامية'],
      ru: ['Иран', 'Исламская Республика Иран'],
      other: ['ایران', 'جمهوری اسلامی ایران'],
    },
    cities: [
      { name: 'Tehran', aliases: ['Teheran', 'Téhéran', 'Teherán', 'Tahran', 'Тегеран', 'طهران', 'تهران'] },
      { name: 'Mashhad', aliases: ['Mashad', 'Meshed', 'Mechhed', 'Мешхед', 'مشهد'] },
      { name: 'Isfahan', aliases: ['Esfahan', 'Ispahan', 'Isfahán', 'Исфахан', 'أصفهان', 'اصفهان'] },
      { name: 'Tabriz', aliases: ['Tebriz', 'Тебриз', 'تبريز', 'تبریز'] },
      { name: 'Shiraz', aliases: ['Chiraz', 'Шираз', 'شيراز', 'شیراز'] },
      { name: 'Qom', aliases: ['Ghom', 'Qum', 'Кум', 'قم'] },
      { name: 'Ahvaz', aliases: ['Ahwaz', 'Ахваз', 'الأهواز', 'اهواز'] },
      { name: 'Karaj', aliases: ['Карадж', 'كرج', 'کرج'] },
      { name: 'Bandar Abbas', aliases: ['Bandar-e Abbas', 'Бендер-Аббас', 'بندر عباس'] },
      { name: 'Kermanshah', aliases: ['Керманшах', 'كرمانشاه'] },
    ],
    source_url: 'https://ofac.treasury.gov/sanctions-programs-and-country-information/iran-sanctions',
  },
  {
    id: 'north-korea',
    name: 'North Korea',
    scope: 'country',
    country: 'KP',
    // Addresses in the North are often written "Korea"; Seoul and the South's cities are not in the table.
    writtenUnder: ['KR'],
    description:
      'North Korea (DPRK): comprehensive US embargo (North Korea Sanctions Regulations, 31 CFR part 510) and the UN Security Council 1718 regime, whose sectoral bans cover most of the country’s trade.',
    programmes: [
      ofac('DPRK', 'North Korea Sanctions Regulations'),
      ofac('DPRK2', 'North Korea Sanctions Regulations (EO 13687)'),
      ofac('DPRK3', 'North Korea Sanctions Regulations (EO 13722)'),
      ofac('DPRK4', 'North Korea Sanctions Regulations (EO 13810)'),
      ofac('DPRK-NKSPEA', 'North Korea Sanctions and Policy Enhancement Act'),
      { publisher: 'UN Security Council', code: 'DPRK', title: 'Security Council resolution 1718 (2006) and successors', lists: UN_LISTS },
      { publisher: 'EU', code: 'EU-PRK', title: 'Council Regulation (EU) 2017/1509 (DPRK)', lists: EU_LISTS },
    ],
    names: {
      en: ['North Korea', 'Korea, North', "Democratic People's Republic of Korea", "Korea, Democratic People's Republic of", 'DPRK', 'DPR Korea'],
      es: ['Corea del Norte', 'República Popular Democrática de Corea'],
      fr: ['Corée du Nord', 'République populaire démocratique de Corée'],
      de: ['Nordkorea', 'Demokratische Volksrepublik Korea'],
      ar: ['كوريا الشمالية', 'جمهورية كوريا الديمقراطية الشعبية'],
      ru: ['Северная Корея', 'КНДР', 'Корейская Народно-Демократическая Республика'],
      other: ['조선민주주의인민공화국', '북한', 'Choson', 'Chosŏn'],
    },
    cities: [
      { name: 'Pyongyang', aliases: ['Pjöngjang', 'Pjongjang', 'Piongyang', 'Pionyang', "P'yŏngyang", 'Pyeongyang', 'Pyong Yang', 'Пхеньян', 'بيونغيانغ', 'بيونغ يانغ', '평양'] },
      { name: 'Nampo', aliases: ['Nampho', "Namp'o", 'Нампхо'] },
      { name: 'Hamhung', aliases: ['Hamhŭng', 'Хамхын'] },
      { name: 'Chongjin', aliases: ["Ch'ŏngjin", 'Чхонджин'] },
      { name: 'Wonsan', aliases: ['Вонсан'] },
      { name: 'Sinuiju', aliases: ['Sinŭiju', 'Синыйджу'] },
      { name: 'Kaesong', aliases: ['Kaesŏng', 'Кэсон'] },
      { name: 'Rason', aliases: ['Rajin-Sonbong', 'Расон'] },
    ],
    source_url: 'https://ofac.treasury.gov/sanctions-programs-and-country-information/north-korea-sanctions',
  },
  {
    id: 'syria',
    name: 'Syria',
    scope: 'country',
    country: 'SY',
    writtenUnder: [],
    description:
      'Syria: US embargo under the Syrian Sanctions Regulations (31 CFR part 542), offered while the loaded OFAC data carries the SYRIA code (the programme was ended in 2025; its targeted successors are not embargoes).',
    programmes: [ofac('SYRIA', 'Syrian Sanctions Regulations')],
    names: {
      en: ['Syria', 'Syrian Arab Republic'],
      es: ['Siria', 'República Árabe Siria'],
      fr: ['Syrie', 'République arabe syrienne'],
      de: ['Syrien', 'Arabische Republik Syrien'],
      ar: ['سوريا', 'سورية', 'الجمهورية العربية السورية'],
      ru: ['Сирия', 'Сирийская Арабская Республика'],
      other: [],
    },
    cities: [
      { name: 'Damascus', aliases: ['Damasco', 'Damas', 'Damaskus', 'Dimashq', 'Дамаск', 'دمشق'] },
      { name: 'Aleppo', aliases: ['Alep', 'Halab', 'Алеппо', 'Халеб', 'حلب'] },
      { name: 'Homs', aliases: ['Хомс', 'حمص'] },
      { name: 'Latakia', aliases: ['Lattakia', 'Latakieh', 'Lattaquié', 'Latakia', 'Латакия', 'اللاذقية'] },
      { name: 'Hama', aliases: ['Hamah', 'Хама', 'حماة'] },
      { name: 'Tartus', aliases: ['Tartous', 'Tartús', 'Тартус', 'طرطوس'] },
      { name: 'Deir ez-Zor', aliases: ['Deir al-Zour', 'Deir ez Zor', 'Дейр-эз-Зор', 'دير الزور'] },
      { name: 'Raqqa', aliases: ['Ar-Raqqah', 'Ракка', 'الرقة'] },
      { name: 'Idlib', aliases: ['Идлиб', 'إدلب'] },
    ],
    source_url: 'https://ofac.treasury.gov/sanctions-programs-and-country-information/syria-sanctions',
  },
  {
    id: 'crimea',
    name: 'Crimea',
    scope: 'region',
    country: 'UA',
    writtenUnder: ['RU'],
    description: 'Crimea region of Ukraine, including Sevastopol: US embargo under Executive Order 13685 (December 2014); EU restrictions under Regulation 692/2014; UK trade restrictions.',
    programmes: [
      ofac('UKRAINE-EO13685', 'Executive Order 13685 (Crimea region of Ukraine)'),
      euUkraine('Council Regulation (EU) 692/2014 (Crimea and Sevastopol)'),
      ukRussia('Crimea'),
    ],
    names: {
      en: ['Crimea', 'Crimean Peninsula', 'Autonomous Republic of Crimea', 'Republic of Crimea'],
      es: ['Crimea', 'Península de Crimea', 'República de Crimea'],
      fr: ['Crimée', 'République de Crimée'],
      de: ['Krim', 'Halbinsel Krim', 'Republik Krim'],
      ar: ['القرم', 'شبه جزيرة القرم'],
      ru: ['Крым', 'Республика Крым', 'Крымский полуостров'],
      other: ['Krym', 'Qırım', 'Qirim', 'Kirim', 'Крим', 'Къырым'],
    },
    cities: [
      { name: 'Sevastopol', aliases: ['Sebastopol', 'Sewastopol', 'Sébastopol', 'Sebastopoli', 'Севастополь', 'Севастополь', 'سيفاستوبول'] },
      { name: 'Simferopol', aliases: ['Simferopoli', 'Симферополь', 'Сімферополь', 'Aqmescit', 'سيمفيروبول'] },
      { name: 'Kerch', aliases: ['Kertch', 'Kertsch', 'Керчь', 'Керч'] },
      { name: 'Yalta', aliases: ['Jalta', 'Ялта'] },
      { name: 'Yevpatoria', aliases: ['Evpatoria', 'Eupatoria', 'Yevpatoriya', 'Jewpatorija', 'Евпатория', 'Євпаторія'] },
      { name: 'Feodosia', aliases: ['Feodosiya', 'Theodosia', 'Феодосия', 'Феодосія'] },
      { name: 'Dzhankoi', aliases: ['Dzhankoy', 'Джанкой'] },
      { name: 'Alushta', aliases: ['Алушта'] },
      { name: 'Bakhchysarai', aliases: ['Bakhchisaray', 'Бахчисарай', 'Бахчисарай'] },
    ],
    source_url: 'https://ofac.treasury.gov/sanctions-programs-and-country-information/ukraine-russia-related-sanctions',
  },
  {
    id: 'dnr',
    name: "So-called Donetsk People's Republic",
    scope: 'region',
    country: 'UA',
    writtenUnder: ['RU'],
    description:
      "The so-called Donetsk People's Republic (DNR) region of Ukraine: US embargo under Executive Order 14065 (February 2022); EU restrictions under Regulation 2022/263; UK trade restrictions.",
    programmes: [
      ofac('RUSSIA-EO14065', 'Executive Order 14065 (so-called DNR and LNR regions of Ukraine)'),
      euUkraine('Council Regulation (EU) 2022/263 (non-government-controlled areas of Ukraine)'),
      ukRussia('the non-government-controlled areas of Ukraine'),
    ],
    names: {
      en: ["Donetsk People's Republic", "So-called Donetsk People's Republic", 'DNR', 'DPR', 'Donetsk Oblast', 'Donetsk Region', 'Donbas', 'Donbass'],
      es: ['República Popular de Donetsk', 'Óblast de Donetsk'],
      fr: ['République populaire de Donetsk', 'Oblast de Donetsk'],
      de: ['Volksrepublik Donezk', 'Oblast Donezk'],
      ar: ['جمهورية دونيتسك الشعبية', 'دونباس'],
      ru: ['Донецкая Народная Республика', 'ДНР', 'Донецкая область', 'Донбасс'],
      other: ['Донецька Народна Республіка', 'Донецька область', 'Донбас'],
    },
    cities: [
      { name: 'Donetsk', aliases: ['Donezk', 'Donetske', "Donets'k", 'Donieck', 'Донецк', 'Донецьк', 'دونيتسك'] },
      { name: 'Makiivka', aliases: ['Makeyevka', 'Makeevka', 'Makijiwka', 'Макеевка', 'Макіївка'] },
      { name: 'Horlivka', aliases: ['Gorlovka', 'Горловка', 'Горлівка'] },
      { name: 'Mariupol', aliases: ['Marioupol', 'Мариуполь', 'Маріуполь', 'ماريوبول'] },
      { name: 'Yenakiieve', aliases: ['Yenakiyevo', 'Enakievo', 'Енакиево', 'Єнакієве'] },
      { name: 'Khartsyzk', aliases: ['Харцызск', 'Харцизьк'] },
      { name: 'Debaltseve', aliases: ['Debaltsevo', 'Дебальцево', 'Дебальцеве'] },
    ],
    source_url: 'https://ofac.treasury.gov/sanctions-programs-and-country-information/ukraine-russia-related-sanctions',
  },
  {
    id: 'lnr',
    name: "So-called Luhansk People's Republic",
    scope: 'region',
    country: 'UA',
    writtenUnder: ['RU'],
    description:
      "The so-called Luhansk People's Republic (LNR) region of Ukraine: US embargo under Executive Order 14065 (February 2022); EU restrictions under Regulation 2022/263; UK trade restrictions.",
    programmes: [
      ofac('RUSSIA-EO14065', 'Executive Order 14065 (so-called DNR and LNR regions of Ukraine)'),
      euUkraine('Council Regulation (EU) 2022/263 (non-government-controlled areas of Ukraine)'),
      ukRussia('the non-government-controlled areas of Ukraine'),
    ],
    names: {
      en: ["Luhansk People's Republic", "Lugansk People's Republic", "So-called Luhansk People's Republic", 'LNR', 'LPR', 'Luhansk Oblast', 'Luhansk Region', 'Donbas', 'Donbass'],
      es: ['República Popular de Lugansk', 'Óblast de Lugansk'],
      fr: ['République populaire de Louhansk', 'République populaire de Lougansk', 'Oblast de Louhansk'],
      de: ['Volksrepublik Luhansk', 'Oblast Luhansk'],
      ar: ['جمهورية لوغانسك الشعبية', 'جمهورية لوهانسك الشعبية', 'دونباس'],
      ru: ['Луганская Народная Республика', 'ЛНР', 'Луганская область', 'Донбасс'],
      other: ['Луганська Народна Республіка', 'Луганська область', 'Донбас'],
    },
    cities: [
      { name: 'Luhansk', aliases: ['Lugansk', 'Louhansk', 'Lougansk', 'Voroshilovgrad', 'Луганск', 'Луганськ', 'لوهانسك', 'لوغانسك'] },
      { name: 'Alchevsk', aliases: ['Altschewsk', 'Алчевск', 'Алчевськ'] },
      { name: 'Sievierodonetsk', aliases: ['Severodonetsk', 'Sjewjerodonezk', 'Северодонецк', 'Сєвєродонецьк'] },
      { name: 'Lysychansk', aliases: ['Lisichansk', 'Лисичанск', 'Лисичанськ'] },
      { name: 'Kadiivka', aliases: ['Кадиевка', 'Кадіївка'] },
      { name: 'Krasnyi Luch', aliases: ['Krasny Luch', 'Khrustalnyi', 'Красный Луч', 'Хрустальный'] },
      { name: 'Rovenky', aliases: ['Rovenki', 'Ровеньки'] },
    ],
    source_url: 'https://ofac.treasury.gov/sanctions-programs-and-country-information/ukraine-russia-related-sanctions',
  },
  // The EU and the UK extended their restrictions on the occupied parts of Ukraine to the
  // non-government-controlled areas of these two oblasts in 2022; OFAC has not determined them under
  // EO 14065 and the UN has no such regime, so they are offered only with the EU or UK list. The cities
  // named are the occupied ones: the regional capitals are government-controlled.
  {
    id: 'zaporizhzhia',
    name: 'Zaporizhzhia Oblast (non-government-controlled areas)',
    scope: 'region',
    country: 'UA',
    writtenUnder: ['RU'],
    description: 'Non-government-controlled areas of the Zaporizhzhia oblast of Ukraine: EU and UK restrictions on the non-government-controlled areas, extended to this oblast in 2022. Not a US or UN programme.',
    programmes: [euUkraine('Council Regulation (EU) 2022/263 as extended in October 2022'), ukRussia('the non-government-controlled areas of Ukraine')],
    names: {
      en: ['Zaporizhzhia Oblast', 'Zaporizhzhia Region', 'Zaporozhye Oblast', 'Zaporozhye Region'],
      es: ['Óblast de Zaporiyia'],
      fr: ['Oblast de Zaporijia'],
      de: ['Oblast Saporischschja'],
      ar: ['زابوريجيا أوبلاست'],
      ru: ['Запорожская область'],
      other: ['Запорізька область'],
    },
    cities: [
      { name: 'Melitopol', aliases: ['Мелитополь', 'Мелітополь'] },
      { name: 'Berdiansk', aliases: ['Berdyansk', 'Бердянск', 'Бердянськ'] },
      { name: 'Enerhodar', aliases: ['Energodar', 'Энергодар', 'Енергодар'] },
    ],
    source_url: 'https://eur-lex.europa.eu/eli/reg/2022/263/oj',
  },
  {
    id: 'kherson',
    name: 'Kherson Oblast (non-government-controlled areas)',
    scope: 'region',
    country: 'UA',
    writtenUnder: ['RU'],
    description: 'Non-government-controlled areas of the Kherson oblast of Ukraine (left bank of the Dnipro): EU and UK restrictions on the non-government-controlled areas, extended to this oblast in 2022. Not a US or UN programme.',
    programmes: [euUkraine('Council Regulation (EU) 2022/263 as extended in October 2022'), ukRussia('the non-government-controlled areas of Ukraine')],
    names: {
      en: ['Kherson Oblast', 'Kherson Region'],
      es: ['Óblast de Jersón'],
      fr: ['Oblast de Kherson'],
      de: ['Oblast Cherson'],
      ar: ['خيرسون أوبلاست'],
      ru: ['Херсонская область'],
      other: ['Херсонська область'],
    },
    cities: [
      { name: 'Nova Kakhovka', aliases: ['Новая Каховка', 'Нова Каховка'] },
      { name: 'Henichesk', aliases: ['Genichesk', 'Геническ', 'Генічеськ'] },
      { name: 'Skadovsk', aliases: ['Скадовск', 'Скадовськ'] },
      { name: 'Oleshky', aliases: ['Aleshki', 'Алешки', 'Олешки'] },
    ],
    source_url: 'https://eur-lex.europa.eu/eli/reg/2022/263/oj',
  },
];

// ---------------------------------------------------------------------------------------------
// Matching place names in free text

interface Word {
  text: string;
  key: string;
  number: boolean;
  initial: boolean;
  /** A country name or demonym: light in an address comparison. */
  country: boolean;
}

interface PlaceName {
  place: SanctionedPlace;
  /** The name as the table writes it. */
  written: string;
  /** The city it names, when it is a city's name. */
  city?: string;
  primary: boolean;
  key: string;
  text: string;
}

/** Words that join a place name's words and say nothing on their own ("Santiago de Cuba", "Republic of Crimea"). */
const JOINERS = new Set(['ul', 'de', 'del', 'la', 'le', 'les', 'el', 'al', 'of', 'the', 'and', 'y', 'et', 'da', 'di', 'du', 'des', 'der', 'die', 'das', 'von', 'van']);
const LATIN_FOLD: Record<string, string> = { ı: 'i', ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', þ: 'th' };

/** Words not in Latin letters, read once by the name matcher's normaliser (transliteration, script rules). */
const scriptWords = new Map<string, Word[]>();

function scriptWord(raw: string): Word[] {
  let words = scriptWords.get(raw);
  if (!words) {
    words = [];
    for (const t of prepareName(raw, 'any', true).tokens) {
      if (t.kind === 'word' || t.kind === 'initial') words.push({ text: t.text, key: t.key, number: false, initial: false, country: false });
      else if (t.kind === 'number') words.push({ text: t.text, key: t.text, number: true, initial: false, country: false });
    }
    if (scriptWords.size > 20_000) scriptWords.clear();
    scriptWords.set(raw, words);
  }
  return words;
}

/** Address words repeat ("street", "ulitsa", city names): each is keyed once. */
const latinWords = new Map<string, Word>();

function latinWord(text: string): Word {
  let w = latinWords.get(text);
  if (!w) {
    w = { text, key: phoneticKey(text), number: false, initial: false, country: isCountryWord(text) };
    if (latinWords.size > 100_000) latinWords.clear();
    latinWords.set(text, w);
  }
  return w;
}

/**
 * Words of a text, read the way the name matcher reads them (accents and case folded, the same
 * phonetic keys; other scripts through its transliteration) but word by word, which is fast enough
 * for every listed address: joiners dropped, an apostrophe closes up ("P'yŏngyang", "Donets'k") and a
 * possessive goes ("People's"), single letters read together ("D.P.R.K.") or not at all.
 */
function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  const ascii = /^[\x20-\x7e]*$/.test(text);
  const cleaned = (ascii ? text : text.normalize('NFKC'))
    .toLowerCase()
    .replace(/['’ʼ`]s\b/g, '')
    .replace(/['’ʼ`ʻ]/g, '');
  let letters = '';
  const flushLetters = () => {
    if (letters.length >= 2) out.push({ text: letters, key: letters, number: false, initial: true, country: isCountryWord(letters) });
    letters = '';
  };
  for (const raw of ascii ? cleaned.split(/[^a-z0-9]+/) : cleaned.split(/[^\p{L}\p{M}\p{N}]+/u)) {
    if (!raw) continue;
    const folded = ascii
      ? raw
      : raw
          .normalize('NFKD')
          .replace(/\p{M}/gu, '')
          .replace(/[ıłøæœßđðþ]/g, (c) => LATIN_FOLD[c]);
    if (/^[a-z]$/.test(folded)) {
      letters += folded;
      continue;
    }
    flushLetters();
    if (/^\d+$/.test(folded)) {
      const n = folded.replace(/^0+(?=\d)/, '');
      out.push({ text: n, key: n, number: true, initial: false, country: false });
    }
    else if (/^[a-z0-9]+$/.test(folded)) {
      if (!JOINERS.has(folded)) out.push(latinWord(folded));
    } else for (const w of scriptWord(raw)) if (!JOINERS.has(w.text)) out.push(w);
  }
  flushLetters();
  return out;
}

let placeNames: PlaceName[] | undefined;
let byKey: Map<string, PlaceName[]> | undefined;
/** Names by the first letter and the length of their key ("s10"), for the near-spelling comparisons. */
let byShape: Map<string, PlaceName[]> | undefined;
let longestKey = 0;

function gazetteer(): { byKey: Map<string, PlaceName[]>; byShape: Map<string, PlaceName[]> } {
  if (!placeNames) {
    placeNames = [];
    byKey = new Map();
    byShape = new Map();
    for (const place of SANCTIONED_PLACES) {
      const own = [place.name, ...place.names.en, ...place.names.es, ...place.names.fr, ...place.names.de, ...place.names.ar, ...place.names.ru, ...place.names.other];
      const entries: Array<{ written: string; city?: string; primary: boolean }> = own.map((written, i) => ({ written, primary: i === 0 }));
      for (const c of place.cities) for (const written of [c.name, ...c.aliases]) entries.push({ written, city: c.name, primary: false });
      const seen = new Set<string>();
      for (const e of entries) {
        const words = wordsOf(e.written);
        if (!words.length) continue;
        const key = words.map((w) => w.key).join('');
        const text = words.map((w) => w.text).join('');
        // Spellings that read alike are kept apart: the one written as the text was is the exact match ("Крым", not "Krim").
        if (seen.has(text)) continue;
        seen.add(text);
        const n: PlaceName = { place, written: e.written, city: e.city, primary: e.primary, key, text };
        placeNames.push(n);
        const l = byKey.get(key);
        if (l) l.push(n);
        else byKey.set(key, [n]);
        const shape = key[0] + key.length;
        const b = byShape.get(shape);
        if (b) b.push(n);
        else byShape.set(shape, [n]);
        longestKey = Math.max(longestKey, key.length);
      }
    }
  }
  return { byKey: byKey!, byShape: byShape! };
}

const FUZZY_MIN = 8;

/** Words of a name may be written apart or together ("Pyong Yang", "Bandar-e Abbas"): spans of up to this many words are read as one. */
const MAX_SPAN = 6;

/**
 * How alike a run of the text's words is to a place name, compared on the words' keys joined:
 * exact 1, the same phonetic key 0.95; otherwise, in a name of eight letters or more, one edit (two
 * from twelve) that is not an ending added or cut. "Sevastapol" is a typo of Sevastopol (0.9);
 * "Sevastopolis", "Sevastopolskiy" (a Moscow avenue), "Tehrani" (a surname), "Donets" (a river) are
 * other words, and a shorter name has too many neighbours ("Makeeva" Street is not Makeevka).
 */
export function placeWordSimilarity(queryText: string, queryKey: string, name: { text: string; key: string }): number {
  if (queryText === name.text) return 1;
  if (queryKey === name.key) return 0.95;
  const a = queryKey;
  const b = name.key;
  if (b.length < FUZZY_MIN || a.length < FUZZY_MIN) return 0;
  const allowed = Math.min(a.length, b.length) >= 12 ? 2 : 1;
  if (Math.abs(a.length - b.length) > allowed) return 0;
  if (a.startsWith(b) || b.startsWith(a)) return 0;
  // Both keys sharing the first letter: a typo rarely changes the first letter of a place name.
  if (a[0] !== b[0]) return 0;
  const d = editDistance(a, b, allowed);
  if (d > allowed) return 0;
  return Math.round((1 - d / Math.max(a.length, b.length)) * 1000) / 1000;
}

export interface PlaceMatch {
  place: SanctionedPlace;
  /** The words of the text that named it, as read (case and accents folded). */
  found: string;
  /** The table's name they matched. */
  name: string;
  city?: string;
  primary: boolean;
  score: number;
}

/**
 * Every sanctioned place a text names: each run of its words (the whole text, a comma-separated part
 * of an address, a phrase inside one) against every name of the table. A run inside a longer run that
 * also names a place gives way to it ("DPR" in "DPR Korea", "Cuba" in "Santiago de Cuba"). A place is
 * dropped when the text ends with a country that is none of those the place is written under
 * ("Sebastopol, CA, USA", "Havana Street, Miami, United States").
 */
export function placesInText(text: string, offered?: (place: SanctionedPlace) => boolean): PlaceMatch[] {
  const words = wordsOf(text);
  if (!words.length) return [];
  const { byKey, byShape } = gazetteer();
  const raw: Array<PlaceMatch & { from: number; to: number }> = [];
  // One entry per place and run: the spelling written as in the text, else the closest that reads alike.
  const perPlace = new Map<string, PlaceMatch & { from: number; to: number }>();
  const consider = (n: PlaceName, score: number, i: number, j: number) => {
    if (score <= 0 || (offered && !offered(n.place))) return;
    const prev = perPlace.get(n.place.id);
    if (prev && prev.score >= score) return;
    const found = words.slice(i, j + 1).map((w) => w.text).join(' ');
    perPlace.set(n.place.id, { place: n.place, found, name: n.written, city: n.city, primary: n.primary, score, from: i, to: j });
  };
  for (let i = 0; i < words.length; i++) {
    let key = '';
    let joined = '';
    for (let j = i; j < Math.min(words.length, i + MAX_SPAN); j++) {
      if (words[j].number) break;
      key += words[j].key;
      joined += words[j].text;
      if (key.length > longestKey + 2) break;
      perPlace.clear();
      const exact = byKey.get(key);
      if (exact) for (const n of exact) consider(n, joined === n.text ? 1 : 0.95, i, j);
      else if (key.length >= FUZZY_MIN - 2) {
        for (let len = key.length - 2; len <= key.length + 2; len++) {
          for (const n of byShape.get(key[0] + len) ?? []) consider(n, placeWordSimilarity(joined, key, n), i, j);
        }
      }
      raw.push(...perPlace.values());
    }
  }
  if (!raw.length) return [];
  const kept = raw.filter((m) => !raw.some((o) => o !== m && o.from <= m.from && o.to >= m.to && o.to - o.from > m.to - m.from && o.score >= m.score));
  // The country an address names is at its end; a demonym elsewhere ("Iranian Embassy, Havana") says nothing of where.
  const endCountry = countryAtEnd(text);
  const best = new Map<string, PlaceMatch>();
  for (const m of kept) {
    if (endCountry && m.place.country !== endCountry && !m.place.writtenUnder.includes(endCountry)) continue;
    const prev = best.get(m.place.id);
    // Among equal scores the more specific name says more: a city over its country.
    if (!prev || m.score > prev.score || (m.score === prev.score && m.city && !prev.city)) best.set(m.place.id, { place: m.place, found: m.found, name: m.name, city: m.city, primary: m.primary, score: m.score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

// ---------------------------------------------------------------------------------------------
// Places offered by the loaded lists, as entities and hits

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** A programme of a place that the loaded lists carry, and the lists that carry it. */
interface LoadedProgramme {
  programme: PlaceProgramme;
  lists: string[];
}

function programmeText(ps: readonly LoadedProgramme[]): string {
  return ps.map((p) => `${p.programme.publisher} ${p.programme.code} (${p.programme.title})`).join('; ');
}

/** An address-like identifier: a comma or a number among words ("Tehran, Iran", "12 Kirova St"); a parent's name is neither. */
function looksLikeAddress(text: string): boolean {
  return text.includes(',') || (/\d/.test(text) && /\p{L}{3}/u.test(text) && text.trim().split(/\s+/).length >= 2);
}

/**
 * The places a set of entities offers (a place whose programme their sanctions entries carry), with
 * the place entities getEntity returns, the hits of a query, and the notes on listed entities that
 * are in a place.
 */
export class SanctionedPlaces {
  private offered = new Map<string, { place: SanctionedPlace; programmes: LoadedProgramme[]; entity: ListedEntity }>();
  private byCountry = new Map<string, string>();
  private notes = new Map<number, ScoreFeature[]>();

  constructor(entities: readonly ListedEntity[]) {
    const carried = new Set<string>();
    for (const e of entities) {
      // A merged entity carries each listing's programmes under that listing's list.
      for (const l of e.listings ?? [e]) {
        if (l.database !== 'sanctions') continue;
        for (const p of l.programs) carried.add(`${l.list_id}\u0000${p}`);
      }
    }
    for (const place of SANCTIONED_PLACES) {
      const programmes: LoadedProgramme[] = [];
      for (const programme of place.programmes) {
        const lists = programme.lists.filter((l) => carried.has(`${l}\u0000${programme.code}`));
        if (lists.length) programmes.push({ programme, lists });
      }
      if (!programmes.length) continue;
      this.offered.set(place.id, { place, programmes, entity: placeEntity(place, programmes) });
      if (place.scope === 'country') this.byCountry.set(place.country, place.id);
    }
  }

  /** Ids (without the prefix) of the places offered. */
  ids(): string[] {
    return [...this.offered.keys()];
  }

  entity(id: string): ListedEntity | undefined {
    return id.startsWith(PLACE_ID_PREFIX) ? this.offered.get(id.slice(PLACE_ID_PREFIX.length))?.entity : undefined;
  }

  /** The places a text names, among those offered. */
  inText(text: string): PlaceMatch[] {
    if (!this.offered.size) return [];
    return placesInText(text, (p) => this.offered.has(p.id));
  }

  private reachable(q: NormalisedQuery, id: string): boolean {
    const o = this.offered.get(id);
    if (!o || !q.databases.has('sanctions')) return false;
    return !q.sources || q.sources.has(PLACES_LIST_ID) || o.programmes.some((p) => p.lists.some((l) => q.sources!.has(l)));
  }

  /**
   * The place hits of a query: for a location search, the places its text names; for any search,
   * the embargoed countries among the customer's countries, residence countries and nationality,
   * and the places an address given as the unique identifier names. One hit per place; the other
   * ways it was found are added to its explanation.
   */
  screen(q: NormalisedQuery): { located: ScreeningHit[]; declared: ScreeningHit[] } {
    if (!this.offered.size || !q.databases.has('sanctions')) return { located: [], declared: [] };
    const found = new Map<string, { hit: ScreeningHit; located: boolean }>();
    const add = (id: string, hit: ScreeningHit, located: boolean) => {
      const prev = found.get(id);
      if (!prev) return void found.set(id, { hit, located });
      const [keep, other] = hit.score_raw > prev.hit.score_raw ? [{ hit, located }, prev] : [prev, { hit, located }];
      keep.hit.explanation.push(...other.hit.explanation.filter((f) => f.feature === 'sanctioned_place').map((f) => ({ ...f, contribution: 0 })));
      keep.located ||= other.located;
      found.set(id, keep);
    };

    if (q.entityType === 'location') {
      for (const m of this.inText(q.term)) {
        if (!this.reachable(q, m.place.id) || m.score < q.threshold || (q.exact && m.score < 1)) continue;
        const o = this.offered.get(m.place.id)!;
        const where = m.city ? `${m.city} is in ${m.place.name}` : m.place.name;
        add(m.place.id, this.hit(o, m.name, m.score, m.primary ? ['name_matched'] : ['alias_matched'], [
          { feature: 'name', contribution: round3(m.score), query_value: q.term, candidate_value: m.name, detail: `${m.found}~${m.name}${m.score < 1 ? ` ${m.score}` : ''}` },
          { feature: 'sanctioned_place', contribution: 0, query_value: m.found, candidate_value: m.place.name, detail: `${where}: ${o.place.description} Programmes: ${programmeText(o.programmes)}` },
        ]), true);
      }
    }

    const declared: Array<[string, string]> = [
      ...q.countries.map((c) => ['country', c] as [string, string]),
      ...q.residence.map((c) => ['residence country', c] as [string, string]),
      ...(q.nationality ? [['nationality', q.nationality] as [string, string]] : []),
    ];
    for (const [field, code] of declared) {
      const id = this.byCountry.get(code);
      if (!id || !this.reachable(q, id)) continue;
      const o = this.offered.get(id)!;
      add(id, this.hit(o, o.place.name, 1, [], [
        { feature: 'sanctioned_place', contribution: 1, query_value: `${field}: ${code}`, candidate_value: o.place.name, detail: `from the customer's ${field}: ${o.place.description} Programmes: ${programmeText(o.programmes)}` },
      ]), false);
    }
    if (q.identifier && looksLikeAddress(q.identifier)) {
      for (const m of this.inText(q.identifier)) {
        if (!this.reachable(q, m.place.id) || m.score < q.threshold) continue;
        const o = this.offered.get(m.place.id)!;
        const where = m.city ? `${m.city} is in ${m.place.name}` : m.place.name;
        add(m.place.id, this.hit(o, m.name, m.score, [], [
          { feature: 'sanctioned_place', contribution: round3(m.score), query_value: q.identifier, candidate_value: m.name, detail: `from the customer's address (${m.found}): ${where}. ${o.place.description} Programmes: ${programmeText(o.programmes)}` },
        ]), false);
      }
    }
    const located: ScreeningHit[] = [];
    const declaredHits: ScreeningHit[] = [];
    for (const { hit, located: l } of found.values()) (l ? located : declaredHits).push(hit);
    return { located, declared: declaredHits.sort((a, b) => b.score_raw - a.score_raw) };
  }

  private hit(o: { place: SanctionedPlace; programmes: LoadedProgramme[]; entity: ListedEntity }, matched: string, score: number, relevance: ScreeningHit['relevance'], explanation: ScoreFeature[]): ScreeningHit {
    return entityHit(o.entity, matched, score, round3(score), relevance, explanation);
  }

  /**
   * Informational notes for a hit on a listed entity: each offered place among its countries (an
   * embargoed country) or named by its addresses (a sanctioned region or city). No score change: a
   * listed entity's location says where it is, not whether it is the customer.
   */
  notesFor(entityIndex: number, e: ListedEntity): ScoreFeature[] {
    if (!this.offered.size) return [];
    let notes = this.notes.get(entityIndex);
    if (notes) return notes.map((f) => ({ ...f }));
    notes = [];
    const seen = new Set<string>();
    for (const a of e.addresses) {
      for (const m of this.inText(a.text)) {
        if (m.score < 0.9 || seen.has(m.place.id)) continue;
        if (a.country && ![m.place.country, ...m.place.writtenUnder].includes(a.country)) continue;
        seen.add(m.place.id);
        const o = this.offered.get(m.place.id)!;
        notes.push({ feature: 'sanctioned_place', contribution: 0, query_value: '', candidate_value: a.text, detail: `listed address in ${o.place.name}${m.city ? ` (${m.city})` : ''}: ${programmeText(o.programmes)}` });
      }
    }
    for (const c of e.countries) {
      const id = this.byCountry.get(c);
      if (!id || seen.has(id)) continue;
      seen.add(id);
      const o = this.offered.get(id)!;
      notes.push({ feature: 'sanctioned_place', contribution: 0, query_value: '', candidate_value: c, detail: `listed country ${o.place.name}: ${programmeText(o.programmes)}` });
    }
    this.notes.set(entityIndex, notes);
    return notes.map((f) => ({ ...f }));
  }
}

function placeEntity(place: SanctionedPlace, programmes: LoadedProgramme[]): ListedEntity {
  const names = [place.name, ...place.names.en, ...place.names.es, ...place.names.fr, ...place.names.de, ...place.names.ar, ...place.names.ru, ...place.names.other];
  const unique = [...new Set(names)];
  return {
    id: `${PLACE_ID_PREFIX}${place.id}`,
    list_id: PLACES_LIST_ID,
    source: [...new Set(programmes.map((p) => p.programme.publisher))].join('; '),
    programs: [...new Set(programmes.map((p) => p.programme.code))],
    database: 'sanctions',
    kind: 'location',
    names: unique.map((full, i) => ({ full, kind: i === 0 ? 'primary' : 'strong' })),
    birth_dates: [],
    places_of_birth: [],
    countries: [place.country],
    nationalities: [],
    identifiers: [],
    // The principal cities, so the detail screen shows what the place takes in.
    addresses: place.cities.map((c) => ({ text: c.name, city: c.name, country: place.country })),
    positions: [],
    linked_to: [],
    remarks: `${place.description} Programmes: ${programmeText(programmes)}.`,
    source_url: place.source_url,
  };
}

// ---------------------------------------------------------------------------------------------
// A location search against listed entities' addresses

interface IndexedAddress {
  entity: number;
  address: number;
  words: Word[];
  weight: number;
}

/** Retrieval skips words this common among listed addresses (a country, "street"); they still count in the score. */
const COMMON_ADDRESS_WORD = 1500;

function wordWeight(w: Word): number {
  // A country or a postcode says less about which address it is than a street, a house number or a city.
  if (w.country) return 0.5;
  if (w.number && w.text.length >= 5) return 0.5;
  return 1;
}

export interface AddressMatch {
  entity: number;
  address: number;
  score: number;
  pairs: string[];
  unmatched: string[];
}

/**
 * Listed entities' addresses, indexed by word key on first use (a location search is rare beside
 * name searches, and the index costs a few hundred milliseconds to build).
 */
export class AddressIndex {
  private addresses: IndexedAddress[] = [];
  private postings = new Map<string, number[]>();

  constructor(entities: readonly ListedEntity[]) {
    entities.forEach((e, ei) => {
      e.addresses.forEach((a, ai) => {
        const words = wordsOf(a.text);
        if (words.length < 2) return;
        const id = this.addresses.length;
        this.addresses.push({ entity: ei, address: ai, words, weight: words.reduce((s, w) => s + wordWeight(w), 0) });
        for (const k of new Set(words.map((w) => w.key))) {
          const l = this.postings.get(k);
          if (l) l.push(id);
          else this.postings.set(k, [id]);
        }
      });
    });
  }

  /**
   * Addresses the text matches, scored as the weighted share of both sides' words paired one to one
   * (same word or key, or one of the place names' near spellings), at or above `floor`.
   */
  match(text: string, floor: number, accept: (entity: number) => boolean): AddressMatch[] {
    const q = wordsOf(text);
    if (q.length < 2) return [];
    const qWeight = q.reduce((s, w) => s + wordWeight(w), 0);
    const candidates = new Set<number>();
    for (const w of q) {
      const l = this.postings.get(w.key);
      if (l && l.length <= COMMON_ADDRESS_WORD) for (const id of l) candidates.add(id);
    }
    const out: AddressMatch[] = [];
    for (const id of candidates) {
      const a = this.addresses[id];
      if (!accept(a.entity)) continue;
      const used = new Set<number>();
      let shared = 0;
      const pairs: string[] = [];
      const unmatched: string[] = [];
      for (const w of q) {
        let best = -1;
        let sim = 0;
        a.words.forEach((c, ci) => {
          if (used.has(ci) || c.number !== w.number) return;
          const s = w.number ? (w.text === c.text ? 1 : 0) : placeWordSimilarity(w.text, w.key, c);
          if (s > sim) {
            sim = s;
            best = ci;
          }
        });
        if (best < 0) {
          unmatched.push(w.text);
          continue;
        }
        used.add(best);
        shared += sim * (wordWeight(w) + wordWeight(a.words[best])) / 2;
        pairs.push(`${w.text}~${a.words[best].text}${sim < 1 ? ` ${sim}` : ''}`);
      }
      const score = round3((2 * shared) / (qWeight + a.weight));
      if (score >= floor) out.push({ entity: a.entity, address: a.address, score, pairs, unmatched });
    }
    return out.sort((x, y) => y.score - x.score);
  }
}
