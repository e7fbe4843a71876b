/**
 * The budgets of questions sent to the AI provider (the domain's `AnswerBudget`): each
 * question the provider is asked costs one point of its asker's budget and one of its
 * organization's, in a window. With the embedded engine they live in memory (one process owns
 * the data); with MongoDB in the store (`RateLimiterMongo`, shared by every server process),
 * as the operation budgets do (`http/rate-limits.ts`).
 */
import type { AnswerBudget, AnswerBudgetRequest } from '@quire/domain';
import type { Store } from '@quire/store';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { limiterFor } from '../http/rate-limits';
import { holdAnswer } from './held-answer';

export interface AnswerLimits {
  /** Questions per window from one asker (a person, or a visitor's address). */
  perAsker: number;
  /**
   * Answers one asker may have in flight at once (0: no bound), in this process: without it one
   * address could hold the server's answers in flight (`answers-in-flight.ts`) alone.
   */
  inFlightPerAsker?: number;
  /** How long one answer may take (the provider's deadline): an entry not released is taken back after it. */
  answerDeadlineMs?: number;
  /** Questions per window for one organization, from everyone (its sites' visitors included). */
  perOrganization: number;
  windowSeconds: number;
}

/**
 * A person reads an answer before asking again: 20 questions a minute is a fast reader, or an
 * office of visitors behind one address; 300 a minute an organization's docs asked by many at
 * once, and a bound on what anyone can make the provider answer (and its owner pay for).
 */
export const ANSWER_LIMITS: AnswerLimits = {
  perAsker: 20,
  perOrganization: 300,
  windowSeconds: 60,
  inFlightPerAsker: 4,
  answerDeadlineMs: 60_000,
};
// (`QUIRE_AI_QUESTIONS_PER_ASKER`, `QUIRE_AI_QUESTIONS_PER_ORGANIZATION`: the configuration's defaults.)

/** Resolves with null when the point was taken, else the seconds until the budget has room. */
async function take(budget: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await budget.consume(key, 1);
    return null;
  } catch (spent) {
    if (!(spent instanceof RateLimiterRes)) throw spent;
    return Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
  }
}

/** A budget of `points` a window (0: none, every question passes). */
const budgetOf = (store: Store, keyPrefix: string, points: number, windowSeconds: number) =>
  points === 0 ? undefined : limiterFor(store, keyPrefix, points, windowSeconds);

/**
 * Each asker's answers in flight, counted in this process; an entry is released once
 * (`held-answer.ts`: by its answer's end, or past the provider's deadline).
 */
function answersInFlightByAsker(limit: number, deadlineMs: number): AnswerBudget['enter'] {
  const inFlight = new Map<string, number>();
  return ({ asker }) => {
    if (asker === undefined || limit === 0) return () => {};
    const now = inFlight.get(asker) ?? 0;
    if (now >= limit) return null;
    inFlight.set(asker, now + 1);
    return holdAnswer(deadlineMs, () => {
      const left = (inFlight.get(asker) ?? 1) - 1;
      if (left === 0) inFlight.delete(asker);
      else inFlight.set(asker, left);
    });
  };
}

export function answerBudget(store: Store, limits: AnswerLimits = ANSWER_LIMITS): AnswerBudget {
  const byAsker = budgetOf(store, 'ask-asker', limits.perAsker, limits.windowSeconds);
  const byOrganization = budgetOf(store, 'ask-organization', limits.perOrganization, limits.windowSeconds);
  const enter = answersInFlightByAsker(
    limits.inFlightPerAsker ?? ANSWER_LIMITS.inFlightPerAsker ?? 0,
    limits.answerDeadlineMs ?? ANSWER_LIMITS.answerDeadlineMs ?? 60_000,
  );
  return {
    enter,
    async take({ asker, organizationId }: AnswerBudgetRequest) {
      if (asker !== undefined && byAsker !== undefined) {
        const wait = await take(byAsker, asker);
        if (wait !== null) return wait;
      }
      return byOrganization === undefined ? null : take(byOrganization, organizationId);
    },
  };
}
