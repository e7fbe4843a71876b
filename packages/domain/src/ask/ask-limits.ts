/**
 * The bounds of one question: what is searched, what is sent to the model, what it may
 * answer. A question is GitBook's (512 characters); the rest keeps a prompt to a few
 * thousand tokens whatever the docs hold.
 */
export const ASK_LIMITS = {
  /** Pages whose text goes into the prompt, best first. */
  passages: 6,
  /** Characters of one page's text in the prompt. */
  passageChars: 2_000,
  /** Tokens the model may answer (`max_tokens`). */
  answerTokens: 800,
  /** Characters of an answer kept: the rest is not read. */
  answerChars: 8_000,
  /** New characters before the next event of a streamed answer (each event carries the answer so far). */
  eventChars: 120,
} as const;
