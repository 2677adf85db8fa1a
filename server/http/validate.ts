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
    const failure = error.failures()[0];
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

/**
 * Refuses a NUL character anywhere in a request's text: values, keys, list
 * items, uploaded files' names (not their contents). Postgres cannot store it
 * in text ("invalid byte sequence for encoding UTF8") and no field has a use
 * for it, so it is answered once here, for every route, as a 400 naming the field.
 */
export function refuseNul(value: unknown, path: string[] = []): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new ApiError(400, 'nul_character', {}, path.join('.') || undefined);
    return;
  }
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => refuseNul(item, [...path, String(i)]));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) throw new ApiError(400, 'nul_character', {}, path.join('.') || undefined);
    refuseNul(item, [...path, key]);
  }
}
