/**
 * The session and case-review flows driven in Chromium from the statecharts'
 * own paths (tests/machines/walk.ts, the same graph `npm run paths` prints):
 * the shortest path to every state of the session machine, and a path through
 * every transition of the review machine (each guard's branches, the server's
 * refusal). Each step is turned into what a user does (EVENTS) and each state
 * reached is checked on screen (STATES). A state or an event added to a chart
 * gives a new path here; a path with a step this file cannot perform fails
 * until the step is mapped or listed, with its reason, in NOT_IN_THE_BROWSER.
 *
 * A call's answer is a step of its own in a path (the machine waits in
 * signingIn until the server answers). The request is held with page.route
 * while the waiting state is checked on screen, then let through to the real
 * server; which answer the server gives is arranged by the step before (the
 * account that signs in, the code that is typed).
 *
 * The bulk-upload modal is driven the same way: the shortest path to each of
 * its states, the file's check and the batch's start held while the waiting
 * state is checked. Which answer the server gives is arranged by the file a
 * CHOOSE step picks (a broken file when a later step expects its problems).
 */
import type { Page, Route, APIRequestContext } from '@playwright/test';
import { fileProblem } from '../../machines/bulk-upload/bulk-upload.machine';
import { findMachine } from '../../machines/catalogue';
import { totp } from '../../server/auth/totp';
import { codeIn } from '../helpers/smtp';
import { shortestPaths, transitionCover, type ReadablePath, type ReadableStep } from '../machines/walk';
import { SEEDED, apiToken, expect, screenByApi, signIn, test, type RunningApp } from './fixtures';

// ---------------------------------------------------------------- Holding a call while its waiting state is checked

class HeldCalls {
  private calls = new Map<string, Promise<Route>>();
  constructor(private page: Page) {}

  /** The next request to `path` waits until released. */
  async hold(path: string) {
    let arrived!: (route: Route) => void;
    this.calls.set(path, new Promise<Route>((resolve) => (arrived = resolve)));
    await this.page.route((url) => url.pathname === path, (route) => arrived(route), { times: 1 });
  }

  /** The request was sent (the machine invoked its call). */
  async sent(path: string) {
    const call = this.calls.get(path);
    if (!call) throw new Error(`no call to ${path} is being held`);
    await call;
  }

  /** Lets the request through to the server. */
  async release(path: string) {
    const call = this.calls.get(path);
    if (!call) throw new Error(`no call to ${path} is being held`);
    this.calls.delete(path);
    await (await call).continue();
  }

  /** Fails the request as a lost connection would. */
  async abort(path: string) {
    const call = this.calls.get(path);
    if (!call) throw new Error(`no call to ${path} is being held`);
    this.calls.delete(path);
    await (await call).abort('internetdisconnected');
  }

  /**
   * Answers the request with a refusal instead of the server: for refusals a
   * valid request cannot provoke on cue. The answer has the API's error shape.
   */
  async refuse(path: string, failure: { status: number | null; message: string; code?: string }) {
    const call = this.calls.get(path);
    if (!call) throw new Error(`no call to ${path} is being held`);
    this.calls.delete(path);
    await (await call).fulfill({ status: failure.status ?? 500, json: { error_message: failure.message, code: failure.code } });
  }
}

// ---------------------------------------------------------------- Accounts a step arranges

interface Account {
  email: string;
  password: string;
  /** The authenticator app's secret, for an account with app two-factor. */
  appSecret?: string;
}

interface Ctx {
  page: Page;
  request: APIRequestContext;
  app: RunningApp;
  held: HeldCalls;
  account?: Account;
  /** Mail count when the last sign-in began: its code is in a later message. */
  mailSince: number;
  /** The case the review dialog decides. */
  reference?: string;
}

// ---------------------------------------------------------------- The bulk-upload modal

const VALIDATE = '/api/validate-search-batch';
const CREATE = '/api/create-search-batch';
const bulkModal = (page: Page) => page.getByTestId('upload-modal');

