/**
 * The mark of the blob collection: takes out of a set of candidate blobs (`candidates`, the
 * old blobs the collection listed) every hash the store names. Every collection the store
 * holds is read, in batches of `batchSize` documents in `_id` order (one find each, never a
 * whole collection), and every hash any record names keeps its blob (`names-in-record.ts`),
 * whichever kind of record it is: a record of a kind written after this was, or one it was
 * never told about, keeps its blobs all the same.
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
 * What it holds is bounded by what is stored, never by what the records say: a member's page
 * of a megabyte of hex text holds a hash at each of its million offsets, and one of `x-y-z-...`
 * a possible address after each `-`. So the mark never adds what it meets: a hash met is only
 * taken out of `candidates` (filled by the caller from the blobs listed), and an address met
 * is only taken out of the content objects' ids, listed first (one batch of ids a find): an
 * address no object has costs one set lookup, no memory and no find, and an object's address
 * is traced once (the level being traced holds only addresses taken out of that list). In
 * memory: the candidates, the content objects' ids not reached yet, the level being traced,
 * and one batch of documents. A content object written after its ids were listed is not
 * traced: it was written during the run, which `collect-unreferenced-blobs.ts` covers.
 */
import type { Filter, Store, StoreCollection } from '@quire/store';
import { CONTENT_OBJECTS_COLLECTION } from '../repositories/content/content-object-repository';
import { DigestSet } from './digest-set';
import { type NameVisitor, visitNamesIn } from './names-in-record';

export interface MarkedBlobs {
  /** Candidates a record names (taken out of the set). */
  named: number;
  /** Records read, content objects included. */
  records: number;
  /** Content objects listed (the addresses a record may name that are traced). */
  contentObjects: number;
  /** Content objects reached from the records, and read. */
  traced: number;
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

export async function markReferencedBlobs(
  store: Store,
  candidates: DigestSet,
  options: MarkOptions,
): Promise<MarkedBlobs> {
  if (!store.collectionNames) throw new StoreNotListableError();
  const names = (await store.collectionNames())
    .filter((name) => name !== `${options.blobBucket}.files` && name !== `${options.blobBucket}.chunks`)
    .filter((name) => !name.endsWith('.chunks'))
    .sort();
  const roots = names.filter((name) => name !== CONTENT_OBJECTS_COLLECTION);
  let total = 0;
  for (const name of names) total += await store.db.collection(name).countDocuments({});
  const objects = store.db.collection<Doc>(CONTENT_OBJECTS_COLLECTION);
  // The content objects' ids, the only addresses worth a find: as many as are stored.
  const unreached = new DigestSet('base64url');
  if (names.includes(CONTENT_OBJECTS_COLLECTION)) {
    for await (const batch of batchesOf(objects, options.batchSize, { _id: 1 })) {
      options.signal?.throwIfAborted();
      for (const { _id } of batch) if (typeof _id === 'string') unreached.add(_id);
    }
  }
  const contentObjects = unreached.size;
  let named = 0;
  let pending: string[] = [];
  const visitor: NameVisitor = {
    hash: (hash) => {
      if (candidates.delete(hash)) named += 1;
    },
    address: (address) => {
      if (unreached.delete(address)) pending.push(address);
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
  // The content objects reached, level by level: each address is one an object had when
  // listed (one purged since is simply not found), and each is read once.
  let traced = 0;
  while (pending.length > 0) {
    const level = pending;
    pending = [];
    for (let start = 0; start < level.length; start += options.batchSize) {
      options.signal?.throwIfAborted();
      const ids = level.slice(start, start + options.batchSize);
      const found = await objects.find({ _id: { $in: ids } }).toArray();
      for (const object of found) visitNamesIn(object, visitor);
      traced += found.length;
      counted(found.length);
    }
  }
  return { named, records, contentObjects, traced };
}

/**
 * The documents of a collection in batches, by `_id`: string ids (every Quire record's) as a
 * range from the last one read, so a batch costs one index range whatever the collection's
 * size; ids of any other type (a GridFS file's ObjectId on MongoDB) are few, and read by a
 * list of their ids taken first. With `projection`, only the ids are read.
 */
async function* batchesOf(
  collection: StoreCollection<Doc>,
  size: number,
  projection?: { _id: 1 },
): AsyncIterable<Doc[]> {
  let after: string | undefined;
  for (;;) {
    const filter: Filter<Doc> = after === undefined ? { _id: { $gte: '' } } : { _id: { $gt: after } };
    const batch = await collection
      .find(filter, { sort: { _id: 1 }, limit: size, ...(projection ? { projection } : {}) })
      .toArray();
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
    yield await collection.find({ _id: { $in: ids } }, projection ? { projection } : {}).toArray();
  }
}
