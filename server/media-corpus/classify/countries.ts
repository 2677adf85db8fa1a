/**
 * Countries named in an article, as ISO 3166-1 alpha-2 codes in order of first mention.
 *
 * Country names come from the ICU data Node ships (Intl.DisplayNames over every region code), in the
 * article's language and in English; a short hand list adds the demonyms and short forms news
 * writes ("U.S.", "American", "российский", "британский", "الأمريكية"). Russian and Arabic inflect
 * names, so their names and demonyms match as stems ("Росси*" finds России, Россию; Arabic clitics
 * are stripped by the matcher). Known ambiguities, kept on purpose: "Georgia" is also a US state and
 * counts as the country; "Jordan" and "Chad" are skipped when a neighbouring word is capitalised
 * (Michael Jordan, Jordan Peterson); names from the ICU table must be capitalised in cased scripts,
 * so "turkey" or "reunion" in lower case are not countries. No two-letter token is ever matched as a
 * code; the only short forms are the capitalised abbreviations listed below (US, UK, РФ ...).
 */
import type { MediaLanguage } from '../../../common/media';
import { MEDIA_LANGUAGES } from '../../../common/media';
import { fold, PhraseMatcher, tokenize } from './text';

/** Region codes ICU names that are not countries, or no longer exist. */
const NOT_COUNTRIES = new Set([
  'AC', 'AN', 'BU', 'CP', 'CQ', 'CS', 'DD', 'DG', 'DY', 'EA', 'EU', 'EZ', 'FX', 'HV', 'IC', 'NH', 'QO', 'RH', 'SU', 'TA', 'TP', 'UK', 'UN',
  'VD', 'XA', 'XB', 'YD', 'YU', 'ZR', 'ZZ',
]);

/** Countries whose name is also a common first name: skipped next to another capitalised word. */
const PERSON_NAMES = new Set(['JO', 'TD']);

/**
 * Demonyms and short forms per country and language. A trailing "*" makes a stem, as in the
 * lexicons. These match in any case, since Spanish, French, Russian and Arabic write demonyms in
 * lower case.
 */
