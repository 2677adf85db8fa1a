/**
 * Tenancy in the structure. The organisation-bound handle (server/db/tenant.ts)
 * binds `$org` and refuses any statement that does not name it, on both
 * databases and inside transactions; and the shape of server/ keeps it that
 * way: route modules hold no SQL and never reach the raw database, the
 * organisation is never written as a positional parameter outside the
 * system modules listed here, and the handle's unscoped connection is used
 * only where this file says why.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindOrganisation, forOrganisation, inTransaction, UnscopedStatementError } from '../../server/db/tenant';
import { route } from '../../server/http/routes';
import { ADMIN, createTestApp, PLAN_ADMIN, type TestApp } from '../helpers/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../helpers/databases';

const ORG_A = '00000000-0000-4000-8000-00000000000a';
const ORG_B = '00000000-0000-4000-8000-00000000000b';

describe('bindOrganisation', () => {
  it('gives $org the number after the numbered parameters, everywhere it appears', () => {
    expect(bindOrganisation('SELECT 1 FROM t WHERE organisation_id = $org', 0)).toBe('SELECT 1 FROM t WHERE organisation_id = $1');
    expect(bindOrganisation('SELECT 1 FROM t WHERE a = $1 AND organisation_id = $org AND b = $2 AND c <> $org', 2)).toBe(
      'SELECT 1 FROM t WHERE a = $1 AND organisation_id = $3 AND b = $2 AND c <> $3',
    );
  });

  it('refuses a statement without $org, whatever else it names', () => {
    expect(() => bindOrganisation('SELECT * FROM cases WHERE organisation_id = $1', 1)).toThrow(UnscopedStatementError);
    // A longer word that starts with $org is not the placeholder.
    expect(() => bindOrganisation('SELECT $organisation', 0)).toThrow(UnscopedStatementError);
  });
});

describe.each(DATABASE_KINDS)('the organisation handle on %s', (kind) => {
  let database: TestDatabase;
  const rowsOf = async (organisationId: string) =>
    (await database.db.query<{ n: number }>('SELECT n FROM tenancy_probe WHERE organisation_id = $1 ORDER BY n', [organisationId])).map((r) => r.n);

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
    await database.db.exec('CREATE TABLE tenancy_probe (organisation_id uuid NOT NULL, n int NOT NULL, label text NOT NULL)');
    await database.db.query(
      `INSERT INTO tenancy_probe VALUES ($1, 1, 'x'), ($1, 2, 'y'), ($1, 3, 'x'), ($2, 1, 'x'), ($2, 2, 'x'), ($2, 3, 'x')`,
      [ORG_A, ORG_B],
    );
  });
  afterAll(() => database?.drop());

  it("binds $org after the caller's numbered parameters, so only the organisation's rows answer", async () => {
    const a = forOrganisation(database.db, ORG_A);
    const rows = await a.query<{ n: number }>('SELECT n FROM tenancy_probe WHERE n >= $1 AND organisation_id = $org AND label = $2 ORDER BY n', [1, 'x']);
    expect(rows.map((r) => r.n)).toEqual([1, 3]);
    expect(await a.one('SELECT n FROM tenancy_probe WHERE organisation_id = $org AND n = $1', [2])).toEqual({ n: 2 });
    const b = forOrganisation(database.db, ORG_B);
    expect((await b.query('SELECT n FROM tenancy_probe WHERE organisation_id = $org AND label = $1', ['y'])).length).toBe(0);
    expect(a.organisationId).toBe(ORG_A);
  });

  it('refuses a statement without $org before it reaches the database', async () => {
    const a = forOrganisation(database.db, ORG_A);
    await expect(a.query("UPDATE tenancy_probe SET label = 'changed'")).rejects.toBeInstanceOf(UnscopedStatementError);
    await expect(a.one('DELETE FROM tenancy_probe WHERE organisation_id = $1 RETURNING n', [ORG_B])).rejects.toBeInstanceOf(UnscopedStatementError);
    const labels = await database.db.query<{ label: string }>("SELECT label FROM tenancy_probe WHERE label = 'changed'");
    expect(labels).toEqual([]);
    expect(await rowsOf(ORG_B)).toEqual([1, 2, 3]);
  });

  it('binds inside a transaction, refuses there too, and rolls back with it', async () => {
    const a = forOrganisation(database.db, ORG_A);
    await a.transaction(async (tx) => {
      await tx.query("INSERT INTO tenancy_probe VALUES ($org, $1, 'tx')", [10]);
      // A nested transaction joins the open one and is bound the same way.
      await tx.transaction((inner) => inner.query("INSERT INTO tenancy_probe VALUES ($org, $1, 'tx')", [11]));
      await expect(tx.query("INSERT INTO tenancy_probe VALUES ($1, 12, 'tx')", [ORG_B])).rejects.toBeInstanceOf(UnscopedStatementError);
    });
    expect(await rowsOf(ORG_A)).toEqual([1, 2, 3, 10, 11]);
    expect(await rowsOf(ORG_B)).toEqual([1, 2, 3]);

    await expect(
      a.transaction(async (tx) => {
        await tx.query("INSERT INTO tenancy_probe VALUES ($org, 20, 'tx')");
        // The unscoped connection is the same transaction: its statement rolls back with the rest.
        await tx.unscoped.query("INSERT INTO tenancy_probe VALUES ($1, 21, 'tx')", [ORG_B]);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await rowsOf(ORG_A)).toEqual([1, 2, 3, 10, 11]);
    expect(await rowsOf(ORG_B)).toEqual([1, 2, 3]);
  });

  it("binds a transaction the caller already holds (inTransaction) to the organisation it names", async () => {
    await database.db.transaction(async (raw) => {
      const b = inTransaction(raw, ORG_B);
      await b.query('DELETE FROM tenancy_probe WHERE organisation_id = $org AND n = $1', [3]);
      await expect(b.query('DELETE FROM tenancy_probe WHERE n = $1', [1])).rejects.toBeInstanceOf(UnscopedStatementError);
    });
    expect(await rowsOf(ORG_B)).toEqual([1, 2]);
    expect(await rowsOf(ORG_A)).toEqual([1, 2, 3, 10, 11]);
  });
});

// What a handler receives: ctx.org is bound to the caller's organisation, and reads only its rows.
const probes = [
  route({
    method: 'GET',
    path: '/tenancy-probe/private',
    operationId: 'probeTenancyProbePrivate',
    tag: 'Test',
    summary: 'the organisation handle a private handler receives',
    async handler({ org, auth }) {
      const users = await org.query<{ organisation_id: string }>('SELECT organisation_id FROM users WHERE organisation_id = $org');
      return { bound: org.organisationId, caller: auth.organisation.id, user_organisations: [...new Set(users.map((u) => u.organisation_id))] };
    },
  }),
  route({
    method: 'GET',
    path: '/tenancy-probe/public',
    operationId: 'probeTenancyProbePublic',
    tag: 'Test',
    summary: 'the organisation handle a public handler receives',
    public: true,
    async handler({ org }) {
      return { bound: org?.organisationId ?? null };
    },
  }),
];

describe.each(DATABASE_KINDS)('the handle a route handler receives on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, probes);
  });
  afterAll(() => t?.close());

  it("is bound to the caller's organisation on a private route, and reads only that organisation's rows", async () => {
    const seen = [];
    for (const account of [ADMIN, PLAN_ADMIN]) {
      const res = await t.call('GET', '/api/tenancy-probe/private', { token: await t.login(account) });
      expect(res.status).toBe(200);
      expect(res.body.bound).toBe(res.body.caller);
      expect(res.body.user_organisations).toEqual([res.body.caller]);
      seen.push(res.body.bound);
    }
    // The two accounts belong to different organisations, so each got its own binding.
    expect(new Set(seen).size).toBe(2);
  });

  it('is null on a public route called without a token, and bound when a valid token comes along', async () => {
    expect((await t.call('GET', '/api/tenancy-probe/public')).body).toEqual({ bound: null });
    const token = await t.login(ADMIN);
    const refreshed = await t.call('GET', '/api/refresh', { token });
    expect((await t.call('GET', '/api/tenancy-probe/public', { token })).body).toEqual({ bound: refreshed.body.organisation_id });
  });
});

// ---------------------------------------------------------------------------
// The shape of server/
// ---------------------------------------------------------------------------

const ROOT = join(__dirname, '..', '..');
const SERVER = join(ROOT, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}
const files = sourceFiles(SERVER).map((path) => ({ path: relative(ROOT, path).replace(/\\/g, '/'), text: readFileSync(path, 'utf8') }));

/** Not an area's route module: the route framework, which turns the caller's token into the bound handle. */
const ROUTE_FRAMEWORK = 'server/http/routes.ts';
const routeModules = files.filter((f) => /[/-]routes\.ts$/.test(f.path) && f.path !== ROUTE_FRAMEWORK);

