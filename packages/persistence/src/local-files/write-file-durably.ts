/**
 * Writes `bytes` under `finalPath` so that a crash leaves the complete file or none: they go
 * to `temporaryPath` (created, never overwritten), are fsynced, renamed into place, and the
 * directory fsynced so the new name survives too. A failure removes the temporary file.
 * `modifiedAt`, when given, is set as the file's times before the fsync (the blob store dates
 * its blobs by its own clock).
 */
import { open, rename } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDirectory } from './fsync-directory';
import { unlinkIfExists } from './missing-file';

export async function writeFileDurably(
  temporaryPath: string,
  finalPath: string,
  bytes: Uint8Array,
  modifiedAt?: Date,
): Promise<void> {
  try {
    const handle = await open(temporaryPath, 'wx');
    try {
      await handle.writeFile(bytes);
      if (modifiedAt) await handle.utimes(modifiedAt, modifiedAt);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporaryPath, finalPath);
  } catch (error) {
    await unlinkIfExists(temporaryPath);
    throw error;
  }
  await fsyncDirectory(path.dirname(finalPath));
}
