/**
 * The directory store's side of the blob collection: a put dates the blob it lands on by the
 * store's clock (written or found), the sweep's delete loses to a put that dated the blob at
 * or after the cutoff, each order of a put racing the sweep (driven by the store's pauses)
 * leaves the bytes under their name, and trash files an interrupted sweep left are put back
 * when the store opens, or finished by the next sweep (put back if young, else deleted).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryBlobStore } from '../../src/blobs';

const DAY = 24 * 60 * 60 * 1000;
const bytes = new TextEncoder().encode('hello');
const hash = '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824';

const directories: string[] = [];
async function freshRoot(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-blob-sweep-'));
  directories.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(directories.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A clock the test moves. */
function testClock(start = Date.parse('2026-01-01T00:00:00.000Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function listed(blobs: DirectoryBlobStore) {
  const all = [];
  for await (const blob of blobs.list()) all.push(blob);
  return all;
}

/** A promise and its resolver: a pause the test lets go of. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('DirectoryBlobStore dates its blobs', () => {
  it('a put dates the blob it writes, and again the blob it finds', async () => {
    const clock = testClock();
    const blobs = await DirectoryBlobStore.open(await freshRoot(), { now: clock.now });
    await blobs.put(bytes);
    expect(await listed(blobs)).toEqual([{ hash, size: 5, lastPutAt: clock.now() }]);
    clock.advance(3 * DAY);
    await blobs.put(bytes);
    expect(await listed(blobs)).toEqual([{ hash, size: 5, lastPutAt: clock.now() }]);
  });
});

describe('deleteIfNotPutSince', () => {
  it('deletes a blob put before the cutoff, keeps one put at or after it, says when there is none', async () => {
    const clock = testClock();
    const root = await freshRoot();
    const blobs = await DirectoryBlobStore.open(root, { now: clock.now });
    await blobs.put(bytes);
    expect(await blobs.deleteIfNotPutSince(hash, clock.now())).toBe('young');
    expect(await blobs.has(hash)).toBe(true);
    expect(await blobs.deleteIfNotPutSince(hash, clock.now() + 1)).toBe('deleted');
    expect(await blobs.has(hash)).toBe(false);
    expect(await blobs.deleteIfNotPutSince(hash, clock.now() + 1)).toBe('gone');
    expect(await blobs.deleteIfNotPutSince('../../etc', clock.now() + 1)).toBe('gone');
    // Nothing left behind: no trash file, no temporary one.
    expect((await readdir(root)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('a put racing the sweep', () => {
  it('the put dates the blob between the listing and the delete: the sweep sees the date and keeps it', async () => {
    const clock = testClock();
    const blobs = await DirectoryBlobStore.open(await freshRoot(), { now: clock.now });
    await blobs.put(bytes);
    clock.advance(2 * DAY);
    const cutoff = clock.now() - DAY;
    // Listed as old: a candidate.
    expect((await listed(blobs))[0]?.lastPutAt).toBeLessThan(cutoff);
    await blobs.put(bytes);
    expect(await blobs.deleteIfNotPutSince(hash, cutoff)).toBe('young');
    expect(await blobs.has(hash)).toBe(true);
  });

  it('the put dates the blob after the sweep moved it away: the put writes it again, the sweep deletes only its trash', async () => {
    const clock = testClock();
    const moved = gate();
    const release = gate();
    const blobs = await DirectoryBlobStore.open(await freshRoot(), {
      now: clock.now,
      pauses: {
        afterMoveToTrash: async () => {
          moved.open();
          await release.opened;
        },
      },
    });
    await blobs.put(bytes);
    clock.advance(2 * DAY);
    const sweep = blobs.deleteIfNotPutSince(hash, clock.now() - DAY);
    await moved.opened;
    expect(await blobs.put(bytes)).toEqual({ hash, size: 5 });
    release.open();
    expect(await sweep).toBe('deleted');
    expect(await blobs.stat(hash)).toEqual({ size: 5 });
    expect(await listed(blobs)).toEqual([{ hash, size: 5, lastPutAt: clock.now() }]);
  });

  it('the blob vanishes between the start of a put and its dating: the put writes it again', async () => {
    const clock = testClock();
    const started = gate();
    const release = gate();
    let pausing = false;
    const blobs = await DirectoryBlobStore.open(await freshRoot(), {
      now: clock.now,
      pauses: {
        beforeDating: async () => {
          if (!pausing) return;
          started.open();
          await release.opened;
        },
      },
    });
    await blobs.put(bytes);
    clock.advance(2 * DAY);
    pausing = true;
    const put = blobs.put(bytes);
    await started.opened;
    pausing = false;
    expect(await blobs.deleteIfNotPutSince(hash, clock.now() - DAY)).toBe('deleted');
    release.open();
    await put;
    expect(await blobs.stat(hash)).toEqual({ size: 5 });
  });

  it('the sweep finds the blob young when it moved it: it goes back under its name', async () => {
    const clock = testClock();
    const moved = gate();
    const blobs = await DirectoryBlobStore.open(await freshRoot(), {
      now: clock.now,
      pauses: {
        afterMoveToTrash: async () => {
          moved.open();
        },
      },
    });
    await blobs.put(bytes);
    expect(await blobs.deleteIfNotPutSince(hash, clock.now() - DAY)).toBe('young');
    await moved.opened;
    expect(await blobs.has(hash)).toBe(true);
  });
});

describe('what an interrupted sweep left', () => {
  const trashName = `.trash-${hash}-interrupted`;

  it('opening the store puts every trash file back under its name', async () => {
    const root = await freshRoot();
    await writeFile(path.join(root, trashName), bytes);
    const blobs = await DirectoryBlobStore.open(root);
    expect(await readdir(root)).toEqual(['2c']);
    expect(new Uint8Array(await readFile(path.join(root, '2c', 'f2', hash)))).toEqual(bytes);
    expect(await blobs.has(hash)).toBe(true);
  });

  it('the next sweep puts back a young one and deletes an old one', async () => {
    const clock = testClock();
    const root = await freshRoot();
    const blobs = await DirectoryBlobStore.open(root, { now: clock.now });
    await blobs.put(bytes);
    // As if a sweep had moved it, then crashed (another process's, the store being open here).
    const { rename } = await import('node:fs/promises');
    await rename(path.join(root, '2c', 'f2', hash), path.join(root, trashName));
    const young = await blobs.finishInterruptedSweeps(clock.now());
    expect(young).toEqual({ restored: 1, deleted: 0 });
    expect(await blobs.has(hash)).toBe(true);
    await rename(path.join(root, '2c', 'f2', hash), path.join(root, trashName));
    const old = await blobs.finishInterruptedSweeps(clock.now() + 1);
    expect(old).toEqual({ restored: 0, deleted: 1 });
    expect(await blobs.has(hash)).toBe(false);
    expect((await readdir(root)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
