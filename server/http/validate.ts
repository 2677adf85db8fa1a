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
    if (!(error instanceof StructError)) throw error;
    const failure = error.failures()[0];
    const field = failure.path.join('.') || undefined;
    const code: MessageId = failure.message in MESSAGES ? (failure.message as MessageId) : failure.value === undefined ? 'required' : 'bad_request';
    const apiError = new ApiError(400, code, {}, field);
    if (code === 'bad_request' && field) {
      // Structural failures (wrong type, unknown enum value) name the field so the message stays useful.
      Object.defineProperty(apiError, 'message', { value: `${MESSAGES.bad_request} (${field})` });
    }
    throw apiError;
  }
}
