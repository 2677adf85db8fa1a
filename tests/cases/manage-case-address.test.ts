/**
 * Manage Case keeps its view in the address: the mapping between the query
 * string and the view (machines/cases/case-list-query.ts), and the statechart
 * that turns the user's changes into addresses and loads what an address
 * names (machines/cases/manage-case.machine.ts). The router is played here by
 * a small history that feeds each address back as LOCATION, as the view does.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import type { CaseView } from '../../common/cases';
import { DEFAULT_VIEW, apiQuery, searchFromView, sortedBy, viewFromSearch, withFilters, type CaseListView } from '../../machines/cases/case-list-query';
import { manageCaseMachine, type Navigation } from '../../machines/cases/manage-case.machine';

describe('the address of a Manage Case view', () => {
  it('writes nothing for the default view and reads an empty address as the default', () => {
    expect(searchFromView(DEFAULT_VIEW)).toBe('');
    expect(viewFromSearch('')).toEqual(DEFAULT_VIEW);
    expect(viewFromSearch('?')).toEqual(DEFAULT_VIEW);
  });

  it('keeps every filter, the sort, the page and the page size, and reads them back', () => {
    const view: CaseListView = {
      filters: {
        search: 'Pelosi & Co',
        case_status: 'For Review',
        date_preset: 'custom',
        date_from: '2026-01-01',
        date_to: '2026-01-31',
        relevance: 'dob_matched',
        deleted: 'true',
        batch: 'October onboarding',
        sort_by: 'risk_level',
        sort_order: 'asc',
      },
      page: 3,
      pageSize: 50,
    };
    const search = searchFromView(view);
    expect(search).toContain('caseStatus=For%20Review');
    expect(search).toContain('search=Pelosi%20%26%20Co');
    expect(viewFromSearch(search)).toEqual(view);
    expect(viewFromSearch(`?${search}`)).toEqual(view);
  });

  it('uses the spec\'s caseStatus for the case status, as the route guard and the dashboard links do', () => {
    expect(viewFromSearch('caseStatus=Failed').filters.case_status).toBe('Failed');
    expect(searchFromView(withFilters(DEFAULT_VIEW, { case_status: 'Passed' }))).toBe('caseStatus=Passed');
  });

  it('reads what an address cannot hold as the default instead of failing', () => {
    const view = viewFromSearch('caseStatus=Passed%20Conditionally&date_preset=someday&relevance=x&sort_by=password&sort_order=up&page=-2&page_size=7&deleted=yes');
    expect(view).toEqual(DEFAULT_VIEW);
    expect(viewFromSearch('page=abc').page).toBe(1);
    // Dates only belong to a custom range.
    expect(viewFromSearch('date_preset=today&date_from=2026-01-01').filters.date_from).toBe('');
    expect(searchFromView(withFilters(DEFAULT_VIEW, { date_preset: 'today', date_from: '2026-01-01' }))).toBe('date_preset=today');
  });

  it('starts a changed filter at page 1, keeps the page for an unchanged one, and sorts descending first', () => {
    const onPage4 = { ...DEFAULT_VIEW, page: 4 };
    expect(withFilters(onPage4, { case_status: 'Failed' }).page).toBe(1);
    expect(withFilters(onPage4, { case_status: '' }).page).toBe(4);
    const byName = sortedBy(onPage4, 'search_term');
    expect(byName.filters).toMatchObject({ sort_by: 'search_term', sort_order: 'desc' });
    expect(byName.page).toBe(1);
    expect(sortedBy(byName, 'search_term').filters.sort_order).toBe('asc');
  });

  it('asks the API for what the view shows', () => {
    const view = viewFromSearch('caseStatus=Failed&search=%20ana%20&page=2');
    expect(apiQuery(view, -60)).toEqual({ tz_offset: -60, sort_by: 'created_at', sort_order: 'desc', date_preset: 'all_time', search: 'ana', case_status: 'Failed' });
    // Bulk Search's "View cases": ?batch=<name> asks the API for that batch's cases by name.
    const batch = viewFromSearch('?batch=October%20onboarding');
    expect(batch.filters.batch).toBe('October onboarding');
    expect(apiQuery(batch, 0)).toMatchObject({ batch_name: 'October onboarding' });
    expect(searchFromView(batch)).toBe('batch=October%20onboarding');
  });
});

/** The statechart with a fake list call and a browser history that answers each navigation with LOCATION. */
function harness(start = '') {
  const loads: CaseListView[] = [];
  const entries = [start];
  let index = 0;
  const navigations: Navigation[] = [];
  let total = 45;
  const clock = new SimulatedClock();
  const machine = manageCaseMachine.provide({
    actors: {
      load: fromPromise<{ data: CaseView[]; total: number }, CaseListView>(async ({ input }) => {
        loads.push(input);
        const rows = Math.max(0, Math.min(input.pageSize, total - (input.page - 1) * input.pageSize));
        return { data: Array.from({ length: rows }, (_, i) => ({ reference: `AML-2026-${i}` }) as CaseView), total };
      }),
    },
    actions: {
      navigate: (_, params: Navigation) => {
        navigations.push(params);
        if (params.replace) entries[index] = params.search;
        else {
          entries.splice(index + 1);
          entries.push(params.search);
          index += 1;
        }
        // The router renders the new address and the view hands it back.
        queueMicrotask(() => actor.send({ type: 'LOCATION', search: entries[index] }));
      },
    },
  });
  const actor = createActor(machine, { input: { search: start }, clock });
  actor.start();
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  };
  return {
    actor,
    loads,
    navigations,
    clock,
    settle,
    entries: () => entries.slice(),
    current: () => entries[index],
    setTotal: (n: number) => (total = n),
    back: async () => {
      index -= 1;
      actor.send({ type: 'LOCATION', search: entries[index] });
      await settle();
    },
  };
}

