/**
 * Section 8: the text of an error toast is data.error_message.error_message,
 * else data.error_message, else the error's message, else the error itself.
 */
export function pickErrorText(error: unknown): string {
  const data = (error as { data?: any } | null)?.data;
  const nested = data?.error_message?.error_message;
  if (typeof nested === 'string' && nested) return nested;
  if (typeof data?.error_message === 'string' && data.error_message) return data.error_message;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) return message;
  return String(error);
}
