/**
 * Generated malformed requests, derived from each operation's schemas in the
 * OpenAPI document: values of the wrong type, missing and unknown fields, text
 * at and past its limit, NUL and unusual Unicode, lists where one value is
 * expected and the reverse, deep nesting, prototype keys, numbers out of range;
 * sent as JSON, urlencoded and multipart bodies and as raw bodies that are not
 * what their content type says (malformed JSON and multipart, wrong types).
 */
import fc from 'fast-check';
import { percent, type JsonSchema, type Operation } from './document';

export interface AttackRequest {
  query: string;
  params: Record<string, string>;
  contentType?: string;
  body?: string | Buffer;
  /** The client address, varied so sign-in throttling by address does not hide the handlers. */
  ip: string;
  /** How the request was built, printed with a failure. */
  shape: string;
}

const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeff',
  '😀'.repeat(80),
  'ﷺ‮',
  "' OR 1=1 --",
  '"; DROP TABLE cases; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '1e400',
  '0x10',
  ' 12 ',
  '\t\r\n',
  '__proto__',
  'constructor',
  '2026-02-30',
  '9999-12-31',
  '0000-00-00',
  '00000000-0000-0000-0000-000000000000',
  'AML-2026-000001',
  'a'.repeat(5000),
];

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  [],
  {},
  [null],
  [[[]]],
  { a: { b: { c: { d: {} } } } },
  { $gt: '' },
  ['a', 1, null],
];

/** Some text far beyond every limit (the body limit is 12 MB; this stays cheap to send). */
const HUGE = 'h'.repeat(200_000);

const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { nested: deep(depth - 1), list: [deep(Math.floor(depth / 4))] });

const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.constant(HUGE) },
  { weight: 1, arbitrary: fc.constant(deep(60)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

/** Values that pass most rules, for text to be slipped into. */
const WELL_FORMED = ['Jane Example', 'admin@example.com', 'ada@example.com', 'Checked against the register', 'A reason long enough', 'person', 'Passed', '2024-01-31', 'Renamed role'];

/** A well-formed value with something slipped in at some position: NUL, a control or direction character, an emoji, a lone surrogate. */
const slipped = fc
  .tuple(fc.constantFrom(...WELL_FORMED), fc.constantFrom('\u0000', '\u0001', '\u202e', '\u200b', '😀', '\ud800', '%00', '\\', "'", '"', '\n'), fc.nat())
  .map(([text, extra, at]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + extra + text.slice(i);
  });

/** A value for a schema: mostly plausible (so requests get past the first check), often hostile. */
export function valueFor(schema: JsonSchema | undefined, pool: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const plausible = plausibleFor(schema ?? {}, pool, depth);
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: hostile });
}

function plausibleFor(schema: JsonSchema, pool: readonly string[], depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.oneOf?.length) return fc.oneof(...schema.oneOf.map((s) => plausibleFor(s, pool, depth)));
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'binary') return fc.constantFrom({ file: true }, 'not a file');
      const max = schema.maxLength ?? 200;
      const options: fc.Arbitrary<unknown>[] = [
        fc.string({ maxLength: Math.min(max, 40) }),
        fc.string({ unit: 'grapheme', maxLength: Math.min(max, 20) }),
        fc.constant('x'.repeat(max)),
        fc.constant('y'.repeat(max + 1)),
        fc.constantFrom(...WELL_FORMED, '123456', '1', 'true'),
        slipped,
        fc.uuid(),
      ];
      if (pool.length) options.push(fc.constantFrom(...pool));
      return fc.oneof(...options);
    }
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer(), fc.integer({ min: -2, max: 1000 }), fc.double(), fc.integer().map(String));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(depth > 3 ? hostile : plausibleFor(schema.items ?? {}, pool, depth + 1), { maxLength: 4 }) },
        // One value where a list is expected, and a list past every sensible size.
        { weight: 1, arbitrary: plausibleFor(schema.items ?? {}, pool, depth + 1) },
        { weight: 1, arbitrary: fc.constant(Array.from({ length: 1500 }, (_, i) => pool[i % Math.max(pool.length, 1)] ?? `item-${i}`)) },
      );
    case 'object':
      return depth > 3 ? fc.constant({}) : entriesFor(schema, pool, depth + 1).map((entries) => Object.fromEntries(entries));
    default:
      return hostile;
  }
}

/**
 * The fields of an object body as entries (so keys such as "__proto__" and
 * repeated keys survive into the serialised text): each declared field present
 * or not, required ones usually present, and sometimes unknown keys.
 */
