import { openEmbeddedStore } from '../src/store/embedded-store';
import { type BenchDoc, load } from '../bench/workload';
const dir = process.argv[2]!;
const store = await openEmbeddedStore(dir);
await store.db.collection<BenchDoc>('items').createIndex({ organizationId: 1, createdAt: 1 });
console.log('json bytes', await load(store.db.collection<BenchDoc>('items'), 0, 1_000_000));
await store.close();
