/**
 * Building blocks for request schemas. A field refined with a section-5 rule
 * fails with that rule's message id, which the API turns into
 * { code, error_message } and the UI into a translated field error.
 */
import { Struct, coerce, defaulted, define, number, refine, union, type Failure } from 'superstruct';
import type { MessageId } from '../messages';
import type { Rule } from '../validation';

/**
 * The longest text each kind of request field accepts (docs/decisions.md, "Input limits").
 * Every string of every request schema is bounded: by a section-5 rule, or by one of these.
 */
export const INPUT_LIMITS = {
  /** Record ids and case references: uuids are 36 characters, references fewer. */
  id: 100,
  /** An e-mail address (RFC 5321's limit; the e-mail rule refuses longer ones too). */
  email: 254,
  /** Tokens of mailed links and sign-in challenges (a few dozen characters). */
  token: 200,
  /** A password typed to sign in or confirm: above the password rule's 128, so no existing password is cut off. */
  password: 1024,
  /** Short free text: search boxes, filters, company names, in-app paths, language tags. */
  short: 200,
  /** The raw value of a field checked by a section-5 rule: the rule sets the real limit after trimming. */
  ruled: 2000,
} as const;

/** Lists sent in one request (record ids, permission names). */
export const MAX_LIST_ITEMS = 1000;

/** The failure of a too-long text: the message id, and the limit for the answer. */
type LengthFailure = Partial<Failure> & { max_length: number };
const tooLong = (max: number): LengthFailure => ({ message: 'text_too_long', refinement: 'max_length', max_length: max });

/**
 * A string of at most max characters. Its schema carries the limit, so the
 * OpenAPI document publishes maxLength for the field (wrappers such as optional,
 * defaulted, coerce and refine keep it).
 */
export function text(max: number): Struct<string, { maxLength: number }> {
  return new Struct({
    type: 'string',
    schema: { maxLength: max },
    validator: (value) => typeof value === 'string' || `Expected a string, but received: ${typeof value}`,
    refiner: (value: string) => value.length <= max || tooLong(max),
  });
}

/** A string checked by one of the shared rules; the failure message is the rule's message id. */
export function ruled(rule: Rule, name = 'ruled', max: number = INPUT_LIMITS.ruled): Struct<string, { maxLength: number }> {
  // A missing field is checked as an empty one, so it fails with the rule's own "required" message.
  return defaulted(ruledIfPresent(rule, name, max), '');
}

/** The same check for a field that may be left out: wrap it in optional(). */
export function ruledIfPresent(rule: Rule, name = 'ruled', max: number = INPUT_LIMITS.ruled): Struct<string, { maxLength: number }> {
  // The rule speaks first, so an over-long comment reads the rule's own message; the bound catches padding the rule trims away.
  return new Struct({
    type: 'string',
    schema: { maxLength: max },
    validator: (value) => typeof value === 'string' || `Expected a string, but received: ${typeof value}`,
    *refiner(value: string) {
      const failed = rule(value);
      if (failed) yield { message: failed, refinement: name };
      else if (value.length > max) yield tooLong(max);
    },
  });
}

/** A string that must not be empty after trimming, at most max characters. */
export const requiredString = (id: MessageId = 'required', max: number = INPUT_LIMITS.id) =>
  defaulted(
    refine(text(max), 'required', (value) => (value.trim().length > 0 ? true : id)),
    '',
  );

/** A value that arrives from form data as "true"/"false"/"1"/"0" or as a boolean. */
export const formBoolean = define<boolean | 'true' | 'false' | '1' | '0'>('formBoolean', (v) =>
  typeof v === 'boolean' || v === 'true' || v === 'false' || v === '1' || v === '0',
);
export const toBoolean = (v: unknown) => v === true || v === 'true' || v === '1';

/** An uploaded file of a multipart body ({ filename, mimetype, data }); the route checks its type and size. */
export const uploadedFile = define<unknown>('file', () => true);

/**
 * superstruct's union(), with its members kept on the schema: union() hides them, and the OpenAPI document
 * (server/http/openapi.ts) needs them to publish the alternatives. Use it for every union in a schema.
 */
export const unionOf: typeof union = ((structs: Struct<any, any>[]) => Object.assign(union(structs as any), { schema: structs })) as any;

/**
 * A text field that also takes a JSON number (a day, a match score, a validity in days), read as its digits.
 * The schema says acceptsNumber (wrappers such as optional() keep a struct's schema), so the OpenAPI
 * document publishes both forms.
 */
export function textOrNumber<S extends Struct<any, any>>(struct: S): S {
  const coerced = coerce(struct, number(), (n) => String(n));
  return new Struct({ ...coerced, schema: { ...(coerced.schema ?? {}), acceptsNumber: true } }) as unknown as S;
}
