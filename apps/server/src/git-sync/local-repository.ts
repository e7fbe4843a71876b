/**
 * A local repository (a path, or a `file://` URL, where the server allows them) opened at
 * a ref: its object database read and written in place, no clone. A work tree's is its
 * `.git` folder; a bare repository is its own. A write moves the ref by compare and swap
 * (`updateLocalRef`).
 */
import fs from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GitRepositoryError } from '@quire/domain';
import git from 'isomorphic-git';
import { updateLocalRef } from './local-ref-update';
import { type OpenedRef, type RefPurpose, unknownRef } from './opened-ref';

export async function openLocalRef(
  path: string,
  candidates: readonly string[],
  purpose: RefPurpose,
): Promise<OpenedRef> {
  const repository = await localRepository(path);
  const store = { gitdir: repository.gitdir, cache: {} };
  let found: { ref: string; oid: string } | undefined;
  for (const ref of candidates) {
    const oid = await resolvedRef(store.gitdir, ref);
    if (oid !== undefined) {
      found = { ref, oid };
      break;
    }
  }
  if (found === undefined && purpose === 'read') throw unknownRef();
  const ref = found?.ref ?? (candidates[0] as string);
  const head = found?.oid;
  return {
    store,
    ref,
    head,
    publish: (commit) => updateLocalRef(repository, ref, head, commit),
    close: async () => {},
  };
}

async function localRepository(path: string): Promise<{ gitdir: string; bare: boolean }> {
  const isDirectory = async (candidate: string) =>
    (await stat(candidate).catch(() => null))?.isDirectory() ?? false;
  if (await isDirectory(join(path, '.git'))) return { gitdir: join(path, '.git'), bare: false };
  if ((await isDirectory(join(path, 'objects'))) && (await isDirectory(join(path, 'refs'))))
    return { gitdir: path, bare: true };
  throw new GitRepositoryError('not-found', 'No Git repository at this path');
}

async function resolvedRef(gitdir: string, ref: string): Promise<string | undefined> {
  try {
    return await git.resolveRef({ fs, gitdir, ref });
  } catch (error) {
    if (error instanceof git.Errors.NotFoundError) return undefined;
    throw error;
  }
}
