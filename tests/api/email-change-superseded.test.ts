/**
 * A change of a user's sign-in e-mail waits for the link mailed to the new
 * address. Any later decision about the e-mail supersedes it: changing back to
 * the current address, or to a third one, must leave the first link dead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../server/organisations/create';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, createTestApp, roleIdByName, type TestApp } from '../helpers/app';
import { linkIn } from '../helpers/smtp';

describe.each(DATABASE_KINDS)('a pending e-mail change superseded on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login(ADMIN);
  });
  afterAll(() => t?.close());

  async function userWithPassword() {
    const email = `owner.${++counter}@example.com`;
    const organisation = await t.deps.db.one('SELECT organisation_id FROM users WHERE email = $1', [ADMIN.email]);
    const id = await insertUser(t.deps.db, { organisationId: organisation!.organisation_id, roleId: await roleIdByName(t, 'Analyst'), name: 'Olive Owner', email, password: 'Owner-pass-1' });
    return { id, email, password: 'Owner-pass-1' };
  }

  /** Asks for a change to `email` and answers the confirmation token mailed there. */
  async function requestChange(userId: string, email: string) {
    const since = t.smtp.messages.length;
    const res = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: userId, email } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe('email_change_sent');
    const mail = await t.smtp.waitFor(email, { since, subject: /Confirm your new e-mail/ });
    return new URL(linkIn(mail, '/confirm-email')).searchParams.get('token')!;
  }

  const signInAddress = async (id: string) => (await t.deps.db.one('SELECT email, pending_email FROM users WHERE id = $1', [id]))!;

  it('changing back to the current address cancels the change: its link no longer moves the sign-in address', async () => {
    const user = await userWithPassword();
    const elsewhere = `elsewhere.${counter}@example.com`;
    const token = await requestChange(user.id, elsewhere);

    const back = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, email: user.email.toUpperCase() } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.user).toMatchObject({ email: user.email, pending_email: null });

    const confirm = await t.call('POST', '/api/confirm-email', { body: { token } });
    expect(confirm.status).toBe(400);
    expect(confirm.body.error_message).toBe('token is incorrect');
    expect(await signInAddress(user.id)).toEqual({ email: user.email, pending_email: null });
    // The owner still signs in with the address they had; the withdrawn one is not a sign-in name.
    expect((await t.call('POST', '/api/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
    expect((await t.call('POST', '/api/login', { body: { email: elsewhere, password: user.password }, ip: '10.77.0.1' })).status).toBe(400);
    // The withdrawn address is free again for someone else.
    const reuse = await t.call('POST', '/api/create-user', { token: admin, body: { name: 'New Person', email: elsewhere, role_id: await roleIdByName(t, 'Analyst') } });
    expect(reuse.status, JSON.stringify(reuse.body)).toBe(200);

    const audit = await t.deps.db.query("SELECT action, details FROM audit_events WHERE target_id = $1 AND action LIKE 'user.email%' ORDER BY id", [user.id]);
    expect(audit.map((a) => a.action)).toEqual(['user.email_change_requested', 'user.email_change_cancelled']);
    expect(audit[1].details).toEqual({ email: user.email, to: elsewhere });
  });

  it('a change to a third address replaces the first: only the latest link works', async () => {
    const user = await userWithPassword();
    const first = await requestChange(user.id, `first.${counter}@example.com`);
    const second = await requestChange(user.id, `second.${counter}@example.com`);

    expect((await t.call('POST', '/api/confirm-email', { body: { token: first } })).body.error_message).toBe('token is incorrect');
    expect(await signInAddress(user.id)).toEqual({ email: user.email, pending_email: `second.${counter}@example.com` });
    const confirmed = await t.call('POST', '/api/confirm-email', { body: { token: second } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await signInAddress(user.id)).toEqual({ email: `second.${counter}@example.com`, pending_email: null });
  });

  it('other changes to the user leave a pending change alone', async () => {
    const user = await userWithPassword();
    const token = await requestChange(user.id, `kept.${counter}@example.com`);
    const renamed = await t.call('POST', '/api/update-user', { token: admin, body: { user_id: user.id, name: 'Olive Renamed' } });
    expect(renamed.status).toBe(200);
    expect((await t.call('POST', '/api/confirm-email', { body: { token } })).status).toBe(200);
    expect((await signInAddress(user.id)).email).toBe(`kept.${counter}@example.com`);
  });
});
