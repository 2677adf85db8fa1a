/**
 * Transaction monitoring's statecharts (machines/transactions): the three lists' addresses (what the address holds
 * and what it refuses, amounts checked before they apply), the upload dialog (the browser's refusals, 'Errors Found
 * in Your File' by row, a fixed file sent at once), a transaction's decision only after its confirmation, the rules
 * listing's one-switch-at-a-time with section 8's messages, the rule builder (the spec's velocity rule written
 * through the form's events is exactly the language's definition; every stored definition opens and saves back
 * unchanged; the shared schema's problems land on the part they are about; nothing invalid is backtested or saved;
 * "Save and enable"; a question before unsaved changes are lost), and the alert workflow (closing confirmed,
 * reopening explained, comments by section 5's rule). The model-based part replays each chart's own paths from
 * xstate/graph (shortest path to every state, every transition) on a running actor with stand-in calls.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { MESSAGES } from '../../common/messages';
import type { AlertDetail, RuleRow } from '../../common/tm-alerts';
import type { RuleDefinition } from '../../common/tm-rules';
import { ruleDefinitionProblems } from '../../common/schemas/tm-rules';
import { findMachine } from '../../machines/catalogue';
import { alertWorkflowMachine, dialogOf } from '../../machines/transactions/alert-workflow.machine';
import * as alertSel from '../../machines/transactions/alert-workflow.selectors';
import { amountProblem, apiQuery, isFiltered, multiValue, searchFromView, toggleValue, viewFromSearch, withFilters } from '../../machines/transactions/list-query';
import { metaProblems, ruleBuilderMachine, type SaveRequest } from '../../machines/transactions/rule-builder.machine';
import * as builderSel from '../../machines/transactions/rule-builder.selectors';
import { draftFromRule, fromExpr, newDraft, schemaProblems, toDefinition, toExpr, treeProblems, type AggregateNode, type GroupNode } from '../../machines/transactions/rule-draft';
import { rulesListMachine } from '../../machines/transactions/rules-list.machine';
import { tmListMachine } from '../../machines/transactions/tm-list.machine';
import { problemsOf, transactionUploadMachine, uploadFileProblem } from '../../machines/transactions/transaction-upload.machine';
import * as uploadSel from '../../machines/transactions/transaction-upload.selectors';
import { transactionMachine } from '../../machines/transactions/transaction.machine';
import * as txSel from '../../machines/transactions/transaction.selectors';
import { SAMPLE_RULE } from '../../machines/transactions/walk-samples';
import { shortestPaths, stateName, transitionCover, type ReadablePath } from './walk';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) => Object.assign(new Error(message), { status, code, data: { code, ...data } });

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

/** The spec's example rule (section 9): more than 3 transactions above 5,000 within 24 hours. */
const VELOCITY: RuleDefinition = {
  version: 1,
  when: {
    compare: [
      { aggregate: { fn: 'count', per: 'customer', window: { amount: 24, unit: 'hours' }, where: { compare: [{ field: 'amount' }, '>', { value: 5000 }] } } },
      '>',
      { value: 3 },
    ],
  },
};

// ---------------------------------------------------------------- The lists' addresses

