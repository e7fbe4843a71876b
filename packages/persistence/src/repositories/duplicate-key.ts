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

/**
 * Runs an insert and answers whether it took place: false when the key is already taken (the
 * store's duplicate-key error), which is how a claim or a first write loses a race.
 */
export async function insertedUnlessTaken(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}
