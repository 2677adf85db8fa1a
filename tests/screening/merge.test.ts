/**
 * One entity across lists: listings of the same entity by several publishers are merged
 * into one entity (server/screening/merge.ts) on shared identifiers, cross-references, or
 * the same name with the same birth date (people) or country (organisations). On the
 * bundled lists through the engine, and on small made-up lists for what must stay apart.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreeningEngine, type ScreeningEngine, type ScreeningQuery } from '../../server/screening/index';
import { blankEntity } from '../../server/screening/loaders/common';
import { mergeEntities, mergeOptionsFromEnv, parseSplits } from '../../server/screening/merge';
import type { ListedEntity, LoadedList } from '../../server/screening/types';

const LISTS_DIR = resolve(process.env.LISTS_DIR ?? resolve(__dirname, '../../../shared/data/lists'));
/** The Entity List's row for Rosneft Trading S.A. (the CSL's id), which also is SDN 18299. */
const ROSNEFT_EL = 'us_csl:5e68321c5ca68b0f65a8347030075f1ea4ea3dea49f1a626f5017dfa';
const ROSNEFT = { search_term: 'Rosneft Trading S.A.', entity_type: 'company' } as const;

let engine: ScreeningEngine;
beforeAll(async () => {
  engine = createScreeningEngine({ listsDir: LISTS_DIR, workers: 1, merge: {} });
  await engine.ready();
}, 120_000);
afterAll(() => engine?.close());

const screen = (q: Partial<ScreeningQuery> & { search_term: string }) => engine.screen({ entity_type: 'person', ...q });

describe('merged entities on the bundled lists', () => {
  it('ROSNEFT TRADING S.A. is one hit with its SDN and CSL listings, every source and programme', () => {
    const hits = screen(ROSNEFT).hits.filter((h) => /rosneft trading/i.test(h.name));
    expect(hits).toHaveLength(1);
    const hit = hits[0];
    expect(hit.entity_id).toBe('us_ofac_sdn:18299');
    expect(hit.source).toBe('OFAC SDN');
    const ids = hit.listings!.map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['us_ofac_sdn:18299', ROSNEFT_EL]));
    const sources = hit.listings!.map((l) => l.source);
    expect(sources).toContain('OFAC SDN');
    expect(sources).toContain('US CSL: Entity List (EL)');
    expect(hit.programs).toEqual(expect.arrayContaining(['UKRAINE-EO13662', 'EL']));
    const el = hit.listings!.find((l) => l.id === ROSNEFT_EL)!;
    expect(el).toMatchObject({ database: 'warnings_and_regulatory_enforcement', name: 'Rosneft Trading S.A.' });
    const merged = hit.explanation.find((f) => f.feature === 'merged_listings');
    expect(merged?.contribution).toBe(0);
    expect(merged?.detail).toMatch(/same name "ROSNEFT TRADING S\.A\." and country CH/);
  });

  it('a UN and OFAC person is one hit with both programmes', () => {
    const hit = screen({ search_term: 'Pak Chun Il' }).hits.find((h) => h.entity_id === 'us_ofac_sdn:19533');
    expect(hit).toBeDefined();
    expect(hit!.listings!.map((l) => l.list_id)).toEqual(['us_ofac_sdn', 'un_sc_consolidated']);
    const [ofac, un] = hit!.listings!;
    for (const p of [...ofac.programs, ...un.programs]) expect(hit!.programs).toContain(p);
    expect(un.programs).toContain('DPRK');
    expect(hit!.explanation.find((f) => f.feature === 'merged_listings')?.detail).toBe('same Passport 563410091');
    expect(screen({ search_term: 'Pak Chun Il' }).hits.filter((h) => h.entity_id === 'un_sc_consolidated:6908554')).toEqual([]);
  });

  it("getEntity finds the merged entity by any listing's id", () => {
    expect(engine.getEntity('un_sc_consolidated:6908554')?.id).toBe('us_ofac_sdn:19533');
    const rosneft = engine.getEntity(ROSNEFT_EL);
    expect(rosneft?.id).toBe('us_ofac_sdn:18299');
    expect(rosneft?.merge_reasons?.map((r) => r.rule)).toEqual(expect.arrayContaining(['copy', 'name_and_date']));
  });

  it('a search of one database or list finds a merged entity through any of its listings, in batches too', async () => {
    const warnings = screen({ ...ROSNEFT, databases: ['warnings_and_regulatory_enforcement'] }).hits.map((h) => h.entity_id);
    expect(warnings).toContain('us_ofac_sdn:18299');
    expect(screen({ ...ROSNEFT, sources: ['us_csl'] }).hits.map((h) => h.entity_id)).toContain('us_ofac_sdn:18299');
    expect(screen({ ...ROSNEFT, databases: ['pep'] }).hits).toEqual([]);
    const [batch] = await engine.screenBatch([{ ...ROSNEFT, databases: ['warnings_and_regulatory_enforcement'] }]);
    expect('hits' in batch && batch.hits.map((h) => h.entity_id)).toEqual(warnings);
  });

  it('counts merges by rule', () => {
    const stats = engine.mergeStats!()!;
    expect(stats.groups).toBeGreaterThan(1000);
    expect(stats.by_rule.copy).toBeGreaterThan(800);
    expect(stats.by_rule.identifier).toBeGreaterThan(50);
    expect(stats.by_rule.name_and_date).toBeGreaterThan(300);
    expect(stats.entities_out).toBe(stats.entities_in - stats.by_rule.copy - stats.by_rule.identifier - stats.by_rule.name_and_date - stats.by_rule.cross_reference);
  });
});