const EXTRA: Record<string, Partial<Record<MediaLanguage, string[]>>> = {
  US: { en: ['united states of america', 'america', 'american', 'americans'], es: ['estadounidense*', 'eeuu', 'ee uu', 'norteamerican*'], fr: ['americain*', 'etats unis'], de: ['usa', 'amerikan*'], ru: ['сша', 'американск*', 'американц*', 'америк*'], ar: ['امريكا', 'امريكي*', 'الامريكي*', 'واشنطن'] },
  GB: { en: ['britain', 'great britain', 'british', 'briton*', 'england', 'scotland', 'scottish', 'wales', 'welsh', 'northern ireland'], es: ['britanic*', 'gran bretaña', 'gran bretana', 'inglaterra', 'ingles', 'inglesa'], fr: ['britannique*', 'grande bretagne', 'angleterre', 'anglais*'], de: ['grossbritannien', 'britisch*', 'brite', 'briten', 'england', 'englisch*'], ru: ['британ*', 'англи*', 'великобритан*'], ar: ['بريطانيا', 'بريطاني*', 'انجلترا'] },
  RU: { en: ['russian', 'russians'], es: ['ruso', 'rusa', 'rusos', 'rusas'], fr: ['russe', 'russes'], de: ['russisch*', 'russe', 'russen'], ru: ['российск*', 'россиян*', 'рф', 'русск*'], ar: ['روسي*', 'الروسي*'] },
  FR: { en: ['french'], es: ['frances', 'francesa', 'franceses', 'francesas'], fr: ['francais*'], de: ['franzos*'], ru: ['французск*', 'француз*'], ar: ['فرنسي*'] },
  DE: { en: ['german', 'germans'], es: ['aleman', 'alemana', 'alemanes', 'alemanas'], fr: ['allemand*'], de: ['deutsch*', 'brd'], ru: ['немецк*', 'немц*', 'германск*', 'фрг'], ar: ['الماني*'] },
  CN: { en: ['chinese'], es: ['chino', 'china', 'chinos', 'chinas'], fr: ['chinois*'], de: ['chinesisch*', 'chinese', 'chinesen'], ru: ['китайск*', 'кнр'], ar: ['صيني*', 'بكين'] },
  JP: { en: ['japanese'], es: ['japones', 'japonesa', 'japoneses'], fr: ['japonais*'], de: ['japanisch*', 'japaner'], ru: ['японск*', 'японц*'], ar: ['ياباني*'] },
  IN: { en: ['indian'], es: ['indio', 'india'], fr: ['indien', 'indienne', 'indiens'], de: ['indisch*', 'inder'], ru: ['индийск*', 'индии'], ar: ['هندي*', 'الهند'] },
  IR: { en: ['iranian', 'iranians'], es: ['irani', 'iranies'], fr: ['iranien*'], de: ['iranisch*', 'iraner'], ru: ['иранск*', 'иранц*'], ar: ['ايراني*'] },
  IQ: { en: ['iraqi', 'iraqis'], es: ['iraqui', 'iraquies'], fr: ['irakien*'], de: ['irakisch*', 'iraker'], ru: ['иракск*'], ar: ['عراقي*'] },
  SY: { en: ['syrian', 'syrians'], es: ['sirio', 'siria', 'sirios'], fr: ['syrien*'], de: ['syrisch*', 'syrer'], ru: ['сирийск*'], ar: ['سوري*'] },
  IL: { en: ['israeli', 'israelis'], es: ['israeli', 'israelies'], fr: ['israelien*'], de: ['israelisch*'], ru: ['израильск*'], ar: ['اسرائيلي*'] },
  PS: { en: ['palestine', 'palestinian', 'palestinians', 'gaza', 'west bank'], es: ['palestina', 'palestino*'], fr: ['palestine', 'palestinien*'], de: ['palastina', 'palastinens*'], ru: ['палестин*'], ar: ['فلسطين', 'فلسطيني*'] },
  SA: { en: ['saudi'], es: ['saudi', 'saudies'], fr: ['saoudien*'], de: ['saudisch*'], ru: ['саудовск*'], ar: ['سعودي*', 'السعوديه'] },
  TR: { en: ['turkish', 'turks'], es: ['turco', 'turca', 'turcos'], fr: ['turc', 'turque', 'turcs'], de: ['turkisch*'], ru: ['турецк*'], ar: ['تركي', 'تركيه', 'تركيا'] },
  UA: { en: ['ukrainian', 'ukrainians'], es: ['ucraniano*', 'ucraniana*'], fr: ['ukrainien*'], de: ['ukrainisch*'], ru: ['украинск*', 'украинц*', 'украин*'], ar: ['اوكراني*'] },
  MX: { en: ['mexican', 'mexicans'], es: ['mexicano*', 'mexicana*'], fr: ['mexicain*'], de: ['mexikanisch*'], ru: ['мексиканск*'], ar: ['مكسيكي*'] },
  CA: { en: ['canadian', 'canadians'], es: ['canadiense*'], fr: ['canadien*'], de: ['kanadisch*'], ru: ['канадск*'], ar: ['كندي*'] },
  BR: { en: ['brazilian', 'brazilians'], es: ['brasileño*', 'brasileno*'], fr: ['bresilien*'], de: ['brasilianisch*'], ru: ['бразильск*'], ar: ['برازيلي*'] },
  AU: { en: ['australian', 'australians'], es: ['australiano*'], fr: ['australien*'], de: ['australisch*'], ru: ['австралийск*'], ar: ['استرالي*'] },
  IT: { en: ['italian', 'italians'], es: ['italiano*', 'italiana*'], fr: ['italien*'], de: ['italienisch*'], ru: ['итальянск*'], ar: ['ايطالي*'] },
  ES: { en: ['spanish', 'spaniard*'], es: ['español*', 'espanol*'], fr: ['espagnol*'], de: ['spanisch*'], ru: ['испанск*'], ar: ['اسباني*'] },
  PK: { en: ['pakistani', 'pakistanis'], es: ['pakistani'], fr: ['pakistanais*'], de: ['pakistanisch*'], ru: ['пакистанск*'], ar: ['باكستاني*'] },
  AF: { en: ['afghan', 'afghans'], es: ['afgano*'], fr: ['afghan*'], de: ['afghanisch*'], ru: ['афганск*'], ar: ['افغاني*'] },
  EG: { en: ['egyptian', 'egyptians'], es: ['egipcio*'], fr: ['egyptien*'], de: ['agyptisch*'], ru: ['египетск*'], ar: ['مصري*'] },
  NG: { en: ['nigerian', 'nigerians'], es: ['nigeriano*'], fr: ['nigerian*'], de: ['nigerianisch*'], ru: ['нигерийск*'], ar: ['نيجيري*'] },
  KP: { en: ['north korean', 'north koreans'], es: ['norcorean*'], fr: ['nord coreen*'], de: ['nordkoreanisch*'], ru: ['северокорейск*', 'кндр'], ar: ['كوريا الشماليه'] },
  KR: { en: ['south korean', 'south koreans'], es: ['surcorean*'], fr: ['sud coreen*'], de: ['sudkoreanisch*'], ru: ['южнокорейск*', 'южн* коре*'], ar: ['كوريا الجنوبيه'] },
  VE: { en: ['venezuelan', 'venezuelans'], es: ['venezolano*'], fr: ['venezuelien*'], de: ['venezolanisch*'], ru: ['венесуэльск*'], ar: ['فنزويلي*'] },
  CO: { en: ['colombian', 'colombians'], es: ['colombiano*'], fr: ['colombien*'], de: ['kolumbianisch*'], ru: ['колумбийск*'], ar: ['كولومبي*'] },
  CU: { en: ['cuban', 'cubans'], es: ['cubano*'], fr: ['cubain*'], de: ['kubanisch*'], ru: ['кубинск*'], ar: ['كوبي*'] },
  PL: { en: ['polish'], es: ['polaco*'], fr: ['polonais*'], de: ['polnisch*'], ru: ['польск*'], ar: ['بولندي*'] },
  NL: { en: ['dutch', 'holland'], es: ['holandes*', 'neerlandes*'], fr: ['neerlandais*', 'hollandais*'], de: ['niederlandisch*', 'holland'], ru: ['голландск*', 'нидерландск*'], ar: ['هولندي*', 'هولندا'] },
  CH: { en: ['swiss'], es: ['suizo*'], fr: ['suisse*'], de: ['schweizer*'], ru: ['швейцарск*'], ar: ['سويسري*'] },
  GR: { en: ['greek', 'greeks'], es: ['griego*'], fr: ['grec', 'grecque*', 'grecs'], de: ['griechisch*'], ru: ['греческ*'], ar: ['يوناني*'] },
  BY: { en: ['belarusian', 'belarusians', 'belarus'], es: ['bielorruso*'], fr: ['bielorusse*'], de: ['belarussisch*', 'weissrussland'], ru: ['белорусск*', 'белорус*'], ar: ['بيلاروسي*'] },
  LB: { en: ['lebanese'], es: ['libanes*'], fr: ['libanais*'], de: ['libanesisch*'], ru: ['ливанск*'], ar: ['لبناني*'] },
  LY: { en: ['libyan', 'libyans'], es: ['libio*'], fr: ['libyen*'], de: ['libysch*'], ru: ['ливийск*'], ar: ['ليبي*'] },
  YE: { en: ['yemeni', 'yemenis'], es: ['yemeni*'], fr: ['yemenite*'], de: ['jemenitisch*'], ru: ['йеменск*'], ar: ['يمني*'] },
  MA: { en: ['moroccan', 'moroccans'], es: ['marroqui*'], fr: ['marocain*'], de: ['marokkanisch*'], ru: ['марокканск*'], ar: ['مغربي*'] },
  DZ: { en: ['algerian', 'algerians'], es: ['argelino*'], fr: ['algerien*'], de: ['algerisch*'], ru: ['алжирск*'], ar: ['جزائري*'] },
  TN: { en: ['tunisian', 'tunisians'], es: ['tunecino*'], fr: ['tunisien*'], de: ['tunesisch*'], ru: ['тунисск*'], ar: ['تونسي*'] },
  AR: { en: ['argentine', 'argentinian*'], es: ['argentino*'], fr: ['argentin*'], de: ['argentinisch*'], ru: ['аргентинск*'], ar: ['ارجنتيني*'] },
  PH: { en: ['filipino*', 'philippine'], es: ['filipino*'], fr: ['philippin*'], de: ['philippinisch*'], ru: ['филиппинск*'], ar: ['فلبيني*'] },
  CD: { en: ['democratic republic of the congo', 'dr congo', 'drc'], fr: ['republique democratique du congo', 'rdc'], de: ['demokratische republik kongo'], ru: ['демократическ* республик* конго', 'дрк'], ar: ['الكونغو الديمقراطيه'] },
  CG: { en: ['republic of the congo'], fr: ['republique du congo'], de: ['republik kongo'], ar: ['جمهوريه الكونغو'] },
  HK: { en: ['hong kong'], es: ['hong kong'], fr: ['hong kong'], de: ['hongkong'], ru: ['гонконг*'], ar: ['هونغ كونغ'] },
  MM: { en: ['burma', 'burmese'], fr: ['birmanie'], de: ['birma'], ru: ['бирм*'] },
  CI: { en: ['ivory coast'], es: ['costa de marfil'], fr: ['cote d ivoire'], de: ['elfenbeinkuste'] },
  CZ: { en: ['czech republic', 'czech'], es: ['republica checa'], fr: ['republique tcheque'], de: ['tschechisch*'], ru: ['чешск*'] },
  SZ: { en: ['swaziland'] },
  TL: { en: ['east timor'] },
  AE: { en: ['emirati', 'uae'], ar: ['الامارات', 'اماراتي*'], ru: ['оаэ'] },
  ZA: { ru: ['юар'] },
};

