#!/usr/bin/env node
/**
 * What a browser downloads before it can draw a page, from the built index.html:
 * the entry script, the chunks it imports statically (its modulepreload links)
 * and the style sheets, plus the lazily loaded chunks the page itself needs
 * (the route's component and the locale), each gzip-compressed. Measured for
 * the sign-in page and for a signed-in dashboard.
 *
 *   npm run bench:bundle              builds into a temporary directory and measures it
 *   npm run bench:bundle -- --json    the same, as one JSON object
 *   DIST_DIR=dir npm run bench:bundle -- --no-build    measures an existing build made with --manifest
 *   --check                           exits 1 when the sign-in page is over its budget or loads what it should not
 *
 * The build is Vite's with its manifest (which module went into which chunk) and
 * hidden source maps (which packages a chunk holds); neither changes the chunks' bytes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The sign-in page's budget, in gzip-compressed bytes of JavaScript and CSS. */
export const SIGN_IN_BUDGET = 200_000;

/** Source modules each page loads lazily before it can draw (matched against the manifest's keys). */
const LOGIN = /^src\/features\/auth\/LoginPage\.tsx$/;
// Locale files are split in a public and an app part (scripts/locale-parts.mjs); a build without the split has locales/<lang>.json.
const publicStrings = (lang) => new RegExp(`^(\\0)?locales/${lang}(-public|\\.json)$`);
const appStrings = (lang) => new RegExp(`^(\\0)?locales/${lang}-app$`);
const SIGNED_IN = [/^src\/app\/shell\/Shell\.tsx$/, /^src\/features\/dashboard\/DashboardPage\.tsx$/, /node_modules\/socket\.io-client\/|^_socket\.io-/];
const PAGES = {
  'sign-in': { path: '/login', needs: [LOGIN, publicStrings('en')] },
  'sign-in (Arabic)': { path: '/login', needs: [LOGIN, publicStrings('ar')] },
  dashboard: { path: '/dashboard', needs: [LOGIN, publicStrings('en'), appStrings('en'), ...SIGNED_IN] },
};

/** Packages that have no business on the sign-in page. */
const NOT_BEFORE_SIGN_IN = ['socket.io-client', 'engine.io-client', '@tanstack/react-table', '@tanstack/table-core', 'xlsx', 'papaparse', 'qrcode'];

const args = new Set(process.argv.slice(2));
const json = args.has('--json');
const log = (...parts) => {
  if (!json) console.log(...parts);
};

