/**
 * The integrations area in Chromium against the app as `npm start` runs it, with outbound requests allowed
 * to 127.0.0.1 (OUTBOUND_ALLOW) so web hooks can reach a receiver this test starts there. An administrator
 * generates an API key in the screen and reads it from the shown-once dialog; the test screens a name with
 * that key as another system would, and the case is in Manage Case; the key is then deleted (its password
 * asked) and refused. A web hook pointing at the receiver is registered, sent a test, and its delivery is
 * in the log as delivered, with its payload and attempts. The Integration Guide shows the guide's text and
 * Scalar's reference of the OpenAPI document, without a request leaving the app's origin. English and Arabic
 * screenshots of the three pages go to test-results/integrations (or SCREENS_DIR).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { SEEDED, expect, inArabic, signIn, startApp, test as base, type RunningApp } from './fixtures';

const DIR = process.env.SCREENS_DIR ?? 'test-results/integrations';
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `${DIR}/${name}.png`, fullPage, animations: 'disabled' });

/** An endpoint on 127.0.0.1 that answers 204 and keeps what it was sent. */
interface Receiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/aml-events`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// The app of this file may call 127.0.0.1: the web hook receiver lives there.
const test = base.extend<{ receiver: Receiver }, { workerApp: RunningApp }>({
  workerApp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await startApp({ OUTBOUND_ALLOW: '127.0.0.1' });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  // eslint-disable-next-line no-empty-pattern
  receiver: async ({}, use) => {
    const receiver = await startReceiver();
    await use(receiver);
    await receiver.close();
  },
});

test.setTimeout(180_000);

const KEY_NAME = 'E2E onboarding';
const HOOK_NAME = 'E2E receiver';

/**
 * The seeded organisation has a key and a web hook already: the empty state ('no API key registered',
 * 'no web hook registered', section 2) is shown with the list's answer held empty, then the real list.
 */
async function emptyList(page: Page, path: string, open: () => Promise<void>, check: () => Promise<void>) {
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, (route) => route.fulfill({ json: { page: 1, page_size: 20, total: 0, data: [] } }));
  await open();
  await check();
  await page.unroute(matches);
}

test('an API key made in the screen screens a name, and is refused once deleted', async ({ page, request }) => {
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await emptyList(
    page,
    '/api/api-keys',
    async () => {
      await page.getByTestId('menu-api_keys').click();
      await expect(page).toHaveURL(/\/api-keys$/);
    },
    async () => {
      await expect(page.getByTestId('page-title')).toHaveText('API Keys');
      await expect(page.getByTestId('api-keys-empty')).toContainText('No API key registered');
      await expect(page.getByTestId('api-keys-empty').getByRole('button', { name: 'Generate API key' })).toBeEnabled();
      await shot(page, 'api-keys-empty-en');
    },
  );
  await page.reload();

  // The form's own rules first: the validity must be digits, from 1 to 365; the password is required.
  await page.getByTestId('generate-api-key').click();
  const form = page.getByTestId('api-key-form');
  await expect(form.locator('input[name=validity_days]')).toHaveValue('90');
  await form.locator('input[name=validity_days]').fill('12a');
  await form.getByTestId('dialog-submit').click();
  await expect(form.getByTestId('field-error')).toHaveText(['Required field.', 'Validity must be digits only.', 'Password is required.']);
  await form.locator('input[name=validity_days]').fill('400');
  await form.locator('input[name=name]').fill(KEY_NAME);
  await form.locator('input[name=password]').fill('not the password');
  await form.getByTestId('dialog-submit').click();
  await expect(form.getByTestId('field-error')).toHaveText(['Validity must be 1 to 365 days.']);
  await form.locator('input[name=validity_days]').fill('30');
  await form.getByTestId('dialog-submit').click();
  // The server checks the password: its refusal shows under the field.
  await expect(form.getByTestId('field-error')).toHaveCount(1);
  await form.locator('input[name=password]').fill(SEEDED.admin.password);
  await shot(page, 'api-key-form-en', false);
  await form.getByTestId('dialog-submit').click();

  // The whole key, once, with the copy button and a line to try it.
  const revealed = page.getByTestId('api-key-revealed');
  await expect(revealed).toContainText('It will not be shown again');
  const key = (await revealed.getByTestId('api-key-full').textContent())!.trim();
  expect(key).toMatch(/^amlk_[A-Za-z0-9_-]{20,}$/);
  await expect(revealed.getByTestId('api-key-try-it')).toContainText(`Authorization: Bearer ${key}`);
  await expect(revealed.getByRole('button', { name: 'Copy' }).first()).toBeVisible();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('API key generated');
  await shot(page, 'api-key-revealed-en', false);
  await revealed.getByTestId('api-key-revealed-done').click();
  await expect(revealed).toBeHidden();

  const row = page.getByTestId('api-keys-table').getByTestId('table-row').filter({ hasText: KEY_NAME });
  await expect(row.getByTestId('api-key-prefix')).toHaveText(`${key.slice(0, 13)}…`);
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');
  // The key itself is never on the list.
  await expect(page.getByText(key)).toHaveCount(0);

  // Another system screens a name with the key.
  const screened = await request.post('/api/search', { headers: { Authorization: `Bearer ${key}` }, data: { search_term: 'Nancy Pelosi', entity_type: 'person' }, timeout: 60_000 });
  expect(screened.status(), await screened.text()).toBe(200);
  const { reference } = (await screened.json()) as { reference: string };
  expect(reference).toMatch(/^AML-\d{4}-\d{6}$/);
  await page.goto(`/manage-case?search=${reference}`);
  await expect(page.getByTestId('cases-table').getByTestId('case-reference').filter({ hasText: reference })).toBeVisible();

  // The list says when the key was last used.
  await page.goto('/api-keys');
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Never');
  await shot(page, 'api-keys-en');

  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('مفاتيح واجهة البرمجة');
    await expect(row).toBeVisible();
    await shot(page, 'api-keys-ar');
    await page.getByTestId('generate-api-key').click();
    await expect(form.locator('input[name=name]')).toBeVisible();
    await shot(page, 'api-key-form-ar', false);
    await form.getByRole('button', { name: 'إلغاء' }).click();
    await expect(form).toBeHidden();
  });

  // Deleting asks for a confirmation and the password.
  await row.getByTestId(`api-key-actions-${KEY_NAME}`).click();
  await page.getByTestId('api-key-action-delete').click();
  const confirm = page.getByTestId('api-key-delete');
  await expect(confirm).toContainText(`Delete the API key ${KEY_NAME}?`);
  await confirm.getByTestId('dialog-submit').click();
  await expect(confirm.getByTestId('field-error')).toHaveText('Password is required.');
  await confirm.locator('input[name=password]').fill(SEEDED.admin.password);
  await confirm.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('API key deleted.');
  await expect(row).toHaveCount(0);

  const refused = await request.post('/api/search', { headers: { Authorization: `Bearer ${key}` }, data: { search_term: 'Nancy Pelosi', entity_type: 'person' } });
  expect(refused.status()).toBe(401);
});

/** Generates the web hook secret key in Settings and answers it, as shown once. */
async function generateSecretKey(page: Page): Promise<string> {
  const section = page.getByTestId('settings-secret-key');
  await section.getByTestId('secret-key-generate').click();
  const dialog = page.getByTestId('secret-key-password');
  await expect(dialog).toContainText('keeps signing beside the new one for 24 hours');
  await dialog.locator('input[name=password]').fill(SEEDED.admin.password);
  await dialog.getByTestId('dialog-submit').click();
  const full = (await section.getByTestId('secret-key-full').textContent())!.trim();
  expect(full).toMatch(/^whsec_/);
  return full;
}

/** The Standard Webhooks signature of a delivery with one key: v1, then the base64 HMAC-SHA256 of "id.timestamp.body". */
const signatureWith = (secret: string, headers: IncomingHttpHeaders, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64')}`;

