/**
 * One entity across lists. Publishers list the same person, company or vessel
 * independently (OFAC and the UN both list most DPRK and ISIL designations; the
 * CSL's Entity List names companies the SDN list also names), and a screening
 * should raise the entity once, with every listing. Listings are joined on
 * evidence only:
 *   - copy: a list republishes a record of another loaded list (the CSL's
 *     Treasury rows cite their OFAC id, its DPL rows the DPL name; OFAC's non-SDN
 *     rows repeat SDN ids);
 *   - cross_reference: both cite the same UN reference number;
 *   - identifier: the same strong number of the same kind (passport, national
 *     id, IMO, registration number, SWIFT/BIC ...) issued by the same country;
 *   - name_and_date: the same name after normalisation and, for people, the same
 *     full birth date (or year and nationality), for organisations and vessels the
 *     same country or any shared identifier.
 * Never joined: two listings of one list (two SDN entries are two entities),
 * a person with an organisation, two people of different genders, listings whose
 * numbers of one kind disagree, and any pair the operator split.
 * The merged entity keeps the first listing's id (lists in their fixed order), so
 * case hits stored before keep pointing at it; every listing stays in `listings`.
 */
import { readFileSync } from 'node:fs';
import { identifierKey, simpleKey } from './normalize';
import type { EntityKind, EntityName, Identifier, ListedEntity, Listing, LoadedList, MergeReason, PartialDate } from './types';

export interface MergeOptions {
  /** false: only drop the copies the CSL and OFAC's non-SDN lists make of loaded records (no listings kept). Default true. */
  enabled?: boolean;
  /** Pairs of listing ids that must never end up in one entity (an analyst found a wrong merge). */
  splits?: Array<[string, string]>;
}

export interface MergeStats {
  entities_in: number;
  entities_out: number;
  /** Entities made of more than one listing. */
  groups: number;
  /** Listings joined to another, by the rule that joined them. */
  by_rule: Record<MergeReason['rule'], number>;
  /** Joins refused because of a split pair. */
  split: number;
}

export interface MergeResult {
  entities: ListedEntity[];
  stats: MergeStats;
}

type IdClass =
  | 'passport' | 'national_id' | 'tax_id' | 'registration' | 'imo' | 'mmsi' | 'swift' | 'lei' | 'duns' | 'crypto' | 'wikidata' | 'bik';

/**
 * Identifier labels of the lists, by what the number is. Two labels of one class name the same kind of
 * document ("Cedula No." and "National ID No."). Phone numbers, e-mails and websites are left out: front
 * companies and relatives share them; aircraft serial numbers are unique per model only.
 */
