/**
 * A bound on the answers this server process asks its AI provider for at once, whoever asks
 * (`QUIRE_AI_MAX_ANSWERS_IN_FLIGHT`). The budgets (`answer-budget.ts`) bound questions per
 * asker and per organization over a minute; nothing bounded them all together, and each
 * answer holds a connection to the provider for up to `QUIRE_AI_TIMEOUT_SECONDS`: the
 * visitors of many organizations' sites together could hold any number of outbound calls.
 *
 * Outcomes of `stream`:
 * - a slot is free: the provider's answer, the slot held until the answer ends, fails or its
 *   reader stops (`return`);
 * - none is free: an `AiProviderError` `busy` at once (retry after `BUSY_RETRY_AFTER_SECONDS`),
 *   the provider not called. The question's budget point is already spent by then (the budget
 *   is taken before the provider is asked): a refusal while the server is saturated.
 * A slot whose answer was never read to its end nor stopped is freed anyway once no answer
 * could still be running (`held-answer.ts`).
 */
import { AiProviderError, type AnswerPrompt, type AnswerProvider } from '@quire/domain';
import { holdAnswer } from './held-answer';

/** What a refused asker is told to wait: an answer takes seconds, so one may be over by then. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export interface AnswersInFlightLimits {
  /** Answers at once; 0: no bound. */
  maxInFlight: number;
  /** The provider's deadline for one answer (its outbound timeout). */
  answerDeadlineMs: number;
}

export function answersInFlight(provider: AnswerProvider, limits: AnswersInFlightLimits): AnswerProvider {
  if (limits.maxInFlight === 0 || !provider.configured) return provider;
  let inFlight = 0;
  return {
    configured: true,
    async *stream(prompt: AnswerPrompt, signal?: AbortSignal) {
      if (inFlight >= limits.maxInFlight)
        throw new AiProviderError(
          'busy',
          `This server is already waiting for ${limits.maxInFlight} answers from the AI provider ` +
            `(QUIRE_AI_MAX_ANSWERS_IN_FLIGHT): retry in a few seconds`,
          BUSY_RETRY_AFTER_SECONDS,
        );
      inFlight += 1;
      const giveBack = holdAnswer(limits.answerDeadlineMs, () => {
        inFlight -= 1;
      });
      try {
        yield* provider.stream(prompt, signal);
      } finally {
        giveBack();
      }
    },
  };
}
