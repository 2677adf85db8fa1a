/**
 * The engine on the bundled lists: every search option's effect, relevance
 * labels, explanations, known true and false matches taken from the lists, and
 * bulk screening on worker threads. One engine for the whole file.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreeningEngine, DEFAULT_MATCH_SCORE, ScreeningInputError, type ScreeningEngine, type ScreeningQuery } from '../../server/screening/index';

const LISTS_DIR = resolve(process.env.LISTS_DIR ?? resolve(__dirname, '../../../shared/data/lists'));
let engine: ScreeningEngine;

beforeAll(async () => {
  engine = createScreeningEngine({ listsDir: LISTS_DIR, workers: 2 });
  await engine.ready();
}, 120_000);
afterAll(() => engine?.close());

const screen = (q: Partial<ScreeningQuery> & { search_term: string }) => engine.screen({ entity_type: 'person', ...q });
const hitFor = (q: Partial<ScreeningQuery> & { search_term: string }, id: string) => screen(q).hits.find((h) => h.entity_id === id);

describe('engine state', () => {
  it('reports every list loaded with counts and versions', () => {
    const s = engine.status();
    expect(s.state).toBe('ready');
    expect(s.lists.map((l) => l.id)).toEqual(['us_ofac_sdn', 'us_ofac_consolidated', 'un_sc_consolidated', 'us_csl', 'us_bis_dpl', 'pep_us_congress', 'eu_fsf', 'uk_sanctions']);
    // The EU and UK lists ship no copy: absent from LISTS_DIR, they are not configured, which is no error.
    for (const l of s.lists.filter((x) => x.id === 'eu_fsf' || x.id === 'uk_sanctions')) expect(l).toMatchObject({ entities: 0, not_configured: true, last_error: undefined });
    for (const l of s.lists.filter((x) => !x.not_configured)) {
      expect(l.entities).toBeGreaterThan(400);
      expect(l.version).toMatch(/^[0-9a-f]{16}$/);
      expect(l.last_error).toBeUndefined();
    }
    expect(engine.getEntity('us_ofac_sdn:12113')?.names[0].full).toBe('MORTEZAVI, Hasan');
    expect(DEFAULT_MATCH_SCORE).toBe(80);
  });
});

describe('known true and false matches from the lists', () => {
  it('finds listed people and organisations by primary name, alias and original script', () => {
    expect(hitFor({ search_term: 'Hasan Mortezavi' }, 'us_ofac_sdn:12113')?.relevance).toContain('name_matched');
    expect(hitFor({ search_term: 'Floribert Ndjabu' }, 'un_sc_consolidated:6908012')?.relevance).toContain('alias_matched');
    expect(hitFor({ search_term: 'National Bank of Cuba', entity_type: 'company' }, 'us_ofac_sdn:306')).toBeDefined();
    expect(hitFor({ search_term: 'صدام حسين التكريتي' }, screen({ search_term: 'Saddam Hussein al-Tikriti' }).hits[0].entity_id)).toBeDefined();
    expect(hitFor({ search_term: 'Maria Cantwell' }, 'pep_us_congress:C000127')?.database).toBe('pep');
    expect(hitFor({ search_term: 'Vladimir Putin' }, 'us_ofac_sdn:35096')).toBeDefined();
  });

  it('keeps apart listed names that differ by a distinctive word or letter', () => {
    const cimex = screen({ search_term: 'CIMEX IBERICA', entity_type: 'company' }).hits.map((h) => h.entity_id);
    expect(cimex[0]).toBe('us_ofac_sdn:536');
    expect(cimex).not.toContain('us_ofac_sdn:537'); // CIMEX, S.A.
    const aircraft = screen({ search_term: 'EP-GOM', entity_type: 'company' }).hits.map((h) => h.entity_id);
    expect(aircraft).toContain('us_ofac_sdn:15431');
    expect(aircraft).not.toContain('us_ofac_sdn:15432'); // EP-GOL
  });

  it('does not alert on unlisted common names', () => {
    for (const name of ['Jennifer Wilson', 'Pierre Laurent', 'Hiroshi Tanaka', 'Agnieszka Nowak']) expect(screen({ search_term: name }).hits).toEqual([]);
  });
});

describe('search options', () => {
  it('entity type: people only match people, companies only organisations, vessels and aircraft', () => {
    expect(hitFor({ search_term: 'Maria Cantwell', entity_type: 'company' }, 'pep_us_congress:C000127')).toBeUndefined();
    expect(hitFor({ search_term: 'Banco Nacional de Cuba', entity_type: 'person' }, 'us_ofac_sdn:306')).toBeUndefined();
    expect(hitFor({ search_term: 'Banco Nacional de Cuba', entity_type: 'company' }, 'us_ofac_sdn:306')?.score).toBe(100);
    // A location search names places (here Cuba, a sanctioned jurisdiction: tests/screening/places.test.ts), never the bank.
    expect(screen({ search_term: 'Banco Nacional de Cuba', entity_type: 'location' }).hits.map((h) => h.kind)).toEqual(['location']);
  });

  it('databases: only the chosen ones; adverse media is left to its own feature', () => {
    expect(hitFor({ search_term: 'Maria Cantwell', databases: ['sanctions'] }, 'pep_us_congress:C000127')).toBeUndefined();
    expect(hitFor({ search_term: 'Maria Cantwell', databases: ['pep', 'adverse_media'] }, 'pep_us_congress:C000127')).toBeDefined();
    const dpl = screen({ search_term: 'Aaron Abraham Villa', databases: ['warnings_and_regulatory_enforcement'] }).hits;
    expect(dpl[0]?.source).toBe('BIS Denied Persons List');
    expect(screen({ search_term: 'Aaron Abraham Villa', databases: ['sanctions'] }).hits).toEqual([]);
  });

  it('birth date: agreement adds and is labelled, disagreement takes away', () => {
    const base = hitFor({ search_term: 'Hasan Mortezavi' }, 'us_ofac_sdn:12113')!;
    const same = hitFor({ search_term: 'Hasan Mortezavi', date_of_birth: { day: 23, month: 8, year: 1964 } }, 'us_ofac_sdn:12113')!;
    expect(same.relevance).toContain('dob_matched');
    expect(same.explanation.find((f) => f.feature === 'birth_date')).toMatchObject({ contribution: 0.05, candidate_value: '1964-08-23' });
    const other = hitFor({ search_term: 'Hasan Mortezavi', birth_year: 1990, match_score: 50 }, 'us_ofac_sdn:12113')!;
    expect(other.score_raw).toBeCloseTo(base.score_raw - 0.15, 5);
    expect(other.relevance).not.toContain('dob_matched');
    expect(other.explanation.find((f) => f.feature === 'birth_date')).toMatchObject({ contribution: -0.15, detail: 'year_mismatch' });
    // A misspelt name with another birth year falls below the default threshold.
    expect(hitFor({ search_term: 'Hasan Mortazavy' }, 'us_ofac_sdn:12113')).toBeDefined();
    expect(hitFor({ search_term: 'Hasan Mortazavy', birth_year: 1990 }, 'us_ofac_sdn:12113')).toBeUndefined();
  });

  it('countries, residence countries and nationality', () => {
    const q = { search_term: 'Hasan Mortazavy', match_score: 50 }; // a misspelling, so the score has room to rise
    const score = (extra: Partial<ScreeningQuery>) => hitFor({ ...q, ...extra }, 'us_ofac_sdn:12113')!.score_raw;
    const base = score({});
    expect(score({ countries: ['IR'] })).toBeGreaterThan(base);
    expect(score({ countries: ['FR'] })).toBeLessThan(base);
    expect(score({ residence_countries: ['IR'] })).toBeGreaterThan(base);
    expect(score({ residence_countries: ['FR'] })).toBeLessThan(base);
    expect(score({ nationality: 'IR' })).toBeGreaterThan(base);
    expect(score({ nationality: 'FR' })).toBeLessThan(base);
    expect(hitFor({ ...q, nationality: 'FR' }, 'us_ofac_sdn:12113')!.explanation.find((f) => f.feature === 'nationality')).toMatchObject({ contribution: -0.1, query_value: 'FR', candidate_value: 'IR' });
  });

  it('gender: a mismatch costs', () => {
    const base = hitFor({ search_term: 'Hasan Mortezavi', match_score: 50 }, 'us_ofac_sdn:12113')!.score_raw;
    expect(hitFor({ search_term: 'Hasan Mortezavi', gender: 'male', match_score: 50 }, 'us_ofac_sdn:12113')!.score_raw).toBe(base);
    expect(hitFor({ search_term: 'Hasan Mortezavi', gender: 'female', match_score: 50 }, 'us_ofac_sdn:12113')!.score_raw).toBeCloseTo(base - 0.2, 5);
  });

  it('unique identifier: a passport number finds the entity under another name', () => {
    const hit = hitFor({ search_term: 'John Doe', unique_identifier: 'D 901 9576' }, 'us_ofac_sdn:12113');
    expect(hit).toBeDefined();
    expect(hit!.explanation.find((f) => f.feature === 'identifier')).toMatchObject({ candidate_value: 'Passport D9019576' });
    expect(hitFor({ search_term: 'John Doe' }, 'us_ofac_sdn:12113')).toBeUndefined();
  });

  it('match score: the threshold is a percentage', () => {
    const strict = screen({ search_term: 'Hasan Mortazavy', match_score: 99 }).hits;
    const loose = screen({ search_term: 'Hasan Mortazavy', match_score: 60 }).hits;
    expect(strict.length).toBeLessThan(loose.length);
    for (const h of loose) expect(h.score).toBeGreaterThanOrEqual(60);
  });

  it('exact match: only names equal after normalisation', () => {
    expect(hitFor({ search_term: 'Hasan Mortezavy' }, 'us_ofac_sdn:12113')).toBeDefined();
    expect(hitFor({ search_term: 'Hasan Mortezavy', exact_match: true }, 'us_ofac_sdn:12113')).toBeUndefined();
    expect(hitFor({ search_term: 'mortezavi hasan', exact_match: true }, 'us_ofac_sdn:12113')).toBeDefined();
  });

  it('match AKAs: off searches primary names only; weak aliases count less than strong ones', () => {
    const weak = hitFor({ search_term: 'Sweet Micky' }, 'us_ofac_consolidated:50476');
    expect(weak?.relevance).toEqual(['alias_matched']);
    expect(weak?.explanation.find((f) => f.feature === 'weak_alias')?.contribution).toBeLessThan(0);
    const strong = hitFor({ search_term: 'Michael Martelly' }, 'us_ofac_consolidated:50476');
    expect(strong!.score_raw).toBeGreaterThan(weak!.score_raw);
    expect(hitFor({ search_term: 'Sweet Micky', match_akas: false }, 'us_ofac_consolidated:50476')).toBeUndefined();
    expect(hitFor({ search_term: 'Michel Joseph Martelly', match_akas: false }, 'us_ofac_consolidated:50476')?.relevance).toEqual(['name_matched']);
  });

  it('match RCA: entities the lists link to the searched name', () => {
    expect(hitFor({ search_term: 'Lazarus Group' }, 'us_ofac_sdn:28263')).toBeUndefined();
    const rca = hitFor({ search_term: 'Lazarus Group', match_rca: true }, 'us_ofac_sdn:28263');
    expect(rca?.relevance).toEqual(['rca_matched']);
    expect(rca?.explanation.find((f) => f.feature === 'rca')?.candidate_value).toBe('LAZARUS GROUP');
    expect(hitFor({ search_term: 'Lazarus Group', entity_type: 'company', match_rca: true }, 'us_ofac_sdn:27307')?.relevance).toEqual(['name_matched']);
  });

  it('validates input with the spec rules', () => {
    expect(() => screen({ search_term: 'a' })).toThrow(ScreeningInputError);
    expect(() => screen({ search_term: '12345' })).toThrow(/search_term_letter/);
    expect(() => screen({ search_term: 'Ivan Petrov', birth_year: 1850 })).toThrow(/year_min/);
    expect(() => screen({ search_term: 'Ivan Petrov', match_score: 0 })).toThrow(/match_score/);
    expect(() => screen({ search_term: 'Ivan Petrov', countries: ['XX'] })).toThrow(/invalid_country/);
  });
});

describe('hits and explanations', () => {
  it('carry the entity facts and every feature that moved the score', () => {
    const hit = hitFor({ search_term: 'Hasan Mortezavi', birth_year: 1964, nationality: 'IR' }, 'us_ofac_sdn:12113')!;
    expect(hit).toMatchObject({ name: 'MORTEZAVI, Hasan', matched_name: 'MORTEZAVI, Hasan', database: 'sanctions', source: 'OFAC SDN', kind: 'person', countries: ['IR'] });
    expect(hit.programs).toEqual(['SDGT', 'IRGC', 'IFSR']);
    expect(hit.score).toBe(Math.round(hit.score_raw * 100));
    const name = hit.explanation.find((f) => f.feature === 'name')!;
    expect(name).toMatchObject({ query_value: 'Hasan Mortezavi', candidate_value: 'MORTEZAVI, Hasan' });
    expect(name.detail).toContain('hasan~hasan exact');
    expect(hit.explanation.map((f) => f.feature)).toEqual(expect.arrayContaining(['name', 'birth_date', 'nationality']));
  });
});

describe('bulk screening', () => {
  it('screens a batch on worker threads, in order, reporting progress and per-query errors', async () => {
    const queries: ScreeningQuery[] = [
      ...Array.from({ length: 150 }, (_, i) => ({ search_term: i % 2 ? 'Hasan Mortezavi' : 'Jennifer Wilson', entity_type: 'person' as const })),
      { search_term: 'x', entity_type: 'person' },
    ];
    const progress: number[] = [];
    const results = await engine.screenBatch(queries, (done) => progress.push(done));
    expect(results).toHaveLength(151);
    expect('hits' in results[1] && results[1].hits[0].entity_id).toBe('us_ofac_sdn:12113');
    expect('hits' in results[0] && results[0].hits).toEqual([]);
    expect(results[150]).toMatchObject({ error: expect.stringContaining('search_term') });
    expect(progress.at(-1)).toBe(151);
  }, 120_000);

  it('a batch scores exactly as single screenings do (names, qualifiers, identifiers, explanations)', async () => {
    const queries: ScreeningQuery[] = [
      { search_term: 'Hasan Mortezavi', entity_type: 'person', birth_year: 1964 },
      { search_term: 'Ali Akbar Velayati', entity_type: 'person', nationality: 'IR' },
      { search_term: 'Mahan Air', entity_type: 'company' },
      { search_term: 'Kim Jong Un', entity_type: 'person', match_score: 60 },
      { search_term: 'Nobody Atall', entity_type: 'person', unique_identifier: 'D9019576' },
      { search_term: 'LAZARUS GROUP', entity_type: 'company', match_rca: true },
    ];
    const batch = await engine.screenBatch(queries);
    queries.forEach((q, i) => {
      const single = engine.screen(q);
      const fromBatch = batch[i] as typeof single;
      expect(fromBatch.hits.map((h) => [h.entity_id, h.score_raw, h.relevance, h.explanation])).toEqual(single.hits.map((h) => [h.entity_id, h.score_raw, h.relevance, h.explanation]));
      expect(fromBatch.candidates).toBe(single.candidates);
    });
    expect((batch[0] as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
    // The identifier finds its entity whatever the name, in a batch too.
    expect((batch[4] as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
  }, 120_000);

  it('a worker that stops mid-batch costs its own queries an error, not the batch; the next batch runs whole', async () => {
    const queries: ScreeningQuery[] = Array.from({ length: 1200 }, (_, i) => ({ search_term: `Hasan Mortezavi ${['Ali', 'Reza', 'Karim'][i % 3]}`, entity_type: 'person' }));
    // The pool is private: find its workers as they are sent chunks, and stop one.
    const { Worker } = await import('node:worker_threads');
    const started: InstanceType<typeof Worker>[] = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: InstanceType<typeof Worker>, msg: unknown) {
      if (!started.includes(this)) started.push(this);
      return post.call(this, msg);
    };
    try {
      const running = engine.screenBatch(queries);
      // Stop a worker as soon as one has been handed a chunk, however long that takes.
      await expect.poll(() => started.length).toBeGreaterThan(0);
      await started[0].terminate();
      const results = await running;
      expect(results).toHaveLength(1200);
      const errors = results.filter((r) => 'error' in r).length;
      expect(errors).toBeLessThan(1200);
      for (const r of results) if ('error' in r) expect(r.error).toMatch(/worker/);
    } finally {
      Worker.prototype.postMessage = post;
    }
    const again = await engine.screenBatch(queries.slice(0, 300));
    expect(again.every((r) => 'hits' in r)).toBe(true);
  }, 120_000);
});
