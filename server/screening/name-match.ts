/**
 * Name score: align the two names' tokens (each token used once, best pairs
 * first, merged/split words rejoined), then take the weighted share of the name
 * that found a partner. Unmatched words cost: every word of the query, fully;
 * extra words of a listed person's name, lightly (lists add middle names and
 * patronymics that a customer record omits), more lightly still when one name
 * lies wholly inside the other; extra words of an organisation's name, fully,
 * and more so when the extra word is a country ("... (Thailand)"), unless the
 * query is a brand searched alone. Penalties on top: a substitution on both
 * sides, different numbers ("Tanker 7" / "Tanker 9"), legal forms that cannot
 * name one company ("GmbH" / "Sdn Bhd", "AG" / "GmbH"), a given name and a
 * father's name swapped across "bin". matchNames scores (the hot path);
 * describeMatch writes the comparison out for the analyst.
 */
import { phoneticKey, skeleton, skeletonOfKey, type NameMode, type PreparedName, type Token } from './normalize';
import { looseKey } from './scripts';
import { editDistance, editSimilarity, tokenSimilarity, WORD_MATCH_FLOOR, type TokenMatchHow } from './similarity';
import { sameChineseReading } from './sinitic';

export interface NameParams {
  /** Cost of an unmatched query word, relative to its weight (organisations). */
  queryMiss: number;
  /** Cost of an unmatched query word when the listed entity is a person (customer records add middle names too). */
  personQueryMiss: number;
  /** Cost of an unmatched word of a listed person's name. */
  personExtra: number;
  /**
   * Cost of an unmatched word of a person's name when every word of the other name
   * was found, two of them at least exactly or phonetically: the extra words are
   * further given names, a patronymic or a grandfather's name ("Janan Agha" /
   * "Janan Mohammad Ahmed Agha"), not evidence of another person.
   */
  personSubsetExtra: number;
  /** Cost of an unmatched word of a listed organisation's name. */
  orgExtra: number;
  /** Extra cost of an unmatched country word in an organisation's name. */
  countryExtra: number;
  /** Cost when both names keep unmatched words (a real conflict, not an omission). */
  conflict: number;
  numberMismatch: number;
  legalConflict: number;
  /** "Ahmad bin Hasan" / "Hasan bin Ahmad": the given name and the father's name swapped. */
  patronymicSwap: number;
  particleWeight: number;
  initialWeight: number;
  qualifierWeight: number;
  /** Fuzzy word similarity is raised to this power in organisations' names: registered names are spelt exactly. */
  orgFuzzyPower: number;
  /** The same for people's names, gentler: transliteration makes spelling vary. */
  personFuzzyPower: number;
}

export const DEFAULT_NAME_PARAMS: NameParams = {
  queryMiss: 1,
  personQueryMiss: 0.35,
  personExtra: 0.35,
  personSubsetExtra: 0.2,
  orgExtra: 1,
  countryExtra: 1.5,
  conflict: 0.15,
  numberMismatch: 0.35,
  legalConflict: 0.25,
  patronymicSwap: 0.25,
  particleWeight: 0.2,
  initialWeight: 0.35,
  qualifierWeight: 0.25,
  orgFuzzyPower: 1.5,
  personFuzzyPower: 1,
};

export interface AlignedPair {
  query: string;
  candidate: string;
  sim: number;
  how: TokenMatchHow | 'merged';
}

export interface NameComparison {
  score: number;
  pairs: AlignedPair[];
  unmatched_query: string[];
  unmatched_candidate: string[];
  number_mismatch?: { query: string[]; candidate: string[] };
  legal_conflict?: { query: string; candidate: string };
  /** Query "A bin B" aligned with the list's "B bin A". */
  patronymic_swap?: { query: string; candidate: string };
  /** The score before the number and legal-form penalties. */
  token_score: number;
}

const PATRONYMIC = /(ovich|evich|ovna|evna|ogly|oglu|kyzy|ovych|ivna|yevich|ich)$/;

