/**
 * Sanctioned places on the bundled lists: location searches in any of the table's languages and
 * scripts, addresses, near spellings and the places they must not reach; the customer's countries
 * and address as findings; notes on listed entities in a sanctioned place; place entities for the
 * detail screens; and a place offered only while the loaded lists carry one of its programmes.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreeningEngine, type ScreeningEngine, type ScreeningQuery } from '../../server/screening/index';
import { placesInText, SanctionedPlaces, SANCTIONED_PLACES } from '../../server/screening/places';
import type { ListedEntity } from '../../server/screening/types';

const LISTS_DIR = resolve(process.env.LISTS_DIR ?? resolve(__dirname, '../../../shared/data/lists'));
let engine: ScreeningEngine;

beforeAll(async () => {
  engine = createScreeningEngine({ listsDir: LISTS_DIR, workers: 1 });
  await engine.ready();
}, 180_000);
afterAll(() => engine?.close());

const locate = (search_term: string, extra: Partial<ScreeningQuery> = {}) => engine.screen({ search_term, entity_type: 'location', ...extra }).hits;
const places = (search_term: string) => locate(search_term).filter((h) => h.entity_id.startsWith('place:'));

describe('location search', () => {
  it.each([
    ['Crimea', 'place:crimea', 'UKRAINE-EO13685'],
    ['Крым', 'place:crimea', 'UKRAINE-EO13685'],
    ['القرم', 'place:crimea', 'UKRAINE-EO13685'],
    ['Crimée', 'place:crimea', 'UKRAINE-EO13685'],
    ['Sevastopol', 'place:crimea', 'UKRAINE-EO13685'],
    ['ul. Lenina 12, Simferopol, Crimea', 'place:crimea', 'UKRAINE-EO13685'],
    ['Donetsk', 'place:dnr', 'RUSSIA-EO14065'],
    ['Донецк', 'place:dnr', 'RUSSIA-EO14065'],
    ["Donetsk People's Republic", 'place:dnr', 'RUSSIA-EO14065'],
    ['Luhansk', 'place:lnr', 'RUSSIA-EO14065'],
    ['Pyongyang', 'place:north-korea', 'DPRK'],
    ['Пхеньян', 'place:north-korea', 'DPRK'],
    ['Pyongyang, DPRK', 'place:north-korea', 'DPRK'],
    ['La Habana', 'place:cuba', 'CUBA'],
    ['Téhéran', 'place:iran', 'IRAN'],
    ['دمشق', 'place:syria', 'SYRIA'],
  ])('%s finds %s under %s', (term, id, programme) => {
    const hits = places(term);
    expect(hits.map((h) => h.entity_id)).toEqual([id]);
    const hit = hits[0];
    expect(hit).toMatchObject({ kind: 'location', database: 'sanctions', list_id: 'sanctioned_places', score: 100 });
    expect(hit.programs).toContain(programme);
    expect(hit.source).toMatch(/OFAC/);
    const note = hit.explanation.find((f) => f.feature === 'sanctioned_place')!;
    expect(note.detail).toContain(programme);
    expect(note.candidate_value).toBe(hit.name);
  });

  it('names the city it matched, the region, the country and every publisher', () => {
    const [sevastopol] = places('Sevastopol');
    expect(sevastopol).toMatchObject({ name: 'Crimea', matched_name: 'Sevastopol', countries: ['UA'], relevance: ['alias_matched'] });
    expect(sevastopol.explanation[1].detail).toMatch(/^Sevastopol is in Crimea/);
    expect(places('Crimea')[0].relevance).toEqual(['name_matched']);
    expect(places('Pyongyang')[0].source).toBe('OFAC; UN Security Council');
  });

  it('takes a near spelling, not another word or another place', () => {
    const near = places('Sevastapol');
    expect(near.map((h) => h.entity_id)).toEqual(['place:crimea']);
    expect(near[0].score).toBe(90);
    for (const term of ['Sevastopolis', 'Paris', 'Kyiv', 'Odesa', 'Seoul', 'Donostia', 'Irak', 'Donets', 'Tehrani', 'Crimean Tatars Street 5, Kazan']) expect(places(term), term).toEqual([]);
    // A city of the same name elsewhere, with its country written at the end.
    expect(places('Sebastopol, CA, USA')).toEqual([]);
    expect(places('Cuba, New Mexico, United States')).toEqual([]);
    // An occupied city written under Russia is still in the region.
    expect(places('Simferopol, Republic of Crimea, Russia').map((h) => h.entity_id)).toEqual(['place:crimea']);
  });

  it('returns nothing for an unlisted place, and only places and listed addresses for any location', () => {
    expect(locate('Kyiv')).toEqual([]);
    for (const h of locate('Banco Nacional de Cuba')) expect(h.kind).toBe('location');
  });

  it('finds a listed entity whose address the search matches closely, with an address explanation', () => {
    const hits = locate('28 Kirova Street, Kerch, Crimea');
    expect(hits.map((h) => h.entity_id)).toEqual(expect.arrayContaining(['place:crimea', 'us_ofac_sdn:18027']));
    const port = hits.find((h) => h.entity_id === 'us_ofac_sdn:18027')!;
    expect(port.score).toBeGreaterThanOrEqual(80);
    expect(port.explanation[0]).toMatchObject({ feature: 'address', candidate_value: 'Kirova Street 28, Kerch, Crimea 98312, Ukraine' });
    expect(port.explanation.find((f) => f.feature === 'sanctioned_place')?.detail).toContain('UKRAINE-EO13685');
    // A region alone is not an address: it does not bring every entity with an address there.
    expect(locate('Crimea').map((h) => h.entity_id)).toEqual(['place:crimea']);
    // Another house number is another address.
    expect(locate('30 Kirova Street, Kerch').map((h) => h.entity_id)).not.toContain('us_ofac_sdn:18027');
  });

  it('keeps the search options: databases, sources, exact match', () => {
    expect(locate('Crimea', { databases: ['pep'] })).toEqual([]);
    expect(locate('Crimea', { sources: ['un_sc_consolidated'] })).toEqual([]);
    expect(locate('Crimea', { sources: ['us_ofac_sdn'] }).map((h) => h.entity_id)).toEqual(['place:crimea']);
    expect(locate('Pyongyang', { sources: ['un_sc_consolidated'] }).map((h) => h.entity_id)).toEqual(['place:north-korea']);
    expect(locate('Sevastapol', { exact_match: true })).toEqual([]);
  });

  it('answers the same in a batch as in a single screening', async () => {
    const queries: ScreeningQuery[] = [
      { search_term: 'Simferopol, Crimea', entity_type: 'location' },
      { search_term: 'Pyotr Zima', entity_type: 'person', nationality: 'KP' },
    ];
    const batch = await engine.screenBatch(queries);
    queries.forEach((q, i) => expect((batch[i] as { hits: unknown[] }).hits).toEqual(engine.screen(q).hits));
  }, 120_000);
});

describe('the customer’s countries and address', () => {
  it('a person with North Korean nationality carries the finding, after the name matches', () => {
    const hits = engine.screen({ search_term: 'Jennifer Wilson', entity_type: 'person', nationality: 'KP' }).hits;
    expect(hits.map((h) => h.entity_id)).toEqual(['place:north-korea']);
    expect(hits[0]).toMatchObject({ score: 100, relevance: [], programs: expect.arrayContaining(['DPRK', 'DPRK3']) });
    expect(hits[0].explanation).toEqual([expect.objectContaining({ feature: 'sanctioned_place', query_value: 'nationality: KP', candidate_value: 'North Korea', detail: expect.stringMatching(/^from the customer's nationality/) })]);
    const named = engine.screen({ search_term: 'Hasan Mortezavi', entity_type: 'person', countries: ['IR'] }).hits;
    expect(named[0].entity_id).toBe('us_ofac_sdn:12113');
    expect(named.at(-1)).toMatchObject({ entity_id: 'place:iran', programs: ['IRAN'] });
  });

  it('a company with an address in a sanctioned region, given as its identifier, carries the finding', () => {
    const hits = engine.screen({ search_term: 'Blue Harbour Trading LLC', entity_type: 'company', unique_identifier: '14 Lenina St, Yalta, Crimea' }).hits;
    expect(hits.map((h) => h.entity_id)).toEqual(['place:crimea']);
    expect(hits[0].explanation[0].detail).toMatch(/^from the customer's address/);
    // A parent's name is not an address, even when it is a city's.
    expect(engine.screen({ search_term: 'Blue Harbour Trading LLC', entity_type: 'company', unique_identifier: 'Shiraz Ahmed' }).hits).toEqual([]);
  });

  it('a country with no embargo, or a region by its country code, is no finding', () => {
    expect(engine.screen({ search_term: 'Jennifer Wilson', entity_type: 'person', nationality: 'UA', countries: ['FR'], residence_countries: ['KR'] }).hits).toEqual([]);
  });
});

describe('listed entities in a sanctioned place', () => {
  it('a name hit whose listed address is in Crimea says so, without changing the score', () => {
    const hit = engine.screen({ search_term: 'Pyotr Zima', entity_type: 'person' }).hits.find((h) => h.entity_id === 'us_ofac_sdn:16715')!;
    const note = hit.explanation.find((f) => f.feature === 'sanctioned_place')!;
    expect(note).toMatchObject({ contribution: 0, candidate_value: expect.stringContaining('Simferopol, Crimea') });
    expect(note.detail).toContain('Crimea');
    expect(note.detail).toContain('UKRAINE-EO13685');
    const sum = hit.explanation.reduce((s, f) => s + f.contribution, 0);
    expect(Math.round(sum * 100)).toBe(hit.score);
  });

  it('a name hit on an entity of an embargoed country names it', () => {
    const hit = engine.screen({ search_term: 'Hasan Mortezavi', entity_type: 'person' }).hits.find((h) => h.entity_id === 'us_ofac_sdn:12113')!;
    // Its address reads "Iran"; an entity with only the country code would be named by that.
    expect(hit.explanation.find((f) => f.feature === 'sanctioned_place')).toMatchObject({ contribution: 0, detail: expect.stringMatching(/Iran: OFAC IRAN/) });
  });
});

describe('place entities', () => {
  it('getEntity returns an offered place with its names, cities and programmes', () => {
    const crimea = engine.getEntity('place:crimea')!;
    expect(crimea).toMatchObject({ id: 'place:crimea', kind: 'location', database: 'sanctions', programs: ['UKRAINE-EO13685'], countries: ['UA'], birth_dates: [], identifiers: [], positions: [], linked_to: [] });
    expect(crimea.names[0]).toEqual({ full: 'Crimea', kind: 'primary' });
    expect(crimea.names.map((n) => n.full)).toEqual(expect.arrayContaining(['Крым', 'القرم', 'Crimée', 'Krim']));
    expect(crimea.addresses.map((a) => a.text)).toEqual(expect.arrayContaining(['Sevastopol', 'Simferopol']));
    expect(engine.getEntity('place:no-such-place')).toBeUndefined();
  });

  it('every place has its names in the six languages and at least one programme', () => {
    for (const p of SANCTIONED_PLACES) {
      for (const lang of ['en', 'es', 'fr', 'de', 'ar', 'ru'] as const) expect(p.names[lang].length + (lang === 'en' ? 1 : 0), `${p.id} ${lang}`).toBeGreaterThan(0);
      expect(p.programmes.length).toBeGreaterThan(0);
    }
  });
});

describe('a place is offered only while its programme is loaded', () => {
  const entity = (list_id: string, programs: string[], database: ListedEntity['database'] = 'sanctions'): ListedEntity => ({
    id: `${list_id}:1`, list_id, source: list_id, programs, database, kind: 'company', names: [{ full: 'Test Co', kind: 'primary' }],
    birth_dates: [], places_of_birth: [], countries: [], nationalities: [], identifiers: [], addresses: [], positions: [], linked_to: [],
  });

  it('the bundled lists carry no EU or UK programme: the occupied parts of Zaporizhzhia and Kherson are not offered', () => {
    expect(places('Melitopol')).toEqual([]);
    expect(places('Zaporizhzhia Oblast')).toEqual([]);
    expect(engine.getEntity('place:kherson')).toBeUndefined();
    // The table knows them: with a list carrying their programme they are.
    expect(placesInText('Melitopol').map((m) => m.place.id)).toEqual(['zaporizhzhia']);
  });

  it('offers exactly the places whose programmes the entities carry, on a sanctions list of the programme’s publisher', () => {
    expect(new SanctionedPlaces([entity('us_ofac_sdn', ['CUBA'])]).ids()).toEqual(['cuba']);
    expect(new SanctionedPlaces([entity('un_sc_consolidated', ['DPRK'])]).ids()).toEqual(['north-korea']);
    expect(new SanctionedPlaces([entity('eu_fsf', ['EU-UKR'])]).ids()).toEqual(['crimea', 'dnr', 'lnr', 'zaporizhzhia', 'kherson']);
    // The code on another publisher's list, or outside the sanctions database, is not the programme.
    expect(new SanctionedPlaces([entity('un_sc_consolidated', ['CUBA']), entity('pep_us_congress', ['IRAN'], 'pep')]).ids()).toEqual([]);
  });

  it('an engine on the UN list alone offers North Korea, under the UN only, and not Crimea', async () => {
    const un = createScreeningEngine({ listsDir: LISTS_DIR, lists: ['un_sc_consolidated'], workers: 1 });
    try {
      await un.ready();
      expect(un.screen({ search_term: 'Crimea', entity_type: 'location' }).hits).toEqual([]);
      const [nk] = un.screen({ search_term: 'Pyongyang', entity_type: 'location' }).hits;
      expect(nk).toMatchObject({ entity_id: 'place:north-korea', programs: ['DPRK'], source: 'UN Security Council' });
      expect(un.getEntity('place:crimea')).toBeUndefined();
    } finally {
      await un.close();
    }
  }, 120_000);
});
