/**
 * The shared input layer on PGlite and Postgres: malformed multipart bodies,
 * NUL characters and over-long text answer 400 on every route before anything
 * reaches the database; a body-less call (logout) works whatever body it is
 * sent; the case export validates everything before its first byte and, when
 * the database fails half-way, breaks the transfer instead of ending a
 * complete-looking file; source_details answers the search-term rule;
 * feedback reaches only administrators who can act on it.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../server/http/routes';
import { insertUser } from '../../server/organisations/create';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, ANALYST, createTestApp, seededTokens, type TestApp } from '../helpers/app';
import { multipart } from '../cases/multipart';

/** A route with a path parameter (no product route has one yet) and one that fails, to compare the log with. */
const extraRoutes = [
  route({ method: 'GET', path: '/probe-input/:name', operationId: 'probeProbeInputName', tag: 'Test', summary: 'echoes a path parameter', public: true, handler: async (ctx) => ({ name: ctx.params.name }) }),
  route({
    method: 'GET',
    path: '/probe-input-failure',
    operationId: 'probeProbeInputFailure',
    tag: 'Test',
    summary: 'fails like a bug would',
    public: true,
    handler: async () => {
      throw new Error('a bug');
    },
  }),
];

/** Malformed multipart bodies, each under a multipart content type. */
const BROKEN_MULTIPART: [string, { body: string; contentType: string }][] = [
  ['a body that is not multipart', { body: '{"email":"a@b.co"}', contentType: 'multipart/form-data; boundary=xyz' }],
  ['no boundary parameter', { body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--xyz--\r\n', contentType: 'multipart/form-data' }],
  ['a boundary that is not in the body', { body: '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--abc--\r\n', contentType: 'multipart/form-data; boundary=xyz' }],
  ['a truncated part', { body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b', contentType: 'multipart/form-data; boundary=xyz' }],
  ['a malformed part header', { body: '--xyz\r\nContent-Disposition form-data name=email\r\n\r\nx\r\n--xyz--\r\n', contentType: 'multipart/form-data; boundary=xyz' }],
  ['a truncated file part', { body: '--xyz\r\nContent-Disposition: form-data; name="face_image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG', contentType: 'multipart/form-data; boundary=xyz' }],
];

describe.each(DATABASE_KINDS)('input layer on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let northwindId: string;
  /** Lines the request loggers wrote at warn level or above, with their arguments. */
  const logged: unknown[][] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, extraRoutes);
    ({ admin, analyst } = await seededTokens(t));
    northwindId = (await t.deps.db.one('SELECT id FROM organisations WHERE slug = $1', ['northwind']))!.id;
    // Every request logs through a child of the app's logger: record what those children are asked to write.
    const root = t.app.log as unknown as { child: (...args: unknown[]) => Record<string, (...a: unknown[]) => unknown> };
    const makeChild = root.child.bind(root);
    root.child = (...args: unknown[]) => {
      const child = makeChild(...args);
      for (const level of ['warn', 'error', 'fatal']) {
        const write = child[level].bind(child);
        child[level] = (...a: unknown[]) => {
          logged.push([level, ...a]);
          return write(...a);
        };
      }
      return child;
    };
  });
  afterAll(() => t?.close());

  const send = (method: 'GET' | 'POST', url: string, options: { body?: string | Buffer; contentType?: string; token?: string } = {}) =>
    t.call(method, url, { body: options.body, token: options.token, headers: options.contentType ? { 'content-type': options.contentType } : {} });

  describe('malformed multipart', () => {
    it.each(BROKEN_MULTIPART)('answers 400 for %s, signed in or not, and logs nothing', async (_name, broken) => {
      logged.length = 0;
      for (const [url, token] of [
        ['/api/login', undefined],
        ['/api/forgot-password', undefined],
        ['/api/search', admin],
        ['/api/add-comment', analyst],
        ['/api/customer-feedback', analyst],
      ] as const) {
        const res = await send('POST', url, { ...broken, token });
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(400);
        // A part whose header cannot be read is skipped, so the form may also fail as one missing its fields.
        expect(res.body.error_message).toBeTypeOf('string');
        if (broken.body.includes('Content-Disposition:')) expect(res.body).toMatchObject({ code: 'bad_request', error_message: 'The request is not valid.' });
      }
      expect(logged).toEqual([]);
    });

    it('still logs a real server error (the log check above can see one)', async () => {
      logged.length = 0;
      expect((await t.call('GET', '/api/probe-input-failure')).status).toBe(500);
      expect(logged.some(([level]) => level === 'error')).toBe(true);
    });

    it('still takes a well-formed multipart form', async () => {
      const form = multipart({ feedback: 'Multipart works', page: '/dashboard' });
      const res = await send('POST', '/api/customer-feedback', { body: form.body, contentType: form.headers['content-type'], token: analyst });
      expect(res.status).toBe(200);
    });
  });

  describe('NUL characters', () => {
    const nul = (res: { status: number; body: any }, field: string | undefined) => {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'nul_character', error_message: 'Text must not contain the NUL character.' });
      expect(res.body.field).toBe(field);
    };

    it('are refused in JSON bodies, public and signed in', async () => {
      nul(await t.call('POST', '/api/login', { body: { email: 'ada\u0000@example.com', password: 'x' } }), 'email');
      nul(await t.call('POST', '/api/forgot-password', { body: { email: 'ada@example.com\u0000' } }), 'email');
      nul(await t.call('POST', '/api/user-login', { body: { email: 'ada@example.com\u0000' } }), 'email');
      nul(await t.call('POST', '/api/customer-feedback', { token: analyst, body: { feedback: 'Good\u0000 work' } }), 'feedback');
      nul(await t.call('POST', '/api/search', { token: admin, body: { search_term: 'Ali\u0000ce', entity_type: 'person' } }), 'search_term');
      nul(await t.call('POST', '/api/create-role', { token: admin, body: { name: 'Readers', permissions: ['view_case', 'view\u0000_users'] } }), 'permissions.1');
      nul(await t.call('POST', '/api/delete-cases', { token: admin, body: { references: ['AML-2026-000001\u0000'], reason: 'A reason long enough' } }), 'references.0');
    });

    it('are refused in keys, urlencoded and multipart bodies', async () => {
      nul(await t.call('POST', '/api/customer-feedback', { token: analyst, body: { 'feed\u0000back': 'Good work' } }), undefined);
      const urlencoded = await send('POST', '/api/customer-feedback', { body: 'feedback=Good%00work', contentType: 'application/x-www-form-urlencoded', token: analyst });
      nul(urlencoded, 'feedback');
      const form = multipart({ feedback: 'Good\u0000work' });
      nul(await send('POST', '/api/customer-feedback', { body: form.body, contentType: form.headers['content-type'], token: analyst }), 'feedback');
      const file = multipart({ search_term: 'Alice Example', entity_type: 'person', face_image: { filename: 'fa\u0000ce.png', type: 'image/png', data: Buffer.from('x') } });
      nul(await send('POST', '/api/search', { body: file.body, contentType: file.headers['content-type'], token: admin }), 'face_image.filename');
    });

    it('are refused in query parameters and path parameters', async () => {
      nul(await t.call('GET', '/api/users?name=Ada%00', { token: admin }), 'name');
      nul(await t.call('GET', '/api/audit-history?actor=%00', { token: admin }), 'actor');
      nul(await t.call('GET', '/api/searches?search=x%00y', { token: admin }), 'search');
      nul(await t.call('GET', '/api/get_all_roles?search=%00', { token: admin }), 'search');
      nul(await t.call('GET', '/api/permissions?search=%00', { token: admin }), 'search');
      nul(await t.call('GET', '/api/record?reference=AML%00&id=1', { token: admin }), 'reference');
      nul(await t.call('GET', '/api/searches?case_status[]=Passed&case_status[]=%00', { token: admin }), 'case_status[].1');
      nul(await t.call('GET', '/api/probe-input/a%00b'), 'name');
      expect((await t.call('GET', '/api/probe-input/a%20b')).body).toEqual({ name: 'a b' });
    });

    it('change nothing', async () => {
      const before = await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM roles');
      await t.call('POST', '/api/create-role', { token: admin, body: { name: 'Null\u0000 role' } });
      expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM roles'))!.n).toBe(before!.n);
    });
  });

  describe('half of a surrogate pair', () => {
    // JSON may carry "\ud800" alone; Postgres stores it in no jsonb (history and audit details keep what users type).
    it('is refused in bodies and queries, naming the field, and changes nothing; whole pairs (emoji) are text like any other', async () => {
      const before = (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM feedback'))!.n;
      for (const [body, field] of [
        [{ feedback: 'Good \ud800 work' }, 'feedback'],
        [{ feedback: 'Good \udfff work' }, 'feedback'],
        [{ feedback: 'Good work', page: '/x\udc00\ud800' }, 'page'],
      ] as const) {
        const res = await t.call('POST', '/api/customer-feedback', { token: analyst, body });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body).toMatchObject({ code: 'lone_surrogate', field });
      }
      expect((await t.call('GET', '/api/searches?search=x%ED%A0%80', { token: admin })).status).toBeLessThan(500);
      expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM feedback'))!.n).toBe(before);
      expect((await t.call('POST', '/api/customer-feedback', { token: analyst, body: { feedback: 'Great work \ud83d\udc4d' } })).status).toBe(200);
    });
  });

  describe('every free-text field is bounded', () => {
    it("refuses a feedback's page beyond 200 characters and stores nothing", async () => {
      const before = (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM feedback'))!.n;
      const res = await t.call('POST', '/api/customer-feedback', { token: analyst, body: { feedback: 'Useful', page: `/${'a'.repeat(200)}` } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'text_too_long', field: 'page', max_length: 200, error_message: 'This text is too long.' });
      expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM feedback'))!.n).toBe(before);
      expect((await t.call('POST', '/api/customer-feedback', { token: analyst, body: { feedback: 'Useful', page: `/${'a'.repeat(199)}` } })).status).toBe(200);
    });

    it('bounds passwords, tokens, filters and ids, and keeps the rules\' own messages inside their limits', async () => {
      const tooLong = (res: { status: number; body: any }, field: string) => expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 'text_too_long', field });
      tooLong(await t.call('POST', '/api/login', { body: { email: ADMIN.email, password: 'x'.repeat(1025) } }), 'password');
      tooLong(await t.call('POST', '/api/verify-token', { body: { token: 't'.repeat(201) } }), 'token');
      tooLong(await t.call('GET', `/api/audit-history?actor=${'a'.repeat(201)}`, { token: admin }), 'actor');
      tooLong(await t.call('GET', `/api/record?reference=${'A'.repeat(101)}&id=1`, { token: admin }), 'reference');
      tooLong(await t.call('POST', '/api/signup', { body: { name: 'Fay Founder', email: 'fay@example.com', password: 'Founder-pass-1', company_name: 'C'.repeat(201) } }), 'company_name');
      // A comment over its rule's 512 characters reads the rule's message; padding the rule trims away meets the raw bound.
      const ref = await t.deps.db.one<{ reference: string }>('SELECT reference FROM cases WHERE organisation_id = $1 LIMIT 1', [northwindId]);
      const comment = (text: string) => t.call('POST', '/api/add-comment', { token: analyst, body: { reference: ref?.reference ?? 'AML-2026-000001', text } });
      expect((await comment('x'.repeat(513))).body.code).toBe('comment_length_max');
      tooLong(await comment(`${' '.repeat(2000)}okay`), 'text');
    });

    it('publishes every request string with its maximum in the OpenAPI document', async () => {
      const doc = (await t.call('GET', '/api/openapi.json')).body;
      const unbounded: string[] = [];
      const walk = (schema: any, where: string) => {
        if (!schema || typeof schema !== 'object') return;
        if (schema.type === 'string' && schema.format !== 'binary' && typeof schema.maxLength !== 'number') unbounded.push(where);
        for (const [key, value] of Object.entries(schema.properties ?? {})) walk(value, `${where}.${key}`);
        if (schema.items) walk(schema.items, `${where}[]`);
        for (const [i, branch] of (schema.oneOf ?? []).entries()) walk(branch, `${where}|${i}`);
      };
      let strings = 0;
      for (const [path, operations] of Object.entries<any>(doc.paths)) {
        for (const [method, op] of Object.entries<any>(operations)) {
          for (const p of op.parameters ?? []) if (p.in === 'query') walk(p.schema, `${method} ${path} ?${p.name}`);
          walk(op.requestBody?.content?.['application/json']?.schema, `${method} ${path} body`);
          strings += JSON.stringify(op).split('"maxLength"').length - 1;
        }
      }
      expect(unbounded).toEqual([]);
      expect(strings).toBeGreaterThan(50);
    });
  });

  describe('values the validation library cannot describe', () => {
    it('answer 400, not 500 (an own toString that is not a function)', async () => {
      for (const [url, body, contentType] of [
        ['/api/configure-otp', '{"toString":1}', 'application/json'],
        ['/api/configure-otp', 'action=start&toString=1', 'application/x-www-form-urlencoded'],
        ['/api/decision-review', '{"references":["AML-2026-000001"],"risk_level":{"toString":1}}', 'application/json'],
        ['/api/create-role', '{"name":"Readers","permissions":[{"toString":"x"}]}', 'application/json'],
        // The first failure is described fine; listing the failures describes the later value too.
        ['/api/try-risk-score-engine', '{"low_threshold":"704902955","rules":{"toString":1}}', 'application/json'],
      ] as const) {
        const res = await send('POST', url, { body, contentType, token: admin });
        expect(res.status, `${url} ${body}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.code).toBe('bad_request');
      }
    });
  });

  describe('logout', () => {
    const freshToken = () => t.login(ANALYST);
    const bodies: [string, { body?: string; contentType?: string }][] = [
      ['a JSON content type and no body', { contentType: 'application/json' }],
      ['a JSON content type and an empty body', { contentType: 'application/json', body: '' }],
      ['malformed JSON', { contentType: 'application/json', body: '{"a":' }],
      ['a NUL in a JSON body', { contentType: 'application/json', body: '{"a":"\\u0000"}' }],
      ['malformed multipart', { contentType: 'multipart/form-data; boundary=xyz', body: 'nothing like multipart' }],
      ['an unknown content type', { contentType: 'text/plain', body: 'bye' }],
      ['an invalid content type', { contentType: ';;;', body: 'bye' }],
      ['no content type and a body', { body: 'bye' }],
    ];
    it.each(bodies)('ends the session with %s', async (_name, options) => {
      const token = await freshToken();
      const res = await send('POST', '/api/logout', { ...options, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.code).toBe('logged_out');
      expect((await t.call('GET', '/api/refresh', { token })).status).toBe(401);
    });
  });

  describe('source_details', () => {
    it("answers the search-term rule's message, like a search", async () => {
      await t.deps.screening.ready();
      const short = await t.call('GET', '/api/source_details?search=a', { token: analyst });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ code: 'search_term_length', field: 'search', error_message: 'Search term must be 2 to 100 characters.' });
      const digits = await t.call('GET', '/api/source_details?search=123', { token: analyst });
      expect(digits.status).toBe(400);
      expect(digits.body).toMatchObject({ code: 'search_term_letter', field: 'search', error_message: 'Search term must contain a letter.' });
      expect((await t.call('GET', `/api/source_details?search=${'a'.repeat(101)}`, { token: analyst })).body.code).toBe('search_term_length');
      const fine = await t.call('GET', '/api/source_details?search=Zawahiri', { token: analyst });
      expect(fine.status).toBe(200);
      expect(fine.body.data.length).toBeGreaterThan(0);
      expect((await t.call('GET', '/api/source_details?search=', { token: analyst })).body).toEqual({ data: [] });
    });
  });

  describe('feedback recipients', () => {
    it('are the active administrators who have set a password, not an invited one', async () => {
      const adminRole = (await t.deps.db.one('SELECT id FROM roles WHERE organisation_id = $1 AND is_admin', [northwindId]))!.id;
      const invitedId = await insertUser(t.deps.db, { organisationId: northwindId, roleId: adminRole, name: 'Ivy Invited', email: 'ivy.invited@example.com' });
      const inactiveId = await insertUser(t.deps.db, { organisationId: northwindId, roleId: adminRole, name: 'Ian Inactive', email: 'ian.inactive@example.com', password: 'Inactive-2026!' });
      await t.deps.db.query('UPDATE users SET is_active = false WHERE id = $1', [inactiveId]);
      const adminId = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [ADMIN.email]))!.id;
      const since = t.smtp.messages.length;

      const res = await t.call('POST', '/api/customer-feedback', { token: analyst, body: { feedback: 'Recipients check', page: '/dashboard' } });
      expect(res.status).toBe(200);
      const told = await t.deps.db.query<{ user_id: string }>("SELECT user_id FROM notifications WHERE kind = 'feedback_received' AND created_at >= now() - interval '1 minute'");
      const recipients = new Set(told.map((r) => r.user_id));
      expect(recipients.has(adminId)).toBe(true);
      expect(recipients.has(invitedId)).toBe(false);
      expect(recipients.has(inactiveId)).toBe(false);
      // The active administrator is mailed; nobody is mailed without a notification, so the invited one never is.
      const mail = await t.smtp.waitFor(ADMIN.email, { since });
      expect(mail.text).toContain('/audit-history?tab=feedback');
      expect(t.smtp.messages.slice(since).some((m) => m.to.includes('ivy.invited@example.com'))).toBe(false);
    });
  });

  describe('download-cases', () => {
    it('validates every filter before the first byte', async () => {
      const bad = [
        'search=%00',
        'date_from=2020-01-01&date_to=2020-13-01',
        'date_preset=custom',
        `search=${'x'.repeat(201)}`,
        'case_status=Nope',
        'sort_by=password_hash',
        'sort_order=sideways',
        'tz_offset=100000',
        'format=pdf',
        'deleted=maybe',
        'database=unknown',
      ];
      for (const q of bad) {
        const res = await t.app.inject({ method: 'GET', url: `/api/download-cases?${q}`, headers: { authorization: `Bearer ${admin}` } });
        expect(res.statusCode, q).toBe(400);
        expect(String(res.headers['content-type']), q).toMatch(/^application\/json/);
        expect(res.json().error_message, q).toBeTypeOf('string');
      }
    });

    it('answers a database failure on the first batch as an error, not as a file', async () => {
      const restore = failCursorQueries(t, 1);
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/download-cases', headers: { authorization: `Bearer ${admin}` } });
        expect(res.statusCode).toBe(500);
        expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
        expect(res.json().code).toBe('server_error');
      } finally {
        restore();
      }
    });

    describe('failing after the first batch', () => {
      let base: string;
      beforeAll(async () => {
        // More cases than one batch (1000), so the export needs a second query.
        await t.deps.db.query(
          `INSERT INTO cases (organisation_id, reference, search_term, entity_type, match_score, match_status, case_status, risk_level)
           SELECT $1, 'BULK-' || lpad(g::text, 5, '0'), 'Bulk name ' || g, 'person', 80, 'No Match', 'Passed', 'Low' FROM generate_series(1, 1005) g`,
          [northwindId],
        );
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      });

      it.each(['csv', 'xlsx'])('breaks the %s transfer instead of ending a complete-looking file', async (format) => {
        const whole = await fetchRaw(`${base}/api/download-cases?format=${format}`, admin);
        expect(whole.status).toBe(200);
        expect(whole.complete).toBe(true);

        // The database fails on the second batch once the client has the answer's headers, as a connection lost mid-export would.
        let headersArrived!: () => void;
        const restore = failCursorQueries(t, 2, new Promise<void>((resolve) => (headersArrived = resolve)));
        try {
          const broken = await fetchRaw(`${base}/api/download-cases?format=${format}`, admin, () => headersArrived());
          expect(broken.status).toBe(200);
          expect(broken.bytes).toBeGreaterThan(0);
          // Chunked encoding without its terminating chunk: every client sees an aborted download.
          expect(broken.headers['transfer-encoding']).toBe('chunked');
          expect(broken.complete).toBe(false);
          expect(broken.error).toBeTruthy();
          expect(broken.bytes).toBeLessThan(whole.bytes);
        } finally {
          restore();
        }
      });
    });
  });
});

/** Makes the export's nth batch query (and later ones) fail, once `after` settles, as a lost database connection would; returns the undo. */
function failCursorQueries(t: TestApp, nth: number, after: Promise<void> = Promise.resolve()) {
  const db = t.deps.db as { query: (...args: any[]) => Promise<any> };
  const original = db.query;
  let seen = 0;
  db.query = function (this: unknown, sql: string, ...rest: unknown[]) {
    if (typeof sql === 'string' && sql.includes('AS _cursor') && ++seen >= nth) {
      return after.then(() => {
        throw new Error('connection lost');
      });
    }
    return original.call(this, sql, ...rest);
  } as typeof original;
  return () => {
    db.query = original;
  };
}

/** A GET over real HTTP that reports whether the body arrived complete (a clean end of the chunked stream). */
function fetchRaw(url: string, token: string, onHeaders: () => void = () => {}): Promise<{ status: number; headers: Record<string, unknown>; bytes: number; complete: boolean; error: Error | null }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      onHeaders();
      let bytes = 0;
      let error: Error | null = null;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('error', (e) => (error = e));
      res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, complete: res.complete, error }));
    });
    req.on('error', reject);
    req.end();
  });
}

