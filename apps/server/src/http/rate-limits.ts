/**
 * Rate limits, the same on every face: each operation an authenticated caller runs costs one
 * point of their token's budget (a tRPC batch of 10 costs 10, a GraphQL document with three
 * operation fields costs 3, a REST call costs 1), and every failed authentication (no token,
 * a bad or revoked one) costs one point of the caller's address budget. An address whose
 * budget is spent is refused before its token is even looked at, which slows token guessing.
 *
 * Token budgets live in memory with the embedded engine (one process owns its data directory)
 * and in the store itself with MongoDB (`RateLimiterMongo`, shared by every server process,
 * with a per-process memory limiter standing in while MongoDB cannot be reached). Address
 * budgets are always per process, in memory.
 */
import { DomainError } from '@quire/domain';
import type { Store } from '@quire/store';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterMongo,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface RateLimitConfig {
  /** Operations per window per token; 0 turns the limit off. */
  operationsPerWindow: number;
  /** Failed authentications per window per address; 0 turns the limit off. */
  authFailuresPerWindow: number;
  windowSeconds: number;
}

/** What the `X-RateLimit-*` headers report after an operation was charged. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Unix time in seconds when the window resets. */
  resetAt: number;
}

function limiterFor(store: Store, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const options: IRateLimiterOptions = { keyPrefix, points, duration };
  if (store.engine !== 'mongodb') return new RateLimiterMemory(options);
  return new RateLimiterMongo({
    ...options,
    storeClient: store.db,
    tableName: 'rateLimits',
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

function rateLimited(retryAfterSeconds: number, message: string): DomainError {
  return new DomainError('rate_limited', message, { retryAfterSeconds: Math.max(1, retryAfterSeconds) });
}

const secondsUntil = (msBeforeNext: number): number => Math.ceil(msBeforeNext / 1000);

export class RateLimits {
  readonly #operations: RateLimiterAbstract | undefined;
  readonly #authFailures: RateLimiterAbstract | undefined;
  readonly #config: RateLimitConfig;

  constructor(store: Store, config: RateLimitConfig) {
    this.#config = config;
    if (config.operationsPerWindow > 0) {
      this.#operations = limiterFor(store, 'ops', config.operationsPerWindow, config.windowSeconds);
    }
    if (config.authFailuresPerWindow > 0) {
      // Checked on every request before the token: kept in memory, per process, so it costs
      // no store round trip (with N processes a guesser gets N budgets; still N per window).
      this.#authFailures = new RateLimiterMemory({
        keyPrefix: 'authfail',
        points: config.authFailuresPerWindow,
        duration: config.windowSeconds,
      });
    }
  }

  /**
   * Charges one operation to a token: the state for the headers (undefined when limits are
   * off), and a 'rate_limited' error (429, Retry-After) when the budget was already spent.
   */
  async chargeOperation(tokenId: string): Promise<{ state?: RateState; refusal?: DomainError }> {
    const limiter = this.#operations;
    if (!limiter) return {};
    const limit = this.#config.operationsPerWindow;
    try {
      const res = await limiter.consume(tokenId, 1);
      return { state: { limit, remaining: res.remainingPoints, resetAt: resetAt(res) } };
    } catch (spent) {
      if (!(spent instanceof RateLimiterRes)) throw spent;
      return {
        state: { limit, remaining: 0, resetAt: resetAt(spent) },
        refusal: rateLimited(
          secondsUntil(spent.msBeforeNext),
          `Rate limit exceeded: at most ${limit} operations per ${this.#config.windowSeconds} seconds per token`,
        ),
      };
    }
  }

  /** Refuses an address that spent its budget of failed authentications (429). */
  async refuseBlockedAddress(address: string): Promise<void> {
    const limiter = this.#authFailures;
    if (!limiter) return;
    const res = await limiter.get(address);
    if (res && res.consumedPoints >= this.#config.authFailuresPerWindow) {
      throw rateLimited(
        secondsUntil(res.msBeforeNext),
        'Too many failed authentications from this address: retry later',
      );
    }
  }

  /** Counts a failed authentication against the address. */
  async chargeFailedAuthentication(address: string): Promise<void> {
    const limiter = this.#authFailures;
    if (!limiter) return;
    // A spent budget rejects with the limiter's state: the address is refused from now on.
    await limiter.consume(address, 1).catch((refusal: unknown) => {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
    });
  }
}

function resetAt(res: RateLimiterRes): number {
  return Math.ceil((Date.now() + res.msBeforeNext) / 1000);
}
