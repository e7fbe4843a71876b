/**
 * Sweeps the blob given as argument from the directory store given as argument, and stops
 * for good between the move to the trash and the age check, printing `moved`: the crash test
 * kills it there.
 */
import { DirectoryBlobStore } from '../../src/blobs';

const [root, hash] = process.argv.slice(2);
if (!root || !hash) throw new Error('usage: directory-blob-sweep-crash-worker <directory> <hash>');
const blobs = await DirectoryBlobStore.open(root, {
  pauses: {
    afterMoveToTrash: async () => {
      process.stdout.write('moved\n');
      await new Promise(() => {});
    },
  },
});
await blobs.deleteIfNotPutSince(hash, Date.now() + 1);
