/**
 * The search profile dialog's statechart (machines/search-profiles/profile-editor): the sources are
 * read at each opening, an opened profile fills the form with the sources that can still be chosen,
 * unticking a database takes out the public lists that feed none of those left, the API's own rules
 * are checked before sending, the request body, a refusal placed on its field with its values, and
 * the saved event; the address of the list screen.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SearchProfileView, SourceOption } from '../../common/search-profiles';
import { NEW_PROFILE, profileBody, profileEditorMachine, profileProblems, type SaveProfileInput } from '../../machines/search-profiles/profile-editor.machine';
import { selectDropped, selectFieldProblem, selectFormError, selectIsOpen, selectIsSaving, selectLoadFailed, selectValues } from '../../machines/search-profiles/profile-editor.selectors';
import { searchFromView, viewFromSearch } from '../../machines/shared/title-search';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) => Object.assign(new Error(message), { status, code, data: { code, ...data } });

const CUSTOM = '6f0c2a52-3d5e-4b7a-9c11-0d2e3f4a5b6c';
const SOURCES: SourceOption[] = [
  { id: 'un_sc_consolidated', name: 'UN Security Council', kind: 'list', databases: ['sanctions'], entities: 1000 },
  { id: 'us_csl', name: 'US Consolidated Screening List', kind: 'list', databases: ['sanctions', 'warnings_and_regulatory_enforcement'], entities: 5000 },
  { id: 'pep_us_congress', name: 'US Congress', kind: 'list', databases: ['pep'], entities: 600 },
  { id: CUSTOM, name: 'Former clients', kind: 'custom', databases: [], list_type: 'blacklist', entities: 3 },
];
const GONE = '00000000-0000-4000-8000-000000000009';
const PROFILE: SearchProfileView = {
  _id: 'p1',
  title: 'Sanctions watch',
  databases: ['sanctions'],
  sources: ['un_sc_consolidated', GONE],
  source_details: [
    { id: 'un_sc_consolidated', name: 'UN Security Council', kind: 'list', available: true },
    { id: GONE, name: 'Old suppliers', kind: 'custom', list_type: 'blacklist', available: false },
  ],
  countries: ['GB'],
  publisher_search: true,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_by: null,
  updated_at: '2026-01-01T00:00:00Z',
};

function editor(options: { load?: () => Promise<SourceOption[]>; save?: (input: SaveProfileInput) => Promise<unknown> } = {}) {
  const saved: SaveProfileInput[] = [];
  const emitted: { answer: unknown; created: boolean }[] = [];
  const actor = createActor(
    profileEditorMachine.provide({
      actors: {
        loadSources: fromPromise(options.load ?? (async () => SOURCES)),
        save: fromPromise(async ({ input }) => {
          saved.push(input);
          return options.save ? options.save(input) : { code: 'search_profile_created' };
        }),
      },
    }),
  );
  actor.on('saved', (e) => emitted.push({ answer: e.answer, created: e.created }));
  actor.start();
  return { actor, saved, emitted };
}

describe('profile editor', () => {
  it('creates a profile from the defaults: every screened database, all sources', async () => {
    const { actor, saved, emitted } = editor();
    actor.send({ type: 'CREATE' });
    await flush();
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    expect(selectValues(actor.getSnapshot())).toEqual(NEW_PROFILE);
    actor.send({ type: 'EDIT', field: 'title', value: 'Onboarding' });
    actor.send({ type: 'SUBMIT' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    await flush();
    expect(saved).toEqual([{ id: null, body: { title: 'Onboarding', databases: ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'], sources: [], countries: [], publisher_search: false } }]);
    expect(emitted).toEqual([{ answer: { code: 'search_profile_created' }, created: true }]);
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('checks with the API’s rules before sending, and a changed field loses its problem', async () => {
    const { actor, saved } = editor();
    actor.send({ type: 'CREATE' });
    await flush();
    actor.send({ type: 'EDIT', field: 'title', value: 'PEP & co' });
    for (const database of ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'] as const) actor.send({ type: 'TOGGLE_DATABASE', database });
    actor.send({ type: 'EDIT', field: 'source_mode', value: 'chosen' });
    actor.send({ type: 'SUBMIT' });
    const s = actor.getSnapshot();
    expect(saved).toEqual([]);
    expect(selectFieldProblem(s, 'title')).toEqual({ code: 'profile_title_characters' });
    expect(selectFieldProblem(s, 'databases')).toEqual({ code: 'databases_required' });
    expect(selectFieldProblem(s, 'sources')).toEqual({ code: 'profile_sources_required' });
    actor.send({ type: 'EDIT', field: 'title', value: 'PEP and co' });
    expect(selectFieldProblem(actor.getSnapshot(), 'title')).toBeNull();
    expect(selectFieldProblem(actor.getSnapshot(), 'databases')).toEqual({ code: 'databases_required' });
    actor.send({ type: 'TOGGLE_DATABASE', database: 'adverse_media' });
    actor.send({ type: 'SUBMIT' });
    expect(selectFieldProblem(actor.getSnapshot(), 'databases')).toEqual({ code: 'adverse_media_unavailable' });
  });

  it('opens a profile with the sources that can still be chosen, and names those left out', async () => {
    const { actor, saved } = editor();
    actor.send({ type: 'OPEN', profile: PROFILE });
    await flush();
    const s = actor.getSnapshot();
    expect(selectValues(s)).toEqual({ title: 'Sanctions watch', databases: ['sanctions'], source_mode: 'chosen', sources: ['un_sc_consolidated'], countries: ['GB'], publisher_search: true });
    expect(selectDropped(s).map((d) => d.name)).toEqual(['Old suppliers']);
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(saved[0]).toEqual({ id: 'p1', body: { title: 'Sanctions watch', databases: ['sanctions'], sources: ['un_sc_consolidated'], countries: ['GB'], publisher_search: true } });
  });

  it('takes out the public lists that feed none of the databases left, keeps custom lists and lists feeding another', async () => {
    const { actor } = editor();
    actor.send({ type: 'CREATE' });
    await flush();
    for (const id of ['un_sc_consolidated', 'us_csl', 'pep_us_congress', CUSTOM]) actor.send({ type: 'TOGGLE_SOURCE', id });
    expect(selectValues(actor.getSnapshot()).source_mode).toBe('chosen');
    actor.send({ type: 'TOGGLE_DATABASE', database: 'sanctions' });
    expect(selectValues(actor.getSnapshot()).sources).toEqual(['us_csl', 'pep_us_congress', CUSTOM]);
    actor.send({ type: 'TOGGLE_DATABASE', database: 'warnings_and_regulatory_enforcement' });
    expect(selectValues(actor.getSnapshot()).sources).toEqual(['pep_us_congress', CUSTOM]);
    // Ticking a database again keeps the databases in their usual order.
    actor.send({ type: 'TOGGLE_DATABASE', database: 'sanctions' });
    expect(selectValues(actor.getSnapshot()).databases).toEqual(['sanctions', 'pep']);
    // Back to all sources: the body sends none, the ticks are kept for switching back.
    actor.send({ type: 'EDIT', field: 'source_mode', value: 'all' });
    expect(profileBody(selectValues(actor.getSnapshot())).sources).toEqual([]);
    expect(selectValues(actor.getSnapshot()).sources).toEqual(['pep_us_congress', CUSTOM]);
  });

  it('shows a refusal under its field with the values its message names, and another above the buttons', async () => {
    let answer: Error = failure(400, 'This source is not available: x.', 'profile_source_unknown', { field: 'sources', values: { source: 'x' } });
    const { actor, emitted } = editor({ save: async () => Promise.reject(answer) });
    actor.send({ type: 'CREATE' });
    await flush();
    actor.send({ type: 'EDIT', field: 'title', value: 'Watch' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    let s = actor.getSnapshot();
    expect(s.matches({ editing: 'refused' })).toBe(true);
    expect(selectFieldProblem(s, 'sources')).toEqual({ code: 'profile_source_unknown', values: { source: 'x' } });
    expect(selectFormError(s)).toBeNull();
    actor.send({ type: 'TOGGLE_SOURCE', id: CUSTOM });
    expect(selectFieldProblem(actor.getSnapshot(), 'sources')).toBeNull();
    answer = failure(503, 'The screening lists are still loading.', 'lists_loading');
    actor.send({ type: 'SUBMIT' });
    await flush();
    s = actor.getSnapshot();
    expect(selectFormError(s)).toMatchObject({ code: 'lists_loading' });
    expect(emitted).toEqual([]);
    actor.send({ type: 'CLOSE' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('says when the sources cannot be read, and tries again', async () => {
    let fail = true;
    const { actor } = editor({ load: async () => (fail ? Promise.reject(failure(503, 'loading', 'lists_loading')) : SOURCES) });
    actor.send({ type: 'CREATE' });
    await flush();
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    fail = false;
    actor.send({ type: 'RETRY' });
    await flush();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('profileProblems names a public list of a database not chosen', () => {
    expect(profileProblems({ ...NEW_PROFILE, title: 'Ok', databases: ['pep'], source_mode: 'chosen', sources: ['un_sc_consolidated'] }, SOURCES)).toEqual({
      sources: { code: 'profile_source_database', values: { source: 'UN Security Council' } },
    });
  });
});

describe('profiles address', () => {
  it('reads and writes the search and the page, defaults left out', () => {
    expect(viewFromSearch('')).toEqual({ search: '', page: 1 });
    expect(viewFromSearch('?search=pep%20watch&page=3')).toEqual({ search: 'pep watch', page: 3 });
    expect(viewFromSearch('?page=-2&search=')).toEqual({ search: '', page: 1 });
    expect(searchFromView({ search: ' pep watch ', page: 1 })).toBe('search=pep%20watch');
    expect(searchFromView({ search: '', page: 2 })).toBe('page=2');
    expect(searchFromView({ search: '', page: 1 })).toBe('');
  });
});
