/**
 * The permanent attack suite, on PGlite and Postgres. It reads the OpenAPI
 * document the server publishes and, for every operation in it:
 *
 * 1. calls it without a token and with forged, revoked and expired ones: 401;
 * 2. calls it as a user lacking each permission its requirement names, and in
 *    an organisation lacking each service, flag or plan it requires: 403;
 * 3. calls it with another organisation's id for every id it takes (x-ids, in
 *    the requests of x-examples): the answer an unknown id gets (404 unless the
 *    route says otherwise), nothing of the other organisation in it, nothing of
 *    the other organisation changed; the same request with the caller's own id
 *    must answer differently, so the check cannot pass by failing early;
 * 4. sends generated malformed requests (fast-check, a fixed seed per
 *    operation): never a 5xx, and every 4xx is JSON with an error_message.
 *
 * A route that cannot take a check says why in its declaration (attack.skip,
 * published as x-attack); the last test fails when an operation is neither
 * covered nor excused, or when a field named like an id is neither declared
 * nor excused. docs/api-hardening.md explains how a new route declares both.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_NAMES, SERVICE_TYPES } from '../../common/organisation';
import type { AttackCheck, IdKind } from '../../server/http/routes';
import { DATABASE_KINDS } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/app';
import { coverageGaps, idDeclarationProblems, queryString, readOperations, seedOf, urlOf, type Ledger, type Operation } from './attack/document';
import { requestsFor, type AttackRequest } from './attack/generators';
import { AttackWorld } from './attack/world';

const SEED = 20_260_509;
/**
 * Generated requests per operation. 200 (about 12,500 generated requests per
 * database) keeps the suite near two minutes on PGlite and one and a quarter on
 * Postgres on a busy 2-core machine; ATTACK_RUNS raises it for a deeper run by
 * hand (600 found nothing more). Slow calls declare fewer in attack.runs.
 */
const DEFAULT_RUNS = Number(process.env.ATTACK_RUNS ?? 200);
const CHECKS: AttackCheck[] = ['unauthenticated', 'permissions', 'requirement', 'foreign_ids', 'malformed'];

type Answer = { status: number; body: any; text: string };

