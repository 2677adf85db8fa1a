/**
 * One way to declare an API route, so every route gets the same treatment:
 * its body and query are parsed with a shared schema, the caller's token is
 * checked unless the route is public, the access requirement (permissions,
 * service, organisation flag, plan) is enforced, NUL characters are refused in
 * every body, query and path, and the route is described in the OpenAPI
 * document, with what the attack suite needs to cover it (ids, examples,
 * attack; docs/api-hardening.md). Handlers receive parsed input and return JSON.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import { checkRequirement, type Denial, type Requirement } from '../../common/access';
import type { MessageId } from '../../common/messages';
import type { Deps } from '../deps';
import { forOrganisation, type OrgDb } from '../db/tenant';
import { authenticateCaller, recordApiKeyUse } from '../auth/api-keys';
import type { AuthContext } from '../auth/sessions';
import { apiKeyRateLimits } from './api-rate-limit';
import { readBody, readUpload, type UploadStream } from './body';
import { ApiError } from './errors';
import { parseInput, refuseNul } from './validate';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HandlerContext<B, Q, A> {
  body: B;
  query: Q;
  params: Record<string, string>;
  auth: A;
  /**
   * The database bound to the caller's organisation: the only way a handler's
   * data module reaches organisation-owned rows (server/db/tenant.ts). Null on a
   * public route called without a valid token.
   */
  org: A extends AuthContext ? OrgDb : OrgDb | null;
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  userAgent: string;
  /**
   * The file of a route that declares upload, as a stream, when the request is
   * multipart and holds it; null otherwise. Reading it past the route's maxBytes
   * fails with 413 'file_too_large'.
   */
  upload: UploadStream | null;
}

/**
 * A route that takes one file as a stream (a bulk search file of up to 50 MB)
 * rather than a whole buffered body. A multipart request's fields are parsed
 * with the route's body schema and its file part is handed over as a stream,
 * so the fields must come before the file (the browser's FormData keeps the
 * order they were appended in); a request that is not multipart is parsed as
 * usual. Access checks come first, as for any body.
 */
export interface UploadDeclaration {
  /** The multipart field that holds the file. */
  field: string;
  /** The largest file accepted; more answers 413 'file_too_large'. */
  maxBytes: number;
}

/**
 * The kinds of record a request field can name. Each belongs to one
 * organisation (a notification to one user), so the attack suite
 * (tests/api/attack-suite.test.ts) sends another organisation's id of the same
 * kind and expects the answer an unknown id gets.
 */
export type IdKind =
  | 'case'
  | 'hit'
  | 'comment'
  | 'user'
  | 'role'
  | 'notification'
  | 'search_profile'
  | 'batch'
  | 'upload'
  | 'custom_list'
  | 'list_record'
  | 'list_comment'
  | 'risk_engine'
  | 'api_key'
  | 'webhook'
  | 'webhook_delivery'
  | 'media_case'
  | 'article'
  | 'custom_source'
  | 'tm_rule'
  | 'tm_alert'
  | 'tm_transaction'
  | 'tm_customer'
  | 'invoice';

export interface IdField {
  kind: IdKind;
  /**
   * What an unknown id (and so another organisation's) answers here: 404 when
   * the call is about that record (the default), 400 when it is a choice in a
   * form (a field error), 200 when it only filters a list (nothing matches).
   */
  unknown?: 404 | 400 | 200;
}

/** The checks of the attack suite; a route that cannot take one says why in attack.skip. */
export type AttackCheck = 'unauthenticated' | 'permissions' | 'requirement' | 'foreign_ids' | 'malformed';

export interface AttackDeclaration {
  /** Checks that do not apply to this route, each with its reason. */
  skip?: Partial<Record<AttackCheck, string>>;
  /** Fewer generated malformed requests than the default, with the reason (a deliberately slow call). */
  runs?: { count: number; reason: string };
  /** Fields named like ids that do not name an organisation's record, each with the reason. */
  notIds?: Record<string, string>;
  /** The call ends the session it is made with, so each generated request gets a session of its own; the reason. */
  sessionPerRequest?: string;
}

