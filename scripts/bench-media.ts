/**
 * Media Watcher benchmark: `npm run bench:media -- [--synthetic N] [--labels FILE]... [--runs R] [--json]`
 *
 * 1. Classification: precision, recall and F1 of the adverse decision (overall and per language) and the
 *    classifier's speed on every labelled file of MEDIA_DIR/labels/ and on each --labels FILE
 *    (scripts/bench-media-classify.ts classificationReport).
 * 2. Indexing: the shipped corpus (MEDIA_DIR) loaded into a scratch database as the corpus job loads it
 *    (read, classified, three search vectors, upserted 200 to a statement): articles per second.
 * 3. Search: p50 and p95 latency of typical searches (English and Russian words, a phrase, exclusions, any
 *    chips, country, language and window filters, names across scripts, date order, Fetch more) through
 *    searchArticles, snippets included, on the shipped corpus; then with --synthetic N generated articles
 *    added (varied multilingual text from a vocabulary, a fixed seed, N up to 1,000,000), indexed through
 *    ingestArticles like any article, and the searches again.
 *
 * The scratch database is PGlite in a temporary directory (as the server runs by default), or, with
 * DATABASE_URL, a new database on that Postgres server, dropped at the end. --json prints one JSON object.
 * Target on the 2-core machine: search p95 under 100 ms with 100,000 articles (docs/media-watcher.md).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { MediaLanguage, MediaQuery } from '../common/media';
import { openDatabase, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { forOrganisation } from '../server/db/tenant';
import { loadCorpus } from '../server/media-corpus/corpus-job';
import { ingestArticles, type ArticleInput } from '../server/media-corpus/ingest';
import { searchArticles } from '../server/media-corpus/search';
import { classificationReport, type ClassificationReport } from './bench-media-classify';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const JSON_OUT = flag('--json');
const SYNTHETIC = Math.min(1_000_000, Math.max(0, Number(option('--synthetic') ?? 0) || 0));
const RUNS = Math.max(5, Number(option('--runs') ?? 30) || 30);
const MEDIA_DIR = resolve(process.env.MEDIA_DIR ?? join(ROOT, '..', 'shared', 'data', 'media'));
const log = (...parts: unknown[]) => {
  if (!JSON_OUT) console.log(...parts);
};

// ---------------------------------------------------------------------------
// The searches measured

const kw = (term: string, mode: 'all' | 'any' | 'exclude' = 'all') => ({ term, mode });
export const QUERIES: { name: string; query: MediaQuery; offset?: number }[] = [
  { name: 'en word (fraud)', query: { keywords: [kw('fraud')], match: 'broad' } },
  { name: 'en inflection (laundered)', query: { keywords: [kw('laundered')], match: 'broad' } },
  { name: 'en phrase, exact', query: { keywords: [kw('money laundering')], match: 'exact' } },
  { name: 'all + any + exclude', query: { keywords: [kw('fraud'), kw('bank', 'any'), kw('investor', 'any'), kw('sport', 'exclude')], match: 'broad' } },
  { name: 'ru word (мошенничество)', query: { keywords: [kw('мошенничество')], match: 'broad' } },
  { name: 'ru word (взятка)', query: { keywords: [kw('взятка')], match: 'broad' } },
  { name: 'country US', query: { keywords: [kw('bribery')], match: 'broad', countries: ['US'] } },
  { name: 'language ru', query: { keywords: [kw('суд')], match: 'broad', languages: ['ru'] } },
  { name: 'window 1 year', query: { keywords: [kw('fraud')], match: 'broad', window: { amount: 1, unit: 'years' } } },
  { name: 'adverse only, by date', query: { keywords: [kw('sentenced')], match: 'broad', adverse_only: true, sort: 'date' } },
  { name: 'name Cyrillic (Мордашов)', query: { keywords: [kw('Мордашов')], match: 'broad' } },
  { name: 'name Latin (Mordashov)', query: { keywords: [kw('Mordashov')], match: 'broad' } },
  { name: 'name Arabic (محمد)', query: { keywords: [kw('محمد')], match: 'broad' } },
  { name: 'fetch more (offset 200)', query: { keywords: [kw('fraud')], match: 'broad' }, offset: 200 },
];

// ---------------------------------------------------------------------------
// Synthetic articles: a fixed seed, a vocabulary per language with a Zipf-like spread, a long tail of made-up
// words, names in three scripts, and adverse terms in a share of the articles.

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS: Record<MediaLanguage, string> = {
  en: 'the of and to in a is that for on was with he it as at by from his an were are which this be has had not have its but they after their who been one new also first two would year years people government said city police court state president minister company bank market report team club season public health school million percent week country election party law officials members national international news world british american european local region',
  es: 'el la de que y en los del se las por un para con no una su al lo como más pero sus le ya o fue este ha sí porque esta son entre está cuando muy sin sobre ser tiene también me hasta hay donde han quien están desde todo nos durante todos uno les ni contra otros fueron ese eso había ante ellos gobierno empresa ciudad policía tribunal presidente país',
  fr: 'le de un à être et en avoir que pour dans ce il qui ne sur se pas plus pouvoir par je avec tout faire son mettre autre on mais nous comme ou si leur y dire elle devant deux même prendre aussi gouvernement entreprise ville police tribunal président pays ministre banque marché rapport',
  de: 'der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen so zum war haben nur oder aber vor zur bis mehr durch Regierung Unternehmen Stadt Polizei Gericht Präsident Land Minister Bank Markt Bericht',
  ru: 'и в не на я быть он с что а по это она этот к но они мы как из у который то за свой что весь год от так о для ты же все тот мочь вы человек такой его сказать только или еще бы себя один как уже до время если сам когда другой вот говорить наш мой знать стать при чтобы дело жизнь правительство компания город полиция суд президент страна министр банк рынок доклад',
  ar: 'في من على أن إلى عن مع هذا التي الذي ما لا كان هذه بعد قد أو كل بين ذلك عند حيث منذ هو هي ثم وقد لم إن غير الحكومة الشركة المدينة الشرطة المحكمة الرئيس البلاد الوزير البنك السوق التقرير العام الدولة رئيس وزير مجلس',
};
const ADVERSE: Record<MediaLanguage, string[]> = {
  en: ['fraud', 'money laundering', 'bribery', 'corruption', 'sanctions', 'embezzlement', 'laundered', 'sentenced', 'indicted', 'investor', 'scheme', 'kickbacks', 'smuggling', 'tax evasion'],
  es: ['fraude', 'blanqueo de capitales', 'soborno', 'corrupción', 'sanciones', 'malversación', 'condenado', 'acusado'],
  fr: ['fraude', 'blanchiment', 'corruption', 'pots-de-vin', 'sanctions', 'escroquerie', 'condamné', 'détournement'],
  de: ['Betrug', 'Geldwäsche', 'Bestechung', 'Korruption', 'Sanktionen', 'Untreue', 'verurteilt', 'angeklagt'],
  ru: ['мошенничество', 'отмывание денег', 'взятка', 'коррупция', 'санкции', 'растрата', 'осужден', 'обвинение', 'суд'],
  ar: ['احتيال', 'غسل الأموال', 'رشوة', 'فساد', 'عقوبات', 'اختلاس', 'إدانة', 'اتهام'],
};
/** Given names per language (the press names people by given name and surname); surnames are made up. */
const GIVEN_NAMES: Record<MediaLanguage, string[]> = {
  en: ['John', 'Mary', 'James', 'Linda', 'Michael', 'Sarah', 'David', 'Emma', 'Robert', 'Olivia', 'Mohammed', 'Ahmed', 'Priya', 'Wei', 'Carlos', 'Anna', 'Peter', 'Laura'],
  es: ['Juan', 'María', 'José', 'Carmen', 'Luis', 'Ana', 'Carlos', 'Lucía', 'Pedro', 'Elena'],
  fr: ['Jean', 'Marie', 'Pierre', 'Claire', 'Louis', 'Sophie', 'Michel', 'Camille', 'Ahmed', 'Julie'],
  de: ['Hans', 'Anna', 'Peter', 'Petra', 'Klaus', 'Sabine', 'Thomas', 'Julia', 'Stefan', 'Monika'],
  ru: ['Алексей', 'Игорь', 'Иван', 'Ольга', 'Сергей', 'Наталья', 'Дмитрий', 'Елена', 'Андрей', 'Татьяна'],
  ar: ['محمد', 'أحمد', 'علي', 'فاطمة', 'حسن', 'مريم', 'خالد', 'سارة', 'عمر', 'ليلى'],
};
/** A few real-looking names the name searches look for, each in a few articles per thousand. */
const WATCHED: Record<MediaLanguage, string[]> = {
  en: ['Alexey Mordashov', 'Mohammed Rahimi', 'Igor Sechin'],
  es: ['Alexey Mordashov'],
  fr: ['Mohammed Rahimi'],
  de: ['Igor Sechin'],
  ru: ['Алексей Мордашов', 'Игорь Сечин'],
  ar: ['محمد رحيمي'],
};
const COUNTRIES_TEXT: Record<MediaLanguage, string[]> = {
  en: ['United States', 'United Kingdom', 'Germany', 'France', 'Russia', 'Cyprus', 'Nigeria'],
  es: ['España', 'México', 'Colombia'],
  fr: ['France', 'Belgique', 'Sénégal'],
  de: ['Deutschland', 'Österreich', 'Schweiz'],
  ru: ['Россия', 'Казахстан', 'Кипр'],
  ar: ['مصر', 'الأردن', 'لبنان'],
};
const SYLLABLES: Record<MediaLanguage, string[]> = {
  en: ['ka', 'lo', 'ven', 'tri', 'mar', 'sel', 'dor', 'pin', 'gra', 'hul', 'ber', 'ton', 'sa', 'wen', 'rid'],
  es: ['ca', 'lo', 'ven', 'tri', 'mar', 'sel', 'dor', 'pi', 'ña', 'ro', 'ga', 'tes'],
  fr: ['ca', 'lou', 'vin', 'tré', 'mar', 'sel', 'dor', 'pin', 'geau', 'ron', 'eux'],
  de: ['ka', 'lo', 'ver', 'tri', 'mar', 'sel', 'dor', 'pin', 'ung', 'haus', 'berg', 'lich'],
  ru: ['ка', 'ло', 'вен', 'три', 'мар', 'сел', 'дор', 'пин', 'ова', 'ский', 'ение', 'ник'],
  ar: ['كا', 'لو', 'فين', 'تري', 'مار', 'سيل', 'دور', 'بين', 'ات', 'ية', 'ون'],
};
const LANGUAGE_SHARE: [MediaLanguage, number][] = [
  ['en', 0.5],
  ['es', 0.1],
  ['fr', 0.1],
  ['de', 0.1],
  ['ru', 0.12],
  ['ar', 0.08],
];