export function entriesFor(schema: JsonSchema, pool: readonly string[], depth = 0): fc.Arbitrary<[string, unknown][]> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = props.map(([name, s]) =>
    fc.option(
      valueFor(s, pool, depth).map((v) => [name, v] as [string, unknown]),
      { freq: required.has(name) ? 8 : 2, nil: undefined },
    ).map((entry) => (entry === undefined ? [] : [entry])),
  );
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'a[b]', 'x[]', '', 'é', 'k\u0000'), fc.string({ maxLength: 8 })), hostile),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...fields), fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extra })).map(([present, more]) => [...present.flat(), ...more]);
}

const serialise = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return 'null';
  }
};

/** JSON text of entries, written by hand so prototype and repeated keys are kept. */
export function jsonOf(entries: [string, unknown][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${serialise(v)}`).join(',')}}`;
}

/** Form fields of entries: lists as name[] entries, objects as name[key], everything else as text. */
function formFields(entries: [string, unknown][]): [string, string | { file: true }][] {
  const out: [string, string | { file: true }][] = [];
  for (const [key, value] of entries) {
    if (Array.isArray(value)) for (const item of value.slice(0, 50)) out.push([`${key}[]`, typeof item === 'string' ? item : serialise(item)]);
    else if (value && typeof value === 'object' && (value as { file?: true }).file === true) out.push([key, { file: true }]);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value).slice(0, 5)) out.push([`${key}[${k}]`, serialise(v)]);
    else out.push([key, value === null || value === undefined ? '' : String(value)]);
  }
  return out;
}

export function urlencodedOf(entries: [string, unknown][]): string {
  return formFields(entries)
    .map(([k, v]) => `${percent(k)}=${percent(typeof v === 'string' ? v : 'file')}`)
    .join('&');
}

