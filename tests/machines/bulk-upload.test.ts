/**
 * The bulk-upload statechart (machines/bulk-upload): the browser's own checks
 * before a byte is sent, reading with upload progress, the problem list,
 * starting the batch, following it to the end or to a pause for credits, and
 * cancelling. The model-based part replays the chart's own paths from
 * xstate/graph (every transition, and every simple path from choosing to done)
 * on a running actor with stand-in calls, and checks the snapshot after each step.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { BULK_FILE_MAX_BYTES, type BatchProgress, type BulkFileProblem } from '../../common/bulk';
import { validateBatchName } from '../../common/validation';
import { findMachine } from '../../machines/catalogue';
import { DEFAULT_BULK_OPTIONS, bulkUploadMachine, fileProblem, optionProblems, startBody } from '../../machines/bulk-upload/bulk-upload.machine';
import {
  progressFigures,
  selectBusy,
  selectCanRetry,
  selectChecking,
  selectCreditsDialog,
  selectEditable,
  selectFieldErrors,
  selectProblems,
  selectProgress,
  selectRows,
  selectRunning,
  selectStep,
  selectUploadPercent,
} from '../../machines/bulk-upload/bulk-upload.selectors';
import type { BulkUploadEvent, ReadingInput } from '../../machines/bulk-upload/bulk-upload.types';
import { shortestPaths, simplePaths, stateName, transitionCover, type ReadablePath } from './walk';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) => Object.assign(new Error(message), { status, code, data: { code, ...data } });

const CSV = { name: 'people.csv', size: 2_000 };
const progress = (phase: BatchProgress['phase'], success: number, failed = 0): BatchProgress => ({
  id: 'b1',
  status: phase === 'finished' ? 'Success' : phase === 'deleted' ? 'Deleted' : 'Pending',
  phase,
  paused_reason: phase === 'paused' ? 'credits' : null,
  total_count: 4,
  success_count: success,
  failed_count: failed,
  rows_per_second: phase === 'running' ? 2 : null,
  seconds_left: null,
});
const BATCH = { ...progress('queued', 0), name: 'October onboarding' };

/** The modal's chart with stand-in calls that record what they were asked and whether they were stopped. */
function harness() {
  const effects: string[] = [];
  const reads: { file: unknown; stopped: boolean; sendBack: (e: BulkUploadEvent) => void }[] = [];
  const follows: { id: string; stopped: boolean }[] = [];
  const starts: unknown[] = [];
  let pendingStart: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const machine = bulkUploadMachine.provide({
    actors: {
      read: fromCallback<BulkUploadEvent, ReadingInput>(({ input, sendBack }) => {
        const call = { file: input.file, stopped: false, sendBack };
        reads.push(call);
        return () => void (call.stopped = true);
      }),
      start: fromPromise<any, any>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            starts.push(input);
            pendingStart = { resolve, reject };
          }),
      ),
      follow: fromCallback<BulkUploadEvent, { id: string }>(({ input }) => {
        const call = { id: input.id, stopped: false };
        follows.push(call);
        return () => void (call.stopped = true);
      }),
    },
    actions: {
      started: (_, { batch, message }) => effects.push(`started ${batch.name}: ${message}`),
      close: () => effects.push('close'),
      contactSales: () => effects.push('contact sales'),
      viewCases: (_, { name }) => effects.push(`view cases ${name}`),
      downloadErrors: (_, { problems, fileName }) => effects.push(`error file ${fileName} (${problems.length})`),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  const snap = () => actor.getSnapshot();
  return {
    actor,
    snap,
    effects,
    reads,
    follows,
    starts,
    send: (e: BulkUploadEvent) => actor.send(e),
    async settleStart(outcome: { output?: unknown; error?: unknown }) {
      const pending = pendingStart;
      if (!pending) throw new Error('no start call is pending');
      pendingStart = null;
      if (outcome.error !== undefined) pending.reject(outcome.error);
      else pending.resolve(outcome.output);
      await flush();
    },
    /** Chooses a clean file, names the batch and asks for the check. */
    choose(name = 'October onboarding') {
      actor.send({ type: 'NAME', name });
      actor.send({ type: 'CHOOSE', file: CSV });
      actor.send({ type: 'SUBMIT' });
    },
  };
}

