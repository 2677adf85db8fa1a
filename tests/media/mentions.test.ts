/**
 * Name mentions (server/media-corpus/mentions.ts; docs/custom-sources.md, "Mentions"): which spans of an
 * article name a person or a company, in English, in Russian (Cyrillic articles, Latin names, the press's
 * case endings) and in Arabic; swapped order; a surname or a given name alone, another person with the same
 * surname, two names side by side, and a one-word company. Then findMentions over a real article store on
 * PGlite and Postgres: the full-text pre-filter, the organisation's articles against another's, and the
 * ingestion window monitoring uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENTION_THRESHOLD } from '../../common/media-mentions';
import { ingestArticles } from '../../server/media-corpus/ingest';
import { bestMention, findMentions, mentionQuery, type MentionKind } from '../../server/media-corpus/mentions';
import { createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

type Case = [name: string, kind: MentionKind, text: string, expected: string | null];

/** [name, kind, article text, the words expected to be found (null: no mention)]. */
const CASES: Case[] = [
  // English
  ['Viktor Petrovsky', 'person', 'Prosecutors charged Viktor Petrovsky with fraud on Monday.', 'Viktor Petrovsky'],
  ['Viktor Petrovsky', 'person', 'PETROVSKY, Viktor was arrested at the airport.', 'PETROVSKY, Viktor'],
  ['Viktor Petrovsky', 'person', 'The minister said Petrovsky Viktor had left the country.', 'Petrovsky Viktor'],
  ['Viktor Petrovsky', 'person', 'Mr Petrovsky denied the allegations.', null],
  ['Viktor Petrovsky', 'person', 'Anna Petrovsky, his sister, denied everything.', null],
  ['Viktor Petrovsky', 'person', 'Viktor Orlov was questioned.', null],
  ['Viktor Petrovsky', 'person', 'The court heard from Viktor. Petrovsky then left.', null],
  ['John Smith', 'person', 'Mary Smith and John Brown founded the company.', null],
  ['John Smith', 'person', 'Mary Smith, John Brown and others signed.', null],
  ['John Smith', 'person', 'John F. Smith was fined.', 'John F. Smith'],
  ['Mohammed Hassan', 'person', 'Police arrested Mohamed Hasan in Cairo.', 'Mohamed Hasan'],
  // Russian articles, Latin names: nominative, oblique cases, swapped order
  ['Viktor Petrovsky', 'person', 'Виктор Петровский обвинён в мошенничестве.', 'Виктор Петровский'],
  ['Viktor Petrovsky', 'person', 'Суд арестовал Виктора Петровского.', 'Виктора Петровского'],
  ['Viktor Petrovsky', 'person', 'Петровскому Виктору предъявлено обвинение.', 'Петровскому Виктору'],
  ['Viktor Petrovsky', 'person', 'Петровский заявил, что невиновен.', null],
  ['Viktor Petrovsky', 'person', 'Суд арестовал Анну Петрову и Виктора Смирнова.', null],
  ['Viktor Petrovsky', 'person', 'Виктор Петров арестован.', null],
  ['Sergei Shoigu', 'person', 'Сергея Шойгу отправили в отставку.', 'Сергея Шойгу'],
  // Arabic articles, Latin names
  ['Mohammed Hassan', 'person', 'اعتقلت الشرطة محمد حسن بتهمة الاحتيال', 'محمد حسن'],
  ['Mohammed Hassan', 'person', 'قالت المحكمة إن حسن محمد غادر البلاد', 'حسن محمد'],
  ['Mohammed Hassan', 'person', 'قال حسن إن التهم باطلة', null],
  // Companies: two words must both be there; one word must be written as it is
  ['Northwind Logistics', 'company', 'Northwind Logistics Ltd was fined for sanctions breaches.', 'Northwind Logistics'],
  ['Northwind Logistics', 'company', 'Northwind said profits rose.', null],
  ['Gazprom', 'company', 'Regulators fined Gazprom on Friday.', 'Gazprom'],
  ['Gazprom', 'company', 'Gazpromneft was fined.', null],
  ['Gazprom', 'company', 'Штраф Газпром оплатил в срок.', 'Газпром'],
];

