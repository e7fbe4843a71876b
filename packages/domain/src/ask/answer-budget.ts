/**
 * The ask area's second port: how many questions may reach the AI provider, per asker and per
 * organization, in a window. Each call of the provider costs its owner money and holds an
 * outbound connection for up to its timeout, and a published site's visitors ask without an
 * account (a site API token is free to mint, so its operation budget bounds nothing): what
 * anyone can make the provider do is bounded by these budgets, not by a token's. The server
 * builds it with rate-limiter-flexible, as the insights' event budgets.
 */

export interface AnswerBudgetRequest {
  /**
   * Who asks: `user:<id>` for a person (an API token or a session), `address:<client address>`
   * for everyone else (an anonymous visitor, a site API token); absent outside a request.
   */
  asker: string | undefined;
  organizationId: string;
}

export interface AnswerBudget {
  /**
   * Takes one question from the asker's budget, then from the organization's: resolves with
   * null when both had room, else with the seconds until a retry may succeed (an asker refused
   * costs the organization nothing).
   */
  take(request: AnswerBudgetRequest): Promise<number | null>;
  /**
   * Enters one of the asker's answers in flight (a question the provider is answering): a
   * release to call once the answer ends (read whole, failed or stopped; calling it again does
   * nothing), or null when the asker already has as many in flight as allowed. A request
   * without an asker always enters.
   */
  enter(request: AnswerBudgetRequest): (() => void) | null;
}

declare module '../core/context' {
  interface AreaPorts {
    /** How many questions may reach the AI provider, per asker and per organization. */
    answerBudget: AnswerBudget;
  }
}
