/**
 * Ongoing AML monitoring in Chromium, end to end: the app runs as `npm start`
 * runs it, downloading the UN list from a publisher stand-in on 127.0.0.1. When
 * the stand-in starts serving a new version (one record's remarks rewritten, a
 * newly listed person of a close name), the scheduled list update and the
 * monitoring pass change the analyst's open case: the new hit appears, the
 * changed record is marked updated, an alert waits for the organisation's next
 * digest (a day ahead at the soonest, so no notification arrives at once), and the history
 * says what monitoring did, in English and in Arabic.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { SEEDED, apiToken, expect, signIn, startApp, test } from './fixtures';

const LISTS_DIR = resolve(process.env.LISTS_DIR ?? '../shared/data/lists');
const UN_FILE = '/un_sc_consolidated/UN_consolidated.xml';
const NEWCOMER = 'AYMAN MOHAMMED RABIE AL-ZAWAHRI';
/** Waits for the drawer's opening animation to end, so the screenshot shows it as the user reads it. */
const settled = (page: Page) =>
  page.getByTestId('history-drawer').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png` });

/** The UN list as the publisher will next publish it. */
function nextUnVersion() {
  const [first, second, third, fourth] = NEWCOMER.split(' ');
  return readFileSync(join(LISTS_DIR, UN_FILE), 'utf8')
    .replace('<COMMENTS1>Leader of Al-Qaida (QDe.004).', '<COMMENTS1>Leader of Al-Qaida (QDe.004), remarks revised.')
    .replace(
      '<INDIVIDUALS>',
      `<INDIVIDUALS><INDIVIDUAL><DATAID>990001</DATAID><VERSIONNUM>1</VERSIONNUM><FIRST_NAME>${first}</FIRST_NAME><SECOND_NAME>${second}</SECOND_NAME>` +
        `<THIRD_NAME>${third}</THIRD_NAME><FOURTH_NAME>${fourth}</FOURTH_NAME><UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER>` +
        `<LISTED_ON>2026-11-01</LISTED_ON></INDIVIDUAL>`,
    );
}

test.setTimeout(180_000);

test('ongoing monitoring brings a newly listed name and a changed record into an open case', async ({ browser, request }) => {
  // The stand-in publishes the UN list only; the other lists keep their directory copies.
  let unList = readFileSync(join(LISTS_DIR, UN_FILE), 'utf8');
  const mirror: Server = createServer((req, res) => {
    const found = req.url === UN_FILE;
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/xml' });
    res.end(found ? unList : 'not found');
  });
  await new Promise<void>((r) => mirror.listen(0, '127.0.0.1', r));
  const app = await startApp({
    LIST_MIRROR_URL: `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`,
    LIST_UPDATE_INTERVAL_MINUTES: '0.1',
    MONITORING_INTERVAL_MINUTES: '0.1',
    LOG_LEVEL: 'info',
  });
  const context = await browser.newContext({ baseURL: app.url });
  try {
    const token = await apiToken(request, app.url, SEEDED.analyst);
    const created = await request.post(`${app.url}/api/search`, {
      headers: { authorization: `Bearer ${token}` },
      data: { search_term: 'Aiman Muhammed Rabi al-Zawahiri', entity_type: 'person', aml_monitoring: true },
      timeout: 60_000,
    });
    expect(created.ok()).toBe(true);
    const reference = (await created.json()).reference as string;

    const page = await context.newPage();
    await signIn(page, SEEDED.analyst);
    // The first start's seeding and the list and monitoring passes every six seconds share two cores with the browser,
    // so the first landing can take longer than an assertion's usual wait.
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 45_000 });
    await page.goto(`/case/${reference}`);
    const rows = page.getByTestId('hit-row');
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();
    await expect(rows.filter({ hasText: NEWCOMER })).toHaveCount(0);
    const updatedBadges = rows.getByText('Updated', { exact: true });
    await expect(updatedBadges).toHaveCount(0);
    const unread = Number((await page.getByTestId('notification-count').textContent({ timeout: 1000 }).catch(() => '0')) || 0);

    // The publisher releases a new version; the page changes by itself, without a reload.
    unList = nextUnVersion();
    await expect(rows.filter({ hasText: NEWCOMER })).toHaveCount(1, { timeout: 60_000 });
    await expect(rows).toHaveCount(before + 1);
    // The UN record whose remarks changed is marked, and only it.
    await expect(updatedBadges).toHaveCount(1);
    await expect(rows.filter({ has: page.getByText('Updated', { exact: true }) })).toContainText('AIMAN MUHAMMED RABI AL-ZAWAHIRI');
    await expect(page.getByTestId('case-sidebar')).toContainText('For Review');

    // What monitoring found is an alert for the organisation's digest, at least a day ahead whatever frequency it
    // chose, not a notification at once (docs/monitoring-configuration.md).
    const adminToken = await apiToken(request, app.url, SEEDED.admin);
    const settings = await (await request.get(`${app.url}/api/get-ongoing-monitoring-settings`, { headers: { authorization: `Bearer ${adminToken}` } })).json();
    expect(settings).toMatchObject({ pending_alerts: 1 });
    expect(Date.parse(settings.next_digest_at)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    if (unread) await expect(page.getByTestId('notification-count')).toHaveText(String(unread));
    else await expect(page.getByTestId('notification-count')).toHaveCount(0);

    await page.getByTestId('open-history').click();
    const history = page.getByTestId('history-drawer');
    await expect(history).toContainText('New hits from monitoring');
    await expect(history).toContainText(`Found: ${NEWCOMER}`);
    await expect(history).toContainText('Listed record changed');
    await expect(history).toContainText('Changed: Remarks');
    await expect(history).toContainText('Ongoing monitoring');
    await settled(page);
    await shot(page, 'monitoring-history-en');
    await page.keyboard.press('Escape');

    await page.getByTestId('language-switch').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('open-history').click();
    await expect(page.getByTestId('history-drawer')).toContainText('المراقبة المستمرة');
    await expect(page.getByTestId('history-drawer')).toContainText('نتائج جديدة من المراقبة');
    await settled(page);
    await shot(page, 'monitoring-history-ar');
  } catch (error) {
    // The server's own account of the list updates and monitoring passes, for whoever reads the failure.
    console.log(app.output().slice(-4000));
    throw error;
  } finally {
    await context.close();
    await app.stop();
    await new Promise<void>((r) => mirror.close(() => r()));
  }
});
