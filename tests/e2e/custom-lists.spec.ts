/**
 * AML Custom Lists in Chromium against the real server: the empty list page; a blacklist uploaded from
 * a file with errors (problem list, error file read back), then from the fixed file; its records
 * searched by another name; a record opened, commented on and the comment edited; a record added by
 * hand and one deleted with a reason; a misspelt name from the list screened in Create New Case shows
 * the blacklist hit; the filters live in the address. English and Arabic screenshots are written to
 * SCREENS_DIR (default test-results/).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SEEDED, expect, inArabic, signIn, test } from './fixtures';

const SCREENS = process.env.SCREENS_DIR ?? 'test-results';
const shot = (page: Page, name: string, options: { fullPage?: boolean } = {}) => page.screenshot({ path: `${SCREENS}/${name}.png`, animations: 'disabled', ...options });

const HEADER = 'full_name,entity_type,date_of_birth,country,category,aliases';
/** Made-up names that no public list holds, so the only hits they get are this blacklist's. */
const ROWS = [
  'Radomir Vellacott Ashgrove,person,1968-11-02,GB,Money mule,Rado Vellacott; R. V. Ashgrove',
  'Quintessa Marlowe Okonkwo,person,1983,NG,Card fraud,',
  'Halvard Tidewater Shipping Ltd,company,2004,CY,Shell company,Tidewater Shipping',
  'Zephyrine Castellanos Brügger,person,14/02/1991,CH,,Zephyrine Brugger',
];
const csv = (rows: string[]) => Buffer.from([HEADER, ...rows].join('\r\n') + '\r\n', 'utf8');

