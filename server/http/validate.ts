/**
 * Parses a request part with a shared superstruct schema. The first failure
 * becomes a 400 whose code is the failed rule's message id, so the browser
 * shows the same text its own form validation would have shown.
 */
import { StructError, create, type Struct } from 'superstruct';
import { MESSAGES, type MessageId } from '../../common/messages';
import { ApiError } from './errors';

export function parseInput<T>(struct: Struct<T, any>, value: unknown): T {
  try {
    return create(value ?? {}, struct);
  } catch (error) {
    // Validation is a pure function of the request, so whatever it cannot digest is the request's fault: superstruct
    // itself throws a TypeError when it describes a value whose own toString is not a function ({"toString": 1}).
    if (!(error instanceof StructError)) throw new ApiError(400, 'bad_request');
    let failure: ReturnType<StructError['failures']>[number];
    try {
      failure = error.failures()[0];
    } catch {
      // failures() describes the value again, and fails on the same values as above ({"toString": 1} deep in a list).
      throw new ApiError(400, 'bad_request', {}, error.path.join('.') || undefined);
    }
    const field = failure.path.join('.') || undefined;
    const code: MessageId = failure.message in MESSAGES ? (failure.message as MessageId) : failure.value === undefined ? 'required' : 'bad_request';
    // A too-long text names its limit beside the message (common/schemas/core.ts text()).
    const maxLength = (failure as { max_length?: unknown }).max_length;
    const extra = typeof maxLength === 'number' ? { max_length: maxLength } : {};
    const apiError = new ApiError(400, code, {}, field, extra);
    if (code === 'bad_request' && field) {
      // Structural failures (wrong type, unknown enum value) name the field so the message stays useful.
      Object.defineProperty(apiError, 'message', { value: `${MESSAGES.bad_request} (${field})` });
    }
    throw apiError;
  }
}

/** Half of a UTF-16 surrogate pair without its other half: no character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The message for text Postgres cannot store, or null. */
function unstorable(text: string): MessageId | null {
  if (text.includes('\u0000')) return 'nul_character';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return null;
}

/**
 * Refuses text Postgres cannot store anywhere in a request: values, keys, list items, uploaded files'
 * names (not their contents). A NUL character fails in text ("invalid byte sequence for encoding UTF8");
 * half of a surrogate pair (JSON allows "\ud800" alone) fails in jsonb, where history and audit details
 * keep what a user typed, and is no character in any language. No field has a use for either, so they
 * are answered once here, for every route, as a 400 naming the field.
 */
export function refuseNul(value: unknown, path: string[] = []): void {
  if (typeof value === 'string') {
    const problem = unstorable(value);
    if (problem) throw new ApiError(400, problem, {}, path.join('.') || undefined);
    return;
  }
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => refuseNul(item, [...path, String(i)]));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = unstorable(key);
    if (problem) throw new ApiError(400, problem, {}, path.join('.') || undefined);
    refuseNul(item, [...path, key]);
  }
}