/** Capitalised abbreviations that name a country; matched in the original text, case-sensitively. */
const ABBREVIATIONS: Record<string, string> = { 'U.S.': 'US', 'U.S.A.': 'US', USA: 'US', US: 'US', 'U.K.': 'GB', UK: 'GB', UAE: 'AE', РФ: 'RU', США: 'US' };
const ABBREVIATION = /(?<![\p{L}.])(U\.S\.A\.|U\.S\.|U\.K\.|USA|US|UK|UAE|РФ|США)(?![\p{L}])/gu;

/** Names that contain a country's name but are not that country. */
const BLOCKERS = [
  'new mexico', 'new jersey', 'new guinea', 'guinea pig', 'guinea pigs', 'georgia tech', 'jordan river', 'latin america', 'south america',
  'north america', 'central america', 'america s cup', 'латинск* америк*', 'южн* америк*', 'северн* америк*', 'центральн* америк*', 'сан франциско',
  'امريكا اللاتينيه', 'امريكا الجنوبيه', 'امريكا الشماليه', 'america latina', 'america del sur', 'amerique latine', 'amerique du sud', 'lateinamerika',
  'sudamerika', 'nordamerika', 'нью джерси', 'нью мексико', 'nuevo mexico', 'nouveau mexique', 'نيو جيرسي', 'نيو مكسيكو',
];

