/**
 * The server's screening engine downloads the lists on the configured schedule,
 * from the configured mirror, and keeps serving the last good version when a
 * download is broken. The mirror is a real HTTP server on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/client';
import { createDeps, prepareDatabase } from '../../server/start';
import type { Deps } from '../../server/deps';

describe('list downloads on a schedule', () => {
  let mirror: Server;
  let requests: string[] = [];
  let db: Db;
  let deps: Deps;
  const listsDir = loadConfig({}).listsDir;

  beforeAll(async () => {
    // Serves the bundled files, except that BIS's list arrives truncated to its header.
    mirror = createServer((req, res) => {
      requests.push(req.url ?? '');
      const [, list, file] = (req.url ?? '').split('/');
      if (list === 'us_bis_dpl') return res.end(readFileSync(join(listsDir, list, file), 'utf8').split('\n')[0]);
      try {
        res.end(readFileSync(join(listsDir, list, file)));
      } catch {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => mirror.listen(0, '127.0.0.1', r));
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
      listUpdateIntervalMinutes: 0.02,
      listMirrorUrl: `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`,
    };
    db = await openDatabase({});
    await prepareDatabase(config, db);
    deps = createDeps(config, db, { info: () => {}, warn: () => {}, error: () => {} });
  });

  afterAll(async () => {
    await deps?.screening.close();
    await db?.close();
    await new Promise((r) => mirror?.close(r));
  });

  it('fetches every list from the mirror after loading, and keeps the last good version of a broken one', async () => {
    await deps.screening.ready();
    const bisBefore = deps.screening.status().lists.find((l) => l.id === 'us_bis_dpl')!;
    // Lists are downloaded one after another: wait for the whole pass (every list asked for, BIS refused),
    // with a deadline a shared machine will not reach.
    const expected = ['us_ofac_sdn', 'un_sc_consolidated', 'us_csl', 'pep_us_congress', 'us_bis_dpl'];
    const passDone = () => expected.every((id) => requests.some((u) => u.startsWith(`/${id}/`))) && Boolean(deps.screening.status().lists.find((l) => l.id === 'us_bis_dpl')!.last_error);
    const deadline = Date.now() + 60_000;
    while (!passDone()) {
      if (Date.now() > deadline) throw new Error(`no scheduled download seen; requests: ${requests.join(', ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const lists = deps.screening.status().lists;
    for (const id of expected) expect(requests.some((u) => u.startsWith(`/${id}/`)), id).toBe(true);
    const bis = lists.find((l) => l.id === 'us_bis_dpl')!;
    expect(bis.entities).toBe(bisBefore.entities);
    expect(bis.version).toBe(bisBefore.version);
    expect(bis.last_error).toMatch(/no entities|last good/);
    // Still screened against BIS's last good version.
    const hits = deps.screening.screen({ search_term: 'Aaron Abraham Villa', entity_type: 'person' }).hits;
    expect(hits.some((h) => h.list_id === 'us_bis_dpl' && h.score >= 90)).toBe(true);
  }, 120_000);
});