function tokenWeight(t: Token, p: NameParams): number {
  if (t.kind === 'particle') return p.particleWeight;
  if (t.kind === 'initial') return p.initialWeight;
  if (t.qualifier) return t.weight * p.qualifierWeight;
  return t.weight;
}

function mergedToken(run: Token[]): Token {
  const text = run.map((t) => t.surface).join('');
  const weight = Math.max(...run.map((t) => t.weight));
  const key = phoneticKey(text);
  const merged: Token = { text, kind: 'word', key, skel: skeletonOfKey(key), abjad: run.some((t) => t.abjad), abbrev: false, country: false, weight, surface: text };
  if (run.some((t) => t.loose)) merged.loose = true;
  return merged;
}



/**
 * Rejoin split words: when one name has "ramimakhlouf", "vanderbilt" or
 * "jongun" and the other has the same letters as consecutive words.
 */
function mergeRuns(long: Token[], short: Token[], weakTargets: Uint8Array, person = false): Token[] | undefined {
  let changed = false;
  let tokens = long;
  for (let ti = 0; ti < short.length; ti++) {
    const target = short[ti];
    // Only words the alignment could not place well can be glued versions of several words.
    if (!weakTargets[ti]) continue;
    if (target.kind !== 'word' || target.text.length < 2) continue;
    if (tokens.some((t) => t.text === target.text)) continue;
    let done = false;
    // An initialism ("PLA", "JC", "US") of consecutive words.
    // Initials stand for a person's given names ("JC Juncker"), not for the whole name ("N.N.").
    const r = target.text.length;
    if (r <= 5 && r <= tokens.length && !(person && r >= countWords(tokens))) {
      for (let s = 0; s + r <= tokens.length && !done; s++) {
        let initials = true;
        for (let k = 0; k < r && initials; k++) {
          const t = tokens[s + k];
          initials = t.kind !== 'number' && t.kind !== 'legal' && t.surface[0] === target.text[k];
        }
        if (initials) {
          const run = tokens.slice(s, s + r);
          tokens = [...tokens.slice(0, s), { ...mergedToken(run), text: target.text, key: target.key, skel: target.skel }, ...tokens.slice(s + r)];
          changed = true;
          done = true;
        }
      }
    }
    for (let r = Math.min(4, tokens.length); r >= 2 && !done && target.text.length >= 4; r--) {
      for (let s = 0; s + r <= tokens.length && !done; s++) {
        // Cheap length test before building the joined string.
        let length = 0;
        for (let k = s; k < s + r; k++) length += tokens[k].surface.length;
        const anyAbjad = target.abjad || tokens[s].abjad;
        // Words romanised syllable by syllable (Burmese "ya ta na" / "Yadanar") differ more in length.
        const anyLoose = target.loose || tokens[s].loose;
        if (!anyAbjad && Math.abs(length - target.text.length) > (anyLoose ? 3 : 2)) continue;
        const run = tokens.slice(s, s + r);
        if (run.some((t) => t.kind === 'legal' || t.kind === 'number')) continue;
        const joined = run.map((t) => t.surface).join('');
        // Same first letter, or one letter added or dropped in front ("Andrang Heta" / "'Ndrangheta").
        const sameStart = joined[0] === target.text[0] || joined[1] === target.text[0] || joined[0] === target.text[1];
        const abjad = target.abjad || run.some((t) => t.abjad);
        // Chinese syllables written apart in one system and together in the other ("Tse-tung" / "Zedong").
        const sinitic = !abjad && sameChineseReading(joined, target.text);
        const loose = target.loose || run.some((t) => t.loose);
        if (!abjad && !sinitic && !loose && (!sameStart || Math.abs(joined.length - target.text.length) > 2)) continue;
        // Words from vowel-less scripts ("bd llh" for Abdullah) rejoin on their consonants.
        let rejoins = abjad ? skeleton(joined) === target.skel && target.skel.length >= 3 : sinitic || joined === target.text || editSimilarity(joined, target.text) >= 0.85;
        // Romanisations of one script disagree on voicing and vowels: compare the folded keys (scripts.ts).
        if (!rejoins && loose) {
          const lj = looseKey(abjad ? skeleton(joined) : phoneticKey(joined));
          const lt = looseKey(abjad ? target.skel : target.key);
          rejoins = lj.length >= 3 && lj[0] === lt[0] && (lj === lt || (!abjad && editSimilarity(lj, lt) >= 0.85));
        }
        if (rejoins) {
          tokens = [...tokens.slice(0, s), mergedToken(run), ...tokens.slice(s + r)];
          changed = true;
          done = true;
        }
      }
    }
  }
  return changed ? tokens : undefined;
}