describe('transaction monitoring lists: the address', () => {
  it('writes only what differs from the defaults, and reads it back', () => {
    expect(searchFromView('transactions', viewFromSearch('transactions', ''))).toBe('');
    const view = withFilters(viewFromSearch('transactions', ''), { status: 'accepted,AML hold', direction: 'outbound', min_amount: '5000', search: 'Maria Lopez', date_preset: 'last_7_days' });
    const address = searchFromView('transactions', view);
    expect(address).toBe('search=Maria%20Lopez&status=accepted%2CAML%20hold&direction=outbound&min_amount=5000&date_preset=last_7_days');
    expect(viewFromSearch('transactions', address).filters).toEqual(view.filters);
  });

  it('reads what it cannot hold as the default rather than refusing the page', () => {
    const view = viewFromSearch('transactions', '?status=bogus,accepted,accepted&direction=sideways&min_amount=1e9&page=-2&page_size=7&sort=constructor&date_preset=custom&date_from=2026-01-01');
    expect(view.filters.status).toBe('accepted');
    expect(view.filters.direction).toBe('');
    expect(view.filters.min_amount).toBe('');
    expect(view.filters.sort).toBe('');
    expect(view.page).toBe(1);
    expect(view.pageSize).toBe(20);
    expect(view.filters.date_from).toBe('2026-01-01');
    const alerts = viewFromSearch('alerts', '?status=closed_true_positive,open&level=high&assignee=me&rule_id=not-a-uuid');
    // The workflow's order, whatever order the address had.
    expect(alerts.filters.status).toBe('open,closed_true_positive');
    expect(alerts.filters.assignee).toBe('me');
    expect(alerts.filters.rule_id).toBe('');
    expect(viewFromSearch('customers', '?country=gb&risk_level=high').filters).toMatchObject({ country: '', risk_level: 'high' });
  });

  it('keeps a multiple choice in one order, toggling one value at a time', () => {
    const values = ['a', 'b', 'c'];
    expect(multiValue(values, 'c,a,x')).toBe('a,c');
    expect(toggleValue(values, 'c', 'a')).toBe('a,c');
    expect(toggleValue(values, 'a,c', 'a')).toBe('c');
  });

  it('checks an amount range before it is applied', () => {
    expect(amountProblem({ min_amount: '5000', max_amount: '100' })).toEqual({ field: 'min_amount', key: 'amount_order' });
    expect(amountProblem({ min_amount: '5,000' })).toEqual({ field: 'min_amount', key: 'amount_invalid' });
    expect(amountProblem({ max_amount: '12.345' })).toEqual({ field: 'max_amount', key: 'amount_invalid' });
    expect(amountProblem({ min_amount: '100', max_amount: '100.50' })).toBeNull();
  });

  it('asks the API for the view: repeatable statuses, the preset in the user’s time zone, the page', () => {
    const view = viewFromSearch('transactions', '?status=AML%20hold,rejected&search=%20acme%20&date_preset=today&page=3&page_size=50');
    expect(apiQuery('transactions', view, -120)).toEqual({ q: 'acme', status: ['rejected', 'AML hold'], date_preset: 'today', tz_offset: -120, page: 3, page_size: 50 });
    // Customers have no date filter; a custom range goes as its days.
    expect(apiQuery('customers', viewFromSearch('customers', '?country=GB'), 0)).toEqual({ country: 'GB', page: 1, page_size: 20 });
    expect(apiQuery('alerts', viewFromSearch('alerts', '?date_preset=custom&date_from=2026-01-01&date_to=2026-01-31'), 60)).toMatchObject({ date_preset: 'custom', date_from: '2026-01-01', date_to: '2026-01-31', tz_offset: 60 });
    expect(isFiltered('transactions', viewFromSearch('transactions', '?sort=amount_desc').filters)).toBe(false);
    expect(isFiltered('transactions', viewFromSearch('transactions', '?direction=inbound').filters)).toBe(true);
  });

  it('navigates once for a filter, keeps an amount range it cannot apply in the form, and loads only when the address changes', async () => {
    const h = deferred();
    const navigations: { search: string; replace: boolean }[] = [];
    const actor = createActor(tmListMachine.provide({ actors: { load: h.call('load'), download: h.call('download') }, actions: { navigate: (_, p) => navigations.push(p) } }), { input: { kind: 'transactions', search: '' } }).start();
    await h.settle('load', { output: { data: [], total: 0 } });
    actor.send({ type: 'EDIT', filters: { min_amount: '900', max_amount: '100' } });
    expect(navigations).toEqual([]);
    expect(actor.getSnapshot().context.amountError).toEqual({ field: 'min_amount', key: 'amount_order' });
    actor.send({ type: 'DRAFT', filters: { max_amount: '1000' } });
    actor.send({ type: 'APPLY' });
    expect(navigations).toEqual([{ search: 'min_amount=900&max_amount=1000', replace: false }]);
    expect(h.calls.filter((c) => c.src === 'load')).toHaveLength(1);
    actor.send({ type: 'LOCATION', search: `?${navigations[0].search}` });
    expect(h.calls.filter((c) => c.src === 'load')).toHaveLength(2);
    expect((h.calls.at(-1)!.input as { view: { filters: { min_amount: string } } }).view.filters.min_amount).toBe('900');
  });
});

// ---------------------------------------------------------------- Upload

