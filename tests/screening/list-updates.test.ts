/**
 * Scheduled list updates against a publisher stand-in on 127.0.0.1 that serves
 * the shared files (changed, broken or truncated on demand): versions with
 * added/changed/removed counts, the changes kept per load, the last good version
 * served when a download or parse fails. On PGlite and on Postgres.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreeningEngine, type ListUpdate, type ScreeningEngine } from '../../server/screening/index';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../helpers/databases';

const LISTS_DIR = resolve(process.env.LISTS_DIR ?? resolve(__dirname, '../../../shared/data/lists'));
const LISTS = ['us_bis_dpl', 'us_ofac_consolidated'];
const FILES: Record<string, string[]> = { us_bis_dpl: ['dpl.txt'], us_ofac_consolidated: ['cons_prim.csv', 'cons_alt.csv', 'cons_add.csv', 'cons_comments.csv'] };

/** What the stand-in publisher serves: path -> [status, body]. */
const served = new Map<string, [number, string]>();
/** Paths the stand-in holds until the test releases them; `arrived` settles once the request is in. */
const holds = new Map<string, { arrived: Promise<void>; signal: () => void; release: Promise<void>; open: () => void }>();
function hold(path: string) {
  let signal!: () => void;
  let open!: () => void;
  const arrived = new Promise<void>((r) => (signal = r));
  const release = new Promise<void>((r) => (open = r));
  const entry = { arrived, signal, release, open };
  holds.set(path, entry);
  return entry;
}
function serveOriginals() {
  for (const [list, files] of Object.entries(FILES)) for (const f of files) served.set(`/${list}/${f}`, [200, readFileSync(join(LISTS_DIR, list, f), 'utf8')]);
}

let server: Server;
let baseUrl: string;
let requests = 0;