function countWords(tokens: Token[]): number {
  let n = 0;
  for (const t of tokens) if (t.kind === 'word') n++;
  return n;
}

export interface Alignment {
  pairs: Array<{ qi: number; ci: number; sim: number; how: TokenMatchHow }>;
  qUsed: Uint8Array;
  cUsed: Uint8Array;
}

function align(q: Token[], c: Token[], power: number, person: boolean): Alignment {
  const cand: Array<{ qi: number; ci: number; sim: number; how: TokenMatchHow; w: number }> = [];
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < c.length; j++) {
      const m = tokenSimilarity(q[i], c[j], person);
      if (m.sim <= 0) continue;
      const sim = m.how === 'fuzzy' && power !== 1 ? m.sim ** power : m.sim;
      if (sim < WORD_MATCH_FLOOR) continue;
      cand.push({ qi: i, ci: j, sim, how: m.how, w: q[i].weight + c[j].weight });
    }
  }
  cand.sort((a, b) => b.sim - a.sim || b.w - a.w);
  const qUsed = new Uint8Array(q.length);
  const cUsed = new Uint8Array(c.length);
  const pairs: Alignment['pairs'] = [];
  for (const x of cand) {
    if (qUsed[x.qi] || cUsed[x.ci]) continue;
    qUsed[x.qi] = 1;
    cUsed[x.ci] = 1;
    pairs.push(x);
  }
  return { pairs, qUsed, cUsed };
}

/**
 * Tokens that stand for a name element when left unmatched: words and numbers,
 * initials, and the particles that open a compound given name ("Abdul", "Abu":
 * "Abdul Mohammad" / "Wali Mohammad" is a substitution, not an omission).
 */
function substantive(t: Token): boolean {
  return t.kind === 'word' || t.kind === 'number' || t.kind === 'initial' || (t.kind === 'particle' && NAME_PARTICLES.has(t.text));
}
const NAME_PARTICLES = new Set(['abd', 'abu']);

/** A matched token of these has this text. */
function usedText(tokens: Token[], used: Uint8Array, text: string): boolean {
  for (let i = 0; i < tokens.length; i++) if (used[i] && tokens[i].text === text) return true;
  return false;
}

