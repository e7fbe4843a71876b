/**
 * The port of the model that answers questions from the docs (`ask`): an OpenAI-compatible
 * chat model, as the server is configured, whose answer arrives in parts as it is written.
 * The domain hands it the prompt it built (the passages the asker may read, the question)
 * and never anything else; the adapter keeps the key and the outbound rules.
 */

export const ANSWER_PROVIDER_FAILURES = [
  'not-configured',
  'unreachable',
  'timeout',
  'refused',
  'bad-answer',
] as const;
export type AnswerProviderFailure = (typeof ANSWER_PROVIDER_FAILURES)[number];

/**
 * A provider that failed. The message is safe to show to the asker: it names the failure,
 * never the provider's key, address or network internals.
 */
export class AnswerProviderError extends Error {
  override readonly name = 'AnswerProviderError';
  constructor(
    readonly kind: AnswerProviderFailure,
    message: string,
  ) {
    super(message);
  }
}

/** What the model is sent: its instructions, the user's message (passages and question), and a bound on its answer. */
export interface AnswerPrompt {
  system: string;
  user: string;
  maxTokens: number;
}

export interface AnswerProvider {
  /** False on a server without a provider: asking then says so before anything is searched. */
  readonly configured: boolean;
  /**
   * The answer's text in parts, as the model writes it. Ending the iteration early (a
   * `return()`) stops reading the provider's answer. Failures are `AnswerProviderError`s.
   */
  stream(prompt: AnswerPrompt): AsyncIterable<string>;
}

declare module '../core/context' {
  interface AreaPorts {
    /** The chat model answering questions from the docs, as the server is configured. */
    answerProvider: AnswerProvider;
  }
}