interface Entry {
  code: string | null;
  /** Entries from the ICU table must start with a capital letter in cased scripts. */
  capital: boolean;
  /** Letters written out in the entry: a longer spelling beats a shorter stem ("нигери*" over "нигер*"). */
  weight: number;
  /** For Russian names matched as stems, the stem of each word: what follows it must be a case ending. */
  stems?: (string | null)[];
}

/**
 * Russian names inflect: the final vowel or soft sign of a longer word is dropped and the rest is
 * a stem ("Франция" -> "франци*"); a word of four letters ending in a consonant is a stem as it is
 * ("Иран" -> "иран*", for Ирана, Иране).
 */
function russianStem(word: string): string | null {
  if (word.length < 4) return null;
  const stem = word.replace(/[аяоеиыйьу]$/u, '');
  if (stem.length < 4) return null;
  return stem;
}

/** Russian noun case endings (after folding й to и): vowels with м, х, ю. "Франциск" is not "Франции". */
const CASE_ENDING = /^[аяоеиыьуюмх]{0,3}$/u;

const ICU_CODES = (() => {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (const a of letters) for (const b of letters) if (en.of(a + b) && !NOT_COUNTRIES.has(a + b)) codes.push(a + b);
  return codes;
})();

/** ICU writes "Myanmar (Burma)" and "Congo - Kinshasa": keep the plain names (EXTRA has the Congos). */
function icuNames(name: string): string[] {
  if (name.includes(' - ')) return [];
  const outer = name.replace(/\s*\(.*\)\s*/, '').trim();
  const out = [outer];
  // "Myanmar (Burma)" gives two names; "Outlying Islands (U.S.)" gives only the first.
  const inner = /\(([^)]+)\)/.exec(name)?.[1];
  if (inner && !/\s/.test(outer)) out.push(inner);
  return out.filter((n) => n.length > 2);
}

