/**
 * Chinese names in two romanisations: Hanyu Pinyin (Xi Jinping, Mao Zedong) and
 * the older Wade-Giles still used in Taiwan, Hong Kong and many records (Hsi
 * Chin-ping, Mao Tse-tung, Chiang Kai-shek). Lists hold both. A word is read as a
 * run of syllables (initial + final); each syllable is folded to a class that
 * forgets what the two systems write differently: aspiration, which Wade-Giles
 * marks with an apostrophe that records drop (p/b, t/d, k/g, ch/zh/j/q, ts/z/c),
 * hs/x, and the finals ung/ong, ieh/ie, ien/ian, ih/i, erh/er.
 *
 * The fold is used only when one of the two words is written in Wade-Giles
 * (hs-, ts-, tz-, ch- before i, -ung, -ieh, -ien, -ih, -erh): two Pinyin words that
 * fold together ("Tan" / "Dan") are different names.
 */

const INITIALS = ['zh', 'ch', 'sh', 'hs', 'ts', 'tz', 'ss', 'sz', 'b', 'p', 'm', 'f', 'd', 't', 'n', 'l', 'g', 'k', 'h', 'j', 'q', 'x', 'r', 'z', 'c', 's', 'y', 'w', ''];
const FINALS = new Set([
  'a', 'o', 'e', 'i', 'u', 'v', 'ai', 'ei', 'ao', 'ou', 'an', 'en', 'ang', 'eng', 'ong', 'er', 'ia', 'ie', 'iao', 'iu', 'ian', 'in', 'iang', 'ing', 'iong',
  'ua', 'uo', 'uai', 'ui', 'uan', 'un', 'uang', 'ue', 'uei',
  // Wade-Giles spellings
  'ih', 'ieh', 'ien', 'ung', 'iung', 'erh', 'ueh', 'uan',
]);
const WG_FINALS = new Set(['ih', 'ieh', 'ien', 'ung', 'iung', 'erh', 'ueh']);
const WG_INITIALS = new Set(['hs', 'ts', 'tz', 'ss', 'sz']);

const INITIAL_CLASS: Record<string, string> = {
  b: 'P', p: 'P', d: 'T', t: 'T', g: 'K', k: 'K', zh: 'C', ch: 'C', j: 'C', q: 'C', z: 'Z', c: 'Z', ts: 'Z', tz: 'Z',
  x: 'X', hs: 'X', s: 'S', ss: 'S', sz: 'S', sh: 'H', r: 'R', m: 'M', f: 'F', n: 'N', l: 'L', h: 'h', y: 'Y', w: 'W', '': '',
};
const FINAL_FOLD: Record<string, string> = { ung: 'ong', iung: 'iong', ieh: 'ie', ien: 'ian', ih: 'i', erh: 'er', ueh: 'ue', uei: 'ui', v: 'u' };

/** Letters only Wade-Giles writes (a quick test before reading syllables). */
export const WADE_GILES_HINT = /hs|ts|tz|ss|sz|chi.|ung|ieh|ien|ih|erh/;

interface Reading {
  key: string;
  wadeGiles: boolean;
}

const cache = new Map<string, Reading | null>();

/** The folded syllables of a word, or null when it is not a run of 1-4 Chinese syllables. */
function read(word: string): Reading | null {
  let r = cache.get(word);
  if (r !== undefined) return r;
  r = parse(word, 0, 0);
  if (cache.size > 50_000) cache.clear();
  cache.set(word, r);
  return r;
}

function parse(word: string, at: number, count: number): Reading | null {
  if (at === word.length) return count ? { key: '', wadeGiles: false } : null;
  if (count === 4) return null;
  for (const initial of INITIALS) {
    if (!word.startsWith(initial, at)) continue;
    // Longest final first, so "zedong" reads ze-dong, not zed-ong.
    for (let end = Math.min(word.length, at + initial.length + 4); end > at + initial.length; end--) {
      const final = word.slice(at + initial.length, end);
      if (!FINALS.has(final)) continue;
      const rest = parse(word, end, count + 1);
      if (!rest) continue;
      const wg = WG_INITIALS.has(initial) || WG_FINALS.has(final) || (initial === 'ch' && final.length > 1 && final[0] === 'i');
      return { key: INITIAL_CLASS[initial] + (FINAL_FOLD[final] ?? final) + '.' + rest.key, wadeGiles: wg || rest.wadeGiles };
    }
  }
  return null;
}

/** Two spellings of the same Chinese name, one of them in Wade-Giles ("Hsi" / "Xi", "Tse-tung" / "Zedong"). */
export function sameChineseReading(a: string, b: string): boolean {
  if (a === b || a.length > 16 || b.length > 16 || !(WADE_GILES_HINT.test(a) || WADE_GILES_HINT.test(b))) return false;
  const ra = read(a);
  if (!ra) return false;
  const rb = read(b);
  return !!rb && (ra.wadeGiles || rb.wadeGiles) && ra.key === rb.key;
}
