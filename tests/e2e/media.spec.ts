/**
 * Media Watcher in Chromium against the app as `npm start` runs it (the shared news corpus loaded), with
 * outbound requests allowed to 127.0.0.1 (OUTBOUND_ALLOW) so a custom source can be a feed this test serves
 * there. An analyst's first visit shows the welcome; "fraud" and a Russian keyword are searched, an article
 * is read with its keywords highlighted by category and the searched word marked, "Fetch more" asks for its
 * paid-check confirmation first, and the results are saved as a media case, found in Media Manage Case and
 * reviewed on its page. The credits dialog shows when the API answers 402 credits_expired. A screening case
 * of a name the news mentions fills its entity's Adverse Media tab. A custom source added in the screen is
 * read (In-Progress, then Live, its articles counted while the table refreshes by itself) and its articles
 * are found by a search. English and Arabic screenshots of the screens go to test-results/media (or SCREENS_DIR).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../common/constants';
import { SEEDED, apiToken, expect, inArabic, screenByApi, signIn, startApp, test as base, type RunningApp } from './fixtures';

const DIR = process.env.SCREENS_DIR ?? 'test-results/media';
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: `${DIR}/${name}.png`, fullPage, animations: 'disabled' });

/** A news feed on 127.0.0.1: an RSS 2.0 channel with two items about a made-up company. */
interface Feed {
  url: string;
  requests: number;
  close(): Promise<void>;
}

const FEED_WORD = 'Quillfeather';
const FEED_ITEMS = [
  {
    guid: 'quillfeather-1',
    title: `${FEED_WORD} Holdings director charged with money laundering`,
    body: `Prosecutors charged the finance director of ${FEED_WORD} Holdings with money laundering and wire fraud, saying he moved bribes through shell companies in three countries.`,
  },
  {
    guid: 'quillfeather-2',
    title: `${FEED_WORD} Holdings opens a new office`,
    body: `${FEED_WORD} Holdings opened a new office in the harbour district and plans to hire forty people this year.`,
  },
];