/** What a route module may not contain: SQL, running statements, or the raw database. */
const FORBIDDEN_IN_ROUTES: [string, RegExp][] = [
  ['an SQL statement', /\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|FOR\s+UPDATE|WITH\s+\w+\s+AS\s*\()/i],
  ['.query(', /\.query\s*[<(]/],
  ['.one(', /\.one\s*[<(]/],
  ['.exec(', /\.exec\s*\(/],
  ['deps.db', /deps\s*\.\s*db\b/],
  ['the raw database taken out of deps', /\{[^}]*\bdb\b[^}]*\}\s*=\s*[\w.]*deps\b/],
  ['the unscoped connection', /\.unscoped\b/],
];

/**
 * The modules that may still write the organisation as a numbered parameter,
 * each with the reason. None today: every module names it as $org through the
 * handle, and a system module that crosses organisations names no single one.
 */
const POSITIONAL_ORGANISATION_ALLOWED: Record<string, string> = {};

/** Where the handle's unscoped connection is used, each with the reason. */
const UNSCOPED_ALLOWED: Record<string, string> = {
  'server/db/tenant.ts': 'defines it',
  'server/auth/session-payload.ts': 'a token is resolved by its hash, across organisations by nature: the token names the organisation',
  'server/auth/account.ts': "two-factor set-up codes live in otp_challenges, keyed by the signed-in user, beside the sign-in challenges",
  'server/users/invitations.ts': "one-time links live in auth_tokens, keyed by user; the invitee was found through the handle",
  'server/users/email-change.ts': 'e-mail addresses are unique across organisations; one-time links live in auth_tokens, keyed by user',
  'server/notifications/notify.ts': "monitoring hands a plain connection, a request its handle: either way the statement runs in the caller's transaction",
  'server/bulk/runner.ts': "the job queue enqueues through the caller's transaction, which an API route holds as its organisation's handle",
  'server/case-store/list-changes.ts': "the job queue enqueues through the caller's transaction, which a custom list change holds as its organisation's handle",
  'server/webhooks/jobs.ts': "the job queue enqueues through the caller's transaction, which an area emitting a web hook event holds as its organisation's handle",
  'server/custom-sources/jobs.ts': "the job queue enqueues through the caller's transaction, which a custom source change holds as its organisation's handle",
};

describe('the shape of server/', () => {
  it('has a route module for every area, none of them with SQL or the raw database', () => {
    const areas = routeModules.map((f) => f.path.split('/')[1]).sort();
    expect(areas).toEqual(
      expect.arrayContaining(['audit', 'auth', 'cases', 'feedback', 'notifications', 'permissions', 'reference', 'roles', 'settings', 'users']),
    );
    const found = routeModules.flatMap((f) => FORBIDDEN_IN_ROUTES.filter(([, pattern]) => pattern.test(f.text)).map(([what]) => `${f.path}: ${what}`));
    expect(found).toEqual([]);
  });

  it('finds SQL when a route module holds some (the check itself works)', () => {
    const sample = "const rows = await deps.db.query('SELECT id FROM cases WHERE organisation_id = $1', [id]);";
    expect(FORBIDDEN_IN_ROUTES.filter(([, pattern]) => pattern.test(sample)).map(([what]) => what)).toEqual(['an SQL statement', '.query(', 'deps.db']);
    expect(FORBIDDEN_IN_ROUTES.some(([, pattern]) => pattern.test('const { db, config } = ctx.deps;'))).toBe(true);
  });

  const positional = files.flatMap((f) => [...f.text.matchAll(/organisation_id\s*=\s*\$\d+/g)].map(() => f.path));
  it(`leaves ${positional.length} positional organisation clauses in server/, all in the listed system modules`, () => {
    const outside = positional.filter((path) => !(path in POSITIONAL_ORGANISATION_ALLOWED));
    expect(outside).toEqual([]);
  });

  it('uses the unscoped connection only where a reason is given', () => {
    const users = files.filter((f) => /\.unscoped\b/.test(f.text)).map((f) => f.path);
    expect(users.filter((path) => !(path in UNSCOPED_ALLOWED))).toEqual([]);
  });
});