/** Three clean rows, or the same with a row the server refuses (no entity type, a year before 1900). */
function bulkFile(broken: boolean): Buffer {
  const rows = ['name,entity_type,birth_year', 'Path Walker One,person,1970', broken ? 'Path Walker Two,,1800' : 'Path Walker Two,person,1971', 'Path Walker Three,company,'];
  return Buffer.from(rows.join('\n') + '\n', 'utf8');
}

const refusal = (step: ReadableStep) => step.payload.error as { status: number | null; message: string; code?: string };

const BULK_EVENTS: Record<string, Act> = {
  NAME: async (ctx, step) => bulkModal(ctx.page).getByTestId('batch-name').fill(String(step.payload.name)),
  CHOOSE: async (ctx, step, _next, later) => {
    const file = step.payload.file as { name: string };
    const refused = later.find((s) => s.type === 'REFUSED' || s.type === 'CHECKED');
    const broken = refused?.type === 'REFUSED' && refusal(refused).code === 'errors_found_in_file';
    // A file the browser accepts is sent at once from the problem list and the ready panel.
    if (step.state.startsWith('reading')) await ctx.held.hold(VALIDATE);
    await ctx.page.getByTestId('file-input').setInputFiles({ name: file.name, mimeType: 'text/plain', buffer: bulkFile(broken) });
  },
  SUBMIT: async (ctx, step) => {
    // A form the browser refuses sends nothing: only a reading step has a request to hold.
    if (step.state.startsWith('reading')) await ctx.held.hold(VALIDATE);
    await bulkModal(ctx.page).getByTestId('check-file').click();
  },
  CHECKED: async (ctx) => ctx.held.release(VALIDATE),
  REFUSED: async (ctx, step) => {
    const failure = refusal(step);
    // The broken file chosen earlier makes the real server list its problems.
    if (failure.code === 'errors_found_in_file') return ctx.held.release(VALIDATE);
    if (failure.status === null) return ctx.held.abort(VALIDATE);
    return ctx.held.refuse(VALIDATE, failure);
  },
  START: async (ctx, step) => {
    if (step.state === 'uploading') await ctx.held.hold(CREATE);
    await bulkModal(ctx.page).getByTestId('start-batch').click();
  },
  'start done': async (ctx) => ctx.held.release(CREATE),
  'start error': async (ctx, step) => {
    const failure = refusal(step);
    if (failure.status === null) return ctx.held.abort(CREATE);
    return ctx.held.refuse(CREATE, failure);
  },
  CANCEL: async (ctx) => bulkModal(ctx.page).getByTestId('upload-cancel').click(),
  DISMISS: async (ctx) => ctx.page.getByTestId('credits-expired-dialog').getByRole('button', { name: 'Close' }).click(),
  DOWNLOAD_ERRORS: async (ctx) => {
    await Promise.all([ctx.page.waitForEvent('download'), bulkModal(ctx.page).getByTestId('download-errors').click()]);
  },
};

