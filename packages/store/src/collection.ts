/**
 * The subset of the MongoDB collection API that Quire's repositories use.
 *
 * Both engines provide it: the official driver's `Collection` satisfies it as is
 * (checked by `test/driver-satisfies-contract.test.ts`), and the embedded engine
 * implements it with MongoDB's semantics. Repositories are written against this
 * interface only, so anything they need must be added here first, and to both engines.
 *
 * Types come from the driver so that filters and updates are checked the same way for
 * both engines.
 */
import type {
  Document,
  Filter,
  IndexSpecification,
  OptionalUnlessRequiredId,
  Sort,
  UpdateFilter,
  WithId,
} from 'mongodb';
import type { WithAttachedWrite } from './attached-write';

export type { Document, Filter, IndexSpecification, OptionalUnlessRequiredId, Sort, UpdateFilter, WithId };

/** Options of `find` and `findOne` that the contract supports. */
export interface StoreFindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Document;
}

/** A cursor over the result of `find`: a transform of each document, and materialisation. */
export interface StoreCursor<T> {
  /**
   * The driver's `FindCursor.map`: `toArray` then answers `transform` of each document, in
   * order. `transform` reads the document and must neither change it nor keep any object or
   * array of it (it copies what its result keeps): the embedded engine hands it the parsed
   * document it keeps for later reads, not a private copy, so a repository that builds its
   * records field by field skips a copy of every document it lists.
   */
  map<U>(transform: (doc: T) => U): StoreCursor<U>;
  toArray(): Promise<T[]>;
}

export interface StoreInsertOneResult {
  acknowledged: boolean;
  insertedId: unknown;
}

export interface StoreInsertManyResult {
  acknowledged: boolean;
  insertedCount: number;
}

export interface StoreUpdateResult {
  acknowledged: boolean;
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  upsertedId: unknown;
}

export interface StoreDeleteResult {
  acknowledged: boolean;
  deletedCount: number;
}

export interface StoreUpdateOptions {
  upsert?: boolean;
}

export interface StoreFindOneAndUpdateOptions {
  /** 'before' (the default, as in the driver) or 'after' the update. */
  returnDocument?: 'before' | 'after';
  upsert?: boolean;
  sort?: Sort;
  projection?: Document;
}

export interface StoreFindOneAndDeleteOptions {
  sort?: Sort;
  projection?: Document;
}

export interface StoreCountOptions {
  skip?: number;
  limit?: number;
}

export interface StoreCreateIndexOptions {
  unique?: boolean;
  name?: string;
}

export interface StoreCollection<T extends Document = Document> {
  readonly collectionName: string;
  find(filter: Filter<T>, options?: StoreFindOptions): StoreCursor<WithId<T>>;
  findOne(filter: Filter<T>, options?: StoreFindOptions): Promise<WithId<T> | null>;
  insertOne(doc: OptionalUnlessRequiredId<T>): Promise<StoreInsertOneResult>;
  insertMany(docs: ReadonlyArray<OptionalUnlessRequiredId<T>>): Promise<StoreInsertManyResult>;
  updateOne(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options?: StoreUpdateOptions,
  ): Promise<StoreUpdateResult>;
  updateMany(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options?: StoreUpdateOptions,
  ): Promise<StoreUpdateResult>;
  replaceOne(filter: Filter<T>, replacement: T, options?: StoreUpdateOptions): Promise<StoreUpdateResult>;
  findOneAndUpdate(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: StoreFindOneAndUpdateOptions,
  ): Promise<WithId<T> | null>;
  findOneAndDelete(filter: Filter<T>, options?: StoreFindOneAndDeleteOptions): Promise<WithId<T> | null>;
  deleteOne(filter: Filter<T>): Promise<StoreDeleteResult>;
  deleteMany(filter: Filter<T>): Promise<StoreDeleteResult>;
  countDocuments(filter?: Filter<T>, options?: StoreCountOptions): Promise<number>;
  createIndex(spec: IndexSpecification, options?: StoreCreateIndexOptions): Promise<string>;
}

/** A database: named collections. */
export interface StoreDatabase {
  collection<T extends Document = Document>(name: string): StoreCollection<T>;
}

/**
 * How long some operation took, as a Prometheus histogram holds it: `counts[i]` operations
 * took at most `bounds[i]` seconds (cumulative), `count` operations took `sumSeconds` in all.
 */
export interface LatencyFigures {
  readonly bounds: readonly number[];
  readonly counts: readonly number[];
  readonly count: number;
  readonly sumSeconds: number;
}

/** An engine's own figures, for monitoring (`/metrics`); reading them does no I/O. */
export interface StoreStats {
  /** Documents held, by collection. */
  documents: Record<string, number>;
  /** Bytes of the journal since the last snapshot (what a restart replays). */
  journalBytes: number;
  /** Bytes of the last snapshot. */
  snapshotBytes: number;
  /** The journal's fdatasync calls: what every acknowledged write waits for. */
  fsync: LatencyFigures;
  /** Compactions since the store was opened. */
  compactions: number;
  /** When the last compaction since the store was opened finished (ms since the epoch); null: none yet. */
  lastCompactionAt: number | null;
  /** Disk writes and syncs that failed (a full or failing disk) since the store was opened. */
  writeFailures: number;
  /** True while the store refuses writes because the disk does not take them. */
  refusingWrites: boolean;
}

/** An opened store: the database plus its lifecycle. */
export interface Store {
  /** 'embedded' or 'mongodb'. */
  readonly engine: 'embedded' | 'mongodb';
  readonly db: StoreDatabase;
  /** Resolves when the store can serve (used by /readyz). */
  ping(): Promise<void>;
  /**
   * The database server's clock (ms since the epoch), for an engine several processes share
   * (MongoDB: `hello`'s `localTime`), so that they judge each other by one clock, not each by
   * its own. Absent: the process using the store is the only one (embedded), its clock serves.
   */
  time?(): Promise<number>;
  /**
   * The names of the collections holding documents, every one (the blob collection's mark
   * walks them all: a record of a kind it was not told about still keeps its blobs). MongoDB
   * leaves out its `system.*` collections. Both engines opened by Quire have it; a stand-in
   * store of a test may leave it out (then the blob collection refuses to run).
   */
  collectionNames?(): Promise<string[]>;
  close(): Promise<void>;
  /**
   * The engine's figures, for engines that keep them (the embedded one). MongoDB reports its
   * own through its tools (serverStatus, mongodb_exporter).
   */
  stats?(): StoreStats;
  /**
   * Writes a document with the first change `run` makes, atomically (`attached-write.ts`):
   * the embedded engine puts it in that change's journal batch, MongoDB runs that change and
   * its insert in one transaction. Both engines opened by Quire have it; a stand-in store of
   * a test may leave it out (then nothing is attached).
   */
  withAttachedWrite?: WithAttachedWrite;
}

/** The driver's error shape for a unique index violation; both engines raise it. */
export interface DuplicateKeyErrorShape {
  code: 11000;
  keyPattern?: Document;
  keyValue?: Document;
}

export function isDuplicateKeyError(error: unknown): error is Error & DuplicateKeyErrorShape {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