describe('transaction upload dialog', () => {
  it('refuses what the browser can see, without sending a byte', () => {
    expect(uploadFileProblem(null)).toBe('no_file');
    expect(uploadFileProblem({ name: 'transactions.pdf', size: 10 })).toBe('incorrect_file_format');
    expect(uploadFileProblem({ name: 'transactions.csv', size: 6 * 1024 * 1024 })).toBe('file_too_large');
    expect(uploadFileProblem({ name: 'TRANSACTIONS.XLSX', size: 10 })).toBeNull();
    expect(MESSAGES.incorrect_file_format).toBe('Incorrect file format');
    expect(MESSAGES.file_too_large).toBe('File size is too large.');
  });

  it('shows every row’s problem of a refused file, and sends a fixed file at once', async () => {
    const sent: unknown[] = [];
    const uploaded: unknown[] = [];
    const actor = createActor(
      transactionUploadMachine.provide({
        actors: { upload: fromCallback(({ input }) => void sent.push(input)) },
        actions: { uploaded: (_, p) => void uploaded.push(p.answer) },
      }),
    ).start();
    actor.send({ type: 'SUBMIT' });
    expect(uploadSel.selectFileError(actor.getSnapshot())).toBe('no_file');
    actor.send({ type: 'CHOOSE', file: { name: 'tx.csv', size: 100 } });
    actor.send({ type: 'SUBMIT' });
    expect(sent).toHaveLength(1);
    const refused = failure(400, MESSAGES.errors_found_in_file, 'errors_found_in_file', { field: 'file', rows: [{ row: 3, field: 'amount', code: 'tm_amount_invalid', message: 'Amount must be…' }] });
    expect(problemsOf(refused)).toEqual([{ row: 3, column: 'amount', code: 'tm_amount_invalid' }]);
    actor.send({ type: 'REFUSED', error: refused });
    expect(uploadSel.selectStep(actor.getSnapshot())).toBe('invalid');
    expect(uploadSel.selectProblems(actor.getSnapshot())).toHaveLength(1);
    actor.send({ type: 'CHOOSE', file: { name: 'tx-fixed.csv', size: 100 } });
    expect(sent).toHaveLength(2);
    actor.send({ type: 'UPLOADED' });
    expect(uploadSel.selectStoring(actor.getSnapshot())).toBe(true);
    const answer = { accepted: 2, duplicates: 1, results: [{ status: 'accepted', duplicate: false }, { status: 'AML hold', duplicate: false }, { status: 'accepted', duplicate: true }] };
    actor.send({ type: 'STORED', answer: answer as never });
    expect(uploadSel.selectStep(actor.getSnapshot())).toBe('stored');
    expect(uploadSel.selectStatusCounts(actor.getSnapshot())).toEqual([['accepted', 1], ['AML hold', 1]]);
    expect(uploaded).toEqual([answer]);
  });
});

// ---------------------------------------------------------------- A transaction

describe('a transaction’s page', () => {
  it('sends an analyst’s decision only after its confirmation, and shows the stored outcome', async () => {
    const h = deferred();
    const told: unknown[] = [];
    const actor = createActor(transactionMachine.provide({ actors: { load: h.call('load'), loadCases: h.call('loadCases'), decide: h.call('decide') }, actions: { notifyDecided: (_, p) => void told.push(p) } }), {
      input: { reference: 'TX-1' },
    }).start();
    await h.settle('load', { output: { reference_id: 'TX-1', status: 'under review' } });
    actor.send({ type: 'DECIDE', status: 'under review' });
    expect(txSel.selectDecision(actor.getSnapshot()).status).toBeNull();
    actor.send({ type: 'DECIDE', status: 'rejected' });
    expect(txSel.selectDecision(actor.getSnapshot()).status).toBe('rejected');
    expect(h.calls.filter((c) => c.src === 'decide')).toHaveLength(0);
    actor.send({ type: 'CONFIRM' });
    expect(h.calls.filter((c) => c.src === 'decide').map((c) => c.input)).toEqual([{ reference_id: 'TX-1', status: 'rejected' }]);
    await h.settle('decide', { output: { code: 'tm_transaction_updated', message: 'Transaction TX-1 updated.' } });
    expect(told).toHaveLength(1);
    // The transaction loads again, so the page shows what was stored.
    expect(h.calls.filter((c) => c.src === 'load')).toHaveLength(2);
  });

  it('loads the AML cases with their tab, and again after a reload', async () => {
    const h = deferred();
    const actor = createActor(transactionMachine.provide({ actors: { load: h.call('load'), loadCases: h.call('loadCases'), decide: h.call('decide') } }), { input: { reference: 'TX-1' } }).start();
    await h.settle('load', { output: { reference_id: 'TX-1', status: 'AML hold' } });
    expect(h.pending('loadCases')).toBe(false);
    actor.send({ type: 'SHOW_CASES' });
    await h.settle('loadCases', { output: [{ reference: 'AML-1' }] });
    expect(txSel.selectCases(actor.getSnapshot())).toEqual([{ reference: 'AML-1' }]);
    actor.send({ type: 'RELOAD' });
    await h.settle('load', { output: { reference_id: 'TX-1', status: 'AML hold' } });
    expect(h.pending('loadCases')).toBe(true);
  });
});