describe('switching merging off and splitting a merge', () => {
  const lists = ['us_ofac_sdn', 'us_ofac_consolidated', 'us_csl'];

  it('off: the SDN and the Entity List rows are two hits again, CSL copies still dropped', async () => {
    const off = createScreeningEngine({ listsDir: LISTS_DIR, lists, workers: 1, merge: { enabled: false } });
    try {
      await off.ready();
      const ids = off.screen(ROSNEFT).hits.filter((h) => /rosneft trading/i.test(h.name)).map((h) => h.entity_id);
      expect(ids.sort()).toEqual(['us_ofac_sdn:18299', ROSNEFT_EL].sort());
      expect(off.getEntity('us_ofac_sdn:18299')?.listings).toBeUndefined();
      expect(off.getEntity('us_ofac_sdn:18299')?.programs).toContain('SSI');
    } finally {
      await off.close();
    }
  }, 120_000);

  it('a split pair is kept apart, the rest of the merge stays', async () => {
    const split = createScreeningEngine({ listsDir: LISTS_DIR, lists, workers: 1, merge: { splits: [['us_ofac_sdn:18299', ROSNEFT_EL]] } });
    try {
      await split.ready();
      const hits = split.screen(ROSNEFT).hits.filter((h) => /rosneft trading/i.test(h.name));
      expect(hits.map((h) => h.entity_id).sort()).toEqual(['us_ofac_sdn:18299', ROSNEFT_EL].sort());
      expect(hits.find((h) => h.entity_id === 'us_ofac_sdn:18299')!.listings!.map((l) => l.list_id)).toEqual(['us_ofac_sdn', 'us_ofac_consolidated', 'us_csl']);
      expect(split.mergeStats!()!.split).toBeGreaterThan(0);
    } finally {
      await split.close();
    }
  }, 120_000);

  it('reads SCREENING_MERGE and SCREENING_MERGE_SPLITS', () => {
    const dir = mkdtempSync(join(tmpdir(), 'merge-splits-'));
    const file = join(dir, 'splits.txt');
    writeFileSync(file, `# wrong merges found in review\nus_ofac_sdn:1 un_sc_consolidated:2\nus_ofac_sdn:3, us_csl:4\n`);
    expect(mergeOptionsFromEnv({ SCREENING_MERGE: 'off' })).toMatchObject({ enabled: false });
    expect(mergeOptionsFromEnv({})).toMatchObject({ enabled: true, splits: [] });
    expect(mergeOptionsFromEnv({ SCREENING_MERGE_SPLITS: file }).splits).toEqual([
      ['us_ofac_sdn:1', 'un_sc_consolidated:2'],
      ['us_ofac_sdn:3', 'us_csl:4'],
    ]);
    expect(parseSplits('[["a:1", "b:2"]]')).toEqual([['a:1', 'b:2']]);
    expect(() => parseSplits('a:1 b:2 c:3')).toThrow(/two listing ids/);
  });
});

