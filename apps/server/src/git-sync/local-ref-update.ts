/**
 * Moving a branch of a local repository as a push would: compare and swap. The ref is
 * locked the way Git itself locks it (`<ref>.lock`, created exclusively), read again under
 * the lock, and moved only when it still points where the write started from (nowhere, for
 * a new branch); otherwise 'rejected' and the ref is left as it is. A branch checked out in
 * a work tree is refused too, as `git push` refuses it (its files would no longer match).
 */

import fs from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GitRepositoryError } from '@quire/domain';
import git from 'isomorphic-git';

export async function updateLocalRef(
  repository: { gitdir: string; bare: boolean },
  ref: string,
  expected: string | undefined,
  next: string,
): Promise<void> {
  const { gitdir } = repository;
  if (!repository.bare && (await git.currentBranch({ fs, gitdir, fullname: true })) === ref)
    throw new GitRepositoryError('rejected', "The branch is checked out in the repository's work tree");
  const path = join(gitdir, ref);
  const lock = `${path}.lock`;
  await mkdir(dirname(path), { recursive: true });
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(lock, 'wx');
  } catch {
    throw new GitRepositoryError('rejected', 'The branch is being updated by someone else');
  }
  let moved = false;
  try {
    const current = await refValue(gitdir, ref);
    if (current !== expected) throw new GitRepositoryError('rejected', 'The branch moved since it was read');
    await handle.writeFile(`${next}\n`);
    await handle.close();
    await rename(lock, path);
    moved = true;
  } finally {
    if (!moved) {
      await handle.close().catch(() => {});
      await unlink(lock).catch(() => {});
    }
  }
}

async function refValue(gitdir: string, ref: string): Promise<string | undefined> {
  try {
    return await git.resolveRef({ fs, gitdir, ref });
  } catch (error) {
    if (error instanceof git.Errors.NotFoundError) return undefined;
    throw error;
  }
}
