/**
 * The adverse-media decision: lexicon hits, grouped by sentence, turned into category scores.
 *
 * An article is adverse when it links someone to wrongdoing, so a crime word alone is not enough
 * ("a fire killed nine", "the fight against corruption"). The evidence that counts is a crime word
 * together with an attribution cue in the same sentence (arrested, charged, convicted, accused,
 * claimed responsibility ...), or a word that is itself an attribution of a crime ("bribery",
 * "money laundering", "pleaded guilty"). Shields ("anti-", "fight against", "task force") and
 * negations ("no evidence of") cancel the word they precede. Every category comes with the words
 * that scored it, returned as hits, so a decision can always be explained by the words that made it.
 */
import { ADVERSE_CATEGORIES, type AdverseCategory, type MediaLanguage } from '../../../common/media';
import { PhraseMatcher, tokenize, type PhraseMatch, type Token } from './text';

/** Category words. Strong words name a crime outright; weak ones (drug, shot, tax) count only next to an attribution cue. */
export interface CategoryTerms {
  strong?: string[];
  weak?: string[];
}

/** A category, or the generic wrongdoing bucket (see LanguageLexicon.generic). */
export type Bucket = AdverseCategory | 'generic';

/**
 * Two word groups that name a category only together, within a few words of each other in one
 * sentence: "smuggling" + "migrants", "tax" + "evasion" in languages that split them, "killed" +
 * "protected species".
 */
export interface NearTerms {
  category: AdverseCategory;
  a: string[];
  b: string[];
  strong?: boolean;
}

export interface LanguageLexicon {
  categories: Partial<Record<AdverseCategory, CategoryTerms>>;
  /**
   * Words of wrongdoing in general (crime, illegal, conspiracy), and the evidence of self-attributing
   * cues: they decide adverse like a category, but become other_crime only when no specific
   * category is found, so "pleaded guilty to wire fraud conspiracy" is fraud, not fraud + other.
   */
  generic: CategoryTerms;
  near: NearTerms[];
  /**
   * Cues that tie a subject to wrongdoing. Strong ones are a legal step taken against someone
   * (arrested, charged, convicted, sentenced, fined); weak ones report suspicion (accused,
   * alleged, investigated, suspect).
   */
  attribution: { strong: string[]; weak: string[] };
  /** Strong cues that are attributions of a crime by themselves, with no category word needed ("pleaded guilty", "convicted"). */
  selfAttributing: string[];
  /** Words that, just before a category word, make it about fighting or suffering the crime, not committing it. */
  shields: string[];
  /** Words that, just after a category word, make it the name of an office, a unit or an event ("Fraud Section", "terrorism task force"). */
  postShields: string[];
  /**
   * Words next to an attribution cue that make it about anonymous people ("dozens were arrested", "a
   * local man was detained"). Such cues in the body count only when the title is about wrongdoing
   * too: unnamed perpetrators matter when they are the story, not in passing.
   */
  crowds: string[];
  /**
   * Number words, which make the cue next to them anonymous ("they arrested three") but, unlike
   * crowds, not the rest of its sentence: "two companies agreed to pay ... to resolve allegations"
   * is about companies the article names.
   */
  counts: string[];
  /** Words that, just before a category or attribution word, deny it ("no evidence of", "not"). */
  negations: string[];
  sentiment: { positive: string[]; negative: string[] };
}

type Payload =
  | { kind: 'category'; category: Bucket; weight: number }
  | { kind: 'near'; index: number; side: 'a' | 'b' }
  | { kind: 'attribution'; weight: number; self: boolean }
  | { kind: 'shield' }
  | { kind: 'crowd'; local: boolean }
  | { kind: 'postShield' }
  | { kind: 'negation' }
  | { kind: 'sentiment'; polarity: 1 | -1 };

