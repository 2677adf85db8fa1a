/**
 * Running bulk searches on the job queue (server/bulk/runner.ts), on PGlite and
 * Postgres: every row becomes the case a single search of the same input makes,
 * each row is stored and charged once however often its jobs run, credits running
 * out pause the batch and new credits resume it, a deleted batch stops, progress is
 * published and the creator is told when the batch finishes. Batches are seeded
 * with SQL as the upload would leave them and started through startBatch().
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkOptions, BulkRowInput } from '../../common/bulk';
import { SOCKET_EVENTS } from '../../common/constants';
import { screeningQueryFor } from '../../server/case-store/hits';
import { BULK_JOBS, CHUNK_ROWS, deleteOldDrafts, enqueueDraftCleanup, resumePausedBatches, runChunk, runResume, startBatch, STORE_ROWS } from '../../server/bulk/runner';
import type { RealtimeMessage } from '../../server/realtime/bus';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';

const LISTED = 'Aiman Muhammed Rabi al-Zawahiri';
const TYPO = 'Aiman Muhamed Rabi al-Zawahri';
const UNLISTED = 'Quentin Fairweather-Oduya';

const OPTIONS: BulkOptions = { search_type: 'manual', databases: ['sanctions', 'pep'], match_score: 80, exact_match: false, match_akas: true, match_rca: false };

const row = (search_term: string, extra: Partial<BulkRowInput> = {}): BulkRowInput => ({
  search_term,
  entity_type: 'person',
  countries: [],
  residence_countries: [],
  aml_monitoring: false,
  adverse_media_monitoring: false,
  ...extra,
});

/** Unlisted names, different from each other, for batches where only the counting matters. */
const filler = (n: number, prefix = 'Filler') => Array.from({ length: n }, (_, i) => row(`${prefix} Person ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26) % 26)} Number ${i}`));

