/**
 * Arabic, right to left: the sidebar speaks Arabic only, Latin names keep
 * their own direction (a name ending in a period keeps the period at its end),
 * and arrows that mean "previous" and "next" turn with the reading direction.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { linkIn } from '../helpers/smtp';
import { SEEDED, apiToken, expect, screenByApi, test, type RunningApp } from './fixtures';

test.setTimeout(120_000);

const stamp = Date.now().toString(36);
let accounts = 0;
const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
const COMPANY = 'ROSNEFT TRADING S.A.';
/** Role names may end in a period too (people's names end in a letter). */
const ROLE = `Screening Dept. ${stamp} Ltd.`;

/** An administrator of the seeded organisation of our own, so the seeded accounts keep their saved language. */
async function ownAdministrator(request: APIRequestContext, app: RunningApp) {
  const token = await apiToken(request, app.url, SEEDED.admin);
  const auth = { authorization: `Bearer ${token}` };
  const roles = await (await request.get(`${app.url}/api/get_all_roles?page_size=100`, { headers: auth })).json();
  const adminRoleId = roles.data.find((r: { is_admin: boolean }) => r.is_admin)._id;
  const account = { email: `john.${stamp}.${++accounts}@example.com`, password: 'John-pass-2026' };
  const since = app.smtp.messages.length;
  expect((await request.post(`${app.url}/api/create-user`, { headers: auth, data: { name: 'John Smith', email: account.email, role_id: adminRoleId } })).ok()).toBe(true);
  const setup = new URL(linkIn(await app.smtp.waitFor(account.email, { since }), '/setup-password')).searchParams.get('token');
  expect((await request.post(`${app.url}/api/setup-password`, { data: { token: setup, password: account.password } })).ok()).toBe(true);
  const own = await apiToken(request, app.url, account);
  return { ...account, token: own, auth };
}

async function signInInArabic(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByTestId('language-switch').selectOption('ar');
  await page.locator('input[name=email]').fill(account.email);
  await page.locator('input[name=password]').fill(account.password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The account's saved language is English until the header's switch changes it.
  await page.getByTestId('language-switch').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/**
 * Where the name's first letter and its final period are drawn. In a name
 * shown left to right the period is to the right of the first letter; without
 * isolation an Arabic page draws ".ROSNEFT TRADING S.A".
 */
async function periodSide(scope: Locator, name: string): Promise<'end' | 'start'> {
  const found = await scope.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(text);
      if (at < 0) continue;
      const rect = (offset: number) => {
        const range = document.createRange();
        range.setStart(node!, offset);
        range.setEnd(node!, offset + 1);
        return range.getBoundingClientRect();
      };
      const first = rect(at);
      const period = rect(at + text.length - 1);
      return period.left > first.left ? 'end' : 'start';
    }
    return null;
  }, name);
  if (!found) throw new Error(`"${name}" is not shown in ${scope}`);
  return found;
}

test('the Arabic sidebar has no English heading or item', async ({ page, request, app }) => {
  const me = await ownAdministrator(request, app);
  await signInInArabic(page, me);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toContainText('مراقب وسائل الإعلام');
  await page.screenshot({ path: `${SCREENS}/arabic-sidebar.png` });
  // The product's own name is the only Latin text allowed.
  const text = (await sidebar.innerText()).replaceAll('Open AML', '');
  expect(text.match(/[A-Za-z]+/g) ?? [], `Latin words in the Arabic sidebar:\n${text}`).toEqual([]);
});

