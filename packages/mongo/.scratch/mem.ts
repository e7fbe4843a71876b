import { EmbeddedDatabase } from '../src/embedded/engine';
import type { DatabaseState, IndexDefinition } from '../src/embedded/journal-types';
import { benchDoc } from '../bench/workload';
const size = 1_000_000;
const mode = process.argv[2];
const nullJournal = { commit: async () => {}, close: async () => {} };
globalThis.gc?.();
const base = process.memoryUsage();
let jsonBytes = 0;
const docs = new Map<string, string>();
for (let i = 0; i < size; i++) { const doc = benchDoc(i); const json = JSON.stringify(doc); jsonBytes += json.length; docs.set(doc._id, json); }
globalThis.gc?.();
const afterMap = process.memoryUsage();
const indexes: IndexDefinition[] = mode === 'index' ? [{ name: 'o', key: [['organizationId', 1], ['createdAt', 1]], unique: false }] : [];
const db = mode === 'none' ? undefined : new EmbeddedDatabase(new Map([['items', { docs, indexes }]]) as DatabaseState, nullJournal);
globalThis.gc?.(); globalThis.gc?.();
const end = process.memoryUsage();
const x = (b: number) => (b / jsonBytes).toFixed(2) + 'x';
console.log(mode, 'json', (jsonBytes / 2 ** 20).toFixed(0), 'MiB; map heap', x(afterMap.heapUsed - base.heapUsed), 'engine heap', x(end.heapUsed - afterMap.heapUsed), 'total heap', x(end.heapUsed - base.heapUsed), 'rss', x(end.rss - base.rss), 'heapTotal', x(end.heapTotal - base.heapTotal), db ? '' : '');
