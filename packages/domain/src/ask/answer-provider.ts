/**
 * The port of the model that answers questions from the docs (`ask`): an OpenAI-compatible
 * chat model, as the server is configured, whose answer arrives in parts as it is written.
 * The domain hands it the prompt it built (the passages the asker may read, the question)
 * and never anything else; the adapter keeps the key and the outbound rules.
 */

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
   * `return()`) stops reading the provider's answer; so does `signal` (the asker went away),
   * at once, even while the provider is silent: the iteration ends and the provider's request
   * is abandoned. Failures are `AiProviderError`s.
   */
  stream(prompt: AnswerPrompt, signal?: AbortSignal): AsyncIterable<string>;
}

declare module '../core/context' {
  interface AreaPorts {
    /** The chat model answering questions from the docs, as the server is configured. */
    answerProvider: AnswerProvider;
  }
}
