/**
 * Puts distinct blobs into the directory store given as argument, four at a time, for ever,
 * printing `put <hash>` once each put has resolved; the crash test kills it mid-write.
 */
import { randomBytes } from 'node:crypto';
import { DirectoryBlobStore } from '../../src/blobs';

const root = process.argv[2];
if (!root) throw new Error('usage: directory-blob-store-crash-worker <directory>');
const blobs = await DirectoryBlobStore.open(root);

async function putForEver(): Promise<never> {
  for (;;) {
    const { hash } = await blobs.put(randomBytes(256 * 1024));
    process.stdout.write(`put ${hash}\n`);
  }
}

await Promise.all([putForEver(), putForEver(), putForEver(), putForEver()]);
