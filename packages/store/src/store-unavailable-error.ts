/**
 * The store cannot take writes right now (a full disk, an I/O error of the journal, a lost
 * connection). Thrown by either engine for a write that was NOT applied: nothing of it is
 * readable. The server answers 503 with this message and `/readyz` reports the store as
 * unavailable until writes succeed again.
 */
export class StoreUnavailableError extends Error {
  override readonly name: string = 'StoreUnavailableError';
}

export const isStoreUnavailableError = (error: unknown): error is StoreUnavailableError =>
  error instanceof StoreUnavailableError;
