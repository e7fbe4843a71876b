import { open } from 'node:fs/promises';

/**
 * Makes creations, renames and deletions in `dir` durable: on Linux a new name only survives
 * a crash once its directory is fsynced. Platforms that cannot fsync a directory (Windows)
 * report EISDIR/EPERM/EINVAL and order directory updates themselves, so those are ignored.
 * (The embedded engine keeps its own copy behind its fault-injecting file system.)
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(dir, 'r');
  } catch (error) {
    if (isUnsupportedDirectorySync(error)) return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    if (!isUnsupportedDirectorySync(error)) throw error;
  } finally {
    await handle.close();
  }
}

function isUnsupportedDirectorySync(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EISDIR' || code === 'EPERM' || code === 'EINVAL';
}
