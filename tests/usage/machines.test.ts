/**
 * The usage statecharts with their calls supplied by the test: the period in the address (a preset at once, a
 * custom range checked first), what is loaded when, a failure placed on its field, the download's and the
 * link's failures told, and a report link's page (ready, saved, refused).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emptyFigures, type UsagePeriodQuery, type UsageStatistics } from '../../common/usage';
import { periodFromSearch, searchFromPeriod } from '../../machines/usage/address';
import { reportLinkMachine } from '../../machines/usage/report-link.machine';
import { selectLinkDead } from '../../machines/usage/report-link.selectors';
import { usageStatisticsMachine } from '../../machines/usage/usage-statistics.machine';
import { selectEmpty } from '../../machines/usage/usage-statistics.selectors';

const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) => Object.assign(new Error(message), { status, code, data: { code, ...data } });

const statistics = (first: string, last: string, searches = 2): UsageStatistics => ({
  period: { date_preset: 'custom', first_day: first, last_day: last },
  totals: { ...emptyFigures(), searches },
  days: [],
  users: [],
  outcomes: { case_status: [], alert_level: [] },
});

function harness(search = '', options: { load?: (q: UsagePeriodQuery) => Promise<UsageStatistics>; download?: () => Promise<unknown>; share?: () => Promise<any> } = {}) {
  const loads: UsagePeriodQuery[] = [];
  const navigations: string[] = [];
  const notices: { message: string; code: string | null }[] = [];
  const machine = usageStatisticsMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        loads.push(input);
        return (options.load ?? (async () => statistics('2026-04-01', '2026-04-30')))(input);
      }),
      download: fromPromise(async () => (options.download ?? (async () => ({})))()),
      share: fromPromise(async () => (options.share ?? (async () => ({ url: 'http://app.test/usage-report-pdf?token=t', expires_at: '2026-06-01T00:00:00Z', period: statistics('2026-04-01', '2026-04-30').period })))()),
    },
    actions: {
      navigate: (_, { search: next }) => void navigations.push(next),
      notifyFailed: (_, notice) => void notices.push(notice),
    },
  });
  const actor = createActor(machine, { input: { search } }).start();
  return { actor, loads, navigations, notices };
}

const settled = (actor: ReturnType<typeof harness>['actor']) => waitFor(actor, (s) => !s.hasTag('busy') && !s.hasTag('downloading') && !s.hasTag('sharing'));

describe('the usage statistics statechart', () => {
  it('loads the period the address names, and a preset chosen goes through the address', async () => {
    const { actor, loads, navigations } = harness('preset=last_month');
    await settled(actor);
    expect(loads).toEqual([{ date_preset: 'last_month' }]);
    actor.send({ type: 'PRESET', preset: 'this_month' });
    // Nothing loads until the address says so.
    expect(navigations).toEqual(['preset=this_month']);
    expect(loads).toHaveLength(1);
    actor.send({ type: 'LOCATION', search: 'preset=this_month' });
    await settled(actor);
    expect(loads).toEqual([{ date_preset: 'last_month' }, { date_preset: 'this_month' }]);
    // The same address again (a re-render) loads nothing.
    actor.send({ type: 'LOCATION', search: 'preset=this_month' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(loads).toHaveLength(2);
    // The default preset is written as no parameter at all.
    actor.send({ type: 'PRESET', preset: 'last_30_days' });
    expect(navigations.at(-1)).toBe('');
  });

  it('starts a custom range from the days shown, checks it, and only then writes it to the address', async () => {
    const { actor, navigations } = harness();
    await settled(actor);
    actor.send({ type: 'PRESET', preset: 'custom' });
    expect(actor.getSnapshot().context.draft).toEqual({ date_preset: 'custom', date_from: '2026-04-01', date_to: '2026-04-30' });
    actor.send({ type: 'EDIT_RANGE', field: 'date_from', value: '2026-02-30' });
    actor.send({ type: 'APPLY_RANGE' });
    expect(actor.getSnapshot().context.rangeErrors).toEqual({ date_from: 'invalid_day' });
    actor.send({ type: 'EDIT_RANGE', field: 'date_from', value: '2020-01-01' });
    expect(actor.getSnapshot().context.rangeErrors.date_from).toBeUndefined();
    actor.send({ type: 'APPLY_RANGE' });
    expect(actor.getSnapshot().context.rangeErrors).toEqual({ date_from: 'usage_range_too_long' });
    expect(navigations).toEqual([]);
    actor.send({ type: 'EDIT_RANGE', field: 'date_from', value: '2026-03-01' });
    actor.send({ type: 'APPLY_RANGE' });
    expect(navigations).toEqual(['preset=custom&from=2026-03-01&to=2026-04-30']);
  });

  it("puts the API's refusal of a period from the address on its field, and tries again on RETRY", async () => {
    let refuse = true;
    const { actor, loads } = harness('preset=custom&from=2023-01-01&to=2026-01-01', {
      load: async () => {
        if (refuse) throw failure(400, 'Choose a period of at most 2 years.', 'usage_range_too_long', { field: 'date_from' });
        return statistics('2026-01-01', '2026-01-31', 0);
      },
    });
    await settled(actor);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.rangeErrors).toEqual({ date_from: 'usage_range_too_long' });
    expect(actor.getSnapshot().context.error?.code).toBe('usage_range_too_long');
    refuse = false;
    actor.send({ type: 'RETRY' });
    await settled(actor);
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBeNull();
    // Nothing counted in the period: the empty state.
    expect(selectEmpty(actor.getSnapshot())).toBe(true);
  });

  it('keeps the last statistics on screen while the next period loads, and drops the answer to the older request', async () => {
    let release: (s: UsageStatistics) => void = () => {};
    let calls = 0;
    const { actor } = harness('', {
      load: (q) => {
        calls += 1;
        if (calls === 2) return new Promise((resolve) => (release = resolve));
        return Promise.resolve(statistics(q.date_preset === 'yesterday' ? '2026-04-29' : '2026-04-01', '2026-04-30', calls));
      },
    });
    await settled(actor);
    actor.send({ type: 'LOCATION', search: 'preset=today' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.statistics?.totals.searches).toBe(1);
    actor.send({ type: 'LOCATION', search: 'preset=yesterday' });
    await settled(actor);
    expect(actor.getSnapshot().context.statistics?.totals.searches).toBe(3);
    release(statistics('2026-04-30', '2026-04-30', 99));
    await Promise.resolve();
    expect(actor.getSnapshot().context.statistics?.totals.searches).toBe(3);
  });

  it('downloads the period shown, makes a link shown once, and tells their failures', async () => {
    let fail = false;
    const { actor, notices } = harness('preset=last_month', {
      download: async () => {
        if (fail) throw failure(null, 'Please check your internet connection.', 'offline');
        return {};
      },
      share: async () => {
        if (fail) throw failure(403, 'Service unavailable', 'service_unavailable');
        return { url: 'http://app.test/usage-report-pdf?token=abc', expires_at: '2026-06-01T00:00:00Z', period: statistics('2026-04-01', '2026-04-30').period };
      },
    });
    await settled(actor);
    actor.send({ type: 'DOWNLOAD' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    await settled(actor);
    actor.send({ type: 'SHARE' });
    await settled(actor);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().context.link?.url).toBe('http://app.test/usage-report-pdf?token=abc');
    actor.send({ type: 'CLOSE_LINK' });
    expect(actor.getSnapshot().context.link).toBeNull();
    expect(notices).toEqual([]);
    fail = true;
    actor.send({ type: 'DOWNLOAD' });
    await settled(actor);
    actor.send({ type: 'SHARE' });
    await settled(actor);
    expect(notices).toEqual([
      { message: 'Please check your internet connection.', code: 'offline' },
      { message: 'Service unavailable', code: 'service_unavailable' },
    ]);
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('reads and writes the period in the address the same way', () => {
    expect(periodFromSearch('')).toEqual({ date_preset: 'last_30_days', date_from: '', date_to: '' });
    expect(periodFromSearch('preset=nonsense')).toEqual({ date_preset: 'last_30_days', date_from: '', date_to: '' });
    // Dates belong to the custom preset only.
    expect(periodFromSearch('preset=today&from=2026-01-01')).toEqual({ date_preset: 'today', date_from: '', date_to: '' });
    const custom = periodFromSearch('preset=custom&from=2026-01-01&to=2026-01-31');
    expect(searchFromPeriod(custom)).toBe('preset=custom&from=2026-01-01&to=2026-01-31');
  });
});

describe("a report link's page", () => {
  const file = { blob: new Blob(['%PDF-1.3']), fileName: 'usage-report-2026-04-01-2026-04-30.pdf', url: 'blob:x' };

  it('offers the report once it has arrived, and saves it on each click', async () => {
    const saved: string[] = [];
    const actor = createActor(
      reportLinkMachine.provide({ actors: { fetch: fromPromise(async ({ input }) => (input.token === 'good' ? file : Promise.reject(new Error('no')))) }, actions: { save: (_, { file: f }) => void saved.push(f.fileName) } }),
      { input: { token: 'good' } },
    ).start();
    await waitFor(actor, (s) => s.hasTag('succeeded'));
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'SAVE' });
    expect(saved).toEqual([file.fileName, file.fileName]);
  });

  it("shows an expired link's message, and lets a failure a retry may fix be retried", async () => {
    let answer: unknown = failure(410, 'This report link has expired. Ask your administrator for a new one.', 'usage_report_link_expired');
    const actor = createActor(
      reportLinkMachine.provide({
        actors: {
          fetch: fromPromise(async () => {
            if (answer) throw answer;
            return file;
          }),
        },
      }),
      { input: { token: 'old' } },
    ).start();
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 410, code: 'usage_report_link_expired' });
    expect(selectLinkDead(actor.getSnapshot())).toBe(true);
    answer = failure(null, 'Please check your internet connection.', 'offline');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.hasTag('failed') && s.context.error?.code === 'offline');
    expect(selectLinkDead(actor.getSnapshot())).toBe(false);
    answer = null;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.hasTag('succeeded'));
  });
});