export function* syntheticArticles(n: number, seed = 20_260_514): Generator<ArticleInput> {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  // Zipf-like: low ranks far more often.
  const zipf = <T>(list: readonly T[]) => list[Math.min(list.length - 1, Math.floor(list.length * Math.pow(rnd(), 2.2)))];
  const vocab = Object.fromEntries(Object.entries(WORDS).map(([l, w]) => [l, w.split(' ')])) as Record<MediaLanguage, string[]>;
  // A long tail of made-up words per language (about 20,000 each).
  const tail = Object.fromEntries(
    Object.entries(SYLLABLES).map(([l, syl]) => {
      const r = random(seed + l.length * 31 + l.charCodeAt(0));
      return [l, Array.from({ length: 20_000 }, () => Array.from({ length: 2 + Math.floor(r() * 3) }, () => syl[Math.floor(r() * syl.length)]).join(''))];
    }),
  ) as Record<MediaLanguage, string[]>;
  const word = (l: MediaLanguage) => (rnd() < 0.75 ? zipf(vocab[l]) : zipf(tail[l]));
  // Surnames: made-up words of the language, capitalised (2,000 per language).
  const surnames = Object.fromEntries(Object.entries(tail).map(([l, words]) => [l, words.slice(0, 2_000).map((w) => w[0].toUpperCase() + w.slice(1))])) as Record<MediaLanguage, string[]>;
  const person = (l: MediaLanguage) => `${zipf(GIVEN_NAMES[l])} ${zipf(surnames[l])}`;
  const sentence = (l: MediaLanguage, adverse: boolean, watched: string | null) => {
    const words = Array.from({ length: 8 + Math.floor(rnd() * 14) }, () => word(l));
    if (adverse && rnd() < 0.5) words.splice(Math.floor(rnd() * words.length), 0, pick(ADVERSE[l]));
    if (rnd() < 0.25) words.splice(Math.floor(rnd() * words.length), 0, watched && rnd() < 0.5 ? watched : person(l));
    if (rnd() < 0.2) words.splice(Math.floor(rnd() * words.length), 0, pick(COUNTRIES_TEXT[l]));
    const text = words.join(' ');
    return text[0].toUpperCase() + text.slice(1) + '.';
  };
  const now = Date.now();
  for (let i = 0; i < n; i++) {
    let x = rnd();
    let language: MediaLanguage = 'en';
    for (const [l, share] of LANGUAGE_SHARE) {
      if ((x -= share) <= 0) {
        language = l;
        break;
      }
    }
    const adverse = rnd() < 0.2;
    const watched = rnd() < 0.003 ? pick(WATCHED[language]) : null;
    const title = sentence(language, adverse, watched).replace(/\.$/, '');
    const paragraphs = Array.from({ length: 2 + Math.floor(rnd() * 5) }, () => Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => sentence(language, adverse, watched)).join(' '));
    yield {
      guid: `synthetic-${seed}-${i}`,
      url: `https://synthetic.example/${language}/${i}`,
      title,
      body: paragraphs.join('\n\n'),
      language,
      published_at: new Date(now - Math.floor(rnd() * 10 * 365) * 86_400_000),
      publisher: 'Synthetic Press',
    };
  }
}

