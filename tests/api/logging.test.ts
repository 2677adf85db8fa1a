/**
 * The server's log: quiet at the default level (a request that goes well, or a
 * client error, writes nothing), one line per request at debug (without query
 * strings, which may carry tokens), server errors with their stack, readable
 * lines by default and JSON on request, and LOG_LEVEL for every line of the
 * server, not only Fastify's.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { route, registerRoutes } from '../../server/http/routes';
import { createLogger, serverLogger } from '../../server/logging';
import { createDeps, prepareDatabase } from '../../server/start';
import { ANALYST, testScreeningEngine } from '../helpers/app';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../helpers/databases';

/** A stream that keeps what is written to it, line by line. */
function memory() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  return { stream, lines };
}

async function until(condition: () => boolean, description: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${description}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const explodes = route({
  method: 'GET',
  path: '/test-only/explodes',
  operationId: 'probeTestOnlyExplodes',
  tag: 'System',
  summary: 'Fails with a server error, for the log tests.',
  public: true,
  async handler() {
    throw new Error('boom in a handler');
  },
});

describe('log configuration', () => {
  it('is readable by default and JSON on request; LOG_LEVEL defaults to info', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('writes one plain line per entry in the pretty format', async () => {
    const out = memory();
    serverLogger(createLogger({ logLevel: 'info', logFormat: 'pretty' }, out.stream)).info('screening lists loaded');
    await until(() => out.lines.length > 0, 'a line');
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\] INFO: screening lists loaded$/);
  });

  it("applies LOG_LEVEL to the server's own messages too", async () => {
    const out = memory();
    const log = serverLogger(createLogger({ logLevel: 'warn', logFormat: 'json' }, out.stream));
    log.info('not shown');
    log.warn('shown');
    await until(() => out.lines.length > 0, 'the warning');
    expect(out.lines.map((l) => JSON.parse(l).msg)).toEqual(['shown']);
  });
});

describe.each(DATABASE_KINDS)('request logging on %s', (kind) => {
  let database: TestDatabase;
  let config: Config;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
    config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aml-log-')) } as NodeJS.ProcessEnv), serveStatic: false, publicUrl: 'http://app.test' };
    await prepareDatabase(config, database.db);
  });
  afterAll(() => database?.drop());

  /** An app whose log goes to memory, at the given level, in JSON so the entries can be read. */
  async function appLoggingAt(level: string): Promise<{ app: FastifyInstance; lines: string[] }> {
    const out = memory();
    const logger = createLogger({ logLevel: level, logFormat: 'json' }, out.stream);
    const deps = createDeps({ ...config, logLevel: level }, database.db, serverLogger(logger), { screening: testScreeningEngine() });
    const app = await buildApp(deps, { logger });
    registerRoutes(app, deps, [explodes]);
    await app.ready();
    return { app, lines: out.lines };
  }

  const ordinaryCalls = async (app: FastifyInstance) => {
    const statuses = [];
    statuses.push((await app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    statuses.push((await app.inject({ method: 'POST', url: '/api/login', payload: ANALYST })).statusCode);
    statuses.push((await app.inject({ method: 'POST', url: '/api/login', payload: { ...ANALYST, password: 'Wrong-pass-1' } })).statusCode);
    statuses.push((await app.inject({ method: 'GET', url: '/api/refresh' })).statusCode);
    statuses.push((await app.inject({ method: 'GET', url: '/api/no-such-call' })).statusCode);
    statuses.push((await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{broken' })).statusCode);
    expect(statuses).toEqual([200, 200, 400, 401, 404, 400]);
  };

  it('writes nothing at the default level for requests that go well or fail on the caller\'s side', async () => {
    const { app, lines } = await appLoggingAt('info');
    try {
      await ordinaryCalls(app);
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('writes one line per request at debug, without query strings and without stack traces for client errors', async () => {
    const { app, lines } = await appLoggingAt('debug');
    try {
      await ordinaryCalls(app);
      expect((await app.inject({ method: 'GET', url: '/api/health?token=secret-reset-token' })).statusCode).toBe(200);
      const entries = lines.map((l) => JSON.parse(l)).filter((e) => e.level === 20);
      const requests = entries.map((e) => e.msg).filter((m) => /^(GET|POST) \/api\//.test(m));
      expect(requests).toHaveLength(7);
      expect(requests[0]).toMatch(/^GET \/api\/health 200 \d+ ms$/);
      expect(requests).toContainEqual(expect.stringMatching(/^POST \/api\/login 400 \d+ ms$/));
      expect(requests[6]).toMatch(/^GET \/api\/health 200 \d+ ms$/);
      expect(lines.join('\n')).not.toContain('secret-reset-token');
      expect(lines.join('\n')).not.toContain('"stack"');
    } finally {
      await app.close();
    }
  });

  it('logs a server error at error level with its stack', async () => {
    const { app, lines } = await appLoggingAt('info');
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/test-only/explodes' });
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('boom');
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0]);
      expect(entry.level).toBe(50);
      expect(entry.err.message).toBe('boom in a handler');
      expect(entry.err.stack).toContain('logging.test.ts');
    } finally {
      await app.close();
    }
  });
});
