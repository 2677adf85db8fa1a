/**
 * Country inputs to ISO 3166-1 alpha-2 codes, shared by the browser, the API and the scripts: an
 * alpha-2 or alpha-3 code, or a country's name in one of the six interface languages (English,
 * Spanish, French, German, Arabic, Russian), ignoring case, accents, punctuation and the order of
 * "Korea, North". Names come from the ICU data both Node and browsers ship (Intl.DisplayNames), so
 * there is no name file to keep up to date; VARIANTS adds the short and official forms ICU does not
 * give. Whatever is stored or screened is always the alpha-2 code.
 *
 * server/screening/countries.ts reads the lists' own spellings and demonyms with a richer table; on a
 * plain country name both answer the same code (tests/unit/countries.test.ts compares them).
 */

/** The languages of locales/: a name in any of them is understood. */
export const COUNTRY_NAME_LANGUAGES = ['en', 'es', 'fr', 'de', 'ar', 'ru'] as const;

// Groupings, pseudo-regions and retired codes ICU still names (BU Burma, DD East Germany, YU Yugoslavia, ...):
// a retired code must not win a name ("Myanmar (Burma)" is MM, not BU).
const NOT_COUNTRIES = new Set([
  'EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ',
  'AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR',
]);

/**
 * Alpha-2 and alpha-3 of every ISO 3166-1 country, five letters each (ICU knows no alpha-3).
 * XK/XKX is Kosovo's user-assigned code, which banks and the EU use.
 */
const ALPHA3 =
  'ADAND AEARE AFAFG AGATG AIAIA ALALB AMARM AOAGO AQATA ARARG ASASM ATAUT AUAUS AWABW AXALA AZAZE ' +
  'BABIH BBBRB BDBGD BEBEL BFBFA BGBGR BHBHR BIBDI BJBEN BLBLM BMBMU BNBRN BOBOL BQBES BRBRA BSBHS BTBTN BVBVT BWBWA BYBLR BZBLZ ' +
  'CACAN CCCCK CDCOD CFCAF CGCOG CHCHE CICIV CKCOK CLCHL CMCMR CNCHN COCOL CRCRI CUCUB CVCPV CWCUW CXCXR CYCYP CZCZE ' +
  'DEDEU DJDJI DKDNK DMDMA DODOM DZDZA ECECU EEEST EGEGY EHESH ERERI ESESP ETETH ' +
  'FIFIN FJFJI FKFLK FMFSM FOFRO FRFRA ' +
  'GAGAB GBGBR GDGRD GEGEO GFGUF GGGGY GHGHA GIGIB GLGRL GMGMB GNGIN GPGLP GQGNQ GRGRC GSSGS GTGTM GUGUM GWGNB GYGUY ' +
  'HKHKG HMHMD HNHND HRHRV HTHTI HUHUN IDIDN IEIRL ILISR IMIMN ININD IOIOT IQIRQ IRIRN ISISL ITITA ' +
  'JEJEY JMJAM JOJOR JPJPN KEKEN KGKGZ KHKHM KIKIR KMCOM KNKNA KPPRK KRKOR KWKWT KYCYM KZKAZ ' +
  'LALAO LBLBN LCLCA LILIE LKLKA LRLBR LSLSO LTLTU LULUX LVLVA LYLBY ' +
  'MAMAR MCMCO MDMDA MEMNE MFMAF MGMDG MHMHL MKMKD MLMLI MMMMR MNMNG MOMAC MPMNP MQMTQ MRMRT MSMSR MTMLT MUMUS MVMDV MWMWI MXMEX MYMYS MZMOZ ' +
  'NANAM NCNCL NENER NFNFK NGNGA NINIC NLNLD NONOR NPNPL NRNRU NUNIU NZNZL OMOMN ' +
  'PAPAN PEPER PFPYF PGPNG PHPHL PKPAK PLPOL PMSPM PNPCN PRPRI PSPSE PTPRT PWPLW PYPRY QAQAT ' +
  'REREU ROROU RSSRB RURUS RWRWA ' +
  'SASAU SBSLB SCSYC SDSDN SESWE SGSGP SHSHN SISVN SJSJM SKSVK SLSLE SMSMR SNSEN SOSOM SRSUR SSSSD STSTP SVSLV SXSXM SYSYR SZSWZ ' +
  'TCTCA TDTCD TFATF TGTGO THTHA TJTJK TKTKL TLTLS TMTKM TNTUN TOTON TRTUR TTTTO TVTUV TWTWN TZTZA ' +
  'UAUKR UGUGA UMUMI USUSA UYURY UZUZB VAVAT VCVCT VEVEN VGVGB VIVIR VNVNM VUVUT WFWLF WSWSM XKXKX YEYEM YTMYT ZAZAF ZMZMB ZWZWE';

