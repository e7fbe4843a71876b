/** Why an outbound fetch failed, as a caller may tell its own client. */
export type OutboundFetchFailure =
  | 'bad-url'
  | 'private-address'
  | 'unreachable'
  | 'timeout'
  | 'too-large'
  | 'bad-status';

/**
 * An outbound fetch that failed. Its message is safe to show to whoever gave the URL: it
 * names the kind of failure and the limit, never the address resolved, the URL's
 * credentials, or the network error underneath (no cause is attached, so nothing internal
 * reaches a log line or a response through it).
 */
export class OutboundFetchError extends Error {
  override readonly name = 'OutboundFetchError';
  constructor(
    readonly reason: OutboundFetchFailure,
    message: string,
  ) {
    super(message);
  }
}
