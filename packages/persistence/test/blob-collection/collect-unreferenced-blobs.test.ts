/**
 * `collectUnreferencedBlobs` over the embedded engine and a directory blob store, with a clock
 * the test moves and the store's pauses driving a put and a record write into the middle of
 * the sweep: the bytes a racing put stored and a record then named are there after the run;
 * a sweep's leftovers (a trash file) are finished at the start of the next run and counted;
 * a candidate gone before its turn is counted `gone`; an aborted run stops between batches;
 * members' pages of a megabyte of hex text and of `x-y-z-...` (a name at every offset) leave
 * the mark holding the candidates and the content objects' ids only, with no find of an
 * address that is not a content object, and still keep what they name.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Store } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { afterEach, describe, expect, it } from 'vitest';
import { collectUnreferencedBlobs } from '../../src/blob-collection';
import { DirectoryBlobStore, type DirectoryBlobStoreOptions } from '../../src/blobs/directory-blob-store';

const DAY = 24 * 60 * 60 * 1000;
const bytesOf = (text: string) => new TextEncoder().encode(text);

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

type AnyRecord = { _id: string; [field: string]: unknown };

/**
 * The store with each `_id` the run looks up by `$in` in the content objects recorded: the
 * addresses the mark traces (its finds, not its memory, which the report counts).
 */
