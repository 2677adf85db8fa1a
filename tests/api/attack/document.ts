/**
 * The operations of the API as the attack suite sees them: read from the
 * OpenAPI document the server publishes (server/http/openapi.ts), never from a
 * list kept here, so a route added tomorrow is attacked tomorrow.
 */
import type { Requirement } from '../../../common/access';
import type { AttackDeclaration, IdKind, RouteExample } from '../../../server/http/routes';

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxLength?: number;
  format?: string;
};

export interface Operation {
  /** "POST /api/add-comment" */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  public: boolean;
  permissions: string[];
  /** What the caller's role and organisation must have; null: any signed-in user. */
  requirement: Requirement | null;
  /** An extra rule in code (x-allow) that no requirement describes. */
  allow: boolean;
  ids: Record<string, { kind: IdKind; unknown: 404 | 400 | 200 }>;
  examples: RouteExample[];
  attack: AttackDeclaration;
  /** The query parameters as one object schema. */
  query: JsonSchema;
  pathParams: string[];
  body: JsonSchema | null;
}

export function readOperations(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(doc?.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const parameters: any[] = op.parameters ?? [];
      const queryParams = parameters.filter((p) => p.in === 'query');
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        public: Array.isArray(op.security) && op.security.length === 0,
        permissions: op['x-permissions'] ?? [],
        requirement: op['x-requirement'] ?? null,
        allow: Boolean(op['x-allow']),
        ids: op['x-ids'] ?? {},
        examples: op['x-examples'] ?? [],
        attack: op['x-attack'] ?? {},
        query: {
          type: 'object',
          properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])),
          required: queryParams.filter((p) => p.required).map((p) => p.name),
        },
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        // The multipart schema is the JSON one plus, on routes that stream a file, the file field: generate from it.
        body: op.requestBody?.content?.['multipart/form-data']?.schema ?? op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key));
}

/** Fields whose names say they name a record: every one must be declared in ids or excused in attack.notIds. */
export const ID_LIKE = /^(id|ids|reference|references)$|_(id|ids)$/;

export function fieldsOf(op: Operation): string[] {
  const fields = Object.keys(op.query.properties ?? {}).map((f) => `query.${f}`);
  for (const branch of op.body?.oneOf ?? (op.body ? [op.body] : [])) {
    for (const f of Object.keys(branch.properties ?? {})) if (!fields.includes(`body.${f}`)) fields.push(`body.${f}`);
  }
  return [...fields, ...op.pathParams.map((p) => `path.${p}`)];
}

/** Fills {name} path parameters. */
export function urlOf(op: Operation, params: Record<string, string> = {}, query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
  return query ? `${path}?${query}` : path;
}

/** A query string from plain values: lists become repeated keys. */
export function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${percent(key)}=${percent(String(item))}`);
  }
  return parts.join('&');
}

/** Percent-encoding of any text, lone surrogates included (sent as UTF-8, as a browser would). */
export function percent(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** A stable 32-bit number from a text, so every operation has its own fixed seed. */
export function seedOf(text: string, base: number): number {
  let h = base | 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h ^ text.charCodeAt(i), 0x01000193) + 0x9e3779b9) | 0;
  return h;
}

/** Declaration mistakes about ids: a field named like an id that is neither declared nor excused, or a declared one the schema lacks. */
export function idDeclarationProblems(op: Operation): string[] {
  const problems: string[] = [];
  const fields = fieldsOf(op);
  for (const field of fields) {
    const name = field.split('.').pop()!;
    if (ID_LIKE.test(name) && !op.ids[field] && !op.attack.notIds?.[field]) {
      problems.push(`${op.key}: ${field} looks like a record id; declare it in ids (with its kind) or excuse it in attack.notIds`);
    }
  }
  for (const field of Object.keys(op.ids)) if (!fields.includes(field)) problems.push(`${op.key}: ids names ${field}, which the request schema does not have`);
  for (const field of Object.keys(op.ids)) {
    const [where, key] = field.split('.');
    if (!op.examples.some((e) => (where === 'body' ? e.body : where === 'path' ? e.params : e.query)?.[key] !== undefined)) problems.push(`${op.key}: no example request contains ${field}; add one to examples`);
  }
  return problems;
}

export type CheckOutcome = { covered: number } | { excused: string };
export type Ledger = Map<string, Partial<Record<string, CheckOutcome>>>;

/** Every operation and check that neither ran nor was excused with a reason. */
export function coverageGaps(ops: Operation[], checks: readonly string[], ledger: Ledger): string[] {
  const gaps: string[] = [];
  if (!ops.length) gaps.push('the OpenAPI document lists no operation');
  for (const op of ops) {
    for (const check of checks) {
      const entry = ledger.get(op.key)?.[check];
      if (!entry) gaps.push(`${op.key}: ${check} neither ran nor is excused`);
      else if ('covered' in entry && entry.covered < 1) gaps.push(`${op.key}: ${check} sent no request`);
      else if ('excused' in entry && entry.excused.trim().length < 4) gaps.push(`${op.key}: ${check} is excused without a reason`);
    }
  }
  for (const check of checks) {
    if (![...ledger.values()].some((e) => e[check] && 'covered' in e[check]!)) gaps.push(`${check} covered no operation at all`);
  }
  return gaps;
}