export function multipartOf(entries: [string, unknown][], boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of formFields(entries)) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="f\u0001\u202e.png"\r\nContent-Type: image/png\r\n\r\n`));
      parts.push(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const RAW_BODIES: [string, string | Buffer][] = [
  ['application/json', '{"a":'],
  ['application/json', '{"a":1}}'],
  ['application/json', '[1,2,3]'],
  ['application/json', '"just text"'],
  ['application/json', 'null'],
  ['application/json', '12'],
  ['application/json', ''],
  ['application/json', '{"__proto__":{"isAdmin":true}}'],
  ['application/json', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['application/json', `{"a":"${'\\u0000'}"}`],
  ['application/json', '{"a":"\\ud800"}'],
  ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['application/json', Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00])],
  ['application/json; charset=utf-16', '{"a":1}'],
  ['application/x-www-form-urlencoded', 'a=%&b=%zz&c=%C0%AF&d=%FF%FE'],
  ['application/x-www-form-urlencoded', 'a[]=1&a[b]=2&a=3&&=&=x'],
  ['application/x-www-form-urlencoded', '__proto__[admin]=1&constructor[prototype][x]=1'],
  ['application/x-www-form-urlencoded', `${'k'.repeat(70_000)}=v`],
  ['multipart/form-data; boundary=xyz', 'not multipart at all'],
  ['multipart/form-data', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--\r\n'],
  ['multipart/form-data; boundary=xyz', '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--abc--\r\n'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition form-data\r\n\r\nb\r\n--xyz--\r\n'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nb\r\n--xyz--\r\n'],
  ['multipart/form-data; boundary=""', '----\r\n'],
  ['multipart/mixed; boundary=xyz', '--xyz\r\n\r\nb\r\n--xyz--\r\n'],
  ['text/plain', 'hello'],
  ['application/xml', '<a>1</a>'],
  ['application/octet-stream', Buffer.from([0, 1, 2, 255])],
  ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  [';;;', 'x'],
  ['application/json, text/plain', '{}'],
  ['', '{}'],
];

const RAW_QUERIES = ['%', '%zz', 'a=%', 'a=%C0%AF', 'a=%FF%FE', '&&&', '=', '==x', '__proto__=1', 'constructor[prototype][x]=1', 'a[b][c]=1', `q=${'z'.repeat(8000)}`, 'page=-1&page_size=0', 'page=1e400', 'page=0x10&page_size=NaN'];

const encodeEntries = (entries: [string, unknown][]) =>
  entries
    .flatMap(([k, v]) => (Array.isArray(v) ? v.slice(0, 30).map((item) => [k, item] as const) : [[k, v] as const]))
    .map(([k, v]) => `${percent(k)}=${percent(typeof v === 'string' ? v : serialise(v))}`)
    .join('&');

/** Query strings: fields of the schema (repeated, empty, hostile) and raw malformed ones. */
function queryFor(op: Operation, pool: readonly string[]): fc.Arbitrary<string> {
  const encoded = entriesFor(op.query, pool).map(encodeEntries);
  return fc.oneof({ weight: 6, arbitrary: encoded }, { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) }, { weight: 1, arbitrary: fc.constant('') });
}

/**
 * A request that works (an example with the caller's own ids) with one or two
 * fields changed: replaced by a generated value, given something slipped into
 * its text, dropped, or wrapped in a list. These reach past the lookups into
 * the handlers, where a bad value that passed validation would do harm.
 */
function mutated(example: Record<string, unknown>, schema: JsonSchema, pool: readonly string[]): fc.Arbitrary<[string, unknown][]> {
  const keys = Object.keys(example);
  if (!keys.length) return fc.constant([]);
  const change = fc.tuple(fc.constantFrom(...keys), fc.constantFrom('replace', 'slip', 'drop', 'wrap'), fc.nat(), fc.constantFrom(...HOSTILE_TEXT));
  return fc.tuple(fc.array(change, { minLength: 1, maxLength: 2 }), fc.tuple(...keys.map((k) => valueFor(schema.properties?.[k], pool)))).map(([changes, replacements]) => {
    const out = new Map<string, unknown>(Object.entries(example));
    for (const [key, how, at, text] of changes) {
      const value = out.get(key);
      if (how === 'drop') out.delete(key);
      else if (how === 'wrap') out.set(key, [value, value]);
      else if (how === 'replace') out.set(key, replacements[keys.indexOf(key)]);
      else {
        const original = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
        const i = at % (original.length + 1);
        const slippedIn = original.slice(0, i) + text + original.slice(i);
        out.set(key, Array.isArray(value) ? [slippedIn] : slippedIn);
      }
    }
    return [...out.entries()];
  });
}

/** Every malformed request of one operation, as one arbitrary; examples are the operation's working requests. */
export function requestsFor(op: Operation, pool: readonly string[], examples: { body?: Record<string, unknown>; query?: Record<string, unknown> }[] = []): fc.Arbitrary<AttackRequest> {
  const ip = fc.tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 1, max: 254 })).map(([a, b]) => `10.${a}.${b}.7`);
  const params = fc.record(Object.fromEntries(op.pathParams.map((p) => [p, fc.oneof(fc.constantFrom('%00', '..', '%2e%2e', 'x'.repeat(300), ...pool.slice(0, 3)), fc.string({ maxLength: 12 }))])));
  const queryExamples = examples.filter((e) => e.query).map((e) => mutated(e.query!, op.query, pool).map(encodeEntries));
  const query = queryExamples.length ? fc.oneof({ weight: 2, arbitrary: queryFor(op, pool) }, { weight: 1, arbitrary: fc.oneof(...queryExamples) }) : queryFor(op, pool);
  if (op.method === 'GET') return fc.record({ query, params, ip }).map((r) => ({ ...r, shape: 'query' }));

  const bodySchema: JsonSchema = op.body ?? { type: 'object', properties: {} };
  const branches = bodySchema.oneOf?.length ? bodySchema.oneOf : [bodySchema];
  const bodyExamples = examples.filter((e) => e.body).map((e) => mutated(e.body!, branches[0], pool));
  const generated = fc.oneof(...branches.map((b) => entriesFor(b, pool)));
  const entries = bodyExamples.length ? fc.oneof({ weight: 2, arbitrary: generated }, { weight: 1, arbitrary: fc.oneof(...bodyExamples) }) : generated;
  const boundary = 'attack-boundary-7d2';
  const body = fc.oneof(
    { weight: 4, arbitrary: entries.map((e) => ({ contentType: 'application/json', body: jsonOf(e), shape: 'json' })) },
    { weight: 1, arbitrary: valueFor(bodySchema, pool).map((v) => ({ contentType: 'application/json', body: serialise(v), shape: 'json value' })) },
    { weight: 2, arbitrary: entries.map((e) => ({ contentType: 'application/x-www-form-urlencoded', body: urlencodedOf(e), shape: 'urlencoded' })) },
    { weight: 2, arbitrary: entries.map((e) => ({ contentType: `multipart/form-data; boundary=${boundary}`, body: multipartOf(e, boundary), shape: 'multipart' })) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map(([contentType, raw]) => ({ contentType, body: raw, shape: 'raw' })) },
    { weight: 1, arbitrary: entries.map((e) => ({ contentType: undefined as string | undefined, body: jsonOf(e), shape: 'no content type' })) },
  );
  return fc
    .record({ query: fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: query }), params, ip, body })
    .map(({ body: b, ...rest }) => ({ ...rest, ...b, contentType: b.contentType || undefined }));
}
