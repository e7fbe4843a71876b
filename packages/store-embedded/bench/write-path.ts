/**
 * Benchmark of the embedded engine's write path (not part of the tests):
 *   cd packages/store-embedded && npx tsx bench/write-path.ts
 * - inserts with the journal in memory: the engine's own cost per write (checks, memory,
 *   keeping the means to take a refused write back), no disk;
 * - acknowledged inserts on disk, 1 and 32 writers: what `bench:store` reports, fsync-bound;
 * - point reads of the collection 32 writers are inserting into, and of another one: a read
 *   that saw unacknowledged writes answers once they are durable.
 * Each figure is the median of several windows (the machine is shared).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../src/embedded-store';
import { EmbeddedDatabase, MemoryJournal } from '../src/engine';
import { type BenchDoc, benchDoc, throughput } from './workload';

const dirs: string[] = [];
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} /s`;

async function inMemoryInserts(): Promise<number> {
  const items = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<BenchDoc>('items');
  await items.createIndex({ organizationId: 1, createdAt: 1 });
  return throughput(9, 300, 1, (_, i) => items.insertOne(benchDoc(i)));
}

async function diskInserts(writers: number): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-bench-write-'));
  dirs.push(dir);
  const store = await openEmbeddedStore(dir);
  const items = store.db.collection<BenchDoc>('items');
  await items.createIndex({ organizationId: 1, createdAt: 1 });
  const rate = await throughput(9, 300, writers, (_, i) => items.insertOne(benchDoc(i)));
  await store.close();
  return rate;
}

/** Point reads per second while 32 loops insert into `items`, of `items` and of `other`. */
async function readsDuringWrites(): Promise<{ same: number; other: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-bench-write-'));
  dirs.push(dir);
  const store = await openEmbeddedStore(dir);
  const items = store.db.collection<BenchDoc>('items');
  const other = store.db.collection<BenchDoc>('other');
  for (let i = 0; i < 1000; i++) {
    await items.insertOne(benchDoc(i));
    await other.insertOne(benchDoc(i));
  }
  let writing = true;
  let next = 1000;
  const writers = Array.from({ length: 32 }, async () => {
    while (writing) await items.insertOne(benchDoc(next++));
  });
  const read = (collection: typeof items) => async (_: number, i: number) => {
    if (!(await collection.findOne({ _id: benchDoc(i % 1000)._id }))) throw new Error('read missed');
  };
  const same = await throughput(7, 300, 1, read(items));
  const otherRate = await throughput(7, 300, 1, read(other));
  writing = false;
  await Promise.all(writers);
  await store.close();
  return { same, other: otherRate };
}

try {
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  console.log(`  inserts, journal in memory, 1 writer: ${perSecond(await inMemoryInserts())}`);
  console.log(`  acknowledged inserts, 1 writer: ${perSecond(await diskInserts(1))}`);
  console.log(`  acknowledged inserts, 32 writers: ${perSecond(await diskInserts(32))}`);
  const reads = await readsDuringWrites();
  console.log(`  point reads of a collection 32 writers insert into: ${perSecond(reads.same)}`);
  console.log(`  point reads of another collection meanwhile: ${perSecond(reads.other)}`);
} finally {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
