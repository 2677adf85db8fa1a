/**
 * The rate limits of API keys (docs/integrations.md): requests per rolling minute per key and per
 * organisation (all its keys together), from the configuration. A call over either limit answers 429
 * 'rate_limited' with Retry-After; every answer to a key carries RateLimit-Limit, RateLimit-Remaining
 * and RateLimit-Reset for the tighter of the two. Browser sessions are not limited here: sign-in has its
 * own throttling, and an analyst clicking through cases must never meet a 429.
 *
 * The counters live in the process (rate-limiter-flexible's memory store). Several API processes behind
 * a load balancer each count on their own, so together they allow up to that many times the limit; a
 * shared store (Redis or Postgres, both supported by the same library) is the change to make then.
 */
import type { FastifyReply } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthContext } from '../auth/sessions';
import type { Config } from '../config';
import { ApiError } from './errors';

const WINDOW_SECONDS = 60;

export class ApiKeyRateLimits {
  private readonly perKey: RateLimiterMemory;
  private readonly perOrganisation: RateLimiterMemory;

  constructor(private readonly limits: Config['apiRateLimits']) {
    this.perKey = new RateLimiterMemory({ points: limits.perKeyPerMinute, duration: WINDOW_SECONDS, keyPrefix: 'key' });
    this.perOrganisation = new RateLimiterMemory({ points: limits.perOrganisationPerMinute, duration: WINDOW_SECONDS, keyPrefix: 'org' });
  }

  /**
   * Counts one call of the key, then of its organisation; over a limit, sets Retry-After and throws the
   * 429. A call the key's own limit refuses is not counted against the organisation, and one the
   * organisation refuses is given back to the key, so only calls that are answered are counted.
   */
  async consume(auth: AuthContext, reply: FastifyReply): Promise<void> {
    if (!auth.apiKey) return;
    const key = await this.take(this.perKey, auth.apiKey.id);
    if (!key.allowed) return this.refuse(reply, key.result, this.limits.perKeyPerMinute, 'api_key');
    const organisation = await this.take(this.perOrganisation, auth.organisation.id);
    if (!organisation.allowed) {
      await this.perKey.reward(auth.apiKey.id, 1);
      return this.refuse(reply, organisation.result, this.limits.perOrganisationPerMinute, 'organisation');
    }
    // The headers describe the tighter of the two limits: the one with fewer calls left.
    const keyTighter = key.result.remainingPoints <= organisation.result.remainingPoints;
    this.describe(reply, keyTighter ? key.result : organisation.result, keyTighter ? this.limits.perKeyPerMinute : this.limits.perOrganisationPerMinute);
  }

  /** One point of a limiter; a refusal is an answer, any other failure of the store is thrown as it is. */
  private async take(limiter: RateLimiterMemory, id: string): Promise<{ allowed: boolean; result: RateLimiterRes }> {
    try {
      return { allowed: true, result: await limiter.consume(id) };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { allowed: false, result: refusal };
      throw refusal;
    }
  }

  private describe(reply: FastifyReply, result: RateLimiterRes, limit: number) {
    reply.header('ratelimit-limit', limit);
    reply.header('ratelimit-remaining', Math.max(0, result.remainingPoints));
    reply.header('ratelimit-reset', Math.max(1, Math.ceil(result.msBeforeNext / 1000)));
  }

  private refuse(reply: FastifyReply, result: RateLimiterRes, limit: number, which: 'api_key' | 'organisation'): never {
    this.describe(reply, result, limit);
    const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    reply.header('retry-after', seconds);
    throw new ApiError(429, 'rate_limited', { seconds }, undefined, { retry_after: seconds, limit: which });
  }
}

const limitsOf = new WeakMap<object, ApiKeyRateLimits>();

/** One set of counters per application (its deps), made on first use. */
export function apiKeyRateLimits(owner: object, config: Config): ApiKeyRateLimits {
  let limits = limitsOf.get(owner);
  if (!limits) limitsOf.set(owner, (limits = new ApiKeyRateLimits(config.apiRateLimits)));
  return limits;
}
