/**
 * Transaction monitoring in Chromium against the app as `npm start` runs it, with the first start's sample
 * (server/transactions/seed.ts: the default rule set, the hand-made transactions and the first AMLSim transfers,
 * here 1,500 of them so the run stays short). An analyst opens Transaction Listing, filters it, opens a transaction
 * held for AML with its General and AML cases tabs, uploads a file with a bad row ('Errors Found in Your File'),
 * another of the wrong kind ('Incorrect file format') and a good one; opens a customer's profile; writes the
 * spec's velocity rule (more than 3 transactions above 5,000 within 24 hours) in the rule builder, backtests it
 * over the stored history and enables it; sends transactions that fire it (POST /transactions, as an integrator
 * would); finds its alert, works it from open to closed as a true positive (each step in the timeline) and looks
 * at the counterparty network, as a picture and as a table. English and Arabic screenshots of every screen go to
 * test-results/transactions (or SCREENS_DIR).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { TRANSACTION_CSV_COLUMNS } from '../../common/transactions';
import { SEEDED, apiToken, expect, inArabic, signIn, startApp, test as base, type RunningApp } from './fixtures';

const DIR = process.env.SCREENS_DIR ?? 'test-results/transactions';
/** A screenshot of the page from its top (the shell's header is sticky), with no control left focused. */
async function shot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage, animations: 'disabled' });
}

/** AMLSim transfers the sample loads: enough for a backtest with labels, few enough to load in seconds. */
const SAMPLE_LIMIT = 1500;