beforeAll(async () => {
  serveOriginals();
  server = createServer(async (req, res) => {
    requests++;
    const held = holds.get(req.url ?? '');
    if (held) {
      held.signal();
      await held.release;
    }
    const hit = served.get(req.url ?? '');
    res.writeHead(hit ? hit[0] : 404, { 'content-type': 'text/plain' });
    res.end(hit ? hit[1] : 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const dplOriginal = () => readFileSync(join(LISTS_DIR, 'us_bis_dpl', 'dpl.txt'), 'utf8');

describe.each(DATABASE_KINDS)('list updates on %s', (kind) => {
  let tdb: TestDatabase;
  let engine: ScreeningEngine;
  const updates: ListUpdate[] = [];

  beforeAll(async () => {
    serveOriginals();
    tdb = await createTestDatabase(kind);
    engine = createScreeningEngine({ listsDir: LISTS_DIR, db: tdb.db, lists: LISTS, fetch: { baseUrl } });
    engine.onUpdate((u) => updates.push(u));
    await engine.ready();
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    await tdb?.drop();
  });

  it('records the first load from the directory as a full snapshot', async () => {
    const history = await engine.loadHistory('us_bis_dpl');
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ list_id: 'us_bis_dpl', origin: 'directory', status: 'loaded', entities: 581, added: 581, changed: 0, removed: 0 });
    const rows = await tdb.db.one<{ n: number }>("SELECT count(*)::int AS n FROM screening_list_entities WHERE list_id = 'us_bis_dpl'");
    expect(rows!.n).toBe(581);
  });

  it('a download of the same files is recorded as unchanged', async () => {
    const before = engine.status().lists.find((l) => l.id === 'us_bis_dpl')!.version;
    const res = await engine.refresh('us_bis_dpl');
    expect(res[0].record).toMatchObject({ origin: 'download', status: 'unchanged', added: 0, changed: 0, removed: 0 });
    expect(engine.status().lists.find((l) => l.id === 'us_bis_dpl')!.version).toBe(before);
    expect(updates).toHaveLength(0);
  });

  it('a changed file is diffed: added, changed and removed entities, kept per load, and served at once', async () => {
    const lines = dplOriginal().split('\n');
    // Remove the first data row, change the name of the second, add a new person.
    const changed = lines[2].replace(/^"[^"]*"/, '"AARON ABRAHAM VILLA-CHANGED"');
    const added = lines[3].replace(/^"[^"]*"/, '"ZEBEDIAH QUUXLEY"');
    served.set('/us_bis_dpl/dpl.txt', [200, [lines[0], changed, ...lines.slice(3), added].join('\n')]);
    expect(engine.screen({ search_term: 'Zebediah Quuxley', entity_type: 'person' }).hits).toEqual([]);
    const [before] = await engine.screenBatch([{ search_term: 'Zebediah Quuxley', entity_type: 'person' }]);
    expect('hits' in before && before.hits).toEqual([]);

    const [res] = await engine.refresh('us_bis_dpl');
    expect(res.record).toMatchObject({ status: 'loaded', added: 2, removed: 2, changed: 0 });
    // The DPL has no ids: a renamed row reads as one removed and one added entity.
    expect(updates.map((u) => u.list_id)).toEqual(['us_bis_dpl']);
    expect(updates[0].diff!.added).toHaveLength(2);
    const changes = await tdb.db.query<{ change: string }>('SELECT change FROM screening_list_changes WHERE load_id = $1 ORDER BY change', [res.record.id]);
    expect(changes.map((c) => c.change)).toEqual(['added', 'added', 'removed', 'removed']);
    expect(engine.screen({ search_term: 'Zebediah Quuxley', entity_type: 'person' }).hits[0]?.source).toBe('BIS Denied Persons List');
    // The batch workers open the new version's index too.
    const [after] = await engine.screenBatch([{ search_term: 'Zebediah Quuxley', entity_type: 'person' }]);
    expect('hits' in after && after.hits[0]?.source).toBe('BIS Denied Persons List');
  });

  it('changed details of a list with ids read as changed entities', async () => {
    const prim = readFileSync(join(LISTS_DIR, 'us_ofac_consolidated', 'cons_prim.csv'), 'utf8');
    served.set('/us_ofac_consolidated/cons_prim.csv', [200, prim.replace('"DOB 1962; POB Shati."', '"DOB 1963; POB Shati."')]);
    const [res] = await engine.refresh('us_ofac_consolidated');
    expect(res.record).toMatchObject({ status: 'loaded', added: 0, changed: 1, removed: 0 });
    expect(res.diff!.changed).toEqual(['us_ofac_consolidated:9639']);
    expect(engine.getEntity('us_ofac_consolidated:9639')!.birth_dates).toEqual([{ year: 1963 }]);
  });

  it('a failed download keeps the last good version and says why', async () => {
    served.set('/us_ofac_consolidated/cons_alt.csv', [500, 'upstream error']);
    const before = engine.status().lists.find((l) => l.id === 'us_ofac_consolidated')!;
    const [res] = await engine.refresh('us_ofac_consolidated');
    expect(res.record.status).toBe('failed');
    expect(res.record.error).toContain('HTTP 500');
    const after = engine.status().lists.find((l) => l.id === 'us_ofac_consolidated')!;
    expect(after.version).toBe(before.version);
    expect(after.entities).toBe(before.entities);
    expect(after.last_error).toContain('HTTP 500');
    expect(engine.screen({ search_term: 'Ismail Haniya', entity_type: 'person' }).hits.length).toBeGreaterThan(0);
  });

  it('a broken or truncated file is refused and the last good version stays', async () => {
    serveOriginals();
    served.set('/us_bis_dpl/dpl.txt', [200, dplOriginal().split('\n').slice(0, 4).join('\n')]);
    const [truncated] = await engine.refresh('us_bis_dpl');
    expect(truncated.record.status).toBe('failed');
    expect(truncated.record.error).toMatch(/last good version/);
    expect(engine.status().lists.find((l) => l.id === 'us_bis_dpl')!.entities).toBe(581);

    served.set('/us_bis_dpl/dpl.txt', [200, '\u0000\u0001 not a list \u0002']);
    const [garbage] = await engine.refresh('us_bis_dpl');
    expect(garbage.record.status).toBe('failed');
    expect(engine.screen({ search_term: 'Zebediah Quuxley', entity_type: 'person' }).hits.length).toBe(1);

    const history = await engine.loadHistory('us_bis_dpl');
    expect(history.map((h) => h.status)).toEqual(['failed', 'failed', 'loaded', 'unchanged', 'loaded']);
  });

  it('a recovered publisher is picked up again', async () => {
    serveOriginals();
    const [res] = await engine.refresh('us_bis_dpl');
    expect(res.record.status).toBe('loaded');
    expect(engine.status().lists.find((l) => l.id === 'us_bis_dpl')!.last_error).toBeUndefined();
    expect(engine.screen({ search_term: 'Zebediah Quuxley', entity_type: 'person' }).hits).toEqual([]);
  });
});

describe('a refresh of several lists', () => {
  it("reports a list's new version only once screening answers from it", async () => {
    serveOriginals();
    const engine = createScreeningEngine({ listsDir: LISTS_DIR, lists: LISTS, fetch: { baseUrl } });
    try {
      await engine.ready();
      const version = () => engine.status().lists.find((l) => l.id === 'us_ofac_consolidated')!.version;
      const before = version();
      // The consolidated list changes; the DPL, downloaded after it, is held until the test lets it through.
      const prim = readFileSync(join(LISTS_DIR, 'us_ofac_consolidated', 'cons_prim.csv'), 'utf8');
      served.set('/us_ofac_consolidated/cons_prim.csv', [200, prim.replace('"DOB 1962; POB Shati."', '"DOB 1963; POB Shati."')]);
      const dpl = hold('/us_bis_dpl/dpl.txt');
      const refreshing = engine.refresh();
      await dpl.arrived;
      // Mid-refresh: the new consolidated version is parsed but not yet screened against, and not reported.
      expect(engine.getEntity('us_ofac_consolidated:9639')!.birth_dates).toEqual([{ year: 1962 }]);
      expect(version()).toBe(before);
      dpl.open();
      await refreshing;
      expect(engine.getEntity('us_ofac_consolidated:9639')!.birth_dates).toEqual([{ year: 1963 }]);
      expect(version()).not.toBe(before);
    } finally {
      for (const held of holds.values()) held.open();
      holds.clear();
      serveOriginals();
      await engine.close();
    }
  });
});

describe('the refresh schedule', () => {
  it('downloads every list on its interval', async () => {
    serveOriginals();
    const engine = createScreeningEngine({ listsDir: LISTS_DIR, lists: ['us_bis_dpl'], fetch: { baseUrl, intervalMinutes: 0.005 } });
    try {
      await engine.ready();
      const start = requests;
      // Two scheduled downloads, however slowly the machine gets to them.
      await expect.poll(() => requests - start, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await expect.poll(async () => (await engine.loadHistory('us_bis_dpl')).filter((h) => h.origin === 'download').length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      await engine.close();
    }
  }, 90_000);
});