describe('what the browser checks before sending', () => {
  it('refuses no file, another extension and an oversized file with the product’s messages', () => {
    expect(fileProblem(null)).toBe('bulk_file_required');
    expect(fileProblem({ name: 'people.pdf', size: 10 })).toBe('incorrect_file_format');
    expect(fileProblem({ name: 'PEOPLE.XLSX', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'people.txt', size: BULK_FILE_MAX_BYTES })).toBeNull();
    expect(fileProblem({ name: 'people.csv', size: BULK_FILE_MAX_BYTES + 1 })).toBe('file_too_large');
  });

  it('checks the batch name with the server’s own rule, and where to search', () => {
    for (const name of ['', ' x', 'a', 'x'.repeat(101), 'a<b', 'ok name']) expect(optionProblems(name, DEFAULT_BULK_OPTIONS).name ?? null).toBe(validateBatchName(name));
    expect(optionProblems('Batch', { ...DEFAULT_BULK_OPTIONS, databases: [] })).toEqual({ databases: 'databases_required' });
    expect(optionProblems('Batch', { ...DEFAULT_BULK_OPTIONS, search_type: 'profile' })).toEqual({ search_profile_id: 'profile_required' });
    expect(optionProblems('Batch', { ...DEFAULT_BULK_OPTIONS, match_score: '300' })).toEqual({ match_score: 'match_score_range' });
  });

  it('keeps a refused file out, says why on the file, and sends nothing until the form is right', () => {
    const h = harness();
    h.send({ type: 'CHOOSE', file: { name: 'people.pdf', size: 10 } });
    expect(selectFieldErrors(h.snap()).file).toBe('incorrect_file_format');
    h.send({ type: 'SUBMIT' });
    expect(selectStep(h.snap())).toBe('choosing');
    expect(selectFieldErrors(h.snap())).toEqual({ file: 'bulk_file_required', name: 'batch_name_required' });
    h.send({ type: 'CHOOSE', file: CSV });
    h.send({ type: 'NAME', name: 'October onboarding' });
    expect(selectFieldErrors(h.snap())).toEqual({});
    expect(h.reads).toHaveLength(0);
    h.send({ type: 'SUBMIT' });
    expect(selectStep(h.snap())).toBe('reading');
    expect(h.reads.map((r) => r.file)).toEqual([CSV]);
  });
});

