/**
 * Media Watcher's statecharts (machines/media, machines/custom-sources): the keyword chips (comma and Enter,
 * repeats, modes), the form checked before a credit is spent, the search that runs and goes into the address,
 * "Fetch more" only after its paid-check confirmation (and at the next offset), the credits-expired dialog
 * without a call when no credit is left and after a 402 credits_expired, saving the results as a media case;
 * a media case marked read on opening, its fields and its articles' reviews saved; Media Manage Case's
 * address; the custom source dialog checked with the API's rules and messages; the custom sources table read
 * again while a source is In-Progress. The model-based part replays each chart's own paths from xstate/graph
 * (shortest path to every state, every transition) on a running actor with stand-in calls.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { ArticleView } from '../../common/media';
import type { CustomSourceView } from '../../common/custom-sources';
import { MESSAGES } from '../../common/messages';
import { findMachine } from '../../machines/catalogue';
import { customSourcesMachine } from '../../machines/custom-sources/custom-sources.machine';
import { selectWatching } from '../../machines/custom-sources/custom-sources.selectors';
import { sourceBody, sourceEditorMachine, sourceProblems, NEW_SOURCE, type SaveSourceInput } from '../../machines/custom-sources/source-editor.machine';
import { selectFieldProblem as selectSourceProblem, selectFormError as selectSourceFormError, selectIsSaving as selectSourceSaving } from '../../machines/custom-sources/source-editor.selectors';
import { mediaCaseMachine } from '../../machines/media/media-case.machine';
import { selectDirty, selectReviewing } from '../../machines/media/media-case.selectors';
import { apiQuery, searchFromView, viewFromSearch, withFilters } from '../../machines/media/media-cases-query';
import { isCreditsExpired, mediaSearchMachine, type CreateMediaCaseInput, type FetchMoreInput } from '../../machines/media/media-search.machine';
import * as sel from '../../machines/media/media-search.selectors';
import { chipsFrom, draftFromSearch, draftProblem, EMPTY_DRAFT, markedTerms, queryOf, searchFromQuery } from '../../machines/media/search-query';
import type { MediaCaseDetail, MediaCaseView } from '../../machines/media/views';
import { shortestPaths, stateName, transitionCover, type ReadablePath } from './walk';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) => Object.assign(new Error(message), { status, code, data: { code, ...data } });
const NO_CREDITS = failure(402, MESSAGES.media_credits, 'media_credits', { credits_expired: true });

const article = (id: string, patch: Partial<ArticleView> = {}): ArticleView => ({
  id,
  title: `Article ${id}`,
  url: `https://news.example.com/${id}`,
  source: 'corpus',
  publisher: 'Example News',
  author: null,
  published_at: '2024-01-01T00:00:00Z',
  language: 'en',
  countries: ['US'],
  snippet: [{ text: 'charged with ' }, { text: 'fraud', mark: 'term' }],
  adverse: true,
  categories: ['fraud'],
  keywords: { fraud: ['fraud'] },
  adverse_keywords: ['fraud'],
  sentiment: 'negative',
  sentiment_score: -0.5,
  ...patch,
});

/** A stand-in for each call a chart invokes, answered by the test when it chooses (settle). */
function deferred() {
  const calls: { src: string; input: unknown }[] = [];
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined> = {};
  const call = (src: string) =>
    fromPromise<any, any>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          calls.push({ src, input });
          pending[src] = { resolve, reject };
        }),
    );
  return {
    calls,
    call,
    pending: (src: string) => pending[src] !== undefined,
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

// ---------------------------------------------------------------- The search form

describe('media search: the keyword chips and the address', () => {
  it('makes a chip of each keyword ended by a comma (Latin or Arabic) and keeps the rest in the box', () => {
    expect(chipsFrom([], 'fraud, bribery, brib', false)).toEqual({ keywords: [{ term: 'fraud', mode: 'all' }, { term: 'bribery', mode: 'all' }], text: 'brib', problem: null });
    expect(chipsFrom([], 'احتيال، رشوة', true).keywords.map((k) => k.term)).toEqual(['احتيال', 'رشوة']);
    // Enter ends the last one; spaces collapse.
    expect(chipsFrom([{ term: 'fraud', mode: 'exclude' }], '  money   laundering ', true)).toEqual({ keywords: [{ term: 'fraud', mode: 'exclude' }, { term: 'money laundering', mode: 'all' }], text: '', problem: null });
  });

  it('drops a repeat, keeps a keyword too short in the box with the reason, and holds the limit of 20', () => {
    expect(chipsFrom([{ term: 'Fraud', mode: 'all' }], 'fraud,', false)).toEqual({ keywords: [{ term: 'Fraud', mode: 'all' }], text: '', problem: 'keyword_duplicate' });
    expect(chipsFrom([], 'x', true)).toEqual({ keywords: [], text: 'x', problem: 'media_keyword_length' });
    const twenty = Array.from({ length: 20 }, (_, i) => ({ term: `word${i}`, mode: 'all' as const }));
    expect(chipsFrom(twenty, 'another', true).problem).toBe('media_keywords_max');
  });

  it('checks the form as the API would, before a credit is spent', () => {
    expect(draftProblem(EMPTY_DRAFT)).toBe('media_keywords_required');
    expect(draftProblem({ ...EMPTY_DRAFT, keywords: [{ term: 'sport', mode: 'exclude' }] })).toBe('media_keywords_required');
    const one = { ...EMPTY_DRAFT, keywords: [{ term: 'fraud', mode: 'all' as const }] };
    expect(draftProblem(one)).toBeNull();
    for (const [amount, problem] of [['0', 'media_window_amount'], ['1001', 'media_window_amount'], ['2.5', 'media_window_amount'], ['1', null], ['1000', null], ['', null]] as const) {
      expect(draftProblem({ ...one, windowAmount: amount }), amount).toBe(problem);
    }
    expect(queryOf({ ...one, windowAmount: '30', windowUnit: 'days', languages: ['ru'], countries: ['RU'] })).toEqual({
      keywords: [{ term: 'fraud', mode: 'all' }],
      match: 'broad',
      sort: 'relevance',
      adverse_only: false,
      countries: ['RU'],
      languages: ['ru'],
      window: { amount: 30, unit: 'days' },
    });
  });

  it('writes a search to the address and reads it back; what the address cannot hold is left out', () => {
    const query = queryOf({ ...EMPTY_DRAFT, keywords: [{ term: 'Мордашов', mode: 'all' }, { term: 'sport club', mode: 'exclude' }], match: 'exact', countries: ['RU'], languages: ['ru', 'en'], windowAmount: '2', windowUnit: 'years', sort: 'date', adverse_only: true });
    const address = searchFromQuery(query);
    expect(address).toContain('kw=exclude%3Asport%20club');
    expect(queryOf(draftFromSearch(address))).toEqual({ ...query, languages: ['en', 'ru'] });
    expect(draftFromSearch('?kw=nope:fraud&kw=x&kw=all:bank&country=zz1&lang=xx&within=5000-days&match=fuzzy&sort=random')).toEqual({ ...EMPTY_DRAFT, keywords: [{ term: 'bank', mode: 'all' }] });
    expect(markedTerms(query)).toEqual(['Мордашов']);
  });
});

// ---------------------------------------------------------------- The search statechart

function searchHarness(credits = { alloted: 10, used: 0 }, search = '') {
  const d = deferred();
  const effects: { type: string; params?: unknown }[] = [];
  const actor = createActor(
    mediaSearchMachine.provide({
      actors: { search: d.call('search'), fetchMore: d.call('fetchMore'), createCase: d.call('createCase') },
      actions: {
        remember: (_, params) => effects.push({ type: 'remember', params }),
        notifySaved: (_, params) => effects.push({ type: 'notifySaved', params }),
        openCase: (_, params) => effects.push({ type: 'openCase', params }),
        contactSales: () => effects.push({ type: 'contactSales' }),
      },
    }),
    { input: { search, credits } },
  ).start();
  return { ...d, actor, effects, snap: () => actor.getSnapshot() };
}

const page = (ids: string[], total: number, offset = 0, used = 1) => ({ total, offset, results: ids.map((id) => article(id)), credits: { alloted: 10, used } });

describe('media search: the statechart', () => {
  it('edits the chips: Enter, comma, a mode, removal', () => {
    const h = searchHarness();
    h.actor.send({ type: 'TYPE', text: 'fraud, brib' });
    expect(sel.selectDraft(h.snap()).keywords).toEqual([{ term: 'fraud', mode: 'all' }]);
    expect(sel.selectText(h.snap())).toBe('brib');
    h.actor.send({ type: 'TYPE', text: 'bribery' });
    h.actor.send({ type: 'ADD_KEYWORD' });
    h.actor.send({ type: 'SET_MODE', index: 1, mode: 'any' });
    expect(sel.selectDraft(h.snap()).keywords).toEqual([{ term: 'fraud', mode: 'all' }, { term: 'bribery', mode: 'any' }]);
    h.actor.send({ type: 'REMOVE_KEYWORD', index: 0 });
    expect(sel.selectDraft(h.snap()).keywords).toEqual([{ term: 'bribery', mode: 'any' }]);
    h.actor.send({ type: 'CLEAR' });
    expect(sel.selectDraft(h.snap())).toEqual(EMPTY_DRAFT);
  });

  it('refuses a form the API would refuse without a call, and searches the text left in the box', async () => {
    const h = searchHarness();
    h.actor.send({ type: 'SEARCH' });
    expect(sel.selectProblem(h.snap())).toBe('media_keywords_required');
    h.actor.send({ type: 'TYPE', text: 'sport,' });
    h.actor.send({ type: 'SET_MODE', index: 0, mode: 'exclude' });
    h.actor.send({ type: 'SEARCH' });
    expect(sel.selectProblem(h.snap())).toBe('media_keywords_required');
    expect(h.calls).toEqual([]);
    // "fraud" typed but not made a chip: the search takes it.
    h.actor.send({ type: 'TYPE', text: 'fraud' });
    h.actor.send({ type: 'SEARCH' });
    expect(sel.selectSearching(h.snap())).toBe(true);
    expect(h.calls).toEqual([{ src: 'search', input: { keywords: [{ term: 'sport', mode: 'exclude' }, { term: 'fraud', mode: 'all' }], match: 'broad', sort: 'relevance', adverse_only: false } }]);
    await h.settle('search', { output: page(['a1', 'a2'], 45) });
    expect(sel.selectResults(h.snap()).map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(sel.selectTotal(h.snap())).toBe(45);
    expect(sel.selectCreditsLeft(h.snap())).toBe(9);
    expect(h.effects).toEqual([{ type: 'remember', params: { search: 'kw=exclude%3Asport&kw=all%3Afraud' } }]);
  });

  it('"Fetch more" spends a credit only once confirmed, and asks for the next page', async () => {
    const h = searchHarness();
    h.actor.send({ type: 'TYPE', text: 'fraud' });
    h.actor.send({ type: 'SEARCH' });
    await h.settle('search', { output: page(['a1'], 45) });
    expect(sel.selectCanFetchMore(h.snap())).toBe(true);
    h.actor.send({ type: 'MORE' });
    expect(sel.selectConfirming(h.snap())).toBe(true);
    h.actor.send({ type: 'CANCEL' });
    expect(h.calls.map((c) => c.src)).toEqual(['search']);
    h.actor.send({ type: 'MORE' });
    h.actor.send({ type: 'CONFIRM' });
    expect(sel.selectFetching(h.snap())).toBe(true);
    expect(h.calls.at(-1)).toEqual({ src: 'fetchMore', input: { query: sel.selectQuery(h.snap())!, offset: 20 } satisfies FetchMoreInput });
    // An article already shown is not shown twice.
    await h.settle('fetchMore', { output: page(['a1', 'a3'], 45, 20, 2) });
    expect(sel.selectResults(h.snap()).map((a) => a.id)).toEqual(['a1', 'a3']);
    expect(sel.selectCreditsLeft(h.snap())).toBe(8);
    h.actor.send({ type: 'MORE' });
    h.actor.send({ type: 'CONFIRM' });
    expect(h.calls.at(-1)!.input).toMatchObject({ offset: 40 });
    await h.settle('fetchMore', { output: page(['a4'], 45, 40, 3) });
    // 60 would be past the 45 results: no more to fetch.
    expect(sel.selectCanFetchMore(h.snap())).toBe(false);
    h.actor.send({ type: 'MORE' });
    expect(sel.selectConfirming(h.snap())).toBe(false);
  });

  it('shows the credits dialog instead of calling when no credit is left, and offers contacting sales', () => {
    const h = searchHarness({ alloted: 5, used: 5 }, '?kw=all:fraud');
    expect(sel.selectDraft(h.snap()).keywords).toEqual([{ term: 'fraud', mode: 'all' }]);
    h.actor.send({ type: 'SEARCH' });
    expect(sel.selectHalted(h.snap())).toBe(true);
    expect(h.calls).toEqual([]);
    h.actor.send({ type: 'FOLLOW_UP' });
    expect(sel.selectHalted(h.snap())).toBe(false);
    expect(h.effects).toEqual([{ type: 'contactSales' }]);
  });

  it('shows the credits dialog on a 402 credits_expired, and any other failure beside the results', async () => {
    expect(isCreditsExpired(NO_CREDITS)).toBe(true);
    expect(isCreditsExpired(failure(402, 'Your search limit has been reached.', 'search_limit'))).toBe(false);
    const h = searchHarness();
    h.actor.send({ type: 'TYPE', text: 'fraud' });
    h.actor.send({ type: 'SEARCH' });
    await h.settle('search', { error: failure(null, MESSAGES.offline, 'offline') });
    expect(sel.selectError(h.snap())?.code).toBe('offline');
    expect(sel.selectHalted(h.snap())).toBe(false);
    h.actor.send({ type: 'SEARCH' });
    await h.settle('search', { error: NO_CREDITS });
    expect(sel.selectHalted(h.snap())).toBe(true);
    expect(sel.selectCreditsLeft(h.snap())).toBe(0);
    h.actor.send({ type: 'DISMISS' });
    // Known to be out of credits now: the next search opens the dialog without a call.
    h.actor.send({ type: 'SEARCH' });
    expect(sel.selectHalted(h.snap())).toBe(true);
    expect(h.calls.filter((c) => c.src === 'search')).toHaveLength(2);
  });

  it('saves the results as a media case with a checked name, then tells and opens it', async () => {
    const h = searchHarness();
    h.actor.send({ type: 'SAVE_CASE' });
    expect(sel.selectNaming(h.snap())).toBe(false);
    h.actor.send({ type: 'TYPE', text: 'fraud' });
    h.actor.send({ type: 'SEARCH' });
    await h.settle('search', { output: page(['a1', 'a2'], 2) });
    h.actor.send({ type: 'SAVE_CASE' });
    expect(sel.selectNaming(h.snap())).toBe(true);
    h.actor.send({ type: 'NAME', value: ' x ' });
    h.actor.send({ type: 'SUBMIT' });
    expect(sel.selectCaseProblem(h.snap())).toBe('media_case_name_length');
    expect(h.calls.filter((c) => c.src === 'createCase')).toEqual([]);
    h.actor.send({ type: 'NAME', value: ' Acme review ' });
    h.actor.send({ type: 'SUBMIT' });
    expect(sel.selectSaving(h.snap())).toBe(true);
    expect(h.calls.at(-1)).toEqual({ src: 'createCase', input: { name: 'Acme review', query: sel.selectQuery(h.snap())!, article_ids: ['a1', 'a2'] } satisfies CreateMediaCaseInput });
    await h.settle('createCase', { error: failure(400, MESSAGES.media_case_name_length, 'media_case_name_length') });
    expect(sel.selectCaseError(h.snap())?.code).toBe('media_case_name_length');
    expect(sel.selectNaming(h.snap())).toBe(true);
    h.actor.send({ type: 'SUBMIT' });
    await h.settle('createCase', { output: { reference: 'MW-000007', code: 'media_case_created', message: 'Media case MW-000007 created.', values: { ref: 'MW-000007' } } });
    expect(sel.selectNaming(h.snap())).toBe(false);
    expect(h.effects.slice(-2)).toEqual([
      { type: 'notifySaved', params: { answer: { reference: 'MW-000007', code: 'media_case_created', message: 'Media case MW-000007 created.', values: { ref: 'MW-000007' } } } },
      { type: 'openCase', params: { reference: 'MW-000007' } },
    ]);
  });

  it('says when a search found nothing', async () => {
    const h = searchHarness();
    h.actor.send({ type: 'TYPE', text: 'nothing like this' });
    h.actor.send({ type: 'SEARCH' });
    expect(sel.selectNoResult(h.snap())).toBe(false);
    await h.settle('search', { output: page([], 0) });
    expect(sel.selectNoResult(h.snap())).toBe(true);
    expect(sel.selectCanFetchMore(h.snap())).toBe(false);
  });
});

// ---------------------------------------------------------------- A media case

const MEDIA_CASE: MediaCaseView = {
  reference: 'MW-000001',
  name: 'Acme review',
  query: { keywords: [{ term: 'fraud', mode: 'all' }], match: 'broad' },
  article_count: 2,
  adverse_count: 2,
  categories: ['fraud'],
  case_status: 'For Review',
  risk_level: 'Unknown',
  is_read: false,
  created_by: { id: 'u1', name: 'Ada' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  is_deleted: false,
  deleted_by: null,
  deleted_at: null,
  delete_reason: null,
};
const detailOf = (patch: Partial<MediaCaseView> = {}): MediaCaseDetail => ({
  case: { ...MEDIA_CASE, ...patch },
  articles: [{ ...article('a1'), match_status: 'Potential Match' }, { ...article('a2'), match_status: 'Potential Match' }],
});

function caseHarness() {
  const d = deferred();
  const effects: unknown[] = [];
  const actor = createActor(
    mediaCaseMachine.provide({
      actors: { load: d.call('load'), read: d.call('read'), update: d.call('update') },
      actions: { notifySaved: (_, p) => effects.push(p), notifyFailure: (_, p) => effects.push(p) },
    }),
    { input: { reference: 'MW-000001' } },
  ).start();
  return { ...d, actor, effects, snap: () => actor.getSnapshot() };
}

describe('a media case', () => {
  it('is marked read when an unread case opens, and only then', async () => {
    const h = caseHarness();
    await h.settle('load', { output: detailOf() });
    expect(h.calls.at(-1)).toEqual({ src: 'read', input: { references: ['MW-000001'], is_read: true } });
    await h.settle('read', { output: { updated: 1 } });
    expect(h.snap().context.detail?.case.is_read).toBe(true);
    const again = caseHarness();
    await again.settle('load', { output: detailOf({ is_read: true }) });
    expect(again.calls.map((c) => c.src)).toEqual(['load']);
  });

  it('saves only the fields that changed, with a name the API accepts', async () => {
    const h = caseHarness();
    await h.settle('load', { output: detailOf({ is_read: true }) });
    expect(selectDirty(h.snap())).toBe(false);
    h.actor.send({ type: 'EDIT', patch: { name: 'x' } });
    h.actor.send({ type: 'SAVE' });
    expect(h.snap().context.nameProblem).toBe('media_case_name_length');
    h.actor.send({ type: 'EDIT', patch: { name: 'Acme review', case_status: 'Failed', risk_level: 'High' } });
    h.actor.send({ type: 'SAVE' });
    expect(h.calls.at(-1)).toEqual({ src: 'update', input: { reference: 'MW-000001', case_status: 'Failed', risk_level: 'High' } });
    await h.settle('update', { output: { ...MEDIA_CASE, is_read: true, case_status: 'Failed', risk_level: 'High', code: 'media_case_updated', message: 'Media case MW-000001 updated.' } });
    expect(h.snap().context.detail?.case.case_status).toBe('Failed');
    expect(selectDirty(h.snap())).toBe(false);
    expect(h.effects).toHaveLength(1);
  });

  it('saves an article’s review as it is chosen, one at a time', async () => {
    const h = caseHarness();
    await h.settle('load', { output: detailOf({ is_read: true }) });
    h.actor.send({ type: 'SET_MATCH', id: 'a2', match_status: 'True Positive' });
    expect(selectReviewing(h.snap())).toEqual({ id: 'a2', match_status: 'True Positive' });
    h.actor.send({ type: 'SET_MATCH', id: 'a1', match_status: 'False Positive' });
    expect(h.calls.filter((c) => c.src === 'update')).toEqual([{ src: 'update', input: { reference: 'MW-000001', articles: [{ id: 'a2', match_status: 'True Positive' }] } }]);
    await h.settle('update', { output: { ...MEDIA_CASE } });
    expect(h.snap().context.detail?.articles.map((a) => a.match_status)).toEqual(['Potential Match', 'True Positive']);
  });

  it('is read-only once deleted', async () => {
    const h = caseHarness();
    await h.settle('load', { output: detailOf({ is_read: true, is_deleted: true }) });
    h.actor.send({ type: 'EDIT', patch: { case_status: 'Passed' } });
    h.actor.send({ type: 'SET_MATCH', id: 'a1', match_status: 'True Positive' });
    h.actor.send({ type: 'SAVE' });
    expect(h.calls.map((c) => c.src)).toEqual(['load']);
  });
});

// ---------------------------------------------------------------- Media Manage Case's address

describe('Media Manage Case’s address', () => {
  it('reads and writes the filters, and a preset becomes the API’s range of days in the user’s time zone', () => {
    const view = viewFromSearch('?search=acme&case_status=Failed&risk_level=High&read=unread&category=fraud&date_preset=last_7_days&deleted=true&page=2&page_size=50');
    expect(searchFromView(view)).toBe('search=acme&case_status=Failed&risk_level=High&read=unread&category=fraud&date_preset=last_7_days&deleted=true&page=2&page_size=50');
    expect(viewFromSearch('?case_status=Passed%20Conditionally&risk_level=Whitelist&read=maybe&category=constructor&page_size=7').filters).toMatchObject({ case_status: '', risk_level: '', read: '', category: '' });
    // Another filter starts again at page 1.
    expect(withFilters(view, { read: 'read' }).page).toBe(1);
    const now = new Date('2026-03-10T12:00:00Z');
    expect(apiQuery(view, 0, now)).toEqual({ search: 'acme', case_status: 'Failed', risk_level: 'High', read: 'unread', category: 'fraud', deleted: 'true', date_from: '2026-03-04', date_to: '2026-03-10' });
    // Tokyo (UTC+9, offset -540) at 23:00 UTC is already the 11th.
    expect(apiQuery(viewFromSearch('?date_preset=today'), -540, new Date('2026-03-10T23:00:00Z'))).toEqual({ date_from: '2026-03-11', date_to: '2026-03-11' });
    expect(apiQuery(viewFromSearch('?date_preset=custom&date_from=2026-01-01&date_to=2026-01-31'), 0, now)).toEqual({ date_from: '2026-01-01', date_to: '2026-01-31' });
  });
});

// ---------------------------------------------------------------- Custom sources

const source = (status: CustomSourceView['status'], patch: Partial<CustomSourceView> = {}): CustomSourceView => ({
  id: `s-${status}`,
  publisher_name: 'Example Times',
  url: 'https://news.example.com/feed.xml',
  description: 'Regional business news',
  frequency_minutes: 60,
  status,
  created_by: { id: 'u1', name: 'Ada' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  last_polled_at: null,
  last_success_at: null,
  next_poll_at: null,
  last_error: null,
  failures: 0,
  article_count: 0,
  ...patch,
});

describe('the custom source dialog', () => {
  function editorHarness() {
    const d = deferred();
    const saved: unknown[] = [];
    const actor = createActor(sourceEditorMachine.provide({ actors: { save: d.call('save') }, actions: { saved: (_, p) => saved.push(p) } })).start();
    return { ...d, actor, saved, snap: () => actor.getSnapshot() };
  }

  it('checks the fields with the API’s rules and messages before sending', () => {
    const h = editorHarness();
    h.actor.send({ type: 'OPEN' });
    h.actor.send({ type: 'EDIT', field: 'frequency_minutes', value: '' });
    h.actor.send({ type: 'SUBMIT' });
    expect(h.calls).toEqual([]);
    expect(['publisher_name', 'url', 'description', 'frequency_minutes'].map((f) => selectSourceProblem(h.snap(), f as never))).toEqual(['required', 'required', 'required', 'required']);
    expect(sourceProblems({ ...NEW_SOURCE, publisher_name: '<script>', url: 'javascript:alert(1)', description: 'x', frequency_minutes: '10' })).toEqual({
      publisher_name: 'invalid_publisher_name',
      url: 'invalid_link',
      description: 'custom_source_description_length',
      frequency_minutes: 'custom_source_frequency_range',
    });
    expect(MESSAGES.invalid_publisher_name).toBe('Invalid Publisher Name Format');
    expect(MESSAGES.invalid_link).toBe('Invalid link format');
    expect(sourceProblems({ ...NEW_SOURCE, frequency_minutes: '60m' }).frequency_minutes).toBe('custom_source_frequency_digits');
    expect(sourceProblems({ ...NEW_SOURCE, frequency_minutes: '481' }).frequency_minutes).toBe('custom_source_frequency_range');
    expect(sourceProblems({ ...NEW_SOURCE, url: `https://news.example.com/${'a'.repeat(1000)}` }).url).toBe('custom_source_link_length');
    expect(sourceProblems({ publisher_name: 'Le Monde', url: 'https://www.lemonde.fr/rss/une.xml', description: 'Front page', frequency_minutes: '15' })).toEqual({});
  });

  it('sends trimmed values, and shows a refusal under the field it names', async () => {
    const h = editorHarness();
    h.actor.send({ type: 'OPEN' });
    for (const [field, value] of [['publisher_name', ' Le Monde '], ['url', ' https://www.lemonde.fr/rss/une.xml '], ['description', ' Front page '], ['frequency_minutes', ' 30 ']] as const) h.actor.send({ type: 'EDIT', field, value });
    h.actor.send({ type: 'SUBMIT' });
    expect(selectSourceSaving(h.snap())).toBe(true);
    expect(h.calls).toEqual([{ src: 'save', input: { id: null, publisher_name: 'Le Monde', url: 'https://www.lemonde.fr/rss/une.xml', description: 'Front page', frequency_minutes: 30 } satisfies SaveSourceInput }]);
    await h.settle('save', { error: failure(409, MESSAGES.custom_source_exists, 'custom_source_exists', { field: 'url' }) });
    expect(selectSourceProblem(h.snap(), 'url')).toBe('custom_source_exists');
    expect(selectSourceFormError(h.snap())).toBeNull();
    h.actor.send({ type: 'EDIT', field: 'url', value: 'https://www.lemonde.fr/rss/en_continu.xml' });
    expect(selectSourceProblem(h.snap(), 'url')).toBeNull();
    h.actor.send({ type: 'SUBMIT' });
    await h.settle('save', { output: { ...source('In-Progress'), code: 'custom_source_created', message: 'Custom source Le Monde added.' } });
    expect(h.snap().hasTag('open')).toBe(false);
    expect(h.saved).toEqual([{ answer: { ...source('In-Progress'), code: 'custom_source_created', message: 'Custom source Le Monde added.' }, created: true }]);
  });

  it('edits a source with its values and its id', () => {
    const existing = source('Live', { frequency_minutes: 120 });
    expect(sourceBody({ editing: existing, values: { publisher_name: 'Example Times', url: existing.url, description: existing.description, frequency_minutes: '120' } })).toEqual({
      id: existing.id,
      publisher_name: 'Example Times',
      url: existing.url,
      description: existing.description,
      frequency_minutes: 120,
    });
    const h = editorHarness();
    h.actor.send({ type: 'OPEN', source: existing });
    expect(h.snap().context.values.frequency_minutes).toBe('120');
  });
});

describe('the custom sources table', () => {
  function tableHarness(answers: CustomSourceView[][]) {
    const loads: unknown[] = [];
    const runs: unknown[] = [];
    const effects: unknown[] = [];
    let next = 0;
    const actor = createActor(
      customSourcesMachine.provide({
        delays: { pollEvery: 5 },
        actors: {
          load: fromPromise(async ({ input }) => {
            loads.push(input);
            const data = answers[Math.min(next++, answers.length - 1)];
            return { data, total: data.length };
          }),
          run: fromPromise(async ({ input }) => {
            runs.push(input);
            return { code: 'custom_source_poll_started', message: 'Reading Example Times now.' };
          }),
        },
        actions: { notifyDone: (_, p) => effects.push(p), notifyFailure: (_, p) => effects.push(p) },
      }),
      { input: {} },
    ).start();
    return { actor, loads, runs, effects };
  }

  it('reads the rows again while a source is In-Progress, and stops once it is Live', async () => {
    const h = tableHarness([[source('In-Progress')], [source('In-Progress', { article_count: 3 })], [source('Live', { article_count: 12, last_success_at: '2026-01-01T00:01:00Z' })]]);
    await waitFor(h.actor, (s) => s.context.rows[0]?.status === 'Live', { timeout: 2000 });
    expect(h.actor.getSnapshot().context.rows[0].article_count).toBe(12);
    const reads = h.loads.length;
    expect(reads).toBe(3);
    expect(selectWatching(h.actor.getSnapshot())).toBe(false);
    await new Promise((r) => setTimeout(r, 40));
    // Nothing In-Progress: no more reads.
    expect(h.loads.length).toBe(reads);
    // The quiet reads never dim the table.
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('does not watch a source whose reads fail: it waits for its next try', async () => {
    const h = tableHarness([[source('In-Progress', { last_error: 'http 404', failures: 2, next_poll_at: '2026-01-01T00:10:00Z' })]]);
    await waitFor(h.actor, (s) => s.matches({ list: 'ready' }));
    expect(selectWatching(h.actor.getSnapshot())).toBe(false);
    await new Promise((r) => setTimeout(r, 40));
    expect(h.loads.length).toBe(1);
  });

  it('runs one action at a time, and watches a few reads after "Read now"', async () => {
    const live = source('Live');
    const h = tableHarness([[live]]);
    await waitFor(h.actor, (s) => s.matches({ list: 'ready' }));
    h.actor.send({ type: 'RUN', action: { kind: 'poll', source: live } });
    h.actor.send({ type: 'RUN', action: { kind: 'pause', source: live } });
    await waitFor(h.actor, (s) => s.matches({ actions: 'idle' }));
    expect(h.runs).toEqual([{ kind: 'poll', source: live }]);
    expect(h.effects).toHaveLength(1);
    await waitFor(h.actor, (s) => s.context.watching === 0 && s.matches({ list: 'ready' }), { timeout: 2000 });
    // The reload after the action, then the watched reads.
    expect(h.loads.length).toBeGreaterThanOrEqual(6);
  });
});

// ---------------------------------------------------------------- The charts' paths, replayed

async function replay(path: ReadablePath, input: unknown, build: (h: ReturnType<typeof deferred>, input: unknown) => AnyActorRef, check: (actor: AnyActorRef, h: ReturnType<typeof deferred>, state: string) => void) {
  const h = deferred();
  const actor = build(h, input);
  for (const step of path.steps) {
    if (step.answer) await h.settle(step.answer.src, step.answer.kind === 'done' ? { output: step.payload.output } : { error: step.payload.error });
    else actor.send({ type: step.type, ...step.payload });
    expect(stateName(actor.getSnapshot().value), `${path.start} → ${path.target}`).toBe(step.state);
    check(actor, h, step.state);
  }
}

describe('the charts’ paths (xstate/graph), replayed on a running actor', () => {
  it('media/media-search: every state and every transition; no paid call without a valid form and a credit, no fetch-more unconfirmed', async () => {
    const entry = findMachine('media/media-search');
    const inputs = Object.fromEntries((entry.walk.starts ?? []).map((s) => [s.label, s.input]));
    const build = (h: ReturnType<typeof deferred>, input: unknown) =>
      createActor(mediaSearchMachine.provide({ actors: { search: h.call('search'), fetchMore: h.call('fetchMore'), createCase: h.call('createCase') } }), { input: input as never }).start();
    const check = (actor: AnyActorRef, h: ReturnType<typeof deferred>, state: string) => {
      const s = actor.getSnapshot();
      expect(sel.selectSearching(s), `searching in ${state}`).toBe(state === 'searching');
      expect(sel.selectConfirming(s), `confirming in ${state}`).toBe(state === 'confirmingMore');
      expect(sel.selectHalted(s), `halted in ${state}`).toBe(state === 'noCredits');
      for (const call of h.calls.filter((c) => c.src === 'search')) expect(draftProblem(draftFromSearch(searchFromQuery(call.input as never)))).toBeNull();
      for (const call of h.calls.filter((c) => c.src === 'fetchMore')) expect((call.input as FetchMoreInput).offset % 20).toBe(0);
    };
    const paths = [...shortestPaths(entry), ...transitionCover(entry)];
    expect(new Set(paths.map((p) => p.target))).toEqual(new Set(['ready', 'searching', 'confirmingMore', 'fetchingMore', 'noCredits', 'naming', 'saving']));
    for (const path of paths) await replay(path, inputs[path.start], build, check);
  });

  it('custom-sources/source-editor: every state and every transition; nothing invalid is sent', async () => {
    const entry = findMachine('custom-sources/source-editor');
    const build = (h: ReturnType<typeof deferred>) => createActor(sourceEditorMachine.provide({ actors: { save: h.call('save') } })).start();
    const check = (actor: AnyActorRef, h: ReturnType<typeof deferred>, state: string) => {
      expect(selectSourceSaving(actor.getSnapshot()), `busy in ${state}`).toBe(state === 'saving');
      for (const call of h.calls) {
        const body = call.input as SaveSourceInput;
        expect(sourceProblems({ ...body, frequency_minutes: String(body.frequency_minutes) })).toEqual({});
      }
    };
    for (const path of [...shortestPaths(entry), ...transitionCover(entry)]) await replay(path, undefined, build, check);
  });

  it('media/media-case: every state and every transition; a deleted case is never changed', async () => {
    const entry = findMachine('media/media-case');
    const build = (h: ReturnType<typeof deferred>, input: unknown) => createActor(mediaCaseMachine.provide({ actors: { load: h.call('load'), read: h.call('read'), update: h.call('update') } }), { input: input as never }).start();
    const check = (actor: AnyActorRef, h: ReturnType<typeof deferred>, state: string) => {
      const detail = actor.getSnapshot().context.detail as MediaCaseDetail | null;
      if (detail?.case.is_deleted) expect(h.calls.filter((c) => c.src === 'update' || c.src === 'read').length, `changes in ${state}`).toBe(0);
    };
    const input = entry.walk.starts?.[0].input;
    for (const path of [...shortestPaths(entry), ...transitionCover(entry)]) await replay(path, input, build, check);
  });
});
