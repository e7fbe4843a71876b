/**
 * Child process of `crash.test.ts`: `crash-writer.ts <dir> <run> <writers> <compactAfterBytes>`.
 *
 * Loads its modules, then waits for a `go` line on stdin, so the parent can start it ahead of
 * time and hand it the directory only once the previous writer is dead and checked. It then
 * opens the full embedded store (durability + engine) on `dir` and prints `ready`. Then, as
 * fast as it can:
 * - `writers` loops insert small documents and print `i <_id>` once `insertOne` resolved;
 * - two churn loops keep rewriting a few large documents (so the journal grows fast while the
 *   snapshot stays small, and compactions come often) and print `u <key> <v>` once acknowledged;
 * - a poller prints `compacting <generation>` when the journal rotates, i.e. while a snapshot
 *   is being written, so the parent can aim a kill at a compaction.
 * The parent SIGKILLs it; everything printed must survive. Stdout to a pipe is synchronous on
 * Linux, so a line printed before the kill always reaches the parent.
 */
import { createInterface } from 'node:readline';
import { openStorage } from '../src/durability';
import { EmbeddedDatabase } from '../src/engine';

const [dir, runArg, writersArg = '8', compactAfterBytesArg = '65536'] = process.argv.slice(2);
if (dir === undefined || runArg === undefined) {
  throw new Error('usage: crash-writer.ts <dir> <run> [writers] [compactAfterBytes]');
}
const run = Number(runArg);
const CHURN_KEYS_PER_LOOP = 4;
const churnPadding = 'c'.repeat(4000);

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
// stdin closed without `go`: the parent no longer needs this writer.
if (!go) process.exit(0);

const storage = await openStorage(dir, { compactAfterBytes: Number(compactAfterBytesArg) });
const db = new EmbeddedDatabase(storage.state, storage.journal);
storage.setSnapshotSource(() => db.snapshot());
const docs = db.collection<{ _id: string; run: number; writer: number; seq: number }>('docs');
const churn = db.collection<{ _id: string; run: number; v: number; padding: string }>('churn');
await docs.createIndex({ writer: 1, seq: 1 });
process.stdout.write('ready\n');

let generation = storage.stats().generation;
setInterval(() => {
  const current = storage.stats().generation;
  if (current !== generation) process.stdout.write(`compacting ${current}\n`);
  generation = current;
}, 1).unref();

const inserters = Array.from({ length: Number(writersArg) }, async (_, writer) => {
  for (let seq = 0; ; seq++) {
    const _id = `${run}-${writer}-${seq}`;
    await docs.insertOne({ _id, run, writer, seq });
    process.stdout.write(`i ${_id}\n`);
  }
});
const churners = [0, 1].map(async (loop) => {
  for (let v = 0; ; v++) {
    const key = `churn-${loop}-${v % CHURN_KEYS_PER_LOOP}`;
    await churn.updateOne({ _id: key }, { $set: { run, v, padding: churnPadding } }, { upsert: true });
    process.stdout.write(`u ${key} ${v}\n`);
  }
});
await Promise.all([...inserters, ...churners]);