const STRONG = 2;
const WEAK = 1;
/** Words between the two halves of a near pair. */
const NEAR_WINDOW = 6;
/** A shield reaches the next word, or the one after it ("fight against the cartels"). */
const SHIELD_REACH = 2;
/** A negation or a crowd word reaches further: "no evidence of widespread voter fraud", "people who had been accused". */
const NEGATION_REACH = 4;
/** What one sentence can add to one category, so one list-like sentence cannot decide an article. */
const SENTENCE_CAP = 8;
/** The title states what the article is about; its evidence counts this much more. */
const TITLE_WEIGHT = 1.5;
/** Passing mentions (sentences worth less than 3) add up to this much per category. */
const LOW_CAP = 3;
/** A sentence whose only evidence is a self-attributing cue ("was convicted"). */
const SELF_VALUE = 4;
/** An article is adverse when one category reaches this score. */
const ADVERSE_THRESHOLD = 4;
/** Other categories are kept when they reach this share of the strongest one. */
const CATEGORY_SHARE = 0.25;

export interface CompiledLexicon {
  matcher: PhraseMatcher<Payload>;
  near: NearTerms[];
}

export function compileLexicon(language: MediaLanguage, lexicon: LanguageLexicon): CompiledLexicon {
  const matcher = new PhraseMatcher<Payload>(language);
  for (const category of ADVERSE_CATEGORIES) {
    const terms = lexicon.categories[category];
    for (const entry of terms?.strong ?? []) matcher.add(entry, { kind: 'category', category, weight: STRONG });
    for (const entry of terms?.weak ?? []) matcher.add(entry, { kind: 'category', category, weight: WEAK });
  }
  for (const entry of lexicon.generic.strong ?? []) matcher.add(entry, { kind: 'category', category: 'generic', weight: STRONG });
  for (const entry of lexicon.generic.weak ?? []) matcher.add(entry, { kind: 'category', category: 'generic', weight: WEAK });
  lexicon.near.forEach((pair, index) => {
    for (const entry of pair.a) matcher.add(entry, { kind: 'near', index, side: 'a' });
    for (const entry of pair.b) matcher.add(entry, { kind: 'near', index, side: 'b' });
  });
  const self = new Set(lexicon.selfAttributing);
  // A self-attributing cue missing from the strong cues would silently do nothing: refuse the lexicon.
  const missing = lexicon.selfAttributing.find((entry) => !lexicon.attribution.strong.includes(entry));
  if (missing) throw new Error(`${language} lexicon: self-attributing cue "${missing}" is not a strong attribution cue`);
  for (const entry of lexicon.attribution.strong) matcher.add(entry, { kind: 'attribution', weight: STRONG, self: self.has(entry) });
  for (const entry of lexicon.attribution.weak) matcher.add(entry, { kind: 'attribution', weight: WEAK, self: false });
  for (const entry of lexicon.shields) matcher.add(entry, { kind: 'shield' });
  for (const entry of lexicon.crowds) matcher.add(entry, { kind: 'crowd', local: false });
  for (const entry of lexicon.counts) matcher.add(entry, { kind: 'crowd', local: true });
  for (const entry of lexicon.postShields) matcher.add(entry, { kind: 'postShield' });
  for (const entry of lexicon.negations) matcher.add(entry, { kind: 'negation' });
  for (const entry of lexicon.sentiment.positive) matcher.add(entry, { kind: 'sentiment', polarity: 1 });
  for (const entry of lexicon.sentiment.negative) matcher.add(entry, { kind: 'sentiment', polarity: -1 });
  return { matcher: matcher.seal(), near: lexicon.near };
}

export type Field = 'title' | 'body';

/** One category word found, with its place. */
export interface CategoryEvidence {
  category: Bucket;
  field: Field;
  start: number;
  end: number;
  weight: number;
  sentence: number;
  /** The words as folded, to count a word repeated in one sentence once. */
  form: string;
}

/** An attribution cue found, with its place. */
export interface AttributionCue {
  start: number;
  end: number;
  weight: number;
  /** The cue is an attribution of a crime by itself ("pleaded guilty"). */
  self: boolean;
  /** The cue is about anonymous people (see LanguageLexicon.crowds). */
  anonymous: boolean;
  /** A crowd word (not a mere number) made it anonymous, so its whole sentence is. */
  spreads: boolean;
  sentence: number;
}

