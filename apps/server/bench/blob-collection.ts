/**
 * `node --expose-gc --import tsx bench/blob-collection.ts`: what a run of the blob collection
 * costs on a store of realistic size: the embedded store on disk, BENCH_SPACES spaces of
 * BENCH_REVISIONS revisions each (a revision record and its files object, each naming the
 * space's files: 10,000 records by default) and BENCH_BLOBS blobs of 4 KiB in the directory
 * store (a quarter of them named by nothing: the sweep deletes those). Prints the mark's and
 * the sweep's time, the heap the mark holds (after a GC) and the process's peak RSS, for a dry
 * run then a real one. (`bench/blob-collection-adversarial.ts`: pages of hex and `x-y-z-...`.)
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  collectUnreferencedBlobs,
  DigestSet,
  DirectoryBlobStore,
  markReferencedBlobs,
} from '@quire/persistence';
import { openEmbeddedStore } from '@quire/store-embedded';

const SPACES = Number(process.env.BENCH_SPACES ?? 200);
const REVISIONS = Number(process.env.BENCH_REVISIONS ?? 25);
const BLOBS = Number(process.env.BENCH_BLOBS ?? 2000);
const DAY = 24 * 60 * 60 * 1000;

const dir = await mkdtemp(path.join(tmpdir(), 'quire-bench-blob-collection-'));
const store = await openEmbeddedStore(path.join(dir, 'store'));
// Blobs stored two days ago (the clock moves on after the puts): past the grace of a day.
let shift = -2 * DAY;
const blobs = await DirectoryBlobStore.open(path.join(dir, 'blobs'), { now: () => Date.now() + shift });
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const hashes: string[] = [];
for (let n = 0; n < BLOBS; n++) hashes.push((await blobs.put(new Uint8Array(randomBytes(4096)))).hash);
const named = hashes.slice(0, Math.floor(BLOBS * 0.75));
const filesPerSpace = Math.max(1, Math.ceil(named.length / SPACES));
const address = (text: string) => createHash('sha256').update(text).digest('base64url');

for (let space = 0; space < SPACES; space++) {
  const revisions = [];
  const objects = [];
  const files = named.slice(space * filesPerSpace, (space + 1) * filesPerSpace);
  for (let revision = 0; revision < REVISIONS; revision++) {
    // Each revision adds one file to its files object, as uploads do.
    const shown = files.slice(0, Math.min(files.length, revision + 1));
    const filesAddress = address(`files ${space} ${revision}`);
    objects.push({
      _id: filesAddress,
      object: {
        kind: 'files',
        files: shown.map((hash, index) => ({
          id: `f${space}-${index}`,
          name: `image-${index}.png`,
          contentType: 'image/png',
          size: 4096,
          hash,
        })),
      },
    });
    revisions.push({
      _id: `r${space}-${revision}`,
      spaceId: `s${space}`,
      organizationId: 'o1',
      parents: revision === 0 ? [] : [`r${space}-${revision - 1}`],
      depth: revision,
      tree: address(`tree ${space} ${revision}`),
      files: filesAddress,
      kind: 'edits',
      createdBy: 'u1',
      createdAt: new Date().toISOString(),
    });
  }
  await store.db.collection<{ _id: string }>('revisions').insertMany(revisions);
  await store.db.collection<{ _id: string }>('contentObjects').insertMany(objects);
}

shift = 0;

/** The heap the mark holds (its candidates: every blob, after a GC on both sides), and the mark's time alone. */
async function markAlone() {
  gc();
  const before = process.memoryUsage().heapUsed;
  const candidates = new DigestSet('hex');
  for (const hash of hashes) candidates.add(hash, 4096);
  const started = performance.now();
  const marked = await markReferencedBlobs(store, candidates, { batchSize: 500, blobBucket: 'blobs' });
  const ms = performance.now() - started;
  gc();
  const held = process.memoryUsage().heapUsed - before;
  console.log(
    `mark    : ${marked.records} records (${marked.traced} of ${marked.contentObjects} content objects traced), ` +
      `${marked.named} of ${hashes.length} candidates named, ${ms.toFixed(0)} ms; heap held by its candidates ${(held / 1024).toFixed(0)} KiB (${candidates.size} left)`,
  );
}

async function measured(dryRun: boolean) {
  const report = await collectUnreferencedBlobs(store, blobs, { graceMs: DAY, dryRun });
  console.log(
    `${dryRun ? 'dry run' : 'run    '}: ${report.records} records, ${report.blobs} blobs; mark + listing ${report.markMs} ms, ` +
      `sweep of ${report.deleted} ${report.durationMs - report.markMs} ms, total ${report.durationMs} ms; ` +
      `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; kept ${report.kept}, deleted ${report.deleted} (${report.deletedBytes} B)`,
  );
}

try {
  console.log(`peak RSS after loading the store: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
  await markAlone();
  await markAlone();
  await measured(true);
  await measured(false);
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
