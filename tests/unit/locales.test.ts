/**
 * Every visible string exists in all six languages: each locale has exactly
 * English's keys with the same placeholders, every message id of the API has a
 * translation key, and every id the source code asks for exists.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/enums';
import { MESSAGES } from '../../common/messages';
import { MENU } from '../../common/access';

type Tree = { [k: string]: string | Tree };
const flatten = (tree: Tree, prefix = '', out: Record<string, string> = {}) => {
  for (const [k, v] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[id] = v;
    else flatten(v, id, out);
  }
  return out;
};
const load = (lang: string) => flatten(JSON.parse(readFileSync(join('locales', `${lang}.json`), 'utf8')));
// The names a message uses, each once: languages have different numbers of plural forms (Arabic six, English two),
// so a name appears as often as the language's forms need it.
const placeholders = (text: string) => [...new Set([...text.replace(/'[{}]'/g, '').matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort();

const en = load('en');

describe('locales', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every English key, no others, with the same placeholders', (lang) => {
    const other = load(lang);
    expect(Object.keys(other).filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => !(k in other))).toEqual([]);
    for (const key of Object.keys(en)) expect(placeholders(other[key]), `${lang}:${key}`).toEqual(placeholders(en[key]));
  });

  it('translates every API message id', () => {
    for (const id of Object.keys(MESSAGES)) expect(en[`msg.${id}`], id).toBeDefined();
  });

  it('names every menu group and item', () => {
    for (const group of MENU) {
      expect(en[`nav.group.${group.id}`], group.id).toBeDefined();
      for (const item of group.items) expect(en[`nav.item.${item.id}`], item.id).toBeDefined();
    }
  });

  it('has every literal message id used in the source', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk('src');
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b(?:id|titleId)[=:]\s*["']([a-z0-9_]+(?:\.[a-z0-9_]+)+)["']/g)) {
        if (!(match[1] in en)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