/**
 * Short, official and older forms people write that ICU's names do not cover, in the six languages.
 * Only whole country names: demonyms and the lists' region notes stay in server/screening/countries.ts.
 */
const VARIANTS: Record<string, readonly string[]> = {
  AE: ['UAE', 'Emirates', 'U.A.E.', 'EAU', 'VAE', 'ОАЭ', 'الإمارات'],
  BA: ['Bosnia Herzegovina', 'Bosnia'],
  BN: ['Brunei Darussalam'],
  BO: ['Bolivia, Plurinational State of', 'Plurinational State of Bolivia', 'Estado Plurinacional de Bolivia'],
  BS: ['The Bahamas', 'Bahamas, The'],
  CD: ['Democratic Republic of the Congo', 'Congo, Democratic Republic of the', 'DR Congo', 'DRC', 'RDC', 'Zaire', 'République démocratique du Congo', 'Demokratische Republik Kongo', 'Демократическая Республика Конго', 'جمهورية الكونغو الديمقراطية'],
  CG: ['Congo', 'Republic of the Congo', 'Congo, Republic of the', 'République du Congo', 'Republik Kongo', 'República del Congo', 'Республика Конго', 'Конго', 'Kongo', 'الكونغو'],
  CI: ['Ivory Coast', "Cote d'Ivoire", 'Cote dIvoire', 'Costa de Marfil', 'Elfenbeinküste', "Côte-d'Ivoire", 'Кот-д’Ивуар', 'Кот-д-Ивуар'],
  CV: ['Cape Verde', 'Cabo Verde', 'Cap-Vert', 'Kap Verde'],
  CZ: ['Czech Republic', 'République tchèque', 'Tschechische Republik', 'República Checa', 'Чехия', 'Чешская Республика'],
  FM: ['Micronesia, Federated States of', 'Federated States of Micronesia'],
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain', 'England', 'United Kingdom of Great Britain and Northern Ireland', 'Gran Bretaña', 'Grande-Bretagne', 'Großbritannien', 'Соединённое Королевство', 'بريطانيا', 'بريطانيا العظمى'],
  GM: ['The Gambia', 'Gambia, The'],
  HK: ['Hong Kong', 'Hongkong', 'Гонконг', 'هونغ كونغ'],
  IR: ['Iran, Islamic Republic of', 'Islamic Republic of Iran', 'Persia', 'República Islámica de Irán', "République islamique d'Iran", 'Islamische Republik Iran', 'Исламская Республика Иран', 'جمهورية إيران الإسلامية', 'ایران'],
  KP: ['DPRK', 'Korea, North', "Democratic People's Republic of Korea", "Korea, Democratic People's Republic of", 'República Popular Democrática de Corea', 'Corée du Nord', 'République populaire démocratique de Corée', 'Demokratische Volksrepublik Korea', 'Северная Корея', 'Корейская Народно-Демократическая Республика', 'كوريا الديمقراطية', 'جمهورية كوريا الديمقراطية الشعبية'],
  KR: ['Korea, South', 'Republic of Korea', 'Korea, Republic of', 'Korea', 'République de Corée', 'República de Corea', 'Republik Korea', 'Южная Корея', 'Корея', 'جمهورية كوريا'],
  LA: ['Laos', "Lao People's Democratic Republic", 'Lao PDR'],
  MD: ['Moldova, Republic of', 'Republic of Moldova', 'Moldavia', 'Moldavie', 'Молдавия'],
  MK: ['Macedonia', 'North Macedonia, Republic of', 'Republic of North Macedonia', 'FYROM', 'Macedonia del Norte', 'Macédoine', 'Mazedonien', 'Македония'],
  MM: ['Burma', 'Birmania', 'Birmanie', 'Birma', 'Бирма', 'بورما'],
  MO: ['Macau', 'Macao', 'Macao SAR', 'Макао', 'ماكاو'],
  NL: ['Holland', 'The Netherlands', 'Países Bajos', 'Pays-Bas', 'Niederlande', 'Голландия'],
  PS: ['Palestine', 'State of Palestine', 'Palestinian Territories', 'Palestinian Territory', 'Palestina', 'Palästina', 'Палестина', 'فلسطين', 'دولة فلسطين'],
  RS: ['Yugoslavia', 'Serbia and Montenegro'],
  RU: ['Russian Federation', 'Federación de Rusia', 'Federación Rusa', 'Fédération de Russie', 'Russische Föderation', 'Российская Федерация', 'РФ', 'الاتحاد الروسي', 'روسيا الاتحادية', 'USSR', 'Soviet Union', 'Former Soviet Union'],
  SA: ['KSA', 'Saudi Arabia, Kingdom of', 'Kingdom of Saudi Arabia', 'المملكة العربية السعودية', 'السعودية'],
  SY: ['Syria', 'Syrian Arab Republic', 'República Árabe Siria', 'République arabe syrienne', 'Arabische Republik Syrien', 'Сирийская Арабская Республика', 'الجمهورية العربية السورية'],
  SZ: ['Swaziland', 'Suazilandia', 'Свазиленд'],
  TL: ['East Timor', 'Timor Leste', 'Timor Oriental', 'Восточный Тимор'],
  TR: ['Turkey', 'Turkiye', 'Türkiye', 'Turquía', 'Turquie', 'Türkei', 'Турция', 'Турецкая Республика', 'تركيا'],
  TW: ['Taiwan', 'Republic of China', 'Taiwan, Province of China', 'Тайвань', 'تايوان'],
  TZ: ['Tanzania', 'United Republic of Tanzania', 'Tanzania, United Republic of'],
  US: ['USA', 'U.S.A.', 'U.S.', 'United States of America', 'America', 'Estados Unidos de América', 'EE. UU.', 'EEUU', 'EE.UU.', "États-Unis d'Amérique", 'Etats-Unis', 'Vereinigte Staaten von Amerika', 'Соединённые Штаты', 'Соединённые Штаты Америки', 'США', 'الولايات المتحدة الأمريكية', 'الولايات المتحدة الامريكية', 'أمريكا'],
  VA: ['Holy See', 'Vatican', 'Vatican City', 'Vatican City State', 'Ciudad del Vaticano', 'Vatikan', 'Ватикан', 'الفاتيكان'],
  VE: ['Venezuela, Bolivarian Republic of', 'Bolivarian Republic of Venezuela', 'República Bolivariana de Venezuela'],
  VG: ['British Virgin Islands', 'Virgin Islands, British'],
  VI: ['US Virgin Islands', 'Virgin Islands, U.S.', 'United States Virgin Islands'],
  VN: ['Viet Nam', 'Vietnam', 'Вьетнам'],
};

