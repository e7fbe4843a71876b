/**
 * The mark of the blob collection: the set of blob hashes the store names. Every collection
 * the store holds is read, in batches of `batchSize` documents in `_id` order (one find each,
 * never a whole collection), and every hash any record names keeps its blob
 * (`names-in-record.ts`), whichever kind of record it is: a record of a kind written after
 * this was, or one it was never told about, keeps its blobs all the same.
 *
 * Two exceptions, both for a reason:
 * - Content objects (`contentObjects`) are never deleted (content-addressed, shared across
 *   revisions, spaces and organizations), so read as roots they would keep every file ever
 *   stored. They are traced instead: an object counts when a record outside them names its
 *   address, or an object that counts does (its children, its files); the others (those of
 *   purged spaces alone) name nothing that is kept.
 * - The blob store's own GridFS collections (`blobs.files`, `blobs.chunks` on MongoDB) are
 *   the blobs, not records naming them; any other GridFS bucket's chunks are bytes, not
 *   records (the job files' are the sources of imports not yet run, whose blobs are put when
 *   the job runs: a fresh put, inside the grace).
 *
 * What it keeps in memory: the hashes named (32 bytes and the set's overhead each), the
 * addresses of the content objects reached, and one batch of documents.
 */
import type { Filter, Store, StoreCollection } from '@quire/store';
import { CONTENT_OBJECTS_COLLECTION } from '../repositories/content/content-object-repository';
import { DigestSet } from './digest-set';
import { type NameVisitor, visitNamesIn } from './names-in-record';

export interface ReferencedBlobs {
  /** The blob hashes named. */
  hashes: DigestSet;
  /** Records read, content objects included. */
  records: number;
  /** Content objects reached from the records. */
  contentObjects: number;
}

export interface MarkOptions {
  /** Documents read per find. */
  batchSize: number;
  /** The GridFS bucket of the blobs, whose collections are skipped. */
  blobBucket: string;
  /** Called after each batch with the records read so far and an estimate of all. */
  progress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export class StoreNotListableError extends Error {
  constructor() {
    super('the store cannot list its collections: no blob can be collected without reading them all');
    this.name = 'StoreNotListableError';
  }
}

/** Typed as Quire's records are (string ids); read as any value, whatever the id's type. */
type Doc = { _id: string };

export async function markReferencedBlobs(store: Store, options: MarkOptions): Promise<ReferencedBlobs> {
  if (!store.collectionNames) throw new StoreNotListableError();
  const names = (await store.collectionNames())
    .filter((name) => name !== `${options.blobBucket}.files` && name !== `${options.blobBucket}.chunks`)
    .filter((name) => !name.endsWith('.chunks'))
    .sort();
  const roots = names.filter((name) => name !== CONTENT_OBJECTS_COLLECTION);
  let total = 0;
  for (const name of names) total += await store.db.collection(name).countDocuments({});
  const hashes = new DigestSet('hex');
  const reached = new DigestSet('base64url');
  let pending: string[] = [];
  const visitor: NameVisitor = {
    hash: (hash) => {
      hashes.add(hash);
    },
    address: (address) => {
      if (reached.add(address)) pending.push(address);
    },
  };
  let records = 0;
  const counted = (batch: number) => {
    records += batch;
    options.progress?.(records, Math.max(records, total));
  };
  for (const name of roots) {
    for await (const batch of batchesOf(store.db.collection<Doc>(name), options.batchSize)) {
      options.signal?.throwIfAborted();
      for (const document of batch) visitNamesIn(document, visitor);
      counted(batch.length);
    }
  }
  // The content objects reached, level by level: a candidate address that no object has
  // (a string that only looked like one) costs one index lookup and nothing more.
  const objects = store.db.collection<Doc>(CONTENT_OBJECTS_COLLECTION);
  let contentObjects = 0;
  while (pending.length > 0) {
    const level = pending;
    pending = [];
    for (let start = 0; start < level.length; start += options.batchSize) {
      options.signal?.throwIfAborted();
      const ids = level.slice(start, start + options.batchSize);
      const found = await objects.find({ _id: { $in: ids } }).toArray();
      for (const object of found) visitNamesIn(object, visitor);
      contentObjects += found.length;
      counted(found.length);
    }
  }
  return { hashes, records, contentObjects };
}

/**
 * The documents of a collection in batches, by `_id`: string ids (every Quire record's) as a
 * range from the last one read, so a batch costs one index range whatever the collection's
 * size; ids of any other type (a GridFS file's ObjectId on MongoDB) are few, and read by a
 * list of their ids taken first.
 */
async function* batchesOf(collection: StoreCollection<Doc>, size: number): AsyncIterable<Doc[]> {
  let after: string | undefined;
  for (;;) {
    const filter: Filter<Doc> = after === undefined ? { _id: { $gte: '' } } : { _id: { $gt: after } };
    const batch = await collection.find(filter, { sort: { _id: 1 }, limit: size }).toArray();
    if (batch.length === 0) break;
    yield batch;
    after = batch[batch.length - 1]?._id;
    if (batch.length < size) break;
  }
  const others = await collection
    .find({ _id: { $not: { $type: 'string' } } } as Filter<Doc>, { projection: { _id: 1 } })
    .toArray();
  for (let start = 0; start < others.length; start += size) {
    const ids = others.slice(start, start + size).map((document) => document._id);
    yield await collection.find({ _id: { $in: ids } }).toArray();
  }
}
