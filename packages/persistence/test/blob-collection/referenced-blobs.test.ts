/**
 * The mark of the blob collection on the embedded engine, taking out of the candidates it is
 * given each hash the store names: a hash anywhere in any record of any collection is named (a
 * field, a part of a URL, a field's name, a hex run holding it at an even or an odd offset, a
 * number-keyed record), batches walk every record whatever the batch size; content objects
 * count only when reached from a record (through other objects too, deflated documents
 * read inflated); the blob store's own GridFS collections are not records.
 */
import { createHash } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import type { Store } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { describe, expect, it } from 'vitest';
import { DigestSet } from '../../src/blob-collection/digest-set';
import { markReferencedBlobs } from '../../src/blob-collection/referenced-blobs';

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const addressOf = (text: string) => createHash('sha256').update(text).digest('base64url');

function memoryStore(): { store: Store; db: EmbeddedDatabase } {
  const journal = new MemoryJournal();
  const db = new EmbeddedDatabase(new Map(), journal);
  return {
    db,
    store: {
      engine: 'embedded',
      db,
      ping: () => Promise.resolve(),
      collectionNames: () => Promise.resolve(db.collectionNames()),
      close: () => journal.close(),
    },
  };
}

/** Records as the tests write them: any `_id`, any fields. */
type AnyRecord = { _id: string | number; [field: string]: unknown };
const records = (db: EmbeddedDatabase, name: string) => db.collection<AnyRecord>(name);

/** The mark over these candidates: what it returns, and whether it took a hash out (named it). */
async function mark(store: Store, hashes: string[], batchSize = 2) {
  const candidates = new DigestSet('hex');
  for (const hash of hashes) candidates.add(hash);
  const marked = await markReferencedBlobs(store, candidates, { batchSize, blobBucket: 'blobs' });
  return { ...marked, names: (hash: string) => !candidates.has(hash) };
}

describe('markReferencedBlobs', () => {
  it('names every hash of every record, wherever it is in it', async () => {
    const { store, db } = memoryStore();
    const [field, url, key, run, odd, numbered, many] = [
      'field',
      'url',
      'key',
      'run',
      'odd',
      'numbered',
      'many',
    ].map(hashOf) as string[];
    await records(db, 'anything').insertMany([
      { _id: 'a', file: { hash: field } },
      { _id: 'b', logo: `https://docs.example/files/${url}/logo.png?x=1` },
      { _id: 'c', byHash: { [key as string]: true } },
      { _id: 'd', joined: `${'0'.repeat(10)}${run}`, odd: `cafe0${odd}${'e'.repeat(3)}` },
    ]);
    await records(db, 'numbered').insertOne({ _id: 7, hash: numbered });
    await records(db, 'many').insertMany(
      Array.from({ length: 9 }, (_, index) => ({ _id: `m${index}`, note: index === 8 ? many : 'x' })),
    );
    const named = [field, url, key, run, odd, numbered, many] as string[];
    const marked = await mark(store, [...named, hashOf('nothing')]);
    for (const hash of named) expect(marked.names(hash)).toBe(true);
    expect(marked.names(hashOf('nothing'))).toBe(false);
    expect(marked.named).toBe(named.length);
    expect(marked.records).toBe(4 + 1 + 9);
  });

  it('counts a content object only when a record reaches it, through other objects and deflated documents', async () => {
    const { store, db } = memoryStore();
    const [viaTree, viaDocument, orphaned] = ['via tree', 'via document', 'orphaned'].map(hashOf);
    const files = addressOf('files');
    const tree = addressOf('tree');
    const documentAddress = addressOf('document');
    await records(db, 'contentObjects').insertMany([
      { _id: tree, object: { kind: 'tree', children: [files, documentAddress] } },
      { _id: files, object: { kind: 'files', files: [{ hash: viaTree }] } },
      {
        _id: documentAddress,
        object: {
          kind: 'document',
          deflated: deflateRawSync(
            Buffer.from(JSON.stringify({ src: `/files/${viaDocument}/a.png` })),
          ).toString('base64'),
        },
      },
      // A purged space's files: no record reaches it any more.
      { _id: addressOf('orphan'), object: { kind: 'files', files: [{ hash: orphaned }] } },
    ]);
    await records(db, 'revisions').insertOne({ _id: 'r1', tree });
    const marked = await mark(store, [viaTree, viaDocument, orphaned] as string[]);
    expect(marked.names(viaTree as string)).toBe(true);
    expect(marked.names(viaDocument as string)).toBe(true);
    expect(marked.names(orphaned as string)).toBe(false);
    expect(marked).toMatchObject({ contentObjects: 4, traced: 3 });
  });

  it("does not read the blob store's own GridFS collections as records", async () => {
    const { store, db } = memoryStore();
    const hash = hashOf('a blob');
    await records(db, 'blobs.files').insertOne({ _id: 'f', filename: hash });
    await records(db, 'jobFiles.chunks').insertOne({ _id: 'c', data: hash });
    expect((await mark(store, [hash])).names(hash)).toBe(false);
  });
});
