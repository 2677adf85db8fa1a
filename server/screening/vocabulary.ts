/**
 * Word lists the normaliser needs: legal forms (with the jurisdictions that use
 * them), honorifics, name particles, vessel prefixes, number words and nicknames.
 * These are facts about names in general, not about any list or test file.
 */

/**
 * Legal-form phrases (normalised words) with the jurisdiction that uses them and,
 * for native forms, their type: a private limited company ("llc"), a joint-stock
 * or public company ("jsc"), a partnership ("p"), a sole trader ("sole"), a state
 * enterprise ("state"), a cooperative ("coop"), an association ("assoc"). 'en' is
 * the neutral, translated form. Spelt-out forms are listed as they read once
 * transliterated; they are also found by their words' phonetic keys, so other
 * spellings of the same words match ("obshchestvo s ogranichennoi otvetstvennostiu").
 */
type LegalType = 'llc' | 'jsc' | 'p' | 'sole' | 'state' | 'coop' | 'assoc';
const LEGAL_FORM_TABLE: Array<[string[], string, LegalType?]> = [
  [['ltd', 'limited', 'llc', 'l l c', 'limited liability company', 'limited liability co', 'co', 'company', 'plc', 'public limited company', 'pvt', 'private', 'private limited', 'pvt ltd', 'co ltd', 'company limited', 'pty', 'pty ltd', 'lp', 'llp', 'limited partnership', 'jsc', 'joint stock company', 'ojsc', 'open joint stock company', 'cjsc', 'closed joint stock company', 'pjsc', 'public joint stock company', 'est', 'establishment', 'holding company', 'private company', 'public company', 'pcl', 'public company limited', 'share company', 'sc'], 'en'],
  [['inc', 'incorporated', 'corp', 'corporation', 'corp ltd', 'corporation limited'], 'us'],
  [['pte', 'pte ltd', 'private limited company'], 'sg'],
  [['uab', 'uzdaroji akcine bendrove'], 'lt', 'llc'],
  [['ab', 'akcine bendrove'], 'lt', 'jsc'],
  [['sia', 'sabiedriba ar ierobezotu atbildibu'], 'lv', 'llc'],
  [['as', 'akciju sabiedriba'], 'lv', 'jsc'],
  [['ooo', 'obshchestvo s ogranichennoy otvetstvennostyu', 'tov', 'tovaristvo z obmezhenoyu vidpovidalnistyu', 'tovarystvo z obmezhenoiu vidpovidalnistiu'], 'ru', 'llc'],
  [['oao', 'zao', 'pao', 'ao', 'nao', 'pat', 'prat', 'chao', 'aktsionernoe obshchestvo', 'otkrytoe aktsionernoe obshchestvo', 'zakrytoe aktsionernoe obshchestvo', 'publichnoe aktsionernoe obshchestvo', 'nepublichnoe aktsionernoe obshchestvo', 'pryvatne aktsionerne tovarystvo', 'publichne aktsionerne tovarystvo'], 'ru', 'jsc'],
  [['ip', 'chp', 'individualnyy predprinimatel'], 'ru', 'sole'],
  [['fgup', 'gup', 'mup', 'dp', 'federalnoe gosudarstvennoe unitarnoe predpriyatie', 'gosudarstvennoe unitarnoe predpriyatie'], 'ru', 'state'],
  [['tdv'], 'ru'],
  [['gmbh', 'ug', 'gesellschaft mit beschrankter haftung'], 'de', 'llc'],
  [['ag', 'aktiengesellschaft', 'kgaa'], 'de', 'jsc'],
  [['kg', 'ohg', 'gmbh co kg', 'kommanditgesellschaft', 'offene handelsgesellschaft'], 'de', 'p'],
  [['ev', 'eingetragener verein'], 'de', 'assoc'],
  [['sarl', 'eurl', 'societe a responsabilite limitee'], 'fr', 'llc'],
  [['sa', 'sas', 'sasu', 'societe anonyme', 'societe par actions simplifiee'], 'fr', 'jsc'],
  [['snc', 'sca', 'scs', 'gie', 'sci', 'societe en nom collectif', 'societe civile immobiliere'], 'fr', 'p'],
  [['ets', 'etablissements'], 'fr'],
  [['sl', 'srl', 's de rl', 's de rl de cv', 'sociedad limitada', 'sociedad de responsabilidad limitada', 'ltda', 'spr de rl'], 'es', 'llc'],
  [['sa', 'sa de cv', 'sociedad anonima', 'sociedad anonima de capital variable', 'sac', 'saa', 'sapi de cv'], 'es', 'jsc'],
  [['eirl'], 'es', 'sole'],
  [['srl', 'srls', 'societa a responsabilita limitata'], 'it', 'llc'],
  [['spa', 'sapa', 'societa per azioni'], 'it', 'jsc'],
  [['snc', 'sas', 'societa in nome collettivo', 'societa in accomandita semplice'], 'it', 'p'],
  [['scarl', 'scrl', 'societa cooperativa'], 'it', 'coop'],
  [['ltda', 'lda', 'sociedade limitada', 'sociedade por quotas'], 'pt', 'llc'],
  [['sa', 'sociedade anonima'], 'pt', 'jsc'],
  [['me', 'eireli'], 'pt', 'sole'],
  [['sp z oo', 'sp z o o', 'spolka z ograniczona odpowiedzialnoscia'], 'pl', 'llc'],
  [['sa', 'spolka akcyjna'], 'pl', 'jsc'],
  [['sp k', 'spolka komandytowa', 'ska', 'spolka komandytowo akcyjna', 'sp j', 'spolka jawna'], 'pl', 'p'],
  [['bv', 'bvba', 'besloten vennootschap'], 'nl', 'llc'],
  [['nv', 'naamloze vennootschap'], 'nl', 'jsc'],
  [['vof', 'cv', 'commanditaire vennootschap', 'vennootschap onder firma'], 'nl', 'p'],
  [['ab', 'aktiebolag'], 'se', 'jsc'],
  [['hb', 'kb', 'handelsbolag', 'kommanditbolag'], 'se', 'p'],
  [['oy', 'osakeyhtio'], 'fi', 'llc'],
  [['oyj', 'julkinen osakeyhtio'], 'fi', 'jsc'],
  [['ky'], 'fi', 'p'],
  [['as', 'asa', 'aksjeselskap', 'allmennaksjeselskap'], 'no', 'jsc'],
  [['ans'], 'no', 'p'],
  [['aps', 'anpartsselskab'], 'dk', 'llc'],
  [['as', 'aktieselskab'], 'dk', 'jsc'],
  [['ou', 'osauhing'], 'ee', 'llc'],
  [['as', 'aktsiaselts'], 'ee', 'jsc'],
  [['tu'], 'ee', 'p'],
  [['hf', 'ehf'], 'is'],
  [['doo', 'd o o', 'drustvo s ogranicenom odgovornoscu'], 'si', 'llc'],
  [['dd', 'd d', 'ad', 'dionicko drustvo'], 'si', 'jsc'],
  [['sp', 'dno'], 'si'],
  [['as', 'a s', 'anonim sirketi'], 'tr', 'jsc'],
  [['ltd sti', 'sti', 'limited sirketi', 'ltd st'], 'tr', 'llc'],
  [['kk', 'kabushiki kaisha', 'kabushiki gaisha', 'zhu shi hui she'], 'jp', 'jsc'],
  [['yk', 'gk', 'godo kaisha', 'yugen kaisha'], 'jp', 'llc'],
  [['you xian gong si', 'gu fen you xian gong si', 'you xian ze ren gong si', 'gong si'], 'cn'],
  [['jusikhoesa', 'jusighoesa', 'yuhanhoesa'], 'kr'],
  [['vm', 'bm'], 'il'],
  [['shps', 'sps'], 'ge'],
  [['kumpnilimitk'], 'mm'],
  [['sdn bhd', 'sdn', 'sendirian berhad'], 'my', 'llc'],
  [['bhd', 'berhad'], 'my', 'jsc'],
  [['pt', 'tbk', 'persero', 'perseroan terbatas'], 'id'],
  [['opc', 'pvt ltd'], 'in'],
  [['sro', 's r o', 'spolecnost s rucenim omezenym'], 'cz', 'llc'],
  [['as', 'akciova spolecnost'], 'cz', 'jsc'],
  [['kft'], 'hu', 'llc'],
  [['zrt', 'nyrt'], 'hu', 'jsc'],
  [['bt'], 'hu', 'p'],
  [['korlatolt felelossegu tarsasag'], 'hu', 'llc'],
  [['srl', 'societatea cu raspundere limitata', 'societate cu raspundere limitata'], 'ro', 'llc'],
  [['sa', 'societatea pe actiuni', 'societate pe actiuni'], 'ro', 'jsc'],
  [['ood', 'eood'], 'bg', 'llc'],
  [['ead', 'ad'], 'bg', 'jsc'],
  [['epe', 'ike'], 'gr', 'llc'],
  [['ae', 'anonymi etaireia'], 'gr', 'jsc'],
  [['fzco', 'fze', 'fzc', 'fz llc', 'llc fz', 'dmcc', 'wll', 'spc'], 'ae'],
];

