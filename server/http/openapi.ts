/**
 * The OpenAPI 3.1 document, generated from the declared routes and their
 * superstruct schemas, so it cannot drift from what the API accepts. It is the
 * public API's contract (docs/integrations.md): every operation has a stable
 * operationId for generated clients, the two ways to authenticate are
 * described, every error answer has one shape, and the web hook events are
 * listed with their payloads. The Integration Guide screen renders it, and
 * `npm test` lints it with Redocly's recommended rules (tests/api/openapi.test.ts).
 */
import type { Struct } from 'superstruct';
import { API_KEY_PREFIX } from '../../common/api-keys';
import type { ApiRoute } from './routes';

type JsonSchema = Record<string, unknown>;

/**
 * The API's version. The paths are the application's own (/api/...), so the version is the document's:
 * changes within 1.x only add (operations, optional fields, answer fields, event types); removing or
 * changing anything an integrator relies on makes a 2.0 served beside 1.x (docs/integrations.md).
 */
export const API_VERSION = '1.0.0';

/** One web hook event as the document lists it (server/webhooks/catalogue.ts). */
export interface WebhookEventDoc {
  type: string;
  summary: string;
  description: string;
  dataSchema: object;
  example: object;
}

function toJsonSchema(struct: Struct<any, any>): JsonSchema {
  const s = struct as any;
  // A text field that takes a number as well (common/schemas/core.ts textOrNumber).
  if (s.schema?.acceptsNumber) {
    const { acceptsNumber: _, ...schema } = s.schema;
    return { oneOf: [{ type: 'number' }, toJsonSchema(Object.assign(Object.create(Object.getPrototypeOf(s)), s, { schema }))] };
  }
  switch (s.type) {
    case 'object':
    case 'type': {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries<Struct<any, any>>(s.schema ?? {})) {
        properties[key] = toJsonSchema(field);
        // Required unless leaving it out is valid: optional fields, and those with a default that passes.
        if (field.validate(undefined, { coerce: true })[0]) required.push(key);
      }
      return { type: 'object', properties, ...(required.length ? { required } : {}), ...(s.type === 'object' ? { additionalProperties: false } : {}) };
    }
    case 'string':
      // Every request string is bounded (common/schemas/core.ts text()); the limit is part of the contract.
      return typeof s.schema?.maxLength === 'number' ? { type: 'string', maxLength: s.schema.maxLength } : { type: 'string' };
    case 'formBoolean':
      return { oneOf: [{ type: 'boolean' }, { enum: ['true', 'false', '1', '0'] }] };
    case 'file':
      return { type: 'string', format: 'binary' };
    case 'number':
      return { type: 'number' };
    case 'integer':
      return { type: 'integer' };
    case 'boolean':
      return { type: 'boolean' };
    case 'literal':
      return { const: s.schema };
    case 'enums':
      return { enum: Object.values(s.schema ?? {}) };
    case 'array':
      return { type: 'array', items: s.schema ? toJsonSchema(s.schema) : {} };
    case 'union':
      return alternatives((s.schema ?? []).map(toJsonSchema));
    default:
      return {};
  }
}

/**
 * A union's schema: oneOf over its different members. A union whose members read the same in JSON
 * Schema (two refinements of one string, say) is that one schema, since a oneOf of one schema, or of
 * schemas a value matches together, says nothing a client can use.
 */
function alternatives(members: JsonSchema[]): JsonSchema {
  const distinct = [...new Map(members.map((m) => [JSON.stringify(m), m])).values()];
  return distinct.length === 1 ? distinct[0] : { oneOf: distinct };
}

/**
 * A route that streams a file (routes.ts upload): multipart with the file field
 * (its largest size as x-max-bytes) after the other fields; JSON only when the
 * route also takes its fields without a file.
 */
function uploadBody(r: ApiRoute) {
  const fields = r.body ? toJsonSchema(r.body) : { type: 'object', properties: {} };
  const multipart = {
    ...fields,
    properties: { ...(fields.properties as Record<string, JsonSchema>), [r.upload!.field]: { type: 'string', format: 'binary', 'x-max-bytes': r.upload!.maxBytes } },
  };
  return {
    description: `The file in the multipart field "${r.upload!.field}" (at most ${r.upload!.maxBytes} bytes, larger answers 413), sent after the other fields.`,
    content: { 'multipart/form-data': { schema: multipart }, ...(r.body ? { 'application/json': { schema: fields, ...bodyExamples(r) } } : {}) },
  };
}

/** The route's example requests that carry a body, as named examples of its JSON body. */
function bodyExamples(r: ApiRoute) {
  const bodies = (r.examples ?? []).map((e) => e.body).filter((b): b is Record<string, unknown> => Boolean(b));
  if (!bodies.length) return {};
  return { examples: Object.fromEntries(bodies.map((value, i) => [`example${i + 1}`, { summary: bodies.length > 1 ? `Example ${i + 1}` : 'Example', value }])) };
}