/** What one field (title or body) yields: category evidence, attribution cues and sentiment counts. */
export interface FieldAnalysis {
  field: Field;
  evidence: CategoryEvidence[];
  cues: AttributionCue[];
  positive: number;
  negative: number;
}

/**
 * Keeps, among hits of one kind, only those not inside a longer hit ("laundering" inside "money
 * laundering"), and one of several hits on the same words (two spellings of one entry).
 */
function outermost<P>(hits: PhraseMatch<P>[]): PhraseMatch<P>[] {
  return hits.filter(
    (h, i) =>
      !hits.some((o, j) => o.from <= h.from && o.to >= h.to && (o.to - o.from > h.to - h.from || (j < i && o.from === h.from && o.to === h.to))),
  );
}

/**
 * True when a blocker covers the hit, or ends just before it in the same sentence, within the
 * blocker's reach (or, with `after`, starts that close after it: "arrested three people").
 */
function cancelled(from: number, to: number, blockers: PhraseMatch<Payload>[], tokens: readonly Token[], after = false): boolean {
  for (const b of blockers) {
    if (tokens[b.from].sentence !== tokens[from].sentence) continue;
    const reach = b.payload.kind === 'shield' || b.payload.kind === 'postShield' ? SHIELD_REACH : NEGATION_REACH;
    if (b.from <= from && b.to >= to) return true;
    if (b.to <= from && from - b.to < reach) return true;
    if (after && b.from >= to && b.from - to < reach) return true;
  }
  return false;
}

export function analyseField(text: string, field: Field, lexicon: CompiledLexicon): FieldAnalysis {
  const tokens = tokenize(text);
  const matches = lexicon.matcher.match(tokens);
  const analysis: FieldAnalysis = { field, evidence: [], cues: [], positive: 0, negative: 0 };
  const shields: PhraseMatch<Payload>[] = [];
  const crowds: PhraseMatch<Payload>[] = [];
  const postShields: PhraseMatch<Payload>[] = [];
  const negations: PhraseMatch<Payload>[] = [];
  const categories: PhraseMatch<Payload>[] = [];
  const attributions: PhraseMatch<Payload>[] = [];
  const nearHits: PhraseMatch<Payload>[] = [];
  const sentiments: PhraseMatch<Payload>[] = [];
  for (const m of matches) {
    const kind = m.payload.kind;
    if (kind === 'shield') shields.push(m);
    else if (kind === 'crowd') crowds.push(m);
    else if (kind === 'postShield') postShields.push(m);
    else if (kind === 'negation') negations.push(m);
    else if (kind === 'category') categories.push(m);
    else if (kind === 'attribution') attributions.push(m);
    else if (kind === 'near') nearHits.push(m);
    else sentiments.push(m);
  }
  for (const m of sentiments) {
    if (m.payload.kind !== 'sentiment' || cancelled(m.from, m.to, negations, tokens)) continue;
    if (m.payload.polarity > 0) analysis.positive++;
    else analysis.negative++;
  }
  const blockers = [...shields, ...negations];
  // A category word inside a longer attribution cue is part of the cue ("criminal" in "criminal
  // case"), and a cue inside a longer category phrase is part of the crime's name ("fiscal" in
  // Spanish "fraude fiscal" is not the prosecutor).
  const within = (m: PhraseMatch<Payload>, others: PhraseMatch<Payload>[]) => others.some((o) => o.from <= m.from && o.to >= m.to && o.to - o.from > m.to - m.from);
  const add = (category: Bucket, from: number, to: number, weight: number) => {
    const start = tokens[from].start;
    const end = tokens[to - 1].end;
    // The same words found twice for one category (an entry and a near pair) count once.
    if (analysis.evidence.some((e) => e.category === category && e.start < end && start < e.end)) return;
    const form = tokens.slice(from, to).map((t) => t.norm).join(' ');
    analysis.evidence.push({ category, field, start, end, weight, sentence: tokens[from].sentence, form });
  };
  for (const m of outermostPerCategory(categories)) {
    if (m.payload.kind !== 'category' || cancelled(m.from, m.to, blockers, tokens) || within(m, attributions)) continue;
    if (cancelled(m.from, m.to, postShields, tokens, true)) continue;
    add(m.payload.category, m.from, m.to, m.payload.weight);
  }
  const spreaders = crowds.filter((c) => c.payload.kind === 'crowd' && !c.payload.local);
  for (const m of outermost(attributions)) {
    if (m.payload.kind !== 'attribution' || cancelled(m.from, m.to, blockers, tokens) || within(m, categories)) continue;
    analysis.cues.push({
      start: tokens[m.from].start,
      end: tokens[m.to - 1].end,
      weight: m.payload.weight,
      self: m.payload.self,
      anonymous: cancelled(m.from, m.to, crowds, tokens, true),
      spreads: cancelled(m.from, m.to, spreaders, tokens, true),
      sentence: tokens[m.from].sentence,
    });
  }
  // A sentence that speaks of anonymous people speaks of them throughout: "unknown men were
  // detained and a criminal case was opened against them" is one anonymous report, not a named one.
  const anonymousSentences = new Set(analysis.cues.filter((c) => c.spreads).map((c) => c.sentence));
  for (const c of analysis.cues) if (anonymousSentences.has(c.sentence)) c.anonymous = true;
  // A near pair counts once per sentence, spanning both halves, so the highlight shows the whole phrase.
  const seen = new Set<string>();
  for (const a of nearHits) {
    if (a.payload.kind !== 'near' || a.payload.side !== 'a' || cancelled(a.from, a.to, blockers, tokens)) continue;
    const index = a.payload.index;
    const b = nearHits.find(
      (h) =>
        h.payload.kind === 'near' &&
        h.payload.index === index &&
        h.payload.side === 'b' &&
        tokens[h.from].sentence === tokens[a.from].sentence &&
        Math.max(h.from - a.to, a.from - h.to) <= NEAR_WINDOW,
    );
    const key = `${index}:${tokens[a.from].sentence}`;
    if (!b || seen.has(key)) continue;
    seen.add(key);
    const pair = lexicon.near[index];
    add(pair.category, Math.min(a.from, b.from), Math.max(a.to, b.to), pair.strong ? STRONG : WEAK);
  }
  return analysis;
}

