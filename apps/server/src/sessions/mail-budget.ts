/**
 * How often one address, and one client, may make the server mail someone who has not
 * signed in (a password reset, an invite link's invitation): budgets per hour, kept in
 * memory per process, then 429 with Retry-After. The address is keyed by its hash, and the
 * client is charged first, so that a refused client costs the address nothing.
 */
import { DomainError } from '@quire/domain';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface MailBudgetLimits {
  perEmail: number;
  perClient: number;
  windowSeconds: number;
}

export class MailBudget {
  readonly #perEmail: RateLimiterMemory;
  readonly #perClient: RateLimiterMemory;

  /** `refusal`: the 429's message ("Too many password resets asked for"). */
  constructor(
    name: string,
    limits: MailBudgetLimits,
    private readonly refusal: string,
  ) {
    this.#perEmail = new RateLimiterMemory({
      keyPrefix: `${name}-email`,
      points: limits.perEmail,
      duration: limits.windowSeconds,
    });
    this.#perClient = new RateLimiterMemory({
      keyPrefix: `${name}-client`,
      points: limits.perClient,
      duration: limits.windowSeconds,
    });
  }

  /** Takes one mail from the client's budget, then from the address's (`emailHash`). */
  async take(clientAddress: string, emailHash: string): Promise<void> {
    await this.#take(this.#perClient, clientAddress);
    await this.#take(this.#perEmail, emailHash);
  }

  async #take(limiter: RateLimiterMemory, key: string): Promise<void> {
    try {
      await limiter.consume(key, 1);
    } catch (spent) {
      if (!(spent instanceof RateLimiterRes)) throw spent;
      throw new DomainError('rate_limited', `${this.refusal}: retry later`, {
        retryAfterSeconds: Math.max(1, Math.ceil(spent.msBeforeNext / 1000)),
      });
    }
  }
}
