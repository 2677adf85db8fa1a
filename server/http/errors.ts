/**
 * API errors carry a stable code (a message id of common/messages.ts) and the
 * English text. The response shape is { error_message, code, field? }, which
 * the UI's error-text priority (section 8) reads as data.error_message.
 */
import { formatMessage, type MessageId } from '../../common/messages';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageId,
    readonly values: Record<string, string | number> = {},
    readonly field?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(formatMessage(code, values));
  }

  toJSON() {
    return { error_message: this.message, code: this.code, ...(this.field ? { field: this.field } : {}), ...this.extra };
  }
}

export const badRequest = (code: MessageId, field?: string, values?: Record<string, string | number>) =>
  new ApiError(400, code, values, field);
export const unauthorized = (code: MessageId = 'token_invalid') => new ApiError(401, code);
export const forbidden = (code: MessageId = 'permission_denied') => new ApiError(403, code);
export const notFound = () => new ApiError(404, 'not_found');
