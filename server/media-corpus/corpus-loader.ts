/**
 * The shared corpus (docs/media-watcher.md, "The corpus"): every article under MEDIA_DIR, read from the five
 * layouts of ../shared/data/media (its SOURCES.md describes each) into ArticleInput records, and loaded into
 * the article store as the corpus every organisation searches (organisation NULL).
 *
 * | folder                       | files                      | guid                | date             | language |
 * | ---------------------------- | -------------------------- | ------------------- | ---------------- | -------- |
 * | wikinews-en/                 | *.csv url,date,title,text  | url                 | date (YYYY-MM-DD)| en       |
 * | doj-press-sample/            | *.csv title,body(HTML),date,url | url            | date (epoch s)   | en       |
 * | doj-fraud-2024-2026/         | *.jsonl url,source,title,publishedAt,body | url  | publishedAt      | en       |
 * | sec-litigation-lexarena/     | *.json cases[]             | case_url (case_id)  | release_date     | en       |
 * | nerel-ru-wikinews/           | {train,dev,test}/*.txt     | path under MEDIA_DIR| none             | ru       |
 *
 * Folders of other names (labels/) are not articles. Loading them is corpus-job.ts's; the directory's
 * fingerprint (every file's path, size and modification time) tells it whether anything changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Papa from 'papaparse';
import { htmlToText } from './classify/labels';
import type { ArticleInput } from './ingest';

/** Bumped when the reading of a layout changes, so every server reloads the corpus once. */
const LOADER_VERSION = 1;

export interface CorpusPart {
  /** The layout's folder. */
  layout: string;
  /** The corpus name shown as an article's source. */
  source: string;
  articles: ArticleInput[];
}