export interface LegalForm {
  /** The form as the table writes it, without spaces: equal forms compare equal however they were spelt. */
  canonical: string;
  locales: Set<string>;
  /** Type of the form in each jurisdiction that types it. */
  types: Map<string, LegalType>;
}

/** phrase -> form; phrases are at most 6 words. */
export const LEGAL_FORMS = new Map<string, LegalForm>();
for (const [phrases, locale, type] of LEGAL_FORM_TABLE) {
  for (const phrase of phrases) {
    const entry = LEGAL_FORMS.get(phrase) ?? { canonical: phrase.replace(/ /g, ''), locales: new Set<string>(), types: new Map<string, LegalType>() };
    entry.locales.add(locale);
    if (type) entry.types.set(locale, type);
    LEGAL_FORMS.set(phrase, entry);
  }
}
export const LEGAL_FORM_MAX_WORDS = 6;

/** Titles and honorifics: dropped from the name (they say nothing about identity). */
export const HONORIFICS = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mister', 'madam', 'dr', 'doctor', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady',
  'sheikh', 'shaikh', 'shaykh', 'sheik', 'cheikh', 'haji', 'hajji', 'alhaji', 'alhajji', 'hajj', 'mullah', 'mulla',
  'maulana', 'maulvi', 'mawlawi', 'mawlana', 'mufti', 'hon', 'honorable', 'honourable', 'excellency', 'his', 'her',
  'general', 'gen', 'colonel', 'col', 'major', 'maj', 'captain', 'capt', 'lieutenant', 'lt', 'brigadier', 'brig',
  'rev', 'reverend', 'father', 'senator', 'sen', 'rep', 'president', 'minister', 'judge', 'jr', 'sr', 'junior',
  'senior', 'messrs', 'herr', 'frau', 'monsieur', 'mme', 'mlle', 'senor', 'senora', 'don', 'dona', 'gospodin', 'ustad', 'ustadh',
]);