describe('the Manage Case statechart', () => {
  it('loads the view the address names when it opens', async () => {
    const h = harness('caseStatus=For%20Review&page=2&page_size=10');
    await h.settle();
    expect(h.loads).toHaveLength(1);
    expect(h.loads[0]).toMatchObject({ page: 2, pageSize: 10, filters: { case_status: 'For Review' } });
    expect(h.actor.getSnapshot().context.draft.case_status).toBe('For Review');
    // The view hands the same address over once mounted: nothing is loaded twice.
    h.actor.send({ type: 'LOCATION', search: 'caseStatus=For%20Review&page=2&page_size=10' });
    await h.settle();
    expect(h.loads).toHaveLength(1);
  });

  it('turns each committed change into a new history entry and loads through the address', async () => {
    const h = harness();
    await h.settle();
    h.actor.send({ type: 'EDIT', filters: { case_status: 'Failed' } });
    await h.settle();
    h.actor.send({ type: 'SORT', key: 'risk_level' });
    await h.settle();
    h.actor.send({ type: 'PAGE', page: 2 });
    await h.settle();
    h.actor.send({ type: 'PAGE_SIZE', pageSize: 50 });
    await h.settle();
    expect(h.navigations.every((n) => !n.replace)).toBe(true);
    expect(h.entries()).toEqual(['', 'caseStatus=Failed', 'caseStatus=Failed&sort_by=risk_level', 'caseStatus=Failed&sort_by=risk_level&page=2', 'caseStatus=Failed&sort_by=risk_level&page_size=50']);
    expect(h.loads.map((l) => searchFromView(l))).toEqual(h.entries());
  });

  it('restores the previous view, form included, when the user goes Back', async () => {
    const h = harness();
    await h.settle();
    h.actor.send({ type: 'EDIT', filters: { case_status: 'Passed' } });
    await h.settle();
    h.actor.send({ type: 'EDIT', filters: { relevance: 'alias_matched' } });
    await h.settle();
    expect(h.current()).toBe('caseStatus=Passed&relevance=alias_matched');
    await h.back();
    const { context } = h.actor.getSnapshot();
    expect(context.view.filters).toMatchObject({ case_status: 'Passed', relevance: '' });
    expect(context.draft).toMatchObject({ case_status: 'Passed', relevance: '' });
    expect(searchFromView(h.loads.at(-1)!)).toBe('caseStatus=Passed');
  });

  it('applies typed search text after a pause, adding one history entry for the whole typing', async () => {
    const h = harness('caseStatus=Failed');
    await h.settle();
    for (const text of ['p', 'pe', 'pel']) {
      h.actor.send({ type: 'DRAFT', filters: { search: text } });
      h.clock.increment(100);
    }
    await h.settle();
    expect(h.navigations).toHaveLength(0);
    h.clock.increment(400);
    await h.settle();
    expect(h.current()).toBe('search=pel&caseStatus=Failed');
    h.actor.send({ type: 'DRAFT', filters: { search: 'pelosi' } });
    h.clock.increment(400);
    await h.settle();
    expect(h.navigations.map((n) => n.replace)).toEqual([false, true]);
    expect(h.entries()).toEqual(['caseStatus=Failed', 'search=pelosi&caseStatus=Failed']);
    expect(h.actor.getSnapshot().context.draft.search).toBe('pelosi');
    await h.back();
    expect(h.actor.getSnapshot().context.draft.search).toBe('');
    expect(searchFromView(h.loads.at(-1)!)).toBe('caseStatus=Failed');
  });

  it('checks a custom range before asking for it', async () => {
    const h = harness();
    await h.settle();
    h.actor.send({ type: 'DRAFT', filters: { date_preset: 'custom' } });
    h.actor.send({ type: 'DRAFT', filters: { date_from: '2026-02-30', date_to: '2026-03-01' } });
    h.actor.send({ type: 'APPLY' });
    await h.settle();
    expect(h.navigations).toHaveLength(0);
    expect(h.actor.getSnapshot().context.rangeError).toEqual({ field: 'date_from', rule: 'invalid_day' });
    h.actor.send({ type: 'DRAFT', filters: { date_from: '2026-02-27' } });
    h.actor.send({ type: 'APPLY' });
    await h.settle();
    expect(h.actor.getSnapshot().context.rangeError).toBeNull();
    expect(h.current()).toBe('date_preset=custom&date_from=2026-02-27&date_to=2026-03-01');
  });

  it('steps back to the last page that has rows, replacing the emptied one', async () => {
    const h = harness('page=3');
    await h.settle();
    expect(h.actor.getSnapshot().context.rows).toHaveLength(5);
    h.setTotal(38);
    h.actor.send({ type: 'RELOAD' });
    await h.settle();
    expect(h.navigations).toEqual([{ search: 'page=2', replace: true }]);
    expect(h.actor.getSnapshot().context.view.page).toBe(2);
    expect(h.actor.getSnapshot().context.rows).toHaveLength(18);
  });
});