const BULK_STATES: Record<string, Check> = {
  choosing: async ({ page }, step) => {
    await expect(bulkModal(page)).toHaveAttribute('data-step', 'choosing');
    const chosen = step?.type === 'CHOOSE' ? (step.payload.file as { name: string; size: number }) : null;
    if (chosen && fileProblem(chosen)) await expect(bulkModal(page).getByTestId('field-error').first()).toHaveText('Incorrect file format');
    if (chosen && !fileProblem(chosen)) await expect(bulkModal(page).getByTestId('chosen-file')).toHaveText(chosen.name);
    if (step?.type === 'REFUSED') await expect(bulkModal(page).getByTestId('server-error')).toContainText(refusal(step).message);
  },
  'reading.sending': async ({ page, held }) => {
    await held.sent(VALIDATE);
    await expect(bulkModal(page)).toHaveAttribute('data-step', 'reading');
    await expect(bulkModal(page).getByTestId('reading')).toBeVisible();
  },
  invalid: async ({ page }) => {
    await expect(bulkModal(page)).toHaveAttribute('data-step', 'invalid');
    await expect(bulkModal(page).getByTestId('problem-row').first()).toBeVisible();
  },
  failed: async ({ page }) => {
    await expect(bulkModal(page)).toHaveAttribute('data-step', 'failed');
    await expect(bulkModal(page).getByTestId('retry')).toBeVisible();
  },
  'ready.idle': async ({ page }) => {
    await expect(bulkModal(page)).toHaveAttribute('data-step', 'ready');
    await expect(bulkModal(page).getByTestId('ready')).toContainText('3 entities ready to screen');
    await expect(page.getByTestId('credits-expired-dialog')).toHaveCount(0);
  },
  'ready.outOfCredits': async ({ page }) => {
    await expect(page.getByTestId('credits-expired-dialog')).toBeVisible();
  },
  uploading: async ({ page, held }) => {
    await held.sent(CREATE);
    await expect(bulkModal(page)).toHaveAttribute('data-step', 'uploading');
    await expect(bulkModal(page).getByTestId('start-batch')).toBeDisabled();
  },
  processing: async ({ page }) => {
    await expect(page.getByTestId('snackbar-success').first()).toContainText('started');
    // Three rows may all be screened before this check: the modal then already says the batch is done.
    await expect(bulkModal(page)).toHaveAttribute('data-step', /processing|done/);
  },
  cancelled: async ({ page }) => {
    await expect(bulkModal(page)).toHaveCount(0);
    await expect(page.getByTestId('upload-file')).toBeVisible();
  },
};

let counter = 0;

/** A fresh organisation's administrator (signup), so paths do not change seeded users. */
async function signUp(ctx: Ctx, prefix: string): Promise<Account & { token: string }> {
  const account = { email: `${prefix}.${Date.now()}.${counter++}@example.com`, password: 'Sturdy-pass-7' };
  const res = await ctx.request.post(`${ctx.app.url}/api/signup`, { data: { name: 'Path Walker', company_name: 'Paths Co', ...account } });
  const body = await res.json();
  return { ...account, token: body.access_token as string };
}

/** Switches e-mail two-factor on for a signed-up user, with the code the server mails. */
async function enableEmailCode(ctx: Ctx, user: Account & { token: string }) {
  const since = ctx.app.smtp.messages.length;
  const auth = { authorization: `Bearer ${user.token}` };
  await ctx.request.post(`${ctx.app.url}/api/configure-otp`, { data: { action: 'start' }, headers: auth });
  const code = codeIn(await ctx.app.smtp.waitFor(user.email, { since }));
  expect((await ctx.request.post(`${ctx.app.url}/api/configure-otp`, { data: { action: 'confirm', code }, headers: auth })).ok()).toBe(true);
}

async function withEmailCode(ctx: Ctx): Promise<Account> {
  const user = await signUp(ctx, 'paths.email');
  await enableEmailCode(ctx, user);
  return user;
}

/** App two-factor; with alsoEmail, e-mail too, so the code form offers "Send me a code by e-mail instead". */
async function withAppCode(ctx: Ctx, alsoEmail = false): Promise<Account> {
  const user = await signUp(ctx, 'paths.app');
  if (alsoEmail) await enableEmailCode(ctx, user);
  const auth = { authorization: `Bearer ${user.token}` };
  const start = await (await ctx.request.post(`${ctx.app.url}/api/configure-app-otp`, { data: { action: 'start' }, headers: auth })).json();
  // Confirmed with the previous 30-second step's code, so the current one is still unused for the sign-in.
  const confirm = await ctx.request.post(`${ctx.app.url}/api/configure-app-otp`, { data: { action: 'confirm', code: totp(start.secret, Date.now() - 30_000) }, headers: auth });
  expect(confirm.ok()).toBe(true);
  return { ...user, appSecret: start.secret };
}

