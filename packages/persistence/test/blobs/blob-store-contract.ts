/**
 * The blob store contract, written once and run against every implementation (the directory
 * store in `directory-blob-store.test.ts`, GridFS in `gridfs-blob-store.test.ts` when a
 * MongoDB server is at hand). Exported so that any other engine's run can register it.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredBlobs } from '../../src/blobs';

/** A store no other test uses, and how to dispose of it. */
export interface FreshBlobStore {
  blobs: StoredBlobs;
  close(): Promise<void>;
}

export type OpenFreshBlobStore = () => Promise<FreshBlobStore>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const textBytes = (text: string) => new TextEncoder().encode(text);

/** Every byte value, many times over: more than one GridFS chunk (255 KiB). */
const LARGE = Uint8Array.from({ length: 600 * 1024 + 7 }, (_, index) => (index * 31 + 7) % 256);

async function bytesOf(stream: Readable | null): Promise<Uint8Array> {
  if (!stream) throw new Error('expected a stream, got null');
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return new Uint8Array(Buffer.concat(parts));
}

/** Compares by length and digest: a deep equality over 600 KiB costs seconds. */
function expectBytes(actual: Uint8Array, expected: Uint8Array | undefined): void {
  if (!expected) throw new Error('no expected bytes');
  expect({ size: actual.byteLength, sha256: sha256(actual) }).toEqual({
    size: expected.byteLength,
    sha256: sha256(expected),
  });
}

/** Not hashes: wrong case, wrong length, paths, query-shaped strings. */
export const NOT_HASHES = [
  '',
  'abc',
  'A'.repeat(64),
  `${'a'.repeat(63)}`,
  `${'a'.repeat(65)}`,
  `${'a'.repeat(63)}g`,
  `../../${'a'.repeat(58)}`,
  `ab/cd/${'a'.repeat(58)}`,
  `${'a'.repeat(63)}\n`,
  `${'a'.repeat(62)}%2f`,
  '{"$gt":""}',
  '.tmp-whatever',
];

