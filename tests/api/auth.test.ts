/** The auth calls of section 7 against a real database (PGlite and Postgres) and a real SMTP server. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totp } from '../../server/auth/totp';
import { issueLink } from '../../server/auth/one-time-links';
import { sha256 } from '../../server/auth/secrets';
import { insertUser } from '../../server/organisations/create';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, ANALYST, createTestApp, type TestApp } from '../helpers/app';
import { codeIn, linkIn } from '../helpers/smtp';

describe.each(DATABASE_KINDS)('auth API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { loginLock: { pairFailures: 3, addressFailures: 6, accountFailures: 12, windowMinutes: 15, lockMinutes: 15 } });
  });
  afterAll(() => t?.close());

  /** A fresh user in the seeded organisation, so tests that change a user do not disturb each other. */
  async function newUser(email: string, password = 'Sturdy-pass-1') {
    const admin = await t.deps.db.one('SELECT organisation_id, role_id FROM users WHERE email = $1', [ADMIN.email]);
    await insertUser(t.deps.db, { organisationId: admin!.organisation_id, roleId: admin!.role_id, name: 'Test Person', email, password });
    return { email, password };
  }

  describe('health and contract', () => {
    it('reports the database state', async () => {
      const res = await t.call('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(res.body.database).toMatchObject({ kind, state: 'up' });
    });

    it('serves an OpenAPI document that lists the auth calls with their schemas', async () => {
      const res = await t.call('GET', '/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.1.0');
      const login = res.body.paths['/api/login'].post;
      expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
      expect(res.body.paths['/api/refresh'].get.security).toEqual([{ sessionToken: [] }]);
    });

    it('answers unknown API paths with 404 and a message', async () => {
      const res = await t.call('GET', '/api/no-such-call');
      expect(res.status).toBe(404);
      expect(res.body.error_message).toBe('Not found.');
    });
  });

  describe('login', () => {
    it('signs in and answers the auth state with the landing path', async () => {
      const res = await t.call('POST', '/api/login', { body: ADMIN });
      expect(res.status).toBe(200);
      expect(res.body.access_token).toMatch(/^aml_/);
      expect(res.body.user).toMatchObject({ email: ADMIN.email, email_2fa: { is_enabled: false }, app_2fa: { is_enabled: false } });
      expect(res.body.user.password_hash).toBeUndefined();
      expect(res.body.role.name).toBe('Administrator');
      expect(res.body.permissions).toContainEqual({ name: 'view_dashboard' });
      expect(res.body.organisation).toMatchObject({ service_types: ['aml_screening', 'media_watcher'], transaction_monitoring: true, billing_type: 'invoice' });
      expect(res.body.redirect_url).toBe('/dashboard');
    });

    it('accepts form data as well as JSON', async () => {
      const res = await t.call('POST', '/api/login', {
        body: `email=${encodeURIComponent(ANALYST.email)}&password=${encodeURIComponent(ANALYST.password)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(200);
      expect(res.body.role.name).toBe('Analyst');
    });

    it('gives a wrong e-mail and a wrong password the same answer', async () => {
      const wrongPassword = await t.call('POST', '/api/login', { body: { email: ANALYST.email, password: 'nope-nope-1' }, ip: '10.0.0.1' });
      const wrongEmail = await t.call('POST', '/api/login', { body: { email: 'nobody@example.com', password: 'nope-nope-1' }, ip: '10.0.0.1' });
      expect(wrongPassword.status).toBe(400);
      expect(wrongEmail.status).toBe(wrongPassword.status);
      expect(wrongEmail.body).toEqual(wrongPassword.body);
      expect(wrongEmail.body.error_message).toBe('Invalid e-mail or password.');
    });

    it('validates its input with the shared rules', async () => {
      const res = await t.call('POST', '/api/login', { body: { email: 'not-an-email', password: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'email_invalid', field: 'email', error_message: 'Please enter a valid e-mail address.' });
      const missing = await t.call('POST', '/api/login', { body: { email: ADMIN.email } });
      expect(missing.body).toMatchObject({ code: 'password_required', field: 'password' });
    });

    it('records sign-ins and failures in the audit trail', async () => {
      const before = await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM audit_events WHERE action = 'auth.login_failed'");
      await t.call('POST', '/api/login', { body: { email: 'ghost@example.com', password: 'whatever-1' }, ip: '10.9.9.9' });
      const after = await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM audit_events WHERE action = 'auth.login_failed'");
      expect(after!.n).toBe(before!.n + 1);
      const row = await t.deps.db.one("SELECT * FROM audit_events WHERE action = 'auth.login_failed' ORDER BY id DESC LIMIT 1");
      expect(row).toMatchObject({ actor_email: 'ghost@example.com', ip: '10.9.9.9' });
    });
  });

  describe('rate limiting', () => {
    it('locks an account from an address after repeated failures there, even for the right password, with a clear message', async () => {
      const user = await newUser('locked@example.com');
      for (let i = 0; i < 3; i++) {
        const res = await t.call('POST', '/api/login', { body: { email: user.email, password: 'wrong-pass-1' }, ip: '10.1.0.99' });
        expect(res.status).toBe(400);
      }
      const locked = await t.call('POST', '/api/login', { body: user, ip: '10.1.0.99' });
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('account_locked');
      expect(locked.body.error_message).toMatch(/Try again in 15 minutes/);
      // Another account is not affected.
      expect((await t.call('POST', '/api/login', { body: ANALYST, ip: '10.1.0.99' })).status).toBe(200);
    });

    it('locks an address after failures across accounts, but not other addresses', async () => {
      for (let i = 0; i < 6; i++) {
        await t.call('POST', '/api/login', { body: { email: `spray${i}@example.com`, password: 'wrong-pass-1' }, ip: '10.2.0.1' });
      }
      const blocked = await t.call('POST', '/api/login', { body: ANALYST, ip: '10.2.0.1' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('address_locked');
      expect((await t.call('POST', '/api/login', { body: ANALYST, ip: '10.2.0.2' })).status).toBe(200);
    });
  });

  describe('tokens', () => {
    it('refresh answers the auth state for a valid token and 401 without one', async () => {
      const token = await t.login(ANALYST);
      const ok = await t.call('GET', '/api/refresh', { token });
      expect(ok.status).toBe(200);
      expect(ok.body.access_token).toBe(token);
      expect(ok.body.user.email).toBe(ANALYST.email);
      const none = await t.call('GET', '/api/refresh');
      expect(none.status).toBe(401);
      expect(none.body.error_message).toBe('Invalid or missing token.');
    });

    it('adds view_transaction_monitoring for an organisation with transaction monitoring', async () => {
      const token = await t.login(ANALYST);
      const res = await t.call('GET', '/api/refresh', { token });
      const stored = await t.deps.db.query("SELECT permission FROM role_permissions rp JOIN roles r ON r.id = rp.role_id WHERE r.name = 'Analyst'");
      expect(stored.map((r) => r.permission)).not.toContain('view_transaction_monitoring');
      expect(res.body.permissions).toContainEqual({ name: 'view_transaction_monitoring' });
    });

    it('logout makes the token stop working at once', async () => {
      const token = await t.login(ANALYST);
      expect((await t.call('POST', '/api/logout', { token })).status).toBe(200);
      const after = await t.call('GET', '/api/refresh', { token });
      expect(after.status).toBe(401);
    });

    it("answers 401 'Token has expired' once the token's time is up", async () => {
      const token = await t.login(ANALYST);
      await t.deps.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)", [ANALYST.email]);
      const res = await t.call('GET', '/api/refresh', { token });
      expect(res.status).toBe(401);
      expect(res.body.error_message).toBe('Token has expired');
    });

    it('expires a token after its configured lifetime (controlled clock)', async () => {
      // The lifetime is read from the config at each sign-in, so the running app is changed
      // for one sign-in rather than starting (and tearing down) a second app mid-file.
      const usual = t.deps.config.tokenTtlMinutes;
      t.deps.config.tokenTtlMinutes = 90;
      let token: string;
      try {
        token = await t.login(ANALYST);
      } finally {
        t.deps.config.tokenTtlMinutes = usual;
      }
      const session = await t.deps.db.one<{ created_at: Date; expires_at: Date }>('SELECT created_at, expires_at FROM sessions WHERE token_hash = $1', [sha256(token)]);
      const expiresAt = new Date(session!.expires_at).getTime();
      expect(expiresAt - new Date(session!.created_at).getTime()).toBe(90 * 60_000);
      // Only the API's clock moves (timers stay real): just before the end, then just after it.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(expiresAt - 5_000);
        expect((await t.call('GET', '/api/refresh', { token })).status).toBe(200);
        vi.setSystemTime(expiresAt + 1_000);
        const res = await t.call('GET', '/api/refresh', { token });
        expect(res.status).toBe(401);
        expect(res.body.error_message).toBe('Token has expired');
      } finally {
        vi.useRealTimers();
      }
    });

    it('stops accepting the token of a deactivated user', async () => {
      const user = await newUser('deactivated@example.com');
      const token = await t.login(user);
      await t.deps.db.query('UPDATE users SET is_active = false WHERE email = $1', [user.email]);
      expect((await t.call('GET', '/api/refresh', { token })).status).toBe(401);
      const again = await t.call('POST', '/api/login', { body: user, ip: '10.3.0.1' });
      expect(again.status).toBe(403);
      expect(again.body.error_message).toMatch(/inactive/);
    });
  });

  describe('e-mail two-factor', () => {
    it('is switched on with a mailed code and then asked for at sign-in', async () => {
      const user = await newUser('email2fa@example.com');
      const token = await t.login(user);
      const sent = t.smtp.messages.length;
      expect((await t.call('POST', '/api/configure-otp', { token, body: { action: 'start' } })).status).toBe(200);
      const setupMail = await t.smtp.waitFor(user.email, { since: sent });
      const wrong = await t.call('POST', '/api/configure-otp', { token, body: { action: 'confirm', code: codeIn(setupMail) === '000000' ? '111111' : '000000' } });
      expect(wrong.status).toBe(400);
      const confirmed = await t.call('POST', '/api/configure-otp', { token, body: { action: 'confirm', code: codeIn(setupMail) } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.user.email_2fa.is_enabled).toBe(true);

      const before = t.smtp.messages.length;
      const login = await t.call('POST', '/api/login', { body: user });
      expect(login.body).toMatchObject({ otp_required: true, authentication_type: 'email' });
      expect(login.body.access_token).toBeUndefined();
      const mail = await t.smtp.waitFor(user.email, { since: before, subject: /sign-in code/ });
      const code = codeIn(mail);
      expect(code).toMatch(/^\d{6}$/);

      const check = await t.call('POST', '/api/check-otp', { body: { otp_token: login.body.otp_token } });
      expect(check.body.authentication_type).toBe('email');

      const bad = await t.call('POST', '/api/verify-otp-code', { body: { otp_token: login.body.otp_token, code: code === '123456' ? '654321' : '123456' } });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('otp_invalid');

      const good = await t.call('POST', '/api/verify-otp-code', { body: { otp_token: login.body.otp_token, code } });
      expect(good.status).toBe(200);
      expect(good.body.access_token).toMatch(/^aml_/);

      // A code works once.
      const replay = await t.call('POST', '/api/verify-otp-code', { body: { otp_token: login.body.otp_token, code } });
      expect(replay.status).toBe(400);
      expect(replay.body.code).toBe('otp_session_invalid');
    });

    it('stores codes hashed, resends a new one and gives up after five wrong codes', async () => {
      const user = await newUser('resend@example.com');
      await t.deps.db.query('UPDATE users SET email_2fa_enabled = true WHERE email = $1', [user.email]);
      let since = t.smtp.messages.length;
      const login = await t.call('POST', '/api/login', { body: user });
      const first = codeIn(await t.smtp.waitFor(user.email, { since }));
      const stored = await t.deps.db.one('SELECT code_hash FROM otp_challenges WHERE user_id = (SELECT id FROM users WHERE email = $1) ORDER BY created_at DESC LIMIT 1', [user.email]);
      expect(stored!.code_hash).not.toContain(first);
      expect(stored!.code_hash).toHaveLength(64);

      since = t.smtp.messages.length;
      expect((await t.call('POST', '/api/resend-otp', { body: { otp_token: login.body.otp_token } })).status).toBe(200);
      const second = codeIn(await t.smtp.waitFor(user.email, { since }));
      if (first !== second) {
        const old = await t.call('POST', '/api/verify-otp-code', { body: { otp_token: login.body.otp_token, code: first } });
        expect(old.body.code).toBe('otp_invalid');
      }
      const wrongCode = second === '999999' ? '888888' : '999999';
      // The old code's try counts too: the resend does not start the count again.
      const triedOld = first !== second ? 1 : 0;
      let last;
      for (let i = 0; i < 5 - triedOld; i++) last = await t.call('POST', '/api/verify-otp-code', { body: { otp_token: login.body.otp_token, code: wrongCode } });
      expect(last!.body.code).toBe('otp_attempts_exhausted');
      const tooLate = await t.call('POST', '/api/verify-otp-code', { body: { otp_token: login.body.otp_token, code: second } });
      expect(tooLate.status).toBe(400);
    });

    it('rejects an expired code', async () => {
      const user = await newUser('expiredcode@example.com');
      await t.deps.db.query('UPDATE users SET email_2fa_enabled = true WHERE email = $1', [user.email]);
      const since = t.smtp.messages.length;
      const login = await t.call('POST', '/api/login', { body: user });
      const code = codeIn(await t.smtp.waitFor(user.email, { since }));
      await t.deps.db.query("UPDATE otp_challenges SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)", [user.email]);
      const res = await t.call('POST', '/api/verify-otp-code', { body: { otp_token: login.body.otp_token, code } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('otp_session_invalid');
    });
  });

  describe('authenticator-app two-factor', () => {
    it('is set up with a QR code, confirmed with a TOTP code, and required at sign-in; a code works once', async () => {
      const user = await newUser('app2fa@example.com');
      const token = await t.login(user);
      const start = await t.call('POST', '/api/configure-app-otp', { token, body: { action: 'start' } });
      expect(start.status).toBe(200);
      expect(start.body.qr_code).toMatch(/^data:image\/png;base64,/);
      expect(start.body.otpauth_url).toContain(`secret=${start.body.secret}`);
      const secret: string = start.body.secret;

      const confirmed = await t.call('POST', '/api/configure-app-otp', { token, body: { action: 'confirm', code: totp(secret, Date.now() - 30_000) } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.user.app_2fa.is_enabled).toBe(true);

      const login = await t.call('POST', '/api/login', { body: user });
      expect(login.body).toMatchObject({ otp_required: true, authentication_type: 'app' });
      const wrong = await t.call('POST', '/api/verify-otp', { body: { otp_token: login.body.otp_token, code: '000000' === totp(secret) ? '111111' : '000000' } });
      expect(wrong.status).toBe(400);
      const code = totp(secret);
      const ok = await t.call('POST', '/api/verify-otp', { body: { otp_token: login.body.otp_token, code } });
      expect(ok.status).toBe(200);
      expect(ok.body.access_token).toBeTruthy();

      const again = await t.call('POST', '/api/login', { body: user });
      const replay = await t.call('POST', '/api/verify-otp', { body: { otp_token: again.body.otp_token, code } });
      expect(replay.status).toBe(400);
    });

    it('is switched off only with the right password', async () => {
      const user = await newUser('app2fa-off@example.com');
      const token = await t.login(user);
      const { body } = await t.call('POST', '/api/configure-app-otp', { token, body: { action: 'start' } });
      await t.call('POST', '/api/configure-app-otp', { token, body: { action: 'confirm', code: totp(body.secret) } });
      const denied = await t.call('POST', '/api/configure-app-otp', { token, body: { action: 'disable', password: 'not-it-123' } });
      expect(denied.status).toBe(400);
      expect(denied.body.error_message).toBe('Password is incorrect.');
      const off = await t.call('POST', '/api/configure-app-otp', { token, body: { action: 'disable', password: user.password } });
      expect(off.body.user.app_2fa.is_enabled).toBe(false);
      expect((await t.call('POST', '/api/login', { body: user })).body.access_token).toBeTruthy();
    });
  });

  describe('password reset', () => {
    it('mails a single-use link; resetting signs the user out everywhere', async () => {
      const user = await newUser('reset@example.com');
      const oldToken = await t.login(user);
      const since = t.smtp.messages.length;
      const res = await t.call('POST', '/api/forgot-password', { body: { email: user.email } });
      expect(res.status).toBe(200);
      const link = linkIn(await t.smtp.waitFor(user.email, { since }), '/reset-password');
      const token = new URL(link).searchParams.get('token')!;
      expect(link.startsWith('http://app.test/reset-password?token=')).toBe(true);

      const stored = await t.deps.db.query("SELECT token_hash FROM auth_tokens WHERE kind = 'reset'");
      expect(stored.some((r) => r.token_hash === token)).toBe(false);

      expect((await t.call('POST', '/api/verify-token', { body: { token, type: 'reset' } })).body).toMatchObject({ valid: true, email: user.email });
      const weak = await t.call('POST', '/api/reset-password', { body: { token, password: 'short' } });
      expect(weak.body.code).toBe('password_weak');
      expect((await t.call('POST', '/api/reset-password', { body: { token, password: 'Brand-new-pass-2' } })).status).toBe(200);

      expect((await t.call('GET', '/api/refresh', { token: oldToken })).status).toBe(401);
      expect((await t.call('POST', '/api/login', { body: { email: user.email, password: 'Brand-new-pass-2' } })).status).toBe(200);
      const reuse = await t.call('POST', '/api/verify-token', { body: { token, type: 'reset' } });
      expect(reuse.body.error_message).toBe('token is incorrect');
    });

    it("answers the same for an unknown e-mail and sends nothing", async () => {
      const since = t.smtp.messages.length;
      const res = await t.call('POST', '/api/forgot-password', { body: { email: 'unknown-person@example.com' } });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe('reset_email_sent');
      // A request for a known address goes through the same mailer after it: once its link has
      // arrived, a message to the unknown address would have arrived too.
      const known = await newUser('known-after-unknown@example.com');
      expect((await t.call('POST', '/api/forgot-password', { body: { email: known.email } })).status).toBe(200);
      await t.smtp.waitFor(known.email, { since });
      expect(t.smtp.messages.slice(since).some((m) => m.to.includes('unknown-person@example.com'))).toBe(false);
    });

    it("says 'Token is expired' for an expired link", async () => {
      const user = await newUser('expiredlink@example.com');
      const row = await t.deps.db.one('SELECT id FROM users WHERE email = $1', [user.email]);
      const token = await issueLink(t.deps.db, row!.id, 'reset', 60);
      await t.deps.db.query("UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [row!.id]);
      const res = await t.call('POST', '/api/verify-token', { body: { token, type: 'reset' } });
      expect(res.status).toBe(400);
      expect(res.body.error_message).toBe('Token is expired');
      const garbage = await t.call('POST', '/api/verify-token', { body: { token: 'made-up', type: 'reset' } });
      expect(garbage.body.error_message).toBe('token is incorrect');
    });
  });

  describe('account set-up and secret link', () => {
    it('lets an invited user choose a first password', async () => {
      const admin = await t.deps.db.one('SELECT organisation_id, role_id FROM users WHERE email = $1', [ADMIN.email]);
      const userId = await insertUser(t.deps.db, { organisationId: admin!.organisation_id, roleId: admin!.role_id, name: 'New Invitee', email: 'invitee@example.com' });
      const token = await issueLink(t.deps.db, userId, 'setup', 60);
      expect((await t.call('POST', '/api/login', { body: { email: 'invitee@example.com', password: 'anything-1' } })).status).toBe(400);
      expect((await t.call('POST', '/api/verify-token', { body: { token, type: 'setup' } })).body.type).toBe('setup');
      // A setup token is not a reset token.
      expect((await t.call('POST', '/api/verify-token', { body: { token, type: 'reset' } })).status).toBe(400);
      expect((await t.call('POST', '/api/setup-password', { body: { token, password: 'First-pass-9' } })).status).toBe(200);
      expect((await t.call('POST', '/api/login', { body: { email: 'invitee@example.com', password: 'First-pass-9' } })).status).toBe(200);
    });

    it('signs in once with a mailed secret link', async () => {
      const user = await newUser('secret@example.com');
      const since = t.smtp.messages.length;
      expect((await t.call('POST', '/api/user-login', { body: { email: user.email } })).status).toBe(200);
      const link = linkIn(await t.smtp.waitFor(user.email, { since }), '/secret-login/');
      const secret = link.split('/secret-login/')[1];
      const ok = await t.call('POST', '/api/user-login', { body: { user_secret: secret } });
      expect(ok.status).toBe(200);
      expect(ok.body.user.email).toBe(user.email);
      const again = await t.call('POST', '/api/user-login', { body: { user_secret: secret } });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('secret_link_invalid');
    });
  });

  describe('signup, profile and password checks', () => {
    it('creates a plan-billing organisation whose administrator lands on /plans', async () => {
      const res = await t.call('POST', '/api/signup', { body: { name: 'Sam Founder', email: 'founder@example.com', company_name: 'Founder Ltd', password: 'Founder-pass-1' } });
      expect(res.status).toBe(200);
      expect(res.body.organisation).toMatchObject({ billing_type: 'plan', plan_details: null, name: 'Founder Ltd' });
      expect(res.body.redirect_url).toBe('/plans');
      const dup = await t.call('POST', '/api/signup', { body: { name: 'Sam Other', email: 'FOUNDER@example.com', company_name: 'Other', password: 'Founder-pass-1' } });
      expect(dup.status).toBe(409);
      const badName = await t.call('POST', '/api/signup', { body: { name: 'R2D2', email: 'droid@example.com', company_name: 'X', password: 'Founder-pass-1' } });
      expect(badName.body).toMatchObject({ code: 'name_characters', field: 'name' });
    });

    it('updates name and language, and changes the password only with the current one', async () => {
      const user = await newUser('profile@example.com');
      const token = await t.login(user);
      const renamed = await t.call('POST', '/api/update-profile', { token, body: { name: 'Renata Profile', language: 'ar' } });
      expect(renamed.body.user).toMatchObject({ name: 'Renata Profile', language: 'ar' });
      const spaces = await t.call('POST', '/api/update-profile', { token, body: { name: ' Renata' } });
      expect(spaces.body.code).toBe('name_spaces');
      const wrongCurrent = await t.call('POST', '/api/update-profile', { token, body: { current_password: 'wrong-one-1', new_password: 'Another-pass-3' } });
      expect(wrongCurrent.status).toBe(400);
      const changed = await t.call('POST', '/api/update-profile', { token, body: { current_password: user.password, new_password: 'Another-pass-3' } });
      expect(changed.status).toBe(200);
      expect((await t.call('POST', '/api/login', { body: { email: user.email, password: 'Another-pass-3' } })).status).toBe(200);
    });

    it('verifies the password before sensitive actions', async () => {
      const token = await t.login(ANALYST);
      expect((await t.call('POST', '/api/verify-password', { token, body: { password: ANALYST.password } })).body.verified).toBe(true);
      const wrong = await t.call('POST', '/api/verify-password', { token, body: { password: 'guess-1234' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error_message).toBe('Password is incorrect.');
    });
  });

  describe('permissions on protected routes', () => {
    it('lets the administrator list permissions and refuses an analyst with 403', async () => {
      const admin = await t.login(ADMIN);
      const list = await t.call('GET', '/api/permissions?page=1&page_size=100', { token: admin });
      expect(list.status).toBe(200);
      expect(list.body.data.map((p: { name: string }) => p.name)).toContain('create_new_case');
      expect(list.body.data.find((p: { name: string }) => p.name === 'create_new_case').depends_on).toEqual(['view_case']);
      const analyst = await t.login(ANALYST);
      const denied = await t.call('GET', '/api/permissions?page=1&page_size=100', { token: analyst });
      expect(denied.status).toBe(403);
      expect(denied.body.error_message).toBe('Permission Denied');
      const anonymous = await t.call('GET', '/api/permissions');
      expect(anonymous.status).toBe(401);
    });

    it('rejects a malformed query with 400', async () => {
      const admin = await t.login(ADMIN);
      const res = await t.call('GET', '/api/permissions?page=0', { token: admin });
      expect(res.status).toBe(400);
    });
  });
});
