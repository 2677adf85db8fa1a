/**
 * The Media Watcher calls on PGlite and Postgres (docs/media-watcher.md): the search and Fetch more with
 * their credits (one each; none left: 402 credits_expired and nothing spent), every refused input with its
 * message on its field (nothing stored, nothing spent), permissions and the media_watcher service, another
 * organisation's media cases and articles (404), and media cases through their whole life: create, list
 * with each filter, detail, read and unread, update (the case and its articles' decisions), delete with a
 * reason, export (CSV, xlsx), report (PDF), and an article's highlighted text. The API's own tests ingest a
 * few articles of their own; the shared corpus is loaded by tests/media/corpus-loader.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextSegment } from '../../common/media';
import { ingestArticles, type ArticleInput } from '../../server/media-corpus/ingest';
import { insertRole, insertUser } from '../../server/organisations/create';
import { ADMIN, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { SEED_PARTNERS } from '../../server/db/seed';
import { DATABASE_KINDS } from '../helpers/databases';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const ARTICLES: ArticleInput[] = [
  {
    guid: 'api-laundering',
    title: 'Bank executive charged with money laundering',
    body: 'Prosecutors charged the executive with money laundering and wire fraud after a cartel moved cash through shell companies in Cyprus.',
    language: 'en',
    published_at: ago(5),
    url: 'https://news.example/laundering',
    publisher: 'Example News',
  },
  { guid: 'api-laundered', title: 'Jeweller admits he laundered cash', body: 'The jeweller laundered money from street sales, the court heard.', language: 'en', published_at: ago(50) },
  { guid: 'api-marathon', title: 'City marathon draws record crowd', body: 'More than forty thousand runners took part in the marathon on Sunday.', language: 'en', published_at: ago(2) },
  { guid: 'api-ru', title: 'Мордашова обвинили в мошенничестве', body: 'Прокуратура предъявила Алексею Мордашову обвинение в мошенничестве.', language: 'ru', published_at: ago(9) },
  // Enough fraud articles for a second page.
  ...Array.from({ length: 25 }, (_, i) => ({
    guid: `api-fraud-${i}`,
    title: `Investor fraud case ${i + 1}`,
    body: `Case ${i + 1}: a financial adviser was charged with fraud for taking clients' savings.`,
    language: 'en' as const,
    published_at: ago(10 + i),
  })),
];

const QUERY = { keywords: [{ term: 'fraud', mode: 'all' }], match: 'broad' };

describe.each(DATABASE_KINDS)('Media Watcher calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let nobody: string;
  /** A seeded partner organisation that has AML Screening only, no Media Watcher. */
  let amlOnly: string;
  let harbourToken: string;
  let northwindId: string;
  let harbourId: string;
  let harbourArticle: string;
  let harbourCase: string;
  const articleId = new Map<string, string>();

  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const credits = async (organisationId = northwindId) =>
    (await t.deps.db.one<{ alloted: number | null; used: number }>('SELECT media_watcher_credits_alloted AS alloted, media_watcher_credits_used AS used FROM organisations WHERE id = $1', [organisationId]))!;
  const count = async (table: string) => (await t.deps.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;
  const search = (body: unknown, token = admin) => t.call('POST', '/api/adverse-media', { token, body });
  const create = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/adverse-media/create', { token, body });
  const list = (query = '', token = admin) => t.call('GET', `/api/adverse-media?${query}`, { token });
  const newCase = async (name: string, guids: string[], query: Record<string, unknown> = QUERY) => {
    const res = await create({ name, query, article_ids: guids.map((g) => articleId.get(g)!) });
    expect(code(res), JSON.stringify(res.body)).toBe('200 media_case_created');
    return res.body.reference as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.deps.db;
    admin = await t.login(ADMIN);
    amlOnly = await t.login({ email: SEED_PARTNERS[0].email, password: SEED_PARTNERS[0].password });
    harbourToken = await t.login(PLAN_ADMIN);
    northwindId = (await db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    harbourId = (await db.one("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
    const viewerRole = await insertRole(db, northwindId, 'Media viewers', ['view_adverse_media']);
    await insertUser(db, { organisationId: northwindId, roleId: viewerRole, name: 'Vic Viewer', email: 'media.viewer@example.com', password: 'Viewer-2026!' });
    viewer = await t.login({ email: 'media.viewer@example.com', password: 'Viewer-2026!' });
    const noneRole = await insertRole(db, northwindId, 'No media', ['view_case']);
    await insertUser(db, { organisationId: northwindId, roleId: noneRole, name: 'Nina Nomedia', email: 'no.media@example.com', password: 'Nomedia-2026!' });
    nobody = await t.login({ email: 'no.media@example.com', password: 'Nomedia-2026!' });

    const shared = await ingestArticles(db, ARTICLES, { organisationId: null, source: 'Test corpus' });
    expect(shared.inserted.length).toBe(ARTICLES.length);
    for (const r of await db.query<{ id: string; guid: string }>('SELECT id, guid FROM media_articles')) articleId.set(r.guid, r.id);
    // Harbour's own article (a custom source's) and a media case keeping it, under a reference Northwind never reaches.
    harbourArticle = (await ingestArticles(db, [{ guid: 'harbour-own', title: 'Harbour supplier fraud memo', body: 'Harbour private memo about a supplier fraud.', language: 'en' }], { organisationId: harbourId, source: 'Harbour feed' })).inserted[0];
    const made = await create({ name: 'Harbour supplier check', query: QUERY, article_ids: [harbourArticle] }, harbourToken);
    expect(code(made), JSON.stringify(made.body)).toBe('200 media_case_created');
    harbourCase = 'MW-999999';
    await db.query('UPDATE media_cases SET reference = $2 WHERE organisation_id = $1', [harbourId, harbourCase]);
  }, 120_000);
  afterAll(() => t?.close());

  describe('search and Fetch more', () => {
    it('finds articles, marks the searched words in snippets, and spends one credit', async () => {
      const before = await credits();
      const res = await search({ keywords: [{ term: 'laundered', mode: 'all' }], match: 'broad' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.offset).toBe(0);
      expect(res.body.credits).toEqual({ alloted: before.alloted, used: before.used + 1 });
      expect((await credits()).used).toBe(before.used + 1);
      const titles = res.body.results.map((r: any) => r.title);
      expect(titles).toEqual(expect.arrayContaining(['Bank executive charged with money laundering', 'Jeweller admits he laundered cash']));
      expect(res.body.total).toBe(2);
      const bank = res.body.results.find((r: any) => r.id === articleId.get('api-laundering'));
      expect(bank).toMatchObject({ url: 'https://news.example/laundering', publisher: 'Example News', source: 'Test corpus', language: 'en' });
      expect(bank.snippet.some((s: TextSegment) => s.mark === 'term' && /laundering/.test(s.text))).toBe(true);
      // Harbour's own article is not Northwind's to see.
      const fraud = await search(QUERY);
      expect(fraud.body.results.map((r: any) => r.id)).not.toContain(harbourArticle);
      expect(fraud.body.total).toBe(26);
      expect(fraud.body.results.length).toBe(20);
    });

    it('reads the next page for one more credit', async () => {
      const before = await credits();
      const res = await t.call('POST', '/api/adverse-media/fetch-more', { token: admin, body: { ...QUERY, offset: 20 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ total: 26, offset: 20, credits: { used: before.used + 1 } });
      expect(res.body.results.length).toBe(6);
      // An offset as text works like a number (form data).
      expect((await t.call('POST', '/api/adverse-media/fetch-more', { token: admin, body: { ...QUERY, offset: '40' } })).body).toMatchObject({ total: 26, offset: 40, results: [] });
    });

    it('refuses without credits (402, credits_expired) and spends nothing', async () => {
      const before = await credits();
      await t.deps.db.query('UPDATE organisations SET media_watcher_credits_used = media_watcher_credits_alloted WHERE id = $1', [northwindId]);
      try {
        for (const res of [await search(QUERY), await t.call('POST', '/api/adverse-media/fetch-more', { token: admin, body: { ...QUERY, offset: 20 } })]) {
          expect(code(res)).toBe('402 media_credits');
          expect(res.body).toMatchObject({ credits_expired: true, error_message: 'Your Media Watcher search limit has been reached.' });
        }
        expect((await credits()).used).toBe(before.alloted);
        // No allotment at all counts as none.
        await t.deps.db.query('UPDATE organisations SET media_watcher_credits_alloted = NULL, media_watcher_credits_used = 0 WHERE id = $1', [northwindId]);
        expect(code(await search(QUERY))).toBe('402 media_credits');
        expect((await credits()).used).toBe(0);
      } finally {
        await t.deps.db.query('UPDATE organisations SET media_watcher_credits_alloted = $2, media_watcher_credits_used = $3 WHERE id = $1', [northwindId, before.alloted, before.used]);
      }
    });

    it('refuses each invalid field with its message, on its field, and spends nothing', async () => {
      const before = await credits();
      const kw = (term: unknown, mode = 'all') => ({ term, mode });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ keywords: [] }, '400 media_keywords_required', 'keywords'],
        [{ keywords: [kw('fraud', 'exclude')] }, '400 media_keywords_required', 'keywords'],
        [{ keywords: Array.from({ length: 21 }, (_, i) => kw(`word${i}`)) }, '400 media_keywords_max', 'keywords'],
        [{ keywords: [kw('a')] }, '400 media_keyword_length', 'keywords.0.term'],
        [{ keywords: [kw('   ')] }, '400 required', 'keywords.0.term'],
        [{ keywords: [kw('x'.repeat(101))] }, '400 media_keyword_length', 'keywords.0.term'],
        [{ keywords: [{ mode: 'all' }] }, '400 required', 'keywords.0.term'],
        [{ keywords: [kw('fraud', 'maybe')] }, '400 bad_request', 'keywords.0.mode'],
        [{ ...QUERY, match: 'fuzzy' }, '400 bad_request', 'match'],
        [{ ...QUERY, countries: ['Atlantis'] }, '400 invalid_country', 'countries.0'],
        [{ ...QUERY, languages: ['it'] }, '400 bad_request', 'languages.0'],
        [{ ...QUERY, window: { amount: 0, unit: 'days' } }, '400 media_window_amount', 'window.amount'],
        [{ ...QUERY, window: { amount: '1001', unit: 'days' } }, '400 media_window_amount', 'window.amount'],
        [{ ...QUERY, window: { amount: 2.5, unit: 'days' } }, '400 media_window_amount', 'window.amount'],
        [{ ...QUERY, window: { amount: 3, unit: 'hours' } }, '400 bad_request', 'window.unit'],
        [{ ...QUERY, sort: 'popularity' }, '400 bad_request', 'sort'],
      ];
      for (const [body, expected, field] of cases) {
        const res = await search(body);
        expect(code(res), JSON.stringify(body).slice(0, 120)).toBe(expected);
        expect(res.body.field, JSON.stringify(body).slice(0, 120)).toBe(field);
      }
      for (const offset of [15, 1020, 'ten', -20]) {
        const res = await t.call('POST', '/api/adverse-media/fetch-more', { token: admin, body: { ...QUERY, offset } });
        expect(code(res), String(offset)).toBe('400 media_offset');
        expect(res.body.field).toBe('offset');
      }
      expect(await credits()).toEqual(before);
    });

    it('applies the filters of the query', async () => {
      const res = await search({ keywords: [{ term: 'fraud', mode: 'all' }, { term: 'laundering', mode: 'any' }], match: 'broad', window: { amount: '1', unit: 'weeks' }, languages: ['en'] });
      expect(res.body.results.map((r: any) => r.title)).toEqual(['Bank executive charged with money laundering']);
      const exact = await search({ keywords: [{ term: 'laundered', mode: 'all' }], match: 'exact' });
      expect(exact.body.results.map((r: any) => r.title)).toEqual(['Jeweller admits he laundered cash']);
      const ru = await search({ keywords: [{ term: 'Mordashov', mode: 'all' }], match: 'broad' });
      expect(ru.body.results.map((r: any) => r.id)).toEqual([articleId.get('api-ru')]);
    });
  });

  describe('access', () => {
    it('needs create_adverse_media to search and create, view_adverse_media to read', async () => {
      expect(code(await search(QUERY, viewer))).toBe('403 permission_denied');
      expect(code(await create({ name: 'Viewer case', query: QUERY, article_ids: [articleId.get('api-marathon')] }, viewer))).toBe('403 permission_denied');
      expect((await list('', viewer)).status).toBe(200);
      expect(code(await list('', nobody))).toBe('403 permission_denied');
      expect(code(await t.call('POST', '/api/highlight-text', { token: nobody, body: { article_id: articleId.get('api-marathon') } }))).toBe('403 permission_denied');
    });
    it('needs the media_watcher service', async () => {
      expect(code(await search(QUERY, amlOnly))).toBe('403 service_unavailable');
      expect(code(await list('', amlOnly))).toBe('403 service_unavailable');
    });
    it("answers another organisation's media case and article as unknown ones (404), and changes nothing", async () => {
      const before = await t.deps.db.one('SELECT name, is_read, is_deleted, case_status FROM media_cases WHERE reference = $1', [harbourCase]);
      const calls = [
        t.call('GET', `/api/adverse-media/detail-page/${harbourCase}`, { token: admin }),
        t.call('GET', `/api/adverse-media-report/${harbourCase}`, { token: admin }),
        t.call('POST', '/api/adverse-media/read', { token: admin, body: { references: [harbourCase], is_read: true } }),
        t.call('POST', '/api/adverse-media/update', { token: admin, body: { reference: harbourCase, case_status: 'Failed' } }),
        t.call('POST', '/api/adverse-media/delete', { token: admin, body: { references: [harbourCase], reason: 'Trying to delete a foreign case' } }),
        t.call('POST', '/api/highlight-text', { token: admin, body: { article_id: harbourArticle } }),
        create({ name: 'Borrowed article', query: QUERY, article_ids: [harbourArticle] }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(code(res)).toBe('404 not_found');
        expect(JSON.stringify(res.body)).not.toMatch(/Harbour/);
      }
      expect(await t.deps.db.one('SELECT name, is_read, is_deleted, case_status FROM media_cases WHERE reference = $1', [harbourCase])).toEqual(before);
      expect((await list(`search=${encodeURIComponent('Harbour')}`)).body.total).toBe(0);
    });
  });

  describe('media cases', () => {
    let first: string;
    let second: string;

    it('refuses an invalid case with its message and stores nothing', async () => {
      const before = await count('media_cases');
      const ok = { name: 'Supplier check', query: QUERY, article_ids: [articleId.get('api-laundering')] };
      const cases: [Record<string, unknown>, string, string | undefined][] = [
        [{ ...ok, name: 'x' }, '400 media_case_name_length', 'name'],
        [{ ...ok, name: '  ' }, '400 required', 'name'],
        [{ ...ok, name: 'y'.repeat(101) }, '400 media_case_name_length', 'name'],
        [{ ...ok, article_ids: [] }, '400 media_articles_required', 'article_ids'],
        [{ ...ok, article_ids: Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }, '400 media_articles_max', 'article_ids'],
        [{ ...ok, article_ids: ['not-an-id'] }, '400 not_found', 'article_ids.0'],
        [{ ...ok, query: { keywords: [] } }, '400 media_keywords_required', 'query.keywords'],
        [{ ...ok, article_ids: ['00000000-0000-4000-8000-000000000000'] }, '404 not_found', undefined],
      ];
      for (const [body, expected, field] of cases) {
        const res = await create(body);
        expect(code(res), JSON.stringify(body).slice(0, 100)).toBe(expected);
        expect(res.body.field).toBe(field);
      }
      expect(await count('media_cases')).toBe(before);
    });

    it('creates cases with their articles in order, numbered per organisation, in the audit history', async () => {
      first = await newCase('Cartel bank review', ['api-laundering', 'api-laundered', 'api-marathon'], { keywords: [{ term: 'laundering', mode: 'all' }, { term: 'sport', mode: 'exclude' }], match: 'exact', countries: ['cy'], window: { amount: 3, unit: 'months' } });
      second = await newCase('Adviser fraud sweep', ['api-fraud-0', 'api-fraud-1']);
      expect(first).toMatch(/^MW-\d{6}$/);
      expect(Number(second.slice(3))).toBe(Number(first.slice(3)) + 1);
      const audit = await t.deps.db.query("SELECT action, details FROM audit_events WHERE action = 'media_case.created' AND organisation_id = $1 ORDER BY created_at", [northwindId]);
      expect(audit.map((a) => (typeof a.details === 'string' ? JSON.parse(a.details) : a.details).reference)).toEqual(expect.arrayContaining([first, second]));
    });

    it('shows a case with its query and articles, opening it marks nothing read', async () => {
      const res = await t.call('GET', `/api/adverse-media/detail-page/${first}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.case).toMatchObject({
        reference: first,
        name: 'Cartel bank review',
        query: { keywords: [{ term: 'laundering', mode: 'all' }, { term: 'sport', mode: 'exclude' }], match: 'exact', countries: ['CY'], window: { amount: 3, unit: 'months' }, sort: 'relevance', adverse_only: false },
        article_count: 3,
        case_status: 'For Review',
        risk_level: 'Unknown',
        is_read: false,
        is_deleted: false,
        deleted_by: null,
        created_by: { name: 'Ada Administrator' },
      });
      expect(res.body.articles.map((a: any) => [a.id, a.match_status])).toEqual([
        [articleId.get('api-laundering'), 'Potential Match'],
        [articleId.get('api-laundered'), 'Potential Match'],
        [articleId.get('api-marathon'), 'Potential Match'],
      ]);
      expect(res.body.articles[0].snippet[0].text.startsWith('Prosecutors charged')).toBe(true);
      expect((await t.call('GET', `/api/adverse-media/detail-page/${first}`, { token: admin })).body.case.is_read).toBe(false);
      expect(code(await t.call('GET', '/api/adverse-media/detail-page/MW-000999', { token: admin }))).toBe('404 not_found');
    });

    it('marks cases read and unread', async () => {
      const read = await t.call('POST', '/api/adverse-media/read', { token: viewer, body: { references: [first, second], is_read: true } });
      expect(read.body).toEqual({ updated: 2 });
      expect((await t.call('POST', '/api/adverse-media/read', { token: admin, body: { references: [first], is_read: 'true' } })).body).toEqual({ updated: 0 });
      expect((await t.call('POST', '/api/adverse-media/read', { token: admin, body: { references: [second], is_read: false } })).body).toEqual({ updated: 1 });
      expect(code(await t.call('POST', '/api/adverse-media/read', { token: admin, body: { references: [], is_read: true } }))).toBe('400 select_records');
    });

    it('updates a case and the decisions on its articles, each change in the audit history', async () => {
      const res = await t.call('POST', '/api/adverse-media/update', {
        token: admin,
        body: { reference: first, name: 'Cartel bank review (escalated)', case_status: 'Failed', risk_level: 'High', articles: [{ id: articleId.get('api-laundering'), match_status: 'True Positive' }, { id: articleId.get('api-marathon'), match_status: 'False Positive' }] },
      });
      expect(code(res), JSON.stringify(res.body)).toBe('200 media_case_updated');
      expect(res.body).toMatchObject({ reference: first, name: 'Cartel bank review (escalated)', case_status: 'Failed', risk_level: 'High', message: `Media case ${first} updated.` });
      const detail = (await t.call('GET', `/api/adverse-media/detail-page/${first}`, { token: admin })).body;
      expect(detail.articles.map((a: any) => a.match_status)).toEqual(['True Positive', 'Potential Match', 'False Positive']);
      const audit = await t.deps.db.one("SELECT details FROM audit_events WHERE action = 'media_case.updated' AND target_type = 'media_case' ORDER BY created_at DESC LIMIT 1");
      const details = typeof audit!.details === 'string' ? JSON.parse(audit!.details) : audit!.details;
      expect(details).toMatchObject({ reference: first, case_status: { from: 'For Review', to: 'Failed' }, risk_level: { from: 'Unknown', to: 'High' } });
      expect(details.articles).toHaveLength(2);

      // An article the case does not keep: 404, nothing changed.
      const refused = await t.call('POST', '/api/adverse-media/update', { token: admin, body: { reference: first, case_status: 'Passed', articles: [{ id: articleId.get('api-fraud-3'), match_status: 'True Positive' }] } });
      expect(code(refused)).toBe('404 not_found');
      expect((await t.call('GET', `/api/adverse-media/detail-page/${first}`, { token: admin })).body.case.case_status).toBe('Failed');
      expect(code(await t.call('POST', '/api/adverse-media/update', { token: admin, body: { reference: first } }))).toBe('400 decision_required');
      expect(code(await t.call('POST', '/api/adverse-media/update', { token: admin, body: { reference: first, risk_level: 'Whitelist' } }))).toBe('400 bad_request');
      expect(code(await t.call('POST', '/api/adverse-media/update', { token: viewer, body: { reference: first, risk_level: 'Low' } }))).toBe('403 permission_denied');
    });

    it('lists cases with each filter, newest first', async () => {
      const refs = async (query: string) => {
        const res = await list(query);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.map((c: any) => c.reference);
      };
      const all = await list('page=1&page_size=1');
      expect(all.body).toMatchObject({ page: 1, page_size: 1, total: 2 });
      expect(all.body.data.map((c: any) => c.reference)).toEqual([second]);
      expect(await refs('')).toEqual([second, first]);
      expect(await refs('search=escalated')).toEqual([first]);
      expect(await refs(`search=${second.toLowerCase()}`)).toEqual([second]);
      expect(await refs('search=fraud')).toEqual([second]);
      expect(await refs('case_status=Failed')).toEqual([first]);
      expect(await refs('case_status=For%20Review&case_status=Passed')).toEqual([second]);
      expect(await refs('risk_level=High')).toEqual([first]);
      expect(await refs('read=read')).toEqual([first]);
      expect(await refs('read=unread')).toEqual([second]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await refs(`date_from=${today}&date_to=${today}`)).toEqual([second, first]);
      expect(await refs('date_to=2020-01-01')).toEqual([]);
      expect(code(await list('date_from=2020-13-01'))).toBe('400 invalid_month');
      expect(code(await list('date_from=2999-01-01'))).toBe('400 future_date');
      expect(code(await list('read=maybe'))).toBe('400 bad_request');
      const category = (await t.deps.db.one<{ c: string }>('SELECT categories[1] AS c FROM media_cases WHERE reference = $1 AND organisation_id = $2', [second, northwindId]))!.c;
      if (category) expect(await refs(`category=${category}`)).toContain(second);
      expect(code(await list('category=gossip'))).toBe('400 bad_request');
    });

    it('exports the filtered list as CSV and as Excel', async () => {
      const csv = await t.app.inject({ method: 'GET', url: '/api/adverse-media/export?format=csv&case_status=Failed', headers: { authorization: `Bearer ${admin}` } });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('Reference,Name,Keywords,Match,Filters,Articles,Adverse articles,Categories,Case status,Risk level,Read,Created by,Created at,Updated at,Deleted,Deleted by,Deleted at,Deletion reason');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(first);
      expect(lines[1]).toContain('include: laundering; exclude: sport');
      const xlsx = await t.app.inject({ method: 'GET', url: '/api/adverse-media/export?format=xlsx', headers: { authorization: `Bearer ${admin}` } });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect(code(await t.call('GET', '/api/adverse-media/export?date_from=nope', { token: admin }))).toBe('400 invalid_format');
    });

    it('draws the report as a PDF', async () => {
      const pdf = await t.app.inject({ method: 'GET', url: `/api/adverse-media-report/${first}`, headers: { authorization: `Bearer ${viewer}` } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      expect(pdf.rawPayload.length).toBeGreaterThan(1500);
    });

    it('deletes with a reason: read-only afterwards, listed under deleted, in the audit history', async () => {
      const short = await t.call('POST', '/api/adverse-media/delete', { token: admin, body: { references: [second], reason: 'too short' } });
      expect(code(short)).toBe('400 reason_min');
      expect(short.body.field).toBe('reason');
      expect(code(await t.call('POST', '/api/adverse-media/delete', { token: viewer, body: { references: [second], reason: 'Opened by mistake, closing it' } }))).toBe('403 permission_denied');
      const res = await t.call('POST', '/api/adverse-media/delete', { token: admin, body: { references: [second], reason: '  Opened by mistake, closing it  ' } });
      expect(code(res)).toBe('200 media_case_deleted');
      expect(res.body).toMatchObject({ deleted: [second], message: 'Media cases deleted: 1.' });
      expect((await list('')).body.data.map((c: any) => c.reference)).toEqual([first]);
      const deleted = (await list('deleted=true')).body.data;
      expect(deleted).toHaveLength(1);
      expect(deleted[0]).toMatchObject({ reference: second, is_deleted: true, delete_reason: 'Opened by mistake, closing it', deleted_by: { name: 'Ada Administrator' } });
      expect(code(await t.call('POST', '/api/adverse-media/update', { token: admin, body: { reference: second, case_status: 'Passed' } }))).toBe('409 case_deleted_locked');
      expect(code(await t.call('POST', '/api/adverse-media/delete', { token: admin, body: { references: [second], reason: 'Opened by mistake, closing it' } }))).toBe('409 case_deleted_locked');
      expect((await t.deps.db.one("SELECT count(*)::int AS n FROM audit_events WHERE action = 'media_case.deleted' AND target_type = 'media_case'"))!.n).toBe(1);
    });
  });

  describe('highlight-text', () => {
    const highlight = (body: Record<string, unknown>) => t.call('POST', '/api/highlight-text', { token: viewer, body });
    const text = (segments: TextSegment[]) => segments.map((s) => s.text).join('');
    const marked = (segments: TextSegment[], mark: 'term' | 'keyword') => segments.filter((s) => s.mark === mark).map((s) => s.text);

    it('answers the whole article as segments, with the classifier keywords marked by category and broad terms in every form', async () => {
      const article = ARTICLES[0];
      const res = await highlight({ article_id: articleId.get('api-laundering'), terms: ['laundered', 'Cartels'], match: 'broad' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(text(res.body.title)).toBe(article.title);
      expect(text(res.body.body)).toBe(article.body);
      expect(res.body.article).toMatchObject({ id: articleId.get('api-laundering'), title: article.title });
      expect(marked(res.body.title, 'term')).toEqual(['laundering']);
      expect(marked(res.body.body, 'term')).toEqual(['laundering', 'cartel']);
      const keywords = [...res.body.title, ...res.body.body].filter((s: TextSegment) => s.mark === 'keyword');
      expect(keywords.length).toBeGreaterThan(0);
      expect(keywords.every((s: TextSegment) => typeof s.category === 'string')).toBe(true);
      expect(JSON.stringify(res.body)).not.toMatch(/[\u0001\u0002]/);
    });

    it('marks exact terms only where the phrase is written as typed', async () => {
      const exact = await highlight({ article_id: articleId.get('api-laundering'), terms: ['money laundering'], match: 'exact' });
      expect(marked(exact.body.body, 'term')).toEqual(['money laundering']);
      const none = await highlight({ article_id: articleId.get('api-laundering'), terms: ['laundered'], match: 'exact' });
      expect(marked([...none.body.title, ...none.body.body], 'term')).toEqual([]);
    });

    it('marks a name written in another script', async () => {
      const res = await highlight({ article_id: articleId.get('api-ru'), terms: ['Mordashov'], match: 'broad' });
      expect(marked(res.body.title, 'term')).toEqual(['Мордашова']);
      expect(marked(res.body.body, 'term')).toEqual(['Мордашову']);
    });

    it('refuses an unknown or malformed article id', async () => {
      expect(code(await highlight({ article_id: '00000000-0000-4000-8000-000000000000' }))).toBe('404 not_found');
      expect(code(await highlight({ article_id: 'nope' }))).toBe('400 not_found');
      expect(code(await highlight({}))).toBe('400 required');
    });
  });
});