const matchers = new Map<MediaLanguage, PhraseMatcher<Entry>>();

function matcherFor(language: MediaLanguage): PhraseMatcher<Entry> {
  let matcher = matchers.get(language);
  if (matcher) return matcher;
  matcher = new PhraseMatcher<Entry>(language);
  const languages = language === 'en' ? ['en' as const] : [language, 'en' as const];
  for (const lang of languages) {
    const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    for (const code of ICU_CODES) {
      for (const name of icuNames(names.of(code) ?? '')) {
        const words = name.split(/[\s\-‑’'.,]+/u).filter(Boolean).map(fold);
        const stems = lang === 'ru' ? words.map(russianStem) : undefined;
        const entry = words.map((w, i) => (stems?.[i] ? `${stems[i]}*` : w)).join(' ');
        matcher.add(entry, { code, capital: lang !== 'ar', weight: entry.replace(/[\s*]/g, '').length, stems });
      }
    }
    for (const [code, forms] of Object.entries(EXTRA)) {
      for (const form of forms[lang] ?? []) matcher.add(form, { code, capital: false, weight: form.replace(/[\s*]/g, '').length });
    }
  }
  for (const blocker of BLOCKERS) matcher.add(blocker, { code: null, capital: false, weight: blocker.length });
  matchers.set(language, matcher.seal());
  return matcher;
}

export function countriesMentioned(text: string, language: MediaLanguage | 'other'): string[] {
  const found: { code: string; at: number }[] = [];
  const tokens = tokenize(text);
  const languages = language === 'other' ? MEDIA_LANGUAGES : [language];
  for (const lang of languages) {
    const matches = matcherFor(lang).match(tokens);
    // Where matches overlap, the longest wins, then the most specific spelling.
    matches.sort((a, b) => b.to - b.from - (a.to - a.from) || b.payload.weight - a.payload.weight);
    const taken = new Set<number>();
    for (const m of matches) {
      let free = true;
      for (let i = m.from; i < m.to; i++) if (taken.has(i)) free = false;
      if (!free) continue;
      const { code, capital, stems } = m.payload;
      if (stems?.some((stem, i) => stem !== null && !CASE_ENDING.test(tokens[m.from + i].norm.slice(stem.length)))) continue;
      for (let i = m.from; i < m.to; i++) taken.add(i);
      if (!code) continue;
      const first = tokens[m.from];
      if (capital && /\p{L}/u.test(text[first.start]) && text[first.start] !== text[first.start].toUpperCase()) continue;
      if (PERSON_NAMES.has(code)) {
        const neighbours = [tokens[m.from - 1], tokens[m.to]].filter((t) => t && t.sentence === first.sentence);
        if (neighbours.some((t) => t.capital)) continue;
      }
      found.push({ code, at: first.start });
    }
  }
  for (const m of text.matchAll(ABBREVIATION)) {
    // A short form inside an all-capitals run ("TELL US") is an ordinary word.
    const around = text.slice(Math.max(0, m.index - 12), m.index + m[0].length + 12);
    if (m[0].length <= 3 && !m[0].includes('.') && /\b\p{Lu}{2,}\s+\p{Lu}{2,}\b/u.test(around)) continue;
    found.push({ code: ABBREVIATIONS[m[0]], at: m.index });
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.code))];
}
