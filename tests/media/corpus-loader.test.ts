/**
 * The shared media corpus (server/media-corpus/corpus-loader.ts and corpus-job.ts): each of the five layouts
 * read into articles (the fixture directory tests/fixtures/media-corpus holds a few of each, with the quirks
 * of the real files: HTML bodies, epoch dates, page chrome, run-in SEC headlines, empty titles), the load job
 * (enqueued when missing or changed, skipped when current, off with MEDIA_LOAD=off, a warning for a missing
 * directory, idempotent, followed by the first start's sample media cases), and the real shared corpus
 * loaded once on PGlite with its counts per layout.
 */
import { cpSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { CORPUS_JOB, enqueueCorpusLoadIfNeeded, loadCorpus, requestSampleCases } from '../../server/media-corpus/corpus-job';
import { corpusFingerprint, readCorpus, readSecRelease, stripReleaseChrome } from '../../server/media-corpus/corpus-loader';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../helpers/databases';

const FIXTURE = join(__dirname, '..', 'fixtures', 'media-corpus');
const SHARED = loadConfig({}).mediaDir;

const byLayout = (mediaDir: string) => Object.fromEntries(readCorpus(mediaDir).map((p) => [p.layout, p.articles]));

describe('reading the layouts', () => {
  const parts = byLayout(FIXTURE);

  it('reads every layout and nothing else', () => {
    expect(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v.length]))).toEqual({
      'wikinews-en': 2,
      'doj-press-sample': 2,
      'doj-fraud-2024-2026': 3,
      'sec-litigation-lexarena': 2,
      'nerel-ru-wikinews': 2,
    });
  });

  it('reads Wikinews rows, dropping the dateline', () => {
    const [bank] = parts['wikinews-en'];
    expect(bank).toMatchObject({
      guid: 'https://en.wikinews.org//wiki/Fixture_bank_executive_charged',
      url: 'https://en.wikinews.org//wiki/Fixture_bank_executive_charged',
      title: 'Bank executive charged with laundering money through shell companies',
      language: 'en',
      publisher: 'Wikinews',
    });
    expect(bank.published_at?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(bank.body.startsWith('Prosecutors in Germany')).toBe(true);
  });

  it('turns DOJ HTML into text and epoch seconds into dates', () => {
    const [bribery] = parts['doj-press-sample'];
    expect(bribery.body).toBe('WASHINGTON - A defence contractor pleaded guilty today to paying bribes & kickbacks to a procurement official.\nSentencing is set for June.');
    expect(bribery.body).not.toMatch(/[<>]/);
    expect(bribery.published_at?.toISOString()).toBe('2013-05-16T04:00:00.000Z');
    expect(parts['doj-press-sample'][1].body).toContain('public’s questions');
  });

  it('strips the USAO page chrome, names the district office, and titles an untitled release from its address', () => {
    const [wire, untitled, uspis] = parts['doj-fraud-2024-2026'];
    expect(wire.body).toBe('BOSTON – A Boston man was sentenced today to 48 months in prison for a wire fraud scheme that defrauded investors of $2 million.');
    expect(wire.publisher).toBe("U.S. Attorney's Office, District of Massachusetts");
    expect(untitled.title).toBe('Fixture national sentenced tax fraud scheme');
    expect(untitled.body).toBe('');
    expect(uspis).toMatchObject({ title: 'Check Washing', publisher: 'U.S. Postal Inspection Service' });
    expect(uspis.body).toBe('National Check washing scams involve changing the payee names on stolen checks.');
    expect(stripReleaseChrome('Justice.gov Office of Public Affairs News Press Releases X Share Facebook X LinkedIn Email For Immediate Release Office of Public Affairs A man pleaded guilty.').body).toBe('A man pleaded guilty.');
  });

  it('finds the SEC headline, also where it runs into the caption and the text', () => {
    const [ponzi, runIn] = parts['sec-litigation-lexarena'];
    expect(ponzi.title).toBe('SEC Charges Investment Adviser in Ponzi Scheme');
    expect(ponzi.published_at?.toISOString()).toBe('2025-06-24T00:00:00.000Z');
    expect(runIn.title).toBe('SEC Files Settled Action Against Trader in Alleged Spoofing Scheme');
    expect(runIn.body.split('\n\n')).toEqual([
      'Litigation Release No. 90002 / December 16, 2025',
      'Securities and Exchange Commission v. Run In Holdings, No. 25-cv-11863 (C.D. Cal. filed Dec. 16, 2025)',
      'SEC Files Settled Action Against Trader in Alleged Spoofing Scheme',
      'On December 16, 2025, the Securities and Exchange Commission filed settled charges against Run In Holdings for a manipulative trading scheme.',
    ]);
    // No release date in the metadata: the release's own date line.
    expect(runIn.published_at?.toISOString().slice(0, 10)).toBe('2025-12-16');
    // No headline: the caption without its docket number.
    expect(readSecRelease('Litigation Release No. 1 / May 1, 2024\n\nSecurities and Exchange Commission v. A. Person, No. 1:24-cv-1 (D. Del.)\n\nOn May 1, 2024, the court entered a judgment.').title).toBe(
      'Securities and Exchange Commission v. A. Person',
    );
  });

  it('reads NEREL texts: the headline on the first line, the path as guid, no address or date', () => {
    const [first] = parts['nerel-ru-wikinews'];
    expect(first).toMatchObject({ guid: 'nerel-ru-wikinews/dev/900001_text.txt', url: null, published_at: null, language: 'ru', title: 'Алексей Мордашов обвинён в отмывании денег' });
    expect(first.body.startsWith('Прокуратура')).toBe(true);
  });

  it('fingerprints the layouts: a touched file changes it, a missing directory has none', () => {
    const copy = mkdtempSync(join(tmpdir(), 'media-fixture-'));
    cpSync(FIXTURE, copy, { recursive: true });
    const before = corpusFingerprint(copy);
    expect(before).toMatch(/^[0-9a-f]{40}$/);
    expect(corpusFingerprint(copy)).toBe(before);
    utimesSync(join(copy, 'wikinews-en', 'wikinews_fixture.csv'), new Date(), new Date(Date.now() + 5000));
    expect(corpusFingerprint(copy)).not.toBe(before);
    expect(corpusFingerprint(join(copy, 'nowhere'))).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('the corpus load job on %s', (kind) => {
  let t: TestApp;
  const warnings: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { mediaDir: FIXTURE });
    const log = t.deps.log;
    t.deps.log = { ...log, warn: (m: string) => warnings.push(m) };
  }, 120_000);
  afterAll(() => t?.close());

  const count = async () => (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM media_articles WHERE organisation_id IS NULL'))!.n;

  it('loads a missing corpus once, then leaves it while the directory is unchanged, and makes the sample cases', async () => {
    await requestSampleCases(t.deps.db);
    expect(await enqueueCorpusLoadIfNeeded(t.deps)).toBe('enqueued');
    // A second start while the first load waits adds no second job (stately).
    expect(await enqueueCorpusLoadIfNeeded(t.deps)).toBe('enqueued');
    expect(await t.deps.jobs.runDue([CORPUS_JOB.kind])).toBe(1);
    expect(await count()).toBe(11);
    const state = await t.deps.db.one('SELECT media_dir, fingerprint, articles, loaded_at, sample_cases_pending FROM media_corpus_state');
    expect(state).toMatchObject({ media_dir: FIXTURE, fingerprint: corpusFingerprint(FIXTURE), articles: 11, sample_cases_pending: false });
    expect(await enqueueCorpusLoadIfNeeded(t.deps)).toBe('current');

    const sources = await t.deps.db.query<{ source: string; n: number }>('SELECT source, count(*)::int AS n FROM media_articles WHERE organisation_id IS NULL GROUP BY source ORDER BY source');
    expect(sources).toEqual([
      { source: 'DOJ fraud press releases', n: 3 },
      { source: 'DOJ press releases', n: 2 },
      { source: 'English Wikinews', n: 2 },
      { source: 'Russian Wikinews (NEREL)', n: 2 },
      { source: 'SEC litigation releases', n: 2 },
    ]);
    // The first start's samples: made for Northwind's administrator from what the corpus holds.
    const samples = await t.deps.db.query<{ reference: string; name: string; article_count: number }>(
      "SELECT c.reference, c.name, c.article_count FROM media_cases c JOIN organisations o ON o.id = c.organisation_id WHERE o.slug = 'northwind' ORDER BY c.reference",
    );
    expect(samples.length).toBeGreaterThanOrEqual(2);
    expect(samples[0].reference).toBe('MW-000001');
    expect(samples.every((s) => s.article_count > 0)).toBe(true);
  });

  it('reloads idempotently: nothing new, nothing changed, no second sample cases', async () => {
    const before = await count();
    const again = await loadCorpus(t.deps.db, FIXTURE);
    expect(again).toMatchObject({ articles: 11, inserted: 0, updated: 0 });
    expect(await count()).toBe(before);
  });

  it('is switched off by MEDIA_LOAD=off and warns about a missing directory', async () => {
    expect(await enqueueCorpusLoadIfNeeded({ ...t.deps, config: { ...t.deps.config, mediaLoad: false } })).toBe('disabled');
    expect(await enqueueCorpusLoadIfNeeded({ ...t.deps, config: { ...t.deps.config, mediaDir: join(FIXTURE, 'missing') } })).toBe('missing');
    expect(warnings.some((w) => w.includes('missing'))).toBe(true);
    expect(loadConfig({ MEDIA_LOAD: 'off' } as NodeJS.ProcessEnv).mediaLoad).toBe(false);
    expect(loadConfig({}).mediaLoad).toBe(true);
  });
});

describe('the real shared corpus on PGlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.drop());

  it('loads every layout of MEDIA_DIR with its counts, and a second load changes nothing', { timeout: 900_000 }, async () => {
    const expected = Object.fromEntries(readCorpus(SHARED).map((p) => [p.source, new Set(p.articles.map((a) => a.guid)).size]));
    // SOURCES.md: 295 Wikinews, 100 DOJ, 5,484 DOJ/USPIS fraud releases (six of them also among the 100, kept there
    // with their whole text), 500 SEC releases (one listed twice), 933 NEREL texts.
    expect(expected).toEqual({
      'English Wikinews': 295,
      'DOJ press releases': 100,
      'DOJ fraud press releases': 5478,
      'SEC litigation releases': 499,
      'Russian Wikinews (NEREL)': 933,
    });
    const first = await loadCorpus(database.db, SHARED);
    expect(first.inserted).toBe(7305);
    const rows = await database.db.query<{ source: string; n: number; languages: string[]; adverse: number }>(
      'SELECT source, count(*)::int AS n, array_agg(DISTINCT language) AS languages, count(*) FILTER (WHERE adverse)::int AS adverse FROM media_articles GROUP BY source',
    );
    expect(Object.fromEntries(rows.map((r) => [r.source, r.n]))).toEqual(expected);
    const russian = rows.find((r) => r.source === 'Russian Wikinews (NEREL)')!;
    expect(russian.languages).toEqual(['ru']);
    // Every DOJ fraud release is adverse by construction (SOURCES.md); the classifier finds most of them.
    const fraud = rows.find((r) => r.source === 'DOJ fraud press releases')!;
    expect(fraud.adverse / fraud.n).toBeGreaterThan(0.8);
    const second = await loadCorpus(database.db, SHARED);
    expect(second).toMatchObject({ inserted: 0, updated: 0 });
  });
});