/** Every answer that is not a success has this shape (server/http/errors.ts); the UI shows error_message. */
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error_message', 'code'],
  properties: {
    error_message: { type: 'string', description: 'The English message, ready to show.' },
    code: { type: 'string', description: 'A stable message id: what to branch on, and what translations are keyed by.' },
    field: { type: 'string', description: 'The request field the message is about, when it is about one.' },
    values: { type: 'object', additionalProperties: { type: ['string', 'number'] }, description: "The values filled into the message's placeholders." },
    retry_after: { type: 'integer', description: '429 only: seconds to wait, as in the Retry-After header.' },
    limit: { type: 'string', enum: ['api_key', 'organisation'], description: '429 only: which limit was reached.' },
  },
};

const errorResponse = (description: string, example: Record<string, unknown>, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
});

const RESPONSES = {
  BadRequest: errorResponse('The input is not valid; field names the field when one is at fault.', { error_message: 'Search term must be 2 to 100 characters.', code: 'search_term_length', field: 'search_term' }),
  Unauthorized: errorResponse('No token, or a token or key that is unknown, revoked, deleted or expired.', { error_message: 'Token has expired', code: 'token_has_expired' }),
  Forbidden: errorResponse("The caller's role, plan or organisation does not allow this call, or an API key called a call that is the browser's.", {
    error_message: 'Permission Denied',
    code: 'permission_denied',
  }),
  NotFound: errorResponse("No such record in the caller's organisation (another organisation's records answer the same).", { error_message: 'Not found.', code: 'not_found' }),
  PayloadTooLarge: errorResponse('The uploaded file is larger than the call accepts.', { error_message: 'File size limit exceeds', code: 'file_size_limit_exceeds' }),
  TooManyRequests: errorResponse(
    'The API key, or its organisation, made more calls this minute than its rate limit allows.',
    { error_message: 'Too many requests. Try again in 12 seconds.', code: 'rate_limited', values: { seconds: 12 }, retry_after: 12, limit: 'api_key' },
    { 'Retry-After': { description: 'Seconds to wait before calling again.', schema: { type: 'integer' } } },
  ),
};

const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${API_KEY_PREFIX}...`,
    description: `An API key generated under API Keys, sent as \`Authorization: Bearer ${API_KEY_PREFIX}...\`. It acts as the user who generated it, with that user's current permissions, until it expires or is deleted. Calls are limited per key and per organisation each minute; over a limit the answer is 429 with Retry-After.`,
  },
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    description: "The browser's session token, answered by POST /api/login (and the two-factor step). It ends at sign-out and after its lifetime.",
  },
};

/** What each group of operations is for; a tag without one is a mistake the lint test names. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  System: "The installation's health.",
  Auth: 'Signing in (with two factors), the session, passwords and the signed-in account (browser only).',
  Screening: 'Screen a person, company or location against the lists; read, decide, monitor and export the resulting cases.',
  Comments: 'Comments on a case and on its entities.',
  Dashboard: "The dashboard's counts of cases by status and category.",
  'Bulk search': 'Screen a file of entities as one batch and download its results.',
  'Custom lists': "The organisation's own blacklists and whitelists, their records and comments.",
  'Reference data': 'Countries, entity types, screening categories, and the profiles and engines a search can choose.',
  'Ongoing monitoring': 'The configuration of ongoing monitoring and its report.',
  'Roles and users': "The organisation's users, roles and the permission catalogue (browser only).",
  'Risk scoring': "The organisation's risk-scoring engines.",
  'Search profiles': 'Saved choices of databases, sources and countries to screen with.',
  Notifications: "The signed-in user's notifications (browser only).",
  Feedback: 'Feedback to the product team (browser only).',
  'Audit history': "The organisation's audit trail (browser only).",
  Demo: "The demo organisation's own calls: screen a name for real within a daily allowance, read the results, and ask for a full account (browser only; users of any other organisation are refused, and the demo's users may call nothing else but Auth).",
  'Usage statistics': 'What an organisation with the usage report did per day, per user and per outcome, the usage report as a PDF, and the report links sent to its administrators (browser only).',
  Billing: "Plan-billing organisations' plans, billing details, invoices and top-ups, and their credits: balances, the ledger and its export (browser only).",
  'API keys': 'Keys for the public API (browser only).',
  'Web hooks': 'Endpoints that receive signed events, the secret key that signs them, and the delivery log (browser only).',
  'Media Watcher': "Keyword searches of news and press releases (the shared corpus and the organisation's custom sources) in six languages and across scripts, each a paid check, and media cases: the articles kept from a search, reviewed, reported and exported.",
  'Custom sources': "The organisation's own news feeds (RSS, Atom, RDF, JSON Feed), read on a schedule into the articles Media Watcher searches and adverse-media monitoring looks at.",
  'Transaction monitoring':
    'Transactions sent for a decision at once (rules and screening of both parties), customers, the rules of the rule language with their versions and backtests, and the alerts they raise, worked from open to a conclusion.',
};

function responsesOf(r: ApiRoute) {
  const ref = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });
  return {
    200: { description: 'Success.', content: { 'application/json': { schema: { type: 'object' } } } },
    // Any call can be malformed: a NUL character in the path or query is refused with 400 before anything else.
    400: ref('BadRequest'),
    ...(r.public ? {} : { 401: ref('Unauthorized'), 403: ref('Forbidden') }),
    ...(r.ids || r.path.includes(':') ? { 404: ref('NotFound') } : {}),
    ...(r.upload ? { 413: ref('PayloadTooLarge') } : {}),
    ...(!r.public && r.apiKey ? { 429: ref('TooManyRequests') } : {}),
  };
}

/** How the caller may authenticate: no one for a public call; a key too for the public API's calls. */
function securityOf(r: ApiRoute) {
  if (r.public) return [];
  return r.apiKey ? [{ apiKey: [] }, { sessionToken: [] }] : [{ sessionToken: [] }];
}

