/**
 * Builds the HTTP application: body parsing, the error contract, every API
 * route module, the OpenAPI document, and the built SPA with history fallback.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LIMITS } from '../common/constants';
import { authRoutes } from './auth/routes';
import { bulkRoutes } from './bulk/routes';
import { customListRoutes } from './custom-lists/routes';
import { listsHealth } from './case-store/engine';
import { caseRoutes } from './cases/routes';
import { dashboardRoutes } from './cases/dashboard-routes';
import { monitoringRoutes } from './cases/monitoring-routes';
import { referenceRoutes } from './reference/routes';
import type { Deps } from './deps';
import { registerBodyParsers } from './http/body';
import { ApiError } from './http/errors';
import { buildOpenApi } from './http/openapi';
import { acceptApiKeys, registerRoutes, route } from './http/routes';
import { apiKeyRoutes } from './api-keys/routes';
import { webhookRoutes } from './webhooks/routes';
import { WEBHOOK_EVENTS } from './webhooks/catalogue';
import { permissionRoutes } from './permissions/routes';
import { userRoutes } from './users/routes';
import { roleRoutes } from './roles/routes';
import { riskScoringRoutes } from './risk-scoring/routes';
import { settingsRoutes } from './settings/routes';
import { notificationRoutes } from './notifications/routes';
import { feedbackRoutes } from './feedback/routes';
import { demoRoutes } from './demo/routes';
import { auditRoutes } from './audit/routes';
import { searchProfileRoutes } from './search-profiles/routes';
import { mediaRoutes } from './media/routes';
import { customSourceRoutes } from './custom-sources/routes';
import { ruleRoutes } from './transactions/rules-routes';
import { alertRoutes } from './transactions/alerts-routes';
import { usageRoutes } from './usage/routes';
import { creditsRoutes } from './billing/credits-routes';
import { billingRoutes } from './billing/routes';
import { transactionRoutes } from './transactions/transactions-routes';
import { customerRoutes } from './transactions/customers-routes';
import { createLogger, QuietLogController } from './logging';
import { registerSecurityHeaders } from './security/headers';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// DIST_DIR lets a second checkout's build (or a test run) serve its own bundle without touching dist/.
export const DIST_DIR = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(ROOT, 'dist');

/** `logger`: the server's logger (server/logging.ts), shared with the rest of the server; one is made from the configuration otherwise. */
export async function buildApp(deps: Deps, options: { logger?: FastifyBaseLogger } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(deps.config),
    logController: new QuietLogController(),
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 12 * 1024 * 1024,
  });

  await registerSecurityHeaders(app, { publicUrl: deps.config.publicUrl });
  await registerBodyParsers(app, Math.max(LIMITS.customListFileBytes, LIMITS.faceImageBytes));

  app.setErrorHandler((error: any, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(error.toJSON());
    if (error?.code === 'FST_REQ_FILE_TOO_LARGE') return reply.status(413).send(new ApiError(413, 'file_size_limit_exceeds').toJSON());
    if (error?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(new ApiError(400, 'bad_request').toJSON());
    }
    if (typeof error?.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error_message: error.message, code: 'bad_request' });
    }
    request.log.error(error);
    return reply.status(500).send(new ApiError(500, 'server_error').toJSON());
  });

  registerRoutes(app, deps, [
    route({
      method: 'GET',
      path: '/health',
      operationId: 'getHealth',
      tag: 'System',
      summary: 'Liveness and the state of the database.',
      public: true,
      async handler(ctx) {
        const started = Date.now();
        try {
          await deps.db.query('SELECT 1');
          return { status: 'ok', database: { kind: deps.db.kind, state: 'up', latency_ms: Date.now() - started }, lists: listsHealth(deps) };
        } catch (error) {
          ctx.reply.status(503);
          return { status: 'degraded', database: { kind: deps.db.kind, state: 'down', error: (error as Error).message }, lists: listsHealth(deps) };
        }
      },
    }),
    ...authRoutes(),
    ...permissionRoutes(),
    // The public API (docs/integrations.md): the modules an API key may call. Sign-in, the account, users,
    // roles, settings, notifications, feedback, the audit trail, API keys and web hooks are the browser's.
    ...acceptApiKeys([
      ...caseRoutes(),
      ...bulkRoutes(),
      ...customListRoutes(),
      ...referenceRoutes(),
      ...dashboardRoutes(),
      ...monitoringRoutes(),
      ...riskScoringRoutes(),
      ...searchProfileRoutes(),
      ...mediaRoutes(),
      ...customSourceRoutes(),
      // Transaction monitoring's transactions and customers: an integrator sends transactions with a key.
      ...transactionRoutes(),
      ...customerRoutes(),
    ]),
    ...userRoutes(),
    ...roleRoutes(),
    ...settingsRoutes(),
    ...notificationRoutes(),
    ...feedbackRoutes(),
    // The demo organisation's own calls; its users may call nothing else but Auth (server/http/routes.ts, demo).
    ...demoRoutes(),
    ...auditRoutes(),
    ...apiKeyRoutes(),
    ...webhookRoutes(),
    // Transaction monitoring's rules and alerts: each route says itself whether an API key may call it (reads yes, changes no).
    ...ruleRoutes(),
    ...alertRoutes(),
    // Usage statistics and the usage report (docs/usage-statistics.md); a report link opens its PDF without signing in.
    ...usageRoutes(),
    // The credits summary and ledger (docs/billing.md, "Credits ledger"), browser only.
    ...creditsRoutes(),
    // Plans, billing details, invoices and top-ups (docs/billing.md), browser only.
    ...billingRoutes(),
  ]);

  app.get('/api/openapi.json', async () => buildOpenApi(deps.routes, deps.config.publicUrl, WEBHOOK_EVENTS));

  app.all('/api/*', async (request, reply) => reply.status(404).send(new ApiError(404, 'not_found').toJSON()));

  if (deps.config.serveStatic && existsSync(join(DIST_DIR, 'index.html'))) {
    await app.register(fastifyStatic, { root: DIST_DIR, wildcard: false, index: false });
    // Client-side routes: every non-API GET that is not a file gets the SPA.
    app.setNotFoundHandler((request, reply) => {
      // A missing build file (an old chunk after a new release) is a 404, not the page: the app names the chunk that failed.
      if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/assets/')) {
        return reply.status(404).send(new ApiError(404, 'not_found').toJSON());
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }

  return app;
}