/** Which account makes the server give the answer the path takes next (and offers what the path does later). */
async function accountFor(ctx: Ctx, next: ReadableStep | undefined, later: ReadableStep[]): Promise<Account> {
  switch (next?.answer?.label) {
    case 'code by e-mail asked':
      return withEmailCode(ctx);
    case 'code from the app asked':
      return withAppCode(ctx, later.some((s) => s.type === 'RESEND_CODE'));
    case 'wrong password':
      return { email: SEEDED.analyst.email, password: 'not-the-password-1' };
    default:
      return SEEDED.admin;
  }
}

// ---------------------------------------------------------------- Events as what a user does

type Act = (ctx: Ctx, step: ReadableStep, next: ReadableStep | undefined, later: ReadableStep[]) => Promise<void>;

const verifyPath = (ctx: Ctx) => (ctx.account?.appSecret ? '/api/verify-otp' : '/api/verify-otp-code');

/** The request each call of the session machine makes. */
const CALLS: Record<string, (ctx: Ctx) => string> = {
  login: () => '/api/login',
  checkOtp: () => '/api/check-otp',
  verifyOtp: verifyPath,
  resendOtp: () => '/api/resend-otp',
  logout: () => '/api/logout',
};

/** Refusals the real server gives on cue, thanks to what the step before arranged (the account, the code). */
const ARRANGED_REFUSALS = new Set(['wrong password', 'wrong code']);

/**
 * A call's answer: the server's own, or, for an answer it gives only after many
 * attempts or minutes (a used-up challenge) or a lost connection, the sample
 * answer of the catalogue in the API's error shape.
 */
const answer: Act = async (ctx, step) => {
  const path = CALLS[step.answer!.src](ctx);
  if (step.answer!.kind === 'done' || ARRANGED_REFUSALS.has(step.answer!.label)) return ctx.held.release(path);
  const failure = step.payload.error as { status: number | null; message: string; code?: string };
  if (failure.status === null) return ctx.held.abort(path);
  return ctx.held.refuse(path, failure);
};

const SESSION_EVENTS: Record<string, Act> = {
  ...Object.fromEntries(Object.keys(CALLS).flatMap((src) => [[`${src} done`, answer], [`${src} error`, answer]])),
  LOGIN: async (ctx, _step, next, later) => {
    ctx.account = await accountFor(ctx, next, later);
    ctx.mailSince = ctx.app.smtp.messages.length;
    await ctx.page.getByLabel('E-mail').fill(ctx.account.email);
    await ctx.page.getByLabel('Password').fill(ctx.account.password);
    await ctx.held.hold('/api/login');
    await ctx.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  },
  /** A reload of /verify-otp while a challenge is kept in local storage. */
  RESUME_OTP: async (ctx, _step, next) => {
    const user = next?.answer?.label === 'challenge open (app)' ? await withAppCode(ctx) : await withEmailCode(ctx);
    const challenge = await (await ctx.request.post(`${ctx.app.url}/api/login`, { data: { email: user.email, password: user.password } })).json();
    ctx.account = user;
    await ctx.page.evaluate((token) => localStorage.setItem('aml.otpToken', token), challenge.otp_token as string);
    await ctx.held.hold('/api/check-otp');
    await ctx.page.goto('/verify-otp');
  },
  SUBMIT_CODE: async (ctx, _step, next) => {
    const account = ctx.account!;
    let code = '000000';
    if (next?.answer?.label !== 'wrong code') {
      code = account.appSecret ? totp(account.appSecret) : codeIn(await ctx.app.smtp.waitFor(account.email, { since: ctx.mailSince, subject: /sign-in code/ }));
    }
    await ctx.page.getByLabel('Verification code').fill(code);
    await ctx.held.hold(verifyPath(ctx));
    await ctx.page.getByRole('button', { name: 'Verify' }).click();
  },
  RESEND_CODE: async (ctx) => {
    await ctx.held.hold('/api/resend-otp');
    await ctx.page.getByRole('button', { name: ctx.account?.appSecret ? 'Send me a code by e-mail instead' : 'Send a new code' }).click();
  },
  CANCEL: async (ctx) => ctx.page.getByRole('button', { name: 'Back to sign in' }).click(),
  LOGOUT: async (ctx) => {
    await ctx.held.hold('/api/logout');
    await ctx.page.getByTestId('user-menu').click();
    await ctx.page.getByTestId('logout').click();
  },
};

