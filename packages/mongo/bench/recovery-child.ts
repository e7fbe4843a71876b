/**
 * Reopens a store in a fresh process (run with --expose-gc), so that the resident memory it
 * reports is the recovered store's alone. Prints one JSON line.
 */
import { openEmbeddedStore } from '../src/store/embedded-store';

const dir = process.argv[2];
if (!dir) throw new Error('usage: recovery-child.ts <store dir>');

function settledRss(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

const rssBefore = settledRss();
const started = performance.now();
const store = await openEmbeddedStore(dir);
const recoveryMs = performance.now() - started;
const rssDelta = settledRss() - rssBefore;
const documents = await store.db.collection('items').countDocuments({});
console.log(
  JSON.stringify({ recoveryMs, rssDelta, documents, gcExposed: typeof globalThis.gc === 'function' }),
);
await store.close();
