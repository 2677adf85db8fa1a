/**
 * Search profiles in Chromium against the app as `npm start` runs it (every list loaded): an
 * administrator creates a profile in the screen (the form's own checks first, then PEP only, one
 * list, a default country, publisher search), finds it by a search kept in the address, opens it
 * again; an analyst-facing flow screens a US Congress member with it in Create New Case and the case
 * says it used the profile, which it keeps after the profile is deleted with a confirmation. English
 * and Arabic screenshots go to test-results/search-profiles (or SCREENS_DIR).
 */
import type { Page } from '@playwright/test';
import { SEEDED, expect, inArabic, signIn, test } from './fixtures';

test.setTimeout(180_000);

const DIR = process.env.SCREENS_DIR ?? 'test-results/search-profiles';
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `${DIR}/${name}.png`, fullPage, animations: 'disabled' });

const TITLE = 'Congress watch';
const row = (page: Page) => page.getByTestId('profiles-table').getByTestId('table-row').filter({ hasText: TITLE });

test('a profile made in the screen is what Create New Case screens with, and the case keeps it', async ({ page }) => {
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('menu-search_profile').click();
  await expect(page).toHaveURL(/\/search-profile$/);
  await expect(page.getByTestId('page-title')).toHaveText('Search Profile');

  // A search that finds nothing shows the empty state and lives in the address.
  await page.getByTestId('profile-search').fill('Nothing like this');
  await page.getByTestId('profile-search').press('Enter');
  await expect(page).toHaveURL(/\/search-profile\?search=Nothing%20like%20this$/);
  await expect(page.getByTestId('profiles-empty')).toContainText('No profile title contains “Nothing like this”.');
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page).toHaveURL(/\/search-profile$/);

  // ---- Create: the form's own rules first.
  await page.getByTestId('create-profile').click();
  const form = page.getByTestId('profile-form');
  await expect(form.getByTestId('database-pep')).toBeVisible({ timeout: 30_000 });
  await form.getByTestId('dialog-submit').click();
  await expect(form.getByTestId('field-error').first()).toHaveText('Required field.');
  await form.locator('input[name=title]').fill('PEP & co');
  await form.getByTestId('dialog-submit').click();
  await expect(form.getByTestId('field-error').first()).toHaveText('Title must not contain special characters.');
  await form.locator('input[name=title]').fill(TITLE);

  // PEP only, and only the US Congress list among its sources.
  await form.getByTestId('database-sanctions').click();
  await form.getByTestId('database-warnings_and_regulatory_enforcement').click();
  await form.getByTestId('source-mode-chosen').click();
  await form.getByTestId('dialog-submit').click();
  await expect(form.getByTestId('profile-sources').getByTestId('field-error')).toHaveText('Choose at least one source, or search all sources.');
  // Only the lists of the chosen databases are offered.
  await expect(form.getByTestId('source-un_sc_consolidated')).toHaveCount(0);
  await form.getByTestId('source-pep_us_congress').click();
  await form.locator('select[name=countries]').selectOption('US');
  await expect(form).toContainText('United States');
  await form.getByTestId('switch-publisher_search').click();
  await shot(page, 'profile-form-en', false);
  await form.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`Search profile ${TITLE} created.`);
  await expect(form).toBeHidden();

  await expect(row(page)).toContainText('PEP');
  await expect(row(page)).toContainText('US Congress');
  await expect(row(page)).toContainText('United States');
  await expect(row(page)).toContainText('On');
  await expect(row(page)).toContainText('Ada Administrator');

  // The search is kept in the address: a reload shows the same list.
  await page.getByTestId('profile-search').fill('congress');
  await page.getByTestId('profile-search').press('Enter');
  await expect(page).toHaveURL(/\?search=congress$/);
  await page.reload();
  await expect(page.getByTestId('profile-search')).toHaveValue('congress');
  await expect(row(page)).toBeVisible();
  await shot(page, 'profiles-en');

  // Opened again, the dialog shows what was saved.
  await row(page).getByTestId(`profile-actions-${TITLE}`).click();
  await page.getByTestId('profile-action-edit').click();
  await expect(form.locator('input[name=title]')).toHaveValue(TITLE);
  await expect(form.getByTestId('database-pep').locator('input')).toBeChecked();
  await expect(form.getByTestId('database-sanctions').locator('input')).not.toBeChecked();
  await expect(form.getByTestId('source-pep_us_congress').locator('input')).toBeChecked();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  // ---- Create New Case by the profile.
  await page.goto('/make-case');
  await page.locator('input[name=search_term]').fill('Nancy Pelosi');
  await page.getByTestId('search-type-profile').click();
  await page.locator('select[name=search_profile_id]').selectOption({ label: TITLE });
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/\/case\/AML-\d{4}-\d{6}$/, { timeout: 60_000 });
  const caseUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('case-sidebar')).toContainText(`Profile “${TITLE}”`);
  await expect(page.getByTestId('hit-row').first()).toContainText(/PELOSI/i);

  // ---- Arabic: the list and the dialog, right to left.
  await page.goto('/search-profile');
  await expect(row(page)).toBeVisible();
  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('ملف تعريف البحث');
    await shot(page, 'profiles-ar');
    await page.getByTestId('create-profile').click();
    await expect(form.getByTestId('database-pep')).toBeVisible({ timeout: 30_000 });
    await form.getByTestId('source-mode-chosen').click();
    await expect(form.getByTestId('source-pep_us_congress')).toBeVisible();
    await shot(page, 'profile-form-ar', false);
    await form.getByRole('button', { name: 'إلغاء' }).click();
    await expect(form).toBeHidden();
  });

  // ---- Delete, after a confirmation; the case keeps the profile it used.
  await row(page).getByTestId(`profile-actions-${TITLE}`).click();
  await page.getByTestId('profile-action-delete').click();
  const confirm = page.getByTestId('profile-delete');
  await expect(confirm).toContainText(`Delete the profile ${TITLE}?`);
  await confirm.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Search profile deleted.');
  await expect(row(page)).toHaveCount(0);
  await page.goto(caseUrl);
  await expect(page.getByTestId('case-sidebar')).toContainText(`Profile “${TITLE}”`);
});