const ID_CLASSES: Array<[IdClass, RegExp]> = [
  ['passport', /passport|passeport|pasaporte|pasport|reisepass/i],
  ['national_id', /national id|national identification|personal id|identity card|id card|c[eé]dula|c\.?u\.?r\.?p|citizen'?s card|turkish identification|kenyan id|moroccan personal|bosnian personal|stateless person/i],
  ['tax_id', /tax id|\bnit\b|\brfc\b|\bruc\b|v\.?a\.?t\.?|\binn\b|taxpayer/i],
  ['imo', /\bimo\b|vessel registration identification/i],
  ['mmsi', /\bmmsi\b/i],
  ['swift', /swift|\bbic\b/i],
  ['lei', /legal entity number|\blei\b/i],
  ['duns', /d-u-n-s|\bduns\b/i],
  ['bik', /\bbik\b/i],
  ['crypto', /digital currency address/i],
  ['wikidata', /wikidata/i],
  ['registration', /registration|company number|commercial regist|incorporation|chamber of commerce|enterprise number|matricula mercantil|unified social credit|\bogrn\b|c\.r\. no/i],
];

/** Classes of which a listing holds one number per issuing country: two different numbers mean two entities. */
const EXCLUSIVE: Set<IdClass> = new Set(['passport', 'national_id', 'tax_id', 'imo', 'mmsi', 'swift', 'lei', 'duns', 'wikidata', 'bik']);

/** UN Security Council reference numbers: "QDi.115", "KPe.001", "CDi.001". */
const UN_REFERENCE = /^[A-Z]{2}[ie]\.\d{2,4}$/;
const UN_REFERENCE_IN_TEXT = /\bUN\b[^;.]{0,24}?\b([A-Z]{2}[ie]\.\d{2,4})\b/g;
const UN_REFERENCE_LABEL = /\bUN\b|united nations/i;

interface StrongId {
  cls: IdClass;
  key: string;
  country?: string;
  type: string;
  number: string;
}

const CLASS_LABELS: Record<IdClass, string> = {
  passport: 'passport', national_id: 'national ID', tax_id: 'tax ID', registration: 'registration number', imo: 'IMO', mmsi: 'MMSI', swift: 'SWIFT/BIC',
  lei: 'LEI', duns: 'D-U-N-S', crypto: 'digital currency address', wikidata: 'Wikidata id', bik: 'BIK',
};

function idClass(type: string): IdClass | undefined {
  for (const [cls, re] of ID_CLASSES) if (re.test(type)) return cls;
  return undefined;
}

function strongIds(e: ListedEntity): StrongId[] {
  const out: StrongId[] = [];
  for (const i of e.identifiers) {
    const cls = idClass(i.type);
    if (!cls) continue;
    let key = identifierKey(i.number);
    if (cls === 'imo' || cls === 'mmsi') key = key.replace(/^(IMO|MMSI)/, '');
    // Short or letter-only numbers ("0", "N/A", a bare "IMO") identify nothing.
    if (cls === 'swift' ? key.length < 8 : key.length < 5 || !/\d/.test(key)) continue;
    out.push({ cls, key, country: i.country && /^[A-Z]{2}$/.test(i.country) ? i.country : undefined, type: i.type, number: i.number });
  }
  return out;
}

/** UN reference numbers an entity carries: the UN's own (kept with its programmes) and those other lists cite. */
function unReferences(e: ListedEntity): string[] {
  const out = new Set<string>();
  for (const p of e.programs) if (UN_REFERENCE.test(p)) out.add(p);
  for (const i of e.identifiers) if (UN_REFERENCE_LABEL.test(i.type) && UN_REFERENCE.test(i.number.trim())) out.add(i.number.trim());
  for (const m of (e.remarks ?? '').matchAll(UN_REFERENCE_IN_TEXT)) out.add(m[1]);
  return [...out];
}

/** Kinds that may be one entity: the lists disagree whether a designated group is a company or an organisation. */
function kindGroup(kind: EntityKind): string {
  return kind === 'organisation' ? 'company' : kind;
}

/** A listing of one list: the CSL carries many publishers' lists, each its own. */
function listKey(e: ListedEntity): string {
  return `${e.list_id}|${e.source}`;
}

const compatibleCountry = (a?: string, b?: string) => !a || !b || a === b;

interface Info {
  ids: StrongId[];
  /** Order-free normalised form of each primary, strong and original-script name -> the name as written. */
  names: Map<string, string>;
  /** Words of those names (three letters or more). */
  words: Set<string>;
}

const NAME_KINDS_COMPARED = new Set<EntityName['kind']>(['primary', 'strong', 'original']);

/**
 * A name's words, case, accents and punctuation folded, in written order. Deliberately plainer than
 * prepareName (no phonetic folding, legal forms as written): a merge wants the same name, not a similar
 * one, and this runs on every name of every list at each load (prepareName would add 1.5 s).
 */
function plainWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function info(e: ListedEntity): Info {
  const names = new Map<string, string>();
  const words = new Set<string>();
  for (const n of e.names) {
    if (!NAME_KINDS_COMPARED.has(n.kind)) continue;
    const ws = plainWords(n.full);
    for (const w of ws) if (w.length >= 3) words.add(w);
    // A single word is a person's given name or a nickname, not who they are.
    const real = ws.filter((w) => w.length >= 2).length;
    if (e.kind === 'person' ? real < 2 : real < 1) continue;
    const key = [...ws].sort().join(' ');
    if (!names.has(key)) names.set(key, n.full);
  }
  return { ids: strongIds(e), names, words };
}

/** Two listings' numbers of an exclusive kind disagree: same kind, compatible issuers, no number in common. */
function conflict(a: Info, b: Info): boolean {
  for (const cls of EXCLUSIVE) {
    const xs = a.ids.filter((x) => x.cls === cls);
    if (!xs.length) continue;
    const ys = b.ids.filter((y) => y.cls === cls);
    if (!ys.length || xs.some((x) => ys.some((y) => y.key === x.key))) continue;
    // Passports of two countries are two passports of one person, not a disagreement.
    if (xs.some((x) => ys.some((y) => compatibleCountry(x.country, y.country)))) return true;
  }
  return false;
}

function fullDate(d: PartialDate): string | undefined {
  if (!d.year || !d.month || !d.day || d.approximate) return undefined;
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

function exactYear(d: PartialDate): number | undefined {
  return d.year && !d.approximate ? d.year : undefined;
}

/** The date (people) or country (organisations, vessels) evidence that goes with an equal name, or nothing. */
function nameEvidence(a: ListedEntity, b: ListedEntity, nameA: string, nameB: string): string | undefined {
  const name = nameA.toLowerCase() === nameB.toLowerCase() ? `"${nameA}"` : `"${nameA}" / "${nameB}"`;
  if (a.kind === 'person') {
    const dates = new Set(a.birth_dates.map(fullDate).filter(Boolean));
    const theirs = b.birth_dates.map(fullDate).filter(Boolean);
    const date = theirs.find((d) => dates.has(d));
    if (date) return `same name ${name} and birth date ${date}`;
    // Two exact birth dates that differ are two people, whatever the year says.
    if (dates.size && theirs.length) return undefined;
    const years = new Set(a.birth_dates.map(exactYear).filter(Boolean));
    const year = b.birth_dates.map(exactYear).find((y) => y && years.has(y));
    const nationality = b.nationalities.find((n) => a.nationalities.includes(n));
    if (year && nationality) return `same name ${name}, birth year ${year} and nationality ${nationality}`;
    return undefined;
  }
  const country = b.countries.find((c) => a.countries.includes(c));
  if (country) return `same name ${name} and country ${country}`;
  const keys = new Map(a.identifiers.map((i) => [identifierKey(i.number), i] as const));
  const shared = b.identifiers.find((i) => identifierKey(i.number).length >= 5 && keys.has(identifierKey(i.number)));
  if (shared) return `same name ${name} and ${shared.type} ${shared.number}`;
  return undefined;
}

class Groups {
  private parent: number[];
  readonly members: number[][];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
    this.members = Array.from({ length: n }, (_, i) => [i]);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]];
      i = this.parent[i];
    }
    return i;
  }
  union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    if (this.members[ra].length < this.members[rb].length) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.members[ra].push(...this.members[rb]);
    this.members[rb] = [];
  }
}

