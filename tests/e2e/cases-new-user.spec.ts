/**
 * What a new user ran into, in Chromium against the app as `npm start` runs it
 * (all real lists): Create New Case will not screen adverse media alone; /demo
 * sends a normal organisation's user home; the dashboard has a card for every
 * case status and they add up; dates read "June 19, 1951" and say what they
 * are; monitoring switched on for one entity shows on for its case; and Manage
 * Case keeps its filters in the address (reload, Back). Screens in English and
 * Arabic are saved for review.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { SEEDED, apiToken, expect, inArabic, screenByApi, signIn, test } from './fixtures';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/new-user-${name}.png`, fullPage: true });

async function call(request: APIRequestContext, base: string, token: string, path: string, data: Record<string, unknown>) {
  const res = await request.post(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` }, data, timeout: 60_000 });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${path} failed: ${JSON.stringify(body)}`);
  return body;
}

const number = async (page: Page, key: string) => Number((await page.getByTestId(`count-${key}`).innerText()).replace(/[^\d]/g, ''));
const references = (page: Page) => page.getByTestId('cases-table').getByTestId('case-reference').allInnerTexts();

test('Create New Case does not screen adverse media alone', async ({ page }) => {
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/make-case');
  const form = page.getByTestId('make-case-form');
  await form.locator('input[name=search_term]').fill('Ayman al-Zawahiri');
  for (const name of ['Sanctions', 'PEP', 'Warnings and regulatory enforcement']) await form.getByText(name, { exact: true }).click();
  await form.getByText('Adverse media', { exact: true }).click();
  await page.getByTestId('search-submit').click();
  await expect(form.getByTestId('field-error')).toHaveText('Adverse media screening is not available yet. Choose Sanctions, PEP or Warnings and regulatory enforcement.');
  await expect(page).toHaveURL(/\/make-case$/);
  await form.getByTestId('field-error').scrollIntoViewIfNeeded();
  await shot(page, 'make-case-adverse-media-en');
  // With another database beside it, the form says what adverse media does not do yet, and searches.
  await form.getByText('Sanctions', { exact: true }).click();
  await expect(form.getByTestId('field-error')).toHaveCount(0);
  await expect(form.getByTestId('adverse-media-note')).toContainText('Adverse media is not matched as hits');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/\/case\/AML-\d{4}-\d{6}$/, { timeout: 60_000 });
  await expect(page.getByTestId('sidebar-case-status')).toContainText('For Review');
});

test('/demo sends a user of a normal organisation home, and a signed-out visitor to sign-in', async ({ page, browser }) => {
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/demo');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  await page.goto('/demo/make-case');
  await expect(page).toHaveURL(/\/dashboard$/);

  const visitor = await browser.newPage();
  try {
    await visitor.goto(page.url().replace(/\/dashboard$/, '/demo'));
    await expect(visitor).toHaveURL(/\/login$/);
    await expect(visitor.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('the dashboard has a card for every case status, and they add up to the total', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  const reference = await screenByApi(request, app.url, token, 'Bernie Sandrs');
  await call(request, app.url, token, '/decision-review', { references: [reference], case_status: 'Passed Conditionally' });
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('dashboard-preset').selectOption('all_time');
  await expect(page.getByTestId('tile-passed_conditionally')).toContainText('Passed conditionally');
  await expect(page.getByTestId('count-passed_conditionally')).not.toHaveText('0');
  const total = await number(page, 'total');
  const cards = (await Promise.all(['passed', 'passed_conditionally', 'for_review', 'failed'].map((k) => number(page, k)))).reduce((a, b) => a + b, 0);
  expect(cards).toBe(total);
  await shot(page, 'dashboard-en');
  // A status card opens Manage Case filtered by that status and period.
  await page.getByTestId('tile-failed').click();
  await expect(page).toHaveURL(/\/manage-case\?caseStatus=Failed$/);
  await expect(page.getByTestId('filter-status')).toHaveValue('Failed');
});

test('dates read the same unambiguous way and say what they are', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  const reference = await screenByApi(request, app.url, token, 'Aiman al Zawahiri');
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/case/${reference}`);
  // The UN listing of Ayman al-Zawahiri: born 1951-06-19, listed 2001-01-25.
  const row = page.getByTestId('hit-row').filter({ hasText: 'ZAWAHIRI' }).filter({ hasText: 'UN Security Council' }).first();
  await expect(row).toContainText('Date of birth: June 19, 1951');
  await expect(row.getByTestId('hit-birth-date')).toHaveText('Date of birth: June 19, 1951');
  await expect(page.getByTestId('hit-row').getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
  await shot(page, 'case-results-en');
  await row.getByTestId('hit-link').click();
  const keyData = page.getByTestId('key-data');
  await expect(keyData).toContainText('Date of birth');
  await expect(keyData).toContainText('June 19, 1951');
  await expect(keyData).not.toContainText('Year of birth');
  await expect(keyData).not.toContainText('19/6/1951');
  await expect(keyData).toContainText('January 25, 2001');
  await shot(page, 'entity-key-data-en');
});

test('monitoring switched on for one entity shows on for its case, in the case panel and Manage Case', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  const reference = await screenByApi(request, app.url, token, 'Mohammed Omar');
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/case/${reference}`);
  await expect(page.getByTestId('hit-row').first()).toBeVisible();
  const entities = await page.getByTestId('hit-row').count();
  expect(entities).toBeGreaterThan(1);
  await expect(page.getByTestId('sidebar-aml-monitoring')).toContainText('Off');
  await page.getByTestId('hit-link').first().click();
  await page.getByTestId('monitor-aml').click();
  await page.getByTestId('monitor-confirm-button').click();
  await expect(page.getByTestId('monitor-aml').locator('input')).toBeChecked();
  await expect(page.getByTestId('sidebar-aml-monitoring')).toContainText(`On: 1 of ${entities} entities`);

  await page.goto(`/case/${reference}`);
  await expect(page.getByTestId('sidebar-aml-monitoring')).toContainText(`On: 1 of ${entities} entities`);
  await expect(page.getByTestId('monitor-aml').locator('input')).toBeChecked();
  await page.goto(`/manage-case?search=${reference}`);
  const listed = page.getByTestId('cases-table').getByTestId('table-row').filter({ hasText: reference });
  await expect(listed.getByTestId('case-monitoring')).toHaveText('AML');
});

test('Manage Case keeps its filters in the address: reload keeps them, Back restores the previous ones', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  for (const name of ['Nancy Pelosy', 'Zzyzx Qwertyuiop Nobody', 'Bernie Sandrs']) await screenByApi(request, app.url, token, name);
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/manage-case');
  await expect(page.getByTestId('cases-table').getByTestId('table-row').first()).toBeVisible();

  await page.getByTestId('filter-status').selectOption('For Review');
  await expect(page).toHaveURL(/\/manage-case\?caseStatus=For%20Review$/);
  await expect(page.getByTestId('cases-table').getByTestId('case-status').filter({ hasNotText: 'For Review' })).toHaveCount(0);
  const forReview = await references(page);
  expect(forReview.length).toBeGreaterThan(0);

  await page.getByTestId('filter-status').selectOption('Passed');
  await page.getByTestId('sort-search_term').click();
  await expect(page).toHaveURL(/\/manage-case\?caseStatus=Passed&sort_by=search_term$/);
  await expect(page.getByTestId('cases-table').getByTestId('case-status').filter({ hasNotText: 'Passed' })).toHaveCount(0);
  const passed = await references(page);
  expect(passed.length).toBeGreaterThan(0);

  // A reload (or a bookmark) shows the same view.
  await page.reload();
  await expect(page.getByTestId('filter-status')).toHaveValue('Passed');
  await expect(page.getByTestId('cases-table').getByTestId('table-row').first()).toBeVisible();
  expect(await references(page)).toEqual(passed);

  // Back restores the previous filter, form and rows.
  await page.goBack();
  await expect(page).toHaveURL(/\/manage-case\?caseStatus=Passed$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/manage-case\?caseStatus=For%20Review$/);
  await expect(page.getByTestId('filter-status')).toHaveValue('For Review');
  await expect(page.getByTestId('cases-table').getByTestId('case-status').filter({ hasNotText: 'For Review' })).toHaveCount(0);
  expect(await references(page)).toEqual(forReview);

  // Typed search text applies by itself; Back skips the keystrokes.
  await page.locator('input[name=search]').pressSequentially('Pelosy', { delay: 30 });
  await expect(page).toHaveURL(/\/manage-case\?search=Pelosy&caseStatus=For%20Review$/);
  await expect(page.getByTestId('cases-table').getByTestId('table-row').first()).toContainText('Nancy Pelosy');
  await page.goBack();
  await expect(page).toHaveURL(/\/manage-case\?caseStatus=For%20Review$/);
  await expect(page.locator('input[name=search]')).toHaveValue('');

  // Page size is part of the view too.
  await page.getByTestId('page-size').selectOption('10');
  await expect(page).toHaveURL(/page_size=10/);
  await shot(page, 'manage-case-en');
});

test('the same screens in Arabic', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  const reference = await screenByApi(request, app.url, token, 'Aiman al Zawahiri');
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await inArabic(page, async () => {
    await page.getByTestId('dashboard-preset').selectOption('all_time');
    await expect(page.getByTestId('tile-passed_conditionally')).toContainText('مقبولة بشروط');
    await shot(page, 'dashboard-ar');
    await page.goto('/make-case');
    await expect(page.getByTestId('make-case-form')).toBeVisible();
    await shot(page, 'make-case-ar');
    await page.goto(`/case/${reference}`);
    const row = page.getByTestId('hit-row').filter({ hasText: 'ZAWAHIRI' }).filter({ hasText: 'UN Security Council' }).first();
    await expect(row.getByTestId('hit-birth-date')).toContainText('تاريخ الميلاد');
    await expect(row.getByTestId('hit-birth-date')).toContainText('يونيو');
    await expect(page.getByTestId('sidebar-aml-monitoring')).toContainText('متوقفة');
    await shot(page, 'case-results-ar');
    await row.getByTestId('hit-link').click();
    await expect(page.getByTestId('key-data')).toContainText('يونيو');
    await shot(page, 'entity-key-data-ar');
    await page.goto('/manage-case?caseStatus=For%20Review');
    await expect(page.getByTestId('cases-table').getByTestId('table-row').first()).toBeVisible();
    await shot(page, 'manage-case-ar');
  });
});
