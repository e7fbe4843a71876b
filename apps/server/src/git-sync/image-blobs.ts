/**
 * Whether a repository file outside `.gitbook/assets/`, not markdown, is an image, which an
 * import reads as a file and so an export replaces (`isFile`): by its name first, else by its
 * bytes. Why not simply read each file: a tree may name one blob thousands of times, and an
 * export (unlike an import, `readProjectFiles`) had no total, so 100 entries naming one
 * 20 MB blob inflated it 100 times (a minute); at the defaults, days. Here a blob is read at
 * most once, and never when it is over `maxFileBytes` (`QUIRE_FILE_MAX_BYTES`): an import
 * skips such a file unread unless its name says image (rule 4 of `project-files.ts`), so it
 * is no content of the space's and the export keeps it.
 */
import fs from 'node:fs';
import git from 'isomorphic-git';
import { contentTypeOfName } from '../files/file-content-types';
import { baseName } from '../imports/read-folder-tree';
import type { GitObjectSizes } from './git-object-sizes';
import type { ObjectStore } from './git-trees';
import { isFile } from './read-repository';

export class ImageBlobs {
  /** Whether each blob read holds an image (the name being no image's). */
  readonly #byBytes = new Map<string, Promise<boolean>>();

  constructor(
    private readonly store: ObjectStore,
    private readonly sizes: GitObjectSizes,
    private readonly maxFileBytes: number,
  ) {}

  /** Whether the file at `path` (from the content root), blob `oid`, is an image an import reads. */
  isImage(path: string, oid: string): Promise<boolean> {
    if (contentTypeOfName(baseName(path)).startsWith('image/')) return Promise.resolve(true);
    let known = this.#byBytes.get(oid);
    if (known === undefined) {
      known = this.#holdsImage(path, oid);
      this.#byBytes.set(oid, known);
    }
    return known;
  }

  /** With a name that says nothing of an image, only the bytes decide: the same for every path. */
  async #holdsImage(path: string, oid: string): Promise<boolean> {
    const size = await this.sizes.sizeOf(oid);
    if (size === undefined || size > this.maxFileBytes) return false;
    const { blob } = await git.readBlob({ fs, ...this.store, oid });
    return isFile({ path, bytes: blob });
  }
}
