/** Errors the durability layer raises on purpose, so callers can tell them apart from I/O errors. */
import { StoreUnavailableError } from '@quire/store';

/** A journal or snapshot holds bytes that are not a valid record and cannot be explained by a torn write. */
export class CorruptStoreError extends Error {
  override readonly name = 'CorruptStoreError';
  constructor(
    readonly path: string,
    readonly offset: number,
    reason: string,
  ) {
    super(`Corrupt data in ${path} at byte offset ${offset}: ${reason}`);
  }
}

/** A commit after the journal was closed (the store is shutting down): nothing of it was applied. */
export class JournalClosedError extends StoreUnavailableError {
  override readonly name = 'JournalClosedError';
  constructor() {
    super('storage unavailable: the store is closed');
  }
}

/** Another live process (or this one) holds the store's directory. */
export class StoreLockedError extends Error {
  override readonly name = 'StoreLockedError';
  constructor(
    readonly dir: string,
    readonly holderPid: number,
    readonly holderHostname: string,
    detail: string,
  ) {
    super(`The store directory ${dir} is locked by pid ${holderPid} on ${holderHostname}: ${detail}`);
  }
}

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== undefined && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
}
