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

/**
 * The bounds of a site's recommended questions: how many are kept, how long each may be, and
 * how much of the model's answer is read to find them (the rest is not read).
 */
export const QUESTION_LIMITS = {
  /** Questions kept per site version. */
  questions: 5,
  /** Characters of one question: a longer line is not a question a reader clicks. */
  questionChars: 160,
  /** Tokens the model may answer (`max_tokens`). */
  answerTokens: 300,
  /** Characters of the model's answer read. */
  answerChars: 4_000,
  /** Pages of one site space offered as passages (the passages are `ASK_LIMITS.passages`, spread across spaces). */
  pagesPerSpace: 6,
} as const;
