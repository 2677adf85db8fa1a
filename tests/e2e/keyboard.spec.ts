/**
 * The main forms and dialogs with the keyboard only: the skip link comes
 * first, Tab reaches every control in reading order, each control is announced
 * under its own name, focus is visible, dialogs keep the focus inside, Escape
 * closes them and the focus goes back to what opened them.
 */
import type { Page } from '@playwright/test';
import { SEEDED, apiToken, expect, screenByApi, test } from './fixtures';

test.setTimeout(90_000);

/** What a screen reader announces for the focused element: role and accessible name (first line of its ARIA snapshot). */
async function announced(page: Page): Promise<string> {
  const snapshot = await page.locator(':focus').ariaSnapshot();
  return snapshot.split('\n')[0].replace(/^- /, '').replace(/:$/, '');
}

/** Starts keyboard navigation from the top of the document, as after loading a page without autofocus. */
async function fromTheTop(page: Page) {
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
}

/** Presses Tab until the focus lands on `last`, returning what was announced on the way (at most `limit` presses). */
async function tabUntil(page: Page, last: RegExp, limit = 60): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await announced(page);
    seen.push(now);
    if (last.test(now)) return seen;
  }
  throw new Error(`Tab never reached ${last}; it went through:\n${seen.join('\n')}`);
}

/** The element is drawn on top where it stands (not hidden under the menu or the header). */
async function expectOnTop(page: Page, testId: string) {
  const onTop = await page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(onTop, `${testId} is covered by another element`).toBe(true);
}

/** The contrast of the focused element's outline against white (WCAG: 3:1 for focus indicators). */
async function focusOutlineContrast(page: Page): Promise<number> {
  return page.locator(':focus').evaluate((el) => {
    const style = getComputedStyle(el);
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) return 0;
    const [r, g, b] = style.outlineColor.match(/[\d.]+/g)!.map(Number);
    const channel = (c: number) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    return 1.05 / (luminance + 0.05);
  });
}