function lookupsRecorded(store: Store): { store: Store; lookedUp: string[] } {
  const lookedUp: string[] = [];
  const bound = <T extends object>(target: T, property: string | symbol) => {
    const value = Reflect.get(target, property);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const db = new Proxy(store.db, {
    get: (target, property) => {
      if (property !== 'collection') return bound(target, property);
      return (name: string) => {
        const collection = target.collection<AnyRecord>(name);
        if (name !== 'contentObjects') return collection;
        return new Proxy(collection, {
          get: (inner, key) => {
            if (key !== 'find') return bound(inner, key);
            return (filter: { _id?: { $in?: string[] } }, options?: object) => {
              lookedUp.push(...(filter._id?.$in ?? []));
              return inner.find(filter as never, options);
            };
          },
        });
      };
    },
  });
  return { store: { ...store, db }, lookedUp };
}

async function fixture(pauses: DirectoryBlobStoreOptions['pauses'] = {}) {
  const root = await mkdtemp(path.join(tmpdir(), 'quire-collect-'));
  directories.push(root);
  let now = Date.parse('2026-01-01T00:00:00.000Z');
  const blobs = await DirectoryBlobStore.open(root, { now: () => now, pauses });
  const journal = new MemoryJournal();
  const db = new EmbeddedDatabase(new Map(), journal);
  const store: Store = {
    engine: 'embedded',
    db,
    ping: () => Promise.resolve(),
    collectionNames: () => Promise.resolve(db.collectionNames()),
    close: () => journal.close(),
  };
  return {
    root,
    blobs,
    store,
    records: db.collection<AnyRecord>('notes'),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('collectUnreferencedBlobs', () => {
  it('a put and a record naming the blob, both between the move to the trash and the judgement, keep the bytes', async () => {
    let racing: (() => Promise<void>) | undefined;
    const f = await fixture({
      afterMoveToTrash: async () => {
        await racing?.();
      },
    });
    const bytes = bytesOf('uploaded again');
    const { hash } = await f.blobs.put(bytes);
    f.advance(2 * DAY);
    racing = async () => {
      racing = undefined;
      // An upload of the same bytes, deduplicated onto the blob the sweep holds, then its record.
      await f.blobs.put(bytes);
      await f.records.insertOne({ _id: 'file', hash });
    };
    const report = await collectUnreferencedBlobs(f.store, f.blobs, { graceMs: DAY });
    // The old copy went; the put's own is under the name, and the record names it.
    expect(report).toMatchObject({ blobs: 1, kept: 0, deleted: 1 });
    expect(await f.blobs.stat(hash)).toEqual({ size: bytes.byteLength });
    // Past the grace of that put, the record alone keeps it.
    f.advance(2 * DAY);
    expect(await collectUnreferencedBlobs(f.store, f.blobs, { graceMs: DAY })).toMatchObject({
      kept: 1,
      deleted: 0,
    });
  });

  it("finishes a crashed sweep's trash at the start, deleting an old one, and counts it", async () => {
    const f = await fixture();
    const { hash } = await f.blobs.put(bytesOf('left in the trash'));
    f.advance(2 * DAY);
    // As a sweep of another process, killed after its move (this store was already open).
    await rename(
      path.join(f.root, hash.slice(0, 2), hash.slice(2, 4), hash),
      path.join(f.root, `.trash-${hash}-x`),
    );
    const report = await collectUnreferencedBlobs(f.store, f.blobs, { graceMs: DAY });
    expect(report.interrupted).toEqual({ restored: 0, deleted: 1 });
    expect(report.blobs).toBe(0);
    expect((await readdir(f.root)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('counts a candidate deleted by someone else before its turn as gone', async () => {
    let others: string[] = [];
    let busy = false;
    const f = await fixture({
      afterMoveToTrash: async (hash) => {
        if (busy) return;
        busy = true;
        // Another server's sweep takes the other candidate while this one holds its first.
        for (const other of others.filter((candidate) => candidate !== hash))
          await f.blobs.deleteIfNotPutSince(other, Number.POSITIVE_INFINITY);
      },
    });
    others = [(await f.blobs.put(bytesOf('first'))).hash, (await f.blobs.put(bytesOf('second'))).hash];
    f.advance(2 * DAY);
    const report = await collectUnreferencedBlobs(f.store, f.blobs, { graceMs: DAY });
    expect(report).toMatchObject({ blobs: 2, deleted: 1, gone: 1 });
  });

  it('an aborted run stops between batches, deleting nothing', async () => {
    const f = await fixture();
    const { hash } = await f.blobs.put(bytesOf('spared'));
    await f.records.insertMany(Array.from({ length: 5 }, (_, index) => ({ _id: `n${index}` })));
    f.advance(2 * DAY);
    const controller = new AbortController();
    controller.abort();
    await expect(
      collectUnreferencedBlobs(f.store, f.blobs, { graceMs: DAY, batchSize: 2, signal: controller.signal }),
    ).rejects.toThrow();
    expect(await f.blobs.has(hash)).toBe(true);
  });

  it('holds what is stored, not what pages say: a megabyte of hex and one of x-y-z-... add nothing to the mark and look up no address that is not a content object', async () => {
    const f = await fixture();
    const put = async (text: string) => (await f.blobs.put(bytesOf(text))).hash;
    const inHex = await put('named inside the hex');
    const inObject = await put('named by a content object');
    const unnamed = await put('named by nothing');
    const files = createHash('sha256').update('files').digest('base64url');
    await f.store.db
      .collection<AnyRecord>('contentObjects')
      .insertOne({ _id: files, object: { kind: 'files', files: [{ hash: inObject }] } });
    f.advance(2 * DAY);
    // A hash at each of a million offsets (the one named at an odd one), and a possible
    // address after each of half a million `-` (random, so no two alike), one of them an object's.
    const hex = randomBytes(512 * 1024).toString('hex');
    const letters = randomBytes(384 * 1024)
      .toString('base64url')
      .replaceAll(/[-_]/g, 'a');
    const dashes = Array.from(letters).join('-');
    await f.records.insertMany([
      { _id: 'hex', text: `${hex.slice(0, 1001)}${inHex}${hex.slice(1001)}` },
      { _id: 'dashes', text: `${dashes}-${files}-${dashes}` },
    ]);
    const recorded = lookupsRecorded(f.store);
    const report = await collectUnreferencedBlobs(recorded.store, f.blobs, { graceMs: DAY });
    // All the mark held: three candidates and one content object's id.
    expect(report).toMatchObject({ blobs: 3, candidates: 3, contentObjects: 1, kept: 2, deleted: 1 });
    expect(recorded.lookedUp).toEqual([files]);
    expect(await f.blobs.has(inHex)).toBe(true);
    expect(await f.blobs.has(inObject)).toBe(true);
    expect(await f.blobs.has(unnamed)).toBe(false);
  });
});