const REVIEW_EVENTS: Record<string, Act> = {
  OPEN: async (ctx) => {
    const row = ctx.page.getByTestId('cases-table').getByTestId('table-row').filter({ hasText: ctx.reference! });
    await row.getByTestId('row-select').click();
    await ctx.page.getByTestId('bulk-review').click();
  },
  EDIT: async (ctx, step) => {
    const patch = step.payload.patch as Record<string, string>;
    for (const [field, value] of Object.entries(patch)) await ctx.page.getByTestId('review-dialog').getByTestId(`review-${field}`).selectOption(value);
  },
  SUBMIT: async (ctx, step) => {
    // A draft the machine refuses sends nothing: only a sending step has a request to hold.
    if (step.state === 'submitting') await ctx.held.hold('/api/decision-review');
    await ctx.page.getByTestId('review-dialog').getByTestId('dialog-submit').click();
  },
  CANCEL: async (ctx) => ctx.page.getByTestId('review-dialog').getByRole('button', { name: 'Cancel' }).click(),
  'submit done': async (ctx) => ctx.held.release('/api/decision-review'),
  'submit error': async (ctx, step) => ctx.held.refuse('/api/decision-review', step.payload.error as { status: number; message: string; code?: string }),
  // The view closes the dialog itself once it has refreshed after a decision.
  CLOSE: async () => {},
};

/** Events of the charts that a browser session cannot bring about on cue, and where they are tested instead. */
const NOT_IN_THE_BROWSER: Record<string, string> = {
  REFRESH: 'sent when the server pushes session-changed after an administrator edits the account (tests/e2e/admin.spec.ts, tests/machines/session.test.ts)',
  TOKEN_EXPIRED: "the token's own timer (tests/e2e/auth.spec.ts with short-lived tokens, tests/machines/session.test.ts)",
  UNAUTHORIZED: 'any call answered 401 (tests/e2e/auth.spec.ts "a 401 during use ...", tests/machines/session.test.ts)',
  SESSION_UPDATED: 'a settings or language change answering a new session (tests/e2e/arabic.spec.ts, tests/admin/settings.machine.test.ts)',
  SIGNUP: 'the sign-up page (tests/machines/session.test.ts against a stand-in server, tests/api for the route)',
  SECRET_LOGIN: 'the mailed secret link (tests/e2e/auth.spec.ts "a secret sign-in link ...")',
  PROGRESS: 'the batch runner’s progress on the socket: a batch paused for credits or deleted while it runs cannot be brought about on cue here (tests/machines/bulk-upload.test.ts; the live bar in tests/e2e/bulk-search.spec.ts)',
  UPLOADED: 'the browser reports every byte sent when it likes, not on cue (tests/machines/bulk-upload.test.ts)',
  UPLOAD_PROGRESS: 'the browser’s upload progress events (tests/machines/bulk-upload.test.ts)',
};

// ---------------------------------------------------------------- States as what the screen shows

/** What the screen shows in a state; `step` is the step that led there (a refusal shows its message). */
type Check = (ctx: Ctx, step?: ReadableStep) => Promise<void>;

const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify' });

