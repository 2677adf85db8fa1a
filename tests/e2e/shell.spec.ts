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