/** Name particles: kept, but light; spelling variants folded ("ibn", "ben" -> "bin"). */
export const PARTICLES = new Map<string, string>([
  ['al', 'al'], ['el', 'al'], ['ul', 'al'], ['bin', 'bin'], ['ibn', 'bin'], ['ben', 'bin'], ['bint', 'bin'], ['binti', 'bin'],
  ['abu', 'abu'], ['abou', 'abu'], ['abd', 'abd'], ['abdul', 'abd'], ['abdel', 'abd'], ['abdal', 'abd'],
  ['de', 'de'], ['da', 'de'], ['do', 'de'], ['dos', 'de'], ['das', 'de'], ['del', 'de'], ['della', 'de'], ['di', 'de'], ['du', 'de'], ['des', 'de'],
  ['van', 'van'], ['von', 'van'], ['der', 'der'], ['den', 'der'], ['ter', 'der'], ['la', 'la'], ['le', 'la'], ['les', 'la'], ['los', 'la'], ['las', 'la'],
  ['the', 'the'], ['of', 'of'], ['and', 'and'], ['y', 'and'], ['e', 'and'], ['et', 'and'], ['und', 'and'], ['i', 'and'], ['wa', 'and'], ['z', 'of'],
  ['for', 'of'], ['in', 'of'], ['at', 'of'],
]);
/** 'al', 'bin' and friends only count as particles inside names of people; 'and', 'of' everywhere. */
export const PERSON_ONLY_PARTICLES = new Set(['bin', 'abu', 'abd', 'van', 'der']);

/** Words that start a vessel's name and are not part of it ("MV", "M/V", "SS", "MT"). */
export const VESSEL_PREFIXES = new Set(['mv', 'm v', 'ss', 's s', 'mt', 'm t', 'nm', 'n m', 'tb', 't b', 'fv', 'f v', 'my', 'm y', 'rv', 'hms', 'lng', 'lpg']);

