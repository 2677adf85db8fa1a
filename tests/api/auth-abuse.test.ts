/**
 * Sign-in abuse limits against a real database (PGlite and Postgres) and a real
 * SMTP server: who a wrong password locks out (the guessing address, not the
 * owner), the account-wide lock, and the bounds on mailed sign-in codes
 * (resends per sign-in, codes per account and hour, wrong codes across resends).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODES_PER_HOUR, MAX_CODE_ATTEMPTS, MAX_RESENDS_PER_CHALLENGE } from '../../server/auth/challenges';
import { insertUser } from '../../server/organisations/create';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, ANALYST, createTestApp, type TestApp } from '../helpers/app';
import { codeIn } from '../helpers/smtp';

const LIMITS = { pairFailures: 3, addressFailures: 8, accountFailures: 6, windowMinutes: 15, lockMinutes: 15 };

describe.each(DATABASE_KINDS)('sign-in abuse limits on %s', (kind) => {
  let t: TestApp;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { loginLock: LIMITS });
  });
  afterAll(() => t?.close());

  async function newUser(prefix: string, options: { emailTwoFactor?: boolean } = {}) {
    const email = `${prefix}.${++counter}@example.com`;
    const admin = await t.deps.db.one('SELECT organisation_id, role_id FROM users WHERE email = $1', [ADMIN.email]);
    await insertUser(t.deps.db, { organisationId: admin!.organisation_id, roleId: admin!.role_id, name: 'Test Person', email, password: 'Sturdy-pass-1' });
    if (options.emailTwoFactor) await t.deps.db.query('UPDATE users SET email_2fa_enabled = true WHERE email = $1', [email]);
    return { email, password: 'Sturdy-pass-1' };
  }

  const login = (body: { email: string; password: string }, ip: string) => t.call('POST', '/api/login', { body, ip });
  const wrongPassword = (email: string, ip: string) => login({ email, password: 'Wrong-guess-1' }, ip);

  describe('wrong passwords', () => {
    it("lock the guessing address out of the account, while the owner signs in from their own address", async () => {
      const owner = await newUser('target');
      for (let i = 0; i < LIMITS.pairFailures; i++) expect((await wrongPassword(owner.email, '10.5.0.1')).status).toBe(400);

      const attacker = await login(owner, '10.5.0.1');
      expect(attacker.status).toBe(429);
      expect(attacker.body).toMatchObject({ code: 'account_locked', minutes: 15 });
      expect(attacker.body.error_message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');

      const ownerAnswer = await login(owner, '10.5.0.2');
      expect(ownerAnswer.status, JSON.stringify(ownerAnswer.body)).toBe(200);
      expect(ownerAnswer.body.access_token).toBeTruthy();
      // The owner's success clears nothing for the guessing address.
      expect((await login(owner, '10.5.0.1')).status).toBe(429);
    });

    it('a success clears its own address\'s count for the account', async () => {
      const owner = await newUser('typo');
      for (let i = 0; i < LIMITS.pairFailures - 1; i++) await wrongPassword(owner.email, '10.5.1.1');
      expect((await login(owner, '10.5.1.1')).status).toBe(200);
      for (let i = 0; i < LIMITS.pairFailures - 1; i++) await wrongPassword(owner.email, '10.5.1.1');
      expect((await login(owner, '10.5.1.1')).status).toBe(200);
    });

    it('lock the account for unknown addresses at the much higher account-wide number, not where the owner signs in', async () => {
      const owner = await newUser('spread');
      expect((await login(owner, '10.6.0.100')).status).toBe(200);
      // Failures spread over many addresses, each below its own limit.
      for (let i = 1; i < LIMITS.accountFailures; i++) expect((await wrongPassword(owner.email, `10.6.0.${i}`)).status).toBe(400);
      expect((await login(owner, '10.6.0.51')).status).toBe(200);

      expect((await wrongPassword(owner.email, `10.6.0.${LIMITS.accountFailures}`)).status).toBe(400);
      const fresh = await login(owner, '10.6.0.50');
      expect(fresh.status).toBe(429);
      expect(fresh.body).toMatchObject({ code: 'account_locked', minutes: 15 });
      // Addresses the account signed in from recently keep working.
      expect((await login(owner, '10.6.0.100')).status).toBe(200);
      expect((await login(owner, '10.6.0.51')).status).toBe(200);
      // Other accounts are not touched.
      expect((await login(ANALYST, '10.6.0.50')).status).toBe(200);
    });
  });

  describe('second-factor codes', () => {
    /** Signs in with the password; answers the otp_token and the code mailed for it. */
    async function startTwoFactor(user: { email: string; password: string }, ip: string) {
      const since = t.smtp.messages.length;
      const answer = await login(user, ip);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.otp_required).toBe(true);
      return { otpToken: answer.body.otp_token as string, code: codeIn(await t.smtp.waitFor(user.email, { since })) };
    }

    async function resend(user: { email: string }, otpToken: string) {
      const since = t.smtp.messages.length;
      const answer = await t.call('POST', '/api/resend-otp', { body: { otp_token: otpToken } });
      const code = answer.status === 200 ? codeIn(await t.smtp.waitFor(user.email, { since })) : null;
      return { answer, code };
    }

    const verify = (otpToken: string, code: string, ip = '127.0.0.1') => t.call('POST', '/api/verify-otp-code', { body: { otp_token: otpToken, code }, ip });
    const notThe = (code: string | null) => (code === '000000' ? '111111' : '000000');

    it(`sends at most ${MAX_RESENDS_PER_CHALLENGE} fresh codes for one sign-in; the last one still works`, async () => {
      const user = await newUser('resender', { emailTwoFactor: true });
      const { otpToken } = await startTwoFactor(user, '10.7.0.1');
      let last: string | null = null;
      for (let i = 0; i < MAX_RESENDS_PER_CHALLENGE; i++) {
        const { answer, code } = await resend(user, otpToken);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        last = code;
      }
      const mailed = t.smtp.messages.filter((m) => m.to.includes(user.email)).length;
      const refused = await resend(user, otpToken);
      expect(refused.answer.status).toBe(429);
      expect(refused.answer.body).toMatchObject({ code: 'otp_resend_limit' });
      expect(refused.answer.body.error_message).toBe('No more codes can be sent for this sign-in. Enter the last code you received, or sign in again.');
      expect(t.smtp.messages.filter((m) => m.to.includes(user.email)).length).toBe(mailed);

      const done = await verify(otpToken, last!);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.access_token).toBeTruthy();
    });

    it(`keeps counting wrong codes across resends and ends the sign-in after ${MAX_CODE_ATTEMPTS} in total`, async () => {
      const user = await newUser('guesser', { emailTwoFactor: true });
      const started = await startTwoFactor(user, '10.7.1.1');
      let current: string | null = started.code;
      let wrong = 0;
      for (const burst of [2, 2]) {
        for (let i = 0; i < burst; i++, wrong++) expect((await verify(started.otpToken, notThe(current))).body.code).toBe('otp_invalid');
        ({ code: current } = await resend(user, started.otpToken));
      }
      expect(wrong).toBe(MAX_CODE_ATTEMPTS - 1);
      const ended = await verify(started.otpToken, notThe(current));
      expect(ended.status).toBe(400);
      expect(ended.body).toMatchObject({ code: 'otp_attempts_exhausted', error_message: 'Too many wrong codes. Please sign in again.' });
      // Over: even the right code and a resend are refused now.
      expect((await verify(started.otpToken, current!)).body.code).toBe('otp_session_invalid');
      expect((await resend(user, started.otpToken)).answer.body.code).toBe('otp_session_invalid');
    });

    it('checks answers sent at the same moment against the same total', async () => {
      const user = await newUser('burst', { emailTwoFactor: true });
      const { otpToken, code } = await startTwoFactor(user, '10.7.2.1');
      const answers = await Promise.all(Array.from({ length: 12 }, () => verify(otpToken, notThe(code))));
      // Exactly the allowed number of codes was checked; every other answer found the sign-in over.
      const codes = answers.map((a) => a.body.code);
      expect(codes.filter((c) => c === 'otp_invalid')).toHaveLength(MAX_CODE_ATTEMPTS - 1);
      expect(codes.filter((c) => c === 'otp_attempts_exhausted')).toHaveLength(1);
      expect(codes.filter((c) => c === 'otp_session_invalid')).toHaveLength(answers.length - MAX_CODE_ATTEMPTS);
      const row = await t.deps.db.one('SELECT attempts, consumed_at FROM otp_challenges WHERE user_id = (SELECT id FROM users WHERE email = $1)', [user.email]);
      expect(row!.attempts).toBe(MAX_CODE_ATTEMPTS);
      expect(row!.consumed_at).not.toBeNull();
    });

    it(`mails at most ${MAX_CODES_PER_HOUR} codes to one account in an hour, over any number of sign-ins`, async () => {
      const user = await newUser('flooded', { emailTwoFactor: true });
      const mailedTo = () => t.smtp.messages.filter((m) => m.to.includes(user.email)).length;
      let sent = 0;
      let refused: Awaited<ReturnType<typeof resend>>['answer'] | null = null;
      // Bounded, so a missing limit fails here instead of looping.
      while (!refused && sent <= MAX_CODES_PER_HOUR + MAX_RESENDS_PER_CHALLENGE) {
        const { otpToken } = await startTwoFactor(user, '10.7.3.1');
        sent++;
        for (let i = 0; i < MAX_RESENDS_PER_CHALLENGE; i++) {
          const { answer } = await resend(user, otpToken);
          if (answer.status !== 200) {
            refused = answer;
            break;
          }
          sent++;
        }
      }
      expect(sent).toBe(MAX_CODES_PER_HOUR);
      expect(mailedTo()).toBe(MAX_CODES_PER_HOUR);
      if (!refused) throw new Error('no code was refused');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('otp_send_limit');
      expect(refused.body.minutes).toBeGreaterThanOrEqual(59);
      expect(refused.body.minutes).toBeLessThanOrEqual(60);
      expect(refused.body.error_message).toBe(`Too many codes have been sent to this account. Try again in ${refused.body.minutes} minutes.`);

      // A new sign-in with the right password cannot mail one either, and says when it can.
      const again = await login(user, '10.7.3.1');
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('otp_send_limit');
      expect(mailedTo()).toBe(MAX_CODES_PER_HOUR);

      // An hour later the account may receive codes again.
      await t.deps.db.query("UPDATE otp_code_sends SET created_at = created_at - interval '61 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)", [user.email]);
      await startTwoFactor(user, '10.7.3.1');
    });

    it(`mails at most ${MAX_CODES_PER_HOUR} reset or sign-in links to one account in an hour, silently, without touching its sign-in codes`, async () => {
      const user = await newUser('linkflood', { emailTwoFactor: true });
      const linksTo = () => t.smtp.messages.filter((m) => m.to.includes(user.email)).length;
      const answers = [];
      for (let i = 0; i < MAX_CODES_PER_HOUR + 3; i++) {
        answers.push(await t.call('POST', i % 2 ? '/api/user-login' : '/api/forgot-password', { body: { email: user.email }, ip: `10.7.4.${i}` }));
      }
      // The answers do not change when the allowance is spent, so they reveal nothing about the account.
      for (const [i, answer] of answers.entries()) expect(answer.status, `request ${i}`).toBe(200);
      expect(new Set(answers.map((a) => a.body.code))).toEqual(new Set(['reset_email_sent', 'login_link_sent']));
      expect(linksTo()).toBe(MAX_CODES_PER_HOUR);

      // Someone flooding the public pages cannot stop the owner's sign-in codes.
      await startTwoFactor(user, '10.7.4.100');
      expect(linksTo()).toBe(MAX_CODES_PER_HOUR + 1);
    });

    it('counts wrong codes as failed sign-ins of the account from that address, but not against the address for other accounts', async () => {
      const ip = '10.8.0.1';
      // More wrong codes from one address than its limit across accounts, spread so no account reaches its own limit there.
      const users = [];
      for (let n = 0; n * (LIMITS.pairFailures - 1) <= LIMITS.addressFailures; n++) users.push(await newUser(`office${n}`, { emailTwoFactor: true }));
      for (const user of users) {
        const { otpToken, code } = await startTwoFactor(user, ip);
        for (let i = 0; i < LIMITS.pairFailures - 1; i++) expect((await verify(otpToken, notThe(code), ip)).body.code).toBe('otp_invalid');
      }
      // The address is not locked for another account.
      expect((await login(ANALYST, ip)).status).toBe(200);

      // One more wrong code for the first account reaches its limit at this address: guessing codes
      // over many sign-ins meets the same lock as guessing passwords.
      const first = users[0];
      const { otpToken, code } = await startTwoFactor(first, ip);
      expect((await verify(otpToken, notThe(code), ip)).body.code).toBe('otp_invalid');
      const locked = await login(first, ip);
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('account_locked');
      expect((await login(first, '10.8.0.2')).body.otp_required).toBe(true);
    });
  });
});
