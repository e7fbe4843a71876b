/** The benchmark's documents: small, shaped like Quire's records, in organizations of equal size. */
import type { StoreCollection } from '@quire/store';

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

/**
 * Operations per second of `operation`, run from `concurrency` loops: the median of `windows`
 * windows of about `windowMs` each, so that a burst of other load on the machine (this one is
 * shared) does not decide the figure.
 */
export async function throughput(
  windows: number,
  windowMs: number,
  concurrency: number,
  operation: (loop: number, iteration: number) => Promise<unknown>,
): Promise<number> {
  const rates: number[] = [];
  let iteration = 0;
  for (let w = 0; w < windows; w++) {
    let operations = 0;
    const started = performance.now();
    const deadline = started + windowMs;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, loop) => {
        while (performance.now() < deadline) {
          await operation(loop, iteration++);
          operations++;
        }
      }),
    );
    rates.push(operations / ((performance.now() - started) / 1000));
  }
  return rates.sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
}