// ---------------------------------------------------------------- Rules listing

describe('rules listing', () => {
  it('switches one rule at a time and shows the stored status with section 8’s messages', async () => {
    const h = deferred();
    const told: string[] = [];
    const actor = createActor(
      rulesListMachine.provide({
        actors: { load: h.call('load'), setStatus: h.call('setStatus') },
        actions: { notifyUpdated: () => void told.push(MESSAGES.rule_updated), notifyNotUpdated: () => void told.push(MESSAGES.rule_not_updated) },
      }),
    ).start();
    await h.settle('load', { output: [SAMPLE_RULE, { ...SAMPLE_RULE, id: 'r2' }] });
    actor.send({ type: 'SET_STATUS', id: 'r1', status: 'Enabled' });
    actor.send({ type: 'SET_STATUS', id: 'r2', status: 'Enabled' });
    expect(h.calls.filter((c) => c.src === 'setStatus')).toHaveLength(1);
    // Not shown until the API agreed.
    expect(actor.getSnapshot().context.rules[0].status).toBe('Disabled');
    await h.settle('setStatus', { output: { code: 'rule_updated', rule: { ...SAMPLE_RULE, status: 'Enabled' } } });
    expect(actor.getSnapshot().context.rules[0].status).toBe('Enabled');
    actor.send({ type: 'SET_STATUS', id: 'r2', status: 'Enabled' });
    await h.settle('setStatus', { error: failure(400, 'nope', 'rule_not_updated') });
    expect(actor.getSnapshot().context.rules[1].status).toBe('Disabled');
    expect(told).toEqual(['Rule is updated Successfully.', 'Rule is not updated.']);
  });
});

// ---------------------------------------------------------------- The rule builder

/** The builder's actor with stand-in calls. */
function builder(rule: RuleRow | null = null) {
  const h = deferred();
  const effects: { saved: unknown[]; closed: number; notEnabled: number } = { saved: [], closed: 0, notEnabled: 0 };
  const actor = createActor(
    ruleBuilderMachine.provide({
      actors: { backtest: h.call('backtest'), save: h.call('save'), enable: h.call('enable') },
      actions: { saved: (_, p) => void effects.saved.push(p), close: () => void effects.closed++, notifyNotEnabled: () => void effects.notEnabled++ },
    }),
    { input: { rule } },
  ).start();
  return { h, actor, effects };
}

