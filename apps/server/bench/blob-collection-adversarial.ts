/**
 * `node --expose-gc --import tsx bench/blob-collection-adversarial.ts`: what a run of the blob
 * collection costs when members' pages say a lot: the embedded store on disk, BENCH_MB MiB
 * (1 by default) of continuous random lowercase hex in one record and as much of `x-y-z-...`
 * (random letters) in another (each a run of candidate names: a hash at every offset of the hex, an address after
 * every `-`), 100 blobs stored two days before the run, 50 of them named by a note. Prints
 * the run's time (mark + listing, whole) and the heap above the run's start, sampled at each
 * progress call (after each batch of the mark and each candidate of the sweep), highest.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectUnreferencedBlobs, DirectoryBlobStore } from '@quire/persistence';
import { openEmbeddedStore } from '@quire/store-embedded';

const MB = Number(process.env.BENCH_MB ?? 1);
const DAY = 24 * 60 * 60 * 1000;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const dir = await mkdtemp(path.join(tmpdir(), 'quire-bench-blob-adversarial-'));
const store = await openEmbeddedStore(path.join(dir, 'store'));
let shift = -2 * DAY;
const blobs = await DirectoryBlobStore.open(path.join(dir, 'blobs'), { now: () => Date.now() + shift });
const hashes: string[] = [];
for (let n = 0; n < 100; n++) hashes.push((await blobs.put(new TextEncoder().encode(`blob ${n}`))).hash);
shift = 0;

const size = MB * 1024 * 1024;
// Random, so no two windows are alike (a repeated pattern would name a few distinct strings).
const hex = randomBytes(size / 2).toString('hex');
const dashes = Array.from(
  randomBytes(size / 2)
    .toString('base64url')
    .replaceAll('-', 'a')
    .replaceAll('_', 'b'),
)
  .join('-')
  .slice(0, size);
const pages = store.db.collection<{ _id: string; text: string }>('pages');
await pages.insertMany([
  { _id: 'hex', text: hex },
  { _id: 'dashes', text: dashes },
  { _id: 'note', text: hashes.slice(0, 50).join(' ') },
]);

async function measured() {
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  };
  const report = await collectUnreferencedBlobs(store, blobs, {
    graceMs: DAY,
    dryRun: true,
    progress: sample,
  });
  sample();
  console.log(
    `${MB} MiB hex + ${MB} MiB x-y-: mark + listing ${report.markMs} ms, total ${report.durationMs} ms; ` +
      `heap above the start, highest sampled ${(peak / 1024 / 1024).toFixed(1)} MiB; ` +
      `kept ${report.kept}, would delete ${report.deleted}; report ${JSON.stringify({ ...report, interrupted: undefined })}`,
  );
}

try {
  await measured();
  await measured();
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