describe('mentions in a text', () => {
  it.each(CASES)('%s (%s) in "%s"', (name, kind, text, expected) => {
    const query = mentionQuery({ name, kind })!;
    const found = bestMention(text, query);
    if (expected === null) expect(found).toBeNull();
    else {
      expect(found?.text).toBe(expected);
      expect(found!.score).toBeGreaterThanOrEqual(MENTION_THRESHOLD);
    }
  });

  it('does not look for a one-word person name at all: a lone given name or surname is never a mention', () => {
    expect(mentionQuery({ name: 'Petrovsky', kind: 'person' })).toBeNull();
    expect(mentionQuery({ name: '  ', kind: 'company' })).toBeNull();
  });

  it('asks the pre-filter for every pair of a long name and their stems (the press drops middle names and declines the rest)', () => {
    const query = mentionQuery({ name: 'Vladimir Vladimirovich Putin', kind: 'person' })!;
    expect(query.variants).toContain('Vladimir Putin');
    expect(query.variants).toContain('Vladim Puti');
    expect(bestMention('President Vladimir Putin said nothing.', query)?.text).toBe('Vladimir Putin');
  });
});

describe.each(DATABASE_KINDS)('findMentions on %s', (kind) => {
  let t: TestApp;
  let northwind: string;
  let harbour: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const org = async (slug: string) => (await t.deps.db.one<{ id: string }>('SELECT id FROM organisations WHERE slug = $1', [slug]))!.id;
    northwind = await org('northwind');
    harbour = await org('harbour');
    const shared = await ingestArticles(
      t.deps.db,
      [
        { guid: 'en-1', title: 'Businessman charged', body: 'Prosecutors charged Viktor Petrovsky with money laundering.', language: 'en' },
        { guid: 'ru-1', title: 'Арест', body: 'Суд арестовал Виктора Петровского по делу о мошенничестве.', language: 'ru' },
        { guid: 'ar-1', title: 'اعتقال', body: 'اعتقلت الشرطة محمد حسن بتهمة الاحتيال', language: 'ar' },
        { guid: 'en-2', title: 'Sister speaks', body: 'Anna Petrovsky said her brother was innocent. Mr Petrovsky declined to comment.', language: 'en' },
        { guid: 'en-3', title: 'Nothing here', body: 'Markets rose on Tuesday.', language: 'en' },
      ],
      { organisationId: null, source: 'test corpus' },
    );
    const [en1, ru1, ar1, en2, en3] = shared.inserted;
    Object.assign(ids, { en1, ru1, ar1, en2, en3 });
    const own = await ingestArticles(t.deps.db, [{ guid: 'nw-1', title: 'Local news', body: 'Viktor Petrovsky opened a shop.', language: 'en' }], { organisationId: northwind, source: 'custom' });
    ids.northwind = own.inserted[0];
    const other = await ingestArticles(t.deps.db, [{ guid: 'hb-1', title: 'Harbour news', body: 'Viktor Petrovsky sold a ship.', language: 'en' }], { organisationId: harbour, source: 'custom' });
    ids.harbour = other.inserted[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds the articles naming a person in any script, among the shared corpus and the organisation's own, and no other organisation's", async () => {
    const found = await findMentions(t.deps.db, { organisationId: northwind, names: [{ name: 'Viktor Petrovsky', kind: 'person' }] });
    expect(found.map((m) => m.article_id).sort()).toEqual([ids.en1, ids.ru1, ids.northwind].sort());
    const ru = found.find((m) => m.article_id === ids.ru1)!;
    expect(ru).toMatchObject({ matched_name: 'Viktor Petrovsky', matched_text: 'Виктора Петровского' });
    expect(ru.score).toBeGreaterThanOrEqual(MENTION_THRESHOLD);
    const harbourFound = await findMentions(t.deps.db, { organisationId: harbour, names: [{ name: 'Viktor Petrovsky', kind: 'person' }] });
    expect(harbourFound.map((m) => m.article_id).sort()).toEqual([ids.en1, ids.ru1, ids.harbour].sort());
  });

  it('finds an Arabic article by a Latin name and answers each article once, with its best name', async () => {
    const found = await findMentions(t.deps.db, {
      organisationId: northwind,
      names: [
        { name: 'Mohammed Hassan', kind: 'person' },
        { name: 'Mohamed Hasan', kind: 'person' },
      ],
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ article_id: ids.ar1, matched_text: 'محمد حسن' });
  });

  it('looks only at articles ingested within the window it is given', async () => {
    // The shared corpus arrived an hour ago, the organisation's article now.
    await t.deps.db.query("UPDATE media_articles SET ingested_at = now() - interval '1 hour' WHERE organisation_id IS NULL");
    const halfAnHourAgo = new Date(Date.now() - 30 * 60_000);
    const names = [{ name: 'Viktor Petrovsky', kind: 'person' as const }];
    const after = await findMentions(t.deps.db, { organisationId: northwind, names, since: halfAnHourAgo });
    expect(after.map((m) => m.article_id)).toEqual([ids.northwind]);
    const before = await findMentions(t.deps.db, { organisationId: northwind, names, until: halfAnHourAgo });
    expect(before.map((m) => m.article_id).sort()).toEqual([ids.en1, ids.ru1].sort());
  });
});