/**
 * The form a name is compared in: accents and Arabic vowel marks dropped (NFKD), case folded, ß as ss,
 * the Arabic letter forms people type interchangeably made one, dots gone ("U.S.A." is "usa") and any
 * other punctuation a single space ("Côte d’Ivoire" is "cote d ivoire").
 */
export function countryKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\u0640/g, '')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/\./g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Tables {
  codes: Set<string>;
  alpha3: Map<string, string>;
  names: Map<string, string>;
}
let tables: Tables | undefined;

function regionNames(language: string): Intl.DisplayNames | null {
  try {
    if (!Intl.DisplayNames.supportedLocalesOf([language]).length) return null;
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    return null;
  }
}

function build(): Tables {
  const alpha3 = new Map<string, string>();
  for (const pair of ALPHA3.split(' ')) alpha3.set(pair.slice(2), pair.slice(0, 2));
  const codes = new Set<string>();
  const names = new Map<string, string>();
  const add = (name: string, code: string) => {
    const key = countryKey(name);
    if (key && !names.has(key)) names.set(key, code);
  };
  // Variants first: they settle what ICU leaves ambiguous ("Congo" alone is the Republic of the Congo, as the lists mean it).
  for (const [code, list] of Object.entries(VARIANTS)) for (const name of list) add(name, code);
  const languages = COUNTRY_NAME_LANGUAGES.map(regionNames).filter((n): n is Intl.DisplayNames => n !== null);
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      // Without ICU region data (a stripped-down runtime) the ISO table alone says which codes exist.
      const named = languages.map((n) => n.of(code)).filter((n): n is string => Boolean(n) && n !== code);
      if (!named.length && !(languages.length === 0 && [...alpha3.values()].includes(code))) continue;
      codes.add(code);
      for (const name of named) {
        add(name, code);
        // ICU's qualifiers: "Congo - Kinshasa", "Myanmar (Burma)", "Hong Kong SAR China" are also their first part.
        const head = name.split(/ - |\(|,| SAR /)[0];
        if (head !== name) add(head, code);
      }
    }
  }
  for (const [three, two] of alpha3) if (!codes.has(two)) alpha3.delete(three);
  return { codes, alpha3, names };
}

