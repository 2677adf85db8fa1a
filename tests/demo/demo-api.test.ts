/**
 * The demo calls (docs/demo.md) on PGlite and Postgres: a demo search screens the real lists and is kept
 * as a case of the demo organisation; each visitor has a daily allowance, refused past it with nothing
 * stored; demo visitors reach no product route and nobody else reaches the demo's; a visitor reads only
 * their own searches; a request for a full account is checked, kept, throttled and e-mailed to the
 * provider through the SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../server/organisations/create';
import { ADMIN, DEMO, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

// Read by the demo when a search is made (server/demo/settings.ts): a small allowance keeps the test short.
const LIMIT = 3;
const SALES = 'demo-sales@example.com';
process.env.DEMO_DAILY_SEARCHES = String(LIMIT);
process.env.DEMO_REQUEST_EMAIL = SALES;

/** Listed by the UN Security Council, one of the lists the test apps screen. */
const LISTED = 'Ayman al-Zawahri';
/** Invented; on no list. */
const UNLISTED = 'Eleanor Fairweather-Quinn';

describe.each(DATABASE_KINDS)('demo calls on %s', (kind) => {
  let t: TestApp;
  let demoOrg: string;
  let demoRole: string;
  let visitors = 0;
  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const search = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/open-search-initiate', { token, body: { entity_type: 'person', ...body } });

  /** A demo visitor of their own (the seeded demo account is shared by the tests that need no allowance of their own). */
  async function newVisitor() {
    const n = ++visitors;
    const email = `visitor.${n}@example.com`;
    const id = await insertUser(t.deps.db, { organisationId: demoOrg, roleId: demoRole, name: `Vic Visitor`, email, password: 'Visitor-2026!' });
    return { id, token: await t.login({ email, password: 'Visitor-2026!' }) };
  }
  const casesOf = async (userId: string) => Number((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM cases WHERE created_by = $1', [userId]))!.n);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const org = await t.deps.db.one<{ id: string; role: string }>(
      "SELECT o.id, r.id AS role FROM organisations o JOIN roles r ON r.organisation_id = o.id WHERE o.is_demo AND o.slug = 'demo'",
    );
    demoOrg = org!.id;
    demoRole = org!.role;
    await t.deps.screening.ready();
  }, 120_000);
  afterAll(() => t?.close());

  describe('a demo search', () => {
    it('screens a listed name for real, keeps it as a case of the demo organisation, and reads its hits and an entity', async () => {
      const visitor = await newVisitor();
      const otherCases = async () => Number((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM cases WHERE organisation_id <> $1', [demoOrg]))!.n);
      const before = await otherCases();

      const res = await search(visitor.token, { search_term: LISTED, birth_year: '1951' });
      expect(code(res)).toBe('200 demo_search_done');
      expect(res.body.reference).toMatch(/^AML-\d{4}-\d{6}$/);
      expect(res.body.hit_count).toBeGreaterThan(0);
      expect(res.body.allowance).toMatchObject({ limit: LIMIT, used: 1, left: LIMIT - 1 });
      expect(new Date(res.body.allowance.resets_at).getUTCHours()).toBe(0);

      const stored = await t.deps.db.one('SELECT organisation_id, created_by, search_input FROM cases WHERE reference = $1 AND created_by = $2', [res.body.reference, visitor.id]);
      expect(stored!.organisation_id).toBe(demoOrg);
      expect(stored!.search_input.birth_year).toBe(1951);
      expect(await otherCases()).toBe(before);

      const results = await t.call('GET', `/api/open-user-search?reference=${res.body.reference}`, { token: visitor.token });
      expect(results.status).toBe(200);
      expect(results.body.case.search_term).toBe(LISTED);
      expect(results.body.case.reference).toBe(res.body.reference);
      expect(results.body.total).toBe(res.body.hit_count);
      const hit = results.body.data.find((h: any) => /ZAWAHIRI/i.test(h.profile));
      expect(hit, JSON.stringify(results.body.data.map((h: any) => h.profile))).toBeTruthy();
      expect(hit.appears_on.database).toBe('sanctions');
      expect(results.body.facets.database.sanctions).toBeGreaterThan(0);
      expect(results.body.allowance.left).toBe(LIMIT - 1);

      // The product's server-side filters apply as on the case results.
      const filtered = await t.call('GET', `/api/open-user-search?reference=${res.body.reference}&database=pep`, { token: visitor.token });
      expect(filtered.body.data.every((h: any) => h.appears_on.database === 'pep')).toBe(true);

      const entity = await t.call('GET', `/api/open-user-search/entity?reference=${res.body.reference}&id=${hit._id}`, { token: visitor.token });
      expect(entity.status).toBe(200);
      expect(entity.body.entity._id).toBe(hit._id);
      expect(entity.body.entity.entity_id).toBe(hit.entity_id);
      expect(JSON.stringify(entity.body.entity.entity.names)).toMatch(/ZAWAHIRI/i);
      expect(entity.body.entity.explanation.length).toBeGreaterThan(0);
      expect(entity.body.entity.total).toBe(res.body.hit_count);

      const recent = await t.call('GET', '/api/open-user-searches', { token: visitor.token });
      expect(recent.status).toBe(200);
      expect(recent.body.data.map((c: any) => c.reference)).toEqual([res.body.reference]);
      expect(recent.body.allowance.left).toBe(LIMIT - 1);
    });

    it('finds nothing for a name no list holds', async () => {
      const visitor = await newVisitor();
      const res = await search(visitor.token, { search_term: UNLISTED, country: 'GB' });
      expect(code(res)).toBe('200 demo_search_done');
      expect(res.body.hit_count).toBe(0);
      expect(res.body.case_status).toBe('Passed');
      const results = await t.call('GET', `/api/open-user-search?reference=${res.body.reference}`, { token: visitor.token });
      expect(results.body.data).toEqual([]);
      expect(results.body.case.search_input.countries).toEqual(['GB']);
    });

    it('checks the search with the shared rules and changes nothing on a refusal', async () => {
      const visitor = await newVisitor();
      expect(code(await search(visitor.token, { search_term: 'A' }))).toBe('400 search_term_length');
      expect(code(await search(visitor.token, { search_term: '12345' }))).toBe('400 search_term_letter');
      expect(code(await search(visitor.token, { search_term: LISTED, entity_type: 'vessel' }))).toBe('400 entity_type_required');
      expect(code(await search(visitor.token, { search_term: LISTED, birth_year: '1850' }))).toBe('400 year_min');
      const country = await search(visitor.token, { search_term: LISTED, country: 'QQ' });
      expect(code(country)).toBe('400 invalid_country');
      expect(country.body.field).toBe('country');
      expect(await casesOf(visitor.id)).toBe(0);
      const allowance = (await t.call('GET', '/api/open-user-searches', { token: visitor.token })).body.allowance;
      expect(allowance).toMatchObject({ used: 0, left: LIMIT });
    });
  });

  describe('the daily allowance', () => {
    it('refuses the search after the last one of the day with a message and the allowance, storing nothing', async () => {
      const visitor = await newVisitor();
      for (let i = 1; i <= LIMIT; i++) {
        const res = await search(visitor.token, { search_term: `${UNLISTED} ${'X'.repeat(i)}` });
        expect(code(res)).toBe('200 demo_search_done');
        expect(res.body.allowance.left).toBe(LIMIT - i);
      }
      const ledgerBefore = await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM credit_ledger WHERE actor_id = $1 AND reason = 'demo_search'", [visitor.id]);
      expect(ledgerBefore!.n).toBe(LIMIT);

      const refused = await search(visitor.token, { search_term: LISTED });
      expect(code(refused)).toBe('429 demo_allowance_used');
      expect(refused.body.error_message).toBe(`You have used today's demo searches (${LIMIT} a day). Request a full account, or come back tomorrow.`);
      expect(refused.body.allowance).toMatchObject({ limit: LIMIT, used: LIMIT, left: 0 });
      expect(await casesOf(visitor.id)).toBe(LIMIT);
      const usage = await t.deps.db.one<{ searches: number }>('SELECT searches FROM demo_usage WHERE user_id = $1', [visitor.id]);
      expect(usage!.searches).toBe(LIMIT);
      const ledgerAfter = await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM credit_ledger WHERE actor_id = $1 AND reason = 'demo_search'", [visitor.id]);
      expect(ledgerAfter!.n).toBe(LIMIT);
    });

    it('lets only the allowance through when searches arrive at once', async () => {
      const visitor = await newVisitor();
      const answers = await Promise.all(Array.from({ length: LIMIT + 2 }, (_, i) => search(visitor.token, { search_term: `${UNLISTED} ${'Y'.repeat(i + 1)}` })));
      expect(answers.filter((a) => a.status === 200).length).toBe(LIMIT);
      expect(answers.filter((a) => code(a) === '429 demo_allowance_used').length).toBe(2);
      expect(await casesOf(visitor.id)).toBe(LIMIT);
    });

    it("is each visitor's own, and starts again the next UTC day", async () => {
      const first = await newVisitor();
      const second = await newVisitor();
      for (let i = 0; i < LIMIT; i++) expect((await search(first.token, { search_term: `${UNLISTED} ${'Z'.repeat(i + 1)}` })).status).toBe(200);
      expect(code(await search(first.token, { search_term: UNLISTED }))).toBe('429 demo_allowance_used');

      const other = await search(second.token, { search_term: UNLISTED });
      expect(code(other)).toBe('200 demo_search_done');
      expect(other.body.allowance).toMatchObject({ used: 1, left: LIMIT - 1 });

      // Yesterday's searches do not count today.
      await t.deps.db.query('UPDATE demo_usage SET day = day - 1 WHERE user_id = $1', [first.id]);
      const nextDay = await search(first.token, { search_term: UNLISTED });
      expect(code(nextDay)).toBe('200 demo_search_done');
      expect(nextDay.body.allowance).toMatchObject({ used: 1, left: LIMIT - 1 });
    });
  });

  describe('isolation', () => {
    it('refuses a demo visitor every product route, and lets the session through', async () => {
      const demo = await t.login(DEMO);
      const refused: [string, string, unknown?][] = [
        ['GET', '/api/searches'],
        ['GET', '/api/search_result_filter?reference=AML-2026-000001'],
        ['POST', '/api/search', { search_term: LISTED, entity_type: 'person' }],
        ['GET', '/api/users'],
        ['GET', '/api/get_all_roles'],
        ['GET', '/api/api-keys'],
        ['GET', '/api/countries'],
        ['GET', '/api/notifications'],
        ['GET', '/api/webhook-key'],
        ['POST', '/api/customer-feedback', { feedback: 'Looks good' }],
      ];
      for (const [method, url, body] of refused) {
        const res = await t.call(method as 'GET', url, { token: demo, body });
        expect(code(res), `${method} ${url}`).toBe('403 demo_restricted');
      }
      expect((await t.call('GET', '/api/refresh', { token: demo })).status).toBe(200);
      // Nothing was screened or stored by the refused search.
      const demoUser = await t.deps.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO.email]);
      expect(await casesOf(demoUser!.id)).toBe(0);
    });

    it('refuses the demo calls to users of any other organisation', async () => {
      const admin = await t.login(ADMIN);
      const calls: [string, string, unknown?][] = [
        ['POST', '/api/open-search-initiate', { search_term: LISTED, entity_type: 'person' }],
        ['GET', '/api/open-user-searches'],
        ['GET', '/api/open-user-search?reference=AML-2026-000001'],
        ['GET', '/api/open-user-search/entity?reference=AML-2026-000001&id=00000000-0000-4000-8000-000000000001'],
        ['POST', '/api/demo-user-request', { name: 'Ada Admin', company: 'Northwind', email: 'ada@example.com' }],
      ];
      for (const [method, url, body] of calls) {
        const res = await t.call(method as 'GET', url, { token: admin, body });
        expect(code(res), `${method} ${url}`).toBe('403 demo_only');
      }
      expect(await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM demo_requests')).toEqual({ n: 0 });
    });

    it("answers another organisation's and another visitor's searches as unknown ones", async () => {
      const admin = await t.login(ADMIN);
      const theirs = await t.call('POST', '/api/search', { token: admin, body: { search_term: LISTED, entity_type: 'person' } });
      expect(theirs.status).toBe(200);
      // References count per organisation: give Northwind's case one the demo never reaches.
      await t.deps.db.query("UPDATE cases SET reference = 'AML-2026-987654' WHERE reference = $1 AND organisation_id <> $2", [theirs.body.reference, demoOrg]);
      const theirHit = await t.deps.db.one<{ id: string }>("SELECT h.id FROM case_hits h JOIN cases c ON c.id = h.case_id WHERE c.reference = 'AML-2026-987654' LIMIT 1");

      const visitor = await newVisitor();
      const neighbour = await newVisitor();
      const own = await search(visitor.token, { search_term: LISTED });
      const ownHit = (await t.call('GET', `/api/open-user-search?reference=${own.body.reference}`, { token: visitor.token })).body.data[0]._id;
      const unknown = await t.call('GET', '/api/open-user-search?reference=AML-2026-876543', { token: visitor.token });
      expect(code(unknown)).toBe('404 not_found');

      const foreign = await t.call('GET', '/api/open-user-search?reference=AML-2026-987654', { token: visitor.token });
      expect(code(foreign)).toBe('404 not_found');
      expect(JSON.stringify(foreign.body)).not.toContain('Zawahri');
      expect(code(await t.call('GET', `/api/open-user-search/entity?reference=AML-2026-987654&id=${theirHit!.id}`, { token: visitor.token }))).toBe('404 not_found');
      // Another organisation's entity under the visitor's own search.
      expect(code(await t.call('GET', `/api/open-user-search/entity?reference=${own.body.reference}&id=${theirHit!.id}`, { token: visitor.token }))).toBe('404 not_found');

      // A visitor of the same demo organisation: prospects of different companies do not see each other's searches.
      expect(code(await t.call('GET', `/api/open-user-search?reference=${own.body.reference}`, { token: neighbour.token }))).toBe('404 not_found');
      expect(code(await t.call('GET', `/api/open-user-search/entity?reference=${own.body.reference}&id=${ownHit}`, { token: neighbour.token }))).toBe('404 not_found');
      expect((await t.call('GET', '/api/open-user-searches', { token: neighbour.token })).body.data).toEqual([]);
      // The same requests as the owner work, so the refusals above are the ids' doing.
      expect((await t.call('GET', `/api/open-user-search/entity?reference=${own.body.reference}&id=${ownHit}`, { token: visitor.token })).status).toBe(200);
    });
  });

  describe('request full account', () => {
    const valid = { name: 'Jane Prospect', company: 'Example Bank plc', email: 'jane.prospect@example.com', phone: '+44 20 7946 0000', message: 'We screen about 2,000 customers a month.' };

    it('checks every field with its rule', async () => {
      const visitor = await newVisitor();
      const send = (body: Record<string, unknown>) => t.call('POST', '/api/demo-user-request', { token: visitor.token, body: { ...valid, ...body } });
      const refusal = async (body: Record<string, unknown>) => {
        const res = await send(body);
        return `${res.status} ${res.body.code} ${res.body.field ?? ''}`.trim();
      };
      expect(await refusal({ name: '' })).toBe('400 name_required name');
      expect(await refusal({ name: 'J4ne' })).toBe('400 name_characters name');
      expect(await refusal({ company: ' ' })).toBe('400 required company');
      expect(await refusal({ company: 'X' })).toBe('400 demo_company_length company');
      expect(await refusal({ email: 'jane@' })).toBe('400 email_invalid email');
      expect(await refusal({ phone: '12-ab' })).toBe('400 demo_phone_invalid phone');
      expect(await refusal({ message: 'x'.repeat(1001) })).toBe('400 demo_message_length message');
      expect(await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM demo_requests WHERE user_id = $1', [visitor.id])).toEqual({ n: 0 });
    });

    it('keeps the request, e-mails it to the provider with every field, and confirms', async () => {
      const visitor = await newVisitor();
      const since = t.smtp.messages.length;
      const res = await t.call('POST', '/api/demo-user-request', { token: visitor.token, body: valid });
      expect(code(res)).toBe('200 demo_request_sent');
      expect(res.body.message).toBe(`Thank you. Your request has been sent and we will contact you at ${valid.email}.`);

      const mail = await t.smtp.waitFor(SALES, { since });
      expect(mail.subject).toContain(valid.name);
      for (const value of [valid.name, valid.company, valid.email, valid.phone, valid.message, 'visitor.']) expect(mail.text).toContain(value);

      const row = await t.deps.db.one('SELECT organisation_id, name, company, email, phone, message FROM demo_requests WHERE user_id = $1', [visitor.id]);
      expect(row).toEqual({ organisation_id: demoOrg, name: valid.name, company: valid.company, email: valid.email, phone: valid.phone, message: valid.message });

      // Phone and message may be left out.
      const short = await t.call('POST', '/api/demo-user-request', { token: visitor.token, body: { name: 'Jon Prospect', company: 'Example Bank plc', email: 'jon@example.com' } });
      expect(code(short)).toBe('200 demo_request_sent');
      expect((await t.smtp.waitFor(SALES, { since: since + 1 })).text).toContain('Phone: -');
    });

    it('throttles a visitor who keeps sending', async () => {
      const visitor = await newVisitor();
      for (let i = 0; i < 3; i++) expect((await t.call('POST', '/api/demo-user-request', { token: visitor.token, body: valid })).status).toBe(200);
      const refused = await t.call('POST', '/api/demo-user-request', { token: visitor.token, body: valid });
      expect(code(refused)).toBe('429 demo_request_throttled');
      expect(await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM demo_requests WHERE user_id = $1', [visitor.id])).toEqual({ n: 3 });
      // Another visitor is not held back by it.
      const other = await newVisitor();
      expect((await t.call('POST', '/api/demo-user-request', { token: other.token, body: valid })).status).toBe(200);
    });
  });
});