function scoreAlignment(q: Token[], c: Token[], al: Alignment, candidateMode: NameMode, p: NameParams, brand = false) {
  let num = 0;
  let den = 0;
  for (const x of al.pairs) {
    const w = tokenWeight(q[x.qi], p) + tokenWeight(c[x.ci], p);
    num += x.sim * w;
    den += w;
  }
  const person = candidateMode === 'person';
  // Which sides keep an unmatched name element (a substitution when both do).
  let qOpen = false;
  let cOpen = false;
  for (let i = 0; i < q.length; i++) if (!al.qUsed[i] && substantive(q[i])) qOpen = true;
  for (let j = 0; j < c.length; j++) if (!al.cUsed[j] && substantive(c[j])) cOpen = true;
  // One name wholly inside the other (a person's fuller name): its extra words cost less.
  let subset = false;
  if (person && qOpen !== cOpen) {
    let strong = 0;
    for (const x of al.pairs) if (x.sim >= 0.9 && q[x.qi].kind === 'word' && c[x.ci].kind === 'word') strong++;
    subset = strong >= 2;
  }
  // A brand searched alone (one distinctive word, no legal form) names every company
  // that opens with it ("Faberlic" / "FABERLIC EUROPE Sp. z o.o."): their further words
  // cost as a person's fuller name does. With its own legal form the query names one
  // company, and a listed sibling or subsidiary is another ("Olvetra GmbH" / "Olvetra Polska").
  if (brand && !person && !qOpen && al.pairs.length === 1) {
    const x = al.pairs[0];
    subset = x.sim >= 0.9 && x.ci === firstWord(c) && q[x.qi].weight >= 0.9;
  }
  const extraCost = subset ? p.personSubsetExtra : person ? p.personQueryMiss : p.queryMiss;
  let qMissWords = 0;
  let cMissWords = 0;
  for (let i = 0; i < q.length; i++) {
    if (al.qUsed[i]) continue;
    // A word said twice ("Sergey Sergey Shoigu") is not a second word - unless the other
    // name has a word of its own there ("Mohamed Mohamed Caddow" / "Osman Mohamed Caddow").
    if (!cOpen && usedText(q, al.qUsed, q[i].text)) continue;
    den += 2 * tokenWeight(q[i], p) * extraCost;
    if (substantive(q[i])) qMissWords++;
  }
  for (let j = 0; j < c.length; j++) {
    if (al.cUsed[j]) continue;
    const t = c[j];
    if (!qOpen && usedText(c, al.cUsed, t.text)) continue;
    let alpha = subset ? p.personSubsetExtra : person ? p.personExtra : p.orgExtra;
    if (person && PATRONYMIC.test(t.text)) alpha *= 0.5;
    if (!person && t.country && !subset) alpha = p.countryExtra;
    den += 2 * tokenWeight(t, p) * alpha;
    if (substantive(t)) cMissWords++;
  }
  let score = den > 0 ? num / den : 0;
  if (qMissWords && cMissWords) score -= p.conflict;
  return score;
}

/**
 * "Ahmad bin Hasan" is Ahmad, son of Hasan; "Hasan bin Ahmad" is his father's
 * generation's name order reversed, another person. Order elsewhere in a name
 * means little (lists write "SURNAME, Given"), but not across "bin".
 */
function patronymicSwap(q: Token[], c: Token[], al: Alignment): { query: string; candidate: string } | undefined {
  const qToC = new Int32Array(q.length).fill(-1);
  for (const x of al.pairs) qToC[x.qi] = x.ci;
  for (let i = 1; i + 1 < q.length; i++) {
    if (q[i].kind !== 'particle' || q[i].text !== 'bin' || q[i - 1].kind !== 'word') continue;
    // The father's name may open with an article ("bin al-Din").
    let k = i + 1;
    while (k < q.length && q[k].kind === 'particle' && q[k].text === 'al') k++;
    if (k >= q.length || q[k].kind !== 'word') continue;
    const ca = qToC[i - 1];
    const cb = qToC[k];
    if (ca < 0 || cb < 0 || cb >= ca) continue;
    for (let j = cb + 1; j < ca; j++) {
      if (c[j].kind === 'particle' && c[j].text === 'bin') {
        return { query: `${q[i - 1].text} ${q[i].surface} ${q[k].text}`, candidate: `${c[cb].text} ${c[j].surface} ${c[ca].text}` };
      }
    }
  }
  return undefined;
}

function legalForms(tokens: Token[]): Token[] {
  return tokens.filter((t) => t.kind === 'legal');
}

/**
 * Two legal forms that cannot name the same company: native to different
 * jurisdictions ("GmbH" / "Sdn Bhd"), or of two different types in the same one
 * ("AG" / "GmbH", "SARL" / "SAS", "OOO" / "AO"). An English form is neutral; a
 * form also written on the other side, or one compatible pair, clears it.
 */
function legalConflict(q: Token[], c: Token[]): { query: string; candidate: string } | undefined {
  if (!q.length || !c.length) return undefined;
  for (const a of q) {
    for (const b of c) {
      if (a.text === b.text || a.locales!.has('en') || b.locales!.has('en')) return undefined;
      let shared = false;
      let clash = false;
      for (const l of a.locales!) {
        if (!b.locales!.has(l)) continue;
        shared = true;
        const ta = a.form?.types.get(l);
        const tb = b.form?.types.get(l);
        if (ta && tb && ta !== tb) clash = true;
      }
      if (shared && !clash) return undefined;
    }
  }
  return { query: q.map((t) => t.text).join(' '), candidate: c.map((t) => t.text).join(' ') };
}

