/**
 * The failure of an outbound AI provider: the machine-translation service of a space's
 * translations or the chat model answering questions from the docs. One error for both, in
 * the core, because both areas call the same kind of third party (an OpenAI-compatible or
 * LibreTranslate-compatible API through the outbound-fetch module) and fail the same ways.
 *
 * Why a provider failed:
 * - `not-configured`: no provider is configured on this server;
 * - `unreachable`: the provider could not be reached (network, refused address);
 * - `timeout`: it did not answer in time;
 * - `refused`: it answered with an error status (bad key, unknown language, overloaded);
 * - `bad-answer`: it answered something that is not what was asked for;
 * - `busy`: this server already has as many calls to the provider in flight as it allows
 *   (the provider was not called; `retryAfterSeconds` says when to try again).
 */
export const AI_PROVIDER_FAILURES = [
  'not-configured',
  'unreachable',
  'timeout',
  'refused',
  'bad-answer',
  'busy',
] as const;
export type AiProviderFailure = (typeof AI_PROVIDER_FAILURES)[number];

/**
 * A provider that failed. The message is safe to show (to a translation's owner, on a stored
 * run, to an asker): it names the failure, never the provider's key, address or network internals.
 */
export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  constructor(
    readonly kind: AiProviderFailure,
    message: string,
    /** For a failure that passes by itself (`busy`): the seconds after which to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
