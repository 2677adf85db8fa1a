/**
 * Ongoing AML monitoring against a real list update: a publisher stand-in on
 * 127.0.0.1 serves the UN Security Council list, the test rewrites a listed
 * person's remarks and lists a new person of a close name, the engine downloads the new version,
 * and a monitoring pass adds the new hit, flags the changed record, reopens the
 * case, spends one credit and gathers an alert that the organisation's next digest
 * sends to the case's followers. On PGlite and Postgres.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '../../common/constants';
import { loadConfig } from '../../server/config';
import { changedFields, enqueueAmlMonitoringSweep, MONITORING_JOBS, runAmlMonitoringPass, startAmlMonitoring } from '../../server/cases/monitoring';
import { runMonitoringDigests } from '../../server/cases/monitoring-digest';
import { caseScreening } from '../../server/case-store/screen';
import type { RealtimeMessage } from '../../server/realtime/bus';
import { createScreeningEngine, type ScreeningEngine } from '../../server/screening';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';

const LISTS_DIR = loadConfig({}).listsDir;
const UN_PATH = '/un_sc_consolidated/UN_consolidated.xml';
const original = readFileSync(join(LISTS_DIR, 'un_sc_consolidated', 'UN_consolidated.xml'), 'utf8');
const SEARCHED = 'Aiman Muhammed Rabi al-Zawahiri';
const LISTED = 'AIMAN MUHAMMED RABI AL-ZAWAHIRI';
const NEWCOMER = 'AYMAN MOHAMMED RABIE AL-ZAWAHRI';

let served = original;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(req.url === UN_PATH ? 200 : 404, { 'content-type': 'application/xml' });
    res.end(req.url === UN_PATH ? served : 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The UN list with the listed person's remarks rewritten and, optionally, a newly listed person of a close name. */
function changedUnList(remark: string, withNewcomer: boolean) {
  let xml = original.replace('<COMMENTS1>Leader of Al-Qaida (QDe.004).', `<COMMENTS1>${remark}`);
  if (withNewcomer) {
    const [first, second, third, fourth] = NEWCOMER.split(' ');
    xml = xml.replace(
      '<INDIVIDUALS>',
      `<INDIVIDUALS>
    <INDIVIDUAL>
      <DATAID>990001</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>${first}</FIRST_NAME>
      <SECOND_NAME>${second}</SECOND_NAME>
      <THIRD_NAME>${third}</THIRD_NAME>
      <FOURTH_NAME>${fourth}</FOURTH_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER>
      <LISTED_ON>2026-11-01</LISTED_ON>
      <COMMENTS1>Listed for the monitoring test.</COMMENTS1>
    </INDIVIDUAL>`,
    );
  }
  return xml;
}

it('names the fields of a listed record that changed, whatever the key order', () => {
  expect(changedFields({ names: [{ full: 'A', type: 'primary' }], addresses: [] }, { addresses: [], names: [{ type: 'primary', full: 'A' }] })).toEqual([]);
  expect(changedFields({ addresses: [{ street: 'X' }], remarks: 'r' }, { addresses: [{ street: 'Y' }] })).toEqual(['addresses', 'remarks']);
});

