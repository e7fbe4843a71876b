import { isMongoUnavailableError } from './mongodb/driver-unavailable';

/**
 * The store cannot take requests right now (a full disk, an I/O error of the journal, a lost
 * connection, a MongoDB deployment without a primary). The server answers 503 with
 * `Retry-After` and this message, and `/readyz` reports the store as unavailable until it
 * answers again. On the embedded engine a refused write was NOT applied: nothing of it is
 * readable. On MongoDB a write cut off by an outage may have been applied or not (the
 * driver's retryable writes settle most of those before Quire sees an error), as after any
 * answer lost on the network.
 */
export class StoreUnavailableError extends Error {
  override readonly name: string = 'StoreUnavailableError';
}

export const isStoreUnavailableError = (error: unknown): error is StoreUnavailableError =>
  error instanceof StoreUnavailableError;

/**
 * The outage an error stands for, from either engine: the embedded engine's own error as it
 * is, the MongoDB driver's connection and server-selection errors as one whose message names
 * no host (a face shows it).
 */
export function storeUnavailableOf(error: unknown): StoreUnavailableError | undefined {
  if (error instanceof StoreUnavailableError) return error;
  if (isMongoUnavailableError(error))
    return new StoreUnavailableError(
      'storage unavailable: the database cannot be reached or has no primary',
      {
        cause: error,
      },
    );
  return undefined;
}

/** How long a client is asked to wait before retrying a request the store refused (`Retry-After`). */
export const STORE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
