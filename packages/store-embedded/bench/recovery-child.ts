/**
 * Reopens a store in a fresh process (run with --expose-gc), so that the resident memory it
 * reports is the recovered store's alone. Opens it as `openEmbeddedStore` does, timing the
 * two halves: durability (reading snapshot and journal) and the engine (parsing documents
 * into indexes). Prints one JSON line.
 */
import { openStorage } from '../src/durability';
import { EmbeddedDatabase } from '../src/engine';

const dir = process.argv[2];
if (!dir) throw new Error('usage: recovery-child.ts <store dir>');

function settledRss(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

const rssBefore = settledRss();
const started = performance.now();
const storage = await openStorage(dir);
const storageMs = performance.now() - started;
const db = new EmbeddedDatabase(storage.state, storage.journal);
storage.setSnapshotSource(() => db.snapshot());
const recoveryMs = performance.now() - started;
const rssDelta = settledRss() - rssBefore;
const documents = await db.collection('items').countDocuments({});
console.log(
  JSON.stringify({
    recoveryMs,
    storageMs,
    engineMs: recoveryMs - storageMs,
    rssDelta,
    documents,
    gcExposed: typeof globalThis.gc === 'function',
  }),
);
await storage.journal.close();
