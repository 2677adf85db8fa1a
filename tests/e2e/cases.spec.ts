/**
 * AML screening and case management in Chromium, against the app as `npm start`
 * runs it (all real lists): create a case for a misspelled listed name, read the
 * Risk Analysis, decide True Positive with a comment, see the history; filter
 * Manage Case, export CSV and Excel and check the files' rows; bulk-review two
 * cases; see the dashboard counts change; the same screens in Arabic.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { SEEDED, apiToken, expect, inArabic, screenByApi, signIn, test } from './fixtures';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

async function count(page: Page, key: string) {
  const text = await page.getByTestId(`count-${key}`).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

// SCREENS_DIR keeps them out of test-results/, which every Playwright run empties.
const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.SCREENS_DIR ?? "test-results/screens"}/${name}.png` });

test('an analyst screens a misspelled listed name, reviews the entity and decides it', async ({ page }) => {
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/make-case');
  await expect(page.getByTestId('page-title')).toHaveText('Create New Case');

  // Gender only applies to people.
  await expect(page.locator('select[name=gender]')).toBeEnabled();
  await page.getByText('Company', { exact: true }).click();
  await expect(page.locator('select[name=gender]')).toBeDisabled();
  await page.getByText('Person', { exact: true }).click();
  await expect(page.locator('select[name=gender]')).toBeEnabled();

  // The form's own rules first.
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('field-error').first()).toHaveText('Required field.');
  await page.locator('input[name=search_term]').fill('Aiman al Zawahri');
  await page.locator('input[name=birth_year]').fill('1850');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('field-error').first()).toHaveText('Year must be greater than 1900.');
  await page.locator('input[name=birth_year]').fill('');
  await page.locator('input[name=national_id]').fill('12345');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('field-error').first()).toHaveText('National ID must be 13 digits.');
  await page.locator('input[name=national_id]').fill('');
  await page.locator('input[name=client_reference]').fill('ONB-2026-001');
  await shot(page, 'make-case-en');

  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/\/case\/AML-\d{4}-\d{6}$/, { timeout: 60_000 });
  const reference = page.url().split('/').pop()!;
  await expect(page.getByTestId('page-title')).toContainText('Aiman al Zawahri');
  const hit = page.getByTestId('hit-row').filter({ hasText: /ZAWAHIRI/ }).first();
  await expect(hit).toBeVisible();
  await expect(page.getByTestId('case-sidebar')).toContainText('For Review');
  await shot(page, 'case-results-en');

  await hit.getByTestId('hit-link').click();
  await expect(page).toHaveURL(new RegExp(`/case-detail/${reference}/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('page-title')).toContainText('ZAWAHIRI');
  await expect(page.getByTestId('key-data')).toContainText('Also known as');
  await page.getByTestId('tab-risk').click();
  const analysis = page.getByTestId('risk-analysis');
  await expect(analysis).toContainText('Name similarity');
  await expect(analysis.getByTestId('explanation-row').first()).toContainText('Aiman al Zawahri');
  await shot(page, 'entity-risk-analysis-en');

  await page.getByTestId('decision-match-status').selectOption('True Positive');
  await page.getByTestId('decision-comment').fill('Same person: name and date of birth agree with the listing');
  await page.getByTestId('decision-save').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Decision saved.');
  await expect(page.getByTestId('page-title').locator('..')).toContainText('True Positive');
  // The confirmations stack over the top of the sidebar, and a pointer resting on them keeps them open:
  // close them, as the analyst would, before using the buttons they cover.
  for (const close of await page.locator('[data-scope=toast][data-part=close-trigger]').all()) await close.click();
  await expect(page.locator('[data-scope=toast][data-part=root]')).toHaveCount(0);

  await page.getByTestId('open-history').click();
  const history = page.getByTestId('history-drawer');
  await expect(history.getByTestId('history-item')).toHaveCount(2);
  await expect(history).toContainText('Alex Analyst');
  await expect(history).toContainText('Match status: Potential Match → True Positive');
  await expect(history).toContainText('Same person: name and date of birth agree with the listing');
  // The drawer's opening animation, finished before the screenshot.
  await history.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await shot(page, 'entity-history-en');
  await page.keyboard.press('Escape');

  await page.getByTestId('open-comments').click();
  await expect(page.getByTestId('comments-drawer').getByTestId('comment')).toContainText('Same person');
  await page.keyboard.press('Escape');

  // Ongoing monitoring asks first, and the switch moves once the server agreed.
  const aml = page.getByTestId('monitor-aml');
  await aml.click();
  await expect(page.getByTestId('monitor-confirm')).toContainText('Switch on AML monitoring?');
  await page.getByTestId('monitor-confirm-button').click();
  await expect(aml.locator('input')).toBeChecked();
  await page.getByTestId('open-history').click();
  await expect(page.getByTestId('history-drawer').getByTestId('history-item').first()).toContainText('Monitoring');
  await page.keyboard.press('Escape');
});

test('Manage Case filters, exports and bulk-reviews, and the dashboard follows', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  const first = await screenByApi(request, app.url, token, 'Nancy Pelosy');
  const second = await screenByApi(request, app.url, token, 'Bernie Sandrs');
  await screenByApi(request, app.url, token, 'Zzyzx Qwertyuiop Nobody');

  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('dashboard-preset').selectOption('today');
  await expect(page.getByTestId('count-total')).not.toHaveText('0');
  const before = { review: await count(page, 'for_review'), failed: await count(page, 'failed'), total: await count(page, 'total') };
  await shot(page, 'dashboard-en');

  // One page holds every case under review today (the seed's sample batch adds some), so rows, exports and the dashboard agree.
  await page.goto('/manage-case?caseStatus=For%20Review&page_size=100');
  await expect(page.getByTestId('filter-status')).toHaveValue('For Review');
  await page.getByTestId('filter-date').selectOption('today');
  const rows = page.getByTestId('cases-table').getByTestId('table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('cases-table').getByTestId('case-status').filter({ hasNotText: 'For Review' })).toHaveCount(0);
  const shown = await rows.count();
  expect(shown).toBe(before.review);
  await shot(page, 'manage-case-en');

  // A custom range with a bad date says why.
  await page.getByTestId('filter-date').selectOption('custom');
  await page.locator('input[name=date_from]').fill('2026-02-30');
  await page.locator('input[name=date_to]').fill('2026-03-01');
  await page.getByTestId('apply-filters').click();
  await expect(page.getByTestId('custom-range').getByTestId('field-error')).toHaveText('Invalid day.');
  await page.getByTestId('filter-date').selectOption('today');

  // CSV and Excel of the filtered set.
  await page.getByTestId('export-menu').click();
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^cases-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await csvDownload.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(csv[0]).toContain('Case reference,Searched name');
  expect(csv.length - 1).toBe(shown);
  expect(csv.some((line) => line.startsWith(`${first},Nancy Pelosy`))).toBe(true);

  await page.getByTestId('export-menu').click();
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  const book = XLSX.read(readFileSync((await xlsxDownload.path())!), { type: 'buffer' });
  const sheet = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]]);
  expect(sheet.length).toBe(shown);
  expect(sheet.every((r) => r['Case status'] === 'For Review')).toBe(true);
  expect(sheet.map((r) => r['Case reference'])).toContain(second);

  // Bulk review of two cases.
  for (const ref of [first, second]) await rows.filter({ hasText: ref }).getByTestId('row-select').click();
  await expect(page.getByTestId('bulk-bar')).toContainText('2 cases selected');
  await page.getByTestId('bulk-review').click();
  const dialog = page.getByTestId('review-dialog');
  await dialog.getByTestId('review-case_status').selectOption('Failed');
  await dialog.getByTestId('review-risk_level').selectOption('High');
  await dialog.getByTestId('review-comment').fill('Escalated to the MLRO after review');
  await shot(page, 'bulk-review-en');
  await dialog.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Decision saved.');
  await expect(rows.filter({ hasText: first })).toHaveCount(0);
  await expect(rows).toHaveCount(shown - 2);

  await page.goto('/dashboard');
  await page.getByTestId('dashboard-preset').selectOption('today');
  await expect(page.getByTestId('count-for_review')).toHaveText(String(before.review - 2));
  await expect(page.getByTestId('count-failed')).toHaveText(String(before.failed + 2));
  expect(await count(page, 'total')).toBe(before.total);
});

test('the case screens read right-to-left in Arabic', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  const reference = await screenByApi(request, app.url, token, 'Aiman al Zawahiri');
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await inArabic(page, async () => {
    await page.getByTestId('dashboard-preset').selectOption('today');
    await expect(page.getByTestId('page-title')).toHaveText('لوحة المعلومات');
    await expect(page.getByTestId('count-total')).toBeVisible();
    await expect(page.getByTestId('categories')).toContainText('العقوبات');
    await shot(page, 'dashboard-ar');
    await page.goto('/make-case');
    await expect(page.getByTestId('page-title')).toHaveText('إنشاء حالة جديدة');
    await shot(page, 'make-case-ar');
    await page.goto(`/case/${reference}`);
    await expect(page.getByTestId('hit-row').first()).toBeVisible();
    await expect(page.getByTestId('case-sidebar')).toContainText('قيد المراجعة');
    await shot(page, 'case-results-ar');
    await page.getByTestId('hit-link').first().click();
    await page.getByTestId('tab-risk').click();
    await expect(page.getByTestId('risk-analysis')).toContainText('تشابه الاسم');
    await shot(page, 'entity-risk-analysis-ar');
    await page.goto('/manage-case');
    await expect(page.getByTestId('cases-table').getByTestId('table-row').first()).toBeVisible();
    await shot(page, 'manage-case-ar');
  });
});

test('a case assigned by someone else announces itself live to the assignee', async ({ page, request, app }) => {
  const adminToken = await apiToken(request, app.url, SEEDED.admin);
  const reference = await screenByApi(request, app.url, adminToken, 'Bernie Sandrs');
  const people = await (await request.get(`${app.url}/api/case-assignees`, { headers: { authorization: `Bearer ${adminToken}` } })).json();
  const analyst = people.data.find((u: { email: string }) => u.email === SEEDED.analyst.email);

  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/manage-case');
  await expect(page.getByTestId('cases-table').getByTestId('table-row').first()).toBeVisible();
  const res = await request.post(`${app.url}/api/decision-review`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { references: [reference], assignee_ids: [analyst._id], comment: 'Please review this one' },
  });
  expect(res.ok()).toBe(true);
  await expect(page.getByText(`Search reference : ${reference} data has been updated.`)).toBeVisible();
  // The list follows: the assignee's name appears without a reload.
  await expect(page.getByTestId('cases-table').getByTestId('table-row').filter({ hasText: reference })).toContainText('Alex Analyst');
});

test('several entities of a case are cleared as false positives at once', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  const reference = await screenByApi(request, app.url, token, 'Mohammed Omar');
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/case/${reference}`);
  const rows = page.getByTestId('hit-row');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  await page.getByLabel('Select every entity').click();
  await page.getByTestId('decide-entities').click();
  const dialog = page.getByTestId('review-dialog');
  await expect(dialog).toContainText(`Decide ${count} entities`);
  await dialog.getByTestId('review-match_status').selectOption('False Positive');
  await dialog.getByTestId('review-risk_level').selectOption('Low');
  await dialog.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Decision saved.');
  await expect(rows.getByTestId('match-status').filter({ hasText: 'False Positive' })).toHaveCount(count);
  await expect(page.getByTestId('case-sidebar')).toContainText('False Positive');
  await expect(page.getByTestId('case-sidebar').getByTestId('risk-level')).toHaveText('Low');
});