describe('reading the file', () => {
  it('shows the bytes sent, then the server’s check, then the rows ready and the credits they use', () => {
    const h = harness();
    h.choose();
    expect(selectBusy(h.snap())).toBe(true);
    expect(selectUploadPercent(h.snap())).toBeNull();
    h.send({ type: 'UPLOAD_PROGRESS', loaded: 500, total: 2_000 });
    expect(selectUploadPercent(h.snap())).toBe(25);
    h.send({ type: 'UPLOADED' });
    expect(selectChecking(h.snap())).toBe(true);
    h.send({ type: 'CHECKED', upload: { upload_id: 'u1', file_name: 'people.csv', rows: 4, entity_limit: 10_000 } });
    expect(selectStep(h.snap())).toBe('ready');
    expect(selectRows(h.snap())).toBe(4);
    expect(h.reads[0].stopped).toBe(true);
  });

  it('lists every problem of a bad file, builds the error file on demand, and checks a fixed file at once', () => {
    const h = harness();
    h.choose();
    const problems: BulkFileProblem[] = [
      { row: 2, column: 'entity_type', code: 'bulk_entity_type', value: '' },
      { row: 3, column: 'birth_year', code: 'year_min', value: '1800' },
    ];
    h.reads[0].sendBack({ type: 'REFUSED', error: failure(400, 'Errors Found in Your File', 'errors_found_in_file', { problems, problem_count: 2 }) });
    expect(selectStep(h.snap())).toBe('invalid');
    expect(selectProblems(h.snap())).toEqual({ problems, count: 2 });
    h.send({ type: 'DOWNLOAD_ERRORS' });
    expect(h.effects).toEqual(['error file people.csv (2)']);
    h.send({ type: 'CHOOSE', file: { name: 'people-fixed.csv', size: 2_100 } });
    expect(selectStep(h.snap())).toBe('reading');
    expect(selectProblems(h.snap()).count).toBe(0);
    expect(h.reads).toHaveLength(2);
  });

  it('puts a refusal of the whole file on the file (the limit with its value) and offers a retry only when trying again can help', () => {
    const h = harness();
    h.choose();
    h.send({ type: 'REFUSED', error: failure(400, 'A batch may hold at most 10000 entities.', 'bulk_limit', { limit: 10_000 }) });
    expect(selectStep(h.snap())).toBe('choosing');
    expect(h.snap().context.error).toMatchObject({ code: 'bulk_limit', values: { limit: 10_000 } });
    expect(h.snap().context.file).toBeNull();

    h.send({ type: 'CHOOSE', file: CSV });
    h.send({ type: 'SUBMIT' });
    h.send({ type: 'REFUSED', error: failure(null, 'Please check your internet connection.', 'offline') });
    expect(selectStep(h.snap())).toBe('failed');
    expect(selectCanRetry(h.snap())).toBe(true);
    h.send({ type: 'RETRY' });
    expect(selectStep(h.snap())).toBe('reading');
    expect(h.reads).toHaveLength(3);
  });

  it('cancelling while the file is sent stops the call (the request is aborted) and closes the modal', () => {
    const h = harness();
    h.choose();
    h.send({ type: 'CANCEL' });
    expect(h.reads[0].stopped).toBe(true);
    expect(selectStep(h.snap())).toBe('cancelled');
    expect(h.snap().status).toBe('done');
    expect(h.effects).toEqual(['close']);
  });
});