const emptyStats = (n: number): MergeStats => ({ entities_in: n, entities_out: n, groups: 0, by_rule: { copy: 0, cross_reference: 0, identifier: 0, name_and_date: 0 }, split: 0 });

/** What the engine did before merging existed: drop the copies of loaded records, adding their programmes. */
function dropCopies(all: ListedEntity[], original: Map<number, number>): ListedEntity[] {
  const extra = new Map<number, Set<string>>();
  for (const [copy, of] of original) {
    const set = extra.get(of) ?? new Set(all[of].programs);
    for (const p of all[copy].programs) set.add(p);
    extra.set(of, set);
  }
  const out: ListedEntity[] = [];
  all.forEach((e, i) => {
    if (original.has(i)) return;
    out.push(extra.has(i) ? { ...e, programs: [...extra.get(i)!] } : e);
  });
  return out;
}

/** The lists' entities with each entity listed by several lists as one (lists in their fixed order). */
export function mergeEntities(lists: LoadedList[], options: MergeOptions = {}): MergeResult {
  const all = lists.flatMap((l) => l.entities);
  const stats = emptyStats(all.length);
  const index = new Map<string, number>();
  all.forEach((e, i) => {
    if (!index.has(e.id)) index.set(e.id, i);
    // The CSL cites a DPL record by its name (the DPL has no ids).
    if (e.list_id === 'us_bis_dpl') index.set(`us_bis_dpl#${simpleKey(e.names[0]?.full ?? '')}`, i);
  });
  const splits = new Map<number, Set<number>>();
  for (const [a, b] of options.splits ?? []) {
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia === undefined || ib === undefined) continue;
    splits.set(ia, (splits.get(ia) ?? new Set()).add(ib));
    splits.set(ib, (splits.get(ib) ?? new Set()).add(ia));
  }

  // Copies first: they are one record published twice, whatever else they share.
  const copyOf = new Map<number, number>();
  all.forEach((e, i) => {
    if (!e.duplicate_of) return;
    const of = e.duplicate_of.map((d) => index.get(d)).find((j) => j !== undefined && j !== i);
    if (of !== undefined && !splits.get(i)?.has(of)) copyOf.set(i, of);
  });
  if (options.enabled === false) {
    const entities = dropCopies(all, copyOf);
    return { entities, stats: { ...stats, entities_out: entities.length } };
  }

  const groups = new Groups(all.length);
  const reasons = new Map<number, MergeReason[]>();
  const infos: Info[] = all.map(info);
  const record = (a: number, b: number, rule: MergeReason['rule'], evidence: string) => {
    const ra = groups.find(a);
    const rb = groups.find(b);
    const joined = [...(reasons.get(ra) ?? []), ...(reasons.get(rb) ?? []), { rule, listings: [all[a].id, all[b].id] as [string, string], evidence }];
    groups.union(a, b);
    reasons.delete(ra);
    reasons.delete(rb);
    reasons.set(groups.find(a), joined);
    stats.by_rule[rule]++;
  };
  const splitBetween = (ra: number, rb: number) => groups.members[ra].some((x) => { const s = splits.get(x); return s && groups.members[rb].some((y) => s.has(y)); });

  for (const [copy, of] of copyOf) {
    // A copy of a copy (the CSL's row of an OFAC non-SDN row that repeats an SDN row) joins the record itself.
    let root = of;
    for (let hops = 0; copyOf.has(root) && copyOf.get(root) !== copy && hops < 4; hops++) root = copyOf.get(root)!;
    if (groups.find(copy) === groups.find(root) || splitBetween(groups.find(copy), groups.find(root))) continue;
    const cited = all[copy].duplicate_of!.find((d) => index.get(d) === of) ?? all[of].id;
    record(root, copy, 'copy', `${all[copy].source} repeats ${cited.replace(/^us_bis_dpl#/, 'the DPL entry ')}`);
  }

  /** Whether two groups may become one: different lists, compatible kinds and genders, no conflicting numbers, not split. */
  const mayJoin = (a: number, b: number): boolean => {
    const ra = groups.find(a);
    const rb = groups.find(b);
    if (ra === rb) return false;
    const ma = groups.members[ra];
    const mb = groups.members[rb];
    const lists = new Set(ma.map((x) => listKey(all[x])));
    if (mb.some((y) => lists.has(listKey(all[y])))) return false;
    for (const x of ma) for (const y of mb) {
      const ex = all[x];
      const ey = all[y];
      if (kindGroup(ex.kind) !== kindGroup(ey.kind)) return false;
      if (ex.gender && ey.gender && ex.gender !== ey.gender) return false;
      if (conflict(infos[x], infos[y])) return false;
    }
    if (splitBetween(ra, rb)) {
      stats.split++;
      return false;
    }
    return true;
  };

  const buckets = (keysOf: (i: number) => string[]) => {
    const out = new Map<string, number[]>();
    all.forEach((_, i) => {
      if (copyOf.has(i)) return;
      for (const k of keysOf(i)) {
        const l = out.get(k);
        if (l) {
          if (l[l.length - 1] !== i) l.push(i);
        } else out.set(k, [i]);
      }
    });
    return [...out].filter(([, l]) => l.length > 1);
  };

  for (const [ref, members] of buckets((i) => unReferences(all[i]))) {
    for (let j = 0; j < members.length; j++) for (let k = j + 1; k < members.length; k++) {
      if (mayJoin(members[j], members[k])) record(members[j], members[k], 'cross_reference', `UN reference ${ref} cited by both`);
    }
  }

  for (const [key, members] of buckets((i) => infos[i].ids.map((x) => `${x.cls}:${x.key}`))) {
    for (let j = 0; j < members.length; j++) for (let k = j + 1; k < members.length; k++) {
      const [a, b] = [members[j], members[k]];
      const x = infos[a].ids.find((v) => `${v.cls}:${v.key}` === key)!;
      const y = infos[b].ids.find((v) => `${v.cls}:${v.key}` === key)!;
      if (!compatibleCountry(x.country, y.country)) continue;
      // A number typed against the wrong record is likelier than one entity with unrelated names.
      if (![...infos[a].words].some((w) => infos[b].words.has(w))) continue;
      const label = x.cls === 'imo' || x.cls === 'mmsi' ? CLASS_LABELS[x.cls] : x.type === y.type ? x.type : `${CLASS_LABELS[x.cls]} (${x.type} / ${y.type})`;
      if (mayJoin(a, b)) record(a, b, 'identifier', `same ${label} ${x.cls === 'imo' || x.cls === 'mmsi' ? x.key : x.number}`);
    }
  }

  for (const [key, members] of buckets((i) => [...infos[i].names.keys()].map((k) => `${kindGroup(all[i].kind)}|${k}`))) {
    const name = key.slice(key.indexOf('|') + 1);
    for (let j = 0; j < members.length; j++) for (let k = j + 1; k < members.length; k++) {
      const [a, b] = [members[j], members[k]];
      if (groups.find(a) === groups.find(b) || listKey(all[a]) === listKey(all[b])) continue;
      const evidence = nameEvidence(all[a], all[b], infos[a].names.get(name)!, infos[b].names.get(name)!);
      if (evidence && mayJoin(a, b)) record(a, b, 'name_and_date', evidence);
    }
  }

  const out: ListedEntity[] = [];
  all.forEach((e, i) => {
    const members = groups.members[groups.find(i)];
    if (members.length === 1) {
      out.push(e);
      return;
    }
    // The entity takes the place and id of its first listing that is not a copy (a CSL row is not the DPL's record).
    const ordered = [...members].sort((a, b) => a - b);
    const head = ordered.find((m) => !copyOf.has(m)) ?? ordered[0];
    if (head !== i) return;
    out.push(combine(ordered.map((m) => all[m]), all[head], reasons.get(groups.find(i)) ?? []));
    stats.groups++;
  });
  stats.entities_out = out.length;
  return { entities: out, stats };
}

