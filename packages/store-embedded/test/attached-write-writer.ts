/**
 * Child process of `attached-write-crash.test.ts`: `attached-write-writer.ts <dir> <run>`.
 * Waits for `go` on stdin, opens the embedded store on `dir`, prints `ready`, then 4 loops
 * make changes as fast as they can, each as an audited operation makes one: a lock (passed
 * over), an insert, an update, the lock released, inside `withAttachedWrite` with an event
 * naming the change. Each change acknowledged is printed `a <id>`. The parent SIGKILLs it.
 */
import { createInterface } from 'node:readline';
import { openEmbeddedStore } from '../src';

const [dir, runArg] = process.argv.slice(2);
if (dir === undefined || runArg === undefined) throw new Error('usage: attached-write-writer.ts <dir> <run>');
const go = await new Promise<boolean>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line === 'go') {
      resolve(true);
      lines.close();
    }
  });
  lines.on('close', () => resolve(false));
});
if (!go) process.exit(0);

const store = await openEmbeddedStore(dir, { compactAfterBytes: 64 * 1024 });
const withAttachedWrite = store.withAttachedWrite!;
const locks = store.db.collection<{ _id: string }>('locks');
const changes = store.db.collection<{ _id: string; step: number; padding: string }>('changes');
const passOver = new Set(['locks']);
const padding = 'p'.repeat(500);
process.stdout.write('ready\n');

await Promise.all(
  [0, 1, 2, 3].map(async (loop) => {
    for (let n = 0; ; n++) {
      const id = `${runArg}-${loop}-${n}`;
      await withAttachedWrite(
        () => ({ collection: 'events', document: { _id: `e-${id}`, change: id } }),
        async () => {
          await locks.insertOne({ _id: `l-${id}` });
          await changes.insertOne({ _id: id, step: 1, padding });
          await changes.updateOne({ _id: id }, { $set: { step: 2 } });
          await locks.deleteOne({ _id: `l-${id}` });
        },
        { passOver },
      );
      process.stdout.write(`a ${id}\n`);
    }
  }),
);
