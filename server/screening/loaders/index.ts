/**
 * The lists the engine knows, and reading a list's files from a directory
 * (LISTS_DIR/<list id>/<file>). One module per list; each turns its files'
 * text into ListedEntity records.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ListDefinition } from './common';
import { usCsl } from './csl';
import { bisDpl } from './dpl';
import { euFsf } from './eu';
import { ofacConsolidated, ofacSdn } from './ofac';
import { pepUsCongress } from './pep';
import { ukSanctions } from './uk';
import { unConsolidated } from './un';

export type { ListDefinition } from './common';

export const LIST_DEFINITIONS: ListDefinition[] = [ofacSdn, ofacConsolidated, unConsolidated, usCsl, bisDpl, pepUsCongress, euFsf, ukSanctions];

export function listDefinition(id: string): ListDefinition | undefined {
  return LIST_DEFINITIONS.find((d) => d.id === id);
}

/** False for a fetch-only list with no directory in LISTS_DIR: it is not configured, which is not an error. */
export function listConfigured(listsDir: string, def: ListDefinition): boolean {
  return !def.fetchOnly || existsSync(join(listsDir, def.id));
}

/** The text of every file of a list, or an error naming the first missing required file. */
export function readListFiles(listsDir: string, def: ListDefinition): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of def.files) {
    const path = join(listsDir, def.id, name);
    if (!existsSync(path)) {
      if (def.optional?.includes(name)) continue;
      throw new Error(`${def.id}: missing ${path}`);
    }
    files[name] = readFileSync(path, 'utf8');
  }
  return files;
}

/** Content version: a hash of the files, in a fixed order. */
export function filesVersion(files: Record<string, string>): string {
  const h = createHash('sha256');
  for (const name of Object.keys(files).sort()) h.update(name).update('\0').update(files[name]).update('\0');
  return h.digest('hex').slice(0, 16);
}
