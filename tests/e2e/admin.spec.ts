/**
 * Administration in Chromium against the app as `npm start` runs it, with
 * e-mail read from a real SMTP server: inviting an analyst who sets a password
 * from the mailed link; a role change shrinking the analyst's menu and API
 * access while they work; two-factor with an authenticator app; a notification
 * arriving live; the feedback dialog's messages; the users and roles screens
 * in Arabic. The seeded accounts are left as they were: the tests create their
 * own role and user.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { totp } from '../../server/auth/totp';
import { linkIn } from '../helpers/smtp';
import { SEEDED, apiToken, expect, signIn, test } from './fixtures';

const SCREENS = 'test-results/screens';
const stamp = Date.now().toString(36);
const ROLE = `Screening desk ${stamp}`;
const analyst = { name: 'Samira Haddad', email: `samira.${stamp}@example.com`, password: 'Samira-pass-2026' };

let adminContext: BrowserContext;
let analystContext: BrowserContext;
let admin: Page;
let analystPage: Page;

async function newPage(browser: Browser, baseURL: string): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 850 } });
  return [context, await context.newPage()];
}

/** A screenshot to look at, taken with animations finished. */
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/${name}.png`, animations: 'disabled' });

/** The access token the app keeps for the signed-in user. */
const tokenOf = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('aml.session') ?? '{}').access_token as string);

test.describe.serial('administration', () => {
  test.beforeAll(async ({ browser, request, app }) => {
    // The role under test: a small analyst role that can also read the users list.
    const token = await apiToken(request, app.url, SEEDED.admin);
    const res = await request.post(`${app.url}/api/create-role`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: ROLE, permissions: ['view_dashboard', 'view_users', 'view_search_profile'] },
    });
    expect(res.ok()).toBe(true);
    [adminContext, admin] = await newPage(browser, app.url);
    [analystContext, analystPage] = await newPage(browser, app.url);
  });

  test.afterAll(async () => {
    await adminContext?.close();
    await analystContext?.close();
  });

  test('an administrator invites an analyst, who sets a password from the mailed link and sees only what the role allows', async ({ app }) => {
    await signIn(admin, SEEDED.admin);
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.getByTestId('menu-users').click();
    await expect(admin).toHaveURL(/\/user-management$/);
    await expect(admin.getByTestId('users-table')).toContainText(SEEDED.analyst.email);

    // The search needs at least one filter.
    await admin.getByTestId('user-search').click();
    await expect(admin.getByTestId('filter-error')).toHaveText('Please enter at least one filter.');
    await admin.locator('input[name=search_name]').fill('nobody-is-called-this');
    await admin.getByTestId('user-search').click();
    await expect(admin.getByTestId('users-empty')).toContainText('No users found');
    await admin.getByRole('button', { name: 'Clear the search' }).click();
    await expect(admin.getByTestId('users-table')).toContainText(SEEDED.admin.email);
    await shot(admin, 'users-en');

    await admin.getByTestId('add-user').click();
    const form = admin.getByTestId('user-form');
    await form.locator('input[name=name]').fill('S4mira');
    await form.locator('input[name=email]').fill('not-an-email');
    await form.getByTestId('dialog-submit').click();
    await expect(form).toContainText('Name must not contain special characters or digits.');
    await expect(form).toContainText('Please enter a valid e-mail address.');
    await form.locator('input[name=name]').fill(analyst.name);
    await form.locator('input[name=email]').fill(analyst.email);
    await form.locator('select[name=role_id]').selectOption({ label: ROLE });
    await shot(admin, 'user-form-en');
    const since = app.smtp.messages.length;
    await form.getByTestId('dialog-submit').click();
    await expect(admin.getByTestId('snackbar-success').filter({ hasText: `User created. An invitation to set a password has been sent to ${analyst.email}.` })).toBeVisible();
    const row = admin.getByTestId('users-table').getByRole('row').filter({ hasText: analyst.email });
    await expect(row).toContainText('Invited');
    await expect(row).toContainText(ROLE);

    // The invitation, from the real SMTP server.
    const mail = await app.smtp.waitFor(analyst.email, { since });
    expect(mail.subject).toBe('You are invited to Northwind Compliance');
    const link = linkIn(mail, '/setup-password');
    expect(link.startsWith(`${app.url}/setup-password?token=`)).toBe(true);

    await analystPage.goto(link);
    await analystPage.getByLabel('New password').fill(analyst.password);
    await analystPage.getByLabel('Confirm password').fill(analyst.password);
    await analystPage.getByRole('button', { name: 'Save and continue' }).click();
    await expect(analystPage).toHaveURL(/\/login$/);
    await signIn(analystPage, analyst);
    await expect(analystPage).toHaveURL(/\/dashboard$/);

    const sidebar = analystPage.getByTestId('sidebar');
    await expect(sidebar.getByTestId('menu-users')).toBeVisible();
    await expect(sidebar.getByTestId('menu-dashboard')).toBeVisible();
    await expect(sidebar.getByTestId('menu-search_profile')).toBeVisible();
    await expect(sidebar.getByTestId('menu-roles_management')).toHaveCount(0);
    await expect(sidebar.getByTestId('menu-create_new_case')).toHaveCount(0);
    await expect(sidebar.getByTestId('menu-audit_history')).toHaveCount(0);
    // Reading users is allowed, changing them is not: no add button, no row actions.
    await sidebar.getByTestId('menu-users').click();
    await expect(analystPage.getByTestId('users-table')).toContainText(analyst.email);
    await expect(analystPage.getByTestId('add-user')).toHaveCount(0);
    await expect(analystPage.getByTestId(`user-actions-${SEEDED.analyst.email}`)).toHaveCount(0);
    // A screen the role does not allow sends the analyst home.
    await analystPage.goto('/role-management');
    await expect(analystPage).toHaveURL(/\/dashboard$/);

    // The administrator now sees the user as active.
    await admin.reload();
    await expect(admin.getByTestId('users-table').getByRole('row').filter({ hasText: analyst.email })).toContainText('Active');
  });

  test("the administrator removes a permission and the analyst's menu and API access shrink, without signing in again", async ({ app }) => {
    await analystPage.goto('/user-management');
    await expect(analystPage.getByTestId('users-table')).toContainText(analyst.email);
    const analystToken = await tokenOf(analystPage);
    expect((await analystPage.request.get(`${app.url}/api/get_all_users`, { headers: { authorization: `Bearer ${analystToken}` } })).status()).toBe(200);

    await admin.getByTestId('menu-roles_management').click();
    await expect(admin).toHaveURL(/\/role-management$/);
    await admin.getByTestId('roles-table').getByRole('row').filter({ hasText: ROLE }).click();
    const drawer = admin.getByTestId('role-drawer');
    await expect(drawer.locator('input[name=role_name]')).toHaveValue(ROLE);
    // Administrator-only permissions are locked, with the spec's message.
    await expect(drawer.getByTestId('permission-locked-view_roles_and_permissions')).toHaveText('only the administrator can access this permission');
    // Enabling Create New Case switches on what it depends on.
    await drawer.getByTestId('permission-create_new_case').click();
    await expect(drawer.getByTestId('dependency-note')).toContainText('View case');
    await expect(drawer.getByTestId('permission-view_case').locator('input')).toBeChecked();
    await drawer.getByTestId('permission-create_new_case').click();
    await drawer.getByTestId('permission-view_case').click();
    await shot(admin, 'role-drawer-en');
    // Now take away what the analyst is using.
    await drawer.getByTestId('permission-view_users').click();
    await expect(drawer.getByTestId('permission-view_users').locator('input')).not.toBeChecked();
    await drawer.getByTestId('role-save').click();
    await expect(admin.getByTestId('snackbar-success').filter({ hasText: 'Role updated successfully.' })).toBeVisible();

    // The analyst's open app follows at once: the menu loses Users and the page they were on is closed to them.
    await expect(analystPage.getByTestId('sidebar').getByTestId('menu-users')).toHaveCount(0);
    await expect(analystPage).toHaveURL(/\/dashboard$/);
    // Same token, next call: refused.
    const after = await analystPage.request.get(`${app.url}/api/get_all_users`, { headers: { authorization: `Bearer ${analystToken}` } });
    expect(after.status()).toBe(403);
    expect((await after.json()).error_message).toBe('Permission Denied');
    await shot(admin, 'roles-en');
  });

  test('two-factor sign-in is switched on with the authenticator app and asked for at the next sign-in', async () => {
    await analystPage.getByTestId('user-menu').click();
    await analystPage.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(analystPage).toHaveURL(/\/settings$/);
    // Without update_webhook_secret_key the secret key says so.
    await expect(analystPage.getByTestId('secret-key-denied')).toHaveText('Permission Denied');
    await expect(analystPage.getByTestId('two-factor-app-status')).toHaveText('Off');

    await analystPage.getByTestId('two-factor-app-enable').click();
    const setup = analystPage.getByTestId('two-factor-app-setup');
    await expect(setup.getByTestId('two-factor-qr')).toBeVisible();
    const secret = (await setup.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shot(analystPage, 'two-factor-app-en');
    await setup.locator('input[name=code]').fill('12');
    await setup.getByTestId('dialog-submit').click();
    await expect(setup).toContainText('Enter the 6-digit code.');
    // The previous 30-second step's code (accepted for clock drift) leaves the current one for the sign-in below.
    await setup.locator('input[name=code]').fill(totp(secret, Date.now() - 30_000));
    await setup.getByTestId('dialog-submit').click();
    await expect(analystPage.getByTestId('snackbar-success').filter({ hasText: 'Two-factor authentication enabled.' })).toBeVisible();
    await expect(analystPage.getByTestId('two-factor-app-status')).toHaveText('On');
    await shot(analystPage, 'settings-en');

    await analystPage.getByTestId('user-menu').click();
    await analystPage.getByTestId('logout').click();
    await expect(analystPage).toHaveURL(/\/login$/);
    await signIn(analystPage, analyst);
    await expect(analystPage).toHaveURL(/\/verify-otp$/);
    await expect(analystPage.getByText('authenticator app')).toBeVisible();
    await analystPage.getByLabel('Verification code').fill(totp(secret));
    await analystPage.getByRole('button', { name: 'Verify' }).click();
    await expect(analystPage).toHaveURL(/\/dashboard$/);
  });

  test("the feedback dialog's messages, and the administrators' notification arriving live", async () => {
    await admin.goto('/dashboard');
    const bell = admin.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    const before = Number((await admin.getByTestId('notification-count').textContent({ timeout: 1000 }).catch(() => '0')) || 0);

    await analystPage.getByTestId('feedback-open').click();
    const dialog = analystPage.getByTestId('feedback-dialog');
    await dialog.getByTestId('dialog-submit').click();
    await expect(dialog.getByTestId('field-error')).toHaveText('Please share your feedback');
    await dialog.locator('textarea[name=feedback]').fill('ab');
    await expect(dialog.getByTestId('field-error')).toHaveText('Minimum 3 characters required');
    await dialog.locator('textarea[name=feedback]').fill('x'.repeat(513));
    await expect(dialog.getByTestId('field-error')).toHaveText('Maximum 512 characters allowed');
    await expect(dialog).toContainText('513 / 512');
    const message = `Case search is quick; exports could include comments (${stamp}).`;
    await dialog.locator('textarea[name=feedback]').fill(message);
    await expect(dialog.getByTestId('field-error')).toHaveCount(0);
    await shot(analystPage, 'feedback-en');
    await dialog.getByTestId('dialog-submit').click();
    await expect(analystPage.getByTestId('snackbar-success').filter({ hasText: 'Feedback submitted successfully' })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Live, without a reload: the administrator's bell counts one more.
    await expect(admin.getByTestId('notification-count')).toHaveText(String(before + 1));
    await bell.click();
    const panel = admin.getByTestId('notification-panel');
    const first = panel.getByTestId('notification-item').first();
    await expect(first).toContainText(`${analyst.name} sent feedback`);
    await expect(first).toContainText('just now');
    await expect(first).toHaveAttribute('data-read', 'false');
    await shot(admin, 'notifications-en');
    await panel.getByTestId('notifications-tab-unread').click();
    await expect(panel.getByTestId('notification-item').first()).toContainText(`${analyst.name} sent feedback`);
    await panel.getByTestId('notification-item').first().click();
    // Opening it marks it read and goes to the feedback, visible to the administrator.
    await expect(admin).toHaveURL(/\/audit-history\?tab=feedback$/);
    await expect(admin.getByTestId('feedback-list')).toContainText(message);
    await expect(admin.getByTestId('notification-count')).toHaveCount(before === 0 ? 0 : 1);
  });

  test('a notification arrives live when a case is assigned', async ({ request, app }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, app.url, SEEDED.admin);
    const auth = { authorization: `Bearer ${token}` };
    // Let the analyst open cases, so the notification's link leads somewhere.
    const roles = await (await request.get(`${app.url}/api/get_all_roles?search=${encodeURIComponent(ROLE)}`, { headers: auth })).json();
    const roleId = roles.data[0]._id;
    await request.post(`${app.url}/api/edit-role`, { headers: auth, data: { role_id: roleId, permissions: ['view_dashboard', 'view_search_profile', 'view_case'] } });
    const users = await (await request.get(`${app.url}/api/users?email=${encodeURIComponent(analyst.email)}`, { headers: auth })).json();
    const analystId = users.data[0]._id;

    // A case made by the administrator (set-up; the screening screens have their own tests).
    const search = await request.post(`${app.url}/api/search`, { headers: auth, data: { search_term: 'Aiman al Zawahri', entity_type: 'person' }, timeout: 90_000 });
    expect(search.ok(), await search.text()).toBe(true);
    const reference = (await search.json()).reference as string;

    await analystPage.goto('/dashboard');
    await expect(analystPage.getByTestId('notification-bell')).toBeVisible();
    const before = Number((await analystPage.getByTestId('notification-count').textContent({ timeout: 1000 }).catch(() => '0')) || 0);

    const assigned = await request.post(`${app.url}/api/decision-review`, { headers: auth, data: { references: [reference], assignee_ids: [analystId] } });
    expect(assigned.ok(), await assigned.text()).toBe(true);

    // Live: the bell counts it and the panel shows it, without a reload.
    await expect(analystPage.getByTestId('notification-count')).toHaveText(String(before + 1));
    await analystPage.getByTestId('notification-bell').click();
    const entry = analystPage.getByTestId('notification-panel').getByTestId('notification-item').first();
    await expect(entry).toContainText(`Case ${reference} was assigned to you by Ada Administrator`);
    await expect(entry).toContainText('just now');
    await shot(analystPage, 'notification-case-assigned-en');
    await entry.click();
    await expect(analystPage).toHaveURL(new RegExp(`/case/${reference}$`));
    await expect(analystPage.getByTestId('notification-count')).toHaveCount(before === 0 ? 0 : 1);
  });

  test('the audit history shows who did what, from where, and exports it', async () => {
    await admin.goto('/audit-history');
    const table = admin.getByTestId('audit-table');
    await expect(table).toContainText('Added a user');
    await expect(table).toContainText("Changed a role's permissions");
    await expect(table).toContainText('Turned on two-factor with an app');
    await expect(table).toContainText(analyst.email);
    await admin.locator('select[name=category]').selectOption('roles');
    await admin.getByTestId('audit-apply').click();
    await expect(table.getByTestId('audit-action').first()).toContainText(/role/);
    await shot(admin, 'audit-en');
    const download = admin.waitForEvent('download');
    await admin.getByTestId('audit-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-history-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test("roles: 'Role name already exists', dependencies on creation, and 'No roles found'", async () => {
    await admin.goto('/role-management');
    await admin.getByTestId('create-role').click();
    const drawer = admin.getByTestId('role-drawer');
    await drawer.locator('input[name=role_name]').fill('analyst');
    await drawer.getByTestId('permission-create_adverse_media').click();
    await expect(drawer.getByTestId('permission-view_adverse_media').locator('input')).toBeChecked();
    await expect(drawer.getByTestId('dependency-note')).toContainText('View adverse media');
    await drawer.getByTestId('role-save').click();
    await expect(drawer).toContainText('Role name already exists');
    const name = `Media desk ${stamp}`;
    await drawer.locator('input[name=role_name]').fill(name);
    await drawer.getByTestId('role-save').click();
    await expect(admin.getByTestId('snackbar-success').filter({ hasText: 'Role created successfully.' })).toBeVisible();
    // Create Adverse Media and the View Adverse Media it brought along: two permissions, nobody holds it yet.
    const created = admin.getByTestId('roles-table').getByRole('row').filter({ hasText: name });
    await expect(created.getByRole('cell').nth(1)).toHaveText('0');
    await expect(created.getByRole('cell').nth(2)).toHaveText('2');

    await admin.getByPlaceholder('Search roles by name').fill('no-such-role');
    await expect(admin.getByTestId('roles-empty')).toContainText('No roles found');
    await admin.getByRole('button', { name: 'Clear the search' }).click();
    await expect(admin.getByTestId('roles-table')).toContainText(name);

    // An unused role goes at once, after a confirmation.
    await admin.getByTestId(`role-actions-${name}`).click();
    await admin.getByTestId('role-action-delete').click();
    await expect(admin.getByTestId('role-delete')).toContainText(`Nobody has the role ${name}.`);
    await admin.getByTestId('role-delete').getByTestId('dialog-submit').click();
    await expect(admin.getByTestId('snackbar-success').filter({ hasText: 'Role deleted successfully.' })).toBeVisible();
    await expect(admin.getByTestId('roles-table')).not.toContainText(name);
  });

  test('the web hook secret key is shown masked, and a new one needs the password', async () => {
    await admin.goto('/settings');
    const section = admin.getByTestId('settings-secret-key');
    await section.getByTestId('secret-key-generate').click();
    const dialog = admin.getByTestId('secret-key-password');
    await dialog.locator('input[name=password]').fill('not-the-password-1');
    await dialog.getByTestId('dialog-submit').click();
    await expect(dialog).toContainText('Password is incorrect.');
    await dialog.locator('input[name=password]').fill(SEEDED.admin.password);
    await dialog.getByTestId('dialog-submit').click();
    await expect(admin.getByTestId('snackbar-success').filter({ hasText: 'Secret Key Updated Successfully' })).toBeVisible();
    const full = (await section.getByTestId('secret-key-full').textContent())!;
    expect(full).toMatch(/^whsec_/);
    await expect(section.getByTestId('secret-key-masked')).toHaveText(`whsec_${'•'.repeat(16)}${full.slice(-4)}`);
    await section.scrollIntoViewIfNeeded();
    await shot(admin, 'secret-key-en');
    await section.getByRole('button', { name: 'I have copied it' }).click();
    await expect(section.getByTestId('secret-key-full')).toHaveCount(0);
  });

  test('the users and roles screens in Arabic, right to left', async ({ browser, request, app }) => {
    // A second administrator of our own, so the seeded administrator's saved language stays as it was.
    const token = await apiToken(request, app.url, SEEDED.admin);
    const auth = { authorization: `Bearer ${token}` };
    const roles = await (await request.get(`${app.url}/api/get_all_roles?page_size=100`, { headers: auth })).json();
    const adminRoleId = roles.data.find((r: { is_admin: boolean }) => r.is_admin)._id;
    const rania = { email: `rania.${stamp}@example.com`, password: 'Rania-pass-2026' };
    const since = app.smtp.messages.length;
    const created = await request.post(`${app.url}/api/create-user`, { headers: auth, data: { name: 'Rania Khalil', email: rania.email, role_id: adminRoleId } });
    expect(created.ok()).toBe(true);
    const setupToken = new URL(linkIn(await app.smtp.waitFor(rania.email, { since }), '/setup-password')).searchParams.get('token');
    expect((await request.post(`${app.url}/api/setup-password`, { data: { token: setupToken, password: rania.password } })).ok()).toBe(true);

    const [context, page] = await newPage(browser, app.url);
    try {
      await signIn(page, rania);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/user-management');
      await page.getByTestId('language-switch').selectOption('ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByTestId('page-title')).toHaveText('المستخدمون');
      await expect(page.getByTestId('users-table')).toContainText(analyst.email);
      await expect(page.getByTestId('users-table')).toContainText('نشط');
      await shot(page, 'users-ar');
      await page.getByTestId('add-user').click();
      await expect(page.getByTestId('user-form')).toContainText('إضافة مستخدم');
      await expect(page.getByTestId('user-form')).toHaveAttribute('dir', 'rtl');
      await shot(page, 'user-form-ar');
      await page.keyboard.press('Escape');

      await page.goto('/role-management');
      await expect(page.getByTestId('page-title')).toHaveText('إدارة الأدوار');
      await shot(page, 'roles-ar');
      await page.getByTestId('roles-table').getByRole('row').filter({ hasText: ROLE }).click();
      await expect(page.getByTestId('role-drawer')).toContainText('يمكن للمسؤول فقط الوصول إلى هذا الإذن');
      await expect(page.getByTestId('role-drawer')).toHaveAttribute('dir', 'rtl');
      await shot(page, 'role-drawer-ar');
      await page.keyboard.press('Escape');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
    } finally {
      await context.close();
    }
  });

  test('deactivating the analyst signs them out at once', async () => {
    await analystPage.goto('/dashboard');
    await admin.goto('/user-management');
    await admin.getByTestId(`user-actions-${analyst.email}`).click();
    await admin.getByTestId('user-action-deactivate').click();
    const confirm = admin.getByTestId('user-confirm');
    await expect(confirm).toContainText(`Deactivate ${analyst.name}?`);
    await confirm.getByTestId('dialog-submit').click();
    await expect(admin.getByTestId('snackbar-success').filter({ hasText: 'User deactivated. Their sessions have been ended.' })).toBeVisible();
    await expect(admin.getByTestId('users-table').getByRole('row').filter({ hasText: analyst.email })).toContainText('Inactive');
    // The analyst's open app is signed out without doing anything.
    await expect(analystPage).toHaveURL(/\/login$/);
  });
});