/** Nested hits of the same category count once (the longest); different categories may overlap. */
function outermostPerCategory(hits: PhraseMatch<Payload>[]): PhraseMatch<Payload>[] {
  const byCategory = new Map<string, PhraseMatch<Payload>[]>();
  for (const h of hits) {
    if (h.payload.kind !== 'category') continue;
    const list = byCategory.get(h.payload.category) ?? [];
    list.push(h);
    byCategory.set(h.payload.category, list);
  }
  // Among hits on the same words, the strong reading wins ("steuer*" and "*steuerhinterzieh*" on one word).
  const weight = (h: PhraseMatch<Payload>) => (h.payload.kind === 'category' ? h.payload.weight : 0);
  return [...byCategory.values()].flatMap((list) => outermost(list.sort((a, b) => weight(b) - weight(a))));
}

export interface Decision {
  adverse: boolean;
  /** Category -> score, every category with evidence ("generic" included). */
  scores: Map<Bucket, number>;
  categories: AdverseCategory[];
  /** The evidence behind the categories, for keywords and highlights (generic evidence reported as other_crime). */
  counted: (CategoryEvidence & { category: AdverseCategory })[];
}

function group<T extends { sentence: number }>(items: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const list = out.get(item.sentence) ?? [];
    list.push(item);
    out.set(item.sentence, list);
  }
  return out;
}

/**
 * Scores each category over the sentences of the title and body. A word is worth its weight (strong
 * 2, weak 1) times (1 + the strongest attribution cue of its sentence that is not the word itself:
 * 0, 1 or 2); a weak word with no cue is worth nothing. Sentences worth less than 3 to a category
 * (a crime word in passing, a weak word next to a weak cue) add together up to LOW_CAP only, so
 * background mentions spread over a long article do not add up to an accusation. A self-attributing
 * cue ("was convicted") in a sentence where nothing reaches 4 makes it a generic sentence of 4, so
 * "X was arrested" counts even when no crime is named.
 */