test('signing in with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[name=email]')).toBeVisible();
  await fromTheTop(page);

  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to main content');
  await expect(skip).toBeInViewport();
  await expectOnTop(page, 'skip-link');
  await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/keyboard-skip-link-login-en.png` });
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const order = await tabUntil(page, /^button "Sign in"$/);
  expect(order).toEqual([expect.stringMatching(/^textbox "E-mail/), expect.stringMatching(/^textbox "Password/), 'link "Forgot password?"', 'button "Sign in"']);

  // Back up to the fields and sign in without the mouse.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('input[name=password]')).toBeFocused();
  expect(await focusOutlineContrast(page)).toBeGreaterThanOrEqual(3);
  await page.keyboard.type(SEEDED.analyst.password);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.type(SEEDED.analyst.email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Create New Case: skip link first, then every control in order under its own name', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(SEEDED.analyst.email);
  await page.locator('input[name=password]').fill(SEEDED.analyst.password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/make-case');
  await expect(page.getByTestId('page-title')).toHaveText('Create New Case');
  await expect(page.locator('select[name=countries] option').nth(1)).toBeAttached();

  // The name field takes the focus when the page opens; its outline must be visible against the white card.
  await expect(page.locator('input[name=search_term]')).toBeFocused();
  expect(await focusOutlineContrast(page)).toBeGreaterThanOrEqual(3);

  await fromTheTop(page);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await expect(page.getByTestId('skip-link')).toBeInViewport();
  await expectOnTop(page, 'skip-link');
  await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/keyboard-skip-link-make-case-en.png` });
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const order = await tabUntil(page, /^button "Search"$/);
  expect(order).toEqual([
    expect.stringMatching(/^textbox "Name/),
    expect.stringMatching(/^radio "Person"/),
    'textbox "Day"',
    'textbox "Month"',
    'textbox "Year"',
    'combobox "Countries"',
    'combobox "Residence countries"',
    'combobox "Nationality"',
    'combobox "Gender"',
    'textbox "Unique identifier"',
    'textbox "Client reference"',
    'textbox "National ID number"',
    expect.stringMatching(/^radio "Choose databases"/),
    expect.stringMatching(/^checkbox "Sanctions"/),
    expect.stringMatching(/^checkbox "PEP"/),
    expect.stringMatching(/^checkbox "Warnings and regulatory enforcement"/),
    expect.stringMatching(/^checkbox "Adverse media"/),
    expect.stringMatching(/^spinbutton "Match score"/),
    // Chakra's switches are checkboxes underneath.
    expect.stringMatching(/^checkbox "Exact match"/),
    expect.stringMatching(/^checkbox "Match AKAs"/),
    expect.stringMatching(/^checkbox "Match RCA"/),
    expect.stringMatching(/^checkbox "AML monitoring"/),
    expect.stringMatching(/^checkbox "Adverse media monitoring"/),
    // Offered once the organisation has risk engines (the seeded one has).
    'combobox "Custom risk engine"',
    'button "Choose an image"',
    'button "Reset"',
    'button "Search"',
  ]);

  // The date fields are one group named by its legend; each database box has an id of its own.
  await expect(page.getByRole('group', { name: 'Date of birth' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Databases' })).toBeVisible();
  for (const name of ['Sanctions', 'PEP', 'Warnings and regulatory enforcement', 'Adverse media']) await expect(page.getByRole('checkbox', { name, exact: true })).toHaveCount(1);
  const ids = await page.locator('form input[type=checkbox], form input[name^=birth_]').evaluateAll((els) => els.map((el) => el.id).filter(Boolean));
  expect(new Set(ids).size, `ids: ${ids.join(', ')}`).toBe(ids.length);

  // Space ticks the focused box.
  const pep = page.getByRole('checkbox', { name: 'PEP', exact: true });
  await pep.focus();
  await expect(pep).toBeChecked();
  await page.keyboard.press('Space');
  await expect(pep).not.toBeChecked();

  // A select shows its focus as clearly as a text field.
  await page.locator('select[name=gender]').focus();
  expect(await focusOutlineContrast(page)).toBeGreaterThanOrEqual(3);
});

test('dialogs: every control reachable, focus kept inside, Escape closes, focus returns', async ({ page, request, app }) => {
  const reference = await screenByApi(request, app.url, await apiToken(request, app.url, SEEDED.analyst), 'Aiman al Zawahri');
  await page.goto('/login');
  await page.locator('input[name=email]').fill(SEEDED.analyst.email);
  await page.locator('input[name=password]').fill(SEEDED.analyst.password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The feedback dialog, opened from the header.
  const opener = page.getByTestId('feedback-open');
  await opener.focus();
  await page.keyboard.press('Enter');
  const feedback = page.getByTestId('feedback-dialog');
  await expect(feedback).toBeVisible();
  await expect(feedback.locator('textarea')).toBeFocused();
  const inside: string[] = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').evaluate((el) => el.closest('[role=dialog]') !== null), 'focus stays in the dialog').toBe(true);
    inside.push(await announced(page));
  }
  // Cancel, Send, the close button, and round to the text again.
  expect(inside.slice(0, 4)).toEqual(['button "Cancel"', 'button "Send feedback"', 'button "Close"', expect.stringMatching(/^textbox "Your feedback/)]);
  await page.keyboard.press('Escape');
  await expect(feedback).toBeHidden();
  await expect(opener).toBeFocused();

  // Sending it with the keyboard.
  await page.keyboard.press('Enter');
  await expect(feedback.locator('textarea')).toBeFocused();
  await page.keyboard.type('The keyboard reaches everything.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('Send feedback');
  await page.keyboard.press('Enter');
  await expect(feedback).toBeHidden();
  await expect(page.getByTestId('snackbar-success')).toBeVisible();

  // The notifications panel: a named dialog that Escape closes.
  const bell = page.getByTestId('notification-bell');
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('notification-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // A confirmation: switching monitoring on.
  await page.goto(`/case/${reference}`);
  const toggle = page.getByRole('checkbox', { name: 'AML monitoring' });
  await toggle.focus();
  await page.keyboard.press('Space');
  const confirm = page.getByTestId('monitor-confirm');
  await expect(confirm).toBeVisible();
  const buttons: string[] = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').evaluate((el) => el.closest('[role=alertdialog], [role=dialog]') !== null), 'focus stays in the dialog').toBe(true);
    buttons.push(await announced(page));
  }
  expect(buttons).toContain('button "Cancel"');
  expect(buttons).toContain('button "Switch on"');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).not.toBeChecked();
});
