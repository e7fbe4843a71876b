import { conflict } from '@quire/domain';
import { isDuplicateKeyError } from '@quire/store';

/**
 * Runs a write and translates the store's duplicate-key error (code 11000, on either
 * engine) into a domain Conflict with a message the caller can act on.
 */
export async function translateDuplicateKey<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateKeyError(error)) throw conflict(message);
    throw error;
  }
}
