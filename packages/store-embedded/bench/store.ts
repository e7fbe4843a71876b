/**
 * Benchmark of the embedded store engine (not part of the tests):
 *   cd packages/store-embedded && npx tsx bench/store.ts     (or `npx -y pnpm@10 bench:store` at the root)
 * BENCH_MAX_DOCS (default 1000000) caps the largest collection, for a quicker run.
 * The targets it is judged against are in docs/performance.md.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Store } from '@quire/store';
import { openEmbeddedStore } from '../src/embedded-store';
import { type BenchDoc, benchDoc, load, organizations, pageSize, throughput } from './workload';

const maxDocs = Number(process.env.BENCH_MAX_DOCS ?? 1_000_000);
const sizes = [10_000, 100_000, 1_000_000].filter((size) => size <= maxDocs);
const rows: Array<[string, string]> = [];
const dirs: string[] = [];

function report(label: string, value: string): void {
  rows.push([label, value]);
  console.log(`  ${label}: ${value}`);
}

const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} /s`;
const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function freshStore(): Promise<Store> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-bench-store-'));
  dirs.push(dir);
  return openEmbeddedStore(dir);
}

async function measureInserts(writers: number): Promise<void> {
  const store = await freshStore();
  const items = store.db.collection<BenchDoc>('items');
  await items.createIndex({ organizationId: 1, createdAt: 1 });
  // Iteration numbers are unique across loops and windows, so are the inserted ids.
  const rate = await throughput(9, 300, writers, (_, i) => items.insertOne(benchDoc(i)));
  report(`acknowledged inserts, ${writers} writer${writers > 1 ? 's' : ''}`, perSecond(rate));
  await store.close();
}

/** The query measured: the first page of an organization, equality on organizationId, sorted on createdAt. */
function firstPageOf(store: Store): (loop: number, iteration: number) => Promise<void> {
  const items = store.db.collection<BenchDoc>('items');
  return async (_, i) => {
    const organizationId = `org-${(i * 37) % organizations}`;
    const page = await items.find({ organizationId }, { sort: { createdAt: 1 }, limit: pageSize }).toArray();
    if (page.length !== pageSize) throw new Error(`expected a page of ${pageSize}, got ${page.length}`);
  };
}

const microsPer = (ratePerSecond: number) => 1_000_000 / ratePerSecond;

async function measurePage(store: Store, size: number): Promise<void> {
  const firstPage = firstPageOf(store);
  await throughput(1, 200, 1, firstPage);
  const micros = microsPer(await throughput(15, 100, 1, firstPage));
  report(`page of ${pageSize} at ${size.toLocaleString('en-US')} docs`, `${micros.toFixed(1)} µs`);
}

/**
 * The page time of the largest collection against the smallest's, measured in alternating
 * windows so that the machine's load (it is shared) weighs on both alike.
 */
