/**
 * Name mentions (docs/custom-sources.md, "Mentions"): which articles name a person, company or place, for a
 * screening case's Adverse Media tab and adverse-media monitoring. Two steps:
 *
 * 1. Candidates: the full-text pre-filter over the cross-script keys (search.ts candidateArticles, fold.ts),
 *    asked for every pair of the name's words (a listed "Vladimir Vladimirovich Putin" is written "Vladimir
 *    Putin" by the press), or for the word itself of a one-word company or place name.
 * 2. Spans: in each candidate's title and body, the words that are spellings of the name's words (fold.ts
 *    again, so Cyrillic case endings and Arabic articles are understood) are grouped into runs; every span of
 *    two to (name words + 2) words around a run, within one sentence, is read as a name by the screening
 *    engine (prepareName) and scored against the name (matchNames: aliases' other scripts read in Latin
 *    letters, word order free, transliteration variants folded).
 *
 * A span is a mention when its score reaches MENTION_THRESHOLD (0.85, common/media-mentions.ts) AND at least
 * two of the name's words found a partner: a surname alone, a common surname with another given name, or a
 * single given name is not a mention. A name of one word (a company, a place) is a mention only when the
 * article writes that word exactly; a one-word person name (a lone alias) is never looked for. Each article
 * answers once per call, with its best span.
 */
import { MENTION_THRESHOLD } from '../../common/media-mentions';
import type { Queryable } from '../db/client';
import { inTransaction } from '../db/tenant';
import { matchNames } from '../screening/name-match';
import { prepareName, type NameMode, type PreparedName } from '../screening/normalize';
import { transliterateWords } from '../screening/transliterate';
import { queryWords, wordLexemes, WORD, type KeyAlternative } from './fold';
import { candidateArticles } from './search';

export type MentionKind = 'person' | 'company' | 'location' | 'any';

export interface MentionName {
  name: string;
  kind: MentionKind;
}

export interface Mention {
  article_id: string;
  matched_name: string;
  matched_text: string;
  score: number;
}

export interface FindMentionsInput {
  organisationId: string;
  names: MentionName[];
  /**
   * Only articles ingested after this moment (monitoring: after the case's last check). A moment read from the
   * database is best passed as its text (microsecondsTime): a Date keeps milliseconds only, and an article
   * ingested in the same millisecond would fall on the wrong side.
   */
  since?: Date | string | null;
  /** Only articles ingested up to this moment (monitoring: the check's high-water mark), so the next check starts where this one ended. */
  until?: Date | string | null;
  /** Candidate articles read per name variant (default 1,000). */
  candidateLimit?: number;
}

/** A name word must partner a span word at least this closely to count as one of the two words found. */
const WORD_FOUND = 0.8;
/** Names read per call, and words per name beyond which only the first ones pair up for candidates. */
const MAX_NAMES = 30;
const MAX_PAIR_WORDS = 5;
/** Spans read per article and name: a page repeating a name hundreds of times is decided well before. */
const MAX_SPANS = 400;

const modeOf = (kind: MentionKind): NameMode => (kind === 'person' ? 'person' : kind === 'company' ? 'org' : 'any');

export interface PreparedQuery {
  name: string;
  kind: MentionKind;
  prepared: PreparedName;
  /** Words of the name (not particles, initials or legal forms). */
  words: number;
  /** The spellings of each of the name's words, as fold.ts looks for them. */
  alternatives: KeyAlternative[][];
  /** The one word of a one-word name, folded to Latin letters. */
  single: string | null;
  /** What the candidates are asked for: the name's word pairs, or its one word. */
  variants: string[];
}

