/**
 * The OpenAPI 3.1 document, generated from the declared routes and their
 * superstruct schemas, so it cannot drift from what the API accepts. It also
 * feeds the Integration Guide screen.
 */
import type { Struct } from 'superstruct';
import type { ApiRoute } from './routes';

type JsonSchema = Record<string, unknown>;

function toJsonSchema(struct: Struct<any, any>): JsonSchema {
  const s = struct as any;
  switch (s.type) {
    case 'object':
    case 'type': {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries<Struct<any, any>>(s.schema ?? {})) {
        properties[key] = toJsonSchema(field);
        if (!field.is(undefined)) required.push(key);
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
      return { oneOf: (s.schema ?? []).map(toJsonSchema) };
    default:
      return {};
  }
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
    content: { 'multipart/form-data': { schema: multipart }, ...(r.body ? { 'application/json': { schema: fields } } : {}) },
  };
}

export function buildOpenApi(routes: ApiRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = `/api${r.path.replace(/:(\w+)/g, '{$1}')}`;
    const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const queryParams = r.query
      ? Object.entries(toJsonSchema(r.query).properties ?? {}).map(([name, schema]) => ({ name, in: 'query', schema }))
      : [];
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      summary: r.summary,
      tags: [r.tag],
      security: r.public ? [] : [{ bearerAuth: [] }],
      ...(params.length || queryParams.length ? { parameters: [...params, ...queryParams] } : {}),
      ...(r.upload ? { requestBody: uploadBody(r) } : r.body
        ? {
            requestBody: {
              content: {
                'application/json': { schema: toJsonSchema(r.body) },
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
      responses: {
        200: { description: 'Success' },
        400: { description: 'Invalid input: { error_message, code, field }' },
        ...(r.public ? {} : { 401: { description: "Missing, revoked or expired token ('Token has expired')" }, 403: { description: 'Permission Denied' } }),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Open AML back office API', version: '0.1.0', description: 'Screening, case management and administration.' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
