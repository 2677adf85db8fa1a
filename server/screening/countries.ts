/**
 * Country names to ISO 3166-1 alpha-2 codes. Queries carry codes; the lists write
 * country names in many spellings ("Korea, North", "Iran (Islamic Republic of)",
 * "Cote d Ivoire", "Region: Crimea"). The base table comes from the ICU data Node
 * ships (Intl.DisplayNames, English and the languages company names are written
 * in), and the aliases below cover the lists' own spellings and demonyms.
 */

// Not countries, and retired codes (East Germany, South Yemen, Rhodesia ...): ICU still names some of them with
// today's country's name in one language, which would turn "Germany" into DD.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ', 'AN', 'BU', 'CS', 'CT', 'DD', 'DY', 'FX', 'HV', 'JT', 'MI', 'NH', 'NT', 'PC', 'PU', 'PZ', 'RH', 'SU', 'TP', 'VD', 'WK', 'YD', 'YU', 'ZR']);

/** The lists' spellings, older names and demonyms that ICU does not give. */
const ALIASES: Record<string, string> = {
  'bahamas the': 'BS',
  'the bahamas': 'BS',
  burma: 'MM',
  'cabo verde': 'CV',
  'cape verde': 'CV',
  'china hong kong special administrative region': 'HK',
  'hong kong': 'HK',
  macau: 'MO',
  macao: 'MO',
  congo: 'CG',
  'congo republic of the': 'CG',
  'republic of the congo': 'CG',
  'congo democratic republic of the': 'CD',
  'democratic republic of the congo': 'CD',
  'dr congo': 'CD',
  drc: 'CD',
  zaire: 'CD',
  'cote d ivoire': 'CI',
  'cote divoire': 'CI',
  'ivory coast': 'CI',
  'czech republic': 'CZ',
  czechia: 'CZ',
  "democratic people s republic of korea": 'KP',
  'democratic peoples republic of korea': 'KP',
  'korea north': 'KP',
  'north korea': 'KP',
  dprk: 'KP',
  'korea south': 'KR',
  'south korea': 'KR',
  'republic of korea': 'KR',
  'korea republic of': 'KR',
  iran: 'IR',
  'iran islamic republic of': 'IR',
  'islamic republic of iran': 'IR',
  laos: 'LA',
  "lao people s democratic republic": 'LA',
  'man isle of': 'IM',
  'isle of man': 'IM',
  'netherlands antilles': 'CW',
  'north macedonia the republic of': 'MK',
  'north macedonia': 'MK',
  macedonia: 'MK',
  palestinian: 'PS',
  'possibly palestinian': 'PS',
  'state of palestine': 'PS',
  palestine: 'PS',
  'west bank': 'PS',
  gaza: 'PS',
  'gaza strip': 'PS',
  'region gaza': 'PS',
  'region west bank': 'PS',
  'region crimea': 'UA',
  crimea: 'UA',
  'region kafia kingi': 'SD',
  'region northern mali': 'ML',
  'region russia': 'RU',
  russia: 'RU',
  'russian federation': 'RU',
  'former soviet union': 'RU',
  ussr: 'RU',
  'saint kitts and nevis': 'KN',
  'st kitts and nevis': 'KN',
  'st kitts nevis': 'KN',
  'saint vincent and the grenadines': 'VC',
  'st vincent and the grenadines': 'VC',
  syria: 'SY',
  'syrian arab republic': 'SY',
  taiwan: 'TW',
  tanzania: 'TZ',
  'united republic of tanzania': 'TZ',
  'the gambia': 'GM',
  gambia: 'GM',
  turkey: 'TR',
  turkiye: 'TR',
  'united kingdom': 'GB',
  'united kingdom of great britain and northern ireland': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  uk: 'GB',
  'united states': 'US',
  'united states of america': 'US',
  usa: 'US',
  'u s a': 'US',
  'viet nam': 'VN',
  vietnam: 'VN',
  'virgin islands british': 'VG',
  'british virgin islands': 'VG',
  'virgin islands u s': 'VI',
  'bolivia plurinational state of': 'BO',
  'venezuela bolivarian republic of': 'VE',
  'moldova republic of': 'MD',
  'republic of moldova': 'MD',
  'micronesia federated states of': 'FM',
  brunei: 'BN',
  'brunei darussalam': 'BN',
  eswatini: 'SZ',
  swaziland: 'SZ',
  'holy see': 'VA',
  kosovo: 'XK',
  yugoslavia: 'RS',
  'serbia and montenegro': 'RS',
  'timor leste': 'TL',
  'east timor': 'TL',
  'sao tome and principe': 'ST',
  'bosnia herzegovina': 'BA',
  uae: 'AE',
  emirates: 'AE',

  'ksa': 'SA',
  // Demonyms: remarks, nationality fields and company names ("Marrowby Chemicals (Thailand)", "Olvetra Polska").
  afghan: 'AF', albanian: 'AL', algerian: 'DZ', american: 'US', angolan: 'AO', argentine: 'AR', argentinian: 'AR',
  armenian: 'AM', australian: 'AU', austrian: 'AT', azerbaijani: 'AZ', bahraini: 'BH', bangladeshi: 'BD',
  belarusian: 'BY', belgian: 'BE', bolivian: 'BO', bosnian: 'BA', brazilian: 'BR', british: 'GB', bulgarian: 'BG',
  burmese: 'MM', cambodian: 'KH', cameroonian: 'CM', canadian: 'CA', chadian: 'TD', chilean: 'CL', chinese: 'CN',
  colombian: 'CO', congolese: 'CD', croatian: 'HR', cuban: 'CU', cypriot: 'CY', czech: 'CZ', danish: 'DK',
  dutch: 'NL', ecuadorian: 'EC', egyptian: 'EG', emirati: 'AE', eritrean: 'ER', estonian: 'EE', ethiopian: 'ET',
  filipino: 'PH', finnish: 'FI', french: 'FR', georgian: 'GE', german: 'DE', ghanaian: 'GH', greek: 'GR',
  guatemalan: 'GT', haitian: 'HT', honduran: 'HN', hungarian: 'HU', indian: 'IN', indonesian: 'ID', iranian: 'IR',
  iraqi: 'IQ', irish: 'IE', israeli: 'IL', italian: 'IT', ivorian: 'CI', jamaican: 'JM', japanese: 'JP',
  jordanian: 'JO', kazakh: 'KZ', kazakhstani: 'KZ', kenyan: 'KE', korean: 'KR', kuwaiti: 'KW', kyrgyz: 'KG',
  latvian: 'LV', lebanese: 'LB', liberian: 'LR', libyan: 'LY', lithuanian: 'LT', malaysian: 'MY', malian: 'ML',
  maltese: 'MT', mexican: 'MX', moldovan: 'MD', mongolian: 'MN', moroccan: 'MA', mozambican: 'MZ', nepalese: 'NP',
  nicaraguan: 'NI', nigerian: 'NG', nigerien: 'NE', norwegian: 'NO', omani: 'OM', pakistani: 'PK', panamanian: 'PA',
  paraguayan: 'PY', peruvian: 'PE', polish: 'PL', portuguese: 'PT', qatari: 'QA', romanian: 'RO', russian: 'RU',
  rwandan: 'RW', saudi: 'SA', senegalese: 'SN', serbian: 'RS', singaporean: 'SG', slovak: 'SK', slovenian: 'SI',
  somali: 'SO', 'south african': 'ZA', 'south sudanese': 'SS', spanish: 'ES', 'sri lankan': 'LK', sudanese: 'SD',
  swedish: 'SE', swiss: 'CH', syrian: 'SY', taiwanese: 'TW', tajik: 'TJ', tanzanian: 'TZ', thai: 'TH',
  tunisian: 'TN', turkish: 'TR', turkmen: 'TM', ugandan: 'UG', ukrainian: 'UA', uruguayan: 'UY', uzbek: 'UZ',
  venezuelan: 'VE', vietnamese: 'VN', yemeni: 'YE', zambian: 'ZM', zimbabwean: 'ZW',
};

