/**
 * The public pages draw with only the public part of a locale file
 * (scripts/locale-parts.mjs); the signed-in app's strings come later. So every
 * string the public pages' code can ask for must sit in a public namespace:
 * this follows the static imports from the entry and from each public page
 * (dynamic imports are what loads later) and checks every literal id on the way.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_NAMESPACES, localePart } from '../../scripts/locale-parts.mjs';

const ROOT = resolve(__dirname, '../..');
const en = JSON.parse(readFileSync(join(ROOT, 'locales/en.json'), 'utf8')) as Record<string, unknown>;
const NAMESPACES = Object.keys(en);
const ALIASES: Record<string, string> = { '@common': 'common', '@machines': 'machines' };
/** Modules the entry imports whose strings only signed-in routes draw (behind RequireSession, which waits for the rest). */
const SIGNED_IN_ONLY = ['src/app/pages.tsx'];

/** Public routes' page modules (src/app/Router.tsx loads them lazily, outside the signed-in shell). */
const PUBLIC_PAGES = readdirSync(join(ROOT, 'src/features/auth'))
  .filter((name) => /Page\.tsx$/.test(name))
  .map((name) => `src/features/auth/${name}`);

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  const alias = Object.keys(ALIASES).find((a) => spec === a || spec.startsWith(`${a}/`));
  if (alias) base = join(ROOT, ALIASES[alias], spec.slice(alias.length));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every module reached by static imports (not `import()`) from the roots. */
function staticClosure(roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const target = resolveImport(file, m[1]);
      if (target) visit(target);
    }
  };
  roots.forEach((r) => visit(join(ROOT, r)));
  return [...seen];
}

/** Namespaces of the literal ids (and `ns.${...}` templates) a source file uses. */
function namespacesUsed(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/['"`]([a-z0-9_]+)\.(?:[a-z0-9_]+|\$\{)/g)) if (NAMESPACES.includes(m[1])) found.add(m[1]);
  return [...found];
}

describe('the public part of the locale files', () => {
  const files = staticClosure(['src/main.tsx', ...PUBLIC_PAGES]);

  it('covers the public pages and nothing of the signed-in shell', () => {
    expect(files.some((f) => f.endsWith('src/features/auth/LoginPage.tsx'))).toBe(true);
    expect(files.some((f) => f.includes('/src/app/shell/Shell.tsx'))).toBe(false);
  });

  it('holds every string the public pages use', () => {
    const outside = files.filter((file) => !SIGNED_IN_ONLY.some((f) => file.endsWith(f))).flatMap((file) => namespacesUsed(readFileSync(file, 'utf8')).filter((ns) => !PUBLIC_NAMESPACES.includes(ns)).map((ns) => `${file.slice(ROOT.length + 1)}: ${ns}`));
    expect(outside).toEqual([]);
  });

  it('splits every file into two parts that together are the whole', () => {
    const pub = localePart(en, 'public');
    const app = localePart(en, 'app');
    expect(Object.keys(pub).sort()).toEqual(PUBLIC_NAMESPACES.filter((ns) => ns in en).sort());
    expect({ ...pub, ...app }).toEqual(en);
    expect(Object.keys(pub).some((k) => k in app)).toBe(false);
  });
});
