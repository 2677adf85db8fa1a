/**
 * Risk scoring in Chromium, against the app as `npm start` runs it (all real lists): an administrator
 * builds a risk engine in the editor, tries it on a described record before saving, screens a listed
 * name with it in Create New Case, and reads the engine's breakdown in the entity's Risk Analysis tab;
 * the active engine names itself in Create New Case; the same screens in Arabic. The organisation is
 * left with no active engine, as it was.
 */
import type { Page } from '@playwright/test';
import { SEEDED, apiToken, expect, inArabic, signIn, test } from './fixtures';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
const stamp = Date.now().toString(36);
const TITLE = `Al-Qaida desk ${stamp}`;

/** A screenshot to look at, taken once every animation on the page has finished. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: false });
}

let caseUrl = '';
let reference = '';

test.afterAll(async ({ request, app }) => {
  // Leave no active engine behind for the worker's other tests.
  const token = await apiToken(request, app.url, SEEDED.admin);
  const list = await (await request.get(`${app.url}/api/view-risk-score-engine?page_size=100`, { headers: { authorization: `Bearer ${token}` } })).json();
  for (const engine of list.data ?? []) {
    if (engine.is_active) await request.post(`${app.url}/api/active-risk-score-engine`, { headers: { authorization: `Bearer ${token}` }, data: { id: engine._id, active: false } });
  }
});

test('an administrator builds a risk engine, tries it before saving, and a case is decided by it', async ({ page }) => {
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('menu-risk_scoring').click();
  await expect(page).toHaveURL(/\/risk-scoring$/);
  await expect(page.getByTestId('page-title')).toHaveText('Risk Scoring');

  // A search that finds nothing says so, and lives in the address (a reload keeps it).
  await page.locator('input[name=engine_search]').fill('no engine is called this');
  await page.locator('input[name=engine_search]').press('Enter');
  await expect(page).toHaveURL(/\/risk-scoring\?search=no%20engine%20is%20called%20this$/);
  await expect(page.getByTestId('engines-empty')).toContainText('No engine has a title like this.');
  await page.reload();
  await expect(page.locator('input[name=engine_search]')).toHaveValue('no engine is called this');
  await expect(page.getByTestId('engines-empty')).toContainText('No engine has a title like this.');
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page).toHaveURL(/\/risk-scoring$/);

  await page.getByTestId('create-engine').click();
  const editor = page.getByTestId('engine-editor');
  await expect(editor).toBeVisible();

  // Trying or saving an empty definition shows what is missing, beside each field.
  await editor.getByTestId('try-run').click();
  await expect(editor.getByTestId('try-blocked')).toBeVisible();
  await expect(editor).toContainText('This threshold is required.');
  await editor.getByTestId('engine-save').click();
  await expect(editor.getByTestId('field-error').first()).toHaveText('Required field.');

  await editor.getByTestId('engine-title').fill(TITLE);
  await editor.getByTestId('engine-model_name').fill('Terrorism first');
  await editor.getByTestId('engine-low_threshold').fill('10');
  await editor.getByTestId('engine-medium_threshold').fill('40');
  await editor.getByTestId('engine-high_threshold').fill('40');
  await expect(editor).toContainText('Thresholds must rise from low to medium to high.');
  await editor.getByTestId('engine-high_threshold').fill('70');
  await editor.getByTestId('rule-category-0').selectOption('sanctions');
  await editor.getByTestId('rule-record-0').selectOption('terrorism');
  await editor.getByTestId('rule-weightage-0').fill('80');
  await editor.getByTestId('add-rule').click();
  await editor.getByTestId('rule-country-1').selectOption({ label: 'United States' });
  await editor.getByTestId('rule-category-1').selectOption('any');
  await editor.getByTestId('rule-record-1').selectOption('any');
  await editor.getByTestId('rule-weightage-1').fill('5');
  await editor.getByTestId('decision-high_risk').selectOption('failed');
  await expect(editor.getByTestId('field-error')).toHaveCount(0);
  await editor.getByTestId('engine-title').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, 'risk-engine-editor-en');

  // Tried on a described record: listed under sanctions, in Egypt, for terrorism.
  await editor.getByTestId('try-database').selectOption('sanctions');
  await editor.locator('select[name=try_countries]').selectOption({ label: 'Egypt' });
  await editor.getByTestId('try-record-terrorism').click();
  await editor.getByTestId('try-run').click();
  const result = editor.getByTestId('try-result');
  await expect(result.getByTestId('try-case-status')).toHaveText('Failed');
  const breakdown = result.getByTestId('try-breakdown-0');
  await expect(breakdown.getByTestId('risk-score')).toHaveText('80');
  await expect(breakdown.getByTestId('risk-outcome')).toHaveText('High risk');
  await expect(breakdown.getByTestId('risk-decision')).toHaveText('Failed');
  const rules = breakdown.getByTestId('risk-rule-row');
  await expect(rules.nth(0)).toContainText('Met');
  await expect(rules.nth(1)).toContainText('The record is tied to Egypt, not United States.');
  await editor.getByTestId('try-run').scrollIntoViewIfNeeded();
  await editor.getByTestId('try-run').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(page, 'risk-engine-try-en');

  // Changing the engine marks the result as out of date.
  await editor.getByTestId('engine-low_threshold').fill('');
  await expect(editor.getByTestId('try-stale')).toBeVisible();

  await editor.getByTestId('engine-save').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`Risk engine ${TITLE} created.`);
  await expect(editor).toBeHidden();
  const row = page.getByTestId('engines-table').getByTestId('table-row').filter({ hasText: TITLE });
  await expect(row).toContainText('Terrorism first');
  await expect(row.getByTestId('engine-thresholds')).toHaveText(/^—\s*\/\s*40\s*\/\s*70$/);
  await expect(row).toContainText('Version 1');
  await expect(row).toContainText('Ada Administrator');
  await shot(page, 'risk-engines-en');

  // Create New Case offers it; a listed name screened with it is decided by its rules.
  await page.goto('/make-case');
  const engineSelect = page.locator('select[name=risk_engine_id]');
  await engineSelect.selectOption({ label: TITLE });
  await page.locator('input[name=search_term]').fill('Aiman al Zawahri');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/\/case\/AML-\d{4}-\d{6}$/, { timeout: 60_000 });
  reference = page.url().split('/').pop()!;
  const sidebar = page.getByTestId('case-sidebar');
  await expect(sidebar.getByTestId('sidebar-case-status')).toContainText('Failed');
  await expect(sidebar.getByTestId('sidebar-risk-engine')).toContainText(`${TITLE}, version 1`);

  await page.getByTestId('hit-row').filter({ hasText: /ZAWAHIRI/ }).first().getByTestId('hit-link').click();
  await expect(page).toHaveURL(new RegExp(`/case-detail/${reference}/[0-9a-f-]{36}$`));
  caseUrl = new URL(page.url()).pathname;
  await page.getByTestId('tab-risk').click();
  const analysis = page.getByTestId('risk-engine-analysis');
  await expect(analysis.getByTestId('risk-breakdown-engine')).toContainText(`Scored by ${TITLE}, version 1`);
  await expect(analysis.getByTestId('risk-score')).toHaveText('80');
  await expect(analysis.getByTestId('risk-thresholds')).toHaveText('Thresholds: medium 40 · high 70 (no low threshold)');
  await expect(analysis.getByTestId('risk-decision')).toHaveText('Failed');
  await expect(analysis.getByTestId('risk-rule-row').nth(0)).toContainText('Met');
  await expect(analysis.getByTestId('risk-rule-row').nth(1)).toContainText('Missed');
  await expect(analysis.getByTestId('risk-rule-row').nth(1)).toContainText('not United States');
  // The engine's analysis sits above the name-matching explanation.
  await expect(page.getByTestId('risk-analysis').getByTestId('explanation-row').first()).toBeVisible();
  await shot(page, 'entity-risk-engine-en');
});

test('the active engine names itself in Create New Case, and a case is tried in the editor', async ({ page }) => {
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/risk-scoring');
  await page.getByTestId(`engine-actions-${TITLE}`).click();
  await page.getByTestId('engine-action-activate').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`${TITLE} is now the active engine`);
  await expect(page.getByTestId('engines-table').getByTestId('table-row').filter({ hasText: TITLE }).getByTestId('active-badge')).toBeVisible();

  await page.goto('/make-case');
  await expect(page.locator('select[name=risk_engine_id] option').first()).toHaveText(`Active engine: ${TITLE}`);

  // The saved case tried in the editor: every hit scored, and how the case would be decided.
  await page.goto('/risk-scoring');
  await page.getByTestId('engines-table').getByTestId('table-row').filter({ hasText: TITLE }).click();
  const editor = page.getByTestId('engine-editor');
  await expect(editor.getByTestId('engine-title')).toHaveValue(TITLE);
  await expect(editor.getByTestId('engine-save')).toBeDisabled();
  await editor.getByTestId('try-mode-case').click();
  await editor.getByTestId('try-run').click();
  await expect(editor).toContainText('Enter a case reference, or describe a sample record.');
  await editor.getByTestId('try-reference').fill('AML-1999-000001');
  await editor.getByTestId('try-run').click();
  await expect(editor).toContainText('No case has this reference.');
  await editor.getByTestId('try-reference').fill(reference);
  await editor.getByTestId('try-run').click();
  await expect(editor.getByTestId('try-result')).toContainText(`Case ${reference}`);
  await expect(editor.getByTestId('try-result').getByTestId('try-case-status')).toHaveText('Failed');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  await page.getByTestId(`engine-actions-${TITLE}`).click();
  await page.getByTestId('engine-action-deactivate').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('the default rules');
});

test('risk scoring reads right-to-left in Arabic', async ({ page }) => {
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await inArabic(page, async () => {
    await page.goto('/risk-scoring');
    await expect(page.getByTestId('page-title')).toHaveText('تقييم المخاطر');
    await expect(page.getByTestId('engines-table').getByTestId('table-row').filter({ hasText: TITLE })).toContainText('الإصدار 1');
    await shot(page, 'risk-engines-ar');

    await page.getByTestId('engines-table').getByTestId('table-row').filter({ hasText: TITLE }).click();
    const editor = page.getByTestId('engine-editor');
    await expect(editor.getByTestId('engine-title')).toHaveValue(TITLE);
    await shot(page, 'risk-engine-editor-ar');
    await editor.locator('select[name=try_countries]').selectOption({ label: 'مصر' });
    await editor.getByTestId('try-record-terrorism').click();
    await editor.getByTestId('try-run').click();
    await expect(editor.getByTestId('try-result').getByTestId('try-case-status')).toHaveText('مرفوضة');
    await expect(editor.getByTestId('try-breakdown-0').getByTestId('risk-rule-row').nth(0)).toContainText('مستوفاة');
    await editor.getByTestId('try-run').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'risk-engine-try-ar');
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();

    await page.goto(caseUrl);
    await expect(page.getByTestId('case-sidebar').getByTestId('sidebar-risk-engine')).toContainText('الإصدار 1');
    await page.getByTestId('tab-risk').click();
    await expect(page.getByTestId('risk-engine-analysis')).toContainText('درجة محرك المخاطر');
    await expect(page.getByTestId('risk-engine-analysis').getByTestId('risk-decision')).toHaveText('مرفوضة');
    await shot(page, 'entity-risk-engine-ar');
  });
});
