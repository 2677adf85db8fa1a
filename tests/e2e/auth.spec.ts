/** Sign-in in Chromium against the app as `npm start` runs it, with e-mail read from a real SMTP server. */
import { totp } from '../../server/auth/totp';
import { codeIn, linkIn } from '../helpers/smtp';
import { SEEDED, apiToken, expect, signIn, startApp, test } from './fixtures';

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${counter++}@example.com`;

/** A fresh account of its own organisation (signup), so tests do not change the seeded users. */
async function signUp(request: import('@playwright/test').APIRequestContext, base: string, prefix: string) {
  const account = { email: uniqueEmail(prefix), password: 'Sturdy-pass-7' };
  const res = await request.post(`${base}/api/signup`, { data: { name: 'Test Person', company_name: 'Test Co', ...account } });
  const body = await res.json();
  return { ...account, token: body.access_token as string };
}

test('an administrator signs in, lands on the dashboard, and signs out', async ({ page }) => {
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar')).toContainText('Roles Management');
  await expect(page.getByTestId('organisation-name')).toHaveText('Northwind Compliance');
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  await page.screenshot({ path: 'test-results/screens/dashboard-en.png' });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone: the shell sends us back to sign in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the server message and stays on sign-in', async ({ page }) => {
  await signIn(page, { email: SEEDED.analyst.email, password: 'wrong-password-1' });
  await expect(page.getByTestId('server-error')).toHaveText('Invalid e-mail or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-in with a code sent by e-mail', async ({ page, request, app }) => {
  const user = await signUp(request, app.url, 'email2fa');
  let since = app.smtp.messages.length;
  await request.post(`${app.url}/api/configure-otp`, { data: { action: 'start' }, headers: { authorization: `Bearer ${user.token}` } });
  const setupCode = codeIn(await app.smtp.waitFor(user.email, { since }));
  const confirmed = await request.post(`${app.url}/api/configure-otp`, { data: { action: 'confirm', code: setupCode }, headers: { authorization: `Bearer ${user.token}` } });
  expect(confirmed.ok()).toBe(true);

  since = app.smtp.messages.length;
  await signIn(page, user);
  await expect(page).toHaveURL(/\/verify-otp$/);
  const mail = await app.smtp.waitFor(user.email, { since, subject: /sign-in code/ });
  await page.getByLabel('Verification code').fill(codeIn(mail));
  await page.screenshot({ path: 'test-results/screens/verify-otp-en.png' });
  await page.getByRole('button', { name: 'Verify' }).click();
  // A new organisation on plan billing has no plan yet: its administrator lands on Plans.
  await expect(page).toHaveURL(/\/plans$/);
});

test('sign-in with an authenticator-app code', async ({ page, request, app }) => {
  const user = await signUp(request, app.url, 'app2fa');
  const auth = { authorization: `Bearer ${user.token}` };
  const start = await (await request.post(`${app.url}/api/configure-app-otp`, { data: { action: 'start' }, headers: auth })).json();
  // Confirm with the previous 30-second step's code (accepted for clock drift), leaving the current step's code unused.
  const confirm = await request.post(`${app.url}/api/configure-app-otp`, { data: { action: 'confirm', code: totp(start.secret, Date.now() - 30_000) }, headers: auth });
  expect(confirm.ok()).toBe(true);

  await signIn(page, user);
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByText('authenticator app')).toBeVisible();
  await page.getByLabel('Verification code').fill(totp(start.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('forgot password, reset through the mailed link, and sign in with the new password', async ({ page, request, app }) => {
  const user = await signUp(request, app.url, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const since = app.smtp.messages.length;
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/reset-email-sent$/);
  const link = linkIn(await app.smtp.waitFor(user.email, { since }), '/reset-password');
  expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByText(`For ${user.email}`)).toBeVisible();
  await page.getByLabel('New password').fill('Fresh-start-2026');
  await page.getByLabel('Confirm password').fill('Fresh-start-2026');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('snackbar-success')).toContainText('Password updated successfully.');

  await signIn(page, { email: user.email, password: 'Fresh-start-2026' });
  await expect(page).toHaveURL(/\/plans$/);

  // The link worked once: opening it again goes to the catch-all, which is sign-in.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
});

test('a secret sign-in link from the e-mail signs the user in', async ({ page, request, app }) => {
  const user = await signUp(request, app.url, 'secret');
  const since = app.smtp.messages.length;
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link instead' }).click();
  const link = linkIn(await app.smtp.waitFor(user.email, { since }), '/secret-login/');
  await page.goto(link);
  await expect(page).toHaveURL(/\/plans$/);
});

test('guards send a user to sign-in and so to their landing page; the menu shows only what the role allows', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/usage-report-pdf');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, SEEDED.analyst);
  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toContainText('Create New Case');
  await expect(sidebar).not.toContainText('Roles Management');
  await expect(sidebar).not.toContainText('Web Hooks');

  await page.goto('/role-management');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/manage-case?caseStatus=Closed');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/manage-case?caseStatus=For%20Review');
  await expect(page).toHaveURL(/\/manage-case\?caseStatus=For%20Review$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Signed in, the login page sends a non-demo user home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the basic plan blocks what it does not include', async ({ page }) => {
  await signIn(page, SEEDED.planAdmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar')).toContainText('Plans');
  await expect(page.getByTestId('sidebar')).not.toContainText('Bulk Search');
  await page.goto('/bulk-search');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the demo organisation is kept in /demo', async ({ page }) => {
  await signIn(page, SEEDED.demo);
  await expect(page).toHaveURL(/\/demo\/make-case$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/demo\/make-case$/);
});

test('Arabic turns the page right-to-left, and the choice survives a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-switch').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل الدخول');
  await page.screenshot({ path: 'test-results/screens/login-ar.png' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByLabel('البريد الإلكتروني').fill(SEEDED.admin.email);
  await page.getByLabel('كلمة المرور').fill(SEEDED.admin.password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('page-title')).toHaveText('لوحة المعلومات');
  await page.screenshot({ path: 'test-results/screens/dashboard-ar.png' });
  // Back to English for the tests that follow, kept in the administrator's profile too.
  await page.getByTestId('language-switch').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('below 768 pixels the app asks for a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto('/login');
  await expect(page.getByTestId('mobile-alert')).toBeVisible();
  await expect(page.getByTestId('mobile-alert')).toContainText('Please use a desktop or laptop');
  await page.screenshot({ path: 'test-results/screens/mobile-alert.png' });
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByTestId('mobile-alert')).toHaveCount(0);
});

test('setup-password with a wrong token clears local storage and shows the token-expired page', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('aml.searchModalWelcomeSeen', '1');
    localStorage.setItem('something.else', 'x');
  });
  await page.goto('/setup-password?token=not-a-real-token');
  await expect(page).toHaveURL(/\/token-expired\?token=setup$/);
  await expect(page.getByTestId('token-expired-body')).toContainText('invitation');
  const kept = await page.evaluate(() => ({ flag: localStorage.getItem('aml.searchModalWelcomeSeen'), other: localStorage.getItem('something.else') }));
  expect(kept).toEqual({ flag: '1', other: null });
});

test.describe('with short-lived tokens', () => {
  let short: Awaited<ReturnType<typeof startApp>>;
  test.beforeAll(async () => {
    // Tokens live 15 seconds (ample time to sign in on a slow machine) and reset links about one,
    // so expiry is seen in real time; the tests wait for it by asking the API, not for a fixed time.
    short = await startApp({ TOKEN_TTL_MINUTES: '0.25', RESET_TOKEN_TTL_MINUTES: '0.02' });
  });
  test.afterAll(async () => short?.stop());

  test('an expired reset link leads to the token-expired page', async ({ page, request }) => {
    const since = short.smtp.messages.length;
    await request.post(`${short.url}/api/forgot-password`, { data: { email: SEEDED.analyst.email } });
    const link = linkIn(await short.smtp.waitFor(SEEDED.analyst.email, { since }), '/reset-password');
    const token = new URL(link).searchParams.get('token')!;
    await expect
      .poll(async () => (await (await request.post(`${short.url}/api/verify-token`, { data: { token, type: 'reset' } })).json()).error_message, { timeout: 30_000 })
      .toBe('Token is expired');
    await page.goto(link);
    // This app started moments ago: its first start's list and media loads hold the server for seconds at a time.
    await expect(page).toHaveURL(`${short.url}/token-expired?token=reset&resetToken=${token}`, { timeout: 45_000 });
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/token-expired-en.png' });
  });

  test('a 401 during use sends the user to /login?redirect=session-expired', async ({ page, request }) => {
    // The browser's clock runs an hour behind, so its own expiry timer stays quiet and the
    // server's 401 'Token has expired' is what ends the session.
    await page.clock.install({ time: new Date(Date.now() - 3_600_000) });
    await page.clock.resume();
    await page.goto(`${short.url}/login`);
    await page.getByLabel('E-mail').fill(SEEDED.analyst.email);
    await page.getByLabel('Password').fill(SEEDED.analyst.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${short.url}/dashboard`);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aml.session') ?? '{}').access_token as string);
    await expect
      .poll(async () => (await request.get(`${short.url}/api/refresh`, { headers: { authorization: `Bearer ${token}` } })).status(), { timeout: 45_000, intervals: [500] })
      .toBe(401);
    await page.getByTestId('language-switch').selectOption('de');
    await expect(page).toHaveURL(`${short.url}/login?redirect=session-expired`);
    await expect(page.getByTestId('session-expired-notice')).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('aml.session'));
    expect(stored).toBeNull();
  });
});

test('the API token helper works for set-up steps', async ({ request, app }) => {
  expect(await apiToken(request, app.url, SEEDED.analyst)).toMatch(/^aml_/);
});
