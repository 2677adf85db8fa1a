/**
 * What a statechart keeps of a failed call. The API client raises an ApiError
 * (status, message chosen by section 8's priority, code); anything else thrown
 * (a network error, a string) is kept as its text with no status.
 */
/** What the API client raises: the HTTP status and the message chosen by section 8's priority. */
export interface ApiFailure {
  status: number | null;
  message: string;
  code?: string;
}

export function toApiFailure(error: unknown): ApiFailure {
  const raised = error as Partial<ApiFailure> | null | undefined;
  return {
    status: raised?.status ?? null,
    message: raised?.message != null ? String(raised.message) : String(error),
    code: raised?.code,
  };
}

/** The same, as the flat error and errorCode that form-like machines keep (submit, dialog, review, monitoring, create-case). */
export function failureFields(error: unknown): { error: string; errorCode: string | null } {
  const failure = toApiFailure(error);
  return { error: failure.message, errorCode: failure.code ?? null };
}

/** The same, as the message and code a provided notifyFailure action is given for its snack bar. */
export function failureNotice(error: unknown): { message: string; code: string | null } {
  const failure = toApiFailure(error);
  return { message: failure.message, code: failure.code ?? null };
}

/** The field a 4xx answer names (e.g. a taken name), so the view can show the message under it. */
export const failureField = (error: unknown): string | null => (error as { data?: { field?: string } } | null)?.data?.field ?? null;

/** The values an error's message needs, carried next to it in the answer (a 429's minutes to wait). */
export function failureValues(error: unknown): Record<string, number> | null {
  const minutes = (error as { data?: { minutes?: unknown } } | null | undefined)?.data?.minutes;
  return typeof minutes === 'number' && Number.isFinite(minutes) ? { minutes } : null;
}