export function describeBlobStoreContract(name: string, openFresh: OpenFreshBlobStore): void {
  describe(`blob store contract: ${name}`, () => {
    let current: FreshBlobStore | undefined;
    beforeEach(async () => {
      current = await openFresh();
    });
    afterEach(async () => {
      const closing = current;
      current = undefined;
      await closing?.close();
    });
    const store = () => {
      if (!current) throw new Error('the blob store is only available inside a test');
      return current.blobs;
    };

    it('put answers the SHA-256 and size; has, stat and open find the bytes', async () => {
      const bytes = textBytes('hello');
      const stored = await store().put(bytes);
      expect(stored).toEqual({
        hash: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
        size: 5,
      });
      expect(await store().has(stored.hash)).toBe(true);
      expect(await store().stat(stored.hash)).toEqual({ size: 5 });
      expectBytes(await bytesOf(await store().open(stored.hash)), bytes);
    });

    it('an unknown hash is not there: has false, stat and open null', async () => {
      const unknown = sha256(textBytes('never stored'));
      expect(await store().has(unknown)).toBe(false);
      expect(await store().stat(unknown)).toBeNull();
      expect(await store().open(unknown)).toBeNull();
    });

    it('stores empty bytes and bytes over several chunks', async () => {
      const empty = await store().put(new Uint8Array());
      expect(empty).toEqual({ hash: sha256(new Uint8Array()), size: 0 });
      expectBytes(await bytesOf(await store().open(empty.hash)), new Uint8Array());
      const large = await store().put(LARGE);
      expect(large).toEqual({ hash: sha256(LARGE), size: LARGE.byteLength });
      expectBytes(await bytesOf(await store().open(large.hash)), LARGE);
    });

    it('put is idempotent: the same bytes again answer the same hash and stay readable', async () => {
      const first = await store().put(LARGE);
      const second = await store().put(LARGE.slice());
      expect(second).toEqual(first);
      expect(await store().stat(first.hash)).toEqual({ size: LARGE.byteLength });
      expectBytes(await bytesOf(await store().open(first.hash)), LARGE);
    });

    it('different bytes are different blobs', async () => {
      const a = await store().put(textBytes('a'));
      const b = await store().put(textBytes('b'));
      expect(a.hash).not.toBe(b.hash);
      expectBytes(await bytesOf(await store().open(a.hash)), textBytes('a'));
      expectBytes(await bytesOf(await store().open(b.hash)), textBytes('b'));
    });

    describe('ranges (start and end inclusive)', () => {
      const cases: { range: { start: number; end: number }; from: number; to: number }[] = [
        { range: { start: 0, end: 0 }, from: 0, to: 1 },
        { range: { start: 0, end: 9 }, from: 0, to: 10 },
        { range: { start: 10, end: 19 }, from: 10, to: 20 },
        // Across GridFS's chunk boundary (255 KiB).
        { range: { start: 261_100, end: 261_140 }, from: 261_100, to: 261_141 },
        {
          range: { start: LARGE.byteLength - 1, end: LARGE.byteLength - 1 },
          from: LARGE.byteLength - 1,
          to: LARGE.byteLength,
        },
        // An end past the blob stops at its last byte.
        { range: { start: 100, end: LARGE.byteLength + 1000 }, from: 100, to: LARGE.byteLength },
        // A start at or past the end gives no bytes.
        { range: { start: LARGE.byteLength, end: LARGE.byteLength + 5 }, from: 0, to: 0 },
      ];
      for (const { range, from, to } of cases) {
        it(`${range.start}-${range.end} gives bytes [${from}, ${to})`, async () => {
          const { hash } = await store().put(LARGE);
          expectBytes(await bytesOf(await store().open(hash, range)), LARGE.slice(from, to));
        });
      }
      it('a range of an unknown hash is null', async () => {
        expect(await store().open(sha256(textBytes('nothing')), { start: 0, end: 1 })).toBeNull();
      });
    });

    it('concurrent puts of the same bytes store one readable blob', async () => {
      const puts = await Promise.all(Array.from({ length: 8 }, () => store().put(LARGE.slice())));
      expect(new Set(puts.map((put) => put.hash))).toEqual(new Set([sha256(LARGE)]));
      expect(await store().stat(sha256(LARGE))).toEqual({ size: LARGE.byteLength });
      expectBytes(await bytesOf(await store().open(sha256(LARGE))), LARGE);
    });

    it('concurrent puts of different bytes all land', async () => {
      const payloads = Array.from({ length: 8 }, (_, index) => textBytes(`payload ${index}`));
      const puts = await Promise.all(payloads.map((payload) => store().put(payload)));
      for (const [index, put] of puts.entries())
        expectBytes(await bytesOf(await store().open(put.hash)), payloads[index]);
    });

    describe('a string that is not a hash names no blob', () => {
      for (const notHash of NOT_HASHES) {
        it(JSON.stringify(notHash), async () => {
          await store().put(textBytes('something'));
          expect(await store().has(notHash)).toBe(false);
          expect(await store().stat(notHash)).toBeNull();
          expect(await store().open(notHash)).toBeNull();
          expect(await store().open(notHash, { start: 0, end: 1 })).toBeNull();
        });
      }
      it('an upper-case spelling of a stored hash is not that blob', async () => {
        const { hash } = await store().put(textBytes('case'));
        expect(await store().has(hash.toUpperCase())).toBe(false);
      });
    });

    describe("the blob collection's side (by the store's own clock)", () => {
      const listed = async () => {
        const all = [];
        for await (const blob of store().list()) all.push(blob);
        return all;
      };

      it('lists every blob with its size and its last put, which a put of the same bytes moves on', async () => {
        const before = store().now();
        const { hash } = await store().put(textBytes('listed'));
        const [first] = await listed();
        expect(first).toMatchObject({ hash, size: 6 });
        expect(first?.lastPutAt).toBeGreaterThanOrEqual(before - 1000);
        await store().put(textBytes('listed'));
        expect((await listed())[0]?.lastPutAt).toBeGreaterThanOrEqual(first?.lastPutAt ?? 0);
        expect(await listed()).toHaveLength(1);
      });

      it('deletes a blob put before the cutoff, keeps one put since, says when there is none', async () => {
        const { hash } = await store().put(textBytes('swept'));
        expect(await store().deleteIfNotPutSince(hash, store().now() - 60_000)).toBe('young');
        expect(await store().has(hash)).toBe(true);
        expect(await store().deleteIfNotPutSince(hash, store().now() + 60_000)).toBe('deleted');
        expect(await store().has(hash)).toBe(false);
        expect(await listed()).toEqual([]);
        expect(await store().deleteIfNotPutSince(hash, store().now() + 60_000)).toBe('gone');
        // Put again after the sweep: stored anew, whole.
        await store().put(textBytes('swept'));
        expectBytes(await bytesOf(await store().open(hash)), textBytes('swept'));
      });

      it('touch dates a stored blob and answers false for one that is not there', async () => {
        const { hash } = await store().put(textBytes('touched'));
        expect(await store().touch(hash)).toBe(true);
        expect(await store().touch(sha256(textBytes('never stored')))).toBe(false);
        expect(await store().touch('../../etc')).toBe(false);
      });

      it('finishing interrupted sweeps when there were none changes nothing', async () => {
        const { hash } = await store().put(textBytes('untouched'));
        expect(await store().finishInterruptedSweeps(store().now() + 60_000)).toEqual({
          restored: 0,
          deleted: 0,
        });
        expect(await store().has(hash)).toBe(true);
      });
    });
  });
}