async function comparePages(small: Store, large: Store, largeSize: number): Promise<void> {
  const smallPage = firstPageOf(small);
  const largePage = firstPageOf(large);
  const smallRates: number[] = [];
  const largeRates: number[] = [];
  for (let round = 0; round < 15; round++) {
    smallRates.push(await throughput(1, 100, 1, smallPage));
    largeRates.push(await throughput(1, 100, 1, largePage));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [smallMicros, largeMicros] = [microsPer(median(smallRates)), microsPer(median(largeRates))];
  const label = `${(largeSize / 1_000).toLocaleString('en-US')}k`.replace('1,000k', '1M');
  report(
    `page time ratio ${label} / 10k (interleaved)`,
    `${(largeMicros / smallMicros).toFixed(2)}x (${largeMicros.toFixed(1)} µs / ${smallMicros.toFixed(1)} µs)`,
  );
}

async function measurePointReads(store: Store, size: number): Promise<void> {
  const items = store.db.collection<BenchDoc>('items');
  // Ids are made beforehand so that the loop measures the reads alone.
  const ids = Array.from({ length: 10_007 }, (_, i) => benchDoc((i * 7_919) % size)._id);
  const read = async (_: number, i: number) => {
    const doc = await items.findOne({ _id: ids[i % ids.length]! });
    if (!doc) throw new Error('point read missed');
  };
  await throughput(1, 200, 1, read);
  const rate = await throughput(15, 100, 1, read);
  report(`point reads by _id at ${size.toLocaleString('en-US')} docs`, perSecond(rate));
}

interface RecoveryFigures {
  recoveryMs: number;
  storageMs: number;
  engineMs: number;
  rssDelta: number;
  documents: number;
  gcExposed: boolean;
}

async function measureRecovery(dir: string, size: number, jsonBytes: number): Promise<void> {
  const child = fileURLToPath(new URL('./recovery-child.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', child, dir],
    { maxBuffer: 1 << 20 },
  );
  const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as RecoveryFigures;
  if (figures.documents !== size)
    throw new Error(`recovered ${figures.documents} documents, expected ${size}`);
  const n = size.toLocaleString('en-US');
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  report(
    `recovery (reopen) at ${n} docs`,
    `${seconds(figures.recoveryMs)} (durability ${seconds(figures.storageMs)}, engine ${seconds(figures.engineMs)})`,
  );
  report(
    `RSS after recovery at ${n} docs`,
    `${megabytes(figures.rssDelta)} = ${(figures.rssDelta / jsonBytes).toFixed(2)}x JSON (${megabytes(jsonBytes)})` +
      (figures.gcExposed ? '' : ' (no GC exposed)'),
  );
}

async function main(): Promise<void> {
  const machine = `machine: ${os.cpus()[0]?.model.trim() ?? 'unknown cpu'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`;
  console.log(machine);
  const loadAtStart = os.loadavg()[0]!;
  const startedAt = performance.now();

  await measureInserts(1);
  await measureInserts(32);

  // A separate 10k-document store, kept open to compare its pages with the largest's; reopened
  // like the large one, so that both serve recovered documents.
  const smallDir = await mkdtemp(path.join(os.tmpdir(), 'quire-bench-store-'));
  dirs.push(smallDir);
  const loading = await openEmbeddedStore(smallDir);
  await loading.db.collection<BenchDoc>('items').createIndex({ organizationId: 1, createdAt: 1 });
  await load(loading.db.collection<BenchDoc>('items'), 0, 10_000);
  await loading.close();
  const small = await openEmbeddedStore(smallDir);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-bench-store-'));
  dirs.push(dir);
  let store = await openEmbeddedStore(dir);
  await store.db.collection<BenchDoc>('items').createIndex({ organizationId: 1, createdAt: 1 });
  let loaded = 0;
  let jsonBytes = 0;
  for (const size of sizes) {
    const loadStarted = performance.now();
    jsonBytes += await load(store.db.collection<BenchDoc>('items'), loaded, size);
    const loadSeconds = ((performance.now() - loadStarted) / 1000).toFixed(1);
    console.log(`  (loaded ${size.toLocaleString('en-US')} docs in ${loadSeconds} s)`);
    loaded = size;
    // Measured on a reopened store: loading leaves garbage and maybe a compaction running.
    await store.close();
    if (size >= 100_000) await measureRecovery(dir, size, jsonBytes);
    store = await openEmbeddedStore(dir);
    globalThis.gc?.();
    await measurePage(store, size);
    await measurePointReads(store, size);
  }
  if (loaded > 10_000) await comparePages(small, store, loaded);
  await Promise.all([store.close(), small.close()]);

  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\nStore (embedded engine), ${new Date().toISOString()}`);
  console.log(machine);
  for (const [label, value] of rows) console.log(`| ${label.padEnd(width)} | ${value}`);
  // Figures from a busy machine are not comparable; the load average says whether it was.
  console.log(
    `load average (1 min) at start ${loadAtStart.toFixed(2)}, at end ${os.loadavg()[0]!.toFixed(2)}`,
  );
  console.log(`(total ${((performance.now() - startedAt) / 1000).toFixed(0)} s)`);
}

try {
  await main();
} finally {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
