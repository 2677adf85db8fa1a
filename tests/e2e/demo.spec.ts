/**
 * The demo in Chromium, against the app as `npm start` runs it (all real lists): the demo account lands
 * on /demo/make-case, screens a listed name within its daily allowance, reads the results and the
 * entity with the product's own components, and asks for a full account, which reaches the provider's
 * mailbox; the same screens in Arabic; and, on an app allowing one search a day, the used-up allowance.
 */
import type { Page } from '@playwright/test';
import { SEEDED, expect, inArabic, signIn, startApp, test } from './fixtures';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

// SCREENS_DIR keeps them out of test-results/, which every Playwright run empties.
// Pages whole; a dialog as the viewport shows it (a whole-page shot would draw its backdrop over the first screen only).
async function shot(page: Page, name: string, fullPage = true) {
  // A dialog fades in: wait for its animation to end, or the picture catches it half-drawn.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`, fullPage });
}

const LISTED = 'Ayman al-Zawahri';

async function searchFor(page: Page, name: string) {
  await page.locator('input[name=search_term]').fill(name);
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/\/demo\/case\?reference=AML-\d{4}-\d{6}$/, { timeout: 60_000 });
}

test('a demo visitor screens a listed name, reads the entity and asks for a full account', async ({ page, app }) => {
  await signIn(page, SEEDED.demo);
  await expect(page).toHaveURL(/\/demo\/make-case$/);
  await expect(page.getByTestId('page-title')).toHaveText('Try screening');
  await expect(page.getByTestId('recent-empty')).toBeVisible();
  const left = Number(await page.getByTestId('allowance').first().getAttribute('data-left'));
  expect(left).toBeGreaterThan(0);

  // The shared rules of Create New Case, before anything is sent.
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('field-error').first()).toHaveText('Required field.');
  await page.locator('input[name=search_term]').fill(LISTED);
  await page.locator('input[name=birth_year]').fill('1850');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('field-error').first()).toHaveText('Year must be greater than 1900.');
  await page.locator('input[name=birth_year]').fill('1951');
  await page.locator('select[name=country]').selectOption('EG');
  await shot(page, 'demo-make-case-en');

  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/\/demo\/case\?reference=AML-\d{4}-\d{6}$/, { timeout: 60_000 });
  const reference = new URL(page.url()).searchParams.get('reference')!;
  await expect(page.getByTestId('page-title')).toContainText(LISTED);
  const hit = page.getByTestId('hit-row').filter({ hasText: /ZAWAHIRI/i }).first();
  await expect(hit).toBeVisible();
  await expect(page.getByTestId('case-sidebar')).toContainText(reference);
  await expect(page.getByTestId('allowance').first()).toHaveAttribute('data-left', String(left - 1));
  // Only what the demo offers: no review, comments or report.
  await expect(page.getByTestId('review-case')).toHaveCount(0);
  await shot(page, 'demo-case-en');

  await hit.getByTestId('hit-link').click();
  await expect(page).toHaveURL(new RegExp(`/demo/case-detail\\?reference=${reference}&id=[0-9a-f-]{36}$`));
  await expect(page.getByTestId('page-title')).toContainText(/ZAWAHIRI/i);
  await expect(page.getByTestId('key-data')).toContainText('Also known as');
  await expect(page.getByTestId('entity-pager')).toContainText(/1 of \d+/);
  await page.getByTestId('tab-risk').click();
  await expect(page.getByTestId('risk-analysis')).toContainText('Name similarity');
  await shot(page, 'demo-case-detail-en');

  // Back to the search: the search is among the visitor's recent ones.
  await page.getByTestId('nav-new-search').click();
  await expect(page).toHaveURL(/\/demo\/make-case$/);
  await expect(page.getByTestId('recent-search').first()).toContainText(LISTED);

  // "Request full account", from the header of every demo screen.
  await page.getByTestId('request-account').click();
  const dialog = page.getByTestId('request-account-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('request-submit').click();
  await expect(dialog.getByTestId('field-error').first()).toHaveText('Name is required.');
  await dialog.locator('input[name=name]').fill('Jane Prospect');
  await dialog.locator('input[name=company]').fill('Example Bank plc');
  await dialog.locator('input[name=email]').fill('jane.prospect@example.com');
  await dialog.locator('input[name=phone]').fill('12-ab');
  await dialog.getByTestId('request-submit').click();
  await expect(dialog.getByTestId('field-error')).toHaveText('Please enter a valid phone number.');
  await dialog.locator('input[name=phone]').fill('+44 20 7946 0000');
  await dialog.locator('textarea[name=message]').fill('We screen about 2,000 customers a month.');
  await shot(page, 'demo-request-en', false);
  const since = app.smtp.messages.length;
  await dialog.getByTestId('request-submit').click();
  await expect(dialog.getByTestId('request-sent')).toContainText('Thank you. Your request has been sent and we will contact you at jane.prospect@example.com.');
  const mail = await app.smtp.waitFor('sales@localhost', { since });
  for (const value of ['Jane Prospect', 'Example Bank plc', 'jane.prospect@example.com', '+44 20 7946 0000', 'We screen about 2,000 customers a month.']) expect(mail.text).toContain(value);
  await shot(page, 'demo-request-sent-en', false);
  await dialog.getByTestId('request-close').click();
  await expect(dialog).toHaveCount(0);

  // The demo account stays in the demo.
  await page.goto('/manage-case');
  await expect(page).toHaveURL(/\/demo\/make-case$/);
});

