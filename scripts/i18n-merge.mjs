#!/usr/bin/env node
// Merges new strings into all six locale files at once:
//   node scripts/i18n-merge.mjs strings.json
// where strings.json is { "en": { "area": { "key": "text" } }, "es": {...}, "fr": ..., "de": ..., "ar": ..., "ru": ... }.
// Each language's tree is deep-merged into locales/<lang>.json (existing keys are overwritten), written
// back with 2-space indentation. Several people can add strings without editing the big files by hand.
import { readFileSync, writeFileSync } from 'node:fs';

const LANGS = ['en', 'es', 'fr', 'de', 'ar', 'ru'];
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const missing = LANGS.filter((l) => !input[l]);
if (missing.length) {
  console.error(`missing languages in ${process.argv[2]}: ${missing.join(', ')}`);
  process.exit(1);
}

const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
};

for (const lang of LANGS) {
  const path = `locales/${lang}.json`;
  const current = JSON.parse(readFileSync(path, 'utf8'));
  writeFileSync(path, JSON.stringify(merge(current, input[lang]), null, 2) + '\n');
}
console.log(`merged ${process.argv[2]} into ${LANGS.length} locale files`);