describe('starting and following the batch', () => {
  async function readyHarness() {
    const h = harness();
    h.choose();
    h.send({ type: 'OPTIONS', options: { match_score: '85', exact_match: true } });
    h.send({ type: 'CHECKED', upload: { upload_id: 'u1', file_name: 'people.csv', rows: 4, entity_limit: 10_000 } });
    return h;
  }

  it('sends the checked upload with the options, tells the start once, and follows the progress to the end', async () => {
    const h = await readyHarness();
    h.send({ type: 'START' });
    expect(h.starts).toEqual([startBody(h.snap().context)]);
    expect(h.starts[0]).toMatchObject({ upload_id: 'u1', name: 'October onboarding', match_score: 85, exact_match: true, search_type: 'manual', search_profile_id: null });
    await h.settleStart({ output: { batch: BATCH, message: 'Batch October onboarding started: 4 entities to screen.' } });
    expect(selectStep(h.snap())).toBe('processing');
    expect(h.follows).toEqual([{ id: 'b1', stopped: false }]);
    h.send({ type: 'PROGRESS', progress: progress('running', 2, 1) });
    expect(selectProgress(h.snap())).toMatchObject({ done: 3, total: 4, percent: 75, rowsPerSecond: 2, secondsLeft: 1 });
    // The name belongs to the batch now.
    h.send({ type: 'NAME', name: 'Other' });
    expect(h.snap().context.name).toBe('October onboarding');
    h.send({ type: 'PROGRESS', progress: progress('finished', 3, 1) });
    expect(selectStep(h.snap())).toBe('done');
    expect(h.follows[0].stopped).toBe(true);
    h.send({ type: 'VIEW_CASES' });
    expect(h.effects).toEqual(['started October onboarding: Batch October onboarding started: 4 entities to screen.', 'view cases October onboarding']);
  });

  it('waits for credits with the credits-expired dialog, and runs again by itself', async () => {
    const h = await readyHarness();
    h.send({ type: 'START' });
    await h.settleStart({ output: { batch: BATCH } });
    h.send({ type: 'PROGRESS', progress: progress('paused', 2) });
    expect(selectStep(h.snap())).toBe('pausedForCredits');
    expect(selectCreditsDialog(h.snap())).toBe(true);
    expect(selectProgress(h.snap())?.paused).toBe('credits');
    h.send({ type: 'FOLLOW_UP' });
    expect(h.effects.at(-1)).toBe('contact sales');
    expect(selectCreditsDialog(h.snap())).toBe(false);
    h.send({ type: 'PROGRESS', progress: progress('running', 3) });
    expect(selectStep(h.snap())).toBe('processing');
    expect(selectRunning(h.snap())).toBe(true);
  });

  it('shows a taken name under the name and keeps the checked file; no credit at all shows the dialog', async () => {
    const h = await readyHarness();
    h.send({ type: 'START' });
    await h.settleStart({ error: failure(409, 'A batch with this name already exists.', 'batch_name_exists', { field: 'name' }) });
    expect(selectStep(h.snap())).toBe('ready');
    expect(selectFieldErrors(h.snap())).toEqual({ name: 'batch_name_exists' });
    expect(selectRows(h.snap())).toBe(4);
    h.send({ type: 'NAME', name: 'October onboarding 2' });
    h.send({ type: 'START' });
    await h.settleStart({ error: failure(402, 'Your search limit has been reached.', 'search_limit', { credits_expired: true }) });
    expect(selectCreditsDialog(h.snap())).toBe(true);
    expect(selectEditable(h.snap())).toBe(true);
    h.send({ type: 'DISMISS' });
    expect(h.snap().value).toEqual({ ready: 'idle' });
    expect(h.starts).toHaveLength(2);
  });

  it('offers Retry after a lost connection, not after a refusal that would only be given again', async () => {
    const h = await readyHarness();
    h.send({ type: 'START' });
    await h.settleStart({ error: failure(null, 'Please check your internet connection.', 'offline') });
    expect(selectStep(h.snap())).toBe('failed');
    expect(selectCanRetry(h.snap())).toBe(true);
    h.send({ type: 'RETRY' });
    expect(selectStep(h.snap())).toBe('uploading');
    await h.settleStart({ error: failure(403, 'You do not have permission to create a case.', 'no_create_case_permission') });
    expect(selectStep(h.snap())).toBe('failed');
    expect(selectCanRetry(h.snap())).toBe(false);
    h.send({ type: 'RETRY' });
    expect(selectStep(h.snap())).toBe('failed');
    expect(h.starts).toHaveLength(2);
  });

  it('refuses to start with a broken name without a request', async () => {
    const h = await readyHarness();
    h.send({ type: 'NAME', name: ' padded' });
    h.send({ type: 'START' });
    expect(selectStep(h.snap())).toBe('ready');
    expect(selectFieldErrors(h.snap())).toEqual({ name: 'batch_name_characters' });
    expect(h.starts).toHaveLength(0);
  });

  it('progress figures fall back to the rate when the server gives no time left', () => {
    expect(progressFigures({ ...progress('running', 1), rows_per_second: 0.5 })).toMatchObject({ percent: 25, secondsLeft: 6 });
    expect(progressFigures({ ...progress('queued', 0), total_count: 0 })).toMatchObject({ percent: 0, secondsLeft: null });
  });
});

// ---------------------------------------------------------------- The chart's own paths, replayed