describe.each(DATABASE_KINDS)('attack suite on %s', (kind) => {
  let t: TestApp;
  let world: AttackWorld;
  let ops: Operation[] = [];
  /** Per operation and check: how many requests covered it, or why it does not apply. */
  const ledger: Ledger = new Map();
  const counts = { requests: 0, generated: 0, serverErrors: 0 };
  /** Milliseconds spent on each operation's generated requests, to name the slow ones in the summary. */
  const fuzzTime = new Map<string, number>();

  const cover = (op: Operation, check: AttackCheck, requests = 1) => {
    const entry = ledger.get(op.key) ?? {};
    const prior = entry[check];
    entry[check] = { covered: (prior && 'covered' in prior ? prior.covered : 0) + requests };
    ledger.set(op.key, entry);
  };
  const excuse = (op: Operation, check: AttackCheck, reason: string) => {
    expect(reason.trim().length, `${op.key}: the excuse for ${check} gives no reason`).toBeGreaterThan(3);
    ledger.set(op.key, { ...ledger.get(op.key), [check]: { excused: reason } });
  };
  /** The route's own excuse for a check, if it declared one. */
  const declaredSkip = (op: Operation, check: AttackCheck) => op.attack.skip?.[check];

  async function send(op: Operation, options: { token?: string; authorization?: string; query?: string; params?: Record<string, string>; body?: string | Buffer; contentType?: string; ip?: string }): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.contentType) headers['content-type'] = options.contentType;
    if (options.authorization) headers.authorization = options.authorization;
    else if (options.token) headers.authorization = `Bearer ${options.token}`;
    counts.requests++;
    const res = await t.app.inject({
      method: op.method,
      url: urlOf(op, options.params, options.query),
      headers,
      remoteAddress: options.ip ?? '127.0.0.1',
      ...(options.body !== undefined && op.method !== 'GET' ? { payload: options.body } : {}),
    });
    if (res.statusCode >= 500) counts.serverErrors++;
    let body: any = null;
    try {
      body = res.json();
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body, text: res.body };
  }

  /** An example request with its id fields filled from a set of records (a second field of one kind gets the second record). */
  function fill(op: Operation, example: Operation['examples'][number], records: Record<string, string>, override?: { field: string; value: string }) {
    const { body, query, params } = filled(op, example, records, override);
    return {
      query: query ? queryString(query) : '',
      ...(params ? { params } : {}),
      ...(body ? { body: JSON.stringify(body), contentType: 'application/json' } : {}),
    };
  }

  function filled(op: Operation, example: Operation['examples'][number], records: Record<string, string>, override?: { field: string; value: string }) {
    const used = new Map<IdKind, number>();
    const resolve = (field: string, value: unknown) => {
      const id = op.ids[field];
      if (!id) return value;
      let chosen: string;
      if (override?.field === field) chosen = override.value;
      else {
        const nth = used.get(id.kind) ?? 0;
        used.set(id.kind, nth + 1);
        chosen = (nth === 1 && id.kind === 'role' ? records.other_role : records[id.kind]) ?? records[id.kind];
      }
      return Array.isArray(value) ? [chosen] : chosen;
    };
    const body = example.body ? Object.fromEntries(Object.entries(example.body).map(([k, v]) => [k, resolve(`body.${k}`, v)])) : undefined;
    const query = example.query ? Object.fromEntries(Object.entries(example.query).map(([k, v]) => [k, resolve(`query.${k}`, v)])) : undefined;
    // A record named in the path (/webhook/{webhookId}/deliveries) is filled in like a body or query id.
    const params = op.pathParams.length ? Object.fromEntries(op.pathParams.map((p) => [p, String(resolve(`path.${p}`, example.params?.[p] ?? ''))])) : undefined;
    return { body, query, params };
  }

  /** The operation's first example with the attacker's own ids, or an empty request. */
  const plausible = (op: Operation) => (op.examples[0] ? fill(op, op.examples[0], ownPool) : op.method === 'GET' ? {} : { body: '{}', contentType: 'application/json' });
  let ownPool: Record<string, string> = {};

  const isErrorJson = (answer: Answer) => typeof answer.body?.error_message === 'string' && typeof answer.body?.code === 'string';

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.screening.ready();
    const doc = await t.call('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    ops = readOperations(doc.body);
    world = new AttackWorld(t);
    await world.setUp();
    ownPool = await world.records(world.attacker, 'Plausible');
  }, 180_000);
  afterAll(() => t?.close());

  it('reads the operations from the OpenAPI document', () => {
    // Without operations every check below would pass having checked nothing.
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.length).toBe(t.deps.routes.length);
    expect(ops.filter((op) => !op.public).length).toBeGreaterThan(0);
  });

  it('refuses every private operation without a valid token (401)', { timeout: 300_000 }, async () => {
    const { revoked, expired } = await world.deadTokens();
    const credentials: [string, { token?: string; authorization?: string }][] = [
      ['no token', {}],
      ['a forged token', { token: `aml_${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`.slice(0, 47) }],
      ['a signed-out token', { token: revoked }],
      ['an expired token', { token: expired }],
      ['a real token altered by one character', { token: `${world.attacker.token.slice(0, -1)}${world.attacker.token.endsWith('A') ? 'B' : 'A'}` }],
      ['another scheme', { authorization: `Basic ${Buffer.from('admin@example.com:Admin-2026!').toString('base64')}` }],
      ['an empty bearer', { authorization: 'Bearer ' }],
    ];
    for (const op of ops) {
      if (op.public) {
        excuse(op, 'unauthenticated', 'public route (declared public: true, security: [])');
        continue;
      }
      const skip = declaredSkip(op, 'unauthenticated');
      if (skip) {
        excuse(op, 'unauthenticated', skip);
        continue;
      }
      // The request would succeed with the attacker's own records, so only the token stands in the way.
      const request = plausible(op);
      for (const [name, credential] of credentials) {
        const answer = await send(op, { ...request, ...credential });
        expect(answer.status, `${op.key} with ${name}: ${answer.text.slice(0, 200)}`).toBe(401);
        expect(isErrorJson(answer), `${op.key} with ${name}`).toBe(true);
        cover(op, 'unauthenticated');
      }
    }
  });

  it('refuses each permission its requirement names (403)', { timeout: 300_000 }, async () => {
    // The probe's organisation meets the rest of each route's requirement (plan billing for the billing routes),
    // so a 403 below can only be the missing permission's doing.
    let billing: 'plan' | 'invoice' | null = null;
    for (const op of ops) {
      const planBilling = Boolean(op.requirement?.planBilling);
      if (billing !== (planBilling ? 'plan' : 'invoice')) {
        billing = planBilling ? 'plan' : 'invoice';
        const allowedPlan = PLAN_NAMES.find((p) => !op.requirement?.blockedOnPlans?.includes(p)) ?? null;
        await world.probeOrganisation(planBilling ? { billing_type: 'plan', plan_name: allowedPlan } : {});
      }
      if (op.public) {
        excuse(op, 'permissions', 'public route');
        continue;
      }
      const skip = declaredSkip(op, 'permissions');
      if (skip) {
        excuse(op, 'permissions', skip);
        continue;
      }
      if (!op.permissions.length) {
        // A rule in code (x-allow) beside an empty requirement must be excused by the route itself.
        expect(op.allow, `${op.key} decides access in code (x-allow) and names no permission: declare attack.skip.permissions with the reason`).toBe(false);
        excuse(op, 'permissions', 'its requirement names no permission: any signed-in user of an organisation meeting the rest may call it');
        continue;
      }
      const request = plausible(op);
      // With every permission the same request is not refused for a permission: the 403s below are the permissions' doing.
      await world.probePermissions([]);
      const allowed = await send(op, { ...request, token: world.probe.token });
      expect(allowed.body?.code, `${op.key} with every permission: ${allowed.text.slice(0, 200)}`).not.toBe('permission_denied');
      for (const permission of op.permissions) {
        await world.probePermissions([permission]);
        const answer = await send(op, { ...request, token: world.probe.token });
        expect(`${answer.status} ${answer.body?.code}`, `${op.key} without ${permission}`).toBe('403 permission_denied');
        cover(op, 'permissions');
      }
    }
    await world.probePermissions([]);
    await world.probeOrganisation();
  });

  it('refuses each service, organisation flag and plan its requirement names (403)', { timeout: 300_000 }, async () => {
    await world.probePermissions([]);
    for (const op of ops) {
      if (op.public) {
        excuse(op, 'requirement', 'public route');
        continue;
      }
      const skip = declaredSkip(op, 'requirement');
      if (skip) {
        excuse(op, 'requirement', skip);
        continue;
      }
      const req = op.requirement;
      if (!req) {
        excuse(op, 'requirement', 'declares no requirement: any signed-in user may call it, whatever the organisation (x-requirement: null)');
        continue;
      }
      const allowedPlan = PLAN_NAMES.find((p) => !req.blockedOnPlans?.includes(p)) ?? null;
      const base = req.planBilling ? { billing_type: 'plan' as const, plan_name: allowedPlan } : {};
      const denials: [string, Parameters<AttackWorld['probeOrganisation']>[0], string][] = [];
      if (req.service) denials.push([`without the ${req.service} service`, { ...base, service_types: SERVICE_TYPES.filter((s) => s !== req.service) }, 'service_unavailable']);
      if (req.flag) denials.push([`without the ${req.flag} flag`, { ...base, flags: { [req.flag]: false } }, 'service_unavailable']);
      if (req.planBilling) denials.push(['billed by invoice', { billing_type: 'invoice' }, 'permission_denied']);
      for (const plan of req.blockedOnPlans ?? []) denials.push([`on the ${plan} plan`, { billing_type: 'plan', plan_name: plan }, 'plan_restricted']);
      if (!req.allowedWithoutPlanDetails) denials.push(['on plan billing before choosing a plan', { billing_type: 'plan', plan_name: null }, 'plan_required']);
      if (!denials.length) {
        excuse(op, 'requirement', 'its requirement names no service, flag or plan and allows organisations without a plan');
        continue;
      }
      const request = plausible(op);
      await world.probeOrganisation(base);
      const allowed = await send(op, { ...request, token: world.probe.token });
      expect(allowed.status === 403 && denials.some(([, , code]) => code === allowed.body?.code), `${op.key} in an organisation meeting its requirement: ${allowed.text.slice(0, 200)}`).toBe(false);
      for (const [name, organisation, code] of denials) {
        await world.probeOrganisation(organisation);
        const answer = await send(op, { ...request, token: world.probe.token });
        expect(`${answer.status} ${answer.body?.code}`, `${op.key} ${name}`).toBe(`403 ${code}`);
        cover(op, 'requirement');
      }
    }
    await world.probeOrganisation();
  });

  it("answers another organisation's ids like unknown ones: nothing revealed, nothing changed", { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    const randomId = (kind: IdKind) => (kind === 'case' ? `AML-2026-8${String(Math.floor(Math.random() * 100000)).padStart(5, '0')}` : randomUUID());
    const signature = (a: Answer) => `${a.status} ${a.body?.code ?? ''} ${a.body?.field ?? ''}`;
    for (const op of ops) {
      const declared = Object.keys(op.ids);
      problems.push(...idDeclarationProblems(op));
      const skip = declaredSkip(op, 'foreign_ids');
      if (skip) {
        excuse(op, 'foreign_ids', skip);
        continue;
      }
      if (!declared.length) {
        excuse(op, 'foreign_ids', 'takes no record id');
        continue;
      }
      for (const example of op.examples) {
        const fields = declared.filter((f) => {
          const [where, key] = f.split('.');
          return (where === 'body' ? example.body : where === 'path' ? example.params : example.query)?.[key] !== undefined;
        });
        for (const field of fields) {
          const id = op.ids[field];
          const own = await world.records(world.attacker, 'Own', new Set(Object.values(op.ids).map((i) => i.kind)));
          const foreignValue = world.foreign[id.kind];
          expect(Object.values(own)).not.toContain(foreignValue);
          const before = await world.victimDigest();
          const foreign = await send(op, { ...fill(op, example, own, { field, value: foreignValue }), token: world.attacker.token });
          const unknown = await send(op, { ...fill(op, example, own, { field, value: randomId(id.kind) }), token: world.attacker.token });
          expect(await world.victimDigest(), `${op.key} with another organisation's ${field} changed that organisation's records`).toBe(before);
          const where = `${op.key} with another organisation's ${id.kind} in ${field}`;
          expect(foreign.status, `${where}: ${foreign.text.slice(0, 300)}`).toBe(id.unknown);
          expect(signature(foreign), `${where} must answer as an unknown id does`).toBe(signature(unknown));
          if (id.unknown === 200) expect(foreign.body, `${where}: the list must be the one an unknown id gives`).toEqual(unknown.body);
          for (const secret of world.secrets) expect(foreign.text.includes(secret), `${where} revealed "${secret}"`).toBe(false);
          // The same request with the attacker's own record works, so the refusal above was the id's doing.
          const mine = await send(op, { ...fill(op, example, own), token: world.attacker.token });
          const differs = id.unknown === 200 ? JSON.stringify(mine.body) !== JSON.stringify(unknown.body) : signature(mine) !== signature(unknown);
          expect(differs, `${op.key}: its example with the caller's own ${id.kind} in ${field} answers like an unknown id (${signature(mine)}): fix the example`).toBe(true);
          cover(op, 'foreign_ids', 3);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers generated malformed requests without a server error, and 4xx as JSON errors', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const skip = declaredSkip(op, 'malformed');
      if (skip) {
        excuse(op, 'malformed', skip);
        continue;
      }
      const runs = op.attack.runs?.count ?? DEFAULT_RUNS;
      // Some requests start from the route's working examples (with the caller's own ids) and break one or two fields.
      const examples = op.examples.map((example) => filled(op, example, ownPool));
      const requests: AttackRequest[] = fc.sample(requestsFor(op, world.pool, examples), { seed: seedOf(op.key, SEED), numRuns: runs });
      const started = performance.now();
      for (const request of requests) {
        const token = op.attack.sessionPerRequest ? await world.attackerSession() : world.attacker.token;
        const answer = await send(op, { ...request, token });
        counts.generated++;
        const describe = () => `${op.key} ${request.shape} ?${request.query.slice(0, 120)} ${request.contentType ?? ''} ${String(request.body ?? '').slice(0, 160)} -> ${answer.status} ${answer.text.slice(0, 200)}`;
        if (answer.status >= 500) failures.push(describe());
        else if (answer.status >= 400 && !isErrorJson(answer)) failures.push(`not a JSON error: ${describe()}`);
      }
      cover(op, 'malformed', requests.length);
      fuzzTime.set(op.key, performance.now() - started);
      // A generated request must never end the attacker's own session (the rest would only see 401s).
      if (!op.attack.sessionPerRequest && (await t.call('GET', '/api/refresh', { token: world.attacker.token })).status !== 200) {
        failures.push(`${op.key}: the generated requests ended the caller's session`);
        world.attacker.token = await world.attackerSession();
      }
    }
    expect(failures).toEqual([]);
  });

  it('covers every operation: each check ran or the route says why not', () => {
    // Also fails when the document lists nothing or a check attacked nothing at all, so the suite cannot pass vacuously.
    expect(coverageGaps(ops, CHECKS, ledger)).toEqual([]);
    const slowest = [...fuzzTime].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([key, ms]) => `${key} ${(ms / 1000).toFixed(1)} s`);
    console.log(
      `attack suite on ${kind}: ${ops.length} operations covered, ${counts.requests} requests sent (${counts.generated} generated), ${counts.serverErrors} server errors (5xx); slowest generated runs: ${slowest.join(', ')}`,
    );
    expect(counts.serverErrors).toBe(0);
  });
});
