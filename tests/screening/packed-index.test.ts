/**
 * The packed name index that batch workers open: every name reads back as the
 * tokens the main thread prepared, an index opened from the packed form finds
 * and weighs exactly what the original does, and the buffers are shared memory.
 */
import { describe, expect, it } from 'vitest';
import { CandidateIndex } from '../../server/screening/candidate-index';
import { unpackName } from '../../server/screening/packed-index';
import { prepareNameVariants } from '../../server/screening/normalize';
import type { EntityKind, EntityName, ListedEntity } from '../../server/screening/types';

function entity(id: string, kind: EntityKind, names: Array<[string, EntityName['kind']]>, linked: string[] = []): ListedEntity {
  return {
    id,
    list_id: 'test',
    source: 'Test list',
    programs: [],
    database: kind === 'person' ? 'pep' : 'sanctions',
    kind,
    names: names.map(([full, k]) => ({ full, kind: k })),
    birth_dates: [],
    places_of_birth: [],
    countries: [],
    nationalities: [],
    identifiers: [],
    addresses: [],
    positions: [],
    linked_to: linked,
  };
}

const ENTITIES: ListedEntity[] = [
  entity('1', 'person', [['MORTEZAVI, Hasan', 'primary'], ['Hassan Mortazavi', 'strong'], ['حسن مرتضوی', 'original']]),
  entity('2', 'company', [['Tactical Missiles Corporation JSC', 'primary'], ['KTRV', 'weak'], ['Ocean Pioneer (ex-Cape Diamond)', 'former']], ['LAZARUS GROUP']),
  entity('3', 'vessel', [['MV Kaiyo Maru No. 8', 'primary'], ['第八星風丸', 'original']]),
  entity('4', 'person', [['Kim Jong Un', 'primary'], ['김정은', 'original'], ['Αλέξανδρος Παππάς', 'strong']]),
  entity('5', 'organisation', [['Societatea cu Răspundere Limitată Alfa Construct (Bucharest)', 'primary']]),
];

describe('packed name index', () => {
  const index = new CandidateIndex(ENTITIES);

  it('holds every name and token on shared memory', () => {
    const p = index.packed;
    for (const a of [p.nameEntity, p.nameTokens, p.tokKind, p.tokText, p.tokWeight, p.postings.ids, p.entityKind]) expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    const variants = ENTITIES.reduce((n, e) => n + [...e.names.map((x) => x.full), ...e.linked_to].reduce((m, full) => m + prepareNameVariants(full).length, 0), 0);
    expect(index.size).toBe(variants);
  });

  it('reads every name back as the tokens prepared on the main thread', () => {
    for (let id = 0; id < index.size; id++) {
      const kept = index.preparedName(id);
      const read = unpackName(index.packed, id);
      expect(read.mode).toBe(kept.mode);
      expect(read.compact).toBe(kept.compact);
      expect(read.tokens.map(({ id: _, ...t }) => ({ ...t, locales: t.locales && [...t.locales], form: t.form?.canonical }))).toEqual(
        kept.tokens.map(({ id: _, ...t }) => ({ ...t, locales: t.locales && [...t.locales], form: t.form?.canonical })),
      );
    }
  });

  it('an index opened from the packed form retrieves and weighs as the original does', () => {
    const opened = new CandidateIndex(index.packed);
    expect(opened.entities).toEqual([]);
    for (const term of ['Hasan Mortezavi', 'Tactical Missiles', 'Kaiyo Maru 8', 'Kim Jong-un', 'Alfa Construct SRL', 'Lazarus']) {
      const q = prepareNameVariants(term).map((p) => index.weigh(p));
      const q2 = prepareNameVariants(term).map((p) => opened.weigh(p));
      expect(q2.map((v) => v.tokens.map((t) => t.weight))).toEqual(q.map((v) => v.tokens.map((t) => t.weight)));
      expect(opened.retrieve(q2, 10, () => true)).toEqual(index.retrieve(q, 10, () => true));
    }
    expect(opened.nameKindOf(2)).toBe(index.nameKindOf(2));
    expect(opened.entityKindOf(1)).toBe('company');
    expect(opened.entityDatabaseOf(0)).toBe('pep');
  });
});