test('a blacklist is uploaded after fixing its file, its records are commented and edited, and a misspelt name from it is a blacklist hit', async ({ page }) => {
  test.setTimeout(240_000);
  const listName = `Fraud ring ${Date.now() % 100000}`;
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('menu-aml_custom_lists').click();
  await expect(page).toHaveURL(/\/aml-custom-list$/);
  await expect(page.getByTestId('page-title')).toHaveText('AML Custom Lists');
  // The seeded lists, or an empty page on a database that has none.
  await expect(page.getByTestId('lists-table').getByTestId('table-row').first().or(page.getByTestId('lists-empty'))).toBeVisible();

  // ---- The modal: nothing sent until the form is right.
  await page.getByTestId('create-list').click();
  const modal = page.getByTestId('list-upload-modal');
  await expect(modal).toHaveAttribute('data-step', 'editing');
  await modal.getByTestId('list-upload-submit').click();
  await expect(modal.getByTestId('field-error')).toHaveCount(4);
  await expect(modal).toContainText('Choose blacklist or whitelist.');
  await modal.getByTestId('list-name').fill(listName);
  await modal.getByTestId('list-description').fill('Mules and shell companies behind the March chargebacks');
  await modal.getByTestId('list-type-blacklist').click();
  await shot(page, 'custom-lists-modal-en');

  // ---- A file with a bad entity type and an unknown country.
  const broken = [...ROWS, 'Wrong Kind Here,planet,,GB,,', 'Nowhere Person,person,,ZZ,,'];
  await modal.getByTestId('list-file-input').setInputFiles({ name: 'fraud-ring.csv', mimeType: 'text/csv', buffer: csv(broken) });
  await modal.getByTestId('list-upload-submit').click();
  await expect(modal).toHaveAttribute('data-step', 'invalid', { timeout: 30_000 });
  await expect(modal).toContainText('Errors Found in Your File');
  const problems = modal.getByTestId('list-problem-row');
  await expect(problems).toHaveCount(2);
  await expect(problems.filter({ hasText: 'entity_type' })).toContainText('6');
  await expect(problems.filter({ hasText: 'country' })).toContainText('Unknown country code.');
  await shot(page, 'custom-lists-modal-invalid-en');
  const [errorFile] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('list-download-errors').click()]);
  expect(errorFile.suggestedFilename()).toBe('fraud-ring-errors.csv');
  const lines = readFileSync((await errorFile.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Row,Column,Value,Message');
  expect(lines).toContain('6,entity_type,planet,"Entity type must be person, company or location."');
  expect(lines).toContain('7,country,ZZ,Unknown country code.');

  // ---- The fixed file is sent at once; the new list opens.
  await modal.getByTestId('list-file-input').setInputFiles({ name: 'fraud-ring-fixed.csv', mimeType: 'text/csv', buffer: csv(ROWS) });
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`List ${listName} created with ${ROWS.length} records.`, { timeout: 30_000 });
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(/\/aml-custom-list\/[0-9a-f-]{36}$/);
  const listUrl = page.url();
  await expect(page.getByTestId('page-title')).toContainText(listName);
  await expect(page.getByTestId('list-type').first()).toHaveText('Blacklist');
  const records = page.getByTestId('records-table').getByTestId('table-row');
  await expect(records).toHaveCount(ROWS.length);
  await expect(page.getByTestId('list-facts')).toContainText('4 records');

  // ---- Searched by another name; the search is in the address.
  await page.getByTestId('record-search').fill('tidewater ship');
  await page.getByTestId('apply-record-search').click();
  await expect(page).toHaveURL(/\?search=tidewater%20ship$/);
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText('Halvard Tidewater Shipping Ltd');
  await page.goBack();
  await expect(records).toHaveCount(ROWS.length);

  // ---- A record added by hand, and one deleted with a reason.
  await page.getByTestId('add-record').click();
  const form = page.getByTestId('record-form');
  await form.getByTestId('record-full-name').fill('Ignatius Pembleton Varga');
  await form.getByTestId('record-country').fill('XX');
  await form.getByTestId('record-save').click();
  await expect(form.getByTestId('field-error')).toHaveText('Unknown country code.');
  await shot(page, 'custom-list-record-form-en');
  await form.getByTestId('record-country').fill('HU');
  await form.getByTestId('record-date').fill('1977-05');
  await form.getByTestId('record-aliases').fill('Iggy Varga\nI. P. Varga');
  await form.getByTestId('record-save').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Record added.');
  await expect(records).toHaveCount(ROWS.length + 1);
  const doomed = records.filter({ hasText: 'Quintessa Marlowe Okonkwo' });
  await doomed.getByTestId('record-actions').click();
  await page.getByTestId('record-action-delete').click();
  const deleteDialog = page.getByTestId('delete-record-dialog');
  await deleteDialog.getByTestId('reason-input').fill('too short');
  await deleteDialog.getByTestId('dialog-submit').click();
  await expect(deleteDialog.getByTestId('field-error')).toHaveText('Minimum 10 characters are required.');
  await deleteDialog.getByTestId('reason-input').fill('Cleared by the fraud team after review');
  await deleteDialog.getByTestId('dialog-submit').click();
  await expect(deleteDialog).toHaveCount(0);
  await expect(records).toHaveCount(ROWS.length);
  await shot(page, 'custom-list-records-en', { fullPage: true });

  // ---- A record's page: its fields and its comments.
  await records.filter({ hasText: 'Radomir Vellacott Ashgrove' }).getByTestId('record-link').click();
  await expect(page).toHaveURL(/\/aml-custom-list\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  const recordUrl = page.url();
  await expect(page.getByTestId('page-title')).toHaveText('Radomir Vellacott Ashgrove');
  await expect(page.getByTestId('fact-aliases')).toContainText('Rado Vellacott');
  await expect(page.getByTestId('fact-aliases')).toContainText('R. V. Ashgrove');
  await expect(page.getByTestId('fact-date')).toHaveText('November 2, 1968');
  await expect(page.getByTestId('fact-country')).toContainText('United Kingdom (GB)');
  await expect(page.getByTestId('fact-category')).toHaveText('Money mule');
  await expect(page.getByTestId('fact-entity-type')).toHaveText('Person');
  await expect(page.getByTestId('fact-list')).toHaveText(listName);
  await expect(page.getByTestId('fact-created')).toContainText('Ada Administrator');

  const comments = page.getByTestId('record-comments');
  await expect(comments.getByTestId('comments-empty')).toBeVisible();
  await comments.getByTestId('list-comment-input').fill('See (the) file');
  await comments.getByTestId('list-comment-submit').click();
  await expect(comments.getByTestId('field-error')).toHaveText('The characters ( ) [ ] { } < > are not allowed.');
  await comments.getByTestId('list-comment-input').fill('Confirmed with the account manager on the phone.');
  await comments.getByTestId('list-comment-submit').click();
  await expect(comments.getByTestId('list-comment')).toHaveCount(1);
  await expect(comments.getByTestId('list-comment-text')).toHaveText('Confirmed with the account manager on the phone.');
  await expect(comments.getByTestId('list-comment-input')).toHaveValue('');
  await comments.getByTestId('list-comment-edit-button').click();
  await comments.getByTestId('list-comment-edit').fill('Confirmed with the account manager on Monday.');
  await comments.getByTestId('list-comment-save').click();
  await expect(comments.getByTestId('list-comment-text')).toHaveText('Confirmed with the account manager on Monday.');
  await expect(comments.getByTestId('comment-edited')).toBeVisible();
  await shot(page, 'custom-list-record-en', { fullPage: true });

  // ---- Screened in Create New Case with a typo: the blacklist hit is there.
  await page.getByTestId('menu-create_new_case').click();
  await expect(page).toHaveURL(/\/make-case$/);
  await page.locator('input[name=search_term]').fill('Radomir Velacott Ashgrove');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/\/case\/AML-\d{4}-\d{6}$/, { timeout: 60_000 });
  const hit = page.getByTestId('hit-row').filter({ hasText: 'Radomir Vellacott Ashgrove' });
  await expect(hit).toHaveCount(1);
  await expect(hit.getByTestId('hit-appears-on')).toContainText(`Custom blacklist · ${listName}`);
  await shot(page, 'custom-list-hit-en');

  // ---- The same screens in Arabic.
  await inArabic(page, async () => {
    await page.goto('/aml-custom-list');
    await expect(page.getByTestId('lists-table').getByTestId('table-row').first()).toBeVisible();
    await shot(page, 'custom-lists-ar', { fullPage: true });
    await page.getByTestId('create-list').click();
    await expect(page.getByTestId('list-upload-modal')).toBeVisible();
    await shot(page, 'custom-lists-modal-ar');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('list-upload-modal')).toHaveCount(0);
    await page.goto(listUrl);
    await expect(records).toHaveCount(ROWS.length);
    await shot(page, 'custom-list-records-ar', { fullPage: true });
    await page.goto(recordUrl);
    await expect(page.getByTestId('record-comments').getByTestId('list-comment')).toHaveCount(1);
    await shot(page, 'custom-list-record-ar', { fullPage: true });
  });

  // ---- The list page in English, with the new list.
  await page.goto('/aml-custom-list');
  await expect(page.getByTestId('lists-table').getByTestId('table-row').filter({ hasText: listName }).getByTestId('total-records')).toHaveText(String(ROWS.length));
  await shot(page, 'custom-lists-en', { fullPage: true });
});

test('the list filters live in the address, and a filter that finds nothing says so', async ({ page }) => {
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/aml-custom-list?name=no-such-list-anywhere&type=whitelist&deleted=1');
  await expect(page.getByTestId('lists-empty')).toContainText('No list matches these filters.');
  await expect(page.locator('input[name="name"]')).toHaveValue('no-such-list-anywhere');
  await expect(page.getByTestId('filter-type')).toHaveValue('whitelist');
  await page.getByTestId('clear-filters').click();
  await expect(page).toHaveURL(/\/aml-custom-list$/);
});