/** A made-up list of the given entities. */
function list(id: string, entities: ListedEntity[]): LoadedList {
  return { id, name: id, database: 'sanctions', entities, version: '1', loaded_at: '' };
}

function person(listId: string, id: string, name: string, extra: Partial<ListedEntity> = {}): ListedEntity {
  return blankEntity({ id: `${listId}:${id}`, list_id: listId, source: listId, database: 'sanctions', kind: 'person', names: [{ full: name, kind: 'primary' }], ...extra });
}

function vessel(listId: string, id: string, name: string, extra: Partial<ListedEntity> = {}): ListedEntity {
  return blankEntity({ id: `${listId}:${id}`, list_id: listId, source: listId, database: 'sanctions', kind: 'vessel', names: [{ full: name, kind: 'primary' }], ...extra });
}

const groupsOf = (lists: LoadedList[]) => mergeEntities(lists).entities.map((e) => (e.listings ?? [{ id: e.id }]).map((l) => l.id));

describe('what merges and what stays apart', () => {
  it('the same name and birth date on two lists merge, whatever the name order', () => {
    const merged = mergeEntities([
      list('a', [person('a', '1', 'KORVALD, Ansel Tiberius', { birth_dates: [{ year: 1964, month: 8, day: 23 }], programs: ['P1'] })]),
      list('b', [person('b', '9', 'Ansel Tiberius Korvald', { birth_dates: [{ year: 1964, month: 8, day: 23 }], programs: ['P2'] })]),
    ]).entities;
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ id: 'a:1', programs: ['P1', 'P2'] });
    expect(merged[0].names.map((n) => n.kind)).toEqual(['primary', 'strong']);
    expect(merged[0].merge_reasons).toEqual([
      { rule: 'name_and_date', listings: ['a:1', 'b:9'], evidence: 'same name "KORVALD, Ansel Tiberius" / "Ansel Tiberius Korvald" and birth date 1964-08-23' },
    ]);
  });

  it('the same name with different birth dates stays apart, even in the same year and nationality', () => {
    expect(
      groupsOf([
        list('a', [person('a', '1', 'Ansel Korvald', { birth_dates: [{ year: 1964, month: 8, day: 23 }], nationalities: ['NO'] })]),
        list('b', [person('b', '1', 'Ansel Korvald', { birth_dates: [{ year: 1964, month: 2, day: 3 }], nationalities: ['NO'] })]),
      ]),
    ).toEqual([['a:1'], ['b:1']]);
    // Year and nationality are enough when neither list gives the day.
    expect(
      groupsOf([
        list('a', [person('a', '1', 'Ansel Korvald', { birth_dates: [{ year: 1964 }], nationalities: ['NO'] })]),
        list('b', [person('b', '1', 'Ansel Korvald', { birth_dates: [{ year: 1964, month: 2, day: 3 }], nationalities: ['NO'] })]),
      ]),
    ).toEqual([['a:1', 'b:1']]);
  });

  it('a name alone never merges people', () => {
    expect(groupsOf([list('a', [person('a', '1', 'Ansel Korvald')]), list('b', [person('b', '1', 'Ansel Korvald')])])).toEqual([['a:1'], ['b:1']]);
  });

  it('conflicting passport numbers keep the same name and birth date apart', () => {
    const dob = [{ year: 1970, month: 1, day: 1 }];
    expect(
      groupsOf([
        list('a', [person('a', '1', 'Ansel Korvald', { birth_dates: dob, identifiers: [{ type: 'Passport', number: 'K1234567', country: 'NO' }] })]),
        list('b', [person('b', '1', 'Ansel Korvald', { birth_dates: dob, identifiers: [{ type: 'Passport', number: 'K7654321', country: 'NO' }] })]),
      ]),
    ).toEqual([['a:1'], ['b:1']]);
    // A second passport of another country is not a conflict.
    expect(
      groupsOf([
        list('a', [person('a', '1', 'Ansel Korvald', { birth_dates: dob, identifiers: [{ type: 'Passport', number: 'K1234567', country: 'NO' }] })]),
        list('b', [person('b', '1', 'Ansel Korvald', { birth_dates: dob, identifiers: [{ type: 'Passport', number: 'P990011', country: 'SE' }] })]),
      ]),
    ).toEqual([['a:1', 'b:1']]);
  });

  it('two vessels of one name with different IMO numbers stay apart; the same IMO merges', () => {
    expect(
      groupsOf([
        list('a', [vessel('a', '1', 'SILVER HERON', { countries: ['PA'], identifiers: [{ type: 'Vessel Registration Identification', number: 'IMO 9123456' }] })]),
        list('b', [vessel('b', '1', 'Silver Heron', { countries: ['PA'], identifiers: [{ type: 'IMO', number: '9234567' }] })]),
      ]),
    ).toEqual([['a:1'], ['b:1']]);
    const merged = mergeEntities([
      list('a', [vessel('a', '1', 'SILVER HERON', { identifiers: [{ type: 'Vessel Registration Identification', number: 'IMO 9123456' }] })]),
      list('b', [vessel('b', '1', 'SILVER HERON (ex-GREY GULL)', { identifiers: [{ type: 'IMO', number: '9123456' }] })]),
    ]).entities;
    expect(merged).toHaveLength(1);
    expect(merged[0].merge_reasons![0]).toMatchObject({ rule: 'identifier', evidence: 'same IMO 9123456' });
  });

  it('never merges two entries of one list, a person with an organisation, or different genders', () => {
    const dob = [{ year: 1970, month: 1, day: 1 }];
    expect(groupsOf([list('a', [person('a', '1', 'Ansel Korvald', { birth_dates: dob }), person('a', '2', 'Ansel Korvald', { birth_dates: dob })])])).toEqual([['a:1'], ['a:2']]);
    expect(
      groupsOf([
        list('a', [person('a', '1', 'Ansel Korvald', { birth_dates: dob, gender: 'male' })]),
        list('b', [person('b', '1', 'Ansel Korvald', { birth_dates: dob, gender: 'female' })]),
      ]),
    ).toEqual([['a:1'], ['b:1']]);
    expect(
      groupsOf([
        list('a', [person('a', '1', 'Korvald Holding', { countries: ['NO'], identifiers: [{ type: 'Tax ID No.', number: '99887766' }] })]),
        list('b', [blankEntity({ id: 'b:1', list_id: 'b', source: 'b', database: 'sanctions', kind: 'company', names: [{ full: 'Korvald Holding', kind: 'primary' }], countries: ['NO'], identifiers: [{ type: 'Tax ID No.', number: '99887766' }] })]),
      ]),
    ).toEqual([['a:1'], ['b:1']]);
  });

  it('a UN reference cited by another list merges, and a split pair stays apart', () => {
    const un = blankEntity({ id: 'un:7', list_id: 'un', source: 'UN', database: 'sanctions', kind: 'organisation', names: [{ full: 'Marrow Fields Brigade', kind: 'primary' }], programs: ['Al-Qaida', 'QDe.915'] });
    const eu = blankEntity({ id: 'eu:40', list_id: 'eu', source: 'EU', database: 'sanctions', kind: 'organisation', names: [{ full: 'Marrowfield Brigades', kind: 'primary' }], identifiers: [{ type: 'UN reference', number: 'QDe.915' }] });
    const merged = mergeEntities([list('un', [un]), list('eu', [eu])]).entities;
    expect(merged).toHaveLength(1);
    expect(merged[0].merge_reasons).toEqual([{ rule: 'cross_reference', listings: ['un:7', 'eu:40'], evidence: 'UN reference QDe.915 cited by both' }]);
    expect(merged[0].names.map((n) => n.full)).toEqual(['Marrow Fields Brigade', 'Marrowfield Brigades']);
    const split = mergeEntities([list('un', [un]), list('eu', [eu])], { splits: [['eu:40', 'un:7']] });
    expect(split.entities).toHaveLength(2);
    expect(split.stats.split).toBe(1);
  });
});
