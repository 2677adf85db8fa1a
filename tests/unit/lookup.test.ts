/**
 * Words looked up in tables (common/lookup.ts ownEntry): a cell, a header or a name that spells a property
 * every JavaScript object has ("constructor", "__proto__") is read as the word it is, never as that property.
 */
import { describe, expect, it } from 'vitest';
import { checkBulkRow, matchHeaders } from '../../common/bulk-rows';
import { checkListRow, listEntityType, matchListHeaders } from '../../common/custom-lists';
import { prepareName } from '../../server/screening/normalize';

const NOW = new Date('2026-06-15T12:00:00Z');
const INHERITED = ['constructor', '__proto__', 'hasOwnProperty', 'toString', 'valueOf'];

describe('words that name inherited properties', () => {
  it.each(INHERITED)('a bulk row with entity type or gender "%s" is refused with its rule', (word) => {
    const codes = checkBulkRow({ name: 'Maribel Quintero', entity_type: word }, 2, NOW).problems.map((p) => [p.column, p.code]);
    expect(codes).toEqual([['entity_type', 'bulk_entity_type']]);
    const gender = checkBulkRow({ name: 'Maribel Quintero', entity_type: 'person', gender: word }, 2, NOW).problems.map((p) => p.column);
    expect(gender).toEqual(['gender']);
  });

  it.each(INHERITED)('a custom list row with entity type "%s" is refused with its rule', (word) => {
    expect(listEntityType(word)).toBeNull();
    const checked = checkListRow({ full_name: 'Orsolya Quiroga', entity_type: word }, 2, NOW);
    expect(checked.input).toBeUndefined();
    expect(checked.problems.map((p) => [p.column, p.code])).toEqual([['entity_type', 'bulk_entity_type']]);
  });

  it.each(INHERITED)('a header "%s" is an unknown column in both templates', (word) => {
    expect(matchHeaders(['name', word, 'entity_type']).columns).toEqual(['name', null, 'entity_type']);
    expect(matchListHeaders(['full_name', word, 'entity_type']).columns).toEqual(['full_name', null, 'entity_type']);
  });

  it('a name made of such words keeps them as words, for companies as for people', () => {
    for (const mode of ['person', 'org'] as const) {
      const tokens = prepareName('Constructor Proto Hasownproperty', mode).tokens.map((t) => `${t.kind}:${t.text}`);
      expect(tokens).toEqual(['word:constructor', 'word:proto', 'word:hasownproperty']);
    }
    expect(prepareName('Valueof Constructor Trading Ltd', 'org').tokens.map((t) => t.text)).toContain('constructor');
  });
});
