/**
 * Monitoring Configuration in Chromium against the app as `npm start` runs it: the administrator sets the
 * duration (then a custom end date), the alert frequency and the channels, saves, and finds them saved after
 * a reload; the web hooks channel is disabled with its tooltip; the report downloads as a PDF; the screen in
 * English and Arabic (screenshots in test-results/screens); and a user who may view but not update sees it
 * read-only. The seeded accounts are left as they were.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SEEDED, apiToken, expect, inArabic, signIn, test } from './fixtures';

const SCREENS = 'test-results/screens';
/** A screenshot to look at, taken with animations finished, in a window tall enough for the whole form. */
async function shot(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 1100 });
  await page.screenshot({ path: `${SCREENS}/${name}.png`, animations: 'disabled' });
  await page.setViewportSize(size);
}
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

test.setTimeout(120_000);

test('an administrator sets the monitoring configuration, sees it saved after a reload, and downloads the report', async ({ page, request, app }) => {
  // The worker's app is shared with other specs: the test starts from the defaults and leaves them behind.
  const token = await apiToken(request, app.url, SEEDED.admin);
  const defaults = () =>
    request.post(`${app.url}/api/update-ongoing-monitoring-settings`, {
      headers: { authorization: `Bearer ${token}` },
      data: { duration: '365', alert_frequency: 'daily', channels: ['in_app', 'email'] },
    });
  expect((await defaults()).ok()).toBe(true);
  try {
    await configure(page);
  } finally {
    await defaults();
  }
});

async function configure(page: Page) {

  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('menu-monitoring_configuration').click();
  await expect(page).toHaveURL(/\/monitoring-configuration$/);
  await expect(page.getByTestId('page-title')).toHaveText('Monitoring Configuration');
  const form = page.getByTestId('monitoring-form');
  await expect(form.getByRole('radio', { name: '365 days' })).toBeChecked();

  // The web hooks channel waits for a web hook, and says so on hover.
  const webhooks = form.getByRole('checkbox', { name: /Web hooks/ });
  await expect(webhooks).toBeDisabled();
  await page.getByTestId('webhooks-unavailable').hover();
  await expect(page.getByRole('tooltip')).toContainText('No web hook is registered yet. Register one under Web Hooks to send alerts there.');
  await page.mouse.move(0, 0);

  // 90 days, weekly, by e-mail only.
  await form.getByText('90 days', { exact: true }).click();
  await form.getByTestId('alert-frequency').selectOption('weekly');
  await form.getByText('In the app', { exact: true }).click();
  await expect(form.getByRole('checkbox', { name: /In the app/ })).not.toBeChecked();
  await page.getByTestId('save-monitoring').click();
  await expect(page.getByText('Monitoring configuration saved.')).toBeVisible();
  await expect(page.getByTestId('summary-saved')).toContainText('Ada');

  await page.reload();
  await expect(form.getByRole('radio', { name: '90 days' })).toBeChecked();
  await expect(form.getByTestId('alert-frequency')).toHaveValue('weekly');
  await expect(form.getByRole('checkbox', { name: /In the app/ })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: /E-mail/ })).toBeChecked();
  await expect(page.getByTestId('save-monitoring')).toBeDisabled();

  // A custom end date: checked in the browser first, then saved.
  await form.getByText('Until a date of your choice', { exact: true }).click();
  const endDate = form.locator('input[name=custom_end_date]');
  await page.getByTestId('save-monitoring').click();
  await expect(form.getByTestId('field-error')).toHaveText('Choose the date monitoring ends.');
  await endDate.fill(isoDay(new Date()));
  await page.getByTestId('save-monitoring').click();
  await expect(form.getByTestId('field-error')).toHaveText('The end date must be after today.');
  const until = isoDay(new Date(Date.now() + 60 * 86_400_000));
  await endDate.fill(until);
  await page.getByTestId('save-monitoring').click();
  await expect(page.getByText('Monitoring configuration saved.').first()).toBeVisible();
  await page.reload();
  await expect(form.getByRole('radio', { name: 'Until a date of your choice' })).toBeChecked();
  await expect(endDate).toHaveValue(until);
  const [year, month, day] = until.split('-').map(Number);
  const longDate = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  await expect(page.getByTestId('summary-ends')).toHaveText(longDate);
  await shot(page, 'monitoring-configuration-en');

  // The report of the last 30 days.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-monitoring-report').click()]);
  expect(download.suggestedFilename()).toMatch(/^monitoring-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('إعدادات المراقبة');
    await expect(form.getByRole('radio', { name: 'حتى تاريخ تختاره' })).toBeChecked();
    await expect(page.getByTestId('monitoring-summary')).toContainText('تنبيهات بانتظار الإرسال');
    await shot(page, 'monitoring-configuration-ar');
  });
}

test('a user who may view the configuration but not update it sees it read-only', async ({ page, request, app }) => {
  const token = await apiToken(request, app.url, SEEDED.admin);
  const auth = { authorization: `Bearer ${token}` };
  const role = await request.post(`${app.url}/api/create-role`, {
    headers: auth,
    data: { name: `Monitoring viewers ${Date.now().toString(36)}`, permissions: ['view_dashboard', 'view_ongoing_monitoring_settings'] },
  });
  expect(role.ok()).toBe(true);
  const users = await (await request.get(`${app.url}/api/get_all_users?page=1&page_size=100`, { headers: auth })).json();
  const analyst = users.data.find((u: { email: string }) => u.email === SEEDED.analyst.email);
  const moved = await request.post(`${app.url}/api/update-user`, { headers: auth, data: { user_id: analyst._id, role_id: (await role.json()).role._id } });
  expect(moved.ok()).toBe(true);
  try {
    await signIn(page, SEEDED.analyst);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/monitoring-configuration');
    await expect(page.getByTestId('monitoring-read-only')).toContainText('You can see this configuration but not change it');
    const form = page.getByTestId('monitoring-form');
    await expect(form.getByRole('radio', { name: '30 days' })).toBeDisabled();
    await expect(form.getByTestId('alert-frequency')).toBeDisabled();
    await expect(page.getByTestId('save-monitoring')).toHaveCount(0);
    await expect(page.getByTestId('download-monitoring-report')).toBeEnabled();
  } finally {
    await request.post(`${app.url}/api/update-user`, { headers: auth, data: { user_id: analyst._id, role_id: analyst.role._id } });
  }
});