function listingOf(e: ListedEntity): Listing {
  const l: Listing = { id: e.id, list_id: e.list_id, source: e.source, database: e.database, programs: e.programs, names: e.names.map((n) => n.full) };
  if (e.source_url) l.source_url = e.source_url;
  if (e.listed_on) l.listed_on = e.listed_on;
  return l;
}

function uniqBy<T>(xs: T[], key: (x: T) => string): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = key(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** One entity from its listings: the head's name, kind and list first, the union of what every listing says. */
function combine(members: ListedEntity[], head: ListedEntity, reasons: MergeReason[]): ListedEntity {
  const rest = members.filter((m) => m !== head);
  const ordered = [head, ...rest];
  // Another list's primary name is a good name of the entity, not a second primary.
  const names: EntityName[] = uniqBy(
    ordered.flatMap((m) => m.names.map((n) => (m !== head && n.kind === 'primary' ? { ...n, kind: 'strong' as const } : n))),
    (n) => n.full.replace(/\s+/g, ' ').trim().toLowerCase(),
  );
  const remarks = uniqBy(ordered.filter((m) => m.remarks), (m) => m.remarks!).map((m, _, xs) => (xs.length > 1 ? `${m.source}: ${m.remarks}` : m.remarks!));
  const merged: ListedEntity = {
    ...head,
    programs: uniqBy(ordered.flatMap((m) => m.programs), (p) => p),
    names,
    birth_dates: uniqBy(ordered.flatMap((m) => m.birth_dates), (d) => JSON.stringify(d)),
    places_of_birth: uniqBy(ordered.flatMap((m) => m.places_of_birth), (p) => p.toLowerCase()),
    countries: uniqBy(ordered.flatMap((m) => m.countries), (c) => c),
    nationalities: uniqBy(ordered.flatMap((m) => m.nationalities), (c) => c),
    gender: ordered.find((m) => m.gender)?.gender,
    identifiers: uniqBy(ordered.flatMap((m) => m.identifiers), (i: Identifier) => `${i.type.toLowerCase()}|${identifierKey(i.number)}`),
    addresses: uniqBy(ordered.flatMap((m) => m.addresses), (a) => a.text.toLowerCase()),
    positions: uniqBy(ordered.flatMap((m) => m.positions), (p) => `${p.title}|${p.start ?? ''}|${p.end ?? ''}`),
    linked_to: uniqBy(ordered.flatMap((m) => m.linked_to), (l) => l.toLowerCase()),
    remarks: remarks.length ? remarks.join('\n') : undefined,
    listings: members.map(listingOf),
    merge_reasons: reasons,
  };
  delete merged.duplicate_of;
  if (!merged.gender) delete merged.gender;
  if (!merged.remarks) delete merged.remarks;
  return merged;
}

/** SCREENING_MERGE=off switches merging off; SCREENING_MERGE_SPLITS names a file of pairs never to merge. */
export function mergeOptionsFromEnv(env: NodeJS.ProcessEnv): MergeOptions {
  const enabled = !/^(off|false|0|no)$/i.test((env.SCREENING_MERGE ?? '').trim());
  const file = env.SCREENING_MERGE_SPLITS?.trim();
  return { enabled, splits: file ? parseSplits(readFileSync(file, 'utf8')) : [] };
}

/**
 * Split pairs from a file: one pair of listing ids a line ("us_ofac_sdn:123 un_sc_consolidated:456", comma
 * or spaces between, # starts a comment), or a JSON array of pairs.
 */
export function parseSplits(text: string): Array<[string, string]> {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const data = JSON.parse(trimmed) as unknown[];
    return data.map((p) => (Array.isArray(p) ? [String(p[0]), String(p[1])] : [String((p as any).a), String((p as any).b)])) as Array<[string, string]>;
  }
  const out: Array<[string, string]> = [];
  for (const line of trimmed.split(/\r?\n/)) {
    const ids = line.replace(/#.*/, '').split(/[\s,]+/).filter(Boolean);
    if (ids.length === 0) continue;
    if (ids.length !== 2) throw new Error(`merge splits: expected two listing ids on a line, got "${line.trim()}"`);
    out.push([ids[0], ids[1]]);
  }
  return out;
}