function build(outDir) {
  const vite = resolve('node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'error', '--manifest', '--sourcemap', 'hidden', '--outDir', outDir, '--emptyOutDir'], {
    stdio: json ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: { ...process.env, DIST_DIR: outDir },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** Scripts, preloads and style sheets index.html makes the browser fetch before anything runs. */
function entryFiles(html) {
  const files = [];
  for (const m of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = m[0];
    const src = /\b(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    if (m[1] === 'script' && /type="module"/.test(tag)) files.push(src);
    else if (/rel="(modulepreload|stylesheet)"/.test(tag)) files.push(src);
  }
  return files;
}

/** A chunk with everything it imports statically, and their style sheets. */
function closure(manifest, keys) {
  const out = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || out.has(chunk.file)) return;
    out.add(chunk.file);
    for (const css of chunk.css ?? []) out.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return out;
}

/** Which packages (or source folders) a chunk was built from, from its hidden source map. */
function packagesOf(dist, file) {
  const mapPath = join(dist, `${file}.map`);
  if (!existsSync(mapPath)) return null;
  const { sources } = JSON.parse(readFileSync(mapPath, 'utf8'));
  const names = new Set();
  for (const source of sources) {
    const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    names.add(inModules ? inModules[1] : `./${source.replace(/^(\.\.\/)+/, '')}`);
  }
  return [...names];
}

function measure(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with \`vite build --manifest\`, or run without --no-build`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(dist, file));
      sizes.set(file, { file, bytes: bytes.length, gzip: gzipSize(bytes) });
    }
    return sizes.get(file);
  };
  const entry = new Set(entryFiles(html));
  const indexEntry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  // The preload links should be exactly the entry's static imports; measure their union to be safe.
  for (const file of closure(manifest, indexEntry ? [indexEntry] : [])) entry.add(file);

  const summarise = (files) => {
    const list = [...files].map(sizeOf).sort((a, b) => b.gzip - a.gzip);
    const sum = (filter) => list.filter(filter).reduce((n, f) => n + f.gzip, 0);
    return {
      js_gzip: sum((f) => f.file.endsWith('.js')),
      css_gzip: sum((f) => f.file.endsWith('.css')),
      total_gzip: sum(() => true),
      raw_bytes: list.reduce((n, f) => n + f.bytes, 0),
      files: list,
    };
  };

  const pages = {};
  for (const [name, page] of Object.entries(PAGES)) {
    const keys = Object.keys(manifest).filter((key) => page.needs.some((re) => re.test(key)));
    const missing = page.needs.filter((re) => !keys.some((key) => re.test(key)));
    // A need missing from the manifest as a chunk of its own is bundled into something already counted (or gone).
    const files = new Set([...entry, ...closure(manifest, keys)]);
    pages[name] = { path: page.path, ...summarise(files), bundled_in_other_chunks: missing.map(String) };
  }

  // Which packages the sign-in page carries needs the source maps: absent from a build made without them
  // (and from the generated locale chunks, which hold no package).
  const signInPackages = new Set();
  let mapped = false;
  for (const { file } of pages['sign-in'].files.filter((f) => f.file.endsWith('.js'))) {
    const names = packagesOf(dist, file);
    if (names) mapped = true;
    for (const name of names ?? []) signInPackages.add(name);
  }
  return {
    dist,
    budget_gzip: SIGN_IN_BUDGET,
    entry: summarise(entry),
    pages,
    not_before_sign_in: mapped ? NOT_BEFORE_SIGN_IN.filter((name) => signInPackages.has(name)) : null,
    sign_in_packages: mapped ? [...signInPackages].filter((n) => !n.startsWith('./')).sort() : null,
  };
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

let tempDir = null;
try {
  let dist;
  if (args.has('--no-build')) dist = resolve(process.env.DIST_DIR || 'dist');
  else {
    dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : (tempDir = mkdtempSync(join(tmpdir(), 'aml-bundle-')));
    log(`Building into ${dist} ...`);
    build(dist);
  }
  const result = measure(dist);
  // The budget holds in every language measured: the heaviest sign-in page is the one compared with it.
  const signIn = Object.entries(result.pages)
    .filter(([name]) => name.startsWith('sign-in'))
    .map(([, page]) => page)
    .reduce((a, b) => (b.total_gzip > a.total_gzip ? b : a));
  if (json) console.log(JSON.stringify(result));
  else {
    log(`\nEntry (index.html: script, modulepreload, stylesheet): ${kb(result.entry.total_gzip)} gzip (${kb(result.entry.js_gzip)} JS, ${kb(result.entry.css_gzip)} CSS)`);
    for (const [name, page] of Object.entries(result.pages)) {
      log(`\n${name} (${page.path}): ${kb(page.total_gzip)} gzip before it can draw (${kb(page.js_gzip)} JS, ${kb(page.css_gzip)} CSS; ${kb(page.raw_bytes)} uncompressed)`);
      for (const f of page.files) log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
    }
    log(`\nSign-in budget: ${kb(result.budget_gzip)}; the heaviest sign-in page is ${signIn.total_gzip <= result.budget_gzip ? 'within' : 'OVER'} it (${kb(signIn.total_gzip)}).`);
    if (result.not_before_sign_in === null) log('Packages on the sign-in page: unknown (the build has no source maps).');
    else if (result.not_before_sign_in.length) log(`Loaded before sign-in but should not be: ${result.not_before_sign_in.join(', ')}`);
    else log(`None of ${NOT_BEFORE_SIGN_IN.join(', ')} is loaded before sign-in.`);
  }
  if (args.has('--check') && (signIn.total_gzip > result.budget_gzip || (result.not_before_sign_in?.length ?? 0) > 0)) process.exitCode = 1;
} finally {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