/** A request that succeeds with the caller's own records; its id fields (see ids) are filled in by whoever uses it. */
export interface RouteExample {
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** Path parameters by name (/webhook/:webhookId); an id among them is declared in ids as "path.webhookId". */
  params?: Record<string, string>;
}

interface BaseRoute<B, Q> {
  method: Method;
  /** Path below /api, e.g. "/login". */
  path: string;
  /**
   * The operation's name in the OpenAPI document (lowerCamelCase, verb first: listCases, screenEntity).
   * Clients generated from the document name their functions after it, so it never changes once released.
   */
  operationId: string;
  summary: string;
  tag: string;
  body?: Struct<B, any>;
  query?: Struct<Q, any>;
  /** The route streams one uploaded file (see UploadDeclaration); published in the OpenAPI document as a multipart body. */
  upload?: UploadDeclaration;
  /**
   * The request fields that name an organisation's records: "query.reference",
   * "body.user_id", "body.references" (a list: every item is an id). Published
   * in the OpenAPI document as x-ids.
   */
  ids?: Record<string, IdKind | IdField>;
  /**
   * Requests that succeed with the caller's own records, one per way of calling
   * (x-examples). Every field of ids appears in at least one, so the attack
   * suite can send each id of another organisation in a request that would
   * otherwise work.
   */
  examples?: RouteExample[];
  /** How the attack suite covers this route, published as x-attack. */
  attack?: AttackDeclaration;
}

export interface PublicRoute<B, Q> extends BaseRoute<B, Q> {
  public: true;
  handler: (ctx: HandlerContext<B, Q, AuthContext | null>) => Promise<unknown>;
}

export interface PrivateRoute<B, Q> extends BaseRoute<B, Q> {
  public?: false;
  /** What the caller's role and organisation must have. */
  access?: Requirement;
  /**
   * Extra check for rules a Requirement cannot express (administrator role, own
   * record). false answers 403 'permission_denied'; a message id answers 403 with
   * that message (bulk search without create_new_case: 'no_create_case_permission').
   */
  allow?: (auth: AuthContext) => boolean | MessageId;
  /**
   * The route belongs to the demo (docs/demo.md): only users of the demo organisation may call it (anyone
   * else: 403 'demo_only'). Users of the demo organisation may call these and the Auth routes (signing in,
   * the session, the signed-in account) and nothing else (403 'demo_restricted'), so a demo visitor
   * never reaches the product's own records of any organisation.
   */
  demo?: boolean;
  /**
   * The route is part of the public API: an API key may call it (docs/integrations.md). Without it a key
   * is refused with 403 'api_key_not_allowed' (sign-in, account, users, roles, keys and web hook settings
   * are the browser's). Set for whole route modules by acceptApiKeys() in app.ts.
   */
  apiKey?: boolean;
  handler: (ctx: HandlerContext<B, Q, AuthContext>) => Promise<unknown>;
}

export type ApiRoute = PublicRoute<any, any> | PrivateRoute<any, any>;

/** Opens the signed-in routes of a module to API keys (PrivateRoute.apiKey). */
export const acceptApiKeys = (routes: ApiRoute[]): ApiRoute[] => routes.map((r) => (r.public ? r : { ...r, apiKey: true }));

export function route<B = Record<string, never>, Q = Record<string, never>>(spec: PublicRoute<B, Q> | PrivateRoute<B, Q>): ApiRoute {
  return spec as ApiRoute;
}

/** The routes a demo organisation's user may call besides the demo's own (PrivateRoute.demo). */
const OPEN_TO_DEMO_TAGS: ReadonlySet<string> = new Set(['Auth']);

