/** Shell behaviour in Chromium: offline notice, chunk-load failure, realtime socket. */
import { SEEDED, expect, signIn, test } from './fixtures';

test('going offline shows the connection message', async ({ page, context }) => {
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.setOffline(true);
  await expect(page.getByTestId('snackbar-error')).toContainText('Please check your internet connection.');
  await expect(page.getByTestId('snackbar-error').first()).toContainText('Error');
  await context.setOffline(false);
});

test('a page chunk that fails to load is named in the error', async ({ page }) => {
  await page.route(/\/assets\/ForgotPasswordPage-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/forgot-password');
  await expect(page.getByTestId('chunk-error')).toContainText('Loading chunk forgot-password failed');
});

test('a build file that does not exist (a chunk of an older release) answers 404, not the page', async ({ request, app }) => {
  const missing = await request.get(`${app.url}/assets/ForgotPasswordPage-00000000.js`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('<div id="root">');
  // Client-side routes still get the page.
  const page = await request.get(`${app.url}/manage-case?caseStatus=Failed`);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
});

test('the socket connects with the session token and closes on sign-out', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => sockets.some((u) => u.includes('/socket.io/'))).toBe(true);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('aml.session'))).toBeNull();
});
