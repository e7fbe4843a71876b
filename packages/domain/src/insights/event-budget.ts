/**
 * The insights area's port: how many events readers may send, per client address and per
 * site, in a window. Events come from anyone without an account, so what they may write is
 * bounded by these budgets rather than by a token's. The server builds it with
 * rate-limiter-flexible (in memory with the embedded engine, in the store with MongoDB).
 */

export interface EventBudgetRequest {
  /** The client's address; absent outside a request (a command, a test of the domain). */
  address: string | undefined;
  siteId: string;
  /** Events the request sends: each costs one point of both budgets. */
  events: number;
}

export interface InsightsEventBudget {
  /**
   * Takes the events from the address's budget, then from the site's: resolves with null when
   * both had room, else with the seconds until a retry may succeed (the address refused costs
   * the site nothing).
   */
  take(request: EventBudgetRequest): Promise<number | null>;
}

declare module '../core/context' {
  interface AreaPorts {
    insightsEventBudget: InsightsEventBudget;
  }
}
