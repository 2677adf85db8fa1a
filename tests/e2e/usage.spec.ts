/**
 * Usage Statistics in Chromium against the app as `npm start` runs it: the administrator of Northwind (which has
 * the usage report) opens the screen, picks a preset (kept in the address), sees the charts and the tables with
 * the numbers the API counts, checks a custom range, downloads the report as a PDF and makes a report link; the
 * screen in English and Arabic (screenshots in test-results/screens). A report link opens the PDF without
 * signing in, a wrong one says why, and /usage-report-pdf without a token goes to sign-in.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { SEEDED, apiToken, expect, inArabic, screenByApi, signIn, test } from './fixtures';

const SCREENS = 'test-results/screens';
async function shot(page: Page, name: string, height = 1500) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height });
  await page.screenshot({ path: `${SCREENS}/${name}.png`, animations: 'disabled' });
  await page.setViewportSize(size);
}

test.setTimeout(120_000);

/**
 * The numbers on screen are the API's for the same period. The first start's samples (a bulk batch, media cases)
 * arrive in the background, so a page drawn before one landed is read again until the two agree: the tiles and the
 * table's row are read together, then the API asked.
 */
async function showsWhatTheApiCounts(page: Page, request: APIRequestContext, url: string, token: string, query: string): Promise<string> {
  await expect(page.getByTestId('total-searches')).toBeVisible();
  const shown = await page.evaluate(() => {
    const text = (id: string, root: ParentNode = document) => root.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
    const row = [...document.querySelectorAll('[data-testid="usage-users"] [data-testid="table-row"]')].find((r) => r.textContent?.includes('Ada Administrator'));
    return {
      totals: ['searches', 'hits', 'decisions', 'media_searches', 'transactions', 'alerts'].map((m) => text(`total-${m}`)),
      ada: row ? ['searches', 'decisions', 'media_searches'].map((m) => text(`user-${m}`, row)) : null,
    };
  });
  const counted = await (await request.get(`${url}/api/usage-statistics?${query}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const ada = counted.users.find((u: { user: { name: string } | null }) => u.user?.name === 'Ada Administrator');
  const expected = {
    totals: ['searches', 'hits', 'decisions', 'media_searches', 'transactions', 'alerts'].map((m) => counted.totals[m].toLocaleString('en-US')),
    ada: ada ? ['searches', 'decisions', 'media_searches'].map((m) => ada[m].toLocaleString('en-US')) : null,
  };
  const same = JSON.stringify(shown) === JSON.stringify(expected);
  if (!same) await page.reload();
  return same ? 'the same' : `shown ${JSON.stringify(shown)}, counted ${JSON.stringify(expected)}`;
}

test('the administrator reads the usage of a period, downloads the report and makes a report link', async ({ page, request, app }) => {
  // Something to count today, whatever else the worker's app has done by now.
  const token = await apiToken(request, app.url, SEEDED.admin);
  await screenByApi(request, app.url, token, 'Ayman al-Zawahri');

  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The menu has no Usage Statistics item; the dashboard leads there.
  await page.getByRole('link', { name: 'Usage Statistics' }).click();
  await expect(page).toHaveURL(/\/usage-statistics$/);
  await expect(page.getByTestId('page-title')).toHaveText('Usage Statistics');
  // The default period is the last 30 days.
  await expect(page.getByTestId('usage-preset')).toHaveValue('last_30_days');

  await page.getByTestId('usage-preset').selectOption('last_7_days');
  await expect(page).toHaveURL(/\/usage-statistics\?preset=last_7_days$/);
  await expect.poll(() => showsWhatTheApiCounts(page, request, app.url, token, 'date_preset=last_7_days'), { timeout: 60_000 }).toBe('the same');
  expect(Number((await page.getByTestId('total-searches').textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);
  // The charts are drawn: bars in an svg for the days and the outcomes.
  for (const chart of ['chart-screening', 'chart-monitoring', 'chart-case-status', 'chart-alert-level']) {
    await expect(page.getByTestId(chart).locator('svg.recharts-surface')).toBeVisible();
  }
  await expect(page.getByTestId('chart-screening').locator('.recharts-bar-rectangle').first()).toBeVisible();
  // The table per user holds the administrator's own row (its numbers were compared above).
  await expect(page.getByTestId('usage-users').getByTestId('table-row').filter({ hasText: 'Ada Administrator' })).toBeVisible();

  // Back and Forward keep the period with the address.
  await page.getByTestId('usage-preset').selectOption('this_month');
  await expect(page).toHaveURL(/\?preset=this_month$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?preset=last_7_days$/);
  await expect(page.getByTestId('usage-preset')).toHaveValue('last_7_days');

  // A custom range is checked before anything is asked for, then shown and kept in the address.
  await page.getByTestId('usage-preset').selectOption('custom');
  const range = page.getByTestId('usage-range');
  await range.locator('input[name=date_from]').fill('2026-02-30');
  await page.getByTestId('usage-apply').click();
  await expect(range.getByTestId('field-error')).toHaveText('Invalid day.');
  await range.locator('input[name=date_from]').fill('2020-01-01');
  await page.getByTestId('usage-apply').click();
  await expect(range.getByTestId('field-error')).toHaveText('Choose a period of at most 2 years.');
  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  await range.locator('input[name=date_from]').fill(weekAgo);
  await range.locator('input[name=date_to]').fill(today);
  await page.getByTestId('usage-apply').click();
  await expect(page).toHaveURL(new RegExp(`\\?preset=custom&from=${weekAgo}&to=${today}$`));
  await expect.poll(() => showsWhatTheApiCounts(page, request, app.url, token, `date_preset=custom&date_from=${weekAgo}&date_to=${today}`), { timeout: 60_000 }).toBe('the same');
  await shot(page, 'usage-statistics-en');

  // The report of the period shown, as a PDF.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('usage-download').click()]);
  expect(download.suggestedFilename()).toBe(`usage-report-${weekAgo}-${today}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await download.saveAs('test-results/usage-report.pdf');

  // A report link, shown once.
  await page.getByTestId('usage-share').click();
  const dialog = page.getByTestId('usage-link-dialog');
  await expect(dialog.getByTestId('usage-link')).toContainText(`${app.url}/usage-report-pdf?token=`);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('إحصاءات الاستخدام');
    await expect(page.getByTestId('tile-searches')).toContainText('عمليات البحث');
    await expect(page.getByTestId('chart-screening').locator('svg.recharts-surface')).toBeVisible();
    await shot(page, 'usage-statistics-ar');
  });
});

test('a report link opens the report without signing in; a wrong one says why; no token goes to sign-in', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.admin);
  const made = await request.post(`${app.url}/api/usage-statistics/share-link`, { headers: { authorization: `Bearer ${token}` }, data: { date_preset: 'last_30_days' } });
  expect(made.ok()).toBe(true);
  const link = new URL((await made.json()).url);

  // Nobody is signed in in this page.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('usage-report-ready')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usage report');
  await shot(page, 'usage-report-link-en', 850);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('usage-report-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^usage-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

  // In Arabic, right to left.
  await page.getByTestId('language-switch').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تقرير الاستخدام');
  await shot(page, 'usage-report-link-ar', 850);
  await page.getByTestId('language-switch').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // A wrong token: the page says the link is not valid, and offers sign-in.
  await page.goto('/usage-report-pdf?token=not-a-real-token');
  await expect(page.getByTestId('usage-report-failed')).toContainText('This report link is not valid. Ask your administrator for a new one.');
  await expect(page.getByRole('link', { name: 'Go to sign-in' })).toBeVisible();

  // Without a token: sign-in.
  await page.goto('/usage-report-pdf');
  await expect(page).toHaveURL(/\/login$/);
});
