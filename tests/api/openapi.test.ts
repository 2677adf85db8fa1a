/**
 * The OpenAPI document is the public API's contract (docs/integrations.md), so it is held to what
 * integrators' tools need: an independent validator finds it valid, Redocly's recommended rules find
 * neither an error nor a warning, every operation has a unique operationId, the public API's operations
 * say they take an API key and may answer 429. And it works: a client generated from it by a code
 * generator the project did not write screens a name and reads the case with an API key.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createClient } from '@hey-api/openapi-ts';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: any;
  const generated = mkdtempSync(join(tmpdir(), 'aml-client-'));

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.deps.screening.ready();
    doc = (await t.call('GET', '/api/openapi.json')).body;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(generated, { recursive: true, force: true });
  });

  const operations = () => Object.entries<any>(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] })));

  it('is valid OpenAPI 3.1 for an independent validator', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has no error and no warning under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`)).toEqual([]);
  });

  it('names every operation once, describes both ways in, a licence and a real server', () => {
    const ops = operations();
    expect(ops.length).toBe(t.deps.routes.length);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.info.license.identifier).toBe('Apache-2.0');
    expect(doc.servers[0].url).not.toMatch(/example\.(com|org)/);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'sessionToken']);
    const screen = ops.find((o) => o.op.operationId === 'screenEntity')!.op;
    expect(screen.security).toEqual([{ apiKey: [] }, { sessionToken: [] }]);
    expect(screen.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(screen.requestBody.content['application/json'].examples.example1.value.search_term).toBeTruthy();
    // The browser's own calls do not offer a key, and public ones ask for nothing.
    expect(ops.find((o) => o.op.operationId === 'createApiKey')!.op.security).toEqual([{ sessionToken: [] }]);
    expect(ops.find((o) => o.op.operationId === 'login')!.op.security).toEqual([]);
    // Every error has the one shape the UI and integrators read.
    expect(doc.components.schemas.Error.required).toEqual(['error_message', 'code']);
  });

  it('generates a client that screens a name and reads the case with an API key', { timeout: 120_000 }, async () => {
    const source = join(generated, 'openapi.json');
    writeFileSync(source, JSON.stringify(doc));
    await createClient({ input: source, output: { path: join(generated, 'client') }, plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@hey-api/typescript'], logs: { level: 'silent' } } as any);
    const sdk: any = await import(join(generated, 'client', 'index.ts'));
    const { client } = await import(join(generated, 'client', 'client.gen.ts'));

    const admin = await t.login(ADMIN);
    const created = await t.call('POST', '/api/api-key', { token: admin, body: { name: 'Generated client', validity_days: 1, password: ADMIN.password } });
    const key: string = created.body.api_key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    client.setConfig({ baseUrl: `http://127.0.0.1:${port}`, auth: () => key });

    const screened = await sdk.screenEntity({ body: { search_term: 'Ayman al-Zawahri', entity_type: 'person' } });
    expect(screened.response.status).toBe(200);
    expect(screened.data.reference).toMatch(/^AML-/);
    expect(screened.data.hit_count).toBeGreaterThan(0);

    const read = await sdk.getCase({ query: { reference: screened.data.reference } });
    expect(read.response.status).toBe(200);
    expect(JSON.stringify(read.data)).toContain(screened.data.reference);
    const listed = await sdk.listCases({ query: { page: 1, page_size: 10 } });
    expect(listed.data.data.map((c: any) => c.reference)).toContain(screened.data.reference);

    // The same client is refused what a key may not do, with the documented error shape.
    const refused = await sdk.listApiKeys({ query: { page: 1, page_size: 10 } });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'api_key_not_allowed', error_message: expect.any(String) });
  });
});