describe('rule builder: the form over the rule language', () => {
  it('writes the spec’s velocity rule from the form’s own events', async () => {
    const { actor } = builder();
    const draft = () => actor.getSnapshot().context.draft;
    // A new rule starts with one aggregate: the number of a customer's transactions within 24 hours.
    const aggregate = draft().root.children[0] as AggregateNode;
    expect(aggregate).toMatchObject({ kind: 'aggregate', fn: 'count', per: 'customer', windowAmount: '24', windowUnit: 'hours', op: '>' });
    actor.send({ type: 'UPDATE', id: aggregate.id, patch: { threshold: '3' } });
    actor.send({ type: 'ADD', parent: aggregate.where.id, kind: 'condition' });
    const condition = (draft().root.children[0] as AggregateNode).where.children[0];
    actor.send({ type: 'UPDATE', id: condition.id, patch: { field: 'amount', op: '>', value: '5000' } });
    expect(toDefinition(draft())).toEqual(VELOCITY);
    expect(ruleDefinitionProblems(VELOCITY)).toEqual([]);
  });

  it('opens every kind of definition and saves it back unchanged', () => {
    const definitions: RuleDefinition[] = [
      VELOCITY,
      { version: 1, when: { all: [{ in: { field: 'beneficiary_country', list: 'high_risk_countries' } }, { not: { in: { field: 'currency', list: { values: ['EUR', 'USD'] } } } }] }, action: 'hold' },
      { version: 1, when: { any: [{ fields_differ: ['ip_country', 'remitter_bin_country'] }, { not: { all: [{ compare: [{ field: 'payment_method' }, '=', { value: 'card' }] }, { compare: [{ field: 'amount' }, '<=', { value: 100 }] }] } }] } },
      { version: 1, when: { pattern: { kind: 'fan_in', window: { amount: 5, unit: 'days' }, min_counterparties: 4, similar_amounts: 0.1, where: { compare: [{ field: 'amount' }, '>=', { value: 1000 }] } } }, action: 'reject' },
      { version: 1, when: { pattern: { kind: 'cycle', window: { amount: 30, unit: 'days' }, min_hops: 3, max_hops: 6, tolerance: 0.05 } } },
      { version: 1, when: { pattern: { kind: 'pass_through', window: { amount: 72, unit: 'hours' }, min_senders: 2, min_receivers: 3, tolerance: 0.07 } } },
      { version: 1, when: { pattern: { kind: 'repeated_pair', window: { amount: 1, unit: 'days' }, min_count: 3 } } },
      { version: 1, when: { compare: [{ aggregate: { fn: 'sum', field: 'amount', per: 'account', direction: 'out', window: { amount: 7, unit: 'days' } } }, '>=', { value: 50000 }] } },
      // A part the form has no fields for (two aggregates compared) is kept as written.
      {
        version: 1,
        when: {
          compare: [
            { aggregate: { fn: 'sum', field: 'amount', per: 'account', direction: 'out', window: { amount: 1, unit: 'days' } } },
            '>',
            { aggregate: { fn: 'sum', field: 'amount', per: 'account', direction: 'in', window: { amount: 1, unit: 'days' } } },
          ],
        },
      },
    ];
    for (const definition of definitions) {
      const draft = draftFromRule({ name: 'x', description: '', score: 10, definition }, { next: 1 });
      expect(toDefinition(draft), JSON.stringify(definition)).toEqual(definition);
      expect(treeProblems(draft.root)).toEqual({});
    }
    // A value compared the other way round reads the same (3 < count becomes count > 3).
    const flipped = fromExpr({ compare: [{ value: 3 }, '<', { aggregate: { fn: 'count', per: 'customer', window: { amount: 1, unit: 'days' } } }] }, { next: 1 });
    expect(toExpr(flipped)).toEqual({ compare: [{ aggregate: { fn: 'count', per: 'customer', window: { amount: 1, unit: 'days' } } }, '>', { value: 3 }] });
  });

  it('keeps a condition’s operator and value suited to its field', () => {
    const { actor } = builder();
    const root = actor.getSnapshot().context.draft.root;
    actor.send({ type: 'ADD', parent: root.id, kind: 'condition' });
    const condition = () => actor.getSnapshot().context.draft.root.children[1] as { id: string; field: string; op: string; value: string };
    actor.send({ type: 'UPDATE', id: condition().id, patch: { op: '>=', value: '100' } });
    actor.send({ type: 'UPDATE', id: condition().id, patch: { field: 'ip_country' } });
    // A country is only equal or not; the number typed for the amount goes.
    expect(condition()).toMatchObject({ field: 'ip_country', op: '=', value: '' });
    actor.send({ type: 'UPDATE', id: condition().id, patch: { op: '>' } });
    expect(condition().op).toBe('=');
  });

  it('says what cannot be saved, part by part, and places the shared schema’s problems on their part', () => {
    const ids = { next: 1 };
    const draft = newDraft(ids);
    const aggregate = draft.root.children[0] as AggregateNode;
    expect(treeProblems(draft.root)).toEqual({ [aggregate.id]: { threshold: 'required' } });
    const tooLong = { ...draft, root: { ...draft.root, children: [{ ...aggregate, threshold: '3', windowAmount: '500', windowUnit: 'days' as const }] } as GroupNode };
    expect(treeProblems(tooLong.root)).toEqual({ [aggregate.id]: { window: 'window' } });
    // The schema, not the form, refuses a fan-in of one sender: the problem lands on the pattern part.
    const fan = draftFromRule({ name: 'x', description: '', score: 1, definition: { version: 1, when: { all: [VELOCITY.when, { pattern: { kind: 'fan_in', window: { amount: 1, unit: 'days' }, min_counterparties: 1 } }] } } }, { next: 1 });
    expect(treeProblems(fan.root)).toEqual({ [fan.root.children[1].id]: { min_counterparties: 'range' } });
    const problems = schemaProblems(fan);
    expect(problems).toEqual([{ node: fan.root.children[1].id, message: 'tm_rule_pattern_param' }]);
    expect(metaProblems({ name: 'x', description: '', score: '101' })).toEqual({ name: 'tm_rule_name_length', score: 'tm_rule_score_range' });
  });

  it('backtests and saves nothing invalid; shows the problems once asked', async () => {
    const { h, actor } = builder();
    expect(builderSel.selectProblems(actor.getSnapshot()).fields).toEqual({});
    actor.send({ type: 'BACKTEST' });
    actor.send({ type: 'SAVE', enable: false });
    expect(h.calls).toEqual([]);
    expect(Object.keys(builderSel.selectProblems(actor.getSnapshot()).fields)).toHaveLength(1);
    expect(builderSel.selectProblems(actor.getSnapshot()).meta).toEqual({ name: 'required' });
  });

  it('keeps a backtest with the draft it ran on, then saves and enables the rule', async () => {
    const { h, actor, effects } = builder();
    const aggregate = actor.getSnapshot().context.draft.root.children[0] as AggregateNode;
    actor.send({ type: 'UPDATE', id: aggregate.id, patch: { threshold: '3' } });
    actor.send({ type: 'BACKTEST' });
    expect(h.calls[0]).toMatchObject({ src: 'backtest', input: { score: 50 } });
    await h.settle('backtest', { output: { alerts: 2 } });
    expect(builderSel.selectBacktest(actor.getSnapshot())).toMatchObject({ stale: false });
    actor.send({ type: 'UPDATE', id: aggregate.id, patch: { threshold: '4' } });
    expect(builderSel.selectBacktest(actor.getSnapshot()).stale).toBe(true);
    actor.send({ type: 'META', patch: { name: 'Velocity', score: '60' } });
    actor.send({ type: 'SAVE', enable: true });
    const saved = h.calls.find((c) => c.src === 'save')!.input as SaveRequest;
    expect(saved).toMatchObject({ id: null, name: 'Velocity', score: 60 });
    await h.settle('save', { output: { rule: { ...SAMPLE_RULE, id: 'r9', status: 'Disabled' }, code: 'tm_rule_created' } });
    expect(h.calls.at(-1)).toEqual({ src: 'enable', input: { id: 'r9' } });
    await h.settle('enable', { output: { code: 'rule_updated' } });
    expect(effects.saved).toMatchObject([{ rule: { id: 'r9', status: 'Enabled' }, enabled: true }]);
    expect(effects.closed).toBe(1);
  });

  it('saves a stored rule as a new version, and asks before unsaved changes are lost', async () => {
    const { h, actor, effects } = builder(SAMPLE_RULE);
    actor.send({ type: 'CLOSE' });
    expect(effects.closed).toBe(1);
    const second = builder(SAMPLE_RULE);
    second.actor.send({ type: 'META', patch: { name: 'Velocity 2' } });
    second.actor.send({ type: 'CLOSE' });
    expect(builderSel.selectConfirmingDiscard(second.actor.getSnapshot())).toBe(true);
    second.actor.send({ type: 'KEEP_EDITING' });
    second.actor.send({ type: 'SAVE', enable: false });
    expect(second.h.calls[0].input).toMatchObject({ id: 'r1', name: 'Velocity 2', definition: SAMPLE_RULE.definition });
    await second.h.settle('save', { error: failure(400, 'Rule name must be 2 to 100 characters.', 'tm_rule_name_length', { field: 'name' }) });
    expect(builderSel.selectProblems(second.actor.getSnapshot()).meta.name).toBe('tm_rule_name_length');
    expect(h.calls).toEqual([]);
  });
});