const SESSION_STATES: Record<string, Check> = {
  'signedOut.idle': async ({ page }, step) => {
    await expect(page).toHaveURL(/\/login$/);
    await expect(signInButton(page)).toBeEnabled();
    await expect(page.getByTestId('session-expired-notice')).toHaveCount(0);
    // Sent back by a refusal: the page says why.
    if (step?.answer?.label === 'wrong password') await expect(page.getByTestId('server-error')).toHaveText('Invalid e-mail or password.');
    else if (step?.answer?.kind === 'error') await expect(page.getByTestId('server-error')).toBeVisible();
  },
  signingIn: async ({ page, held }) => {
    await held.sent('/api/login');
    await expect(signInButton(page)).toBeDisabled();
  },
  checkingChallenge: async ({ page, held }) => {
    await held.sent('/api/check-otp');
    await expect(page).toHaveURL(/\/verify-otp$/);
    await expect(page.locator('.chakra-spinner')).toBeVisible();
  },
  signedIn: async ({ page }) => {
    await expect(page).not.toHaveURL(/\/(login|verify-otp)$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  },
  'twoFactor.email': async ({ page }) => {
    await expect(page).toHaveURL(/\/verify-otp$/);
    await expect(page.getByText(/Enter the 6-digit code we sent to/)).toBeVisible();
    await expect(verifyButton(page)).toBeEnabled();
  },
  'twoFactor.app': async ({ page }) => {
    await expect(page).toHaveURL(/\/verify-otp$/);
    await expect(page.getByText('Enter the 6-digit code shown in your authenticator app.')).toBeVisible();
    await expect(verifyButton(page)).toBeEnabled();
  },
  'twoFactor.verifyingEmail': async (ctx) => {
    await ctx.held.sent('/api/verify-otp-code');
    await expect(verifyButton(ctx.page)).toBeDisabled();
  },
  'twoFactor.verifyingApp': async (ctx) => {
    await ctx.held.sent('/api/verify-otp');
    await expect(verifyButton(ctx.page)).toBeDisabled();
  },
  'twoFactor.resending': async ({ page, held }) => {
    await held.sent('/api/resend-otp');
    await expect(verifyButton(page)).toBeDisabled();
  },
  signingOut: async ({ page, held }) => {
    // The signed-in page stays until the server has answered (or failed to); then the token is dropped either way.
    await held.sent('/api/logout');
    await expect(page).not.toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('aml.session'))).not.toBeNull();
  },
  'signedOut.loggedOut': async ({ page }) => {
    await expect(page).toHaveURL(/\/login$/);
    await expect(signInButton(page)).toBeEnabled();
    await expect(page.getByTestId('session-expired-notice')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('aml.session'))).toBeNull();
  },
  'signedOut.expired': async ({ page }) => {
    await expect(page).toHaveURL(/\/login\?redirect=session-expired$/);
    await expect(page.getByTestId('session-expired-notice')).toBeVisible();
  },
  refreshing: async ({ page, held }) => {
    await held.sent('/api/refresh');
    await expect(page.getByTestId('user-menu')).toBeVisible();
  },
};