test('a web hook registered in the screen receives a test event, shown in its delivery log as delivered', async ({ page, receiver }) => {
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Deliveries are signed with the organisation's secret key (Settings). Rotating it shows until when the
  // previous one keeps signing beside the new one.
  await page.goto('/settings');
  const section = page.getByTestId('settings-secret-key');
  const first = await generateSecretKey(page);
  await section.getByRole('button', { name: 'I have copied it' }).click();
  await expect(section.getByTestId('secret-key-grace')).toHaveCount(0);
  const secret = await generateSecretKey(page);
  expect(secret).not.toBe(first);
  await expect(section.getByTestId('secret-key-grace')).toContainText('The previous key keeps signing deliveries beside the new one until');
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'secret-key-grace-en', false);
  await section.getByRole('button', { name: 'I have copied it' }).click();
  await inArabic(page, async () => {
    await expect(section.getByTestId('secret-key-grace')).toContainText('يستمر المفتاح السابق');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'secret-key-grace-ar', false);
  });
  await emptyList(
    page,
    '/api/webhook',
    () => page.goto('/web-hooks').then(() => undefined),
    async () => {
      await expect(page.getByTestId('page-title')).toHaveText('Web Hooks');
      await expect(page.getByTestId('webhooks-empty')).toContainText('No web hook registered');
      await shot(page, 'web-hooks-empty-en');
    },
  );
  await page.reload();
  await expect(page.getByTestId('webhook-retry-help')).toContainText('5 seconds');
  // The key exists now, so the screen does not ask for it.
  await expect(page.getByTestId('webhook-secret-missing')).toHaveCount(0);

  await page.getByTestId('create-webhook').click();
  const form = page.getByTestId('webhook-form');
  await form.getByTestId('dialog-submit').click();
  await expect(form.getByTestId('field-error')).toHaveCount(3);
  await form.locator('input[name=name]').fill(HOOK_NAME);
  await form.locator('input[name=endpoint]').fill('ftp://example.com/x');
  await form.locator('select[name=type]').selectOption('update');
  await form.getByTestId('dialog-submit').click();
  await expect(form.getByTestId('field-error')).toHaveText('Please enter a valid URL starting with http:// or https://.');
  await form.locator('input[name=endpoint]').fill(receiver.url);
  await shot(page, 'webhook-form-en', false);
  await form.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`Web hook ${HOOK_NAME} created.`);
  await expect(form).toBeHidden();

  const row = page.getByTestId('webhooks-table').getByTestId('table-row').filter({ hasText: HOOK_NAME });
  await expect(row.getByTestId('webhook-status')).toHaveText('Active');
  await expect(row).toContainText(receiver.url);

  // Send a test: a snack bar, then the receiver gets a signed webhook.test event.
  await row.getByTestId(`webhook-test-${HOOK_NAME}`).click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`A test event is on its way to ${HOOK_NAME}`);
  await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const sent = receiver.received[0];
  expect(JSON.parse(sent.body).type).toBe('webhook.test');
  expect(sent.headers['webhook-id']).toBeTruthy();
  expect(sent.headers['webhook-timestamp']).toMatch(/^\d+$/);
  // Signed with both keys during the grace period: a receiver holding either verifies it.
  const signatures = String(sent.headers['webhook-signature']).split(' ');
  expect(signatures).toContain(signatureWith(secret, sent.headers, sent.body));
  expect(signatures).toContain(signatureWith(first, sent.headers, sent.body));

  // The delivery log, in a drawer kept in the address.
  await row.getByTestId(`webhook-actions-${HOOK_NAME}`).click();
  await page.getByTestId('webhook-action-deliveries').click();
  await expect(page).toHaveURL(/\/web-hooks\?webhook=[^&]+$/);
  const drawer = page.getByTestId('delivery-drawer');
  const delivery = drawer.getByTestId('deliveries-table').getByTestId('table-row').first();
  await expect(async () => {
    // The log is read again until the delivery's answer is recorded (the test event is sent in the background).
    await page.reload();
    await expect(delivery.getByTestId('delivery-status')).toHaveText('Delivered', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(delivery).toContainText('webhook.test');
  await expect(delivery).toContainText('204');
  await shot(page, 'webhook-deliveries-en', false);

  // One delivery: its payload and attempts, and Replay.
  await delivery.getByTestId('delivery-open').click();
  await expect(page).toHaveURL(/&delivery=[^&]+$/);
  const detail = drawer.getByTestId('delivery-detail');
  await expect(detail.getByTestId('delivery-payload')).toContainText('"webhook.test"');
  await expect(detail.getByTestId('attempt-row')).toHaveCount(1);
  await expect(detail.getByTestId('attempt-row').first()).toContainText('204');
  await shot(page, 'webhook-delivery-en', false);
  await detail.getByTestId('delivery-replay').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`The event will be sent again to ${HOOK_NAME}`);
  await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(1);
  // A replay is the same event: the same webhook-id.
  expect(receiver.received[1].headers['webhook-id']).toBe(sent.headers['webhook-id']);
  await drawer.getByTestId('delivery-back').click();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/web-hooks$/);

  // The row says how the last delivery went (the replay is delivered in the background: read the list again until it is).
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('webhook-last-delivery').getByTestId('delivery-status')).toHaveText('Delivered', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, 'web-hooks-en');

  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('خطافات الويب');
    await expect(row).toBeVisible();
    await shot(page, 'web-hooks-ar');
    await row.getByTestId(`webhook-actions-${HOOK_NAME}`).click();
    await page.getByTestId('webhook-action-deliveries').click();
    await expect(drawer.getByTestId('deliveries-table').getByTestId('table-row').first()).toBeVisible();
    await shot(page, 'webhook-deliveries-ar', false);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  // Disable and enable the endpoint; then delete it after a confirmation.
  await row.getByTestId(`webhook-actions-${HOOK_NAME}`).click();
  await page.getByTestId('webhook-action-disable').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText(`Web hook ${HOOK_NAME} disabled.`);
  await expect(row.getByTestId('webhook-status')).toHaveText('Disabled by a user');
  await expect(row.getByTestId(`webhook-test-${HOOK_NAME}`)).toBeDisabled();
  await row.getByTestId(`webhook-actions-${HOOK_NAME}`).click();
  await page.getByTestId('webhook-action-enable').click();
  await expect(row.getByTestId('webhook-status')).toHaveText('Active');
  await row.getByTestId(`webhook-actions-${HOOK_NAME}`).click();
  await page.getByTestId('webhook-action-delete').click();
  const confirm = page.getByTestId('webhook-delete');
  await expect(confirm).toContainText(`Delete the web hook ${HOOK_NAME}?`);
  await confirm.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('snackbar-success').first()).toContainText('Web hook deleted.');
  await expect(row).toHaveCount(0);
});