/** Why this caller may not call this route for the demo's sake, or null (PrivateRoute.demo). */
function demoRefusal(spec: PrivateRoute<any, any>, auth: AuthContext): MessageId | null {
  if (spec.demo) return auth.organisation.is_demo ? null : 'demo_only';
  return auth.organisation.is_demo && !OPEN_TO_DEMO_TAGS.has(spec.tag) ? 'demo_restricted' : null;
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

/**
 * A route that declares no body reads none: before Fastify picks a parser, the
 * headers that announce a body are dropped and the body is left unread, so no
 * body or content type, however malformed, can stop the call (logging out must
 * always end the session).
 */
async function skipBody(request: FastifyRequest) {
  for (const header of ['content-type', 'content-length', 'transfer-encoding']) delete request.raw.headers[header];
}

export function registerRoutes(app: FastifyInstance, deps: Deps, routes: ApiRoute[]) {
  for (const spec of routes) {
    deps.routes.push(spec);
    app.route({
      method: spec.method,
      url: `/api${spec.path}`,
      ...(spec.method !== 'GET' && !spec.body && !spec.upload ? { preParsing: skipBody } : {}),
      handler: async (request, reply) => {
        let auth: AuthContext | null = null;
        const token = bearerToken(request);
        if (!spec.public || token) {
          try {
            auth = await authenticateCaller(deps.db, token);
          } catch (error) {
            if (!spec.public) throw error;
          }
        }
        if (auth?.apiKey && !spec.public) {
          const caller = auth;
          // Every use of a key is audited with its outcome (a refusal too), which is known only once the answer has gone.
          reply.raw.once('close', () => {
            recordApiKeyUse(deps.db, caller, { method: spec.method, path: `/api${spec.path}`, status: reply.raw.statusCode, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }).catch((error) =>
              request.log.warn({ err: error }, 'could not record the use of an API key'),
            );
          });
          if (!spec.apiKey) throw new ApiError(403, 'api_key_not_allowed');
          await apiKeyRateLimits(deps, deps.config).consume(auth, reply);
        }
        if (!spec.public) {
          const demoDenial = demoRefusal(spec, auth!);
          if (demoDenial) throw new ApiError(403, demoDenial);
          const denial = spec.access ? checkRequirement(spec.access, { permissions: auth!.permissions, organisation: auth!.organisation }) : null;
          if (denial) throw new ApiError(403, DENIAL_MESSAGES[denial]);
          const allowed = spec.allow ? spec.allow(auth!) : true;
          if (allowed !== true) throw new ApiError(403, allowed === false ? 'permission_denied' : allowed);
        }
        refuseNul(request.params);
        refuseNul(request.query);
        // An upload route reads a multipart body's fields up to its file and leaves the file to the handler as a stream.
        const streamed = spec.upload && request.isMultipart() ? await readUpload(request, spec.upload) : null;
        try {
          const rawBody = streamed ? streamed.fields : spec.body || spec.upload ? await readBody(request) : {};
          refuseNul(rawBody);
          if (streamed?.file) refuseNul(streamed.file.filename, [spec.upload!.field]);
          return await handle(spec, request, reply, auth, rawBody, streamed?.file ?? null);
        } finally {
          // Whatever the handler left of the request (the rest of the file, parts after it) is read and dropped.
          await streamed?.finish();
        }
      },
    });
  }

  /** Parses the input, binds the organisation's handle and runs the handler. */
  async function handle(spec: ApiRoute, request: FastifyRequest, reply: FastifyReply, auth: AuthContext | null, rawBody: Record<string, unknown>, upload: UploadStream | null) {
    const ctx: HandlerContext<any, any, any> = {
      body: spec.body ? parseInput(spec.body, rawBody) : rawBody,
      query: spec.query ? parseInput(spec.query, request.query) : request.query,
      params: request.params as Record<string, string>,
      auth,
      org: auth ? forOrganisation(deps.db, auth.organisation.id) : null,
      deps,
      request,
      reply,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
      upload,
    };
    const result = await spec.handler(ctx);
    if (reply.sent) return reply;
    return result ?? { ok: true };
  }
}