function descriptionOf(r: ApiRoute): string {
  const lines = [r.summary];
  if (!r.public && r.access?.permissions?.length) lines.push(`Permissions: ${r.access.permissions.map((p) => `\`${p}\``).join(', ')}.`);
  if (!r.public) lines.push(r.apiKey ? 'Callable with an API key.' : 'Browser only: an API key is refused with 403 `api_key_not_allowed`.');
  return lines.join('\n\n');
}

/** The document's web hooks: each event as the POST an endpoint receives, signed as Standard Webhooks says. */
function webhooksOf(events: readonly WebhookEventDoc[]) {
  return Object.fromEntries(
    events.map((e) => [
      e.type,
      {
        post: {
          operationId: `webhook${e.type
            .split(/[._]/)
            .map((w) => w[0].toUpperCase() + w.slice(1))
            .join('')}`,
          summary: e.summary,
          description: `${e.description}\n\nSent with the headers \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\` (Standard Webhooks); verify them before trusting the body.`,
          tags: ['Web hook events'],
          // The endpoint authenticates the sender by the signature headers below, not by a security scheme.
          security: [],
          parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['type', 'timestamp', 'data'], properties: { type: { const: e.type }, timestamp: { type: 'string', format: 'date-time' }, data: e.dataSchema } },
                example: e.example,
              },
            },
          },
          responses: { 200: { description: 'Any 2xx answer marks the delivery delivered; 410 disables the endpoint; anything else is retried.' } },
        },
      },
    ]),
  );
}

export function buildOpenApi(routes: ApiRoute[], serverUrl: string, events: readonly WebhookEventDoc[] = []) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = `/api${r.path.replace(/:(\w+)/g, '{$1}')}`;
    const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const queryParams = r.query
      ? Object.entries(toJsonSchema(r.query).properties ?? {}).map(([name, schema]) => ({ name, in: 'query', schema }))
      : [];
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      description: descriptionOf(r),
      tags: [r.tag],
      security: securityOf(r),
      ...(params.length || queryParams.length ? { parameters: [...params, ...queryParams] } : {}),
      ...(r.upload ? { requestBody: uploadBody(r) } : r.body
        ? {
            requestBody: {
              content: {
                'application/json': { schema: toJsonSchema(r.body), ...bodyExamples(r) },
                'multipart/form-data': { schema: toJsonSchema(r.body) },
              },
            },
          }
        : {}),
      ...(!r.public && r.access?.permissions?.length ? { 'x-permissions': r.access.permissions } : {}),
      // What the attack suite needs to cover every operation (tests/api/attack-suite.test.ts, docs/api-hardening.md).
      // null: no requirement at all, any signed-in user (not even a chosen plan is asked for).
      ...(!r.public ? { 'x-requirement': r.access ?? null, ...(r.allow ? { 'x-allow': true } : {}) } : {}),
      ...(r.ids ? { 'x-ids': Object.fromEntries(Object.entries(r.ids).map(([field, id]) => [field, typeof id === 'string' ? { kind: id, unknown: 404 } : { unknown: 404, ...id }])) } : {}),
      ...(r.examples ? { 'x-examples': r.examples } : {}),
      ...(r.attack ? { 'x-attack': r.attack } : {}),
      responses: responsesOf(r),
    };
  }
  const tags = [...new Set(routes.map((r) => r.tag))].map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Open AML back office API',
      version: API_VERSION,
      description:
        'Screening, case management, bulk search, custom lists, risk scoring and administration of an anti-money-laundering back office. ' +
        'Integrations authenticate with an API key as a bearer token; the operations that accept one say so. ' +
        'Bodies are JSON or multipart form data. Every error answers `{ error_message, code, field? }` with a 4xx status.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: serverUrl, description: 'This installation' }],
    tags: [...tags, ...(events.length ? [{ name: 'Web hook events', description: 'What a registered web hook endpoint receives.' }] : [])],
    components: { securitySchemes: SECURITY_SCHEMES, schemas: { Error: ERROR_SCHEMA }, responses: RESPONSES },
    paths,
    ...(events.length ? { webhooks: webhooksOf(events) } : {}),
  };
}
