/**
 * The users calls (create-user, users, update-user, delete-user, get_all_users)
 * against a real database (PGlite and Postgres) and a real SMTP server: each
 * call's success, each validation message, each permission, another
 * organisation's ids, deactivation revoking tokens, and a role change taking
 * effect on the very next call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '../../common/constants';
import type { RealtimeMessage } from '../../server/realtime/bus';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, roleIdByName, seededTokens, type TestApp } from '../helpers/app';
import { linkIn, type ReceivedMail } from '../helpers/smtp';

const USER_CALLS = [
  ['GET', '/api/get_all_users'],
  ['GET', '/api/users?name=a'],
  ['POST', '/api/create-user'],
  ['POST', '/api/update-user'],
  ['POST', '/api/delete-user'],
] as const;

describe.each(DATABASE_KINDS)('users API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;
  const published: RealtimeMessage[] = [];
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ admin, analyst, planAdmin } = await seededTokens(t));
    await t.deps.realtime.subscribe((m) => published.push(m));
  });
  afterAll(() => t?.close());

  const roleId = (name: string, organisationSlug?: string) => roleIdByName(t, name, organisationSlug);
  const userId = async (email: string) => (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [email]))!.id as string;
  const userCount = async () => (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM users'))!.n;
  const uniqueEmail = (prefix: string) => `${prefix}.${++counter}@example.com`;

  /** Invites a user through the API and sets their password through the mailed link; answers their e-mail, id and a token. */
  async function invite(roleName = 'Analyst', password = 'Invited-pass-1') {
    const email = uniqueEmail('invitee');
    const since = t.smtp.messages.length;
    const res = await t.call('POST', '/api/create-user', { token: admin, body: { name: 'Ivy Invitee', email, role_id: await roleId(roleName) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await t.smtp.waitFor(email, { since });
    const token = new URL(linkIn(mail, '/setup-password')).searchParams.get('token');
    expect((await t.call('POST', '/api/setup-password', { body: { token, password } })).status).toBe(200);
    return { email, password, id: res.body.user._id as string, token: await t.login({ email, password }) };
  }

  async function roleWith(name: string, permissions: string[]) {
    const res = await t.call('POST', '/api/create-role', { token: admin, body: { name, permissions } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.role._id as string;
  }

  describe('listing and search', () => {
    it('get_all_users lists the organisation with role, status and both two-factor states, never a secret', async () => {
      const res = await t.call('GET', '/api/get_all_users?page=1&page_size=50', { token: admin });
      expect(res.status).toBe(200);
      const emails = res.body.data.map((u: { email: string }) => u.email);
      expect(emails).toEqual(expect.arrayContaining([ADMIN.email, ANALYST.email]));
      expect(emails).not.toContain(PLAN_ADMIN.email);
      const analystRow = res.body.data.find((u: { email: string }) => u.email === ANALYST.email);
      expect(analystRow).toMatchObject({
        name: 'Alex Analyst',
        role: { name: 'Analyst', is_admin: false },
        is_active: true,
        status: 'active',
        email_2fa: { is_enabled: false, verified_at: null },
        app_2fa: { is_enabled: false, verified_at: null },
        new_feature_added: false,
        invitation_pending: false,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password_hash|app_2fa_secret/);
      expect(res.body.total).toBe(res.body.data.length);
    });

    it('pages through users', async () => {
      const first = await t.call('GET', '/api/get_all_users?page=1&page_size=1', { token: admin });
      const second = await t.call('GET', '/api/get_all_users?page=2&page_size=1', { token: admin });
      expect(first.body.data).toHaveLength(1);
      expect(second.body.data).toHaveLength(1);
      expect(first.body.data[0]._id).not.toBe(second.body.data[0]._id);
      expect(first.body.total).toBeGreaterThanOrEqual(2);
    });

    it('the search needs at least one filter', async () => {
      for (const query of ['', '?name=', '?name=%20%20&email=&role_id=&status=']) {
        const res = await t.call('GET', `/api/users${query}`, { token: admin });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'user_search_filter', error_message: 'Please enter at least one filter.' });
      }
    });

    it('searches by name, e-mail, role and status', async () => {
      const byName = await t.call('GET', '/api/users?name=ALEX', { token: admin });
      expect(byName.body.data.map((u: { email: string }) => u.email)).toEqual([ANALYST.email]);
      const byEmail = await t.call('GET', '/api/users?email=admin@', { token: admin });
      expect(byEmail.body.data.map((u: { email: string }) => u.email)).toEqual([ADMIN.email]);
      const byRole = await t.call('GET', `/api/users?role_id=${await roleId('Administrator')}`, { token: admin });
      expect(byRole.body.data.every((u: { role: { name: string } }) => u.role.name === 'Administrator')).toBe(true);
      const inactive = await t.call('GET', '/api/users?status=inactive&name=Alex', { token: admin });
      expect(inactive.body).toMatchObject({ total: 0, data: [] });
      // A typed wildcard matches itself, not everything.
      const wildcard = await t.call('GET', '/api/users?name=%25', { token: admin });
      expect(wildcard.body.data).toEqual([]);
      const badRole = await t.call('GET', '/api/users?role_id=not-a-role', { token: admin });
      expect(badRole.status).toBe(200);
      expect(badRole.body.data).toEqual([]);
    });

    it("a role id of another organisation finds nobody", async () => {
      const res = await t.call('GET', `/api/users?role_id=${await roleId('Administrator', 'harbour')}`, { token: admin });
      expect(res.body.data).toEqual([]);
    });
  });

  describe('permissions', () => {
    it('a user without view_users gets 403 from every users call', async () => {
      for (const [method, url] of USER_CALLS) {
        const res = await t.call(method, url, { token: analyst, body: method === 'POST' ? {} : undefined });
        expect(res.status, url).toBe(403);
        expect(res.body.error_message, url).toBe('Permission Denied');
      }
    });

    it('view_users alone reads users but cannot create, change or delete them', async () => {
      const role = await roleWith('Readers of users', ['view_users']);
      const reader = await invite('Readers of users');
      expect((await t.call('GET', '/api/get_all_users', { token: reader.token })).status).toBe(200);
      expect((await t.call('GET', '/api/users?name=alex', { token: reader.token })).status).toBe(200);
      const analystId = await userId(ANALYST.email);
      const create = await t.call('POST', '/api/create-user', { token: reader.token, body: { name: 'No Body', email: uniqueEmail('nobody'), role_id: role } });
      expect(create.status).toBe(403);
      expect((await t.call('POST', '/api/update-user', { token: reader.token, body: { user_id: analystId, name: 'Changed Name' } })).status).toBe(403);
      expect((await t.call('POST', '/api/delete-user', { token: reader.token, body: { user_id: analystId } })).status).toBe(403);
    });

    it('a user manager who is not an administrator can neither hand out nor touch the administrator role', async () => {
      await roleWith('User managers', ['view_users', 'create_users', 'update_users', 'delete_users']);
      const manager = await invite('User managers');
      const adminRole = await roleId('Administrator');
      const create = await t.call('POST', '/api/create-user', { token: manager.token, body: { name: 'Sneaky Admin', email: uniqueEmail('sneaky'), role_id: adminRole } });
      expect(create.status).toBe(403);
      const promote = await t.call('POST', '/api/update-user', { token: manager.token, body: { user_id: manager.id, role_id: adminRole } });
      expect(promote.status).toBe(400);
      expect(promote.body.code).toBe('self_role_change');
      const other = await invite();
      expect((await t.call('POST', '/api/update-user', { token: manager.token, body: { user_id: other.id, role_id: adminRole } })).status).toBe(403);
      const adminId = await userId(ADMIN.email);
      expect((await t.call('POST', '/api/update-user', { token: manager.token, body: { user_id: adminId, is_active: false } })).status).toBe(403);
      expect((await t.call('POST', '/api/delete-user', { token: manager.token, body: { user_id: adminId } })).status).toBe(403);
      // Ordinary users are theirs to manage.
      expect((await t.call('POST', '/api/update-user', { token: manager.token, body: { user_id: other.id, name: 'Renamed Invitee' } })).status).toBe(200);
    });
  });

  describe('create-user', () => {
    it('answers each validation message and creates nothing', async () => {
      const analystRole = await roleId('Analyst');
      const before = await userCount();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ email: 'x1@example.com', role_id: analystRole }, 'name', 'Name is required.'],
        [{ name: 'A', email: 'x1@example.com', role_id: analystRole }, 'name', 'Name must be 2 to 30 characters.'],
        [{ name: 'Ann3 Smith', email: 'x1@example.com', role_id: analystRole }, 'name', 'Name must not contain special characters or digits.'],
        [{ name: ' Ann Smith', email: 'x1@example.com', role_id: analystRole }, 'name', 'Name must not begin or end with a space.'],
        [{ name: 'Ann Smith-', email: 'x1@example.com', role_id: analystRole }, 'name', 'Name must start and end with a letter.'],
        [{ name: 'A'.repeat(31), email: 'x1@example.com', role_id: analystRole }, 'name', 'Name must be 2 to 30 characters.'],
        [{ name: 'Ann Smith', role_id: analystRole }, 'email', 'E-mail is required.'],
        [{ name: 'Ann Smith', email: 'not-an-email', role_id: analystRole }, 'email', 'Please enter a valid e-mail address.'],
        [{ name: 'Ann Smith', email: 'x1@example.com' }, 'role_id', 'Please choose a role.'],
        [{ name: 'Ann Smith', email: 'x1@example.com', role_id: 'not-a-uuid' }, 'role_id', 'Please choose a role.'],
        [{ name: 'Ann Smith', email: 'x1@example.com', role_id: await roleId('Administrator', 'harbour') }, 'role_id', 'Please choose a role.'],
      ];
      for (const [body, field, message] of cases) {
        const res = await t.call('POST', '/api/create-user', { token: admin, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body, JSON.stringify(body)).toMatchObject({ field, error_message: message });
      }
      const taken = await t.call('POST', '/api/create-user', { token: admin, body: { name: 'Ann Smith', email: ANALYST.email.toUpperCase(), role_id: analystRole } });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ field: 'email', error_message: 'An account with this e-mail already exists.' });
      expect(await userCount()).toBe(before);
    });

    it('creates the user, e-mails a set-up link that lets them choose a password and sign in, and records it', async () => {
      const email = uniqueEmail('new.analyst');
      const since = t.smtp.messages.length;
      const res = await t.call('POST', '/api/create-user', {
        token: admin,
        body: { name: 'Nora Newcomer', email: email.toUpperCase(), role_id: await roleId('Analyst') },
        ip: '10.50.0.7',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        code: 'user_created',
        message: `User created. An invitation to set a password has been sent to ${email}.`,
        user: { name: 'Nora Newcomer', email, role: { name: 'Analyst' }, is_active: true, invitation_pending: true },
      });
      const mail = await t.smtp.waitFor(email, { since });
      expect(mail.subject).toBe('You are invited to Northwind Compliance');
      const link = linkIn(mail, '/setup-password');
      expect(link).toMatch(/^http:\/\/app\.test\/setup-password\?token=/);
      const token = new URL(link).searchParams.get('token');
      expect((await t.call('POST', '/api/verify-token', { body: { token, type: 'setup' } })).body).toMatchObject({ valid: true, email });
      // No password yet: nobody can sign in as the new user.
      expect((await t.call('POST', '/api/login', { body: { email, password: 'anything-1' } })).status).toBe(400);
      expect((await t.call('POST', '/api/setup-password', { body: { token, password: 'Newcomer-pass-1' } })).status).toBe(200);
      const login = await t.call('POST', '/api/login', { body: { email, password: 'Newcomer-pass-1' } });
      expect(login.status).toBe(200);
      expect(login.body.role.name).toBe('Analyst');

      const audit = await t.deps.db.one("SELECT * FROM audit_events WHERE action = 'user.created' AND target_id = $1", [res.body.user._id]);
      expect(audit).toMatchObject({ actor_email: ADMIN.email, ip: '10.50.0.7', target_type: 'user' });
      expect(audit!.details).toMatchObject({ email, role: 'Analyst' });
    });
  });

  describe('update-user', () => {
    it('renames and changes the role, validating the name and the role', async () => {
      const user = await invite();
      const bad = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, name: 'R2D2' } });
      expect(bad.body).toMatchObject({ field: 'name', error_message: 'Name must not contain special characters or digits.' });
      const foreignRole = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, role_id: await roleId('Administrator', 'harbour') } });
      expect(foreignRole.status).toBe(400);
      expect(foreignRole.body.field).toBe('role_id');
      await roleWith(`Reviewers ${counter}`, ['view_case']);
      const res = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, name: 'Ivy Renamed', role_id: await roleId(`Reviewers ${counter}`) } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'User updated successfully.', user: { name: 'Ivy Renamed', role: { name: `Reviewers ${counter}` } } });
      const audit = await t.deps.db.one("SELECT details FROM audit_events WHERE action = 'user.updated' AND target_id = $1 ORDER BY id DESC LIMIT 1", [user.id]);
      expect(audit!.details.changes).toMatchObject({ name: { from: 'Ivy Invitee', to: 'Ivy Renamed' }, role: { from: 'Analyst' } });
    });

    it("answers 404 for another organisation's user and for ids that cannot exist, changing nothing", async () => {
      const foreign = await userId(PLAN_ADMIN.email);
      for (const id of [foreign, 'nope', '00000000-0000-4000-8000-000000000000']) {
        const res = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: id, is_active: false } });
        expect(res.status, id).toBe(404);
        expect(res.body.error_message).toBe('Not found.');
        expect((await t.call('POST', '/api/delete-user', { token: admin, body: { user_id: id } })).status, id).toBe(404);
      }
      expect((await t.call('GET', '/api/refresh', { token: planAdmin })).status).toBe(200);
      // And the other organisation's administrator cannot reach ours either.
      const ours = await userId(ANALYST.email);
      expect((await t.call('POST', '/api/update-user', { token: planAdmin, body: { user_id: ours, name: 'Hacked Name' } })).status).toBe(404);
      expect((await t.call('POST', '/api/delete-user', { token: planAdmin, body: { user_id: ours } })).status).toBe(404);
      expect((await t.deps.db.one('SELECT name FROM users WHERE id = $1', [ours]))!.name).toBe('Alex Analyst');
    });

    it('deactivation stops existing tokens at once and blocks sign-in; activation lets the user back in', async () => {
      const user = await invite();
      expect((await t.call('GET', '/api/refresh', { token: user.token })).status).toBe(200);
      const before = published.length;
      const off = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, is_active: 'false' } });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ code: 'user_deactivated', user: { is_active: false, status: 'inactive' } });
      expect((await t.call('GET', '/api/refresh', { token: user.token })).status).toBe(401);
      const login = await t.call('POST', '/api/login', { body: { email: user.email, password: user.password }, ip: '10.60.0.1' });
      expect(login.status).toBe(403);
      expect(login.body.error_message).toBe('Your account is inactive. Please contact your administrator.');
      // The user's open app is told, then its sockets are closed.
      await expect.poll(() => published.slice(before).filter((m) => m.room === `user:${user.id}`).map((m) => m.disconnect ?? m.event)).toEqual([SOCKET_EVENTS.sessionChanged, true]);
      const inactive = await t.call('GET', '/api/users?status=inactive', { token: admin });
      expect(inactive.body.data.map((u: { _id: string }) => u._id)).toContain(user.id);

      const on = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, is_active: true } });
      expect(on.body).toMatchObject({ code: 'user_activated', message: 'User activated.' });
      // The old token stays revoked; a new sign-in works.
      expect((await t.call('GET', '/api/refresh', { token: user.token })).status).toBe(401);
      expect((await t.call('POST', '/api/login', { body: { email: user.email, password: user.password }, ip: '10.60.0.2' })).status).toBe(200);
      const actions = await t.deps.db.query("SELECT action FROM audit_events WHERE target_id = $1 AND action LIKE 'user.%activated' ORDER BY id", [user.id]);
      expect(actions.map((a) => a.action)).toEqual(['user.deactivated', 'user.activated']);
    });

    it('nobody deactivates or re-roles their own account', async () => {
      const me = await userId(ADMIN.email);
      const off = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: me, is_active: false } });
      expect(off.body).toMatchObject({ code: 'self_deactivate', error_message: 'You cannot deactivate your own account.' });
      const role = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: me, role_id: await roleId('Analyst') } });
      expect(role.body).toMatchObject({ code: 'self_role_change', error_message: 'You cannot change your own role.' });
      expect((await t.call('GET', '/api/refresh', { token: admin })).body.role.name).toBe('Administrator');
    });

    it('re-sends an invitation to a user without a password, replacing the older link', async () => {
      const email = uniqueEmail('late');
      let since = t.smtp.messages.length;
      const created = await t.call('POST', '/api/create-user', { token: admin, body: { name: 'Lee Late', email, role_id: await roleId('Analyst') } });
      const first = new URL(linkIn(await t.smtp.waitFor(email, { since }), '/setup-password')).searchParams.get('token');
      since = t.smtp.messages.length;
      const again = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: created.body.user._id, resend_invitation: true } });
      expect(again.body).toMatchObject({ code: 'invitation_sent', message: `A new invitation has been sent to ${email}.` });
      const second = new URL(linkIn(await t.smtp.waitFor(email, { since }), '/setup-password')).searchParams.get('token');
      expect(second).not.toBe(first);
      expect((await t.call('POST', '/api/verify-token', { body: { token: first } })).body.error_message).toBe('token is incorrect');
      expect((await t.call('POST', '/api/verify-token', { body: { token: second } })).status).toBe(200);
      const analystId = await userId(ANALYST.email);
      const needless = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: analystId, resend_invitation: true } });
      expect(needless.body).toMatchObject({ code: 'invitation_not_needed', error_message: 'This user has already set a password.' });
    });
  });

  describe('changing a user\'s e-mail', () => {
    const confirmToken = (mail: ReceivedMail) => new URL(linkIn(mail, '/confirm-email')).searchParams.get('token');
    const signsIn = async (email: string, password: string) => (await t.call('POST', '/api/login', { body: { email, password }, ip: '10.9.0.1' })).status === 200;

    it('mails a link to the new address and a notice to the old; the old address signs in until the link is opened', async () => {
      const user = await invite();
      const next = uniqueEmail('moved');
      const since = t.smtp.messages.length;
      const res = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, email: next } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ code: 'email_change_sent', user: { email: user.email, pending_email: next } });
      expect(res.body.message).toContain(next);
      const link = await t.smtp.waitFor(next, { since, subject: /Confirm your new e-mail/ });
      const notice = await t.smtp.waitFor(user.email, { since, subject: /change of your sign-in e-mail/ });
      expect(notice.text).toContain(next);

      // Until confirmed nothing changes for signing in, and the address is held for this user.
      expect((await t.call('GET', '/api/refresh', { token: user.token })).status).toBe(200);
      expect(await signsIn(next, user.password)).toBe(false);
      const clash = await t.call('POST', '/api/create-user', { token: admin, body: { name: 'Other Person', email: next, role_id: await roleId('Analyst') } });
      expect(clash.status).toBe(409);
      expect(clash.body.code).toBe('email_taken');

      const token = confirmToken(link);
      const confirmed = await t.call('POST', '/api/confirm-email', { body: { token } });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body).toMatchObject({ code: 'email_changed', email: next });
      // Every session ends; the new address is the sign-in name, the old one no longer is.
      expect((await t.call('GET', '/api/refresh', { token: user.token })).status).toBe(401);
      expect(await signsIn(user.email, user.password)).toBe(false);
      expect(await signsIn(next, user.password)).toBe(true);
      const row = await t.deps.db.one('SELECT email, pending_email FROM users WHERE id = $1', [user.id]);
      expect(row).toEqual({ email: next, pending_email: null });

      // The link works once.
      const again = await t.call('POST', '/api/confirm-email', { body: { token } });
      expect(again.status).toBe(400);
      expect(again.body.error_message).toBe('token is incorrect');

      const audit = await t.deps.db.query("SELECT action, details FROM audit_events WHERE target_id = $1 AND action LIKE 'user.email%' ORDER BY id", [user.id]);
      expect(audit.map((a) => a.action)).toEqual(['user.email_change_requested', 'user.email_changed']);
      expect(audit[1].details).toEqual({ from: user.email, to: next });
    });

    it('a user who has not chosen a password yet gets the invitation at the corrected address at once', async () => {
      const typo = uniqueEmail('typo');
      const created = await t.call('POST', '/api/create-user', { token: admin, body: { name: 'Tim Typo', email: typo, role_id: await roleId('Analyst') } });
      const id = created.body.user._id;
      const fixed = uniqueEmail('fixed');
      const since = t.smtp.messages.length;
      const res = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: id, email: fixed } });
      expect(res.body).toMatchObject({ code: 'invitation_sent', user: { email: fixed, pending_email: null } });
      const mail = await t.smtp.waitFor(fixed, { since, subject: /invited/ });
      const setup = new URL(linkIn(mail, '/setup-password')).searchParams.get('token');
      expect((await t.call('POST', '/api/setup-password', { body: { token: setup, password: 'Fixed-pass-1' } })).status).toBe(200);
      expect(await signsIn(fixed, 'Fixed-pass-1')).toBe(true);
    });

    it('refuses a taken or malformed address and expired or unknown links, changing nothing', async () => {
      const user = await invite();
      const taken = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, email: ANALYST.email.toUpperCase() } });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'email_taken', field: 'email' });
      const malformed = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, email: 'not-an-address' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.field).toBe('email');
      expect((await t.deps.db.one('SELECT pending_email FROM users WHERE id = $1', [user.id]))!.pending_email).toBeNull();

      const next = uniqueEmail('late');
      const since = t.smtp.messages.length;
      await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, email: next } });
      const token = confirmToken(await t.smtp.waitFor(next, { since }));
      await t.deps.db.query("UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND kind = 'email_change'", [user.id]);
      const expired = await t.call('POST', '/api/confirm-email', { body: { token } });
      expect(expired.status).toBe(400);
      expect(expired.body.error_message).toBe('Token is expired');
      expect((await t.call('POST', '/api/confirm-email', { body: { token: 'made-up' } })).body.error_message).toBe('token is incorrect');
      expect((await t.deps.db.one('SELECT email FROM users WHERE id = $1', [user.id]))!.email).toBe(user.email);
    });

    it('needs update_users like every other change', async () => {
      const user = await invite();
      const res = await t.call('POST', '/api/update-user', { token: analyst, body: { user_id: user.id, email: uniqueEmail('sneaky') } });
      expect(res.status).toBe(403);
      expect((await t.deps.db.one('SELECT pending_email FROM users WHERE id = $1', [user.id]))!.pending_email).toBeNull();
    });
  });

  describe('delete-user', () => {
    it('deletes the user, ends their sessions and records who did it', async () => {
      const user = await invite();
      const res = await t.call('POST', '/api/delete-user', { token: admin, body: { user_id: user.id } });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('User deleted.');
      expect((await t.call('GET', '/api/refresh', { token: user.token })).status).toBe(401);
      expect((await t.call('POST', '/api/login', { body: { email: user.email, password: user.password } })).status).toBe(400);
      expect(await t.deps.db.one('SELECT 1 FROM users WHERE id = $1', [user.id])).toBeUndefined();
      const audit = await t.deps.db.one("SELECT * FROM audit_events WHERE action = 'user.deleted' AND target_id = $1", [user.id]);
      expect(audit).toMatchObject({ actor_email: ADMIN.email });
      expect(audit!.details).toMatchObject({ email: user.email });
    });

    it('refuses to delete your own account', async () => {
      const res = await t.call('POST', '/api/delete-user', { token: admin, body: { user_id: await userId(ADMIN.email) } });
      expect(res.body).toMatchObject({ code: 'self_delete', error_message: 'You cannot delete your own account.' });
    });
  });

  describe('role changes', () => {
    it("take effect on the user's next call without signing in again, and tell their open app", async () => {
      const roleName = `Temporary user readers ${counter}`;
      const role = await roleWith(roleName, ['view_users', 'view_dashboard']);
      const user = await invite(roleName);
      expect((await t.call('GET', '/api/get_all_users', { token: user.token })).status).toBe(200);
      const before = published.length;
      const edit = await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: role, permissions: ['view_dashboard'] } });
      expect(edit.status).toBe(200);
      // Same token, next call: the permission is gone.
      expect((await t.call('GET', '/api/get_all_users', { token: user.token })).status).toBe(403);
      const refreshed = await t.call('GET', '/api/refresh', { token: user.token });
      expect(refreshed.body.permissions.map((p: { name: string }) => p.name)).not.toContain('view_users');
      await expect.poll(() => published.slice(before).some((m) => m.room === `user:${user.id}` && m.event === SOCKET_EVENTS.sessionChanged)).toBe(true);

      // Moving the user to a role with the permission gives it back, also on the next call.
      await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, role_id: await roleId('Administrator') } });
      expect((await t.call('GET', '/api/get_all_users', { token: user.token })).status).toBe(200);
    });
  });
});
