/**
 * Changing a user's sign-in e-mail in Chromium: the administrator edits the
 * address, the users table shows it waiting for confirmation, the link mailed
 * to the new address (read from the real SMTP server) confirms it, and the user
 * signs in with the new address; the users screen and the confirmation page in
 * English and Arabic screenshots.
 */
import type { Page } from '@playwright/test';
import { linkIn } from '../helpers/smtp';
import { SEEDED, apiToken, expect, signIn, test } from './fixtures';

const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`, animations: 'disabled' });

test('an administrator changes a user\'s e-mail, which the user confirms from the mailed link', async ({ browser, request, app }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const user = { name: 'Elena Mover', email: `elena.${stamp}@example.com`, password: 'Elena-pass-2026' };
  const next = `elena.new.${stamp}@example.com`;

  // Set-up, not under test: the user exists and has chosen a password.
  const token = await apiToken(request, app.url, SEEDED.admin);
  const roles = await (await request.get(`${app.url}/api/get_all_roles`, { headers: { authorization: `Bearer ${token}` } })).json();
  const analystRole = roles.data.find((r: { name: string }) => r.name === 'Analyst')._id;
  let since = app.smtp.messages.length;
  expect((await request.post(`${app.url}/api/create-user`, { headers: { authorization: `Bearer ${token}` }, data: { name: user.name, email: user.email, role_id: analystRole } })).ok()).toBe(true);
  const setup = new URL(linkIn(await app.smtp.waitFor(user.email, { since }), '/setup-password')).searchParams.get('token');
  expect((await request.post(`${app.url}/api/setup-password`, { data: { token: setup, password: user.password } })).ok()).toBe(true);

  const adminContext = await browser.newContext({ baseURL: app.url });
  const userContext = await browser.newContext({ baseURL: app.url });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, SEEDED.admin);
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.goto('/user-management');
    await admin.getByTestId(`user-actions-${user.email}`).click();
    await admin.getByTestId('user-action-edit').click();
    const form = admin.getByTestId('user-form');
    await expect(form).toContainText('Changing the address sends a confirmation link to the new one');
    await form.locator('input[name=email]').fill('not-an-address');
    await form.getByTestId('dialog-submit').click();
    await expect(form).toContainText('Please enter a valid e-mail address.');
    await form.locator('input[name=email]').fill(SEEDED.analyst.email);
    await form.getByTestId('dialog-submit').click();
    await expect(form).toContainText('An account with this e-mail already exists.');

    await form.locator('input[name=email]').fill(next);
    since = app.smtp.messages.length;
    await form.getByTestId('dialog-submit').click();
    await expect(admin.getByTestId('snackbar-success').filter({ hasText: `A confirmation link has been sent to ${next}.` })).toBeVisible();
    const row = admin.getByTestId('users-table').getByRole('row').filter({ hasText: user.email });
    await expect(row.getByTestId('pending-email')).toHaveText(`Waiting for confirmation: ${next}`);
    await shot(admin, 'users-pending-email-en');

    // Until the link is opened the user signs in with the old address.
    const page = await userContext.newPage();
    await signIn(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);

    const mail = await app.smtp.waitFor(next, { since, subject: /Confirm your new e-mail/ });
    expect(mail.text).toContain(user.email);
    await page.goto(linkIn(mail, '/confirm-email'));
    await expect(page.getByTestId('confirm-email-done')).toHaveText(`Your e-mail address is now ${next}. Please sign in with it.`);
    await shot(page, 'confirm-email-en');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, { email: next, password: user.password });
    await expect(page).toHaveURL(/\/dashboard$/);

    // The administrator's table shows the new address, and the page reads right-to-left in Arabic.
    await admin.reload();
    await expect(admin.getByTestId('users-table')).toContainText(next);
    await expect(admin.getByTestId('pending-email')).toHaveCount(0);
    await admin.getByTestId('language-switch').selectOption('ar');
    await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
    await admin.goto('/audit-history');
    await expect(admin.getByText('أكّد عنوان بريد إلكتروني جديدًا').first()).toBeVisible();
    await shot(admin, 'audit-email-change-ar');

    // A used link says so, in the language chosen on the page.
    await page.goto(linkIn(mail, '/confirm-email'));
    await page.getByTestId('language-switch').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('server-error')).toHaveText('الرمز المميز غير صحيح');
    await shot(page, 'confirm-email-used-ar');
  } finally {
    // The header's switch saved Arabic in the seeded administrator's profile; later specs of this worker sign in as them.
    const token = await apiToken(request, app.url, SEEDED.admin);
    await request.post(`${app.url}/api/update-profile`, { data: { language: 'en' }, headers: { authorization: `Bearer ${token}` } });
    await adminContext.close();
    await userContext.close();
  }
});