const test = base.extend<object, { workerApp: RunningApp }>({
  workerApp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await startApp({ TM_LOAD: 'on', TM_SAMPLE_LIMIT: String(SAMPLE_LIMIT) });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

test.setTimeout(240_000);
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const RULE_NAME = `E2E velocity ${stamp}`;
const CUSTOMER = `E2E-C-${stamp}`;

/** The first start's sample is made by a job once the lists are loaded: its arrival in the listing says it is there. */
async function sampleLoaded(request: APIRequestContext, base: string) {
  const token = await apiToken(request, base, SEEDED.admin);
  const headers = { authorization: `Bearer ${token}` };
  await expect
    .poll(
      async () => {
        const res = await request.get(`${base}/api/transactions/list?page=1&page_size=1`, { headers });
        return res.ok() ? ((await res.json()) as { total: number }).total : 0;
      },
      { timeout: 200_000, intervals: [1000, 2000, 5000] },
    )
    .toBeGreaterThanOrEqual(SAMPLE_LIMIT + 7);
  return headers;
}

test('lists transactions, filters them, opens one held for AML with its AML cases, and uploads files', async ({ page, request, baseURL }) => {
  await sampleLoaded(request, baseURL!);
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('menu-transaction_listing').click();
  await expect(page).toHaveURL(/\/transaction-listing$/);
  await expect(page.getByTestId('page-title')).toHaveText('Transaction Listing');
  const rows = page.getByTestId('tx-table').getByTestId('table-row');
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId('pager')).toContainText(/of 1,?507/);
  await shot(page, 'listing-en');

  // Filters live in the address: a status chosen, then a minimum amount and a search typed.
  await page.getByTestId('tx-filter-status').click();
  await page.getByTestId('tx-filter-status-AML_hold').click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=AML%20hold/);
  await page.getByTestId('tx-filter-min').fill('10000');
  await page.getByTestId('tx-apply-filters').click();
  await expect(page).toHaveURL(/min_amount=10000/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('tx-reference')).toHaveText('NW-SAMPLE-0007');
  await expect(rows.first().getByTestId('tx-status')).toHaveText('AML hold');
  // An amount range that cannot apply stays in the form with its reason.
  await page.getByTestId('tx-filter-max').fill('10');
  await page.getByTestId('tx-apply-filters').click();
  await expect(page.getByTestId('field-error')).toHaveText('The lower amount is above the upper one.');
  await expect(page).not.toHaveURL(/max_amount/);
  // A reload shows the same view.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('tx-filter-min')).toHaveValue('10000');

  // The transaction: every field grouped, the decision, the screening; then its AML case.
  await rows.first().click();
  await expect(page).toHaveURL(/\/transaction-listing\/NW-SAMPLE-0007$/);
  await expect(page.getByTestId('page-title')).toHaveText('Transaction Details');
  await expect(page.getByTestId('tx-breadcrumbs')).toContainText('Transaction Listing');
  for (const group of ['transaction', 'customer', 'remitter', 'beneficiary', 'device', 'order']) await expect(page.getByTestId(`tx-group-${group}`)).toBeVisible();
  await expect(page.getByTestId('tx-decision').getByTestId('tx-status')).toHaveText('AML hold');
  await expect(page.getByTestId('tx-screening-remitter')).toContainText('Hit');
  await expect(page.getByTestId('tx-total-risk')).not.toHaveText('0');
  await shot(page, 'detail-en');
  await page.getByTestId('tx-tab-aml').click();
  await expect(page.getByTestId('tx-cases-table').getByTestId('tx-case-row')).toHaveCount(1);
  await expect(page.getByTestId('tx-cases-table')).toContainText('Remitter');
  await shot(page, 'detail-aml-en');
  const caseLink = page.getByTestId('tx-cases-table').getByTestId('tx-case-link');
  const caseReference = (await caseLink.textContent())!.trim();
  await caseLink.click();
  await expect(page).toHaveURL(new RegExp(`/case/${caseReference}$`));

  // An analyst's decision, confirmed first.
  await page.goBack();
  await expect(page.getByTestId('tx-detail')).toBeVisible();
  await page.getByTestId('tx-decide').click();
  await page.getByTestId('tx-decide-under_review').click();
  const confirm = page.getByTestId('tx-decide-dialog');
  await expect(confirm).toContainText('NW-SAMPLE-0007 goes from AML hold to Under review.');
  await confirm.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Transaction NW-SAMPLE-0007 updated.');
  await expect(page.getByTestId('tx-decision').getByTestId('tx-status')).toHaveText('Under review');

  // Uploads: a row with problems, a file of the wrong kind, then a good file.
  await page.goto('/transaction-listing');
  await page.getByTestId('tx-upload-open').click();
  const dialog = page.getByTestId('tx-upload-dialog');
  await expect(dialog).toContainText('Upload transactions');
  const header = TRANSACTION_CSV_COLUMNS.join(',');
  const row = (reference: string, amount: string) => TRANSACTION_CSV_COLUMNS.map((c) => ({ reference_id: reference, amount, currency: 'EUR', direction: 'outbound', customer_id: CUSTOMER, remitter_name: 'Ellen Ripley', beneficiary_name: 'Weyland Trading' })[c as string] ?? '').join(',');
  await dialog.getByTestId('tx-file-input').setInputFiles({ name: 'transactions.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${row(`E2E-UP-${stamp}-1`, 'abc')}\n`) });
  await dialog.getByTestId('tx-upload-submit').click();
  await expect(dialog).toHaveAttribute('data-step', 'invalid');
  await expect(dialog).toContainText('Errors Found in Your File');
  await expect(dialog.getByTestId('tx-problem-row')).toHaveCount(1);
  await expect(dialog.getByTestId('tx-problem-row')).toContainText('amount');
  await shot(page, 'upload-errors-en', false);
  await dialog.getByTestId('tx-file-input').setInputFiles({ name: 'transactions.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await expect(dialog.getByTestId('field-error')).toHaveText('Incorrect file format');
  await dialog.getByTestId('tx-file-input').setInputFiles({ name: 'transactions.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${row(`E2E-UP-${stamp}-1`, '120.50')}\n`) });
  await dialog.getByTestId('tx-upload-submit').click();
  await expect(dialog).toHaveAttribute('data-step', 'stored');
  await expect(dialog.getByTestId('tx-upload-summary')).toContainText('Stored and decided: 1.');
  await dialog.getByTestId('tx-upload-done').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('tx-filter-search').fill(`E2E-UP-${stamp}`);
  await expect(rows).toHaveCount(1);
});

test('opens a customer’s profile with its transactions, alerts and counterparties', async ({ page, request, baseURL }) => {
  await sampleLoaded(request, baseURL!);
  await signIn(page, SEEDED.admin);
  await page.getByTestId('menu-customer_listing').click();
  await expect(page).toHaveURL(/\/customer-listing$/);
  await page.getByTestId('customer-filter-search').fill('NW-C-1001');
  const rows = page.getByTestId('customer-table').getByTestId('table-row');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/search=NW-C-1001/);
  await page.getByTestId('customer-filter-search').fill('');
  await expect(rows).toHaveCount(20);
  await shot(page, 'customers-en');
  await page.goto('/customer-listing?search=NW-C-1001');
  await rows.first().click();
  await expect(page).toHaveURL(/\/customer-profile\?customer_id=NW-C-1001$/);
  await expect(page.getByTestId('page-title')).toHaveText('Marta Lindqvist');
  await expect(page.getByTestId('customer-transactions').getByTestId('table-row')).toHaveCount(5);
  await expect(page.getByTestId('customer-alerts')).toContainText('AL-');
  await expect(page.getByTestId('customer-counterparties').getByTestId('customer-counterparty')).toHaveCount(3);
  await shot(page, 'customer-en');
  // Without a customer the page says where to find one.
  await page.goto('/customer-profile');
  await expect(page.getByTestId('customer-missing')).toBeVisible();
});

test('writes the velocity rule in the builder, backtests and enables it, fires it, and works its alert to closed', async ({ page, request, baseURL }) => {
  const headers = await sampleLoaded(request, baseURL!);
  await signIn(page, SEEDED.admin);
  await page.getByTestId('menu-rules_listing').click();
  await expect(page).toHaveURL(/\/rules-listing$/);
  await expect(page.getByTestId('rules-table').getByTestId('table-row').first()).toBeVisible();
  await shot(page, 'rules-en');

  // The builder, with the keyboard where a person would use it: the form starts with a velocity aggregate.
  await page.getByTestId('rule-new').click();
  const builder = page.getByTestId('rule-builder');
  await expect(builder).toBeVisible();
  await builder.getByTestId('builder-name').fill(RULE_NAME);
  await builder.getByTestId('builder-name').press('Tab');
  await page.keyboard.type('More than 3 transactions above 5,000 within 24 hours, per customer.');
  await builder.getByTestId('builder-score').fill('60');
  // Saving without a threshold says what is missing, where it is.
  await builder.getByTestId('builder-save').click();
  await expect(builder.getByTestId('builder-problem').first()).toHaveText('Required.');
  await expect(builder.getByTestId('builder-agg-fn')).toHaveValue('count');
  await expect(builder.getByTestId('builder-agg-per')).toHaveValue('customer');
  await builder.getByTestId('builder-agg-window').fill('24');
  await builder.getByTestId('builder-agg-unit').selectOption('hours');
  await builder.getByTestId('builder-agg-op').selectOption('>');
  await builder.getByTestId('builder-agg-threshold').fill('3');
  // The filter is added with the keyboard: Enter opens the menu on its first choice, a field condition.
  await builder.getByTestId('builder-add-where').focus();
  await page.keyboard.press('Enter');
  // The first choice is highlighted once the menu has opened; Enter then picks it.
  await expect(page.getByTestId('builder-add-condition')).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  const where = builder.getByTestId('builder-where');
  await expect(where.getByTestId('builder-condition-field')).toBeVisible();
  await where.getByTestId('builder-condition-field').selectOption('amount');
  await where.getByTestId('builder-condition-op').selectOption('>');
  await where.getByTestId('builder-condition-value').fill('5000');
  await expect(builder.getByTestId('builder-problem')).toHaveCount(0);
  await expect(builder.getByTestId('builder-preview-text')).toHaveText(
    'When the number of transactions of the customer within 24 hours (counting only transactions where Amount is above 5,000) is above 3, the rule adds 60 points; its action is Review.',
  );

  // Backtest over the stored history: alerts, parties and, the AMLSim sample being labelled, precision and recall.
  await builder.getByTestId('builder-backtest-run').click();
  const result = builder.getByTestId('builder-backtest-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByTestId('builder-bt-alerts')).toHaveText(/^\d[\d,]*$/);
  await expect(result.getByTestId('builder-bt-took')).toContainText('ms');
  await expect(result.getByTestId('builder-bt-labelled').or(result.getByTestId('builder-bt-unlabelled'))).toBeVisible();
  await shot(page, 'builder-en', false);

  // A change after the run marks its answer out of date; putting it back makes it current again.
  await builder.getByTestId('builder-agg-threshold').fill('4');
  await expect(builder.getByTestId('builder-backtest-stale')).toBeVisible();
  await builder.getByTestId('builder-agg-threshold').fill('3');
  await expect(builder.getByTestId('builder-backtest-stale')).toBeHidden();

  await builder.getByTestId('builder-save-enable').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Rule is updated Successfully.');
  await expect(builder).toBeHidden();
  const ruleRow = page.getByTestId('rules-table').getByTestId('table-row').filter({ hasText: RULE_NAME });
  await expect(ruleRow.getByTestId('rule-status')).toHaveAttribute('data-status', 'Enabled');
  // Switched off and on again in place, with section 8's message.
  await ruleRow.getByTestId('rule-status').click();
  await expect(ruleRow.getByTestId('rule-status')).toHaveAttribute('data-status', 'Disabled');
  await ruleRow.getByTestId('rule-status').click();
  await expect(ruleRow.getByTestId('rule-status')).toHaveAttribute('data-status', 'Enabled');

  // An integrator sends four payments above 5,000 within the hour: the fourth fires the rule.
  const rules = (await (await request.get(`${baseURL}/api/transaction-monitoring/rules`, { headers })).json()) as { data: { id: string; name: string }[] };
  const ruleId = rules.data.find((r) => r.name === RULE_NAME)!.id;
  const now = Date.now();
  const transactions = [6200, 7100, 5600, 8400].map((amount, i) => ({
    reference_id: `E2E-TX-${stamp}-${i + 1}`,
    created_at: new Date(now - (40 - i * 10) * 60_000).toISOString(),
    customer_id: CUSTOMER,
    customer_first_name: 'Ellen',
    customer_last_name: 'Ripley',
    amount: amount.toFixed(2),
    currency: 'EUR',
    direction: 'outbound',
    payment_method: 'bank_transfer',
    remitter_name: 'Ellen Ripley',
    remitter_account: `E2E-ACC-${stamp}`,
    remitter_country: 'GB',
    beneficiary_name: i % 2 ? 'Weyland Trading' : 'Yutani Holdings',
    beneficiary_account: i % 2 ? `E2E-WEY-${stamp}` : `E2E-YUT-${stamp}`,
    beneficiary_country: i % 2 ? 'CY' : 'MT',
  }));
  const sent = await request.post(`${baseURL}/api/transactions`, { headers, data: { transactions } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const decisions = ((await sent.json()) as { results: { rules_applied: { rule_name: string }[]; alerts: string[] }[] }).results;
  expect(decisions[2].rules_applied.map((r) => r.rule_name)).not.toContain(RULE_NAME);
  expect(decisions[3].rules_applied.map((r) => r.rule_name)).toContain(RULE_NAME);

  // The alert, found by its rule in the listing.
  await page.getByTestId('menu-alerts_listing').click();
  await expect(page).toHaveURL(/\/alerts-listing$/);
  await page.getByTestId('alert-filter-rule').selectOption(ruleId);
  await expect(page).toHaveURL(new RegExp(`rule_id=${ruleId}`));
  const alertRows = page.getByTestId('alerts-table').getByTestId('table-row');
  await expect(alertRows).toHaveCount(1);
  await expect(alertRows.first().getByTestId('alert-status')).toHaveText('Open');
  await expect(alertRows.first().getByTestId('alert-rules')).toHaveText(RULE_NAME);
  await shot(page, 'alerts-en');
  await alertRows.first().click();
  await expect(page).toHaveURL(/\/alerts-details\/AL-\d+$/);
  const alertId = page.url().split('/').pop()!;
  await expect(page.getByTestId('page-title')).toHaveText('Alert Details');
  await expect(page.getByTestId('alert-explanation-part').first()).toContainText('within 24 hours');
  await expect(page.getByTestId('alert-transactions').getByTestId('alert-transaction')).toHaveCount(4);

  // The network picture: the party and its counterparties, drawn; the same as tables.
  const graph = page.getByTestId('network-graph');
  await expect(graph).toBeVisible();
  await expect(graph.getByTestId('network-node').first()).toBeVisible();
  expect(await graph.getByTestId('network-node').count()).toBeGreaterThanOrEqual(2);
  await expect(graph.locator('[data-role=party]')).toHaveCount(1);
  await page.getByTestId('alert-network').scrollIntoViewIfNeeded();
  await shot(page, 'alert-en');
  await page.getByTestId('network-tab-table').click();
  await expect(page.getByTestId('network-flows').locator('tbody tr').first()).toBeVisible();
  await page.getByTestId('network-tab-picture').click();

  // Worked to closed: investigating, escalated, closed as a true positive after confirming; each step in the history.
  await page.getByTestId('alert-move-investigating').click();
  await expect(page.getByTestId('alert-detail')).toHaveAttribute('data-status', 'investigating');
  await page.getByTestId('alert-move-escalated').click();
  await expect(page.getByTestId('alert-detail')).toHaveAttribute('data-status', 'escalated');
  await page.getByTestId('alert-move-closed_true_positive').click();
  const close = page.getByTestId('alert-move-dialog');
  await expect(close).toContainText(`${alertId} will be closed as Closed: true positive.`);
  await close.getByTestId('alert-move-note').fill('Four payments above 5,000 in one hour to two new offshore accounts.');
  await close.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('alert-detail')).toHaveAttribute('data-status', 'closed_true_positive');
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`Alert ${alertId} updated.`);
  await expect(page.getByTestId('alert-timeline').locator('[data-action=workflow]')).toHaveCount(3);
  // Reopening must say why.
  await page.getByTestId('alert-move-investigating').click();
  await page.getByTestId('alert-move-dialog').getByTestId('dialog-submit').click();
  await expect(page.getByTestId('alert-move-dialog').getByTestId('field-error')).toHaveText('Say why the alert is reopened.');
  await page.getByTestId('alert-move-dialog').getByRole('button', { name: 'Cancel' }).click();
  // A comment.
  await page.getByTestId('alert-comment-text').fill('Closed after checking the customer’s file.');
  await page.getByTestId('alert-comment-post').click();
  await expect(page.getByTestId('alert-comments').getByTestId('alert-comment')).toHaveCount(1);
  await shot(page, 'alert-closed-en');

  // The same screens in Arabic, right to left.
  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('تفاصيل التنبيه');
    await expect(page.getByTestId('alert-detail')).toHaveAttribute('data-status', 'closed_true_positive');
    await expect(graph.getByTestId('network-node').first()).toBeVisible();
    // The picture keeps its own left-to-right geometry inside the right-to-left page.
    await expect(graph).toHaveAttribute('dir', 'ltr');
    await shot(page, 'alert-ar');
    await page.goto('/transaction-listing');
    await expect(page.getByTestId('tx-table').getByTestId('table-row').first()).toBeVisible();
    await shot(page, 'listing-ar');
    await page.goto(`/transaction-listing/E2E-TX-${stamp}-4`);
    await expect(page.getByTestId('tx-rule').filter({ hasText: RULE_NAME })).toBeVisible();
    await shot(page, 'detail-ar');
    await page.getByTestId('tx-tab-aml').click();
    await expect(page.getByTestId('tx-screening-table')).toBeVisible();
    await page.goto('/alerts-listing');
    await expect(page.getByTestId('alerts-table').getByTestId('table-row').first()).toBeVisible();
    await shot(page, 'alerts-ar');
    await page.goto(`/customer-profile?customer_id=${CUSTOMER}`);
    // The four sent by the API and the one uploaded in the first test.
    await expect(page.getByTestId('customer-transactions').getByTestId('table-row')).toHaveCount(5);
    await shot(page, 'customer-ar');
    await page.goto('/rules-listing');
    await page.getByTestId('rules-table').getByTestId('table-row').filter({ hasText: RULE_NAME }).getByTestId('rule-edit').click();
    await expect(page.getByTestId('builder-preview-text')).toContainText('24');
    await page.getByTestId('builder-backtest-run').click();
    await expect(page.getByTestId('builder-backtest-result')).toBeVisible({ timeout: 60_000 });
    await shot(page, 'builder-ar', false);
    await page.getByTestId('builder-cancel').click();
    await expect(page.getByTestId('rule-builder')).toBeHidden();
  });
});
