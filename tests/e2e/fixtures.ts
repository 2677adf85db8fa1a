/**
 * End-to-end fixtures: each worker starts a real SMTP server and the app the
 * way `npm start` runs it (scripts/start.mjs, embedded PGlite in a fresh data
 * directory), on free ports. Tests drive it in Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { AccessibilityWatch, describeReports } from './axe';

export interface RunningApp {
  url: string;
  smtp: TestSmtpServer;
  dataDir: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// The first start's transaction sample is background work that holds the embedded database; only the transaction spec asks for it.
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp & { stop(): Promise<void>; output(): string }> {
  const smtp = await startSmtpServer();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'aml-e2e-'));
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn('node', ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SMTP_URL: smtp.url, PUBLIC_URL: url, SKIP_BUILD: '1', LOG_LEVEL: 'warn', TM_LOAD: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      // The server listens before its lists are parsed; that parsing holds it for seconds at a time, so tests
      // begin once the lists are in service (or have failed), not while a first page would wait behind it.
      if (res.ok && ['ready', 'failed'].includes(((await res.json()) as { lists?: { state?: string } }).lists?.state ?? 'ready')) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    smtp,
    dataDir,
    /** What the server printed so far, for a failing test to show. */
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await smtp.close();
    },
  };
}

export const test = base.extend<{ app: RunningApp; accessibility: void }, { workerApp: RunningApp; checkedScreens: Set<string> }>({
  workerApp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await startApp();
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  app: async ({ workerApp }, use) => use(workerApp),
  // eslint-disable-next-line no-empty-pattern
  checkedScreens: [async ({}, use) => use(new Set()), { scope: 'worker' }],
  /**
   * Every test checks the screens it visits with axe (tests/e2e/axe.ts) and
   * fails on a critical or serious violation, so a new screen is covered by the
   * first test that opens it. Each screen is checked once per worker.
   */
  accessibility: [
    async ({ browser, context, checkedScreens }, use, testInfo) => {
      void context; // the test's own context must still be open when the last screen is checked
      const watch = new AccessibilityWatch(browser, checkedScreens);
      await use();
      const failing = await watch.finish(testInfo.status === testInfo.expectedStatus);
      testInfo.annotations.push({ type: 'axe', description: `${watch.reports.length} screen(s) in ${watch.elapsedMs} ms: ${watch.reports.map((r) => r.screen).join('; ')}` });
      if (failing.length) throw new Error(`Accessibility violations (critical or serious) on screens this test visited:\n\n${describeReports(failing)}`);
    },
    { auto: true },
  ],
  baseURL: async ({ workerApp }, use) => use(workerApp.url),
});

export { expect };

export const SEEDED = {
  admin: { email: 'admin@example.com', password: 'Admin-2026!' },
  analyst: { email: 'analyst@example.com', password: 'Analyst-2026!' },
  planAdmin: { email: 'planadmin@example.com', password: 'Planadmin-2026!' },
  demo: { email: 'demo@example.com', password: 'Demo-2026!' },
  // Administrators of the white-label partners (docs/white-label.md).
  petroshore: { email: 'petroshore@example.com', password: 'Petroshore-2026!' },
  fts: { email: 'fts@example.com', password: 'Fts-2026!' },
  metaWorld: { email: 'metaworld@example.com', password: 'Metaworld-2026!' },
};

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the API and returns the access token (for set-up steps that are not under test). */
export async function apiToken(request: APIRequestContext, base: string, account: { email: string; password: string }): Promise<string> {
  const res = await request.post(`${base}/api/login`, { data: account });
  const body = await res.json();
  if (!body.access_token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Screens a name through the API as the token's user and answers the new case's reference (set-up, not under test). */
export async function screenByApi(request: APIRequestContext, base: string, token: string, search_term: string, entity_type: 'person' | 'company' | 'location' = 'person'): Promise<string> {
  const res = await request.post(`${base}/api/search`, { headers: { authorization: `Bearer ${token}` }, data: { search_term, entity_type }, timeout: 60_000 });
  const body = await res.json();
  if (!res.ok()) throw new Error(`search failed: ${JSON.stringify(body)}`);
  return body.reference as string;
}

/**
 * Runs steps with the signed-in page in Arabic and switches back to English
 * afterwards, whatever happens: the header's switch saves the language in the
 * user's profile, which the worker's later tests sign in with.
 */
export async function inArabic(page: Page, steps: () => Promise<void>) {
  await page.getByTestId('language-switch').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  try {
    await steps();
  } finally {
    await page.getByTestId('language-switch').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  }
}
