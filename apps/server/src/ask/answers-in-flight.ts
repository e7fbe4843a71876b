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
 * A slot whose answer was never read to its end nor stopped (a reader that let go of the
 * answer without `return`) is freed anyway once no answer could still be running: the
 * provider's own deadline, plus a margin. So a leak can shrink the bound for a minute at most,
 * never for good.
 */
import { AiProviderError, type AnswerPrompt, type AnswerProvider } from '@quire/domain';

/** What a refused asker is told to wait: an answer takes seconds, so one may be over by then. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
/** Past the provider's deadline, how long before a slot not given back is taken back. */
const RECLAIM_MARGIN_MS = 5_000;

export interface AnswersInFlightLimits {
  /** Answers at once; 0: no bound. */
  maxInFlight: number;
  /** The provider's deadline for one answer (its outbound timeout). */
  answerDeadlineMs: number;
}

export function answersInFlight(provider: AnswerProvider, limits: AnswersInFlightLimits): AnswerProvider {
  if (limits.maxInFlight === 0 || !provider.configured) return provider;
  let inFlight = 0;
  /** A slot, given back once whichever comes first: the answer's end, or the reclaim timer. */
  const takeSlot = (): (() => void) => {
    inFlight += 1;
    let held = true;
    const giveBack = () => {
      if (!held) return;
      held = false;
      inFlight -= 1;
      clearTimeout(reclaim);
    };
    const reclaim = setTimeout(giveBack, limits.answerDeadlineMs + RECLAIM_MARGIN_MS);
    reclaim.unref();
    return giveBack;
  };
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
      const giveBack = takeSlot();
      try {
        yield* provider.stream(prompt, signal);
      } finally {
        giveBack();
      }
    },
  };
}
