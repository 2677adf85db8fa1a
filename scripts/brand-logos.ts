/**
 * Writes each white-label scheme's mark to public/brands/<scheme>.svg (and the default one to
 * public/favicon.svg) from common/brands.ts, the one source of the path data. Run after changing a mark:
 * `npx tsx scripts/brand-logos.ts`; tests/unit/white-label.test.ts fails while a file is stale.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMES, brandSvg } from '../common/brands';

const dir = join(import.meta.dirname, '..', 'public', 'brands');
mkdirSync(dir, { recursive: true });
for (const scheme of SCHEMES) writeFileSync(join(dir, `${scheme}.svg`), brandSvg(scheme));
writeFileSync(join(import.meta.dirname, '..', 'public', 'favicon.svg'), brandSvg('default'));
console.log(`wrote ${SCHEMES.length} marks to ${dir}`);
