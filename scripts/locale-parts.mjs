/**
 * Each locale file is served in two parts: the namespaces the public pages
 * (sign-in, sign-up, password links) use, and the rest, which the signed-in app
 * loads before it draws (src/lib/i18n.tsx). A public page that used a string
 * outside these namespaces would show its id; tests/unit/locale-parts.test.ts
 * guards against that.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PUBLIC_NAMESPACES = ['app', 'snackbar', 'shell', 'auth', 'msg', 'a11y'];

/** The namespaces of one part ('public' or 'app') of a locale tree. */
export function localePart(tree, part) {
  return Object.fromEntries(Object.entries(tree).filter(([namespace]) => PUBLIC_NAMESPACES.includes(namespace) === (part === 'public')));
}

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));
const PREFIX = '\0locales/';

/**
 * Vite plugin: `@locales/<lang>.json?public` and `?app` are modules whose default export is that part
 * of the file. They resolve to virtual ids (not ending in .json), so Vite's own JSON handling leaves them
 * alone in the dev server and in the build alike.
 */
export function localeParts() {
  return {
    name: 'locale-parts',
    enforce: 'pre',
    resolveId(source) {
      const match = /(?:^|[\\/])([a-z]{2})\.json\?(public|app)$/.exec(source);
      return match ? `${PREFIX}${match[1]}-${match[2]}` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [language, part] = id.slice(PREFIX.length).split('-');
      const file = join(LOCALES_DIR, `${language}.json`);
      this.addWatchFile(file);
      const tree = localePart(JSON.parse(await readFile(file, 'utf8')), part);
      // JSON.parse of a string literal starts quicker than an object literal of the same size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});`;
    },
  };
}
