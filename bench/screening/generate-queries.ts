/**
 * Generates the benchmark's query files from the bundled lists (run:
 * `npx tsx bench/screening/generate-queries.ts [LISTS_DIR]`):
 *  - hits.csv: listed people's names perturbed as customer records perturb them
 *    (a typo, swapped name order, a dropped middle name, a doubled or dropped
 *    letter, a common transliteration variant, the name in Cyrillic), sometimes
 *    with the listed birth date or nationality, plus the intended entity's id;
 *  - none.csv: plausible names that are not listed: common given names and
 *    surnames of many countries recombined, and listed given names paired with
 *    surnames from other entries, none equal to a listed name.
 * The layout is full_name, first_name, middle_name, last_name, gender,
 * date_of_birth, place_of_birth, nationality (+ expected_entity_id for hits).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import anyAscii from 'any-ascii';
import { LIST_DEFINITIONS, listConfigured, readListFiles } from '../../server/screening/loaders/index';
import { mergeLists } from '../../server/screening/engine';
import { filesVersion } from '../../server/screening/loaders/index';
import type { ListedEntity, LoadedList } from '../../server/screening/types';

const here = dirname(fileURLToPath(import.meta.url));
const listsDir = resolve(process.argv[2] ?? process.env.LISTS_DIR ?? join(here, '../../../shared/data/lists'));
const COUNT = Number(process.env.QUERY_COUNT ?? 500);

let seed = 20260101;
function rand(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}
const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];

const lists: LoadedList[] = LIST_DEFINITIONS.filter((def) => listConfigured(listsDir, def)).map((def) => {
  const files = readListFiles(listsDir, def);
  return { id: def.id, name: def.name, database: def.database, entities: def.parse(files), version: filesVersion(files), loaded_at: '' };
});
const entities = mergeLists(lists);
const people = entities.filter((e) => e.kind === 'person' && /^[A-Za-z ,.'-]+$/.test(e.names[0].full));

interface Parts {
  first: string;
  middle: string;
  last: string;
}
function split(e: ListedEntity): Parts {
  const full = e.names[0].full.replace(/\s+/g, ' ').trim();
  if (full.includes(',')) {
    const [last, given] = full.split(',', 2).map((s) => s.trim());
    const g = given.split(' ');
    return { first: g[0] ?? '', middle: g.slice(1).join(' '), last: titleCase(last) };
  }
  const w = full.split(' ');
  return { first: w[0], middle: w.slice(1, -1).join(' '), last: w[w.length - 1] };
}
function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, a, b) => a + b.toUpperCase());
}

const CYRILLIC: Record<string, string> = { a: 'а', b: 'б', v: 'в', g: 'г', d: 'д', e: 'е', z: 'з', i: 'и', y: 'й', k: 'к', l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', r: 'р', s: 'с', t: 'т', u: 'у', f: 'ф', h: 'х', c: 'ц', w: 'в', x: 'кс', j: 'дж', q: 'к' };
const toCyrillic = (s: string) => s.toLowerCase().replace(/sh/g, 'ш').replace(/ch/g, 'ч').replace(/kh/g, 'х').replace(/zh/g, 'ж').replace(/[a-z]/g, (ch) => CYRILLIC[ch] ?? ch);

const VARIANTS: Array<[RegExp, string]> = [[/ph/i, 'f'], [/ou/i, 'u'], [/ee/i, 'i'], [/y/i, 'i'], [/k/i, 'q'], [/mm/i, 'm'], [/ss/i, 's'], [/w/i, 'v'], [/ie/i, 'i'], [/v/i, 'w']];

function typo(w: string): string {
  if (w.length < 5) return w;
  const i = 1 + Math.floor(rand() * (w.length - 2));
  const op = rand();
  if (op < 0.33) return w.slice(0, i) + w.slice(i + 1); // drop
  if (op < 0.66) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // swap
  return w.slice(0, i) + w[i] + w.slice(i); // double
}

function perturb(p: Parts): { text: string; how: string } {
  const r = rand();
  if (r < 0.2) return { text: `${p.first} ${typo(p.last)}`.trim(), how: 'typo' };
  if (r < 0.35) return { text: `${p.last} ${p.first} ${p.middle}`.replace(/\s+/g, ' ').trim(), how: 'reorder' };
  if (r < 0.5 && p.middle) return { text: `${p.first} ${p.last}`, how: 'dropped_middle' };
  if (r < 0.65) {
    const [re, to] = pick(VARIANTS);
    const text = `${p.first} ${p.middle} ${p.last}`.replace(/\s+/g, ' ').trim();
    return { text: re.test(text) ? text.replace(re, to) : typo(text), how: 'transliteration' };
  }
  if (r < 0.75) return { text: toCyrillic(`${p.first} ${p.last}`), how: 'cyrillic' };
  if (r < 0.85) return { text: `${typo(p.first)} ${p.middle} ${p.last}`.replace(/\s+/g, ' ').trim(), how: 'given_typo' };
  return { text: `${p.first} ${p.middle} ${p.last}`.replace(/\s+/g, ' ').trim().toUpperCase(), how: 'exact_upper' };
}

function iso(e: ListedEntity): string {
  const d = e.birth_dates.find((x) => x.year && x.year > 1900);
  if (!d) return '';
  return [d.year, d.month && String(d.month).padStart(2, '0'), d.day && String(d.day).padStart(2, '0')].filter(Boolean).join('-');
}
const csv = (xs: Array<string | undefined>) => xs.map((x) => `"${(x ?? '').replace(/"/g, '""')}"`).join(',');
const HEADER = 'full_name,first_name,middle_name,last_name,gender,date_of_birth,place_of_birth,nationality';

// Hits.
const hitRows: string[] = [HEADER + ',expected_entity_id,perturbation'];
const used = new Set<string>();
while (hitRows.length <= COUNT && used.size < people.length) {
  const e = pick(people);
  if (used.has(e.id)) continue;
  used.add(e.id);
  const p = split(e);
  if (!p.first || !p.last) continue;
  const { text, how } = perturb(p);
  const withDob = rand() < 0.4 ? iso(e) : '';
  const withNat = rand() < 0.3 ? (e.nationalities[0] ?? '') : '';
  hitRows.push(csv([text, '', '', '', rand() < 0.3 ? (e.gender ?? '') : '', withDob, '', withNat]) + `,${csv([e.id, how])}`);
}

// Unlisted names.
const GIVEN = ['James', 'Mary', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'William', 'Linda', 'David', 'Elizabeth', 'Carlos', 'Lucia', 'Jose', 'Sofia', 'Luis', 'Camila', 'Ahmed', 'Fatima', 'Omar', 'Aisha', 'Yusuf', 'Layla', 'Dmitri', 'Olga', 'Sergei', 'Natalia', 'Andrei', 'Elena', 'Wei', 'Fang', 'Jun', 'Mei', 'Hiroshi', 'Yuki', 'Min-jun', 'Seo-yeon', 'Arjun', 'Priya', 'Rahul', 'Ananya', 'Kwame', 'Amara', 'Chinedu', 'Ngozi', 'Lars', 'Ingrid', 'Pierre', 'Camille', 'Hans', 'Greta', 'Giulia', 'Marco', 'Joao', 'Beatriz', 'Mehmet', 'Elif', 'Reza', 'Leila', 'Tomasz', 'Agnieszka'];
const FAMILY = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Garcia', 'Martinez', 'Rodriguez', 'Lopez', 'Gonzalez', 'Perez', 'Sanchez', 'Ramirez', 'Khan', 'Hussain', 'Rahman', 'Haddad', 'Mansour', 'Saleh', 'Ivanov', 'Smirnov', 'Kuznetsov', 'Popova', 'Volkova', 'Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Tanaka', 'Suzuki', 'Sato', 'Park', 'Choi', 'Sharma', 'Patel', 'Singh', 'Gupta', 'Mensah', 'Okafor', 'Adeyemi', 'Nilsson', 'Larsen', 'Dubois', 'Laurent', 'Muller', 'Schneider', 'Rossi', 'Bianchi', 'Silva', 'Santos', 'Yilmaz', 'Kaya', 'Ahmadi', 'Nowak', 'Kowalski'];
const listed = new Set(entities.flatMap((e) => e.names.map((n) => anyAscii(n.full).toLowerCase().replace(/[^a-z]+/g, ' ').trim().split(' ').sort().join(' '))));
const listedGiven = people.map((e) => split(e).first).filter((x) => /^[A-Za-z]{3,}$/.test(x));
const listedFamily = people.map((e) => split(e).last).filter((x) => /^[A-Za-z]{3,}$/.test(x));
const noneRows: string[] = [HEADER + ',source'];
const seen = new Set<string>();
while (noneRows.length <= COUNT) {
  const mixed = rand() < 0.3;
  const first = mixed ? pick(listedGiven) : pick(GIVEN);
  const last = mixed ? pick(listedFamily) : pick(FAMILY);
  const middle = rand() < 0.2 ? pick(GIVEN) : '';
  const full = `${first} ${middle} ${last}`.replace(/\s+/g, ' ').trim();
  const key = full.toLowerCase().replace(/[^a-z]+/g, ' ').trim().split(' ').sort().join(' ');
  if (listed.has(key) || seen.has(key)) continue;
  seen.add(key);
  const year = 1950 + Math.floor(rand() * 50);
  noneRows.push(csv([full, first, middle, last, '', rand() < 0.5 ? String(year) : '', '', '']) + `,${csv([mixed ? 'listed-words-recombined' : 'common-names'])}`);
}

writeFileSync(join(here, 'hits.csv'), hitRows.join('\n') + '\n');
writeFileSync(join(here, 'none.csv'), noneRows.join('\n') + '\n');
console.log(`wrote ${hitRows.length - 1} hit queries and ${noneRows.length - 1} unlisted queries to ${here}`);