test('Latin names ending in a period keep the period at their end in Arabic', async ({ page, request, app }) => {
  const me = await ownAdministrator(request, app);
  expect((await request.post(`${app.url}/api/create-role`, { headers: me.auth, data: { name: ROLE, permissions: ['view_dashboard'] } })).ok()).toBe(true);
  const reference = await screenByApi(request, app.url, me.token, COMPANY, 'company');
  await signInInArabic(page, me);

  // The list of cases.
  await page.goto('/manage-case');
  const row = page.getByTestId('table-row').filter({ hasText: reference });
  await expect(row).toBeVisible();
  expect(await periodSide(row, COMPANY)).toBe('end');
  await page.screenshot({ path: `${SCREENS}/arabic-manage-case.png` });

  // The case: its title, the listed entity, the case's sidebar.
  await page.goto(`/case/${reference}`);
  await expect(page.getByTestId('hit-row').first()).toBeVisible();
  expect(await periodSide(page.getByTestId('page-title'), COMPANY)).toBe('end');
  const hit = page.getByTestId('hit-link').filter({ hasText: COMPANY }).first();
  expect(await periodSide(hit, COMPANY)).toBe('end');
  await page.screenshot({ path: `${SCREENS}/arabic-case.png` });

  // The entity: title, breadcrumb, key data.
  await hit.click();
  await expect(page.getByTestId('key-data')).toBeVisible();
  expect(await periodSide(page.getByTestId('page-title'), COMPANY)).toBe('end');
  expect(await periodSide(page.locator('nav:has(ol)'), COMPANY)).toBe('end');
  // A screen reader names the breadcrumb in the page's language too.
  await expect(page.getByRole('navigation', { name: 'مسار التنقل' })).toBeVisible();
  expect(await periodSide(page.getByTestId('key-data'), COMPANY)).toBe('end');
  await page.screenshot({ path: `${SCREENS}/arabic-entity.png` });

  // The roles list.
  await page.goto('/role-management');
  const role = page.getByTestId('table-row').filter({ hasText: ROLE });
  await expect(role).toBeVisible();
  expect(await periodSide(role, ROLE)).toBe('end');
});

test('previous and next arrows point the reading way', async ({ page, request, app }) => {
  const me = await ownAdministrator(request, app);
  const reference = await screenByApi(request, app.url, me.token, 'Aiman al Zawahri');
  await signInInArabic(page, me);
  await page.goto(`/case/${reference}`);
  await page.getByTestId('hit-link').first().click();
  await expect(page.getByTestId('key-data')).toBeVisible();

  const pager = page.getByTestId('entity-pager');
  const previous = pager.getByRole('button').first();
  const next = pager.getByRole('button').last();
  /**
   * Which way the arrow points on screen: the tip of the drawn chevron (the
   * point on its vertical centre line) is right or left of the centre, turned
   * round by every mirroring transform between the icon and its button.
   */
  const pointing = (scope: Locator) =>
    scope.locator('svg').first().evaluate((svg: SVGSVGElement) => {
      const path = svg.querySelector('path, polyline') as unknown as SVGGeometryElement;
      const view = svg.viewBox.baseVal;
      const centre = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
      const length = path.getTotalLength();
      let tip = path.getPointAtLength(0);
      for (let i = 1; i <= 48; i++) {
        const p = path.getPointAtLength((length * i) / 48);
        if (Math.abs(p.y - centre.y) < Math.abs(tip.y - centre.y)) tip = p;
      }
      let mirrored = false;
      for (let el: Element | null = svg; el; el = el.parentElement) {
        const transform = getComputedStyle(el).transform;
        if (transform !== 'none' && new DOMMatrix(transform).a < 0) mirrored = !mirrored;
      }
      return tip.x > centre.x !== mirrored ? 'right' : 'left';
    });

  // Reading right to left, "previous" is on the right and points right; "next" is on the left and points left.
  const [previousBox, nextBox] = [await previous.boundingBox(), await next.boundingBox()];
  expect(previousBox!.x).toBeGreaterThan(nextBox!.x);
  expect(await pointing(previous)).toBe('right');
  expect(await pointing(next)).toBe('left');
  // Breadcrumbs lead from the right: their separators point left.
  const separator = page.locator('nav ol > li[aria-hidden=true]').first();
  expect(await pointing(separator)).toBe('left');
  await page.screenshot({ path: `${SCREENS}/arabic-entity-pager.png` });
  await pager.screenshot({ path: `${SCREENS}/arabic-entity-pager-zoom.png`, scale: 'device' });

  await page.getByTestId('language-switch').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect(await pointing(previous)).toBe('left');
  expect(await pointing(next)).toBe('right');
  expect(await pointing(separator)).toBe('right');
});