/** Languages whose country names appear inside company names and addresses. */
const NAME_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'pl', 'nl', 'tr', 'sv', 'id'];

export function countryKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'`]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

let table: Map<string, string> | undefined;
let codes: Set<string> | undefined;
let englishNames: Map<string, string> | undefined;

function build(): Map<string, string> {
  const map = new Map<string, string>();
  codes = new Set();
  englishNames = new Map();
  for (const lang of NAME_LANGUAGES) {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (NOT_COUNTRIES.has(code)) continue;
        let name: string | undefined;
        try {
          name = names.of(code);
        } catch {
          continue;
        }
        if (!name || name === code || /unknown/i.test(name)) continue;
        codes.add(code);
        if (lang === 'en') englishNames.set(code, name);
        const key = countryKey(name);
        if (!map.has(key)) map.set(key, code);
        // ICU's "Congo - Kinshasa", "Hong Kong SAR China", "Myanmar (Burma)": also the part before the qualifier.
        const head = countryKey(name.split(/ - |\(|,| SAR /)[0]);
        if (head && !map.has(head)) map.set(head, code);
      }
    }
  }
  for (const [k, v] of Object.entries(ALIASES)) map.set(countryKey(k), v);
  return map;
}

function getTable(): Map<string, string> {
  table ??= build();
  return table;
}

/** The ISO code of a country name, code or demonym, or undefined. */
export function toCountryCode(text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  const raw = text.trim();
  if (!raw) return undefined;
  const t = getTable();
  if (/^[A-Za-z]{2}$/.test(raw)) {
    const up = raw.toUpperCase();
    if (codes!.has(up)) return up;
  }
  const key = countryKey(raw);
  const hit = t.get(key);
  if (hit) return hit;
  // "Korea, North" -> "north korea"; "Region: Crimea" -> "crimea".
  const commaed = raw.split(',');
  if (commaed.length === 2) {
    const swapped = t.get(countryKey(`${commaed[1]} ${commaed[0]}`));
    if (swapped) return swapped;
  }
  const afterColon = raw.includes(':') ? t.get(countryKey(raw.slice(raw.indexOf(':') + 1))) : undefined;
  return afterColon;
}

/** Every code in free text that names a whole country at its end ("Tehran, Iran" -> IR). */
export function countryAtEnd(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const parts = text.split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  for (let i = parts.length - 1; i >= Math.max(0, parts.length - 2); i--) {
    const code = toCountryCode(parts[i]);
    if (code) return code;
  }
  return undefined;
}

/** True when a normalised name token (or two-token phrase) is a country name or demonym. */
export function isCountryWord(key: string): boolean {
  return getTable().has(key);
}

export function isCountryCode(code: string): boolean {
  getTable();
  return codes!.has(code.toUpperCase());
}

export function countryName(code: string): string {
  getTable();
  return englishNames!.get(code.toUpperCase()) ?? code;
}