const REVIEW_STATES: Record<string, Check> = {
  closed: async ({ page }) => {
    await expect(page.getByTestId('review-dialog')).toHaveCount(0);
    await expect(page.getByTestId('cases-table').getByTestId('table-row').first()).toBeVisible();
  },
  editing: async ({ page }, step) => {
    const dialog = page.getByTestId('review-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('dialog-submit')).toBeEnabled();
    // A draft that decides nothing is refused beside the form, without a request.
    if (step?.type === 'SUBMIT') await expect(dialog.getByTestId('field-error')).toHaveText('Choose at least one change to apply.');
    if (step?.answer?.kind === 'error') await expect(dialog.getByTestId('server-error')).toContainText((step.payload.error as Error).message);
  },
  submitting: async ({ page, held }) => {
    await held.sent('/api/decision-review');
    await expect(page.getByTestId('review-dialog').getByTestId('dialog-submit')).toBeDisabled();
  },
  saved: async ({ page }) => {
    await expect(page.getByTestId('snackbar-success').first()).toContainText('Decision saved.');
  },
};

// ---------------------------------------------------------------- Driving a path

const eventKey = (step: ReadableStep) => (step.answer ? `${step.answer.src} ${step.answer.kind}` : step.type);

interface Flow {
  machine: string;
  events: Record<string, Act>;
  states: Record<string, Check>;
  /** Which generated paths: the shortest to every state, or one through every transition. */
  paths: 'shortest' | 'every transition';
  /** The catalogue's start this file can set up, and the state the machine is in there. */
  start: { label: string; state: string };
  /** Where every path begins, not under test (the start state is checked after it). */
  arrange: (ctx: Ctx) => Promise<void>;
}

const FLOWS: Flow[] = [
  {
    machine: 'session',
    events: SESSION_EVENTS,
    states: SESSION_STATES,
    paths: 'every transition',
    start: { label: 'nothing stored', state: 'signedOut.idle' },
    arrange: async ({ page }) => {
      await page.goto('/login');
    },
  },
  {
    machine: 'cases/review',
    events: REVIEW_EVENTS,
    states: REVIEW_STATES,
    paths: 'every transition',
    start: { label: 'start', state: 'closed' },
    arrange: async (ctx) => {
      const token = await apiToken(ctx.request, ctx.app.url, SEEDED.analyst);
      ctx.reference = await screenByApi(ctx.request, ctx.app.url, token, 'Bernie Sandrs');
      await signIn(ctx.page, SEEDED.analyst);
      await expect(ctx.page).toHaveURL(/\/dashboard$/);
      await ctx.page.goto(`/manage-case?search=${encodeURIComponent(ctx.reference)}`);
    },
  },
  {
    machine: 'bulk-upload',
    events: BULK_EVENTS,
    states: BULK_STATES,
    paths: 'shortest',
    start: { label: 'start', state: 'choosing' },
    arrange: async ({ page }) => {
      await signIn(page, SEEDED.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/bulk-search');
      await page.getByTestId('upload-file').click();
    },
  },
];

const driveable = (flow: Flow, path: ReadablePath) => path.start === flow.start.label && path.steps.every((s) => eventKey(s) in flow.events);
const blocker = (flow: Flow, path: ReadablePath) => path.steps.map(eventKey).find((k) => !(k in flow.events));

for (const flow of FLOWS) {
  const entry = findMachine(flow.machine);
  const paths = flow.paths === 'shortest' ? shortestPaths(entry) : transitionCover(entry);

  test.describe(`${flow.machine}, ${flow.paths === 'shortest' ? 'the shortest path to every state' : 'a path through every transition'}`, () => {
    test('has a browser step for every event, or says where it is tested instead', () => {
      const missing = paths.filter((p) => !driveable(flow, p)).map((p) => `${p.target} (from ${p.start}): ${blocker(flow, p) ?? `start "${p.start}"`}`);
      const explained = missing.filter((m) => Object.keys(NOT_IN_THE_BROWSER).some((k) => m.endsWith(`: ${k}`)));
      expect(missing.filter((m) => !explained.includes(m)), 'paths with a step this file cannot perform').toEqual([]);
    });

    for (const path of paths.filter((p) => driveable(flow, p))) {
      test(`to ${path.target}: ${path.steps.map((s) => s.event.replace(/ \{.*$/, '')).join(' → ') || '(start)'}`, async ({ page, request, app }) => {
        const ctx: Ctx = { page, request, app, held: new HeldCalls(page), mailSince: app.smtp.messages.length };
        await flow.arrange(ctx);
        await flow.states[flow.start.state](ctx);
        for (const [i, step] of path.steps.entries()) {
          await test.step(`${i + 1}. ${step.event} → ${step.state}`, async () => {
            await flow.events[eventKey(step)](ctx, step, path.steps[i + 1], path.steps.slice(i + 1));
            const check = flow.states[step.state];
            if (!check) throw new Error(`no screen check for the state ${step.state} of ${flow.machine}`);
            await check(ctx, step);
          });
        }
      });
    }
  });
}