// ---------------------------------------------------------------------------
// Measuring

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (n: number) => Math.round(n * 10) / 10;

interface LatencyReport {
  articles: number;
  p50_ms: number;
  p95_ms: number;
  queries: { name: string; total: number; p50_ms: number; p95_ms: number }[];
}

async function measureSearch(db: Db, organisationId: string, articles: number): Promise<LatencyReport> {
  const org = forOrganisation(db, organisationId);
  const all: number[] = [];
  const queries: LatencyReport['queries'] = [];
  for (const q of QUERIES) {
    const page = { offset: q.offset ?? 0, limit: 20 };
    let total = 0;
    for (let i = 0; i < 2; i++) total = (await searchArticles(org, q.query, page)).total; // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await searchArticles(org, q.query, page);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    queries.push({ name: q.name, total, p50_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)) });
    log(`  ${q.name.padEnd(30)} ${String(total).padStart(7)} found   p50 ${round(percentile(times, 50)).toFixed(1).padStart(6)} ms   p95 ${round(percentile(times, 95)).toFixed(1).padStart(6)} ms`);
  }
  all.sort((a, b) => a - b);
  return { articles, p50_ms: round(percentile(all, 50)), p95_ms: round(percentile(all, 95)), queries };
}

async function scratchDatabase(): Promise<{ db: Db; kind: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'aml-bench-media-'));
    const db = await openDatabase({ dataDir: join(dir, 'pglite') });
    return {
      db,
      kind: 'pglite',
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `aml_bench_media_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: url.replace(/\/[^/]*$/, `/${name}`) });
  return {
    db,
    kind: 'postgres',
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function printClassification(report: ClassificationReport) {
  for (const f of report.files) {
    const e = f.evaluation;
    const languages = Object.entries(e.languages)
      .map(([l, s]) => `${l} F1 ${s.adverse.f1.toFixed(3)} (${s.articles})`)
      .join(', ');
    log(`  ${basename(f.file).padEnd(30)} ${String(f.articles).padStart(4)} articles  adverse P ${e.adverse.precision.toFixed(3)} R ${e.adverse.recall.toFixed(3)} F1 ${e.adverse.f1.toFixed(3)}  ${f.articles_per_second} articles/s  [${languages}]`);
  }
  log(`  5,000-character articles: ${report.articles_per_second_5000_chars} articles/s`);
}

async function main() {
  const labelsDir = join(MEDIA_DIR, 'labels');
  const labelFiles = [
    ...readdirSync(labelsDir)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => join(labelsDir, f)),
    ...args.flatMap((a, i) => (args[i - 1] === '--labels' ? [resolve(a)] : [])),
  ];
  log(`Classification (${labelFiles.length} labelled files)`);
  const classification = await classificationReport({ mediaDir: MEDIA_DIR, labelFiles });
  printClassification(classification);

  const scratch = await scratchDatabase();
  const result: Record<string, unknown> = { database: scratch.kind, runs_per_query: RUNS, classification };
  try {
    await migrate(scratch.db);
    const organisation = (await scratch.db.one<{ id: string }>(`INSERT INTO organisations (name, slug, service_types, billing_type) VALUES ('Bench', 'bench', '{media_watcher}', 'invoice') RETURNING id`))!.id;

    log(`\nIndexing the shipped corpus (${MEDIA_DIR}) on ${scratch.kind}`);
    let t0 = performance.now();
    const loaded = await loadCorpus(scratch.db, MEDIA_DIR);
    let seconds = (performance.now() - t0) / 1000;
    await scratch.db.query('ANALYZE media_articles');
    result.shipped_index = { articles: loaded.articles, seconds: round(seconds), articles_per_second: Math.round(loaded.articles / seconds) };
    log(`  ${loaded.articles} articles in ${seconds.toFixed(1)} s: ${Math.round(loaded.articles / seconds)} articles/s`);
    log(`\nSearch, shipped corpus (${loaded.articles} articles, ${RUNS} runs per query)`);
    result.shipped = await measureSearch(scratch.db, organisation, loaded.articles);

    if (SYNTHETIC) {
      log(`\nIndexing ${SYNTHETIC} synthetic articles`);
      const batch: ArticleInput[] = [];
      let done = 0;
      t0 = performance.now();
      for (const article of syntheticArticles(SYNTHETIC)) {
        batch.push(article);
        if (batch.length === 1000) {
          await ingestArticles(scratch.db, batch.splice(0), { organisationId: null, source: 'Synthetic corpus' });
          done += 1000;
          if (done % 20_000 === 0) log(`  ${done} (${Math.round(done / ((performance.now() - t0) / 1000))} articles/s)`);
        }
      }
      if (batch.length) await ingestArticles(scratch.db, batch, { organisationId: null, source: 'Synthetic corpus' });
      seconds = (performance.now() - t0) / 1000;
      await scratch.db.query('ANALYZE media_articles');
      const total = (await scratch.db.one<{ n: number }>('SELECT count(*)::int AS n FROM media_articles'))!.n;
      result.synthetic_index = { articles: SYNTHETIC, seconds: round(seconds), articles_per_second: Math.round(SYNTHETIC / seconds) };
      log(`  ${SYNTHETIC} articles in ${seconds.toFixed(1)} s: ${Math.round(SYNTHETIC / seconds)} articles/s`);
      log(`\nSearch, shipped + synthetic (${total} articles, ${RUNS} runs per query)`);
      result.synthetic = await measureSearch(scratch.db, organisation, total);
    }
  } finally {
    await scratch.drop();
  }
  const summary = (r: unknown) => (r as LatencyReport | undefined) && `p50 ${(r as LatencyReport).p50_ms} ms, p95 ${(r as LatencyReport).p95_ms} ms over ${(r as LatencyReport).articles} articles`;
  log(`\nSearch latency: shipped ${summary(result.shipped)}${result.synthetic ? `; with synthetic ${summary(result.synthetic)}` : ''}`);
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
