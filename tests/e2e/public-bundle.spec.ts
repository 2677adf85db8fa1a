/**
 * The sign-in page downloads only what the public pages need: not the signed-in
 * frame, not the realtime socket library, and no socket is opened; those come
 * after sign-in. The page's language arrives before anything is drawn, so no
 * message id or English text ever shows on an Arabic page. (Sizes are measured
 * by `npm run bench:bundle`, not here.)
 */
import { SEEDED, expect, test } from './fixtures';

const SIGNED_IN_ONLY = /\/assets\/(Shell|socket\.io)-[^/]+\.js$/;
/** A message id as the locale files spell them (namespace.key...), shown instead of its text. */
const MESSAGE_ID = /\b(auth|nav|cases|dashboard|shell|msg|roles|users|settings|audit|notifications|notification|admin|feedback|pages|placeholder|demo|a11y|app|snackbar)\.[a-z_]+\b/;

for (const language of ['en', 'ar'] as const) {
  test(`the sign-in page (${language}) loads no signed-in code and shows no untranslated text`, async ({ page }) => {
    const scripts: string[] = [];
    const sockets: string[] = [];
    const bodies: Promise<string>[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) bodies.push(response.text().catch(() => ''));
    });
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.addInitScript((lang) => {
      localStorage.setItem('aml.language', lang);
      // Every text the page shows from its first paint on.
      const seen: string[] = ((window as unknown as { shownTexts: string[] }).shownTexts = []);
      new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, { subtree: true, childList: true, characterData: true });
    }, language);

    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.locator('input[type=password]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const shown = await page.evaluate(() => (window as unknown as { shownTexts: string[] }).shownTexts);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((text) => MESSAGE_ID.test(text))).toEqual([]);
    if (language === 'ar') expect(shown.filter((text) => /Sign in|Password|E-mail/.test(text))).toEqual([]);
    expect(scripts.filter((path) => SIGNED_IN_ONLY.test(path))).toEqual([]);
    expect(sockets).toEqual([]);
    // Whatever the chunks are called: the socket library (engine.io's protocol query EIO=4) is in none of them.
    const loaded = await Promise.all(bodies);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((code) => code.includes('EIO=')).length).toBe(0);

    // Signing in brings them.
    await page.locator('input[type=email]').fill(SEEDED.analyst.email);
    await page.locator('input[type=password]').fill(SEEDED.analyst.password);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => SIGNED_IN_ONLY.test(path)).length).toBe(2);
    const afterSignIn = await page.evaluate(() => (window as unknown as { shownTexts: string[] }).shownTexts);
    expect(afterSignIn.filter((text) => MESSAGE_ID.test(text))).toEqual([]);
  });
}
