/**
 * Types of the loading statechart (machines/shared/resource.machine.ts): one
 * piece of data a screen shows, fetched from its request.
 */
import type { ApiFailure } from './api-failure';

// ---------------------------------------------------------------- Request

/** What to fetch: a path and its query. Two requests with the same key are the same request. */
export interface ResourceRequest {
  path: string;
  query?: Record<string, unknown>;
}

// ---------------------------------------------------------------- Context

export interface ResourceContext<T = unknown> {
  /** The request being shown; null when the screen asks for nothing (a closed drawer). */
  request: ResourceRequest | null;
  /** The last answer; kept while a new one loads, so the screen does not blank out. */
  data: T | null;
  error: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type ResourceEvent =
  /** The screen's request now (its filters changed, a drawer opened or closed). */
  | { type: 'REQUEST'; request: ResourceRequest | null }
  /** Fetch the same request again (the data changed on the server). */
  | { type: 'RELOAD' }
  /** Try again after a failure. */
  | { type: 'RETRY' };

// ---------------------------------------------------------------- Input

export interface ResourceInput {
  request: ResourceRequest | null;
}

// ---------------------------------------------------------------- Tags

/** busy: a request is on its way (data may still show the previous answer); loaded; failed. */
export type ResourceTag = 'busy' | 'loaded' | 'failed';
