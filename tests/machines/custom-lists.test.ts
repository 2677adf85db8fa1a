/**
 * The custom list statecharts (machines/custom-lists): the upload modal (the browser's checks before a
 * byte is sent, upload progress, the file's problems and the error file, a fixed file sent at once, a
 * name already taken, a refused file, a lost connection and Retry, cancelling aborts the upload); the
 * record form (the file's record rules before sending, a refusal on a field, a list deleted meanwhile
 * halts it); the comments panel (the comment rule before sending, the permission, editing one's own,
 * a read-only record). The model-based part replays each chart's own paths from xstate/graph (shortest
 * path to every state, every transition) on a running actor with stand-in calls, and checks the
 * snapshot after each step.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { CUSTOM_LIST_FILE_MAX_BYTES } from '../../common/custom-lists';
import { validateCustomListDescription, validateCustomListName } from '../../common/validation';
import { findMachine } from '../../machines/catalogue';
import { listFileProblem, listFieldProblems, listUploadMachine, uploadRequest } from '../../machines/custom-lists/list-upload.machine';
import { selectAppending, selectBusy, selectEditable, selectError, selectFieldErrors, selectProblems, selectStep, selectStoring, selectUploadPercent } from '../../machines/custom-lists/list-upload.selectors';
import type { ListUploadEvent, UploadRequest } from '../../machines/custom-lists/list-upload.types';
import { recordCommentsMachine } from '../../machines/custom-lists/record-comments.machine';
import { selectCommentBlock, selectComments, selectDraft, selectEditing } from '../../machines/custom-lists/record-comments.selectors';
import type { RecordCommentsEvent } from '../../machines/custom-lists/record-comments.types';
import { EMPTY_RECORD_FORM, recordBody, recordFormMachine, recordFormValues, recordProblems } from '../../machines/custom-lists/record-form.machine';
import { selectFieldError, selectFormError } from '../../machines/custom-lists/record-form.selectors';
import { selectHalted, selectSucceeded } from '../../machines/forms/form.selectors';
import { shortestPaths, startsOf, stateName, transitionCover, type ReadablePath } from './walk';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) => Object.assign(new Error(message), { status, code, data: { code, ...data } });

const CSV = { name: 'records.csv', size: 2_000 };
const LIST = { _id: 'l1', name: 'Fraud ring' };
const STORED = { list: { _id: 'l1', name: 'Fraud ring' }, code: 'list_created', message: 'List Fraud ring created with 3 records.' } as never;

// ---------------------------------------------------------------- The upload modal

function uploadHarness(input: { list?: typeof LIST | null } = {}) {
  const effects: string[] = [];
  const uploads: { request: UploadRequest; stopped: boolean; sendBack: (e: ListUploadEvent) => void }[] = [];
  const machine = listUploadMachine.provide({
    actors: {
      upload: fromCallback<ListUploadEvent, UploadRequest>(({ input: request, sendBack }) => {
        const call = { request, stopped: false, sendBack };
        uploads.push(call);
        return () => void (call.stopped = true);
      }),
    },
    actions: {
      uploaded: (_, { answer, appended }) => effects.push(`uploaded ${answer.list.name}${appended ? ' (appended)' : ''}`),
      close: () => effects.push('close'),
      downloadErrors: (_, { problems, fileName }) => effects.push(`error file ${fileName} (${problems.length})`),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, snap: () => actor.getSnapshot(), send: (e: ListUploadEvent) => actor.send(e), uploads, effects, last: () => uploads.at(-1)! };
}

function fill(h: ReturnType<typeof uploadHarness>) {
  h.send({ type: 'NAME', name: 'Fraud ring' });
  h.send({ type: 'DESCRIPTION', description: 'Chargeback fraud' });
  h.send({ type: 'TYPE', listType: 'blacklist' });
  h.send({ type: 'CHOOSE', file: CSV });
}

describe('the upload modal', () => {
  it('checks the file, the name, the description and the type with the server’s own rules before sending', () => {
    expect(listFileProblem(null)).toBe('list_file_required');
    expect(listFileProblem({ name: 'records.pdf', size: 10 })).toBe('incorrect_file_format');
    expect(listFileProblem({ name: 'RECORDS.XLSX', size: 10 })).toBeNull();
    expect(listFileProblem({ name: 'records.csv', size: CUSTOM_LIST_FILE_MAX_BYTES })).toBeNull();
    expect(listFileProblem({ name: 'records.csv', size: CUSTOM_LIST_FILE_MAX_BYTES + 1 })).toBe('file_too_large');
    for (const name of ['', ' ', 'x', 'x'.repeat(101), 'a<b', 'Fraud ring (2026)']) {
      expect(listFieldProblems({ list: null, name, description: 'Fine text', type: 'blacklist' }).name ?? null).toBe(validateCustomListName(name));
    }
    for (const description of ['', 'd', 'd'.repeat(301), 'a {b}', 'Why: chargebacks!']) {
      expect(listFieldProblems({ list: null, name: 'Fine', description, type: 'blacklist' }).description ?? null).toBe(validateCustomListDescription(description));
    }
    expect(listFieldProblems({ list: null, name: 'Fine', description: 'Fine text', type: '' })).toEqual({ type: 'list_type_required' });
    // Adding records asks for nothing but the file.
    expect(listFieldProblems({ list: LIST, name: '', description: '', type: '' })).toEqual({});

    const h = uploadHarness();
    h.send({ type: 'SUBMIT' });
    expect(selectFieldErrors(h.snap())).toEqual({ name: 'required', description: 'required', type: 'list_type_required', file: 'list_file_required' });
    h.send({ type: 'CHOOSE', file: { name: 'records.pdf', size: 10 } });
    expect(selectFieldErrors(h.snap()).file).toBe('incorrect_file_format');
    expect(h.snap().context.file).toBeNull();
    h.send({ type: 'NAME', name: 'Fraud ring' });
    expect(selectFieldErrors(h.snap()).name).toBeUndefined();
    expect(h.uploads).toHaveLength(0);
  });

  it('sends the fields and the file with progress, and tells the page once stored', async () => {
    const h = uploadHarness();
    fill(h);
    h.send({ type: 'SUBMIT' });
    expect(selectStep(h.snap())).toBe('sending');
    expect(selectBusy(h.snap())).toBe(true);
    expect(h.last().request).toEqual({ name: 'Fraud ring', description: 'Chargeback fraud', type: 'blacklist', file: CSV });
    expect(selectUploadPercent(h.snap())).toBeNull();
    h.last().sendBack({ type: 'UPLOAD_PROGRESS', loaded: 500, total: 2_000 });
    expect(selectUploadPercent(h.snap())).toBe(25);
    h.last().sendBack({ type: 'UPLOADED' });
    expect(selectStoring(h.snap())).toBe(true);
    h.last().sendBack({ type: 'STORED', answer: STORED });
    expect(h.snap().status).toBe('done');
    expect(h.effects).toEqual(['uploaded Fraud ring', 'close']);
  });

  it('adds records to a list with only a file', () => {
    const h = uploadHarness({ list: LIST });
    expect(selectAppending(h.snap())).toBe(true);
    h.send({ type: 'CHOOSE', file: CSV });
    h.send({ type: 'SUBMIT' });
    expect(h.last().request).toEqual({ list_id: 'l1', file: CSV });
    expect(uploadRequest({ list: LIST, name: 'ignored', description: '', type: '', file: CSV })).toEqual({ list_id: 'l1', file: CSV });
    h.last().sendBack({ type: 'STORED', answer: STORED });
    expect(h.effects).toEqual(['uploaded Fraud ring (appended)', 'close']);
  });

  it('lists a file’s problems, saves the error file, and sends a fixed file at once', () => {
    const h = uploadHarness();
    fill(h);
    h.send({ type: 'SUBMIT' });
    const problems = [
      { row: 2, column: 'entity_type', code: 'bulk_entity_type', value: 'planet' },
      { row: 5, column: 'country', code: 'invalid_country', value: 'ZZ' },
    ];
    h.last().sendBack({ type: 'REFUSED', error: failure(400, 'Errors Found in Your File', 'errors_found_in_file', { problems, problem_count: 7 }) });
    expect(selectStep(h.snap())).toBe('invalid');
    expect(selectEditable(h.snap())).toBe(true);
    expect(selectProblems(h.snap())).toEqual({ problems, count: 7 });
    // The problem list is the message: nothing is said twice above the buttons.
    expect(selectError(h.snap())).toBeNull();
    h.send({ type: 'DOWNLOAD_ERRORS' });
    expect(h.effects).toEqual(['error file records.csv (2)']);
    h.send({ type: 'CHOOSE', file: { name: 'records-fixed.csv', size: 2_100 } });
    expect(selectStep(h.snap())).toBe('sending');
    expect(h.last().request.file).toEqual({ name: 'records-fixed.csv', size: 2_100 });
    expect(selectProblems(h.snap()).count).toBe(0);
  });

  it('shows a taken name under the name, a refused file under the file, and other refusals above the buttons', () => {
    const h = uploadHarness();
    fill(h);
    h.send({ type: 'SUBMIT' });
    h.last().sendBack({ type: 'REFUSED', error: failure(409, 'A list with this name already exists.', 'list_name_exists', { field: 'name' }) });
    expect(selectStep(h.snap())).toBe('editing');
    expect(selectFieldErrors(h.snap())).toEqual({ name: 'list_name_exists' });
    expect(selectError(h.snap())).toBeNull();
    expect(h.snap().context.file).toEqual(CSV);
    h.send({ type: 'NAME', name: 'Fraud ring 2' });
    h.send({ type: 'SUBMIT' });
    h.last().sendBack({ type: 'REFUSED', error: failure(400, 'Incorrect file format', 'incorrect_file_format', { field: 'file' }) });
    expect(selectFieldErrors(h.snap()).file).toBe('incorrect_file_format');
    expect(h.snap().context.file).toBeNull();
    h.send({ type: 'CHOOSE', file: CSV });
    h.send({ type: 'SUBMIT' });
    h.last().sendBack({ type: 'REFUSED', error: failure(403, 'Permission Denied', 'permission_denied') });
    expect(selectStep(h.snap())).toBe('editing');
    expect(selectError(h.snap())).toMatchObject({ code: 'permission_denied' });
    expect(h.uploads).toHaveLength(3);
  });

  it('offers Retry after a lost connection, and cancelling aborts an upload on its way', () => {
    const h = uploadHarness();
    fill(h);
    h.send({ type: 'SUBMIT' });
    h.last().sendBack({ type: 'REFUSED', error: failure(null, 'Please check your internet connection.', 'offline') });
    expect(selectStep(h.snap())).toBe('failed');
    h.send({ type: 'RETRY' });
    expect(selectStep(h.snap())).toBe('sending');
    expect(h.uploads).toHaveLength(2);
    h.send({ type: 'CANCEL' });
    expect(h.last().stopped).toBe(true);
    expect(h.snap().status).toBe('done');
    expect(h.effects).toEqual(['close']);
  });
});

// ---------------------------------------------------------------- The record form

function formHarness(record: Parameters<typeof recordFormValues>[0] | null = null) {
  const effects: string[] = [];
  const sent: unknown[] = [];
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const machine = recordFormMachine.provide({
    actors: {
      submit: fromPromise<unknown, Record<string, unknown>>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            sent.push(recordBody(input as never));
            pending = { resolve, reject };
          }),
      ),
    },
    actions: {
      notify: () => effects.push('notify'),
      navigate: () => effects.push('saved'),
      followUp: () => effects.push('gone'),
    },
  });
  const actor = createActor(machine, { input: { values: record ? recordFormValues(record) : EMPTY_RECORD_FORM } }).start();
  return {
    actor,
    snap: () => actor.getSnapshot(),
    sent,
    effects,
    async settle(outcome: { output?: unknown; error?: unknown }) {
      const p = pending!;
      pending = null;
      if (outcome.error !== undefined) p.reject(outcome.error);
      else p.resolve(outcome.output);
      await flush();
    },
  };
}

describe('the record form', () => {
  it('holds a record to the rules of a file row before sending', () => {
    expect(recordProblems({ ...EMPTY_RECORD_FORM, full_name: 'Thaddeus Brannock' })).toEqual({});
    expect(recordProblems({ ...EMPTY_RECORD_FORM, full_name: 'x', date_of_birth: '1985-13', country: 'Z1', aliases: 'Fine Name\n42' })).toEqual({
      full_name: 'search_term_length',
      date_of_birth: 'list_date_invalid',
      country: 'invalid_country',
      aliases: 'search_term_letter',
    });
    expect(recordProblems({ ...EMPTY_RECORD_FORM, full_name: 'Many Names', aliases: Array.from({ length: 21 }, (_, i) => `Other Name ${i}`).join('\n') }).aliases).toBe('list_too_many_aliases');
    expect(recordBody({ ...EMPTY_RECORD_FORM, full_name: ' Ted  ', country: 'gb ', aliases: ' A. B. \n\n C D ' })).toEqual({
      full_name: 'Ted',
      entity_type: 'person',
      date_of_birth: '',
      country: 'GB',
      category: '',
      aliases: ['A. B.', 'C D'],
    });

    const h = formHarness();
    h.actor.send({ type: 'SUBMIT' });
    expect(selectFieldError(h.snap(), 'full_name')).toBe('required');
    h.actor.send({ type: 'EDIT', field: 'entity_type', value: 'planet', check: true });
    expect(h.snap().context.values.entity_type).toBe('person');
    expect(selectFieldError(h.snap(), 'entity_type')).toBe('bulk_entity_type');
    expect(h.sent).toHaveLength(0);
  });

  it('starts from the edited record, saves it, and says a refusal on its field', async () => {
    const record = { _id: 'r1', full_name: 'Thaddeus Brannock', aliases: ['Ted Brannock'], entity_type: 'person', birth_year: 1971, birth_month: 3, birth_day: 9, country: 'IE', category: 'Card fraud' } as never;
    const h = formHarness(record);
    expect(h.snap().context.values).toMatchObject({ full_name: 'Thaddeus Brannock', date_of_birth: '1971-03-09', country: 'IE', aliases: 'Ted Brannock' });
    h.actor.send({ type: 'EDIT', field: 'country', value: 'XK' });
    h.actor.send({ type: 'SUBMIT' });
    expect(h.sent).toEqual([{ full_name: 'Thaddeus Brannock', entity_type: 'person', date_of_birth: '1971-03-09', country: 'XK', category: 'Card fraud', aliases: ['Ted Brannock'] }]);
    await h.settle({ error: failure(400, 'Unknown country code.', 'invalid_country', { field: 'country' }) });
    expect(selectFieldError(h.snap(), 'country')).toBe('invalid_country');
    expect(selectFormError(h.snap(), ['country'])).toBeNull();
    h.actor.send({ type: 'EDIT', field: 'country', value: 'IE' });
    h.actor.send({ type: 'SUBMIT' });
    await h.settle({ output: { record, message: 'Record updated.' } });
    expect(selectSucceeded(h.snap())).toBe(true);
    expect(h.effects).toEqual(['notify', 'saved']);
  });

  it('halts when the list or the record was deleted meanwhile: no edit can fix that', async () => {
    const h = formHarness();
    h.actor.send({ type: 'EDIT', field: 'full_name', value: 'Someone Listed' });
    h.actor.send({ type: 'SUBMIT' });
    await h.settle({ error: failure(409, 'This list has been deleted.', 'list_deleted_locked') });
    expect(selectHalted(h.snap())).toBe(true);
    h.actor.send({ type: 'FOLLOW_UP' });
    expect(h.effects).toEqual(['gone']);
  });
});

// ---------------------------------------------------------------- The comments panel

const COMMENT = (id: string, text: string, user = 'u1') => ({ _id: id, text, user: { _id: user, name: 'Ada' }, edited: false, last_edited_at: null, created_at: '2026-01-01T00:00:00Z', is_deleted: false, deleted_by: null, deleted_at: null });

function commentsHarness(input: { permitted: boolean; writable: boolean } = { permitted: true, writable: true }) {
  const effects: string[] = [];
  const calls: string[] = [];
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined> = {};
  const call = (src: string) =>
    fromPromise<any, any>(
      ({ input: request }) =>
        new Promise((resolve, reject) => {
          calls.push(`${src} ${JSON.stringify(request)}`);
          pending[src] = { resolve, reject };
        }),
    );
  const machine = recordCommentsMachine.provide({
    actors: { load: call('load'), add: call('add'), update: call('update') },
    actions: { notify: (_, { code }) => effects.push(code) },
  });
  const actor = createActor(machine, { input: { recordId: 'r1', ...input } }).start();
  return {
    actor,
    snap: () => actor.getSnapshot(),
    send: (e: RecordCommentsEvent) => actor.send(e),
    calls,
    effects,
    async settle(src: string, outcome: { output?: unknown; error?: unknown }) {
      const p = pending[src];
      if (!p) throw new Error(`no ${src} call is pending`);
      pending[src] = undefined;
      if (outcome.error !== undefined) p.reject(outcome.error);
      else p.resolve(outcome.output);
      await flush();
    },
  };
}

describe('the comments panel', () => {
  it('checks the comment rule before sending, adds, and reads the comments again', async () => {
    const h = commentsHarness();
    await h.settle('load', { output: { data: [COMMENT('c1', 'Checked')] } });
    expect(selectComments(h.snap())).toHaveLength(1);
    for (const [text, rule] of [
      ['', 'required'],
      ['x', 'comment_length_min'],
      ['c'.repeat(1001), 'list_comment_length_max'],
      ['a <b>', 'comment_characters'],
    ]) {
      h.send({ type: 'TYPE', text });
      h.send({ type: 'ADD' });
      expect(selectDraft(h.snap()).error, text.slice(0, 10)).toBe(rule);
    }
    expect(h.calls).toEqual(['load {"entry_id":"r1"}']);
    h.send({ type: 'TYPE', text: '  Confirmed with the account manager ' });
    expect(selectDraft(h.snap()).error).toBeNull();
    h.send({ type: 'ADD' });
    expect(h.calls.at(-1)).toBe('add {"entry_id":"r1","text":"Confirmed with the account manager"}');
    await h.settle('add', { output: { _id: 'c2' } });
    expect(h.effects).toEqual(['comment_added']);
    expect(selectDraft(h.snap()).text).toBe('');
    expect(h.calls.at(-1)).toBe('load {"entry_id":"r1"}');
  });

  it('keeps what was typed when the server refuses, with its message', async () => {
    const h = commentsHarness();
    await h.settle('load', { output: { data: [] } });
    h.send({ type: 'TYPE', text: 'A remark' });
    h.send({ type: 'ADD' });
    await h.settle('add', { error: failure(409, 'This record has been deleted.', 'list_record_deleted_locked') });
    expect(selectDraft(h.snap())).toEqual({ text: 'A remark', error: null });
    expect(h.snap().context.error).toMatchObject({ code: 'list_record_deleted_locked' });
  });

  it('is disabled without the permission (the specification’s tooltip) and on a deleted record', async () => {
    const h = commentsHarness({ permitted: false, writable: true });
    await h.settle('load', { output: { data: [COMMENT('c1', 'Checked')] } });
    expect(selectCommentBlock(h.snap())).toBe('list_comment_permission');
    h.send({ type: 'TYPE', text: 'Not allowed to say this' });
    h.send({ type: 'ADD' });
    expect(h.calls).toHaveLength(1);
    h.send({ type: 'SYNC', permitted: true, writable: false });
    expect(selectCommentBlock(h.snap())).toBe('read_only');
    h.send({ type: 'EDIT', id: 'c1' });
    expect(selectEditing(h.snap())).toBeNull();
  });

  it('edits a comment in place with the rule, and saves it', async () => {
    const h = commentsHarness();
    await h.settle('load', { output: { data: [COMMENT('c1', 'Checked')] } });
    h.send({ type: 'EDIT', id: 'c1' });
    expect(selectEditing(h.snap())).toEqual({ id: 'c1', text: 'Checked', error: null });
    h.send({ type: 'EDIT_TEXT', text: '(x)' });
    h.send({ type: 'EDIT_SAVE' });
    expect(selectEditing(h.snap())?.error).toBe('comment_characters');
    h.send({ type: 'EDIT_TEXT', text: 'Checked again on Monday' });
    h.send({ type: 'EDIT_SAVE' });
    expect(h.calls.at(-1)).toBe('update {"id":"c1","text":"Checked again on Monday"}');
    await h.settle('update', { error: failure(403, 'You can only change your own comments.', 'comment_not_own') });
    expect(selectEditing(h.snap())).toMatchObject({ text: 'Checked again on Monday' });
    expect(h.snap().context.error).toMatchObject({ code: 'comment_not_own' });
    h.send({ type: 'EDIT_SAVE' });
    await h.settle('update', { output: { _id: 'c1' } });
    expect(selectEditing(h.snap())).toBeNull();
    expect(h.effects).toEqual(['comment_updated']);
  });
});

// ---------------------------------------------------------------- The charts' own paths, replayed

describe('the charts’ paths (xstate/graph), replayed on a running actor', () => {
  it('list-upload: every state and every transition', async () => {
    const entry = findMachine('custom-lists/list-upload');
    const check = (h: ReturnType<typeof uploadHarness>, state: string) => {
      const s = h.snap();
      expect(stateName(s.value)).toBe(state);
      const top = state.split('.')[0];
      expect(selectBusy(s), `busy in ${state}`).toBe(top === 'sending');
      expect(selectEditable(s), `editable in ${state}`).toBe(top === 'editing' || top === 'invalid');
      expect(Boolean((s.children as Record<string, AnyActorRef | undefined>).upload), `upload call in ${state}`).toBe(top === 'sending');
      if (top === 'invalid') expect(selectProblems(s).count).toBeGreaterThan(0);
      if (top === 'done' || top === 'cancelled') expect(h.effects.filter((e) => e === 'close')).toHaveLength(1);
      expect(h.effects.filter((e) => e.startsWith('uploaded')).length).toBe(top === 'done' ? 1 : 0);
    };
    const replay = (path: ReadablePath) => {
      const start = startsOf(entry).find((s) => s.label === path.start)!;
      const h = uploadHarness(start.input as { list?: typeof LIST });
      check(h, 'editing');
      for (const step of path.steps) {
        h.send({ type: step.type, ...step.payload } as ListUploadEvent);
        check(h, step.state);
      }
    };
    const shortest = shortestPaths(entry);
    expect(new Set(shortest.map((p) => p.target))).toEqual(new Set(['editing', 'sending.transferring', 'sending.storing', 'invalid', 'failed', 'done', 'cancelled']));
    for (const path of shortest) replay(path);
    const cover = transitionCover(entry);
    expect(cover.length).toBeGreaterThan(15);
    for (const path of cover) replay(path);
  });

  it('record-comments: every state and every transition', async () => {
    const entry = findMachine('custom-lists/record-comments');
    const replay = async (path: ReadablePath) => {
      const start = startsOf(entry).find((s) => s.label === path.start)!;
      const h = commentsHarness(start.input as { permitted: boolean; writable: boolean });
      for (const step of path.steps) {
        if (step.answer) await h.settle(step.answer.src, step.answer.kind === 'done' ? { output: step.payload.output } : { error: step.payload.error });
        else h.send({ type: step.type, ...step.payload } as RecordCommentsEvent);
        expect(stateName(h.snap().value)).toBe(step.state);
        // Nothing is ever sent that the rule or the permission refuses.
        for (const call of h.calls.filter((c) => c.startsWith('add '))) expect(JSON.parse(call.slice(4)).text.length).toBeGreaterThan(1);
        if (!start.input || !(start.input as { permitted: boolean }).permitted) expect(h.calls.some((c) => c.startsWith('add '))).toBe(false);
      }
    };
    for (const path of shortestPaths(entry)) await replay(path);
    const cover = transitionCover(entry);
    expect(cover.length).toBeGreaterThan(10);
    for (const path of cover) await replay(path);
  });
});
