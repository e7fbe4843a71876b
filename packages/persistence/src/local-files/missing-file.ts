/** A file that is not there: for stores whose absent files are an answer, not an error. */
import { unlink } from 'node:fs/promises';

export const isNotFound = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'ENOENT';

export async function unlinkIfExists(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}