/**
 * "Siemens AkG" against "Siemens AG": a short last word one letter away from the
 * other name's legal form, where this name has none, is that form mistyped.
 */
function mistypedLegalForm(a: Token[], b: Token[]): Token[] {
  const last = a[a.length - 1];
  if (a.length < 2 || last.kind !== 'word' || last.text.length > 5 || a.some((t) => t.kind === 'legal')) return a;
  for (const f of b) {
    if (f.kind !== 'legal' || f.text.length > 5 || f.text[0] !== last.text[0] || Math.abs(f.text.length - last.text.length) > 1) continue;
    if (editDistance(f.text, last.text) === 1) return [...a.slice(0, -1), f];
  }
  return a;
}

/** "SiemensAG" against "Siemens AG": the word with the other name's legal form glued on. */
function unglueLegalForms(a: Token[], b: Token[]): Token[] {
  let out: Token[] | undefined;
  for (const f of b) {
    if (f.kind !== 'legal') continue;
    for (let i = 0; i < a.length; i++) {
      const t = (out ?? a)[i];
      if (t.kind !== 'word' || t.text.length <= f.text.length + 2) continue;
      let rest = '';
      // "SiemensAG": the rest is a word of the other name. "EtsKoffietFreres": a glued form
      // in front (three letters or more: "co" opens too many words, "Coastline").
      if (t.text.endsWith(f.text)) rest = t.text.slice(0, -f.text.length);
      if (rest && !b.some((x) => x.kind === 'word' && x.text === rest)) rest = '';
      if (!rest && f.text.length >= 3 && t.text.startsWith(f.text)) rest = t.text.slice(f.text.length);
      if (!rest) continue;
      out ??= a.slice();
      const key = phoneticKey(rest);
      out[i] = { ...t, id: undefined, text: rest, key, skel: skeletonOfKey(key), surface: rest };
    }
  }
  return out ?? a;
}

function firstWord(tokens: Token[]): number {
  return tokens.findIndex((t) => t.kind === 'word');
}

function singleWord(tokens: Token[]): boolean {
  let n = 0;
  for (const t of tokens) if ((t.kind === 'word' && !t.qualifier) || t.kind === 'number') n++;
  return n === 1;
}

/** A name comparison before it is written out for the analyst (most candidates never are). */
export interface NameMatch {
  score: number;
  tokenScore: number;
  query: PreparedName;
  q: Token[];
  c: Token[];
  al: Alignment;
  merged: boolean;
  numbers?: { query: string[]; candidate: string[] };
  swap?: { query: string; candidate: string };
  legal?: { query: string; candidate: string };
}

function withoutLegalForms(tokens: Token[]): Token[] {
  for (const t of tokens) if (t.kind === 'legal') return tokens.filter((x) => x.kind !== 'legal');
  return tokens;
}

function unmatchedNumbers(tokens: Token[], used: Uint8Array): string[] | undefined {
  let out: string[] | undefined;
  for (let i = 0; i < tokens.length; i++) if (tokens[i].kind === 'number' && !used[i]) (out ??= []).push(tokens[i].text);
  return out;
}