async function startFeed(): Promise<Feed> {
  const feed = { requests: 0 } as Feed;
  const server: Server = createServer((req, res) => {
    feed.requests++;
    const items = FEED_ITEMS.map(
      (item, i) => `<item><guid>${item.guid}</guid><title>${item.title}</title><link>https://news.example.com/${item.guid}</link><pubDate>${new Date(Date.now() - i * 3_600_000).toUTCString()}</pubDate><description>${item.body}</description></item>`,
    ).join('');
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Harbour Business Wire</title><link>https://news.example.com</link><description>Local business news</description>${items}</channel></rss>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  feed.url = `http://127.0.0.1:${port}/feed.xml`;
  feed.close = () => new Promise((resolve) => server.close(() => resolve()));
  return feed;
}

// The app of this file may read feeds on 127.0.0.1: the custom source's feed lives there.
const test = base.extend<{ feed: Feed }, { workerApp: RunningApp }>({
  workerApp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await startApp({ OUTBOUND_ALLOW: '127.0.0.1' });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // eslint-disable-next-line no-empty-pattern
  feed: async ({}, use) => {
    const feed = await startFeed();
    await use(feed);
    await feed.close();
  },
});

test.setTimeout(240_000);
test.describe.configure({ mode: 'serial' });

/**
 * The shared corpus loads in a background job once the server listens (server/media-corpus/corpus-job.ts),
 * and the first start's sample media cases are made when it is done: their arrival in the list (a call that
 * spends no credit) says the news can be searched.
 */
async function corpusLoaded(request: APIRequestContext, base: string) {
  const token = await apiToken(request, base, SEEDED.admin);
  await expect
    .poll(
      async () => {
        const res = await request.get(`${base}/api/adverse-media?page=1&page_size=1`, { headers: { authorization: `Bearer ${token}` } });
        return res.ok() ? ((await res.json()) as { total: number }).total : 0;
      },
      { timeout: 180_000, intervals: [1000, 2000, 5000] },
    )
    .toBeGreaterThan(0);
}

/** The welcome was seen before (a flag kept on logout): later tests open Media Search without it. */
const welcomeSeen = (page: Page) => page.addInitScript((key) => localStorage.setItem(key, '1'), STORAGE_KEYS.mediaWatcherWelcome);

/** Types keywords into the chip box, each ended with Enter, and runs the search. */
async function search(page: Page, ...keywords: string[]) {
  const box = page.getByTestId('keyword-input');
  for (const k of keywords) {
    await box.fill(k);
    await box.press('Enter');
  }
  await page.getByTestId('run-search').click();
  await expect(page.getByTestId('run-search')).not.toHaveAttribute('data-loading');
}

const CASE_NAME = 'E2E fraud review';

test('searches the news in English and Russian, reads an article, fetches more after confirming, and saves a media case', async ({ page, request, baseURL }) => {
  await corpusLoaded(request, baseURL!);
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('menu-media_search').click();
  await expect(page).toHaveURL(/\/media-search$/);

  // The first visit's welcome, kept dismissed.
  const welcome = page.getByTestId('media-welcome');
  await expect(welcome).toContainText('Welcome to Media Watcher');
  await welcome.getByTestId('media-welcome-dismiss').click();
  await expect(welcome).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.mediaWatcherWelcome)).toBe('1');
  await expect(page.getByTestId('media-start')).toBeVisible();
  await expect(page.getByTestId('media-credits')).toContainText('Media Watcher credits left:');

  // Chips: Enter and a comma make them; a mode is chosen on the chip; Backspace removes the focused one.
  const box = page.getByTestId('keyword-input');
  await box.fill('bank, sport,');
  await expect(page.getByTestId('keyword-chip')).toHaveCount(2);
  await page.getByTestId('keyword-chip-mode').nth(1).click();
  await page.getByTestId('keyword-mode-exclude').click();
  await expect(page.getByTestId('keyword-chip').nth(1)).toHaveAttribute('data-mode', 'exclude');
  await page.getByTestId('keyword-chip-mode').nth(0).focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('keyword-chip')).toHaveCount(1);
  // Only exclusions: the API's own message, and nothing is spent.
  await page.getByTestId('run-search').click();
  await expect(page.getByTestId('keyword-problem')).toHaveText('Add at least one keyword to include.');
  await box.press('Backspace');
  await expect(page.getByTestId('keyword-chip')).toHaveCount(0);

  // English: "fraud", marked in the snippets.
  await search(page, 'fraud');
  await expect(page).toHaveURL(/\/media-search\?kw=all%3Afraud/);
  const articles = page.getByTestId('article');
  await expect(articles).toHaveCount(20);
  await expect(page.getByTestId('media-count')).toContainText(/[\d,]+ articles found, 20 shown/);
  await expect(articles.first().getByTestId('article-snippet').locator('mark[data-mark=term]').first()).toHaveText(/fraud/i);
  await expect(articles.first().getByTestId('category-badge').first()).toBeVisible();
  await expect(articles.first().getByTestId('sentiment-badge')).toBeVisible();

  // The reader: the whole text, adverse keywords in their category's colour with a legend, the searched word marked.
  // An article with adverse keywords besides the searched word (where they meet, the searched word's mark wins).
  const laundering = articles.filter({ has: page.getByTestId('adverse-keywords').getByText('money laundering', { exact: true }) }).first();
  await laundering.getByTestId('article-title').click();
  const reader = page.getByTestId('article-reader');
  await expect(reader.getByTestId('reader-body')).toBeVisible();
  await expect(reader.getByTestId('reader-body').locator('mark[data-mark=keyword]').first()).toBeVisible();
  await expect(reader.getByTestId('reader-body').locator('mark[data-mark=term]').first()).toBeVisible();
  await expect(reader.getByTestId('legend-terms')).toHaveText('Searched words');
  await expect(reader.getByTestId('legend-category').filter({ hasText: 'Money laundering' })).toBeVisible();
  await expect(reader.getByTestId('reader-body').locator('mark[data-category=money_laundering]').first()).toBeVisible();
  await expect(reader.getByTestId('reader-original')).toHaveAttribute('rel', /noopener/);
  await expect(reader.getByTestId('reader-original')).toHaveAttribute('target', '_blank');
  await shot(page, 'media-reader-en', false);
  await page.keyboard.press('Escape');
  await expect(reader).toBeHidden();

  // "Fetch more" is a paid check: confirmed first, cancelling spends nothing.
  const credits = async () => Number((await page.getByTestId('media-credits').textContent())!.replace(/\D/g, ''));
  const before = await credits();
  await page.getByTestId('fetch-more').click();
  const confirm = page.getByTestId('fetch-more-dialog');
  await expect(confirm).toContainText('extra paid check');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(articles).toHaveCount(20);
  expect(await credits()).toBe(before);
  await page.getByTestId('fetch-more').click();
  await confirm.getByTestId('dialog-submit').click();
  await expect(articles).toHaveCount(40);
  expect(await credits()).toBe(before - 1);
  await page.getByTestId('page-title').scrollIntoViewIfNeeded();
  await shot(page, 'media-search-en');
  await page.getByTestId('media-count').scrollIntoViewIfNeeded();
  await shot(page, 'media-results-en');

  // Saved as a media case: its page opens.
  await page.getByTestId('save-media-case').click();
  const save = page.getByTestId('save-case-dialog');
  await expect(save).toContainText('40 articles');
  await save.locator('input[name=name]').fill('x');
  await save.getByTestId('dialog-submit').click();
  await expect(save.getByTestId('field-error')).toHaveText('Name must be 2 to 100 characters.');
  await save.locator('input[name=name]').fill(CASE_NAME);
  await save.locator('input[name=name]').press('Enter');
  await expect(page).toHaveURL(/\/adverse-media-detail\/MW-\d+$/);
  await expect(page.getByTestId('snackbar-success').first()).toContainText(/Media case MW-\d+ created\./);
  const reference = page.url().split('/').pop()!;
  await expect(page.getByTestId('page-title')).toHaveText(CASE_NAME);
  await expect(page.getByTestId('media-case-articles').getByTestId('article')).toHaveCount(40);
  await expect(page.getByTestId('query-chips').first()).toContainText('fraud');

  // Reviewed: an article's match status, then the case's status and risk.
  const firstArticle = page.getByTestId('media-case-articles').getByTestId('article').first();
  await firstArticle.getByTestId('article-match-select').selectOption('True Positive');
  await expect(firstArticle.getByTestId('article-match-select')).toBeEnabled();
  await page.getByTestId('media-case-status').selectOption('Failed');
  await page.getByTestId('media-risk-level').selectOption('High');
  await page.getByTestId('media-case-save').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`Media case ${reference} updated.`);
  await expect(page.getByTestId('case-status').first()).toHaveText('Failed');
  await page.reload();
  await expect(firstArticle.getByTestId('article-match-select')).toHaveValue('True Positive');
  await shot(page, 'media-case-en');
  const report = page.waitForEvent('download');
  await page.getByTestId('media-report').click();
  expect((await report).suggestedFilename()).toMatch(/\.pdf$/);

  // Listed in Media Manage Case, read (the page was opened), and found by its name.
  await page.getByTestId('menu-media_manage_case').click();
  await expect(page).toHaveURL(/\/media-manage-case$/);
  const row = page.getByTestId('media-cases-table').getByTestId('table-row').filter({ hasText: CASE_NAME });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('media-case-reference')).toHaveAttribute('data-read', 'read');
  await row.getByTestId(`media-case-actions-${reference}`).click();
  await page.getByTestId('media-case-action-unread').click();
  await expect(row.getByTestId('media-case-reference')).toHaveAttribute('data-read', 'unread');
  await page.getByTestId('media-filter-read').selectOption('unread');
  await expect(page).toHaveURL(/read=unread/);
  await expect(row).toHaveCount(1);
  await page.getByTestId('media-filter-status').selectOption('Passed');
  await expect(page.getByTestId('media-cases-empty')).toContainText('No media cases found');
  await page.goto(`/media-manage-case?search=${encodeURIComponent(CASE_NAME)}`);
  await expect(row).toHaveCount(1);
  await shot(page, 'media-manage-case-en');
  // The filtered cases as a spreadsheet.
  const exported = page.waitForEvent('download');
  await page.getByTestId('media-export-menu').click();
  await page.getByTestId('media-export-csv').click();
  const file = await exported;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync(await file.path(), 'utf8')).toContain(CASE_NAME);

  // Russian: a keyword in Cyrillic finds Russian articles; a name in Latin letters finds its Cyrillic spelling.
  await page.goto('/media-search');
  await search(page, 'мошенничество');
  await expect(articles.first()).toBeVisible();
  await expect(articles.first().getByTestId('article-language')).toHaveText('Russian');
  await expect(articles.first().locator('mark[data-mark=term]').first()).toHaveText(/мошенничеств/i);
  await page.getByTestId('clear-search').click();
  await search(page, 'Vinnik');
  await expect(articles.first().getByTestId('article-title')).toContainText('Винник');
  await expect(articles.first().locator('mark[data-mark=term]').first()).toHaveText(/Винник/);

  await inArabic(page, async () => {
    await page.goto(`/media-search?kw=all%3Afraud&lang=en`);
    await search(page);
    await expect(articles).toHaveCount(20);
    await expect(page.getByTestId('page-title')).toHaveText('البحث في وسائل الإعلام');
    await shot(page, 'media-search-ar');
    await page.getByTestId('media-count').scrollIntoViewIfNeeded();
    await shot(page, 'media-results-ar');
    await articles.first().getByTestId('article-title').click();
    await expect(reader.getByTestId('reader-body')).toBeVisible();
    await shot(page, 'media-reader-ar', false);
    await page.keyboard.press('Escape');
    await page.goto(`/adverse-media-detail/${reference}`);
    await expect(page.getByTestId('page-title')).toHaveText(CASE_NAME);
    await shot(page, 'media-case-ar');
    await page.goto('/media-manage-case');
    await expect(row).toHaveCount(1);
    await shot(page, 'media-manage-case-ar');
  });

  // Deleted with a reason: gone from the list, kept under "Show deleted cases".
  await page.goto(`/media-manage-case?search=${encodeURIComponent(CASE_NAME)}`);
  await row.getByTestId('row-select').click();
  await page.getByTestId('bulk-delete').click();
  const remove = page.getByTestId('media-delete-dialog');
  await remove.locator('textarea').fill('Opened by mistake during testing.');
  await remove.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Media cases deleted: 1.');
  await expect(row).toHaveCount(0);
  await page.getByTestId('media-filter-deleted').click();
  await expect(row).toHaveCount(1);
});