interface Layout {
  folder: string;
  source: string;
  read(dir: string, mediaDir: string): ArticleInput[];
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const filesOf = (dir: string, ext: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(ext) && isFile(join(dir, f)))
        .sort()
        .map((f) => join(dir, f))
    : [];

function csvRows(path: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
}

/** A date when the text holds a valid one. */
function dateOf(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'number' ? new Date(value) : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The English articles of a folder's CSV files, one a row with an address (its guid) and a title; the layout
 * reads the row's body and date its own way.
 */
function csvArticles(dir: string, publisher: string, read: (row: Record<string, string>) => Pick<ArticleInput, 'body' | 'published_at'>): ArticleInput[] {
  return filesOf(dir, '.csv').flatMap((file) =>
    csvRows(file)
      .filter((r) => r.url && r.title)
      .map((r) => ({ guid: r.url, url: r.url, title: r.title, ...read(r), language: 'en' as const, publisher })),
  );
}

const WEEKDAY_DATELINE = /^\s*(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),\s+\p{L}+\s+\d{1,2},\s+\d{4}\s*/u;

/** English Wikinews: the body opens with the date as a line of its own ("Friday, January 4, 2019"), which is dropped. */
const wikinews: Layout = {
  folder: 'wikinews-en',
  source: 'English Wikinews',
  read: (dir) =>
    csvArticles(dir, 'Wikinews', (r) => ({ body: (r.text ?? '').replace(WEEKDAY_DATELINE, '').trim(), published_at: dateOf(r.date ? `${r.date}T00:00:00Z` : null) })),
};

/** DOJ press releases from the justice.gov API: HTML bodies, dates in Unix seconds. */
const dojPress: Layout = {
  folder: 'doj-press-sample',
  source: 'DOJ press releases',
  read: (dir) =>
    csvArticles(dir, 'U.S. Department of Justice', (r) => ({
      body: htmlToText(r.body ?? ''),
      published_at: /^\d+$/.test(r.date ?? '') ? dateOf(Number(r.date) * 1000) : dateOf(r.date),
    })),
};

/** "https://www.justice.gov/usao-nv/pr/mexican-national-sentenced-..." -> "Mexican national sentenced ...". */
function titleFromUrl(url: string): string {
  const slug = url.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop() ?? '';
  const words = decodeURIComponent(slug).replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}

const SHARE = 'Share Facebook X LinkedIn Email';
/** The page chrome before a USAO or OPA release's text: "Justice.gov U.S. Attorneys <District> Press Releases <Title> ... Share ... Email". */
const USAO_DISTRICT = /^Justice\.gov U\.S\. Attorneys (.+?) Press Releases /;
/** Text that is no article: the archive's consent page, and an error page's JSON. */
const JUNK_BODY = /^Powered and protected by Privacy$/;

/** A DOJ or USPIS release's text without the page chrome, and the office that published it when the chrome names one. */
export function stripReleaseChrome(raw: string): { body: string; office: string | null } {
  let body = (raw ?? '').trim();
  let office: string | null = null;
  const district = USAO_DISTRICT.exec(body);
  if (district) office = `U.S. Attorney's Office, ${district[1]}`;
  const share = body.indexOf(SHARE);
  if (share >= 0) {
    body = body.slice(share + SHARE.length).trim();
    body = body.replace(/^For Immediate Release\s+/, '');
    if (office && body.startsWith(office)) body = body.slice(office.length).trim();
    else body = body.replace(/^Office of Public Affairs\s+/, '');
    body = body.replace(/^Follow @\w+\s+/, '');
  }
  // USPIS pages: "<headline>... Last updated 12.11.2024 Illinois <text> Read Press Release {json}".
  body = body.replace(/^.*?Last updated \d{2}\.\d{2}\.\d{4}\s+/, '').replace(/\s*(?:Read Press Release\s*)?\{"code":.*$/s, '');
  if (JUNK_BODY.test(body)) body = '';
  return { body: body.trim(), office };
}

/** DOJ (OPA and USAO) and USPIS fraud releases, title and lede. */
const dojFraud: Layout = {
  folder: 'doj-fraud-2024-2026',
  source: 'DOJ fraud press releases',
  read(dir) {
    return filesOf(dir, '.jsonl').flatMap((file) =>
      readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .filter((line) => line.trim())
        .flatMap((line) => {
          let row: Record<string, unknown>;
          try {
            row = JSON.parse(line);
          } catch {
            return [];
          }
          const url = typeof row.url === 'string' ? row.url : '';
          if (!url) return [];
          const { body, office } = stripReleaseChrome(String(row.body ?? ''));
          const uspis = row.source === 'USPIS';
          return [
            {
              guid: url,
              url,
              title: String(row.title ?? '').trim() || titleFromUrl(url),
              body,
              published_at: dateOf(row.publishedAt),
              language: 'en' as const,
              publisher: uspis ? 'U.S. Postal Inspection Service' : (office ?? (/\/usao-/.test(url) ? "U.S. Attorney's Office" : 'U.S. Department of Justice')),
            },
          ];
        }),
    );
  },
};

const MONTH_DATE = /(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/;
const RUN_IN_BODY = new RegExp(`([a-z)”"])((?:On|As of) ${MONTH_DATE.source}|The Securities and Exchange Commission |According to |The SEC |The Commission )`, 'g');

/**
 * An SEC litigation release's text in paragraphs, and its headline. The release runs "Litigation Release No.
 * N / date", the case caption ("Securities and Exchange Commission v. ..., No. ... (court)"), the headline,
 * then the text; in some releases these run into each other without a break.
 */
export function readSecRelease(text: string): { title: string | null; body: string } {
  const spaced = (text ?? '')
    .replace(/(Litigation Release No\. \d+ \/ [A-Z][a-z]+\.? \d{1,2}, \d{4})(?=\S)/g, '$1\n\n')
    .replace(/(\((?:[^()]|\([^()]*\))*\d{4}\))(?=[A-Z])/, '$1\n\n')
    .replace(RUN_IN_BODY, '$1\n\n$2');
  const paragraphs = spaced
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const isHeader = (p: string) => /^(?:Litigation Release No\.|Accounting and Auditing Enforcement (?:Release )?No\.|Administrative Proceeding)/.test(p);
  const isCaption = (p: string) => /^(?:Securities and Exchange Commission|SEC|U\.S\. Securities and Exchange Commission) v\.?\s/i.test(p);
  let i = 0;
  while (i < paragraphs.length && isHeader(paragraphs[i])) i++;
  const caption = i < paragraphs.length && isCaption(paragraphs[i]) ? paragraphs[i++] : null;
  const next = paragraphs[i];
  const headline = next && next.length <= 250 && !/^(?:On|As of) /.test(next) && !/[.;:]$/.test(next) ? next : null;
  const title = headline ?? (caption ? caption.replace(/,?\s*(?:Civil Action |Case )?No\.? .*$/i, '').replace(/\s*\(.*$/, '') : null);
  return { title, body: paragraphs.join('\n\n') };
}

/** SEC litigation releases (LexArena's evaluation set): the headline runs into the text. */
const secLitigation: Layout = {
  folder: 'sec-litigation-lexarena',
  source: 'SEC litigation releases',
  read(dir) {
    return filesOf(dir, '.json').flatMap((file) => {
      const data = JSON.parse(readFileSync(file, 'utf8')) as { cases?: Array<Record<string, any>> };
      return (data.cases ?? []).flatMap((c) => {
        const meta = (c.metadata ?? {}) as Record<string, any>;
        const guid = String(meta.case_url || c.case_id || '');
        const text = String(c.complaint_text ?? '');
        if (!guid || !text.trim()) return [];
        const release = readSecRelease(text);
        const fallback = `${c.case_id ? `${c.case_id}: ` : ''}${meta.title ?? ''}`.trim();
        return [
          {
            guid,
            url: meta.case_url || null,
            title: release.title || fallback,
            body: release.body,
            published_at: dateOf(meta.release_date ? `${meta.release_date}T00:00:00Z` : (MONTH_DATE.exec(text)?.[0] ?? null)),
            language: 'en' as const,
            publisher: 'U.S. Securities and Exchange Commission',
          },
        ];
      });
    });
  },
};

/** Russian Wikinews texts of the NEREL corpus: the headline on the first line; no address or date. */
const nerel: Layout = {
  folder: 'nerel-ru-wikinews',
  source: 'Russian Wikinews (NEREL)',
  read(dir, mediaDir) {
    const splits = existsSync(dir) ? readdirSync(dir).filter((d) => statSync(join(dir, d)).isDirectory()).sort() : [];
    return splits.flatMap((split) =>
      filesOf(join(dir, split), '.txt').map((path) => {
        const lines = readFileSync(path, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
        const first = lines.findIndex((l) => l.trim() !== '');
        return {
          guid: relative(mediaDir, path).split(sep).join('/'),
          url: null,
          title: (lines[first] ?? '').trim(),
          body: lines
            .slice(first + 1)
            .join('\n')
            .trim(),
          published_at: null,
          language: 'ru' as const,
          publisher: 'Wikinews',
        };
      }),
    );
  },
};

export const LAYOUTS: readonly Layout[] = [wikinews, dojPress, dojFraud, secLitigation, nerel];

/**
 * Every article of the directory, by layout (a layout whose folder is missing answers none). A release in
 * two layouts (six DOJ releases are both in the press sample, with their whole text, and among the fraud
 * releases, as an excerpt) is kept once, from the first layout: one guid is one article.
 */
export function readCorpus(mediaDir: string): CorpusPart[] {
  const seen = new Set<string>();
  return LAYOUTS.map((layout) => {
    const dir = join(mediaDir, layout.folder);
    const articles = (existsSync(dir) ? layout.read(dir, mediaDir) : []).filter((a) => {
      if (seen.has(a.guid)) return false;
      seen.add(a.guid);
      return true;
    });
    return { layout: layout.folder, source: layout.source, articles };
  });
}

/** Every file of the layouts' folders with its size and modification time, hashed; null when the directory is missing. */
export function corpusFingerprint(mediaDir: string): string | null {
  if (!existsSync(mediaDir) || !statSync(mediaDir).isDirectory()) return null;
  const hash = createHash('sha1').update(`loader ${LOADER_VERSION}\n`);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else hash.update(`${relative(mediaDir, path)}\t${stat.size}\t${Math.trunc(stat.mtimeMs)}\n`);
    }
  };
  for (const layout of LAYOUTS) if (existsSync(join(mediaDir, layout.folder))) walk(join(mediaDir, layout.folder));
  return hash.digest('hex');
}