/** Score two prepared names (the hot path of a screening: no explanation is built). */
export function matchNames(query: PreparedName, candidate: PreparedName, p: NameParams = DEFAULT_NAME_PARAMS): NameMatch {
  const person = candidate.mode === 'person';
  const qTokens = person ? query.tokens : mistypedLegalForm(query.tokens, candidate.tokens);
  const cTokens = person ? candidate.tokens : mistypedLegalForm(candidate.tokens, query.tokens);
  let q = withoutLegalForms(unglueLegalForms(qTokens, cTokens));
  let c = withoutLegalForms(unglueLegalForms(cTokens, qTokens));
  // Registered names are spelt exactly, so a near word in an organisation's name is
  // usually a sibling ("Steel Tubes" / "Steel Wires"); a name of one word has no
  // siblings to confuse, and a one-letter slip in it is a typo ("Chevon" / "Chevron").
  const power = person || (singleWord(q) && singleWord(c)) ? p.personFuzzyPower : p.orgFuzzyPower;
  const brand = !person && singleWord(q) && !qTokens.some((t) => t.kind === 'legal');
  let al = align(q, c, power, person);
  let merged = false;
  // Words glued or split differently: rejoin and align again when it helps. Only words
  // left unmatched or matched loosely can be pieces of another word.
  let weak = false;
  for (const x of al.pairs) if (x.sim < 0.95) weak = true;
  if (!weak) weak = al.qUsed.includes(0) || al.cUsed.includes(0);
  if (weak) {
    const weakQ = new Uint8Array(q.length);
    const weakC = new Uint8Array(c.length);
    for (let i = 0; i < q.length; i++) if (!al.qUsed[i]) weakQ[i] = 1;
    for (let j = 0; j < c.length; j++) if (!al.cUsed[j]) weakC[j] = 1;
    for (const x of al.pairs) {
      if (x.sim < 0.95) {
        weakQ[x.qi] = 1;
        weakC[x.ci] = 1;
      }
    }
    const c2 = mergeRuns(c, q, weakQ, person);
    const q2 = mergeRuns(q, c, weakC, person);
    if (c2 || q2) {
      const nq = q2 ?? q;
      const nc = c2 ?? c;
      const al2 = align(nq, nc, power, person);
      if (scoreAlignment(nq, nc, al2, candidate.mode, p, brand) > scoreAlignment(q, c, al, candidate.mode, p, brand)) {
        q = nq;
        c = nc;
        al = al2;
        merged = true;
      }
    }
  }
  const tokenScore = Math.max(0, scoreAlignment(q, c, al, candidate.mode, p, brand));
  let score = tokenScore;
  const m: NameMatch = { score: 0, tokenScore, query, q, c, al, merged };
  const qNums = unmatchedNumbers(q, al.qUsed);
  const cNums = qNums && unmatchedNumbers(c, al.cUsed);
  if (qNums && cNums) {
    score -= p.numberMismatch;
    m.numbers = { query: qNums, candidate: cNums };
  }
  if (person) {
    m.swap = patronymicSwap(q, c, al);
    if (m.swap) score -= p.patronymicSwap;
  }
  if (hasLegalForm(qTokens) && hasLegalForm(cTokens)) {
    m.legal = legalConflict(legalForms(qTokens), legalForms(cTokens));
    if (m.legal) score -= p.legalConflict;
  }
  m.score = Math.max(0, Math.min(1, score));
  return m;
}

function hasLegalForm(tokens: Token[]): boolean {
  for (const t of tokens) if (t.kind === 'legal') return true;
  return false;
}

/** The comparison written out: aligned pairs, unmatched words and penalties. */
export function describeMatch(m: NameMatch): NameComparison {
  const { q, c, al } = m;
  const result: NameComparison = {
    score: m.score,
    token_score: m.tokenScore,
    pairs: al.pairs.map((x) => ({ query: q[x.qi].text, candidate: c[x.ci].text, sim: round(x.sim), how: m.merged && !m.query.tokens.includes(q[x.qi]) ? 'merged' : x.how })),
    unmatched_query: q.filter((_, i) => !al.qUsed[i]).map((t) => t.text),
    unmatched_candidate: c.filter((_, i) => !al.cUsed[i]).map((t) => t.text),
  };
  if (m.numbers) result.number_mismatch = m.numbers;
  if (m.swap) result.patronymic_swap = m.swap;
  if (m.legal) result.legal_conflict = m.legal;
  return result;
}

export function compareNames(query: PreparedName, candidate: PreparedName, p: NameParams = DEFAULT_NAME_PARAMS): NameComparison {
  return describeMatch(matchNames(query, candidate, p));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