test('shows the credits-expired dialog when the search is refused for want of credits', async ({ page }) => {
  await welcomeSeen(page);
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.route(
    (url) => url.pathname === '/api/adverse-media',
    (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 402, json: { error_message: 'Your Media Watcher search limit has been reached.', code: 'media_credits', credits_expired: true } }) : route.continue()),
  );
  await page.goto('/media-search');
  await search(page, 'fraud');
  const dialog = page.getByTestId('credits-expired-dialog');
  await expect(dialog).toContainText('Media Watcher credits expired');
  await expect(dialog.getByTestId('contact-sales')).toBeVisible();
  await expect(page.getByTestId('media-credits')).toContainText('Media Watcher credits left: 0');
  await shot(page, 'media-credits-expired-en', false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a screening case of a name in the news fills its entity’s Adverse Media tab', async ({ page, request, baseURL }) => {
  const token = await apiToken(request, baseURL!, SEEDED.admin);
  const reference = await screenByApi(request, baseURL!, token, 'Nancy Pelosi');
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/case/${reference}`);
  await page.getByTestId('hit-link').first().click();
  await expect(page).toHaveURL(new RegExp(`/case-detail/${reference}/`));
  await page.getByTestId('tab-media').click();
  const media = page.getByTestId('entity-media');
  await expect(media.getByTestId('article').first()).toBeVisible({ timeout: 30_000 });
  await expect(media.getByTestId('entity-media-count')).toContainText(/mention/);
  await expect(media.getByTestId('media-matched').first()).toContainText('Nancy Pelosi');
  await media.getByTestId('article-title').first().click();
  const reader = page.getByTestId('article-reader');
  await expect(reader.getByTestId('reader-body').locator('mark[data-mark=term]').first()).toHaveText('Nancy Pelosi');
  await page.keyboard.press('Escape');
  await shot(page, 'media-tab-en');
  await inArabic(page, async () => {
    await expect(media.getByTestId('article').first()).toBeVisible();
    await shot(page, 'media-tab-ar');
  });
});

test('a custom source served on 127.0.0.1 is read, its articles counted, and found by a search', async ({ page, feed }) => {
  await welcomeSeen(page);
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('menu-add_custom_source').click();
  await expect(page).toHaveURL(/\/custom-source$/);

  // The form's own rules, in the API's words.
  await page.getByTestId('add-source').click();
  const form = page.getByTestId('source-form');
  await form.locator('input[name=publisher_name]').fill('<b>Harbour</b>');
  await form.locator('input[name=url]').fill('javascript:alert(1)');
  await form.locator('input[name=frequency_minutes]').fill('5');
  await form.getByTestId('dialog-submit').click();
  await expect(form.getByTestId('field-error')).toHaveText(['Invalid Publisher Name Format', 'Invalid link format', 'Required field.', 'Frequency must be 15 to 480 minutes.']);
  await form.locator('input[name=publisher_name]').fill('Harbour Business Wire');
  await form.locator('input[name=url]').fill(feed.url);
  await form.locator('textarea[name=description]').fill('Local business news from the harbour district');
  await form.locator('input[name=frequency_minutes]').fill('15');
  await shot(page, 'custom-source-form-en', false);
  await form.locator('input[name=frequency_minutes]').press('Enter');
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Custom source Harbour Business Wire added.');

  // Read at once: the table refreshes by itself until the source is Live with its articles.
  const row = page.getByTestId('sources-table').getByTestId('table-row').filter({ hasText: 'Harbour Business Wire' });
  await expect(row.getByTestId('source-status')).toHaveAttribute('data-status', 'Live', { timeout: 60_000 });
  await expect(row.getByTestId('source-articles')).toHaveText('2');
  expect(feed.requests).toBeGreaterThan(0);
  await expect(page.getByTestId('snackbar-success')).toHaveCount(0);
  await shot(page, 'custom-sources-en');

  // Paused and resumed; "Read now" reads it again.
  await row.getByTestId('source-actions-Harbour Business Wire').click();
  await page.getByTestId('source-action-pause').click();
  await expect(row.getByTestId('source-status')).toHaveAttribute('data-status', 'In-Active');
  await expect(row.getByTestId('source-read-Harbour Business Wire')).toBeDisabled();
  await row.getByTestId('source-actions-Harbour Business Wire').click();
  await page.getByTestId('source-action-resume').click();
  await expect(row.getByTestId('source-status')).not.toHaveAttribute('data-status', 'In-Active');
  const reads = feed.requests;
  await row.getByTestId('source-read-Harbour Business Wire').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Reading Harbour Business Wire now.');
  await expect.poll(() => feed.requests, { timeout: 30_000 }).toBeGreaterThan(reads);

  await expect(page.getByTestId('snackbar-success')).toHaveCount(0);
  await inArabic(page, async () => {
    await expect(row).toBeVisible();
    await shot(page, 'custom-sources-ar');
  });

  // Its articles are searched with the rest of the news, and classified.
  await page.goto('/media-search');
  await search(page, FEED_WORD);
  const articles = page.getByTestId('article');
  await expect(articles).toHaveCount(2);
  const laundering = articles.filter({ hasText: 'money laundering' });
  await expect(laundering.getByTestId('article-meta')).toContainText('Harbour Business Wire');
  await expect(laundering.locator('[data-category=money_laundering]').first()).toBeVisible();
});