function getTables(): Tables {
  tables ??= build();
  return tables;
}

/** Is this a current ISO 3166-1 alpha-2 code (any case)? */
export function isCountryCode(value: string): boolean {
  return getTables().codes.has(value.trim().toUpperCase());
}

/** Every current alpha-2 code, sorted. */
export function countryCodes(): string[] {
  return [...getTables().codes].sort();
}

/** The alpha-2 code of an alpha-2 or alpha-3 code or of a country name in one of the six languages; undefined when unknown. */
export function resolveCountry(input: string | null | undefined): string | undefined {
  const raw = (input ?? '').trim();
  if (!raw || raw.length > 100) return undefined;
  const { codes, alpha3, names } = getTables();
  if (/^[A-Za-z]{2}$/.test(raw) && codes.has(raw.toUpperCase())) return raw.toUpperCase();
  if (/^[A-Za-z]{3}$/.test(raw)) {
    const code = alpha3.get(raw.toUpperCase());
    if (code) return code;
  }
  const key = countryKey(raw);
  const hit = names.get(key) ?? (key.startsWith('the ') ? names.get(key.slice(4)) : undefined);
  if (hit) return hit;
  // "Korea, North" and "Iran, Islamic Republic of" read the other way round.
  const parts = raw.split(',');
  if (parts.length === 2) return names.get(countryKey(`${parts[1]} ${parts[0]}`));
  return undefined;
}

/**
 * The parts of a list of countries written as one text: split on ; and |, and on commas except where
 * two parts make one name ("Korea, North, France" is "Korea, North" and "France").
 */
export function splitCountryText(text: string): string[] {
  const out: string[] = [];
  for (const group of (text ?? '').split(/[;|]/)) {
    const parts = group.split(',').map((p) => p.trim());
    for (let i = 0; i < parts.length; i++) {
      if (!parts[i]) continue;
      const pair = i + 1 < parts.length && parts[i + 1] ? `${parts[i]}, ${parts[i + 1]}` : '';
      if (pair && resolveCountry(pair)) {
        out.push(pair);
        i++;
      } else out.push(parts[i]);
    }
  }
  return out;
}

/** A list of countries written as one text (splitCountryText): the codes in order without repeats, and the first part that is no country. */
export function resolveCountryList(text: string): { codes: string[]; unknown?: string } {
  const codes: string[] = [];
  for (const part of splitCountryText(text)) {
    const code = resolveCountry(part);
    if (!code) return { codes, unknown: part };
    if (!codes.includes(code)) codes.push(code);
  }
  return { codes };
}
