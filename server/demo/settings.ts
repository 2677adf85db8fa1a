/**
 * The demo's two settings, read from the environment when used (README, "Configuration"), so a test or an
 * operator changes them without a new build: the searches each demo visitor may make in a UTC day, and
 * where requests for a full account are e-mailed.
 */

/** DEMO_DAILY_SEARCHES: searches per demo visitor per UTC day (default 10; 0 closes demo searching). */
export function demoDailySearches(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DEMO_DAILY_SEARCHES;
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 10;
}

/** DEMO_REQUEST_EMAIL: the provider's address that receives "Request full account" (default sales@localhost). */
export function demoRequestEmail(env: NodeJS.ProcessEnv = process.env): string {
  return env.DEMO_REQUEST_EMAIL?.trim() || 'sales@localhost';
}

/** Requests for a full account one visitor may send in an hour; more answer 429. */
export const DEMO_REQUESTS_PER_HOUR = 3;

/** How many of the visitor's own recent searches the search page lists. */
export const DEMO_RECENT_SEARCHES = 10;
