/**
 * An organisation's custom list index (server/screening/custom-index.ts): records are found with the same
 * matcher and explanations as the public lists, as databases of their own; a change adds a segment and
 * removes what it replaced without rebuilding the rest; small segments are merged; word weights are the
 * public lists' own, so a common given name alone is no match in a ten-record list either.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CustomListIndex, customEntity, type CustomRecord } from '../../server/screening/custom-index';
import type { WordWeights } from '../../server/screening/candidate-index';
import { testScreeningEngine } from '../helpers/app';

let weights: WordWeights;
let version: number;

beforeAll(async () => {
  const engine = testScreeningEngine();
  await engine.ready();
  const w = engine.wordWeights()!;
  weights = w.weights;
  version = w.version;
}, 120_000);

let serial = 0;
function record(fields: Partial<CustomRecord> & { full_name: string }): CustomRecord {
  serial++;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    list_id: '11111111-1111-4111-8111-111111111111',
    list_name: 'Former clients',
    list_type: 'blacklist',
    aliases: [],
    entity_type: 'person',
    birth_year: null,
    birth_month: null,
    birth_day: null,
    country: null,
    category: null,
    ...fields,
  };
}

const person = (search_term: string, extra: Record<string, unknown> = {}) => ({ search_term, entity_type: 'person' as const, ...extra });

describe('custom list index', () => {
  it('finds a record by a misspelt name, with the public lists’ explanation and its own database and list', () => {
    const index = new CustomListIndex(weights, version);
    const r = record({ full_name: 'Bartholomew Okonkwo-Ferreira', country: 'NG', birth_year: 1971, category: 'Payment fraud' });
    index.apply({ upserted: [r], removed: [] });
    const hit = index.screen(person('Bartolomew Okonkwo Ferreira', { birth_year: 1971 })).hits[0];
    expect(hit).toMatchObject({ entity_id: `custom:${r.id}`, database: 'blacklist', source: 'Former clients', list_id: r.list_id, programs: ['Payment fraud'], countries: ['NG'] });
    expect(hit.score).toBeGreaterThanOrEqual(80);
    expect(hit.relevance).toEqual(expect.arrayContaining(['name_matched', 'dob_matched']));
    expect(hit.explanation.map((f) => f.feature)).toEqual(expect.arrayContaining(['name', 'birth_date']));
    expect(index.getEntity(hit.entity_id)?.names[0].full).toBe('Bartholomew Okonkwo-Ferreira');
  });

  it('finds a record by one of its other names, and whitelists as their own database', () => {
    const index = new CustomListIndex(weights, version);
    const r = record({ full_name: 'Northgate Freight Forwarding LLC', entity_type: 'company', aliases: ['NGFF Logistics'], list_type: 'whitelist' });
    index.apply({ upserted: [r], removed: [] });
    const hit = index.screen({ search_term: 'NGFF Logistics', entity_type: 'company' }).hits[0];
    expect(hit).toMatchObject({ database: 'whitelist', matched_name: 'NGFF Logistics', relevance: ['alias_matched'] });
    // A person search does not reach a company record.
    expect(index.screen(person('NGFF Logistics')).hits).toEqual([]);
  });

  it('weighs words as the public lists do: common given names count for less than in a list of their own', () => {
    // In a one-record list every word would be as rare as any other; borrowed weights know "Ahmed" and "Mohammed" are common.
    const flat: WordWeights = { weightOf: () => 1 };
    const score = (w: WordWeights, query: string) => {
      const index = new CustomListIndex(w, 1);
      index.apply({ upserted: [record({ full_name: 'Ahmed Mohammed Lindqvist Oduya' })], removed: [] });
      return index.screen(person(query, { match_score: 50 })).hits[0]?.score_raw ?? 0;
    };
    expect(score(weights, 'Ahmed Mohammed')).toBeLessThan(score(flat, 'Ahmed Mohammed') - 0.01);
  });

  it('applies a change without rebuilding: an edited record is served in its new version only, a deleted one not at all', () => {
    const index = new CustomListIndex(weights, version);
    const a = record({ full_name: 'Ingeborg Vasquez-Thorne' });
    const b = record({ full_name: 'Radomir Kettleborough' });
    index.apply({ upserted: [a, b], removed: [] });
    expect(index.segmentCount).toBe(1);
    // Edited: the old name goes, the new one comes, in a segment of its own.
    index.apply({ upserted: [{ ...a, full_name: 'Ingeborg Vasquez-Thornbury' }], removed: [] });
    expect(index.segmentCount).toBe(2);
    expect(index.size).toBe(2);
    const found = index.screen(person('Ingeborg Vasquez Thornbury')).hits;
    expect(found.map((h) => h.matched_name)).toEqual(['Ingeborg Vasquez-Thornbury']);
    expect(index.screen(person('Ingeborg Vasquez Thorne')).hits.map((h) => h.matched_name)).not.toContain('Ingeborg Vasquez-Thorne');
    index.apply({ upserted: [], removed: [b.id] });
    expect(index.screen(person('Radomir Kettleborough')).hits).toEqual([]);
    expect(index.size).toBe(1);
    expect(index.getEntity(`custom:${b.id}`)).toBeUndefined();
    // Applying the same change again changes nothing.
    index.apply({ upserted: [], removed: [b.id] });
    expect(index.size).toBe(1);
  });

  it('merges small segments once there are many, and keeps serving every live record', () => {
    const index = new CustomListIndex(weights, version);
    const names = ['Quillon Abernathy', 'Perpetua Zanzibarova', 'Oswin Thackeray-Blight', 'Lucasta Mirrlees', 'Gideon Fairweather-Oyelaran', 'Theodora Vancamp', 'Ptolemy Haverstock', 'Wilhelmina Okafor-Strand', 'Cassius Drummond-Lye', 'Marisol Etxeberria-Kowal'];
    const records = names.map((full_name) => record({ full_name }));
    for (const r of records) index.apply({ upserted: [r], removed: [] });
    expect(index.segmentCount).toBeLessThanOrEqual(8);
    expect(index.size).toBe(names.length);
    for (const name of names) expect(index.screen(person(name)).hits[0]?.matched_name).toBe(name);
  });

  it('screens only the lists asked for', () => {
    const index = new CustomListIndex(weights, version);
    const other = '22222222-2222-4222-8222-222222222222';
    index.apply({ upserted: [record({ full_name: 'Anselm Brightwater' }), record({ full_name: 'Anselm Brightwater', list_id: other, list_name: 'Staff', list_type: 'whitelist' })], removed: [] });
    expect(index.screen(person('Anselm Brightwater')).hits.map((h) => h.database).sort()).toEqual(['blacklist', 'whitelist']);
    expect(index.screen(person('Anselm Brightwater'), new Set([other])).hits.map((h) => h.source)).toEqual(['Staff']);
    expect(index.screen(person('Anselm Brightwater'), new Set()).hits).toEqual([]);
  });

  it('turns a record into a listed entity with its date, country and category', () => {
    const e = customEntity(record({ full_name: 'Zephyrine Oduya', aliases: ['Z. Oduya'], birth_year: 1980, birth_month: 4, birth_day: 23, country: 'KE', category: 'Sanctions evasion' }));
    expect(e).toMatchObject({ kind: 'person', database: 'blacklist', birth_dates: [{ year: 1980, month: 4, day: 23 }], countries: ['KE'], programs: ['Sanctions evasion'] });
    expect(e.names).toEqual([{ full: 'Zephyrine Oduya', kind: 'primary' }, { full: 'Z. Oduya', kind: 'strong' }]);
  });
});