test('the demo in Arabic, right to left', async ({ page }) => {
  await signIn(page, SEEDED.demo);
  await expect(page).toHaveURL(/\/demo\/make-case$/);
  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('جرّب الفحص');
    await shot(page, 'demo-make-case-ar');
    await searchFor(page, LISTED);
    await expect(page.getByTestId('hit-row').first()).toBeVisible();
    await shot(page, 'demo-case-ar');
    await page.getByTestId('hit-link').first().click();
    await expect(page).toHaveURL(/\/demo\/case-detail\?/);
    await expect(page.getByTestId('key-data')).toBeVisible();
    await shot(page, 'demo-case-detail-ar');
    await page.getByTestId('request-account').click();
    await expect(page.getByTestId('request-account-dialog')).toContainText('طلب حساب كامل');
    await shot(page, 'demo-request-ar', false);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('request-account-dialog')).toHaveCount(0);
  });
});

test('a used-up allowance says so and offers a full account', async ({ browser }) => {
  const own = await startApp({ DEMO_DAILY_SEARCHES: '1' });
  const context = await browser.newContext({ baseURL: own.url });
  const page = await context.newPage();
  try {
    await signIn(page, SEEDED.demo);
    // A just-started app still loads its media corpus in the background: its first pages take longer.
    await expect(page).toHaveURL(/\/demo\/make-case$/, { timeout: 60_000 });
    await expect(page.getByTestId('allowance').first()).toHaveAttribute('data-left', '1', { timeout: 60_000 });
    await searchFor(page, 'Eleanor Fairweather-Quinn');
    // Nothing matched: the results say so.
    await expect(page.getByTestId('no-results')).toContainText('No potential risk or match');
    await expect(page.getByTestId('allowance').first()).toHaveAttribute('data-left', '0');

    await page.getByTestId('new-search').click();
    await expect(page.getByTestId('allowance-used')).toContainText("You have used today's demo searches (1 a day).");
    await expect(page.getByTestId('search-submit')).toBeDisabled();
    await shot(page, 'demo-allowance-used-en');
    await page.getByTestId('allowance-used').getByRole('button').click();
    await expect(page.getByTestId('request-account-dialog')).toBeVisible();
  } finally {
    await context.close();
    await own.stop();
  }
});
