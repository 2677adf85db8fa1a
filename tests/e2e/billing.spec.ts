/**
 * Billing and credits in Chromium against the app as `npm start` runs it: the seeded basic-plan administrator
 * (Harbour Trading) has no Bulk Search, upgrades to Plus on Plans and sees Bulk Search in the menu at once,
 * without a reload; reads Credits Usage (balances, a chart, the ledger, a filter kept in the address);
 * downloads the new plan's invoice as a PDF and buys a top-up on Manage Payments; and a new organisation that
 * spends its trial credits meets the credits-expired dialog on Create New Case. English and Arabic screenshots
 * of the three screens go to test-results/screens (or SCREENS_DIR).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { SEEDED, expect, inArabic, screenByApi, signIn, test } from './fixtures';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
/**
 * A screenshot from the top with no snack bar over it and no control focused (a focused select scrolls the page
 * and shows the skip link); a page is taken whole, a dialog as the screen shows it.
 */
async function shot(page: Page, name: string, fullPage = true) {
  await dismissSnackbars(page);
  await page.evaluate(() => {
    if (!document.querySelector('[role=dialog],[role=alertdialog]')) (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${DIR}/billing-${name}.png`, fullPage, animations: 'disabled' });
}

/** Waits for the snack bars on screen to go (3 s each), so a message in one language is not over the next screenshot. */
async function dismissSnackbars(page: Page) {
  await expect(page.locator('[data-testid^="snackbar-"]')).toHaveCount(0);
}

/** Signs the plan administrator in and waits for the shell. */
async function signInPlanAdmin(page: Page) {
  await signIn(page, SEEDED.planAdmin);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

test('a basic-plan administrator upgrades to Plus and Bulk Search appears in the menu without a reload', async ({ page }) => {
  await signInPlanAdmin(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByTestId('menu-plans')).toBeVisible();
  // Basic leaves out Bulk Search, Search Profile, Risk Scoring and AML Custom Lists.
  await expect(sidebar.getByTestId('menu-bulk_search')).toHaveCount(0);
  await expect(sidebar.getByTestId('menu-search_profile')).toHaveCount(0);

  await sidebar.getByTestId('menu-plans').click();
  await expect(page).toHaveURL(/\/plans$/);
  const basic = page.getByTestId('plan-basic');
  const plus = page.getByTestId('plan-plus');
  await expect(basic).toHaveAttribute('data-current', 'true');
  await expect(basic.getByTestId('current-plan')).toBeVisible();
  await expect(plus).toHaveAttribute('data-current', 'false');
  await expect(basic.getByTestId('plan-feature-bulk-search')).toHaveAttribute('data-included', 'false');
  await expect(plus.getByTestId('plan-feature-bulk-search')).toHaveAttribute('data-included', 'true');
  await expect(plus.getByTestId('plan-feature-custom-source')).toHaveAttribute('data-included', 'false');
  await expect(plus.getByTestId('plan-price')).toHaveText('€1,290.00');
  await expect(plus.getByTestId('plan-credits-aml_screening')).toHaveText('2,000');
  await expect(basic.getByTestId('plan-daily-limit')).toHaveText('200 searches a day');
  await shot(page, 'plans-en');

  // Cancelling changes nothing.
  await plus.getByTestId('plan-plus-upgrade').click();
  const dialog = page.getByTestId('plan-confirm');
  await expect(dialog).toContainText('Upgrade to Plus?');
  await expect(dialog.getByTestId('plan-change-gained')).toHaveText('Available at once: Bulk Search, Search profiles, Risk Scoring, and AML Custom Lists.');
  await expect(dialog.getByTestId('plan-change-invoice')).toContainText('An invoice of €1,290.00');
  await shot(page, 'plan-confirm-en', false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(basic).toHaveAttribute('data-current', 'true');

  // A mark on the window survives only if the page is not reloaded.
  await page.evaluate(() => ((window as unknown as { billingMark: string }).billingMark = 'kept'));
  await plus.getByTestId('plan-plus-upgrade').click();
  await dialog.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').filter({ hasText: /You are now on the Plus plan\. Invoice INV-/ })).toBeVisible();
  await expect(plus).toHaveAttribute('data-current', 'true');
  await expect(basic.getByTestId('plan-basic-downgrade')).toBeVisible();
  await expect(page.getByTestId('plan-invoice-issued')).toContainText('Invoice INV-');
  await expect(sidebar.getByTestId('menu-bulk_search')).toBeVisible();
  await expect(sidebar.getByTestId('menu-search_profile')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { billingMark?: string }).billingMark)).toBe('kept');

  await dismissSnackbars(page);
  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('الخطط');
    await expect(plus.getByTestId('current-plan')).toHaveText('الخطة الحالية');
    await shot(page, 'plans-ar');
    await basic.getByTestId('plan-basic-downgrade').click();
    await expect(dialog).toContainText('هل تريد الانتقال إلى الخطة الأساسية؟');
    await expect(dialog.getByTestId('plan-change-lost')).toContainText('البحث المجمّع');
    await shot(page, 'plan-confirm-ar', false);
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(dialog).toBeHidden();
  });
});

test('Credits Usage shows the balances, a chart and the ledger, filtered by kind in the address', async ({ page }) => {
  await signInPlanAdmin(page);
  await page.getByTestId('sidebar').getByTestId('menu-credits_usage').click();
  await expect(page).toHaveURL(/\/credits-usage$/);
  await expect(page.getByTestId('page-title')).toHaveText('Credits Usage');

  const aml = page.getByTestId('credits-aml_screening');
  await expect(aml.getByTestId('credits-balance')).toHaveText(/^\d[\d,]*$/);
  await expect(aml.getByTestId('credits-used')).toHaveText(/^\d[\d,]*$/);
  await expect(aml.getByTestId('credits-alloted')).toHaveText(/^\d[\d,]*$/);
  const [balance, used, alloted] = await Promise.all(['credits-balance', 'credits-used', 'credits-alloted'].map(async (id) => Number((await aml.getByTestId(id).innerText()).replace(/,/g, ''))));
  expect(balance).toBe(alloted - used);

  await expect(page.getByTestId('spent-chart').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('spent-chart').locator('.recharts-bar-rectangle').first()).toBeAttached();
  await expect(page.getByTestId('balance-chart').locator('svg.recharts-surface')).toBeVisible();

  const table = page.getByTestId('ledger-table');
  await expect(table.getByTestId('table-row').first()).toBeVisible();
  const kindsBefore = new Set(await table.getByTestId('ledger-kind').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-kind'))));
  expect(kindsBefore.size).toBeGreaterThan(0);
  await shot(page, 'usage-en');

  // Filter by a kind the first page does not show only, so the rows must change.
  const other = ['media_watcher', 'transaction_monitoring', 'aml_screening'].find((k) => !(kindsBefore.size === 1 && kindsBefore.has(k)))!;
  await page.getByTestId('ledger-filter-kind').selectOption(other);
  await expect(page).toHaveURL(new RegExp(`/credits-usage\\?kind=${other}$`));
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByTestId('table-row').first()).toBeVisible();
  const kindsAfter = await table.getByTestId('ledger-kind').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-kind')));
  expect(new Set(kindsAfter)).toEqual(new Set([other]));
  expect(new Set(kindsAfter)).not.toEqual(kindsBefore);

  // The address is the view: a reload shows the same filter.
  await page.reload();
  await expect(page.getByTestId('ledger-filter-kind')).toHaveValue(other);
  await expect(table.getByTestId('table-row').first()).toBeVisible();

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-export-menu').click().then(() => page.getByTestId('ledger-export-csv').click())]);
  expect(csv.suggestedFilename()).toMatch(/^credits-ledger-\d{4}-\d{2}-\d{2}\.csv$/);

  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('استهلاك الرصيد');
    await expect(page.getByTestId('spent-chart').locator('svg.recharts-surface')).toBeVisible();
    await shot(page, 'usage-ar');
  });
});

test('Manage Payments downloads the plan’s invoice as a PDF and buys a top-up', async ({ page }) => {
  await signInPlanAdmin(page);
  await page.getByTestId('sidebar').getByTestId('menu-manage_payments').click();
  await expect(page).toHaveURL(/\/manage-payments$/);
  await expect(page.getByTestId('payments-plan')).toHaveText('Plus');
  await expect(page.getByTestId('payment-method-type')).toHaveText('Invoice, paid by bank transfer');
  // The installation has no bank account configured: the card names the payee and says where to ask, with no placeholder.
  const instructions = page.getByTestId('payment-instructions');
  await expect(instructions).toContainText('Pay each invoice by bank transfer within 14 days, quoting the invoice number.');
  await expect(instructions.getByTestId('payment-payee')).toHaveText('Open AML');
  await expect(instructions.getByTestId('payment-iban')).toHaveCount(0);
  await expect(instructions.getByTestId('payment-bank-details-request')).toHaveText('For the bank details, write to billing@openaml.invalid.');
  await expect(page.getByTestId('payment-method')).not.toContainText(/not configured/i);

  const invoices = page.getByTestId('invoices-table');
  const first = invoices.getByTestId('table-row').first();
  // Worded from the invoice's plan and period, the dates in the reader's format.
  await expect(first.getByTestId('invoice-description')).toHaveText(/^Plus plan, [A-Z][a-z]{2} \d{1,2}, \d{4} to [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(first.getByTestId('invoice-status')).toHaveAttribute('data-status', 'open');
  await expect(first.getByTestId('invoice-total')).toHaveText('€1,290.00');
  const number = (await first.getByTestId('invoice-number').innerText()).trim();
  const [pdf] = await Promise.all([page.waitForEvent('download'), first.getByTestId('invoice-pdf').click()]);
  expect(pdf.suggestedFilename()).toContain(number);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // Billing details: the API's rules show under the field before anything is sent, then they save.
  const form = page.getByTestId('billing-details-form');
  await form.locator('input[name=vat_number]').fill('12345');
  await page.getByTestId('save-billing-details').click();
  await expect(form.getByTestId('field-error').first()).toBeVisible();
  await form.locator('input[name=vat_number]').fill('');
  await form.locator('input[name=billing_email]').fill('accounts@harbour.example');
  await form.locator('input[name=address_line1]').fill('12 Quay Street');
  await form.locator('input[name=city]').fill('Bristol');
  await form.locator('input[name=postcode]').fill('BS1 4DJ');
  await form.locator('select[name=country]').selectOption('GB');
  await page.getByTestId('save-billing-details').click();
  await expect(page.getByTestId('snackbar-success').filter({ hasText: 'Billing details saved.' })).toBeVisible();
  await expect(form.locator('input[name=city]')).toHaveValue('Bristol');

  // A top-up: the price follows the packs, the confirmation repeats it, and its invoice appears.
  const rowsBefore = await invoices.getByTestId('table-row').count();
  await page.getByTestId('top-up-kind').selectOption('media_watcher');
  await page.getByTestId('top-up-packs').fill('0');
  await page.getByTestId('top-up-buy').click();
  await expect(page.getByTestId('top-up').getByTestId('field-error')).toHaveText('Choose from 1 to 50 packs.');
  await page.getByTestId('top-up-packs').fill('2');
  await expect(page.getByTestId('top-up-quote')).toHaveText('100 Media Watcher credits for €120.00');
  await page.getByTestId('top-up-buy').click();
  const confirm = page.getByTestId('top-up-confirm');
  await expect(confirm.getByTestId('top-up-confirm-quote')).toHaveText('2 packs: 100 Media Watcher credits for €120.00.');
  await confirm.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').filter({ hasText: /Invoice INV-.* has been issued/ })).toBeVisible();
  await expect(invoices.getByTestId('table-row')).toHaveCount(rowsBefore + 1);
  await expect(invoices.getByTestId('table-row').first().getByTestId('invoice-total')).toHaveText('€120.00');
  await expect(invoices.getByTestId('table-row').first().getByTestId('invoice-description')).toHaveText('100 Media Watcher credits');
  await shot(page, 'payments-en');

  await dismissSnackbars(page);
  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('إدارة المدفوعات');
    // How to pay, in Arabic: no English sentence from the server and no placeholder.
    const card = page.getByTestId('payment-method');
    await expect(instructions).toContainText('ادفع كل فاتورة بتحويل مصرفي خلال');
    await expect(instructions).toContainText('مع ذكر رقم الفاتورة');
    await expect(instructions.getByTestId('payment-bank-details-request')).toContainText('للحصول على البيانات المصرفية، راسل');
    await expect(card).not.toContainText(/not configured|Pay each invoice|bank transfer/i);
    // The invoices' descriptions, in Arabic: the top-up's credits and the plan's month.
    const rows = invoices.getByTestId('table-row');
    await expect(rows.first().getByTestId('invoice-description')).toContainText('وحدة من رصيد مراقب وسائل الإعلام');
    await expect(rows.filter({ hasText: number }).getByTestId('invoice-description')).toContainText('الخطة بلس، من');
    await expect(invoices).not.toContainText(/Plus plan|credits/);
    await shot(page, 'payments-ar');
  });
});

test('a new organisation that has spent its trial credits meets the credits-expired dialog', async ({ page, request, app }) => {
  const account = { email: `billing.${Date.now()}@example.com`, password: 'Sturdy-pass-7' };
  const res = await request.post(`${app.url}/api/signup`, { data: { name: 'Tess Trial', company_name: 'Trial Traders', ...account } });
  const body = await res.json();
  expect(res.ok(), JSON.stringify(body)).toBe(true);
  const token = body.access_token as string;
  // Sign-up starts on plan billing with 25 AML Screening credits (a trial until a plan is bought).
  for (let i = 0; i < 25; i++) await screenByApi(request, app.url, token, `Trial Person ${String.fromCharCode(65 + i)}`);

  await signIn(page, account);
  // Without a plan, a user who may pay lands on Plans.
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByTestId('no-plan-yet')).toBeVisible();
  await expect(page.getByTestId('plan-basic-choose')).toBeVisible();

  await page.getByTestId('sidebar').getByTestId('menu-credits_usage').click();
  const aml = page.getByTestId('credits-aml_screening');
  await expect(aml.getByTestId('credits-balance')).toHaveText('0');
  await expect(aml.getByTestId('credits-used')).toHaveText('25');
  await expect(aml.getByTestId('credits-low')).toBeVisible();

  await page.getByTestId('sidebar').getByTestId('menu-create_new_case').click();
  await expect(page).toHaveURL(/\/make-case$/);
  await page.locator('input[name=search_term]').fill('Ayman al-Zawahiri');
  await page.getByTestId('search-submit').click();
  const dialog = page.getByTestId('credits-expired-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('contact-sales')).toBeVisible();
  await shot(page, 'credits-expired-en', false);
  await expect(page).toHaveURL(/\/make-case$/);
});
