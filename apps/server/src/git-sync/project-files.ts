/**
 * The files of a project directory that an import reads, read under its limits, each
 * object's size known BEFORE it is read (`GitObjectSizes`), so a repository bomb (many
 * entries naming one huge blob, or one blob inflating to gigabytes) is refused having read
 * nothing of it. Rule by rule:
 *
 * 1. the project directory's files (hidden ones skipped, but for `.gitbook.yaml` and
 *    `.gitbook/`) number at most `maxFiles` (`QUIRE_GIT_MAX_FILES`);
 * 2. `.gitbook.yaml` is read first (at most `maxFileBytes`): it says where the content is;
 * 3. only files under the content root are read, hidden ones but for `.gitbook/assets/` and
 *    `.gitbook/includes/*.md` (the reusable contents) skipped (the reader ignores the rest);
 * 4. a file over `maxFileBytes` (`QUIRE_FILE_MAX_BYTES`) is refused, naming it, when the
 *    import could take it (markdown, anything under `.gitbook/assets/`, a name an image
 *    has); any other file over it is skipped unread (it could only be an image in disguise,
 *    which would be refused anyway);
 * 5. the files read together hold at most `maxImportBytes` (`QUIRE_GIT_MAX_BYTES`): each
 *    ENTRY counts, so one blob named 20 times counts 20 times, since the import stores and
 *    parses each page and file it names; the blob itself is read once.
 *
 * The sizes are all checked before any blob but `.gitbook.yaml` is read. Every refusal is a
 * `GitRepositoryError('invalid-content')` naming the limit.
 */
import fs from 'node:fs';
import { GitRepositoryError, isIncludeFile } from '@quire/domain';
import git from 'isomorphic-git';
import { contentTypeOfName } from '../files/file-content-types';
import { baseName } from '../imports/read-folder-tree';
import { GitObjectSizes } from './git-object-sizes';
import type { ObjectStore, TreeEntry } from './git-trees';
import { readGitbookConfig } from './gitbook-config';
import type { RepositoryTreeFile } from './read-repository';
import { isSkipped } from './read-repository';
import { joinRepositoryPath, pathUnder } from './repository-path';

export interface ProjectFileLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxImportBytes: number;
}

const MARKDOWN = /\.(md|markdown)$/i;
const CONFIG = '.gitbook.yaml';

/**
 * The files to hand to `readRepository`: `entries` are the project directory's blobs by
 * path from it; the answer's paths are from the repository's root.
 */
export async function readProjectFiles(
  store: ObjectStore,
  entries: ReadonlyMap<string, TreeEntry>,
  directory: string,
  limits: ProjectFileLimits,
  signal?: AbortSignal,
): Promise<RepositoryTreeFile[]> {
  if (entries.size > limits.maxFiles)
    throw new GitRepositoryError(
      'invalid-content',
      `The repository holds ${entries.size} files, more than the ${limits.maxFiles} allowed (QUIRE_GIT_MAX_FILES)`,
    ); // 1.
  const sizes = new GitObjectSizes(store.gitdir);
  const read = new Map<string, Promise<Uint8Array>>();
  const bytesOf = (oid: string) => {
    let bytes = read.get(oid);
    if (!bytes) {
      bytes = git.readBlob({ fs, ...store, oid }).then(({ blob }) => blob);
      read.set(oid, bytes);
    }
    return bytes;
  };
  const sizeOf = async (path: string, oid: string) => {
    const size = await sizes.sizeOf(oid);
    if (size === undefined)
      throw new GitRepositoryError('invalid-content', `The repository is missing the object of ${path}`);
    return size;
  };
  const tooLarge = (path: string, size: number) =>
    new GitRepositoryError(
      'invalid-content',
      `${joinRepositoryPath(directory, path)} is ${size} bytes, more than the ${limits.maxFileBytes} allowed (QUIRE_FILE_MAX_BYTES)`,
    );

  const taken: [path: string, entry: TreeEntry][] = [];
  let total = 0;
  const count = (size: number) => {
    total += size;
    if (total > limits.maxImportBytes)
      throw new GitRepositoryError(
        'invalid-content',
        `The repository's files take more than the ${limits.maxImportBytes} bytes an import may read (QUIRE_GIT_MAX_BYTES)`,
      ); // 5.
  };

  const configEntry = entries.get(CONFIG);
  let root = '';
  if (configEntry) {
    const size = await sizeOf(CONFIG, configEntry.oid);
    if (size > limits.maxFileBytes) throw tooLarge(CONFIG, size);
    count(size);
    taken.push([CONFIG, configEntry]);
    root = readGitbookConfig(new TextDecoder().decode(await bytesOf(configEntry.oid))).root; // 2.
  }
  for (const [path, entry] of entries) {
    if (path === CONFIG) continue;
    const inRoot = pathUnder(root, path);
    // (`.gitbook/includes/*.md` too: the reusable contents, not pages.)
    if (inRoot === null || (isSkipped(inRoot) && !isIncludeFile(inRoot))) continue; // 3.
    const size = await sizeOf(path, entry.oid);
    if (size > limits.maxFileBytes) {
      if (couldBeContent(inRoot)) throw tooLarge(path, size);
      continue;
    } // 4.
    count(size);
    taken.push([path, entry]);
  }
  // Every size is known and within the limits: only now is anything else read.
  const files: RepositoryTreeFile[] = [];
  for (const [path, entry] of taken) {
    signal?.throwIfAborted();
    files.push({
      path: joinRepositoryPath(directory, path),
      bytes: await bytesOf(entry.oid),
      oid: entry.oid,
    });
  }
  return files;
}

/** What the import takes whatever its bytes are, or by its name. */
function couldBeContent(path: string): boolean {
  return (
    MARKDOWN.test(path) ||
    path.startsWith('.gitbook/assets/') ||
    contentTypeOfName(baseName(path)).startsWith('image/')
  );
}
