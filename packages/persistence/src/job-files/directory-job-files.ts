/**
 * Job files as files of one folder (`<QUIRE_DATA_DIR>/job-files`), named by their key: the
 * bytes go to a temporary file, are fsynced and renamed, so a key names complete bytes or
 * nothing. Keys are checked against `JOB_FILE_KEY_PATTERN` before any path is made of them.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { JOB_FILE_KEY_PATTERN, type JobFiles } from '@quire/domain';
import { isNotFound, unlinkIfExists } from '../local-files/missing-file';
import { writeFileDurably } from '../local-files/write-file-durably';

const TEMPORARY_PREFIX = '.tmp-';

export class DirectoryJobFiles implements JobFiles {
  private constructor(private readonly root: string) {}

  static async open(directory: string): Promise<DirectoryJobFiles> {
    const root = path.resolve(directory);
    await mkdir(root, { recursive: true });
    return new DirectoryJobFiles(root);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const finalPath = this.pathOf(key);
    await writeFileDurably(path.join(this.root, TEMPORARY_PREFIX + randomUUID()), finalPath, bytes);
  }

  async read(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pathOf(key)));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await unlinkIfExists(this.pathOf(key));
  }

  private pathOf(key: string): string {
    if (!JOB_FILE_KEY_PATTERN.test(key)) throw new Error('DirectoryJobFiles: a key must be an id');
    return path.join(this.root, key);
  }
}