test('the Integration Guide shows the guide and the API reference, and nothing leaves the app', async ({ page, baseURL }) => {
  const outside: string[] = [];
  const blocked: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) blocked.push(m.text());
  });
  await signIn(page, SEEDED.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('menu-integration_guide').click();
  await expect(page).toHaveURL(/\/integration-guide$/);
  await expect(page.getByTestId('page-title')).toHaveText('Integration Guide');
  const origin = new URL(baseURL!).origin;
  await expect(page.getByTestId('guide-base-url-value')).toHaveText(`${origin}/api`);
  await expect(page.getByTestId('guide-auth')).toContainText('Authorization: Bearer amlk_');
  await expect(page.getByTestId('guide-limits')).toContainText('600 requests a minute');
  await expect(page.getByTestId('guide-limits')).toContainText('1,200');
  await expect(page.getByTestId('sample-curl')).toContainText(`curl -X POST ${origin}/api/search`);
  await page.getByRole('tab', { name: 'Python (requests)' }).click();
  await expect(page.getByTestId('sample-python')).toContainText('requests.post(');
  await expect(page.getByTestId('guide-events').getByTestId('guide-event')).toHaveCount(7);
  await expect(page.getByTestId('guide-events')).toContainText('case.status_changed');
  await expect(page.getByTestId('guide-verify')).toContainText('webhook-signature');

  // Scalar's reference of the document: its title, an operation by its summary, the web hook events.
  const reference = page.getByTestId('api-reference');
  await expect(reference.getByRole('heading', { name: 'Open AML back office API' })).toBeVisible({ timeout: 30_000 });
  await expect(reference.getByRole('link', { name: /Liveness and the state of the database/ })).toBeVisible();
  await expect(reference.getByRole('link', { name: 'Web hook events' })).toBeVisible();
  // The page is long (the whole reference): the guide's top and the reference's start are looked at on screen.
  await page.getByTestId('page-title').scrollIntoViewIfNeeded();
  await shot(page, 'integration-guide-top-en', false);
  await reference.getByRole('heading', { name: 'Open AML back office API' }).scrollIntoViewIfNeeded();
  await shot(page, 'integration-guide-reference-en', false);

  await inArabic(page, async () => {
    await expect(page.getByTestId('page-title')).toHaveText('دليل التكامل');
    await expect(page.getByTestId('guide-limits')).toContainText('حدود المعدّل');
    await expect(reference).toBeVisible();
    await page.getByTestId('page-title').scrollIntoViewIfNeeded();
    await shot(page, 'integration-guide-top-ar', false);
    await page.getByTestId('guide-events').scrollIntoViewIfNeeded();
    await shot(page, 'integration-guide-events-ar', false);
    await reference.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
    await shot(page, 'integration-guide-reference-ar', false);
  });

  expect(outside, 'requests that left the app’s origin').toEqual([]);
  expect(blocked, 'what the Content-Security-Policy blocked').toEqual([]);
});