/** What must hold on screen in each state, whatever path led there. */
function checkSnapshot(h: ReturnType<typeof harness>, state: string) {
  const s = h.snap();
  expect(stateName(s.value)).toBe(state);
  const top = state.split('.')[0];
  expect(selectBusy(s), `busy in ${state}`).toBe(top === 'reading' || top === 'uploading');
  expect(selectEditable(s), `editable in ${state}`).toBe(['choosing', 'invalid', 'ready'].includes(top));
  expect(selectRunning(s), `running in ${state}`).toBe(top === 'processing' || top === 'pausedForCredits');
  const children = s.children as Record<string, AnyActorRef | undefined>;
  expect(Boolean(children.read), `reading call in ${state}`).toBe(top === 'reading');
  expect(Boolean(children.follow), `follower in ${state}`).toBe(top === 'processing' || top === 'pausedForCredits');
  if (top === 'invalid') expect(selectProblems(s).count).toBeGreaterThan(0);
  if (top === 'ready') expect(selectRows(s)).toBeGreaterThan(0);
  if (top === 'done') expect(s.context.batch?.phase).toBe('finished');
  if (top === 'pausedForCredits') expect(s.context.batch?.phase).toBe('paused');
  if (top === 'cancelled') {
    expect(s.status).toBe('done');
    expect(h.effects.filter((e) => e === 'close')).toHaveLength(1);
  }
  // A started batch was told once, and only once it exists.
  expect(h.effects.filter((e) => e.startsWith('started ')).length).toBe(s.context.batch ? 1 : 0);
}

async function replay(path: ReadablePath) {
  const h = harness();
  checkSnapshot(h, 'choosing');
  for (const step of path.steps) {
    if (step.answer) await h.settleStart(step.answer.kind === 'done' ? { output: step.payload.output } : { error: step.payload.error });
    else h.send({ type: step.type, ...step.payload } as BulkUploadEvent);
    checkSnapshot(h, step.state);
  }
  return h;
}

describe('the chart’s paths (xstate/graph), replayed on a running actor', () => {
  const entry = findMachine('bulk-upload');

  it('reaches every state by its shortest path', async () => {
    const paths = shortestPaths(entry);
    expect(paths.map((p) => p.target).sort()).toEqual(
      ['cancelled', 'choosing', 'done', 'failed', 'invalid', 'pausedForCredits.told', 'pausedForCredits.waiting', 'processing', 'reading.checking', 'reading.sending', 'ready.idle', 'ready.outOfCredits', 'uploading'].sort(),
    );
    for (const path of paths) await replay(path);
  });

  it('takes every transition, each guard’s branches included', async () => {
    const paths = transitionCover(entry);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) await replay(path);
  });

  it('every simple path from choosing a file to the batch’s end starts it exactly once', async () => {
    // The full sample set has too many simple paths to list (every edit is a new snapshot): the happy path's
    // events, a bad file, a lost connection and a pause for credits are enough to branch at every step.
    const keep = new Set(['NAME', 'CHOOSE', 'SUBMIT', 'CHECKED', 'REFUSED', 'RETRY', 'START', 'PROGRESS', 'DISMISS']);
    const narrow = {
      ...entry,
      walk: {
        ...entry.walk,
        events: entry.walk.events.filter((e) => keep.has(e.type) && !(e.type === 'NAME' && !(e as unknown as { name: string }).name) && !(e.type === 'REFUSED' && (e as unknown as { error: { code?: string } }).error.code === 'incorrect_file_format')),
        actors: { start: { done: entry.walk.actors!.start.done, error: { 'offline': entry.walk.actors!.start.error!.offline } } },
      },
    };
    const { lead, paths } = simplePaths(narrow, 'choosing', 'done', 30);
    expect(lead).not.toBeNull();
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      const h = await replay(path);
      expect(h.starts).toHaveLength(path.steps.filter((s) => s.answer?.src === 'start').length);
      expect(h.effects.filter((e) => e.startsWith('started '))).toHaveLength(1);
    }
  });
});
