/**
 * Rate limits, the same on every face: each operation an authenticated caller runs costs one
 * point of their token's budget (a tRPC batch of 10 costs 10, a GraphQL document with three
 * operation fields costs 3, a REST call costs 1), and every failed authentication (no token,
 * a bad or revoked one) costs one point of the caller's address budget. An address whose
 * budget is spent is refused before its token is even looked at, which slows token guessing.
 *
 * Signing in to the web app with a password has budgets of its own: failed attempts per
 * account and per address (10 per 15 minutes each, `SIGN_IN_FAILURES`), successes not counted.
 *
 * Token and sign-in budgets live in memory with the embedded engine (one process owns its
 * data directory) and in the store itself with MongoDB (`RateLimiterMongo`, shared by every
 * server process, with a per-process memory limiter standing in while MongoDB cannot be
 * reached). Budgets of failed authentications per address are always per process, in memory.
 * The budgets every request reads in memory (a token's with the embedded engine, an
 * address's) are `MemoryBudget`s, answered without a promise.
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
import { MemoryBudget } from './memory-budget';

export interface RateLimitConfig {
  /** Operations per window per token; 0 turns the limit off. */
  operationsPerWindow: number;
  /** Failed authentications per window per address; 0 turns the limit off. */
  authFailuresPerWindow: number;
  windowSeconds: number;
  /** Failed password sign-ins per window per account and per address; default `SIGN_IN_FAILURES`. */
  signInFailures?: { perWindow: number; windowSeconds: number };
}

/** Failed password sign-ins allowed per account and per address before a wait (429). */
export const SIGN_IN_FAILURES = { perWindow: 10, windowSeconds: 15 * 60 } as const;

const SIGN_IN_REFUSALS = {
  byAddress: 'Too many failed sign-ins from this address',
  byAccount: 'Too many failed sign-ins to this account',
} as const;

/** What the `X-RateLimit-*` headers report after an operation was charged. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Unix time in seconds when the window resets. */
  resetAt: number;
}

export function limiterFor(
  store: Store,
  keyPrefix: string,
  points: number,
  duration: number,
): RateLimiterAbstract {
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

/** What charging an operation answers (see `RateLimits.chargeOperation`). */
export interface OperationCharge {
  state?: RateState;
  refusal?: DomainError;
}

export class RateLimits {
  readonly #operations: RateLimiterAbstract | MemoryBudget | undefined;
  readonly #authFailures: MemoryBudget | undefined;
  readonly #signInFailures: { byAccount: RateLimiterAbstract; byAddress: RateLimiterAbstract } | undefined;
  readonly #config: RateLimitConfig;

  constructor(store: Store, config: RateLimitConfig) {
    this.#config = config;
    if (config.operationsPerWindow > 0) {
      this.#operations =
        store.engine === 'mongodb'
          ? limiterFor(store, 'ops', config.operationsPerWindow, config.windowSeconds)
          : new MemoryBudget(config.operationsPerWindow, config.windowSeconds);
    }
    if (config.authFailuresPerWindow > 0) {
      // Checked on every request before the token: kept in memory, per process, so it costs
      // no store round trip (with N processes a guesser gets N budgets; still N per window).
      this.#authFailures = new MemoryBudget(config.authFailuresPerWindow, config.windowSeconds);
    }
    const signIn = config.signInFailures ?? SIGN_IN_FAILURES;
    if (signIn.perWindow > 0) {
      this.#signInFailures = {
        byAccount: limiterFor(store, 'signin-account', signIn.perWindow, signIn.windowSeconds),
        byAddress: limiterFor(store, 'signin-address', signIn.perWindow, signIn.windowSeconds),
      };
    }
  }

  /**
   * Charges one operation to a token: the state for the headers (undefined when limits are
   * off), and a 'rate_limited' error (429, Retry-After) when the budget was already spent.
   * Answered at once from memory; a promise with MongoDB.
   */
  chargeOperation(tokenId: string): OperationCharge | Promise<OperationCharge> {
    const limiter = this.#operations;
    if (!limiter) return {};
    if (limiter instanceof MemoryBudget) {
      const window = limiter.take(tokenId);
      return this.#operationCharge(window.consumed, window.msBeforeReset);
    }
    return this.#chargeInStore(limiter, tokenId);
  }

  #operationCharge(consumed: number, msBeforeReset: number): OperationCharge {
    const limit = this.#config.operationsPerWindow;
    const resetAt = Math.ceil((Date.now() + msBeforeReset) / 1000);
    if (consumed <= limit) return { state: { limit, remaining: limit - consumed, resetAt } };
    return {
      state: { limit, remaining: 0, resetAt },
      refusal: rateLimited(
        secondsUntil(msBeforeReset),
        `Rate limit exceeded: at most ${limit} operations per ${this.#config.windowSeconds} seconds per token`,
      ),
    };
  }

  async #chargeInStore(limiter: RateLimiterAbstract, tokenId: string): Promise<OperationCharge> {
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
  refuseBlockedAddress(address: string): void {
    const window = this.#authFailures?.peek(address);
    if (window && window.consumed >= this.#config.authFailuresPerWindow) {
      throw rateLimited(
        secondsUntil(window.msBeforeReset),
        'Too many failed authentications from this address: retry later',
      );
    }
  }

  /**
   * Takes one attempt from the sign-in budgets of the address, then of the account (a hash
   * of the email), before the password is checked, so concurrent guesses cannot all slip
   * past a check made before any of them failed: 429 (Retry-After) once either is spent,
   * whatever the password. A success gives the attempt back (`refundSignIn`): only failures
   * count.
   */
  async takeSignInAttempt(account: string, address: string): Promise<void> {
    const budgets = this.#signInFailures;
    if (!budgets) return;
    // The address first: a refused address costs the account nothing.
    const byAddress = await takeAttempt(budgets.byAddress, address, SIGN_IN_REFUSALS.byAddress);
    if (byAddress) throw byAddress;
    const byAccount = await takeAttempt(budgets.byAccount, account, SIGN_IN_REFUSALS.byAccount);
    if (byAccount) throw byAccount;
  }

  /** Gives back the attempt a successful sign-in took. */
  async refundSignIn(account: string, address: string): Promise<void> {
    const budgets = this.#signInFailures;
    if (!budgets) return;
    await Promise.all([budgets.byAddress.reward(address, 1), budgets.byAccount.reward(account, 1)]);
  }

  /** Counts a failed authentication against the address (refused from the budget's end on). */
  chargeFailedAuthentication(address: string): void {
    this.#authFailures?.take(address);
  }
}

/**
 * One attempt taken from a budget: resolves when the budget had room, or with the refusal
 * once it is spent (the attempt is still counted, as a failure would be).
 */
async function takeAttempt(limiter: RateLimiterAbstract, key: string, what: string) {
  try {
    await limiter.consume(key, 1);
    return undefined;
  } catch (spent) {
    if (!(spent instanceof RateLimiterRes)) throw spent;
    return rateLimited(secondsUntil(spent.msBeforeNext), `${what}: retry later`);
  }
}

function resetAt(res: RateLimiterRes): number {
  return Math.ceil((Date.now() + res.msBeforeNext) / 1000);
}
