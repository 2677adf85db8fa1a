/**
 * Server-side text (e-mails) comes from the same locales/<lang>.json files as
 * the browser, with English as the fallback for a missing key or language.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '../common/enums';

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const catalogues = new Map<string, Record<string, string>>();

function flatten(value: unknown, prefix = '', out: Record<string, string> = {}) {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof value === 'string') {
    out[prefix] = value;
  }
  return out;
}

function catalogue(language: string): Record<string, string> {
  let found = catalogues.get(language);
  if (!found) {
    found = flatten(JSON.parse(readFileSync(join(LOCALES_DIR, `${language}.json`), 'utf8')));
    catalogues.set(language, found);
  }
  return found;
}

export function toLanguage(value: unknown): Language {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : 'en';
}

export function translate(language: string, key: string, values: Record<string, string | number> = {}): string {
  const text = catalogue(toLanguage(language))[key] ?? catalogue('en')[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
