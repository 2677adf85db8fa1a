/**
 * Bulk Search in Chromium against the real server: a file with errors is
 * refused with its problem list and a downloadable error file; the fixed file
 * is checked, started, and its progress moves in the table without a reload
 * until the batch succeeds; its cases open in Manage Case filtered by the
 * batch name; the summary and results download and read back; the batch is
 * deleted with a reason. English and Arabic screenshots go to test-results.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SEEDED, expect, inArabic, signIn, test } from './fixtures';

/** Enough rows that the batch runs for a few seconds, so its progress can be watched moving. */
const ROWS = 1_500;
const HEADER = 'name,entity_type,birth_year,countries';
const cleanRow = (i: number) => `Walker ${i} Trenton${i % 7},person,${1950 + (i % 50)},GB`;

function csv(rows: string[]) {
  return Buffer.from([HEADER, ...rows].join('\n') + '\n', 'utf8');
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

const batchRow = (page: Page, name: string) => page.getByTestId('batches-table').getByTestId('table-row').filter({ hasText: name });

async function rowAction(page: Page, name: string, action: string) {
  await batchRow(page, name).getByTestId('batch-actions').click();
  await page.getByTestId(`batch-action-${action}`).click();
}

test('a file with errors is fixed, started, followed live to Success, opened, downloaded and deleted', async ({ page }) => {
  // A shared two-core machine may screen slowly; the progress is watched until Success, however long.
  test.setTimeout(480_000);
  const name = `E2E batch ${Date.now()}`;
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/bulk-search');
  await expect(page.getByTestId('page-title')).toHaveText('Bulk Search');
  await expect(page.getByTestId('limit-banner')).toContainText('10,000');
  // A marker that a reload would wipe: the progress must move without one.
  await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));

  // ---- A file with a row without entity type and a bad year.
  await page.getByTestId('upload-file').click();
  const modal = page.getByTestId('upload-modal');
  await expect(modal).toHaveAttribute('data-step', 'choosing');
  // Nothing chosen: the browser says so without a request.
  await modal.getByTestId('check-file').click();
  await expect(modal.getByTestId('field-error').first()).toBeVisible();
  await modal.getByTestId('batch-name').fill(name);
  const rows = Array.from({ length: ROWS }, (_, i) => cleanRow(i));
  const broken = [...rows];
  broken[1] = 'Missing Type,,1980,GB';
  broken[2] = 'Too Old,person,1800,GB';
  await chooseFile(page, 'people.csv', csv(broken));
  await modal.getByTestId('check-file').click();
  await expect(modal).toHaveAttribute('data-step', 'invalid', { timeout: 30_000 });
  await expect(modal).toContainText('Errors Found in Your File');
  const problems = modal.getByTestId('problem-row');
  await expect(problems.filter({ hasText: 'entity_type' }).first()).toContainText('3');
  await expect(problems.filter({ hasText: 'birth_year' }).first()).toContainText('4');

  // ---- The error file names row, column, value and message.
  const [errorFile] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('download-errors').click()]);
  expect(errorFile.suggestedFilename()).toBe('people-errors.csv');
  const lines = readFileSync((await errorFile.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Row,Column,Value,Message');
  expect(lines.some((l) => l.startsWith('3,entity_type,'))).toBe(true);
  expect(lines.some((l) => l.startsWith('4,birth_year,1800,'))).toBe(true);

  // ---- The fixed file is checked at once and is ready.
  await chooseFile(page, 'people-fixed.csv', csv(rows));
  await expect(modal).toHaveAttribute('data-step', 'ready', { timeout: 30_000 });
  await expect(modal.getByTestId('ready')).toContainText(`${ROWS.toLocaleString('en')} entities ready to screen`);
  await expect(modal.getByTestId('ready')).toContainText(`${ROWS.toLocaleString('en')} AML Screening credits will be used`);

  // ---- Started: the modal follows it, then is closed while the batch keeps running.
  await modal.getByTestId('start-batch').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`Batch ${name} started`);
  await expect(modal).toHaveAttribute('data-step', /processing|done/);
  if ((await modal.getAttribute('data-step')) === 'processing') await modal.getByTestId('close-running').click();
  else await modal.getByTestId('close-done').click();
  await expect(modal).toHaveCount(0);

  // ---- The row's progress moves live (socket), without a reload, until Success.
  const row = batchRow(page, name);
  await expect(row).toBeVisible();
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        // One read of the row: the bar goes away when the batch ends, so asking for it after counting it
        // could wait for an element that is no longer there.
        const now = await row.evaluate((el) => ({
          done: el.querySelector('[data-testid="batch-progress"]')?.getAttribute('data-done') ?? null,
          status: (el.querySelector('[data-testid="batch-status"]') as HTMLElement | null)?.innerText ?? '',
        }));
        if (now.done !== null) seen.push(Number(now.done));
        return now.status;
      },
      { timeout: 360_000, intervals: [200] },
    )
    .toBe('Success');
  const moving = seen.filter((n, i) => i > 0 && n > seen[i - 1]);
  expect(moving.length, `done counts seen while running: ${seen.join(', ')}`).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
  await expect(row.getByTestId('success-count')).toHaveText(ROWS.toLocaleString('en'));
  await page.screenshot({ path: 'test-results/bulk-search-en.png', fullPage: true });

  // ---- The summary and the results download and read back.
  const [summary] = await Promise.all([page.waitForEvent('download'), rowAction(page, name, 'summary-csv')]);
  const summaryLines = readFileSync((await summary.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(summaryLines).toHaveLength(ROWS + 1);
  expect(summaryLines[1].toLowerCase()).toContain('screened');
  const [results] = await Promise.all([page.waitForEvent('download'), rowAction(page, name, 'results-csv')]);
  const resultLines = readFileSync((await results.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(resultLines.length).toBeGreaterThanOrEqual(ROWS + 1);
  expect(resultLines.slice(1).some((l) => l.includes('Walker 7 Trenton0'))).toBe(true);

  // ---- Its cases in Manage Case, filtered by the batch name, with a removable chip.
  await rowAction(page, name, 'view-cases');
  await expect(page).toHaveURL(/\/manage-case\?batch=E2E%20batch/);
  await expect(page.getByTestId('batch-filter')).toContainText(`Batch: ${name}`);
  await expect(page.getByTestId('pager')).toContainText(new RegExp(`of ${ROWS.toLocaleString('en').replace(',', ',?')}`));
  await page.getByTestId('batch-filter-remove').click();
  await expect(page).not.toHaveURL(/batch=/);
  await page.goBack();
  await expect(page.getByTestId('batch-filter')).toBeVisible();

  // ---- Deleting the batch needs a reason of 10 to 200 characters.
  await page.goto(`/bulk-search?name=${encodeURIComponent(name)}`);
  await expect(page.getByTestId('batches-table').getByTestId('table-row')).toHaveCount(1);
  await rowAction(page, name, 'delete');
  const dialog = page.getByTestId('delete-batch-dialog');
  await dialog.getByTestId('reason-input').fill('short');
  await dialog.getByTestId('dialog-submit').click();
  await expect(dialog.getByTestId('field-error')).toBeVisible();
  await dialog.getByTestId('reason-input').fill('Uploaded to the wrong client book, screened again later.');
  await dialog.getByTestId('dialog-submit').click();
  await expect(dialog).toHaveCount(0);
  // Focus returns to the page (the menu's trigger), so the keyboard can carry on.
  await expect(batchRow(page, name).getByTestId('batch-status')).toHaveText('Deleted');

  // ---- The same screen in Arabic, with the upload modal.
  await inArabic(page, async () => {
    await page.goto('/bulk-search');
    await expect(page.getByTestId('limit-banner')).toBeVisible();
    await expect(page.getByTestId('batches-table').getByTestId('table-row').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/bulk-search-ar.png', fullPage: true });
    await page.getByTestId('upload-file').click();
    await expect(page.getByTestId('upload-modal')).toBeVisible();
    // Finished, not mid-way through the modal's opening animation.
    await page.screenshot({ path: 'test-results/bulk-search-ar-modal.png', animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('upload-modal')).toHaveCount(0);
  });
});

test('the filters live in the address, and an empty result says so', async ({ page }) => {
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/bulk-search?name=no-such-batch-anywhere&status=Pending');
  await expect(page.getByTestId('batches-empty')).toContainText('No batch matches these filters');
  await expect(page.locator('input[name="name"]')).toHaveValue('no-such-batch-anywhere');
  await page.getByTestId('clear-filters').click();
  await expect(page).toHaveURL(/\/bulk-search$/);
  await page.getByTestId('filter-date').selectOption('custom');
  await page.locator('input[name="date_from"]').fill('2026-02-30');
  await page.getByTestId('apply-filters').click();
  await expect(page.getByTestId('custom-range').getByTestId('field-error')).toBeVisible();
});
