/**
 * The roles calls (permissions, create-role, role, edit-role, delete-role,
 * get_all_roles, get_all_roles_with_permissions) on PGlite and Postgres:
 * success, validation, 'Role name already exists', dependencies switched on
 * together, administrator-only permissions, roles in use, permissions and
 * another organisation's ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, PERMISSIONS } from '../../common/permissions';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, ANALYST, createTestApp, roleIdByName, seededTokens, type TestApp } from '../helpers/app';

const ROLE_CALLS = [
  ['GET', '/api/permissions?page=1&page_size=100'],
  ['GET', '/api/get_all_roles_with_permissions'],
  ['GET', '/api/role?role_id=00000000-0000-4000-8000-000000000000'],
  ['POST', '/api/create-role'],
  ['POST', '/api/edit-role'],
  ['POST', '/api/delete-role'],
] as const;

describe.each(DATABASE_KINDS)('roles API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ admin, analyst, planAdmin } = await seededTokens(t));
  });
  afterAll(() => t?.close());

  const roleId = (name: string, slug?: string) => roleIdByName(t, name, slug);
  const roleCount = async () => (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM roles'))!.n;
  const permissionsOf = async (id: string) =>
    (await t.deps.db.query('SELECT permission FROM role_permissions WHERE role_id = $1 ORDER BY permission', [id])).map((r) => r.permission as string);
  const create = (name: string, permissions: string[] = []) => t.call('POST', '/api/create-role', { token: admin, body: { name, permissions } });
  const unique = (prefix: string) => `${prefix} ${++counter}`;

  describe('permission catalogue', () => {
    it('lists every permission on one page of 100 with its area, dependencies and administrator-only flag', async () => {
      const res = await t.call('GET', '/api/permissions?page=1&page_size=100', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(PERMISSION_NAMES.length);
      expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(PERMISSION_NAMES);
      const byName = Object.fromEntries(res.body.data.map((p: { name: string }) => [p.name, p]));
      expect(byName.create_new_case).toMatchObject({ area: 'aml_screening', depends_on: ['view_case'], admin_only: false });
      expect(byName.create_adverse_media).toMatchObject({ area: 'media_watcher', depends_on: ['view_adverse_media'] });
      expect(byName.update_webhook_secret_key.admin_only).toBe(true);
    });
  });

  describe('permissions', () => {
    it('a user without view_roles_and_permissions gets 403 from every roles call', async () => {
      for (const [method, url] of ROLE_CALLS) {
        const res = await t.call(method, url, { token: analyst, body: method === 'POST' ? {} : undefined });
        expect(res.status, url).toBe(403);
        expect(res.body.error_message, url).toBe('Permission Denied');
      }
      // get_all_roles also serves the users screen: view_users is enough, the analyst has neither.
      expect((await t.call('GET', '/api/get_all_roles', { token: analyst })).status).toBe(403);
    });

    it('get_all_roles is readable with view_users alone, for the role picker of the users screen', async () => {
      const created = await create(unique('User readers'), ['view_users']);
      const db = t.deps.db;
      const org = await db.one("SELECT id FROM organisations WHERE slug = 'northwind'");
      await db.query("INSERT INTO users (organisation_id, role_id, name, email, password_hash) SELECT $1, $2, 'Rita Reader', 'rita@example.com', password_hash FROM users WHERE email = $3", [
        org!.id,
        created.body.role._id,
        ANALYST.email,
      ]);
      const token = await t.login({ email: 'rita@example.com', password: ANALYST.password });
      expect((await t.call('GET', '/api/get_all_roles?page_size=100', { token })).status).toBe(200);
      expect((await t.call('GET', '/api/get_all_roles_with_permissions', { token })).status).toBe(403);
    });
  });

  describe('get_all_roles', () => {
    it('lists roles with user and permission counts, the administrator role first, and searches by name', async () => {
      const res = await t.call('GET', '/api/get_all_roles?page=1&page_size=100', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.data[0]).toMatchObject({ name: 'Administrator', is_admin: true, permission_count: PERMISSION_NAMES.length });
      const analystRole = res.body.data.find((r: { name: string }) => r.name === 'Analyst');
      expect(analystRole).toMatchObject({ is_admin: false, user_count: 1 });
      expect(res.body.data.map((r: { name: string }) => r.name)).not.toContain('Hana Harbour');
      const search = await t.call('GET', '/api/get_all_roles?search=ANALY', { token: admin });
      expect(search.body.data.map((r: { name: string }) => r.name)).toEqual(['Analyst']);
      const none = await t.call('GET', '/api/get_all_roles?search=no-such-role', { token: admin });
      expect(none.body).toMatchObject({ total: 0, data: [] });
    });

    it('get_all_roles_with_permissions gives every role its permissions', async () => {
      const res = await t.call('GET', '/api/get_all_roles_with_permissions', { token: admin });
      const analystRole = res.body.data.find((r: { name: string }) => r.name === 'Analyst');
      expect(analystRole.permissions).toContainEqual({ name: 'create_new_case' });
      expect(analystRole.permissions).not.toContainEqual({ name: 'view_users' });
      // The other organisation's roles are its own business.
      const theirs = await t.call('GET', '/api/get_all_roles_with_permissions', { token: planAdmin });
      expect(theirs.body.data.map((r: { name: string }) => r.name)).toEqual(['Administrator']);
    });
  });

  describe('create-role', () => {
    it('answers each validation message and creates nothing', async () => {
      const before = await roleCount();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ permissions: [] }, 400, 'Required field.'],
        [{ name: '   ' }, 400, 'Required field.'],
        [{ name: 'A' }, 400, 'Role name must be 2 to 50 characters.'],
        [{ name: 'R'.repeat(51) }, 400, 'Role name must be 2 to 50 characters.'],
        [{ name: 'Bad <role>' }, 400, 'Role name must not contain special characters.'],
        [{ name: 'analyst' }, 409, 'Role name already exists'],
        [{ name: ' ANALYST ' }, 409, 'Role name already exists'],
        [{ name: 'Fine name', permissions: ['fly_to_the_moon'] }, 400, 'Unknown permission: fly_to_the_moon.'],
        [{ name: 'Fine name', permissions: ['view_dashboard', 'view_audit_history'] }, 400, 'only the administrator can access this permission'],
        // Dependencies cannot smuggle one in either: create_api_key is administrator-only.
        [{ name: 'Fine name', permissions: ['create_api_key'] }, 400, 'only the administrator can access this permission'],
      ];
      for (const [body, status, message] of cases) {
        const res = await t.call('POST', '/api/create-role', { token: admin, body });
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.error_message, JSON.stringify(body)).toBe(message);
      }
      expect(await roleCount()).toBe(before);
    });

    it('creates a role, switching on what Create New Case and Create Adverse Media depend on', async () => {
      const name = unique('Screeners');
      const res = await create(name, ['create_new_case', 'create_adverse_media']);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 'role_created', message: 'Role created successfully.', role: { name, is_admin: false, user_count: 0 } });
      expect(await permissionsOf(res.body.role._id)).toEqual(['create_adverse_media', 'create_new_case', 'view_adverse_media', 'view_case']);
      const audit = await t.deps.db.one("SELECT * FROM audit_events WHERE action = 'role.created' AND target_id = $1", [res.body.role._id]);
      expect(audit).toMatchObject({ actor_email: ADMIN.email, ip: '127.0.0.1' });
    });

    it('accepts form data with permissions[] entries', async () => {
      const name = unique('Form role');
      const body = `name=${encodeURIComponent(name)}&permissions[]=view_dashboard&permissions[]=update_case`;
      const res = await t.call('POST', '/api/create-role', { token: admin, body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await permissionsOf(res.body.role._id)).toEqual(['update_case', 'view_case', 'view_case_result_detail', 'view_dashboard', 'view_manage_case']);
    });

    it('gives the same name to roles of different organisations', async () => {
      const res = await t.call('POST', '/api/create-role', { token: planAdmin, body: { name: 'Analyst', permissions: ['view_dashboard'] } });
      expect(res.status).toBe(200);
    });
  });

  describe('role', () => {
    it("answers one role with its permissions, and 404 for another organisation's role or a malformed id", async () => {
      const res = await t.call('GET', `/api/role?role_id=${await roleId('Analyst')}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.role).toMatchObject({ name: 'Analyst', user_count: 1 });
      expect(res.body.role.permissions).toContainEqual({ name: 'view_case' });
      for (const id of [await roleId('Administrator', 'harbour'), 'garbage']) {
        const miss = await t.call('GET', `/api/role?role_id=${id}`, { token: admin });
        expect(miss.status).toBe(404);
        expect(miss.body.error_message).toBe('Not found.');
      }
    });
  });

  describe('edit-role', () => {
    it('renames, keeping names unique whatever their case', async () => {
      const res = await create(unique('Renamable'));
      const id = res.body.role._id;
      const clash = await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: id, name: 'ADMINISTRATOR' } });
      expect(clash.status).toBe(409);
      expect(clash.body).toMatchObject({ field: 'name', error_message: 'Role name already exists' });
      const name = unique('Renamed');
      const ok = await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: id, name } });
      expect(ok.body).toMatchObject({ message: 'Role updated successfully.', role: { name } });
      // Changing only the case of its own name is not a clash.
      const recased = await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: id, name: name.toUpperCase() } });
      expect(recased.status).toBe(200);
      const audit = await t.deps.db.one("SELECT details FROM audit_events WHERE action = 'role.renamed' AND target_id = $1 ORDER BY id LIMIT 1", [id]);
      expect(audit!.details.name).toEqual({ from: res.body.role.name, to: name });
    });

    it('replaces permissions with their dependencies and records what was added and removed', async () => {
      const res = await create(unique('Editable'), ['view_dashboard']);
      const id = res.body.role._id;
      const ok = await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: id, permissions: ['create_new_case'] } });
      expect(ok.status).toBe(200);
      expect(ok.body.role.permissions).toEqual([{ name: 'create_new_case' }, { name: 'view_case' }]);
      const audit = await t.deps.db.one("SELECT details FROM audit_events WHERE action = 'role.permissions_changed' AND target_id = $1", [id]);
      expect(audit!.details).toMatchObject({ added: ['create_new_case', 'view_case'], removed: ['view_dashboard'] });
      const adminOnly = await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: id, permissions: ['view_feedback'] } });
      expect(adminOnly.body.error_message).toBe('only the administrator can access this permission');
      expect(await permissionsOf(id)).toEqual(['create_new_case', 'view_case']);
    });

    it('keeps every permission on the administrator role, which may still be renamed', async () => {
      const id = await roleId('Administrator');
      const strip = await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: id, permissions: ['view_dashboard'] } });
      expect(strip.status).toBe(400);
      expect(strip.body.code).toBe('admin_role_locked');
      expect((await permissionsOf(id)).length).toBe(PERMISSION_NAMES.length);
      const renamed = await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: id, name: 'Owners' } });
      expect(renamed.status).toBe(200);
      await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: id, name: 'Administrator' } });
    });

    it("answers 404 for another organisation's role", async () => {
      const theirs = await roleId('Administrator', 'harbour');
      const res = await t.call('POST', '/api/edit-role', { token: admin, body: { role_id: theirs, name: 'Taken over' } });
      expect(res.status).toBe(404);
      expect((await t.deps.db.one('SELECT name FROM roles WHERE id = $1', [theirs]))!.name).toBe('Administrator');
    });
  });

  describe('delete-role', () => {
    it('deletes a role nobody holds', async () => {
      const res = await create(unique('Unused'));
      const del = await t.call('POST', '/api/delete-role', { token: admin, body: { role_id: res.body.role._id } });
      expect(del.body).toMatchObject({ code: 'role_deleted', message: 'Role deleted successfully.', users_moved: 0 });
      expect(await t.deps.db.one('SELECT 1 FROM roles WHERE id = $1', [res.body.role._id])).toBeUndefined();
    });

    it('refuses to delete a role in use until its users are moved to another role of the organisation', async () => {
      const res = await create(unique('Busy'), ['view_dashboard']);
      const id = res.body.role._id;
      const analystId = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [ANALYST.email]))!.id;
      const original = await roleId('Analyst');
      await t.call('POST', '/api/update-user', { token: admin, body: { user_id: analystId, role_id: id } });

      const refused = await t.call('POST', '/api/delete-role', { token: admin, body: { role_id: id } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'role_in_use',
        field: 'reassign_to',
        user_count: 1,
        error_message: 'This role is still assigned to users. Choose another role for them before deleting it.',
      });
      for (const target of [id, await roleId('Administrator', 'harbour'), 'nonsense']) {
        const bad = await t.call('POST', '/api/delete-role', { token: admin, body: { role_id: id, reassign_to: target } });
        expect(bad.status, target).toBe(400);
        expect(bad.body.code).toBe('reassign_role_invalid');
      }
      expect(await t.deps.db.one('SELECT 1 FROM roles WHERE id = $1', [id])).toBeDefined();

      const moved = await t.call('POST', '/api/delete-role', { token: admin, body: { role_id: id, reassign_to: original } });
      expect(moved.status).toBe(200);
      expect(moved.body.users_moved).toBe(1);
      expect((await t.deps.db.one('SELECT role_id FROM users WHERE id = $1', [analystId]))!.role_id).toBe(original);
      const audit = await t.deps.db.one("SELECT details FROM audit_events WHERE action = 'role.deleted' AND target_id = $1", [id]);
      expect(audit!.details).toMatchObject({ users_moved: 1, reassigned_to: 'Analyst' });
    });

    it("never deletes the administrator role, nor another organisation's role", async () => {
      const adminRole = await t.call('POST', '/api/delete-role', { token: admin, body: { role_id: await roleId('Administrator'), reassign_to: await roleId('Analyst') } });
      expect(adminRole.status).toBe(400);
      expect(adminRole.body.code).toBe('admin_role_locked');
      const theirs = await t.call('POST', '/api/delete-role', { token: admin, body: { role_id: await roleId('Administrator', 'harbour') } });
      expect(theirs.status).toBe(404);
    });
  });

  it('administrator-only permissions are exactly those of docs/decisions.md', () => {
    const adminOnly = PERMISSION_NAMES.filter((p) => PERMISSIONS[p].adminOnly);
    expect(adminOnly.sort()).toEqual(
      [
        'view_roles_and_permissions',
        'create_roles_and_permissions',
        'update_roles_and_permissions',
        'delete_roles_and_permissions',
        'update_payment_method',
        'update_webhook_secret_key',
        'create_api_key',
        'delete_api_key',
        'view_audit_history',
        'view_feedback',
      ].sort(),
    );
  });
});
