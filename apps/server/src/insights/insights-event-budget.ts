/**
 * The budgets of readers' insights events (the domain's `InsightsEventBudget`): each event
 * costs one point of its client address's budget and one of its site's, in a window. With the
 * embedded engine they live in memory (one process owns the data); with MongoDB in the store
 * (`RateLimiterMongo`, shared by every server process, a per-process memory limiter standing
 * in while MongoDB cannot be reached), as the operation budgets do (`http/rate-limits.ts`).
 */
import type { EventBudgetRequest, InsightsEventBudget } from '@quire/domain';
import type { Store } from '@quire/store';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterMongo,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface InsightsEventLimits {
  /** Events per window from one client address. */
  perAddress: number;
  /** Events per window for one site, from everyone. */
  perSite: number;
  windowSeconds: number;
}

/**
 * A reader's page sends a view, a few searches and clicks a minute: 600 a minute is a busy
 * office behind one address; 30,000 a minute a site read by thousands at once, and a bound
 * on what anyone can make a site's counters and comments grow by.
 */
export const INSIGHTS_EVENT_LIMITS: InsightsEventLimits = {
  perAddress: 600,
  perSite: 30_000,
  windowSeconds: 60,
};

function limiter(store: Store, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const options: IRateLimiterOptions = { keyPrefix, points, duration };
  if (store.engine !== 'mongodb') return new RateLimiterMemory(options);
  return new RateLimiterMongo({
    ...options,
    storeClient: store.db,
    tableName: 'rateLimits',
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/** Resolves with null when the points were taken, else the seconds until the budget has room. */
async function take(budget: RateLimiterAbstract, key: string, points: number): Promise<number | null> {
  try {
    await budget.consume(key, points);
    return null;
  } catch (spent) {
    if (!(spent instanceof RateLimiterRes)) throw spent;
    return Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
  }
}

export function insightsEventBudget(
  store: Store,
  limits: InsightsEventLimits = INSIGHTS_EVENT_LIMITS,
): InsightsEventBudget {
  const byAddress = limiter(store, 'insights-address', limits.perAddress, limits.windowSeconds);
  const bySite = limiter(store, 'insights-site', limits.perSite, limits.windowSeconds);
  return {
    async take({ address, siteId, events }: EventBudgetRequest) {
      if (address !== undefined) {
        const wait = await take(byAddress, address, events);
        if (wait !== null) return wait;
      }
      return take(bySite, siteId, events);
    },
  };
}
