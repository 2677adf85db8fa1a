/**
 * The API client. Adds the bearer token, turns every failure into an
 * ApiFailure { status, message, code } (message chosen by section 8's
 * priority), reports offline as 'Please check your internet connection.',
 * and tells the session about a 401 on any call except login and refresh.
 */
import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { MESSAGES } from '@common/messages';
import type { ApiFailure } from '@machines/shared/api-failure';
import { pickErrorText } from './errors';

/** Calls whose 401 is an answer about credentials, not about the session. */
const SESSION_NEUTRAL = ['/login', '/refresh'];

interface ApiHooks {
  getToken: () => string | null;
  onUnauthorized: (message: string) => void;
  onOffline: () => void;
}

let hooks: ApiHooks = { getToken: () => null, onUnauthorized: () => {}, onOffline: () => {} };

export function configureApi(next: Partial<ApiHooks>) {
  hooks = { ...hooks, ...next };
}

export class ApiError extends Error implements ApiFailure {
  constructor(
    readonly status: number | null,
    message: string,
    readonly code?: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The session's bearer token, for requests the client cannot make (an upload that reports its progress needs XMLHttpRequest). */
export const currentToken = () => hooks.getToken();

/** Tells the session about a 401 from such a request, as apiCall does. */
export const reportUnauthorized = (message: string) => hooks.onUnauthorized(message);

const client = ofetch.create({ baseURL: '/api', retry: 0 });

export async function apiCall<T>(path: string, options: FetchOptions<'json'> & { token?: string | null } = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : hooks.getToken();
  const headers = new Headers(options.headers as HeadersInit | undefined);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return (await client<T>(path, { ...options, headers } as FetchOptions<'json'>)) as T;
  } catch (error) {
    if (error instanceof FetchError && error.response) {
      const failure = new ApiError(error.response.status, pickErrorText(error), error.data?.code, error.data);
      if (failure.status === 401 && !SESSION_NEUTRAL.includes(path)) hooks.onUnauthorized(failure.message);
      throw failure;
    }
    hooks.onOffline();
    throw new ApiError(null, MESSAGES.offline, 'offline');
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, unknown>) => apiCall<T>(path, { method: 'GET', query }),
  post: <T>(path: string, body?: Record<string, unknown> | FormData) => apiCall<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: Record<string, unknown>) => apiCall<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string, body?: Record<string, unknown>) => apiCall<T>(path, { method: 'DELETE', body }),
};

/** Downloads a file answer as a blob and hands it to the browser's save (section 7). */
export async function downloadFile(path: string, query: Record<string, unknown>, fallbackName: string) {
  const token = hooks.getToken();
  const response = await client.raw(path, { method: 'GET', query, responseType: 'blob', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(response._data as Blob, name);
}

/** Hands a blob to the browser's save as fileName (a download, or a file the browser built itself). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
