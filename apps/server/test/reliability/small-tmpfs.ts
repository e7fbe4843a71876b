/**
 * A real, small file system that fills up: a tmpfs mounted for one test file. Mounting
 * needs root (or CAP_SYS_ADMIN); where that is refused, `mountSmallTmpfs` says why and the
 * test skips, saying so.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, open, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type SmallTmpfs =
  | { mounted: true; dir: string; unmount(): Promise<void> }
  | { mounted: false; reason: string };

export async function mountSmallTmpfs(bytes: number): Promise<SmallTmpfs> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-tmpfs-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir]);
  } catch (error) {
    await rmdir(dir).catch(() => {});
    const reason = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    return { mounted: false, reason };
  }
  return {
    mounted: true,
    dir,
    async unmount() {
      await run('umount', [dir]).catch(() => run('umount', ['-l', dir]));
      await rmdir(dir);
    },
  };
}

/**
 * Writes a file until the file system has no byte left, in ever smaller pieces, so that no
 * free page remains (a page already holding part of a file may still take a few bytes).
 */
export async function fillUp(path: string): Promise<void> {
  const file = await open(path, 'w');
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 9, 1]) {
      const chunk = Buffer.alloc(size, 0x2e);
      for (;;) {
        try {
          await file.write(chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    await file.close();
  }
}

export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