// ---------------------------------------------------------------- Alert workflow

const alert = (workflow_status: AlertDetail['workflow_status']): AlertDetail =>
  ({ alert_id: 'AL-000001', workflow_status, assignee: null, comments: [], history: [], next_statuses: [], network: { nodes: [], edges: [] } }) as unknown as AlertDetail;

describe('alert workflow', () => {
  it('asks how each step is taken: a close is confirmed, a reopen explained, the rest go at once', () => {
    expect(dialogOf('open', 'investigating')).toBeNull();
    expect(dialogOf('investigating', 'escalated')).toBeNull();
    expect(dialogOf('escalated', 'closed_false_positive')).toBe('confirm');
    expect(dialogOf('closed_true_positive', 'investigating')).toBe('note');
    // A step the table lacks is not asked about at all.
    expect(dialogOf('open', 'closed_true_positive')).toBeNull();
  });

  it('works an alert from open to closed and back, each step only as the table allows', async () => {
    const h = deferred();
    const actor = createActor(alertWorkflowMachine.provide({ actors: { load: h.call('load'), move: h.call('move'), assign: h.call('assign'), comment: h.call('comment') } }), { input: { alertId: 'AL-000001' } }).start();
    await h.settle('load', { output: alert('open') });
    actor.send({ type: 'MOVE', to: 'closed_true_positive' });
    expect(h.calls.filter((c) => c.src === 'move')).toHaveLength(0);
    actor.send({ type: 'MOVE', to: 'investigating' });
    expect(h.calls.filter((c) => c.src === 'move').at(-1)!.input).toEqual({ alert_id: 'AL-000001', to: 'investigating' });
    await h.settle('move', { output: alert('investigating') });
    actor.send({ type: 'MOVE', to: 'closed_true_positive' });
    expect(alertSel.selectPendingMove(actor.getSnapshot())).toMatchObject({ to: 'closed_true_positive', noteRequired: false });
    actor.send({ type: 'NOTE', note: 'Senders share one device.' });
    actor.send({ type: 'CONFIRM' });
    expect(h.calls.filter((c) => c.src === 'move').at(-1)!.input).toEqual({ alert_id: 'AL-000001', to: 'closed_true_positive', note: 'Senders share one device.' });
    await h.settle('move', { output: alert('closed_true_positive') });
    expect(alertSel.selectPendingMove(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'MOVE', to: 'investigating' });
    actor.send({ type: 'CONFIRM' });
    expect(alertSel.selectPendingMove(actor.getSnapshot())?.problem).toBe('tm_alert_note_required');
    expect(h.calls.filter((c) => c.src === 'move')).toHaveLength(2);
  });

  it('posts comments by section 5’s rule and reloads the history after one', async () => {
    const h = deferred();
    const actor = createActor(alertWorkflowMachine.provide({ actors: { load: h.call('load'), move: h.call('move'), assign: h.call('assign'), comment: h.call('comment') } }), { input: { alertId: 'AL-000001' } }).start();
    await h.settle('load', { output: alert('open') });
    actor.send({ type: 'COMMENT_TEXT', text: 'x' });
    actor.send({ type: 'POST_COMMENT' });
    expect(alertSel.selectComment(actor.getSnapshot()).problem).toBe('comment_length_min');
    actor.send({ type: 'COMMENT_TEXT', text: 'Looks like a mule.' });
    actor.send({ type: 'POST_COMMENT' });
    await h.settle('comment', { output: { comment: { id: 'c1', text: 'Looks like a mule.' } } });
    expect(alertSel.selectComment(actor.getSnapshot()).text).toBe('');
    expect(h.pending('load')).toBe(true);
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
  actor.stop();
}

const inputsOf = (id: string) => Object.fromEntries((findMachine(id).walk.starts ?? [{ label: 'start', input: undefined }]).map((s) => [s.label, s.input]));
const pathsOf = (id: string) => [...shortestPaths(findMachine(id)), ...transitionCover(findMachine(id))];

describe('the charts’ paths (xstate/graph), replayed on a running actor', () => {
  it('transactions/transaction: every state and every transition; a decision is never sent unconfirmed', async () => {
    const inputs = inputsOf('transactions/transaction');
    const build = (h: ReturnType<typeof deferred>, input: unknown) =>
      createActor(transactionMachine.provide({ actors: { load: h.call('load'), loadCases: h.call('loadCases'), decide: h.call('decide') } }), { input: input as never }).start();
    let confirmed = 0;
    const check = (actor: AnyActorRef, h: ReturnType<typeof deferred>) => {
      if (actor.getSnapshot().hasTag('confirming')) confirmed++;
      if (h.calls.some((c) => c.src === 'decide')) expect(confirmed).toBeGreaterThan(0);
    };
    for (const path of pathsOf('transactions/transaction')) {
      confirmed = 0;
      await replay(path, inputs[path.start], build, check);
    }
  });

  it('transactions/rule-builder: every state and every transition; nothing invalid is backtested or saved', async () => {
    const inputs = inputsOf('transactions/rule-builder');
    const build = (h: ReturnType<typeof deferred>, input: unknown) =>
      createActor(ruleBuilderMachine.provide({ actors: { backtest: h.call('backtest'), save: h.call('save'), enable: h.call('enable') } }), { input: input as never }).start();
    const check = (_actor: AnyActorRef, h: ReturnType<typeof deferred>) => {
      for (const call of h.calls.filter((c) => c.src === 'backtest' || c.src === 'save')) expect(ruleDefinitionProblems((call.input as { definition: unknown }).definition)).toEqual([]);
      for (const call of h.calls.filter((c) => c.src === 'save')) expect(metaProblems({ ...(call.input as SaveRequest), score: String((call.input as SaveRequest).score) })).toEqual({});
    };
    for (const path of pathsOf('transactions/rule-builder')) await replay(path, inputs[path.start], build, check);
  });

  it('transactions/alert-workflow: every state and every transition; only the table’s steps are sent, a reopen always with a note', async () => {
    const inputs = inputsOf('transactions/alert-workflow');
    const build = (h: ReturnType<typeof deferred>, input: unknown) =>
      createActor(alertWorkflowMachine.provide({ actors: { load: h.call('load'), move: h.call('move'), assign: h.call('assign'), comment: h.call('comment') } }), { input: input as never }).start();
    for (const path of pathsOf('transactions/alert-workflow')) {
      const statuses: string[] = [];
      await replay(path, inputs[path.start], build, (actor, h) => {
        statuses.push(actor.getSnapshot().context.detail?.workflow_status ?? '');
        for (const call of h.calls.filter((c) => c.src === 'move')) {
          const move = call.input as { to: string; note?: string };
          if (move.to === 'investigating' && statuses.some((s) => s.startsWith('closed'))) expect(move.note?.trim()).toBeTruthy();
        }
      });
    }
  });

  it('transactions/rules-list, transaction-upload and tm-list: every state and every transition', async () => {
    const cases: [string, (h: ReturnType<typeof deferred>, input: unknown) => AnyActorRef][] = [
      ['transactions/rules-list', (h) => createActor(rulesListMachine.provide({ actors: { load: h.call('load'), setStatus: h.call('setStatus') } })).start()],
      ['transactions/transaction-upload', () => createActor(transactionUploadMachine.provide({ actors: { upload: fromCallback(() => {}) } })).start()],
      ['transactions/tm-list', (h, input) => createActor(tmListMachine.provide({ actors: { load: h.call('load'), download: h.call('download') } }), { input: input as never }).start()],
    ];
    for (const [id, build] of cases) {
      const inputs = inputsOf(id);
      for (const path of pathsOf(id).filter((p) => !p.steps.some((s) => s.type.startsWith('xstate.after')))) await replay(path, inputs[path.start], build, () => {});
    }
  });

  it('the builder’s walk reaches its saved states through a real velocity rule', async () => {
    const { h, actor } = builder();
    const aggregate = actor.getSnapshot().context.draft.root.children[0] as AggregateNode;
    actor.send({ type: 'UPDATE', id: aggregate.id, patch: { threshold: '3' } });
    actor.send({ type: 'META', patch: { name: 'Velocity' } });
    actor.send({ type: 'SAVE', enable: false });
    await h.settle('save', { output: { ...SAMPLE_RULE, status: 'Disabled' } });
    await waitFor(actor, (s) => s.status === 'done');
  });
});