export function decide(fields: FieldAnalysis[]): Decision {
  const high = new Map<Bucket, number>();
  const low = new Map<Bucket, number>();
  const counted: CategoryEvidence[] = [];
  const credit = (bucket: Bucket, value: number) => {
    const pool = value >= 3 ? high : low;
    pool.set(bucket, (pool.get(bucket) ?? 0) + value);
  };
  // A headline names the topic and the body reports the investigation or the trial: a strong crime
  // word in the title counts as if the body's cues were next to it (at the weak level).
  const bodyCue = fields.some((f) => f.field === 'body' && f.cues.length > 0) ? WEAK : 0;
  const titleAboutWrongdoing = fields.some((f) => f.field === 'title' && (f.cues.length > 0 || f.evidence.some((e) => e.weight === STRONG)));
  for (const f of fields) {
    const weight = f.field === 'title' ? TITLE_WEIGHT : 1;
    const floor = f.field === 'title' ? bodyCue : 0;
    const cuesBySentence = group(f.field === 'body' && !titleAboutWrongdoing ? f.cues.filter((c) => !c.anonymous) : f.cues);
    const evidenceBySentence = group(f.evidence);
    for (const sentence of new Set([...evidenceBySentence.keys(), ...cuesBySentence.keys()])) {
      const cues = cuesBySentence.get(sentence) ?? [];
      const perBucket = new Map<Bucket, number>();
      const seen = new Set<string>();
      for (const e of evidenceBySentence.get(sentence) ?? []) {
        const cue = Math.max(e.weight === STRONG ? floor : 0, ...cues.filter((c) => c.end <= e.start || c.start >= e.end).map((c) => c.weight));
        if (e.weight === WEAK && cue === 0) continue;
        counted.push(e);
        // A word repeated in one sentence ("article 214, Vandalism: vandalism is ...") counts once.
        if (seen.has(`${e.category}:${e.form}`)) continue;
        seen.add(`${e.category}:${e.form}`);
        perBucket.set(e.category, (perBucket.get(e.category) ?? 0) + e.weight * (1 + cue));
      }
      const self = cues.filter((c) => c.self);
      if (self.length > 0 && Math.max(0, ...perBucket.values()) < SELF_VALUE) {
        perBucket.set('generic', SELF_VALUE);
        for (const c of self) counted.push({ category: 'generic', field: f.field, start: c.start, end: c.end, weight: STRONG, sentence, form: '' });
      }
      for (const [bucket, value] of perBucket) credit(bucket, Math.min(SENTENCE_CAP, value) * weight);
    }
  }
  const scores = new Map<Bucket, number>();
  for (const b of new Set([...high.keys(), ...low.keys()])) scores.set(b, (high.get(b) ?? 0) + Math.min(LOW_CAP, low.get(b) ?? 0));
  const ranked = [...scores.entries()].filter(([b]) => b !== 'generic').sort((a, b) => b[1] - a[1]) as [AdverseCategory, number][];
  const top = ranked[0]?.[1] ?? 0;
  const adverse = Math.max(top, scores.get('generic') ?? 0) >= ADVERSE_THRESHOLD;
  // A category beyond the strongest needs a strong word of its own: weak words ("violation",
  // "tax") follow the story's cues too easily to name a second category.
  const strong = new Set(counted.filter((e) => e.weight === STRONG).map((e) => e.category));
  let categories = adverse
    ? ranked.filter(([c, s], i) => s >= top * CATEGORY_SHARE && s >= 3 && (i === 0 || strong.has(c))).map(([c]) => c)
    : [];
  if (adverse && categories.length === 0) categories = ['other_crime'];
  const keep = new Set<Bucket>(categories);
  const generic = categories.length === 1 && categories[0] === 'other_crime';
  const shown = counted.filter((e) => keep.has(e.category) || (generic && e.category === 'generic'));
  return { adverse, scores, categories, counted: shown.map((e) => ({ ...e, category: e.category === 'generic' ? 'other_crime' : e.category })) };
}
