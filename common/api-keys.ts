/**
 * API keys (section 3 "API key: key, created, expires"; section 7 "api-keys (list), api-key (generate,
 * delete)"): what the list shows, the key's recognisable prefix and the documented rate limits, shared by
 * the API, the API Keys screen and the Integration Guide.
 */
import type { UserRef } from './actors';

/**
 * Every key starts with this, so a key pasted into a ticket or pushed to a repository is recognisable
 * as one of ours (secret scanners match on it) and the API tells it from a browser session token.
 */
export const API_KEY_PREFIX = 'amlk_';

/** How many characters of a key the list shows after the key is generated: the prefix and 8 more. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

/**
 * Requests allowed per rolling minute, per key and per organisation (all its keys together), before
 * the API answers 429 with Retry-After. Browser sessions are not counted. The defaults can be changed
 * with API_RATE_PER_KEY and API_RATE_PER_ORGANISATION (docs/integrations.md).
 */
export const RATE_LIMITS = { perKeyPerMinute: 600, perOrganisationPerMinute: 1200 } as const;

export interface ApiKeyView {
  _id: string;
  name: string;
  /** The first characters of the key (API_KEY_SHOWN_LENGTH), enough to tell keys apart, never to use one. */
  prefix: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  expired: boolean;
  created_by: UserRef | null;
}

/** The answer to generating a key: the whole key, this once, and the key as the list shows it. */
export interface CreatedApiKey {
  api_key: string;
  key: ApiKeyView;
}