describe.each(DATABASE_KINDS)('ongoing AML monitoring on %s', (kind) => {
  let t: TestApp;
  let engine: ScreeningEngine;
  let admin: string;
  let orgId: string;
  const published: RealtimeMessage[] = [];
  let watchedRef = '';

  beforeAll(async () => {
    served = original;
    engine = createScreeningEngine({ listsDir: LISTS_DIR, lists: ['un_sc_consolidated'], fetch: { baseUrl }, workers: 1 });
    t = await createTestApp(kind, {}, [], { screening: engine });
    await engine.ready();
    admin = await t.login(ADMIN);
    orgId = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    await t.deps.realtime.subscribe((m) => published.push(m));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  const newCase = async (monitoring: boolean) => {
    const res = await t.call('POST', '/api/search', { token: admin, body: { search_term: SEARCHED, entity_type: 'person', aml_monitoring: String(monitoring) } });
    expect(res.status).toBe(200);
    return res.body.reference as string;
  };
  /** What a case of the organisation is screened against now: the lists' versions and its custom list revision. */
  const screenedAgainst = async () => (await caseScreening(t.deps, orgId)).listsVersion();
  const caseRow = (ref: string) => t.deps.db.one('SELECT * FROM cases WHERE reference = $1', [ref]);
  const hitsOf = (ref: string) => t.deps.db.query('SELECT h.* FROM case_hits h JOIN cases c ON c.id = h.case_id WHERE c.reference = $1 ORDER BY position', [ref]);
  const creditsUsed = async () => (await t.deps.db.one('SELECT aml_screening_credits_used AS n FROM organisations WHERE id = $1', [orgId]))!.n as number;

  it('adds new listed names, flags changed records, reopens the case, spends one credit and tells the followers', async () => {
    const watched = await newCase(true);
    watchedRef = watched;
    const unwatched = await newCase(false);
    const [hit] = await hitsOf(watched);
    expect(hit.name).toBe(LISTED);
    // The analyst clears the hit and passes the case.
    expect((await t.call('POST', '/api/decision-review', { token: admin, body: { reference: watched, entity_ids: [hit.id], match_status: 'False Positive' } })).status).toBe(200);
    expect((await t.call('POST', '/api/decision-review', { token: admin, body: { references: [watched], case_status: 'Passed' } })).status).toBe(200);

    // Nothing is due while the lists are unchanged.
    expect(await runAmlMonitoringPass(t.deps)).toMatchObject({ checked: 0, changed: 0 });

    served = changedUnList('Leader of Al-Qaida, remarks revised.', true);
    const [update] = await engine.refresh('un_sc_consolidated');
    expect(update.diff?.added.length).toBe(1);
    const credits = await creditsUsed();
    published.length = 0;

    const pass = await runAmlMonitoringPass(t.deps);
    expect(pass).toMatchObject({ checked: 1, changed: 1, new_hits: 1, updated_records: 1, no_credit: 0 });
    expect(await creditsUsed()).toBe(credits + 1);

    const c = await caseRow(watched);
    expect(c).toMatchObject({ case_status: 'For Review', match_status: 'Potential Match', hit_count: 2 });
    const hits = await hitsOf(watched);
    expect(hits.map((h) => [h.name, h.match_status, h.is_updated])).toEqual([
      [LISTED, 'False Positive', true],
      [NEWCOMER, 'Potential Match', false],
    ]);
    expect(hits[0].entity.remarks).toContain('remarks revised');
    expect(hits[1].aml_monitoring).toBe(true);

    const events = await t.deps.db.query('SELECT action, actor_user_id, details, hit_id FROM case_events WHERE case_id = $1 AND action LIKE $2 ORDER BY id', [c!.id, 'monitoring_%']);
    expect(events.map((e) => e.action)).toEqual(['monitoring_update', 'monitoring_new_hits']);
    expect(events[0]).toMatchObject({ actor_user_id: null, hit_id: hit.id, details: { fields: ['remarks'] } });
    expect(events[1].details).toMatchObject({ hit_count: 1, names: [NEWCOMER] });

    // The history the analyst reads says what monitoring did.
    const history = await t.call('GET', `/api/case-history?reference=${watched}`, { token: admin });
    expect(history.body.data.slice(0, 2).map((e: any) => [e.action, e.actor])).toEqual([
      ['monitoring_new_hits', null],
      ['monitoring_update', null],
    ]);

    // What it found waits for the organisation's digest (daily by default); open screens hear of the change at once.
    const alert = await t.deps.db.one("SELECT kind, details, delivered_at FROM monitoring_alerts WHERE case_id = $1", [c!.id]);
    expect(alert).toMatchObject({ kind: 'findings', details: { new_hits: 1, updated_records: 1 }, delivered_at: null });
    await expect.poll(() => published.some((m) => m.event === SOCKET_EVENTS.changeStreams && (m.payload as any)?.data?.search_reference === watched)).toBe(true);
    const digestAt = (await t.deps.db.one('SELECT next_digest_at FROM monitoring_settings WHERE organisation_id = $1', [orgId]))!.next_digest_at as Date;
    const notes = () => t.deps.db.query("SELECT params, link FROM notifications WHERE kind = 'monitoring_digest' AND user_id = (SELECT id FROM users WHERE email = $1)", [ADMIN.email]);
    const before = (await notes()).length;
    // The digest tells the follower (the case's creator), once, with what was found.
    await runMonitoringDigests(t.deps, { now: new Date(new Date(digestAt).getTime() + 1000) });
    const sent = await notes();
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)).toMatchObject({ params: { cases: 1, new_hits: 1, updated: 1, ended: 0 }, link: '/manage-case' });

    // The case without monitoring was left as it was.
    const other = await caseRow(unwatched);
    expect(other!.hit_count).toBe(1);
    expect(other!.lists_version).not.toEqual(c!.lists_version);

    // Checked once per list version: a second pass finds nothing due and spends nothing.
    expect(await runAmlMonitoringPass(t.deps)).toMatchObject({ checked: 0 });
    expect(await creditsUsed()).toBe(credits + 1);
  });

  it('a monitored entity alone is checked for changes without re-screening the case', async () => {
    const ref = await newCase(false);
    const before = await hitsOf(ref);
    const listed = before.find((h) => h.name === LISTED)!;
    expect((await t.call('POST', '/api/monitor', { token: admin, body: { reference: ref, entity_id: listed.id, kind: 'aml', enabled: true } })).status).toBe(200);
    // A list version that changes the monitored record and drops the newcomer, who is among this case's hits.
    served = changedUnList('Remarks revised again.', false);
    await engine.refresh('un_sc_consolidated');
    const pass = await runAmlMonitoringPass(t.deps);
    expect(pass.new_hits).toBe(0);
    const after = await hitsOf(ref);
    expect(after.map((h) => h.id)).toEqual(before.map((h) => h.id));
    expect(after.map((h) => [h.name, h.is_updated])).toEqual(before.map((h) => [h.name, h.name === LISTED]));
    expect(after.find((h) => h.name === LISTED)!.entity.remarks).toContain('Remarks revised again.');
    // The first test's monitored case held the newcomer, who has now left the list.
    const gone = (await hitsOf(watchedRef)).find((h) => h.name === NEWCOMER)!;
    expect(gone.is_updated).toBe(true);
    const event = await t.deps.db.one("SELECT details FROM case_events WHERE hit_id = $1 AND action = 'monitoring_update'", [gone.id]);
    expect(event!.details).toEqual({ delisted: true });
  });

  it('waits for credits when the organisation has none left, and resumes when it has', async () => {
    const ref = await newCase(true);
    await t.deps.db.query('UPDATE organisations SET aml_screening_credits_alloted = aml_screening_credits_used WHERE id = $1', [orgId]);
    try {
      served = changedUnList('Remarks revised a third time.', true);
      await engine.refresh('un_sc_consolidated');
      const before = (await caseRow(ref))!.lists_version;
      const starved = await runAmlMonitoringPass(t.deps);
      expect(starved.checked).toBe(0);
      expect(starved.no_credit).toBeGreaterThanOrEqual(1);
      expect((await caseRow(ref))!.lists_version).toEqual(before);
    } finally {
      await t.deps.db.query('UPDATE organisations SET aml_screening_credits_alloted = NULL WHERE id = $1', [orgId]);
    }
    const resumed = await runAmlMonitoringPass(t.deps);
    expect(resumed.checked).toBeGreaterThanOrEqual(1);
    expect((await hitsOf(ref)).some((h) => h.name === NEWCOMER)).toBe(true);
  });

  it('runs as jobs: a list change enqueues a sweep, which enqueues check jobs that check the due cases and report progress', async () => {
    const stop = startAmlMonitoring(t.deps, 15);
    try {
      // The sweep enqueued when the lists were ready finds nothing due yet.
      await t.deps.jobs.runDue();
      const ref = await newCase(true);
      served = changedUnList('Remarks revised for the queue.', false);
      await engine.refresh('un_sc_consolidated');
      // The update's listener enqueues the sweep asynchronously, after refresh() has resolved.
      const waitingSweeps = async () =>
        (await t.deps.db.query(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'created'`, [MONITORING_JOBS.sweep])).length;
      await expect.poll(waitingSweeps).toBe(1);
      const credits = await creditsUsed();
      await t.deps.jobs.runDue();
      expect((await caseRow(ref))!.lists_version).toEqual(await screenedAgainst());
      expect(await creditsUsed()).toBeGreaterThan(credits);
      const checks = await t.deps.db.query(`SELECT id, data FROM pgboss.job WHERE name = $1 ORDER BY created_on DESC`, [MONITORING_JOBS.check]);
      const caseId = (await caseRow(ref))!.id;
      const mine = checks.find((c) => c.data.case_ids.includes(caseId))!;
      const status = await t.deps.jobs.status(mine.id);
      expect(status).toMatchObject({ state: 'completed', progress: { done: mine.data.case_ids.length, total: mine.data.case_ids.length } });
      // Checked once per list version: nothing is due afterwards.
      expect(await runAmlMonitoringPass(t.deps)).toMatchObject({ checked: 0 });
    } finally {
      await stop();
    }
  });

  it('enqueues its sweep in the transaction that records a list change, so the change and its monitoring commit together', async () => {
    // An engine that records list versions in the database, as the server's does.
    const recorded = createScreeningEngine({
      listsDir: LISTS_DIR,
      lists: ['un_sc_consolidated'],
      fetch: { baseUrl },
      workers: 1,
      db: t.deps.db,
      onListChanged: (tx) => enqueueAmlMonitoringSweep(t.deps.jobs, tx).then(() => undefined),
    });
    try {
      await recorded.ready();
      await t.deps.jobs.runDue();
      served = changedUnList('Remarks revised for the recorded engine.', false);
      const [update] = await recorded.refresh('un_sc_consolidated');
      expect(update.record.status).toBe('loaded');
      const sweep = await t.deps.db.one(`SELECT xmin::text AS tx FROM pgboss.job WHERE name = $1 AND state = 'created'`, [MONITORING_JOBS.sweep]);
      const load = await t.deps.db.one('SELECT xmin::text AS tx FROM screening_list_loads WHERE id = $1', [update.record.id]);
      // Written by the same transaction as the list change's record.
      expect(sweep!.tx).toBe(load!.tx);
    } finally {
      await recorded.close();
    }
  });

  it('runs by itself once the lists are loaded, so checks left by a restart are done without waiting for the interval', async () => {
    served = changedUnList('Remarks before the restart.', false);
    await engine.refresh('un_sc_consolidated');
    const ref = await newCase(true);
    expect((await hitsOf(ref)).some((h) => h.name === NEWCOMER)).toBe(false);
    served = changedUnList('Remarks revised while the server was down.', true);
    await engine.refresh('un_sc_consolidated');
    // The server runs the queue's workers; here the test starts them.
    await t.deps.jobs.work({ pollingSeconds: 0.5 });
    const stop = startAmlMonitoring(t.deps, 15);
    try {
      // The pass starts by itself (the interval is 15 minutes); wait for its result, however slow the machine.
      await expect.poll(async () => (await caseRow(ref))!.lists_version, { timeout: 60_000, interval: 200 }).toEqual(await screenedAgainst());
    } finally {
      await stop();
    }
    expect((await hitsOf(ref)).some((h) => h.name === NEWCOMER)).toBe(true);
  }, 90_000);
});
