/**
 * One way to declare an API route, so every route gets the same treatment:
 * its body and query are parsed with a shared schema, the caller's token is
 * checked unless the route is public, the access requirement (permissions,
 * service, organisation flag, plan) is enforced, and the route is described in
 * the OpenAPI document. Handlers receive parsed input and return JSON.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import { checkRequirement, type Denial, type Requirement } from '../../common/access';
import type { MessageId } from '../../common/messages';
import type { Deps } from '../deps';
import { authenticateToken, type AuthContext } from '../auth/sessions';
import { readBody } from './body';
import { ApiError } from './errors';
import { parseInput } from './validate';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HandlerContext<B, Q, A> {
  body: B;
  query: Q;
  params: Record<string, string>;
  auth: A;
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  userAgent: string;
}

interface BaseRoute<B, Q> {
  method: Method;
  /** Path below /api, e.g. "/login". */
  path: string;
  summary: string;
  tag: string;
  body?: Struct<B, any>;
  query?: Struct<Q, any>;
}

export interface PublicRoute<B, Q> extends BaseRoute<B, Q> {
  public: true;
  handler: (ctx: HandlerContext<B, Q, AuthContext | null>) => Promise<unknown>;
}

export interface PrivateRoute<B, Q> extends BaseRoute<B, Q> {
  public?: false;
  /** What the caller's role and organisation must have. */
  access?: Requirement;
  /** Extra check for rules a Requirement cannot express (administrator role, own record). */
  allow?: (auth: AuthContext) => boolean;
  handler: (ctx: HandlerContext<B, Q, AuthContext>) => Promise<unknown>;
}

export type ApiRoute = PublicRoute<any, any> | PrivateRoute<any, any>;

export function route<B = Record<string, never>, Q = Record<string, never>>(spec: PublicRoute<B, Q> | PrivateRoute<B, Q>): ApiRoute {
  return spec as ApiRoute;
}

const DENIAL_MESSAGES: Record<Denial, MessageId> = {
  permission: 'permission_denied',
  service: 'service_unavailable',
  flag: 'service_unavailable',
  billing: 'permission_denied',
  plan: 'plan_restricted',
  plan_details: 'plan_required',
};

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerRoutes(app: FastifyInstance, deps: Deps, routes: ApiRoute[]) {
  for (const spec of routes) {
    deps.routes.push(spec);
    app.route({
      method: spec.method,
      url: `/api${spec.path}`,
      handler: async (request, reply) => {
        let auth: AuthContext | null = null;
        const token = bearerToken(request);
        if (!spec.public || token) {
          try {
            auth = await authenticateToken(deps.db, token);
          } catch (error) {
            if (!spec.public) throw error;
          }
        }
        if (!spec.public) {
          const denial = spec.access ? checkRequirement(spec.access, { permissions: auth!.permissions, organisation: auth!.organisation }) : null;
          if (denial) throw new ApiError(403, DENIAL_MESSAGES[denial]);
          if (spec.allow && !spec.allow(auth!)) throw new ApiError(403, 'permission_denied');
        }
        const rawBody = spec.method === 'GET' ? {} : await readBody(request);
        const ctx: HandlerContext<any, any, any> = {
          body: spec.body ? parseInput(spec.body, rawBody) : rawBody,
          query: spec.query ? parseInput(spec.query, request.query) : request.query,
          params: request.params as Record<string, string>,
          auth,
          deps,
          request,
          reply,
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        };
        const result = await spec.handler(ctx);
        if (reply.sent) return reply;
        return result ?? { ok: true };
      },
    });
  }
}
