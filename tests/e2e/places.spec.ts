/**
 * Sanctioned places and merged listings in Chromium, against the app with every
 * bundled list: a location search for an address in Crimea is a case for review
 * whose hit names the region and the programme; an entity two publishers list is
 * one hit that shows both listings, on the results and on the entity's page; the
 * same screens in Arabic.
 */
import type { Page } from '@playwright/test';
import { SEEDED, apiToken, expect, inArabic, screenByApi, signIn, test } from './fixtures';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png` });

test('a location search for an address in Crimea is a case for review naming the region and its programme', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  const reference = await screenByApi(request, app.url, token, 'ul. Lenina 12, Sevastopol', 'location');
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/case/${reference}`);
  await expect(page.getByTestId('case-sidebar')).toContainText('For Review');
  const hit = page.getByTestId('hit-row').filter({ hasText: 'Crimea' }).first();
  await expect(hit).toBeVisible();
  await expect(hit).toContainText('UKRAINE-EO13685');
  await shot(page, 'place-case-en');

  await hit.getByTestId('hit-link').click();
  await expect(page.getByTestId('page-title')).toContainText('Crimea');
  await page.getByTestId('tab-risk').click();
  await expect(page.getByTestId('risk-analysis')).toContainText('Sevastopol');
  await shot(page, 'place-entity-en');
  await inArabic(page, async () => {
    await expect(page.getByTestId('risk-analysis')).toContainText('Sevastopol');
    await shot(page, 'place-entity-ar');
  });
});

test('an entity two publishers list is one hit that shows both listings', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.analyst);
  const reference = await screenByApi(request, app.url, token, 'Aiman al Zawahri');
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/case/${reference}`);
  const hits = page.getByTestId('hit-row').filter({ hasText: /ZAWAHIRI/ });
  await expect(hits).toHaveCount(1);
  await expect(hits.getByTestId('hit-also-on')).toContainText('UN Security Council');

  await hits.getByTestId('hit-link').click();
  const listings = page.getByTestId('key-data').getByTestId('hit-listing');
  await expect(listings).toHaveCount(2);
  await expect(listings.filter({ hasText: 'OFAC SDN' })).toHaveCount(1);
  await expect(listings.filter({ hasText: 'UN Security Council' })).toHaveCount(1);
  await listings.last().scrollIntoViewIfNeeded();
  await shot(page, 'merged-listings-en');
  await inArabic(page, async () => {
    await expect(page.getByTestId('key-data').getByTestId('hit-listing')).toHaveCount(2);
    await page.getByTestId('key-data').getByTestId('hit-listing').last().scrollIntoViewIfNeeded();
    await shot(page, 'merged-listings-ar');
  });
});
