/**
 * Each loader against the bundled files: row counts (from SOURCES.md) and one
 * known entity's fields. Lists are parsed once for the file.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_DEFINITIONS as ALL_DEFINITIONS, listConfigured, readListFiles } from '../../server/screening/loaders/index';
import { parseRemarks, parseDate } from '../../server/screening/loaders/common';
import { mergeLists } from '../../server/screening/engine';
import type { ListedEntity } from '../../server/screening/types';

const LISTS_DIR = resolve(process.env.LISTS_DIR ?? resolve(__dirname, '../../../shared/data/lists'));
// The EU and UK lists have no copy in LISTS_DIR; their loaders are tested on fixtures (loaders-eu-uk.test.ts).
const LIST_DEFINITIONS = ALL_DEFINITIONS.filter((def) => listConfigured(LISTS_DIR, def));
const parsed = new Map<string, ListedEntity[]>();
const byId = (list: string, id: string) => parsed.get(list)!.find((e) => e.id === id)!;

beforeAll(() => {
  for (const def of LIST_DEFINITIONS) parsed.set(def.id, def.parse(readListFiles(LISTS_DIR, def)));
});

describe('OFAC SDN', () => {
  it('reads every sdn.csv row, by kind', () => {
    const all = parsed.get('us_ofac_sdn')!;
    expect(all).toHaveLength(14_965);
    expect(all.filter((e) => e.kind === 'person')).toHaveLength(6_854);
    expect(all.filter((e) => e.kind === 'vessel')).toHaveLength(851);
    expect(all.filter((e) => e.kind === 'aircraft')).toHaveLength(376);
  });

  it('parses a person: remarks facts, strong and weak aliases, address', () => {
    const e = byId('us_ofac_sdn', 'us_ofac_sdn:12113');
    expect(e.names).toEqual([
      { full: 'MORTEZAVI, Hasan', kind: 'primary' },
      { full: 'MORTEZAVI, Ali Hassan', kind: 'strong' },
      { full: 'MORTEZAVI, Sayyed Hasan', kind: 'strong' },
      { full: 'ALI, Hassan', kind: 'weak' },
    ]);
    expect(e.programs).toEqual(['SDGT', 'IRGC', 'IFSR']);
    expect(e.birth_dates).toEqual([{ year: 1964, month: 8, day: 23 }]);
    expect(e.places_of_birth).toEqual(['Ghazvin, Iran']);
    expect(e.nationalities).toEqual(['IR']);
    expect(e.gender).toBe('male');
    expect(e.identifiers).toContainEqual({ type: 'Passport', number: 'D9019576', country: 'IR' });
    expect(e.database).toBe('sanctions');
  });

  it('glues the comments file onto cut remarks (Linked To, identifiers at the end)', () => {
    const e = byId('us_ofac_sdn', 'us_ofac_sdn:28263');
    expect(e.linked_to).toEqual(['LAZARUS GROUP']);
    expect(e.identifiers).toContainEqual({ type: 'Identification Number', number: '321284198607120616', country: 'CN' });
    expect(e.names.map((n) => n.kind)).toEqual(['primary', 'weak', 'weak']);
  });

  it('parses a vessel: flag country, IMO number, former names', () => {
    const e = byId('us_ofac_sdn', 'us_ofac_sdn:4243');
    expect(e.kind).toBe('vessel');
    expect(e.countries).toEqual(['PA']);
    expect(e.identifiers[0]).toMatchObject({ number: 'IMO 7406784' });
    expect(e.names.filter((n) => n.kind === 'former').map((n) => n.full)).toEqual(['ANA I', 'SAND SWAN']);
  });
});

describe('OFAC consolidated (non-SDN)', () => {
  it('reads cons_prim and its aliases and addresses', () => {
    expect(parsed.get('us_ofac_consolidated')).toHaveLength(442);
    const e = byId('us_ofac_consolidated', 'us_ofac_consolidated:50476');
    expect(e.names.map((n) => n.full)).toEqual(['MARTELLY, Michel Joseph', 'MARTELLY, Michael', 'Sweet Micky']);
    expect(e.countries).toEqual(['HT', 'US', 'DO']);
    expect(e.identifiers).toContainEqual({ type: 'National ID No.', number: '0032768386', country: 'HT' });
  });
});

describe('UN Security Council', () => {
  it('reads 730 individuals and 273 entities', () => {
    const all = parsed.get('un_sc_consolidated')!;
    expect(all.filter((e) => e.kind === 'person')).toHaveLength(730);
    expect(all.filter((e) => e.kind !== 'person')).toHaveLength(273);
  });

  it('keeps the original script and rates Low aliases weak', () => {
    const saddam = parsed.get('un_sc_consolidated')!.find((e) => e.names[0].full === 'SADDAM HUSSEIN AL-TIKRITI')!;
    expect(saddam.names).toContainEqual({ full: 'صدام حسين التكريتي', kind: 'original' });
    expect(saddam.names).toContainEqual({ full: 'Abu Ali', kind: 'weak' });
    const e = byId('un_sc_consolidated', 'un_sc_consolidated:6908012');
    expect(e.birth_dates).toEqual([{ year: 1971, month: 5, day: 23 }]);
    expect(e.listed_on).toBe('2005-11-01');
    expect(e.identifiers).toContainEqual({ type: 'Passport', number: 'OB 0243318', country: 'CD' });
  });
});

describe('US Consolidated Screening List', () => {
  it('skips the SDN rows, the repeated header and the malformed row', () => {
    const all = parsed.get('us_csl')!;
    // 4,228 data rows - 1 header copy - 1 malformed row - 1,737 complete SDN rows
    expect(all).toHaveLength(2_489);
    expect(all.some((e) => e.programs[0] === 'SDN')).toBe(false);
  });

  it('maps BIS/State lists to warnings and Treasury lists to sanctions', () => {
    const all = parsed.get('us_csl')!;
    expect(all.find((e) => e.programs[0] === 'EL')!.database).toBe('warnings_and_regulatory_enforcement');
    const cmic = byId('us_csl', 'us_csl:30882');
    expect(cmic.database).toBe('sanctions');
    expect(cmic.names.map((n) => n.full)).toContain('CHINA TELECOM CO., LTD');
    expect(cmic.duplicate_of).toContain('us_ofac_consolidated:30882');
  });
});

describe('BIS Denied Persons List', () => {
  it('reads every row and guesses people from companies', () => {
    const all = parsed.get('us_bis_dpl')!;
    expect(all).toHaveLength(581);
    const villa = all.find((e) => e.names[0].full === 'AARON ABRAHAM VILLA')!;
    expect(villa.kind).toBe('person');
    expect(villa.countries).toEqual([]);
    expect(villa.addresses[0].text).toContain('EL PASO');
    expect(villa.listed_on).toBe('2022-08-24');
    expect(villa.database).toBe('warnings_and_regulatory_enforcement');
  });
});

describe('US PEP (Congress and executive)', () => {
  it('reads 537 legislators and the presidents and vice-presidents', () => {
    const all = parsed.get('pep_us_congress')!;
    expect(all.filter((e) => e.source.startsWith('US Congress'))).toHaveLength(537);
    expect(all.length).toBeGreaterThan(537 + 40);
    expect(all.every((e) => e.database === 'pep' && e.kind === 'person')).toBe(true);
  });

  it('keeps positions with terms, birth date and gender', () => {
    const e = byId('pep_us_congress', 'pep_us_congress:C000127');
    expect(e.names[0].full).toBe('Maria Cantwell');
    expect(e.birth_dates).toEqual([{ year: 1958, month: 10, day: 13 }]);
    expect(e.gender).toBe('female');
    expect(e.positions[0]).toMatchObject({ title: 'Member of the U.S. House of Representatives (WA-1)', start: '1993-01-05' });
    expect(e.positions[1]).toMatchObject({ title: 'U.S. Senator (WA)', start: '2001-01-03' });
    const washington = parsed.get('pep_us_congress')!.find((x) => x.names[0].full === 'George Washington')!;
    expect(washington.positions[0].title).toBe('President of the United States');
  });
});

describe('merging lists', () => {
  it("drops the CSL's and the consolidated list's copies of SDN and DPL rows, keeping their programmes", () => {
    const lists = LIST_DEFINITIONS.map((d) => ({ id: d.id, name: d.name, database: d.database, entities: parsed.get(d.id)!, version: '', loaded_at: '' }));
    const merged = mergeLists(lists);
    const total = [...parsed.values()].reduce((a, l) => a + l.length, 0);
    expect(merged.length).toBeLessThan(total - 500);
    expect(merged.find((e) => e.id === 'us_csl:30882')).toBeUndefined();
    expect(merged.filter((e) => e.id.endsWith(':17018')).map((e) => e.id)).toEqual(['us_ofac_sdn:17018']);
  });
});

describe('remarks and dates', () => {
  it('parses the remark facts OFAC writes as text', () => {
    const f = parseRemarks("DOB 02 Oct 1972; alt. DOB 1960 to 1963; POB Novi Sad, Serbia; nationality Serbia; Gender Male; Passport 83860 (Sudan); a.k.a. 'ABU YASIR'; a.k.a. ''ABD-AL-'IZ'; Linked To: LAZARUS GROUP.");
    expect(f.birth_dates).toEqual([{ year: 1972, month: 10, day: 2 }, { from_year: 1960, to_year: 1963, approximate: false }]);
    expect(f.nationalities).toEqual(['Serbia']);
    expect(f.gender).toBe('male');
    expect(f.identifiers).toEqual([{ type: 'Passport', number: '83860', country: 'SD' }]);
    expect(f.weak_aliases).toContain('ABU YASIR');
    expect(f.linked_to).toEqual(['LAZARUS GROUP']);
  });

  it('reads the date formats of the lists', () => {
    expect(parseDate('circa 1960')).toEqual({ year: 1960, approximate: true });
    expect(parseDate('Oct 1972')).toEqual({ year: 1972, month: 10 });
    expect(parseDate('1980-02-08')).toEqual({ year: 1980, month: 2, day: 8 });
    expect(parseDate('06/19/2003', { monthFirst: true })).toEqual({ year: 2003, month: 6, day: 19 });
    expect(parseDate('19.06.2003')).toEqual({ year: 2003, month: 6, day: 19 });
  });
});
