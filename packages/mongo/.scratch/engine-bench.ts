import { EmbeddedDatabase } from '../src/embedded/engine';
import type { DatabaseState } from '../src/embedded/journal-types';
import { type BenchDoc, benchDoc, organizations, pageSize, throughput } from '../bench/workload';

const size = Number(process.argv[2] ?? 10_000);
const nullJournal = { commit: async () => {}, close: async () => {} };
globalThis.gc?.();
const baseRss = process.memoryUsage().rss;
const baseHeap = process.memoryUsage().heapUsed;
let jsonBytes = 0;
const docs = new Map<string, string>();
for (let i = 0; i < size; i++) {
  const doc = benchDoc(i);
  const json = JSON.stringify(doc);
  jsonBytes += json.length;
  docs.set(doc._id, json);
}
const state: DatabaseState = new Map([
  ['items', { docs, indexes: [{ name: 'organizationId_1_createdAt_1', key: [['organizationId', 1], ['createdAt', 1]], unique: false }] }],
]);
let t = performance.now();
const db = new EmbeddedDatabase(state, nullJournal);
const loadMs = performance.now() - t;
globalThis.gc?.();
const mem = process.memoryUsage();
console.log(`size ${size}: load ${loadMs.toFixed(0)} ms; json ${(jsonBytes / 2 ** 20).toFixed(1)} MiB; heap ${((mem.heapUsed - baseHeap) / jsonBytes).toFixed(2)}x; rss ${((mem.rss - baseRss) / jsonBytes).toFixed(2)}x`);
const items = db.collection<BenchDoc>('items');
const pages = 2000;
for (let i = 0; i < 2200; i++) {
  if (i === 200) t = performance.now();
  await items.find({ organizationId: `org-${(i * 37) % organizations}` }, { sort: { createdAt: 1 }, limit: pageSize }).toArray();
}
console.log(`  page of 100: ${(((performance.now() - t) * 1000) / pages).toFixed(1)} µs`);
const ids = Array.from({ length: 10_007 }, (_, i) => benchDoc((i * 7_919) % size)._id);
const read = async (_: number, i: number) => { if (!(await items.findOne({ _id: ids[i % ids.length]! }))) throw new Error('miss'); };
await throughput(300, 1, read);
console.log(`  point reads: ${Math.round(await throughput(2000, 1, read))}/s`);
