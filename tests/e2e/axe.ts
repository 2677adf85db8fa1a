/**
 * Accessibility checks with axe-core, shared by the automatic per-test check
 * (fixtures.ts) and the screen-by-screen suite (accessibility.spec.ts).
 *
 * A screen fails on any critical or serious violation; moderate and minor ones
 * are kept as findings that a run reports without failing.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

export const BLOCKING_IMPACTS = ['critical', 'serious'] as const;

export interface ScreenReport {
  /** What was checked: the screen's path (ids replaced), its language, and an open dialog's name. */
  screen: string;
  blocking: Result[];
  other: Result[];
}

/**
 * The same screen with other data: references, ids and numbers in the path
 * become placeholders, so /case/AML-2026-000012 and /case/AML-2026-000013 are
 * one screen.
 */
export function screenPath(url: string): string {
  const { pathname } = new URL(url);
  return pathname
    .replace(/AML-\d{4}-\d+/g, ':reference')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n');
}

/** The path, the page's language, and the name of an open dialog, if any. */
export async function screenKey(page: Page): Promise<string> {
  const { lang, dialog } = await page.evaluate(() => {
    const open = [...document.querySelectorAll('[role=dialog], [role=alertdialog]')].find((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed');
    const labelledBy = open?.getAttribute('aria-labelledby');
    const name = open ? (open.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ?? 'dialog') : '';
    return { lang: document.documentElement.lang || '?', dialog: name };
  });
  return `${screenPath(page.url())} [${lang}]${dialog ? ` + dialog "${dialog}"` : ''}`;
}

/**
 * Runs axe on what the page shows now. Legacy mode runs axe.run() inside the
 * page: the app has no frames, and it spares the blank page that the
 * frame-by-frame mode opens for every check.
 */
export async function scanPage(page: Page): Promise<ScreenReport> {
  const screen = await screenKey(page);
  const results: AxeResults = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const violations = [...results.violations, ...(await duplicateControlIds(page))];
  const blocking = violations.filter((v) => (BLOCKING_IMPACTS as readonly string[]).includes(v.impact ?? ''));
  const other = violations.filter((v) => !blocking.includes(v));
  return { screen, blocking, other };
}

/**
 * One id on several form controls, or on an element that a label or an ARIA
 * reference points to: the label then names only the first of them (four
 * checkboxes all read out as "Sanctions"). axe-core no longer checks ids that
 * only labels use, so this check does.
 */
async function duplicateControlIds(page: Page): Promise<Result[]> {
  const duplicates = await page.evaluate(() => {
    const counts = new Map<string, Element[]>();
    for (const el of document.querySelectorAll('[id]')) counts.set(el.id, [...(counts.get(el.id) ?? []), el]);
    const referenced = (id: string) =>
      document.querySelector(`label[for="${CSS.escape(id)}"]`) !== null ||
      [...document.querySelectorAll('[aria-labelledby], [aria-describedby], [aria-controls]')].some((el) =>
        ['aria-labelledby', 'aria-describedby', 'aria-controls'].some((attr) => (el.getAttribute(attr) ?? '').split(/\s+/).includes(id)),
      );
    return [...counts.entries()]
      .filter(([id, els]) => els.length > 1 && (els.some((el) => el.matches('input, select, textarea, button')) || referenced(id)))
      .map(([id, els]) => ({ id, tags: els.map((el) => `${el.tagName.toLowerCase()}${(el as HTMLInputElement).name ? `[name=${(el as HTMLInputElement).name}]` : ''}`) }));
  });
  if (duplicates.length === 0) return [];
  return [
    {
      id: 'duplicate-control-id',
      impact: 'serious',
      help: 'Form controls and the elements labels point to must have unique ids',
      nodes: duplicates.map((d) => ({ target: [`#${d.id}`], failureSummary: `shared by ${d.tags.join(', ')}` })),
    } as unknown as Result,
  ];
}

/** A readable list: rule, impact, what it means, and the first few offending elements. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 5).map((n) => `      ${n.target.join(' ')}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`);
      const more = v.nodes.length > 5 ? [`      … and ${v.nodes.length - 5} more`] : [];
      return [`  ${v.id} (${v.impact}): ${v.help} [${v.nodes.length} element(s)]`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

export function describeReports(reports: ScreenReport[], which: 'blocking' | 'other' = 'blocking'): string {
  return reports
    .filter((r) => r[which].length > 0)
    .map((r) => `${r.screen}\n${describeViolations(r[which])}`)
    .join('\n\n');
}

/** Waits for finished transitions (dialogs fading in, snack bars sliding), so colours are read at rest. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
  });
}

/** Pages that are not the app's (blank, closed, a file being downloaded) are not screens. */
const isScreen = (page: Page) => !page.isClosed() && /^https?:/.test(page.url());

/** A navigation that replaces the page while axe runs is not a finding: the next screen gets its own check. */
const isNavigationRace = (error: unknown) => /Execution context was destroyed|Target page, context or browser has been closed|frame was detached|navigating/i.test(String(error));

/**
 * Watches every page a test opens (the test's own context and any context it
 * creates) and checks each screen once per worker: when the test leaves it
 * with page.goto, when it closes its context, and whatever is on screen when
 * the test ends. Screens already checked (same path, language and dialog) are
 * skipped, so the cost grows with the number of screens, not of tests.
 */
export class AccessibilityWatch {
  private readonly pages = new WeakSet<Page>();
  private readonly contexts = new WeakSet<BrowserContext>();
  private readonly restore: (() => void)[] = [];
  readonly reports: ScreenReport[] = [];
  /** Time spent checking, to keep an eye on what the automatic check costs. */
  elapsedMs = 0;

  constructor(
    private readonly browser: Browser,
    private readonly checked: Set<string>,
  ) {
    for (const context of browser.contexts()) this.watchContext(context);
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
      const context = await newContext(...args);
      this.watchContext(context);
      return context;
    };
    this.restore.push(() => {
      browser.newContext = newContext;
    });
  }

  private watchContext(context: BrowserContext) {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    for (const page of context.pages()) this.watchPage(page);
    const onPage = (page: Page) => this.watchPage(page);
    context.on('page', onPage);
    const close = context.close.bind(context);
    context.close = async (...args: Parameters<BrowserContext['close']>) => {
      for (const page of context.pages()) await this.check(page);
      return close(...args);
    };
    this.restore.push(() => {
      context.off('page', onPage);
      context.close = close;
    });
  }

  private watchPage(page: Page) {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      await this.check(page);
      return goto(...args);
    };
    this.restore.push(() => {
      page.goto = goto;
    });
  }

  /** Checks the page's current screen unless this worker has checked it already. */
  async check(page: Page): Promise<void> {
    if (!isScreen(page)) return;
    const started = Date.now();
    try {
      await settle(page);
      const key = await screenKey(page);
      if (this.checked.has(key)) return;
      this.checked.add(key);
      this.reports.push(await scanPage(page));
    } catch (error) {
      if (!isNavigationRace(error)) throw error;
    } finally {
      this.elapsedMs += Date.now() - started;
    }
  }

  /**
   * Checks what every open page shows (unless the test failed: its last screen
   * may be half-way), stops watching, and returns the screens with blocking
   * violations.
   */
  async finish(checkOpenPages = true): Promise<ScreenReport[]> {
    if (checkOpenPages) for (const context of this.browser.contexts()) for (const page of context.pages()) await this.check(page);
    this.restore.reverse().forEach((undo) => undo());
    return this.reports.filter((r) => r.blocking.length > 0);
  }
}