/** A word written in any script, in lower-case Latin letters and digits only. */
function folded(word: string): string {
  return transliterateWords(word.replace(/['’]s$/i, ''))
    .map((w) => w.text.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .join('');
}

/** A Latin word of five letters or more cut to its first three quarters (at least four letters); anything else as it is. */
function latinStem(word: string): string {
  if (!/^[a-z]+$/i.test(word) || word.length < 5) return word;
  return word.slice(0, Math.max(4, Math.ceil(word.length * 0.75)));
}

/** A name made ready to be looked for, or null when it cannot be a mention by itself (a one-word person name, no words). */
export function mentionQuery(input: MentionName): PreparedQuery | null {
  const name = input.name.replace(/\s+/g, ' ').trim();
  if (!name) return null;
  const prepared = prepareName(name, modeOf(input.kind));
  const words = prepared.tokens.filter((t) => t.kind === 'word').length;
  if (!words) return null;
  const raw = [...name.matchAll(WORD)].map((m) => m[0]).filter((w) => !/^\p{N}+$/u.test(w));
  if (words === 1) {
    // A lone given name or surname is not a mention; a one-word company or place must be written as it is.
    if (input.kind === 'person') return null;
    const word = prepared.tokens.find((t) => t.kind === 'word')!;
    const single = folded(word.surface || word.text);
    if (single.length < 3) return null;
    return { name, kind: input.kind, prepared, words, alternatives: queryWords(word.surface || word.text), single, variants: [word.surface || word.text] };
  }
  // Particles ("al", "bin", "van") and one-letter initials do not pair: "Omar al-Bashir" pairs Omar with Bashir.
  const significant = raw.filter((w) => folded(w).length >= 2 && !/^(al|el|ul|bin|ibn|bint|ben|abu|van|von|de|del|der|da|di|du|la|le|y|of|the)$/i.test(w));
  // Written as the name writes them: a capitalised word is looked for as a name (fold.ts compares shorter skeletons across scripts then).
  const byLower = new Map<string, string>();
  for (const w of significant) if (!byLower.has(w.toLowerCase())) byLower.set(w.toLowerCase(), w);
  const pairWords = [...byLower.values()].slice(0, MAX_PAIR_WORDS);
  const variants: string[] = [];
  for (let i = 0; i < pairWords.length; i++) {
    for (let j = i + 1; j < pairWords.length; j++) {
      variants.push(`${pairWords[i]} ${pairWords[j]}`);
      // Latin words also as their first three quarters, looked for as prefixes: the press declines names in
      // Russian ("Petrovsky" is "Петровского", "Sergei" is "Сергея"), and those forms begin with the stem only.
      const stems = `${latinStem(pairWords[i])} ${latinStem(pairWords[j])}`;
      if (stems !== variants[variants.length - 1]) variants.push(stems);
    }
  }
  if (!variants.length) variants.push(name);
  return { name, kind: input.kind, prepared, words, alternatives: queryWords(name), single: null, variants };
}

interface TextWord {
  text: string;
  start: number;
  end: number;
  /** A sentence or clause ends between this word and the one before it. */
  breakBefore: boolean;
}

/** The words of a text with where they are, and where sentences end ("J. Smith": an initial's full stop does not end one). */
function wordsOf(text: string): TextWord[] {
  const out: TextWord[] = [];
  let previous: TextWord | null = null;
  for (const m of text.matchAll(WORD)) {
    const start = m.index!;
    const word: TextWord = { text: m[0], start, end: start + m[0].length, breakBefore: false };
    if (previous) {
      const gap = text.slice(previous.end, start);
      const initial = previous.text.length === 1 && /^\s*\.\s*$/.test(gap);
      word.breakBefore = !initial && (/[.!?;:|()[\]{}"«»“”„<>\n\r\t•·–—]/.test(gap) || gap.length > 3);
    }
    out.push(word);
    previous = word;
  }
  return out;
}

function isSpelling(lexemes: readonly string[], alternatives: KeyAlternative[][]): boolean {
  for (const word of alternatives) {
    for (const a of word) {
      for (const lexeme of lexemes) if (a.prefix ? lexeme.startsWith(a.lexeme) : lexeme === a.lexeme) return true;
    }
  }
  return false;
}

/** How many of the name's words found a partner in the span (a merged "al" + "Bashir" counts as one). */
function wordsFound(match: ReturnType<typeof matchNames>): number {
  let n = 0;
  for (const p of match.al.pairs) if (p.sim >= WORD_FOUND && match.c[p.ci]?.kind === 'word' && match.q[p.qi]?.kind === 'word') n += 1;
  return n;
}

interface Best {
  score: number;
  text: string;
}

/** Russian case endings of names, longest first: "Петровского" is read as "Петровск…", "Виктора" as "Виктор". */
const RUSSIAN_ENDINGS = /(?:ого|его|ому|ему|ыми|ими|ами|ями|ой|ей|ом|ем|ым|им|ую|юю|ая|яя|ов|ев|ин|ын|а|я|у|ю|ы|и|е)$/;
const CYRILLIC = /[\u0400-\u04FF]/;
const UPPER_START = /^\p{Lu}/u;
const CASED = /[\p{Lu}\p{Ll}]/u;

/**
 * The word as it is scored: a Cyrillic word in an oblique case whose stem begins one of the name's words
 * (and carries most of it) is read as that word ("Петровского" as "Petrovsky", "Виктора" as "Viktor"), so
 * Russian grammar does not hide a name; anything else as written.
 */
function scoringWord(word: string, query: PreparedQuery): string {
  if (!CYRILLIC.test(word)) return word;
  const stem = folded(word.toLowerCase().replace(RUSSIAN_ENDINGS, ''));
  if (stem.length < 4) return word;
  const whole = folded(word);
  for (const t of query.prepared.tokens) {
    if (t.kind !== 'word') continue;
    const name = folded(t.surface || t.text);
    if (name === whole) return word;
    if (name.startsWith(stem) && stem.length >= 0.7 * name.length) return t.surface || t.text;
  }
  return word;
}

/**
 * Whether a word between two of the name's words may belong to the name: a capitalised word (a middle name,
 * a patronymic), an initial, or a word of a script without capitals. A lower-case word ("and", "said") joins
 * two names, not one: "Mary Smith and John Brown" holds no "John Smith".
 */
const nameLike = (word: string) => word.length === 1 || UPPER_START.test(word) || !CASED.test(word);

/** The best mention of one name in one text, or null. */
export function bestMention(text: string, query: PreparedQuery): Best | null {
  const words = wordsOf(text);
  if (query.single) {
    for (const w of words) if (folded(w.text) === query.single) return { score: 1, text: w.text };
    return null;
  }
  const isHit = words.map((w) => isSpelling(wordLexemes(w.text), query.alternatives) || scoringWord(w.text, query) !== w.text);
  const hits: number[] = [];
  for (let i = 0; i < words.length; i++) if (isHit[i]) hits.push(i);
  if (hits.length < 2) return null;
  const maxLength = Math.min(query.words + 2, 8);
  const mode = query.prepared.mode;
  const scoring = new Map<number, string>();
  const scoreWord = (i: number) => {
    let w = scoring.get(i);
    if (w === undefined) scoring.set(i, (w = scoringWord(words[i].text, query)));
    return w;
  };
  let best: Best | null = null;
  let spans = 0;
  const scored = new Set<string>();
  for (let i = 0; i < hits.length && spans < MAX_SPANS; i++) {
    const a = hits[i];
    let interiorOk = true;
    for (let j = i + 1; j < hits.length && spans < MAX_SPANS; j++) {
      const b = hits[j];
      if (b - a + 1 > maxLength) break;
      // Within one sentence, and nothing but name-like words between the name's words.
      let broken = false;
      for (let k = hits[j - 1] + 1; k <= b && !broken; k++) {
        if (words[k].breakBefore) broken = true;
        else if (k < b && !isHit[k] && !nameLike(words[k].text)) interiorOk = false;
      }
      if (broken || !interiorOk) break;
      const shown = text.slice(words[a].start, words[b].end);
      // "SURNAME, Given" is one name, "Mary Smith, John Brown" two: a comma is read only where no other name touches the span.
      if (shown.includes(',') && ((a > 0 && !words[a].breakBefore && !isHit[a - 1] && UPPER_START.test(words[a - 1].text)) || (b + 1 < words.length && !words[b + 1].breakBefore && !isHit[b + 1] && UPPER_START.test(words[b + 1].text)))) continue;
      let spanText = scoreWord(a);
      for (let k = a + 1; k <= b; k++) spanText += text.slice(words[k - 1].end, words[k].start) + scoreWord(k);
      if (scored.has(spanText)) continue;
      scored.add(spanText);
      spans += 1;
      const match = matchNames(prepareName(spanText, mode), query.prepared);
      if (wordsFound(match) < 2) continue;
      const score = match.score;
      if (score >= MENTION_THRESHOLD && (!best || score > best.score || (score === best.score && shown.length < best.text.length))) best = { score, text: shown };
    }
  }
  return best;
}

/**
 * Every article of the organisation (its own and the shared corpus) that mentions one of the names, with the
 * best of its mentions: the name it names, the words that name it and the score (rounded to 3 places).
 */
export async function findMentions(db: Queryable, input: FindMentionsInput): Promise<Mention[]> {
  const queries: PreparedQuery[] = [];
  const seen = new Set<string>();
  for (const n of input.names.slice(0, MAX_NAMES)) {
    const q = mentionQuery(n);
    if (!q) continue;
    const key = `${q.prepared.mode}:${q.prepared.compact}`;
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push(q);
  }
  if (!queries.length) return [];
  const best = new Map<string, Mention>();
  for (const q of queries) {
    // The pre-filter takes a Date: a millisecond earlier, so it answers at least the window; the window itself is exact.
    const since = input.since ? new Date(new Date(input.since).getTime() - 1) : null;
    let candidates = await candidateArticles(db, { organisationId: input.organisationId, names: q.variants, since, limit: input.candidateLimit ?? 1000 });
    // Articles outside the window are left out whatever the pre-filter's own reading of `since`.
    if (input.since || input.until) {
      const inside = await withinWindow(db, input, candidates.map((c) => c.id));
      candidates = candidates.filter((c) => inside.has(c.id));
    }
    for (const article of candidates) {
      const found = bestMention(`${article.title}\n${article.body}`, q);
      if (!found) continue;
      const known = best.get(article.id);
      if (!known || found.score > known.score) {
        best.set(article.id, { article_id: article.id, matched_name: q.name, matched_text: found.text.slice(0, 300), score: Math.round(found.score * 1000) / 1000 });
      }
    }
  }
  return [...best.values()];
}

const stamp = (at: Date | string | null | undefined) => (at === null || at === undefined ? null : at instanceof Date ? at.toISOString() : at);

/** A timestamp column as text with its microseconds (ISO 8601, UTC), to hand back to the database exactly. */
export const microsecondsTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Of these articles, the ones the organisation sees that were ingested within (since, until]. */
async function withinWindow(db: Queryable, input: FindMentionsInput, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await inTransaction(db, input.organisationId).query<{ id: string }>(
    `SELECT id FROM media_articles
      WHERE id = ANY($1::uuid[]) AND (organisation_id IS NULL OR organisation_id = $org)
        AND ($2::timestamptz IS NULL OR ingested_at > $2::timestamptz) AND ($3::timestamptz IS NULL OR ingested_at <= $3::timestamptz)`,
    [ids, stamp(input.since), stamp(input.until)],
  );
  return new Set(rows.map((r) => r.id));
}