export const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  hundred: 100, thousand: 1000,
};
/** Words kept as words when they stand alone in a person's name ("Una", "Second" would be odd; these are safe). */

export const ROMAN_NUMERALS: Record<string, number> = {
  ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10, xi: 11, xii: 12, xiii: 13, xiv: 14, xv: 15,
  xvi: 16, xvii: 17, xviii: 18, xix: 19, xx: 20,
};

/** Marks of a number that follows: "No. 8", "Nr 8", "#8". */
export const NUMBER_MARKS = new Set(['no', 'nr', 'num', 'number']);

/**
 * Given names and their variants: short forms and diminutives ("Bill", "Sasha",
 * "Michi") and the same name in other languages ("John", "Juan", "Jean",
 * "Johann", "Giovanni", "Ivan"). Spelling variants that the phonetic key already
 * folds (Mikhail / Mihail, Aleksandr / Alexander) need no entry. A word may sit in
 * two groups ("Alex": Alexander and Alexandra). Only names that are variants of
 * each other by origin are grouped: "Pekka" and "Peter" are, but a Finnish
 * "Pekka" and "Petteri" would then match each other, so neither is listed.
 */
const GIVEN_NAME_GROUPS: string[][] = [
  ['william', 'bill', 'billy', 'will', 'willy', 'liam', 'wilhelm', 'willem', 'guillaume', 'guillermo', 'guglielmo', 'vilem'],
  ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert', 'roberto'],
  ['richard', 'dick', 'rick', 'ricky', 'rich', 'ricardo', 'riccardo', 'rikard'],
  ['james', 'jim', 'jimmy', 'jamie', 'jaime', 'jacques', 'giacomo'],
  ['jacob', 'jake', 'jakob', 'yakov', 'jakub', 'jacopo', 'yaakov', 'yaqub', 'yakub'],
  ['john', 'jack', 'johnny', 'jon', 'juan', 'jean', 'johann', 'johannes', 'hans', 'jan', 'jens', 'giovanni', 'gianni', 'joao', 'ivan', 'vanya', 'ioan', 'ion', 'ian', 'sean', 'shaun', 'yohannes', 'janos', 'jovan'],
  ['joan', 'juana', 'jeanne', 'giovanna', 'johanna', 'ioanna', 'jana', 'ivana'],
  ['joseph', 'joe', 'joey', 'jose', 'pepe', 'giuseppe', 'josef', 'jozef', 'josip', 'iosif', 'osip', 'yosef', 'yusuf', 'youssef', 'yousef'],
  ['michael', 'mike', 'mickey', 'mick', 'miguel', 'michel', 'michele', 'mikhail', 'misha', 'michal', 'mikael', 'mikkel', 'michi', 'mykhailo', 'mihai'],
  ['michaela', 'michelle', 'michi', 'micaela'],
  ['thomas', 'tom', 'tommy', 'tomas', 'tommaso', 'tomasz', 'foma'],
  ['anthony', 'tony', 'antonio', 'antoine', 'anton', 'antonin', 'antoni'],
  ['alexander', 'alex', 'sasha', 'sandy', 'alec', 'alejandro', 'alexandre', 'alessandro', 'oleksandr', 'alexandros', 'sandro', 'sandor'],
  ['alexandra', 'alex', 'sasha', 'sandra', 'alejandra', 'alessandra', 'oleksandra'],
  ['elizabeth', 'liz', 'beth', 'betty', 'lisa', 'eliza', 'betsy', 'elisabeth', 'elisabetta', 'isabel', 'isabelle', 'elzbieta', 'elizaveta'],
  ['katherine', 'kate', 'katie', 'kathy', 'cathy', 'catherine', 'catalina', 'caterina', 'katarina', 'ekaterina', 'katharina', 'katya'],
  ['margaret', 'maggie', 'peggy', 'meg', 'margarita', 'marguerite', 'margherita', 'malgorzata', 'margareta', 'greta'],
  ['charles', 'chuck', 'charlie', 'carlos', 'carlo', 'karl', 'karel', 'carl', 'karol'],
  ['theodore', 'ted', 'teddy', 'theo', 'teodoro', 'fyodor', 'fedor', 'theodor', 'todor'],
  ['edward', 'ted', 'ed', 'eddie', 'ned', 'eduardo', 'edouard', 'edoardo', 'eduard'],
  ['david', 'dave', 'davy', 'dawid', 'davide', 'davit', 'daud', 'dawood'],
  ['daniel', 'dan', 'danny', 'daniele', 'danilo', 'daniil'],
  ['nicholas', 'nick', 'nicky', 'nicolas', 'nicola', 'nikolai', 'kolya', 'mykola', 'mikolaj', 'niklas', 'nikolaus', 'nikola', 'nikolaos', 'nils', 'klaus'],
  ['benjamin', 'ben', 'benny', 'bibi', 'beniamino', 'veniamin', 'binyamin'],
  ['samuel', 'sam', 'sammy', 'samuele', 'samuil'],
  ['stephen', 'steven', 'steve', 'stefan', 'stephan', 'esteban', 'etienne', 'stefano', 'stepan', 'istvan', 'szczepan'],
  ['christopher', 'chris', 'cristobal', 'christophe', 'cristoforo', 'christoph'],
  ['matthew', 'matt', 'mateo', 'mathieu', 'matteo', 'matthias', 'matvei', 'mateusz', 'matej'],
  ['patrick', 'pat', 'patricio', 'patrizio', 'padraig'],
  ['peter', 'pete', 'pedro', 'pierre', 'pietro', 'piotr', 'pyotr', 'petr', 'petar', 'peder', 'petros', 'pieter'],
  ['paul', 'pablo', 'paulo', 'paolo', 'pavel', 'pawel', 'pavlo'],
  ['gregory', 'greg', 'gregorio', 'gregoire', 'grigory', 'grzegorz', 'gregor'],
  ['andrew', 'andy', 'drew', 'andres', 'andre', 'andrea', 'andreas', 'andrei', 'andrzej', 'ondrej', 'andriy', 'andras'],
  ['donald', 'don', 'donnie'],
  ['ronald', 'ron', 'ronnie'],
  ['lawrence', 'larry', 'laurence', 'lorenzo', 'laurent'],
  ['henry', 'harry', 'hank', 'enrique', 'henri', 'enrico', 'heinrich', 'hendrik', 'henryk', 'heinz'],
  ['francis', 'frank', 'francisco', 'paco', 'francois', 'francesco', 'franz', 'frantisek', 'franciszek'],
  ['george', 'jorge', 'georges', 'giorgio', 'georg', 'georgy', 'yuri', 'jerzy', 'jiri', 'giorgos', 'georgios', 'gheorghe'],
  ['mark', 'marcos', 'marc', 'marco', 'markus', 'marek', 'marko'],
  ['luke', 'lucas', 'luc', 'luca', 'lukas', 'luka', 'lukasz'],
  ['emmanuel', 'manuel', 'emanuele', 'manny', 'immanuel'],
  ['gabriel', 'gabriele', 'gavriil', 'jibril'],
  ['elias', 'elijah', 'ilya', 'elia', 'ilias', 'ilyas'],
  ['mary', 'maria', 'marie', 'mariya', 'maryam', 'miriam', 'marija', 'mariam'],
  ['anne', 'ann', 'ana', 'anna', 'anya', 'hannah'],
  ['helen', 'elena', 'helene', 'yelena', 'olena', 'ellen', 'helena', 'jelena', 'eleni'],
  ['sophia', 'sofia', 'sophie', 'zofia'],
  ['julia', 'julie', 'yulia', 'giulia'],
  ['vladimir', 'vova', 'volodya', 'volodymyr', 'wlodzimierz'],
  ['dmitry', 'dima', 'dimitri', 'dimitrios', 'dmytro', 'dimitar'],
  ['sergei', 'seryozha', 'sergio', 'serge', 'serhiy', 'sergiu'],
  ['yevgeny', 'zhenya', 'eugene', 'eugenio', 'eugen', 'yevhen'],
  ['mohammed', 'mo', 'mehmet', 'mehmed'],
  ['abdullah', 'abdallah'],
  ['ibrahim', 'abraham', 'avraham', 'ibragim'],
  ['musa', 'moses', 'moshe'],
  ['suleiman', 'solomon', 'suleyman', 'shlomo'],
  ['ishaq', 'isaac', 'itzhak', 'yitzhak'],
];

/** Phonetic key of a given name -> the groups it belongs to (filled by similarity.ts, which owns the key function). */
export const GIVEN_NAME_VARIANTS: readonly string[][] = GIVEN_NAME_GROUPS;
