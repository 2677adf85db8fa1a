/**
 * White-label schemes in the browser (docs/white-label.md): each partner's administrator sees the partner's
 * mark, name and colours; Northwind's sees the product's; the public pages, before anyone signs in and
 * after signing out, show the default. A screenshot per scheme, and one in Arabic.
 */
import type { Page } from '@playwright/test';
import { BRAND_MARKS, PARTNER_NAMES, brandIconPath, schemeColours, type Scheme } from '../../common/brands';
import { SEEDED, expect, inArabic, signIn, test } from './fixtures';

test.setTimeout(120_000);

const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';

const ACCOUNTS: [Scheme, { email: string; password: string }][] = [
  ['default', SEEDED.admin],
  ['petroshore', SEEDED.petroshore],
  ['fts', SEEDED.fts],
  ['meta_world', SEEDED.metaWorld],
];

const cssRgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** The logo on the page: which scheme, the glyph it draws, its tile's colour and the name beside it, read at once. */
async function logoOf(page: Page) {
  return page.getByTestId('logo').first().evaluate((el) => {
    const paths = el.querySelectorAll('svg path');
    return { scheme: el.getAttribute('data-scheme'), glyph: paths[1]?.getAttribute('d'), tile: paths[0]?.getAttribute('fill'), name: el.textContent?.trim() };
  });
}

async function expectLogo(page: Page, scheme: Scheme) {
  const c = schemeColours(scheme);
  await expect.poll(() => logoOf(page)).toEqual({
    scheme,
    glyph: BRAND_MARKS[scheme].glyph,
    tile: c.primary,
    name: scheme === 'default' ? 'Open AML' : PARTNER_NAMES[scheme],
  });
}

test('the sign-in page wears the default scheme', async ({ page }) => {
  await page.goto('/login');
  await expectLogo(page, 'default');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCSS('background-color', cssRgb(schemeColours('default').solid.colour));
});

for (const [scheme, account] of ACCOUNTS) {
  test(`${scheme}: the administrator sees the scheme's mark, name and colours`, async ({ page, request, app }) => {
    await signIn(page, account);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectLogo(page, scheme);
    // The browser tab's icon is the scheme's mark, and the file is served.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', brandIconPath(scheme));
    const icon = await request.get(`${app.url}${brandIconPath(scheme)}`);
    expect(icon.status()).toBe(200);
    expect(await icon.text()).toContain(BRAND_MARKS[scheme].glyph);

    await page.getByTestId('menu-create_new_case').click();
    const search = page.getByTestId('search-submit');
    await expect(search).toBeVisible();
    // A primary button is filled with the scheme's solid shade, the active menu item written in its text shade.
    await expect(search).toHaveCSS('background-color', cssRgb(schemeColours(scheme).solid.colour));
    await expect(page.getByTestId('menu-create_new_case').locator('div').first()).toHaveCSS('color', cssRgb(schemeColours(scheme).fg));
    await page.screenshot({ path: `${SCREENS}/white-label-${scheme}.png`, fullPage: true });

    if (scheme === 'meta_world') {
      await inArabic(page, async () => {
        await expectLogo(page, scheme);
        await expect(search).toHaveCSS('background-color', cssRgb(schemeColours(scheme).solid.colour));
        await page.screenshot({ path: `${SCREENS}/white-label-${scheme}-arabic.png`, fullPage: true });
      });
    }

    // Signed out, the public pages are the product's again.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await expectLogo(page, 'default');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', brandIconPath('default'));
  });
}