describe.each(DATABASE_KINDS)('bulk search runner on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let orgId: string;
  let adminId: string;
  const published: RealtimeMessage[] = [];
  let batchCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.screening.ready();
    admin = await t.login(ADMIN);
    const org = await t.deps.db.one("SELECT o.id, u.id AS user_id FROM organisations o JOIN users u ON u.organisation_id = o.id WHERE o.slug = 'northwind' AND u.email = $1", [ADMIN.email]);
    orgId = org!.id;
    adminId = org!.user_id;
    await t.deps.realtime.subscribe((m) => published.push(m));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A batch as the upload leaves it, turned from a draft into a queued batch and started, in one transaction. */
  async function seedBatch(rows: BulkRowInput[], options: BulkOptions = OPTIONS, state: 'queued' | 'draft' = 'queued') {
    const name = `Batch ${kind} ${++batchCounter}`;
    return t.deps.db.transaction(async (tx) => {
      const batch = (await tx.one(
        `INSERT INTO bulk_batches (organisation_id, name, file_name, state, options, total_count, created_by, started_at)
         VALUES ($1, $2, 'file.csv', $3, $4, $5, $6, CASE WHEN $3 = 'queued' THEN now() END) RETURNING id, organisation_id, total_count, name`,
        [orgId, state === 'draft' ? '' : name, state, JSON.stringify(options), rows.length, adminId],
      ))!;
      await tx.query(
        `INSERT INTO bulk_rows (batch_id, row_number, organisation_id, input)
         SELECT $1, r.n, $2, r.input FROM jsonb_to_recordset($3::jsonb) AS r(n integer, input jsonb)`,
        [batch.id, orgId, JSON.stringify(rows.map((input, i) => ({ n: i + 2, input })))],
      );
      if (state === 'queued') await startBatch(t.deps, tx, batch as { id: string; organisation_id: string; total_count: number });
      return { id: batch.id as string, name };
    });
  }

  const batchRow = (id: string) => t.deps.db.one('SELECT * FROM bulk_batches WHERE id = $1', [id]);
  const credits = async () =>
    (await t.deps.db.one(
      // Today's searches: the day's spends of the credit ledger that count towards the daily search limit.
      `SELECT o.aml_screening_credits_used AS used,
              (SELECT COALESCE(sum(l.amount), 0)::int FROM credit_ledger l
                WHERE l.organisation_id = o.id AND l.kind = 'aml_screening' AND l.entry = 'spend' AND l.reason IN ('case_search', 'bulk_search')
                  AND l.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS today
         FROM organisations o WHERE o.id = $1`,
      [orgId],
    ))! as { used: number; today: number };
  const casesOf = (batchId: string) => t.deps.db.query('SELECT * FROM cases WHERE batch_id = $1 ORDER BY reference', [batchId]);
  const runChunks = () => t.deps.jobs.runDue([BULK_JOBS.chunk]);

  it('screens every row into one case whose hits are those of a single search, and fails what the engine refuses for nothing', async () => {
    const rows = [
      row(LISTED, { client_reference: 'CR-1', national_id: '1234567890123', aml_monitoring: true }),
      row(TYPO, { birth_year: 1951, countries: ['EG'] }),
      row(UNLISTED, { adverse_media_monitoring: true }),
      row('Al-Qaida', { entity_type: 'company' }),
      row('Osama bin Laden'),
      // Not a country the engine knows: refused, stored as failed, spends nothing.
      row('Someone Refused', { countries: ['ZZ'] }),
    ];
    const before = await credits();
    published.length = 0;
    const { id, name } = await seedBatch(rows);
    expect(await runChunks()).toBe(1);

    const batch = (await batchRow(id))!;
    expect(batch).toMatchObject({ state: 'finished', success_count: 5, failed_count: 1, total_count: 6, paused_reason: null });
    expect(batch.finished_at).not.toBeNull();
    expect(batch.started_at).not.toBeNull();
    const after = await credits();
    expect(after.used - before.used).toBe(5);
    expect(after.today - before.today).toBe(5);

    const stored = await t.deps.db.query('SELECT row_number, state, case_id, error FROM bulk_rows WHERE batch_id = $1 ORDER BY row_number', [id]);
    expect(stored.map((r) => r.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'failed']);
    expect(stored[5].case_id).toBeNull();
    expect(stored[5].error).toBeTruthy();

    const cases = await casesOf(id);
    expect(cases).toHaveLength(5);
    expect(new Set(cases.map((c) => c.reference)).size).toBe(5);
    for (let i = 0; i < 5; i++) {
      const c = cases.find((x) => x.id === stored[i].case_id)!;
      expect(c).toMatchObject({ batch_name: name, batch_id: id, created_by: adminId, search_term: rows[i].search_term.trim() });
      const single = t.deps.screening.screen(screeningQueryFor(c.search_input));
      const hits = await t.deps.db.query('SELECT entity_id, score, position, name FROM case_hits WHERE case_id = $1 ORDER BY position', [c.id]);
      expect(hits.map((h) => [h.entity_id, h.score])).toEqual(single.hits.map((h) => [h.entity_id, h.score]));
      expect(c.hit_count).toBe(single.hits.length);
      expect(c.search_input).toMatchObject({ databases: ['sanctions', 'pep'], match_score: 80, match_akas: true, exact_match: false, match_rca: false, search_type: 'manual' });
    }
    // The listed name was found.
    const listed = cases.find((c) => c.id === stored[0].case_id)!;
    expect(listed.hit_count).toBeGreaterThan(0);
    expect(listed).toMatchObject({ client_reference: 'CR-1', national_id: '1234567890123', aml_monitoring: true, case_status: 'For Review', match_status: 'Potential Match', risk_level: 'High' });

    // The same input through Create New Case makes the same case, column for column.
    const single = await t.call('POST', '/api/search', {
      token: admin,
      body: { search_term: LISTED, entity_type: 'person', databases: ['sanctions', 'pep'], match_score: '80', match_akas: 'true', client_reference: 'CR-1', national_id: '1234567890123', aml_monitoring: 'true' },
    });
    expect(single.body).toMatchObject({ reference: expect.any(String) });
    const created = (await t.deps.db.one('SELECT * FROM cases WHERE reference = $1 AND organisation_id = $2', [single.body.reference, orgId]))!;
    const columns = ['search_term', 'entity_type', 'search_input', 'match_score', 'databases', 'hit_count', 'relevance', 'hit_databases', 'match_status', 'case_status', 'risk_level', 'aml_monitoring', 'adverse_media_monitoring', 'lists_version', 'client_reference', 'national_id', 'created_by'];
    const pick = (r: Record<string, unknown>) => Object.fromEntries(columns.map((k) => [k, r[k]]));
    expect(pick(listed)).toEqual(pick(created));
    const hitColumns = 'position, entity_id, name, matched_name, score, score_raw, relevance, database, source, list_id, programs, kind, countries, birth_dates, explanation, entity, match_status, risk_level, aml_monitoring, adverse_media_monitoring';
    expect(await t.deps.db.query(`SELECT ${hitColumns} FROM case_hits WHERE case_id = $1 ORDER BY position`, [listed.id])).toEqual(
      await t.deps.db.query(`SELECT ${hitColumns} FROM case_hits WHERE case_id = $1 ORDER BY position`, [created.id]),
    );
    // Each hit keeps the listed record as the list holds it.
    const snapshots = await t.deps.db.query('SELECT entity_id, entity FROM case_hits WHERE case_id = $1', [listed.id]);
    expect(snapshots.length).toBeGreaterThan(0);
    for (const h of snapshots) expect(h.entity).toEqual(JSON.parse(JSON.stringify(t.deps.screening.getEntity(h.entity_id))));
    const events = await t.deps.db.query("SELECT actor_user_id, actor_name, details FROM case_events WHERE case_id = ANY($1::uuid[]) AND action = 'created'", [[listed.id, created.id]]);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual(events[1]);

    // The creator is told once, with the link to the batch's cases.
    const notes = await t.deps.db.query("SELECT params, link FROM notifications WHERE kind = 'batch_finished' AND user_id = $1 AND params->>'name' = $2", [adminId, name]);
    expect(notes).toEqual([{ params: { name }, link: `/manage-case?batch=${encodeURIComponent(name)}` }]);

    // Progress reached the organisation's room: running, then finished with the counts.
    await expect.poll(() => published.filter((m) => m.event === SOCKET_EVENTS.bulkProgress && (m.payload as any).id === id).map((m) => (m.payload as any).phase).at(-1)).toBe('finished');
    const progress = published.filter((m) => m.event === SOCKET_EVENTS.bulkProgress && (m.payload as any).id === id);
    expect(progress.every((m) => m.room === `org:${orgId}`)).toBe(true);
    expect(progress[0].payload).toMatchObject({ phase: 'running', status: 'Pending' });
    expect(progress.at(-1)!.payload).toMatchObject({ phase: 'finished', status: 'Success', success_count: 5, failed_count: 1, total_count: 6 });
  });

  it('applies a search profile, its databases and its countries, to every row', async () => {
    const profile = (await t.deps.db.one(
      "INSERT INTO search_profiles (organisation_id, title, databases, countries) VALUES ($1, 'Sanctions only', '{sanctions}', '{AF}') RETURNING id",
      [orgId],
    ))!;
    const { id } = await seedBatch([row(LISTED), row(UNLISTED, { countries: ['FR'] })], { ...OPTIONS, search_type: 'profile', databases: [], search_profile_id: profile.id });
    await runChunks();
    const cases = await casesOf(id);
    expect(cases.map((c) => c.search_profile_id)).toEqual([profile.id, profile.id]);
    expect(cases.map((c) => c.databases)).toEqual([['sanctions'], ['sanctions']]);
    expect(cases.map((c) => c.search_input.countries).sort()).toEqual([['AF'], ['FR']]);
  });

  it('stores and charges each row once when the same chunk runs twice, overlapping chunks run, or two run at the same moment', async () => {
    const rows = filler(STORE_ROWS + 40, 'Overlap');
    const before = await credits();
    const { id } = await seedBatch(rows);
    // Besides the chunk startBatch enqueued: the same range again and an overlapping one.
    await t.deps.jobs.enqueue(t.deps.db, BULK_JOBS.chunk, { batch_id: id, organisation_id: orgId, first_row: 2, last_row: rows.length + 1 });
    await t.deps.jobs.enqueue(t.deps.db, BULK_JOBS.chunk, { batch_id: id, organisation_id: orgId, first_row: 100, last_row: rows.length + 1 });
    // Two runs of one range at once, then the queue's three jobs.
    const job = (first_row: number) => ({ data: { batch_id: id, organisation_id: orgId, first_row, last_row: rows.length + 1 }, signal: new AbortController().signal, progress: async () => undefined });
    await Promise.all([runChunk(t.deps, job(2)), runChunk(t.deps, job(50))]);
    expect(await runChunks()).toBe(3);

    const cases = await casesOf(id);
    expect(cases).toHaveLength(rows.length);
    const done = await t.deps.db.query("SELECT case_id FROM bulk_rows WHERE batch_id = $1 AND state = 'done'", [id]);
    expect(done).toHaveLength(rows.length);
    expect(new Set(done.map((r) => r.case_id)).size).toBe(rows.length);
    expect((await credits()).used - before.used).toBe(rows.length);
    expect(await batchRow(id)).toMatchObject({ state: 'finished', success_count: rows.length, failed_count: 0 });
    expect((await t.deps.db.query("SELECT id FROM notifications WHERE kind = 'batch_finished' AND params->>'name' = (SELECT name FROM bulk_batches WHERE id = $1)", [id])).length).toBe(1);
  });

  it('splits a large batch into chunk jobs of row ranges', async () => {
    const rows = filler(CHUNK_ROWS + 10, 'Ranges');
    const { id } = await seedBatch(rows, OPTIONS, 'draft');
    const jobs = await t.deps.db.transaction(async (tx) => {
      await tx.query("UPDATE bulk_batches SET state = 'queued', name = $2 WHERE id = $1", [id, `Ranges ${kind}`]);
      return startBatch(t.deps, tx, { id, organisation_id: orgId, total_count: rows.length });
    });
    expect(jobs).toBe(2);
    const queued = await t.deps.db.query("SELECT data FROM pgboss.job WHERE name = $1 AND data->>'batch_id' = $2 ORDER BY (data->>'first_row')::int", [BULK_JOBS.chunk, id]);
    expect(queued.map((j) => [j.data.first_row, j.data.last_row])).toEqual([
      [2, CHUNK_ROWS + 1],
      [CHUNK_ROWS + 2, CHUNK_ROWS + 11],
    ]);
    expect(await runChunks()).toBe(2);
    expect(await batchRow(id)).toMatchObject({ state: 'finished', success_count: rows.length });
  });

  it('pauses when the credits run out, waits, and finishes once credits are added', async () => {
    const rows = filler(7, 'Credits');
    const start = await credits();
    await t.deps.db.query('UPDATE organisations SET aml_screening_credits_alloted = $2 WHERE id = $1', [orgId, start.used + 3]);
    try {
      published.length = 0;
      const { id } = await seedBatch(rows);
      await runChunks();
      expect(await batchRow(id)).toMatchObject({ state: 'paused', paused_reason: 'credits', success_count: 3, failed_count: 0, run_done: 3 });
      expect((await credits()).used - start.used).toBe(3);
      expect(await casesOf(id)).toHaveLength(3);
      await expect.poll(() => published.some((m) => m.event === SOCKET_EVENTS.bulkProgress && (m.payload as any).id === id && (m.payload as any).phase === 'paused')).toBe(true);
      expect(published.find((m) => (m.payload as any)?.phase === 'paused')!.payload).toMatchObject({ paused_reason: 'credits', success_count: 3 });
      // One resume job waits for credit.
      const waiting = await t.deps.db.query("SELECT state FROM pgboss.job WHERE name = $1 AND data->>'batch_id' = $2 AND state IN ('created', 'retry')", [BULK_JOBS.resume, id]);
      expect(waiting).toHaveLength(1);
      // Without credit, the resume job leaves it paused and waits again.
      expect(await runResume(t.deps, { batch_id: id, organisation_id: orgId })).toEqual({ resumed: false, waiting: true });
      expect((await batchRow(id))!.state).toBe('paused');

      // Credits granted: the grant resumes the batch in its own transaction.
      const resumed = await t.deps.db.transaction(async (tx) => {
        await tx.query('UPDATE organisations SET aml_screening_credits_alloted = aml_screening_credits_alloted + 100 WHERE id = $1', [orgId]);
        return resumePausedBatches(t.deps, tx, orgId);
      });
      expect(resumed).toBe(1);
      expect(await batchRow(id)).toMatchObject({ state: 'running', paused_reason: null, run_done: 0 });
      await runChunks();
      expect(await batchRow(id)).toMatchObject({ state: 'finished', success_count: 7 });
      expect((await credits()).used - start.used).toBe(7);
      expect(await casesOf(id)).toHaveLength(7);
      // The waiting resume job finds nothing to do.
      expect(await runResume(t.deps, { batch_id: id, organisation_id: orgId })).toEqual({ resumed: false, waiting: false });
    } finally {
      await t.deps.db.query('UPDATE organisations SET aml_screening_credits_alloted = NULL WHERE id = $1', [orgId]);
    }
  });

  it('pauses at the daily search limit and the resume job carries on when the limit allows', async () => {
    const rows = filler(4, 'Daily');
    const start = await credits();
    await t.deps.db.query('UPDATE organisations SET daily_search_limit = $2 WHERE id = $1', [orgId, start.today + 2]);
    try {
      const { id } = await seedBatch(rows);
      await runChunks();
      expect(await batchRow(id)).toMatchObject({ state: 'paused', paused_reason: 'daily_limit', success_count: 2 });
      await t.deps.db.query('UPDATE organisations SET daily_search_limit = NULL WHERE id = $1', [orgId]);
      expect(await runResume(t.deps, { batch_id: id, organisation_id: orgId })).toEqual({ resumed: true, waiting: false });
      await runChunks();
      expect(await batchRow(id)).toMatchObject({ state: 'finished', success_count: 4 });
      expect((await credits()).today - start.today).toBe(4);
    } finally {
      await t.deps.db.query('UPDATE organisations SET daily_search_limit = NULL WHERE id = $1', [orgId]);
    }
  });

  it('stops a deleted batch: before it runs, and between two stored parts', async () => {
    const before = await credits();
    const early = await seedBatch(filler(3, 'Deleted early'));
    await t.deps.db.query("UPDATE bulk_batches SET state = 'deleted', deleted_at = now() WHERE id = $1", [early.id]);
    await runChunks();
    expect(await casesOf(early.id)).toHaveLength(0);

    const rows = filler(STORE_ROWS + 20, 'Deleted later');
    const later = await seedBatch(rows);
    const result = await runChunk(t.deps, {
      data: { batch_id: later.id, organisation_id: orgId, first_row: 2, last_row: rows.length + 1 },
      signal: new AbortController().signal,
      // The batch is deleted as soon as its first part is stored.
      progress: async () => void (await t.deps.db.query("UPDATE bulk_batches SET state = 'deleted', deleted_at = now() WHERE id = $1", [later.id])),
    });
    expect(result).toEqual({ stored: STORE_ROWS, stopped: 'deleted' });
    expect(await casesOf(later.id)).toHaveLength(STORE_ROWS);
    expect((await credits()).used - before.used).toBe(STORE_ROWS);
    expect(await t.deps.db.one("SELECT count(*)::int AS n FROM bulk_rows WHERE batch_id = $1 AND state = 'pending'", [later.id])).toEqual({ n: 20 });
    await runChunks();
    expect(await casesOf(later.id)).toHaveLength(STORE_ROWS);
  });

  it('retries a chunk while the lists are still loading', async () => {
    const { id } = await seedBatch(filler(1, 'Loading'));
    const loading = { ...t.deps, screening: { ...t.deps.screening, status: () => ({ state: 'loading' as const, lists: [] }) } };
    await expect(runChunk(loading, { data: { batch_id: id, organisation_id: orgId, first_row: 2, last_row: 2 }, signal: new AbortController().signal, progress: async () => undefined })).rejects.toThrow(/not loaded/);
    expect((await batchRow(id))!.state).toBe('queued');
    await runChunks();
    expect((await batchRow(id))!.state).toBe('finished');
  });

  it(`deletes drafts older than a day, and only those`, async () => {
    const old = await seedBatch(filler(2, 'Old draft'), OPTIONS, 'draft');
    const fresh = await seedBatch(filler(2, 'Fresh draft'), OPTIONS, 'draft');
    await t.deps.db.query("UPDATE bulk_batches SET created_at = now() - interval '25 hours' WHERE id = $1", [old.id]);
    expect(await deleteOldDrafts(t.deps)).toBe(1);
    expect(await batchRow(old.id)).toBeUndefined();
    expect(await t.deps.db.query('SELECT 1 FROM bulk_rows WHERE batch_id = $1', [old.id])).toHaveLength(0);
    expect(await batchRow(fresh.id)).toBeDefined();
    // The recurring job does the same and waits for its next run.
    await enqueueDraftCleanup(t.deps.jobs, t.deps.db);
    expect(await t.deps.jobs.runDue([BULK_JOBS.drafts])).toBe(1);
    expect(await t.deps.db.query("SELECT 1 FROM pgboss.job WHERE name = $1 AND state = 'created'", [BULK_JOBS.drafts])).toHaveLength(1);
  });
});
