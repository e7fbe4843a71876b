/** The benchmark's documents: small, shaped like Quire's records, in organizations of equal size. */
import type { StoreCollection } from '../src/store/collection';

export interface BenchDoc {
  _id: string;
  organizationId: string;
  createdAt: number;
  title: string;
  status: 'open' | 'closed';
  n: number;
}

export const organizations = 100;
export const pageSize = 100;

export function benchDoc(i: number): BenchDoc {
  return {
    _id: `d${String(i).padStart(9, '0')}`,
    organizationId: `org-${i % organizations}`,
    createdAt: 1_700_000_000_000 + i,
    title: `Item number ${i}`,
    status: i % 3 === 0 ? 'closed' : 'open',
    n: i,
  };
}

/** Inserts documents `from` (inclusive) to `to` (exclusive) in batches; returns their JSON size in bytes. */
export async function load(collection: StoreCollection<BenchDoc>, from: number, to: number): Promise<number> {
  const batchSize = 5_000;
  let jsonBytes = 0;
  for (let start = from; start < to; start += batchSize) {
    const batch: BenchDoc[] = [];
    for (let i = start; i < Math.min(to, start + batchSize); i++) {
      const doc = benchDoc(i);
      jsonBytes += Buffer.byteLength(JSON.stringify(doc));
      batch.push(doc);
    }
    await collection.insertMany(batch);
  }
  return jsonBytes;
}

/** Runs `operation` repeatedly, from `concurrency` loops, for about `durationMs`; returns operations per second. */
export async function throughput(
  durationMs: number,
  concurrency: number,
  operation: (loop: number, iteration: number) => Promise<unknown>,
): Promise<number> {
  let operations = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let iteration = 0; performance.now() < deadline; iteration++) {
        await operation(loop, iteration);
        operations++;
      }
    }),
  );
  return operations / ((performance.now() - started) / 1000);
}
