/**
 * Security headers on API answers, successful or not, for a plain-HTTP
 * deployment and for one whose public address is https:// (HSTS and
 * upgrade-insecure-requests only then). The browser side of the policy (the app
 * works under it, nothing is refused) is tests/e2e/security-headers.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../server/http/routes';
import { DATABASE_KINDS } from '../helpers/databases';
import { ANALYST, createTestApp, type TestApp } from '../helpers/app';

/** The policy as directive name -> sources. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...sources] = part.split(/\s+/);
        return [name, sources] as const;
      }),
  );
}

const failing = route({
  method: 'GET',
  path: '/test-only/explodes',
  operationId: 'probeTestOnlyExplodes',
  tag: 'System',
  summary: 'Fails with a server error, for the header tests.',
  public: true,
  async handler() {
    throw new Error('boom');
  },
});

describe.each(DATABASE_KINDS)('security headers on %s', (kind) => {
  describe('served over plain HTTP', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp(kind, { publicUrl: 'http://aml.intranet.test:3000' }, [failing]);
      token = await t.login(ANALYST);
    });
    afterAll(() => t?.close());

    /** [what, expected status, answer]: the headers must not depend on how a call ends. */
    const answers = async () => {
      const list = [
        ['a public call', 200, await t.call('GET', '/api/health')],
        ['a signed-in call', 200, await t.call('GET', '/api/refresh', { token })],
        ['a 400', 400, await t.call('POST', '/api/login', { body: '{not json', headers: { 'content-type': 'application/json' } })],
        ['a 401', 401, await t.call('GET', '/api/refresh')],
        ['a 404', 404, await t.call('GET', '/api/no-such-call')],
        ['a 500', 500, await t.call('GET', '/api/test-only/explodes')],
        ['the API description', 200, await t.call('GET', '/api/openapi.json')],
      ] as const;
      for (const [what, status, answer] of list) expect(answer.status, what).toBe(status);
      return list.map(([what, , answer]) => [what, answer] as const);
    };

    it('sends a strict Content-Security-Policy on every answer', async () => {
      for (const [what, answer] of await answers()) {
        const csp = directives(answer.headers['content-security-policy']);
        expect(csp.get('default-src'), what).toEqual(["'self'"]);
        // No inline script, no eval, no other origin: an injected <script> or handler attribute does not run.
        expect(csp.get('script-src'), what).toEqual(["'self'"]);
        expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
        expect(csp.get('object-src'), what).toEqual(["'none'"]);
        // The API and the socket of the app's own origin only.
        expect(csp.get('connect-src'), what).toEqual(["'self'", 'ws://aml.intranet.test:3000']);
        expect(csp.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
        // Inline styles only (Emotion's <style> elements); see server/security/headers.ts.
        expect(csp.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
        expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
        expect(csp.get('base-uri'), what).toEqual(["'self'"]);
        expect(csp.get('form-action'), what).toEqual(["'self'"]);
        expect(csp.has('upgrade-insecure-requests'), what).toBe(false);
      }
    });

    it('forbids framing and sniffing, sends no referrer and switches off unused browser features', async () => {
      for (const [what, { headers }] of await answers()) {
        expect(headers['x-frame-options'], what).toBe('DENY');
        expect(headers['x-content-type-options'], what).toBe('nosniff');
        expect(headers['referrer-policy'], what).toBe('no-referrer');
        const features = String(headers['permissions-policy']).split(',').map((f) => f.trim());
        for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(features, what).toContain(feature);
        expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
        expect(headers['x-powered-by'], what).toBeUndefined();
      }
    });

    it('sends no HSTS when the deployment is not served over TLS', async () => {
      for (const [what, answer] of await answers()) expect(answer.headers['strict-transport-security'], what).toBeUndefined();
    });
  });

  describe('served over TLS (PUBLIC_URL starts with https://)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { publicUrl: 'https://aml.example.com' });
    });
    afterAll(() => t?.close());

    it('sends HSTS for a year, upgrades insecure requests and allows the wss: socket of the public address', async () => {
      for (const url of ['/api/health', '/api/no-such-call']) {
        const { headers } = await t.call('GET', url);
        expect(headers['strict-transport-security'], url).toBe('max-age=31536000');
        const csp = directives(headers['content-security-policy']);
        expect(csp.get('connect-src'), url).toEqual(["'self'", 'wss://aml.example.com']);
        expect(csp.get('upgrade-insecure-requests'), url).toEqual([]);
        expect(csp.get('script-src'), url).toEqual(["'self'"]);
      }
    });
  });
});
