/**
 * A collection of the embedded engine, with MongoDB's semantics for the `StoreCollection`
 * contract.
 *
 * Every write runs in three steps: checks and the new documents are computed synchronously
 * (a refused write throws here, having changed nothing); the change is applied to memory in
 * the same synchronous stretch, so concurrent calls see each write whole and in call order
 * (which makes `$inc`, compare-and-swap updates and unique checks atomic); then the write
 * resolves once its journal batch is durable. Reads see a write as soon as it is in memory,
 * before it is durable, like reading a MongoDB primary with write concern w:1.
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
import type {
  StoreCollection,
  StoreCountOptions,
  StoreCreateIndexOptions,
  StoreDeleteResult,
  StoreFindOneAndDeleteOptions,
  StoreFindOneAndUpdateOptions,
  StoreFindOptions,
  StoreInsertManyResult,
  StoreInsertOneResult,
  StoreUpdateOptions,
  StoreUpdateResult,
} from '../../store/collection';
import type { IndexDefinition, JournalOp } from '../journal-types';
import { bsonEquals, isPlainObject } from './bson-order';
import type { CollectionData, DocumentChange } from './collection-data';
import { EmbeddedCursor } from './cursor';
import { assertDocumentId, type DocumentId, idKeyOf } from './document-id';
import { normalizeSort } from './document-sort';
import { EmbeddedServerError, InvalidArgumentError } from './errors';
import { soleIdEquality } from './filter-analysis';
import { checkFilter } from './filter-validation';
import { buildIndexDefinition, ID_INDEX, resolveIndexCreation, sameIndexKey } from './index-spec';
import type { JournalWriter } from './journal-writer';
import { assertJsonDocument, serializeDocument } from './json-document';
import { generateObjectId } from './object-id';
import { compileProjection } from './projection';
import { countMatches, type MatchedDocument, type QueryStats, runQuery } from './query-executor';
import { applyUpdate, parseReplacement, parseUpdate } from './update-document';
import { seededId, seedFromFilter } from './upsert-seed';

const NO_MATCH: StoreUpdateResult = Object.freeze({
  acknowledged: true,
  matchedCount: 0,
  modifiedCount: 0,
  upsertedCount: 0,
  upsertedId: null,
});

/** `insertMany`'s result, with the driver's `insertedIds` (position to `_id`) as well. */
export interface EmbeddedInsertManyResult extends StoreInsertManyResult {
  insertedIds: Record<number, DocumentId>;
}

export class EmbeddedCollection<T extends Document = Document> implements StoreCollection<T> {
  readonly collectionName: string;
  readonly #data: CollectionData;
  readonly #writer: JournalWriter;

  constructor(name: string, data: CollectionData, writer: JournalWriter) {
    this.collectionName = name;
    this.#data = data;
    this.#writer = writer;
  }

  find(filter: Filter<T> = {}, options: StoreFindOptions = {}): EmbeddedCursor<WithId<T>> {
    return new EmbeddedCursor(() => this.#read(filter, options, undefined).documents);
  }

  async findOne(filter: Filter<T> = {}, options: StoreFindOptions = {}): Promise<WithId<T> | null> {
    const id = options.skip ? undefined : soleIdEquality(filter);
    if (id !== undefined) {
      const key = idKeyOf(id);
      const json = this.#data.docs.get(key);
      if (json === undefined) return null;
      const project = compileProjection(options.projection);
      const parsed = this.#data.parsed;
      return (
        project === undefined ? parsed.copyOf(key, json) : parsed.projectedCopyOf(key, json, project)
      ) as WithId<T>;
    }
    return this.#read(filter, options, 1).documents[0] ?? null;
  }

  /**
   * Runs `find` and reports how: the plan, the index used, whether it sorted in memory, and
   * how many keys and documents it examined (an indexed page examines about `limit`).
   */
  explain(filter: Filter<T> = {}, options: StoreFindOptions = {}): QueryStats {
    return this.#read(filter, options, undefined).stats;
  }

  async countDocuments(filter: Filter<T> = {}, options: StoreCountOptions = {}): Promise<number> {
    return this.#count(filter, options).count;
  }

  /** Runs `countDocuments` and reports how (see `explain`). */
  explainCount(filter: Filter<T> = {}, options: StoreCountOptions = {}): QueryStats {
    return this.#count(filter, options).stats;
  }

  #count(filter: Filter<T>, options: StoreCountOptions) {
    const { skip, limit } = skipAndLimit(options);
    return countMatches(this.#data, checkFilter(filter), skip, limit);
  }

  async insertOne(doc: OptionalUnlessRequiredId<T>): Promise<StoreInsertOneResult> {
    this.#writer.assertWritable();
    const change = newDocument(doc);
    await this.#write([change]);
    return { acknowledged: true, insertedId: change.id };
  }

  /** Atomic: a duplicate key refuses the whole batch, which is journaled as one batch. */
  async insertMany(docs: ReadonlyArray<OptionalUnlessRequiredId<T>>): Promise<EmbeddedInsertManyResult> {
    this.#writer.assertWritable();
    if (!Array.isArray(docs)) throw new InvalidArgumentError('insertMany needs an array of documents');
    if (docs.length === 0) throw new InvalidArgumentError('Invalid BulkOperation, Batch cannot be empty');
    const changes = docs.map(newDocument);
    await this.#write(changes);
    return {
      acknowledged: true,
      insertedCount: changes.length,
      insertedIds: Object.fromEntries(changes.map((change, i) => [i, change.id])),
    };
  }

  updateOne(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: StoreUpdateOptions = {},
  ): Promise<StoreUpdateResult> {
    return this.#update(filter, update, options, 1);
  }

  /** Atomic: every matching document is updated, or none if one update is refused. */
  updateMany(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: StoreUpdateOptions = {},
  ): Promise<StoreUpdateResult> {
    return this.#update(filter, update, options, 0);
  }

  async replaceOne(
    filter: Filter<T>,
    replacement: T,
    options: StoreUpdateOptions = {},
  ): Promise<StoreUpdateResult> {
    this.#writer.assertWritable();
    const checked = checkFilter(filter);
    const fields = parseReplacement(replacement);
    const [match] = this.#query(checked, 1);
    if (match === undefined) {
      if (!options.upsert) return NO_MATCH;
      const change = upsertChange(checked, () => {
        const filterId = seededId(checked);
        if (filterId !== undefined && fields._id !== undefined && !bsonEquals(filterId, fields._id)) {
          throw immutableId(fields._id);
        }
        return { ...(filterId === undefined ? {} : { _id: filterId }), ...fields };
      });
      await this.#write([change]);
      return { ...NO_MATCH, upsertedCount: 1, upsertedId: change.id };
    }
    if (fields._id !== undefined && !bsonEquals(fields._id, match.id)) throw immutableId(fields._id);
    const changes = changedDocuments([match], ([doc]) => {
      for (const field of Object.keys(doc!)) delete doc![field];
      Object.assign(doc!, { _id: match.id }, fields);
    });
    await this.#write(changes);
    return { ...NO_MATCH, matchedCount: 1, modifiedCount: changes.length };
  }

  async findOneAndUpdate(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: StoreFindOneAndUpdateOptions = {},
  ): Promise<WithId<T> | null> {
    this.#writer.assertWritable();
    const checked = checkFilter(filter);
    const parsed = parseUpdate(update);
    const project = compileProjection(options.projection);
    const returnAfter = options.returnDocument === 'after';
    const [match] = this.#query(checked, 1, options.sort);
    let result: Document | null;
    if (match === undefined) {
      if (!options.upsert) return null;
      const change = upsertChange(checked, (seed) => {
        applyUpdate([seed], parsed, checked, 'insert');
        return seed;
      });
      await this.#write([change]);
      result = returnAfter ? (JSON.parse(change.after!.json) as Document) : null;
    } else {
      const before = this.#data.parsed.copyOf(match.key, match.json);
      const [change] = changedDocuments([match], (docs) => applyUpdate(docs, parsed, checked, 'update'));
      await this.#write(change === undefined ? [] : [change]);
      result = returnAfter && change !== undefined ? (JSON.parse(change.after!.json) as Document) : before;
    }
    return (result !== null && project !== undefined ? project(result) : result) as WithId<T> | null;
  }

  async findOneAndDelete(
    filter: Filter<T>,
    options: StoreFindOneAndDeleteOptions = {},
  ): Promise<WithId<T> | null> {
    this.#writer.assertWritable();
    const project = compileProjection(options.projection);
    const [match] = this.#query(checkFilter(filter), 1, options.sort);
    if (match === undefined) return null;
    await this.#write([deletion(match)]);
    return (project === undefined ? match.doc : project(match.doc)) as WithId<T>;
  }

  deleteOne(filter: Filter<T>): Promise<StoreDeleteResult> {
    return this.#delete(filter, 1);
  }

  /** Atomic, and journaled as one batch. */
  deleteMany(filter: Filter<T>): Promise<StoreDeleteResult> {
    return this.#delete(filter, 0);
  }

  /**
   * Creates an index (a no-op if an identical one exists). Building over existing
   * documents that violate a unique index fails with a `DuplicateKeyError` and leaves no
   * index behind.
   */
  async createIndex(spec: IndexSpecification, options: StoreCreateIndexOptions = {}): Promise<string> {
    this.#writer.assertWritable();
    const definition = buildIndexDefinition(
      spec,
      options as StoreCreateIndexOptions & Record<string, unknown>,
    );
    if (
      sameIndexKey(definition.key, ID_INDEX.key) &&
      (options.name === undefined || options.name === ID_INDEX.name)
    ) {
      return ID_INDEX.name;
    }
    const resolution = resolveIndexCreation(definition, [ID_INDEX, ...this.#data.indexDefinitions]);
    if (resolution.action === 'exists') return resolution.name;
    this.#data.addIndex(definition);
    await this.#writer.commit([{ op: 'createIndex', c: this.collectionName, index: definition }]);
    return definition.name;
  }

  /** The indexes, `_id_` first, as `createIndex` defined them. */
  indexDefinitions(): IndexDefinition[] {
    return [ID_INDEX, ...this.#data.indexDefinitions].map((index) => ({ ...index, key: [...index.key] }));
  }

  #read(filter: Filter<T>, options: StoreFindOptions, forcedLimit: number | undefined) {
    const { skip, limit } = skipAndLimit(options);
    const project = compileProjection(options.projection);
    const { matches, stats } = runQuery(this.#data, {
      filter: checkFilter(filter),
      sort: normalizeSort(options.sort),
      skip,
      limit: forcedLimit ?? limit,
    });
    const documents = matches.map(
      (match) => (project === undefined ? match.doc : match.projected(project)) as WithId<T>,
    );
    return { documents, stats };
  }

  #query(filter: Document, limit: number, sort?: Sort): MatchedDocument[] {
    return runQuery(this.#data, { filter, sort: normalizeSort(sort), skip: 0, limit }).matches;
  }

  async #update(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: StoreUpdateOptions,
    limit: number,
  ): Promise<StoreUpdateResult> {
    this.#writer.assertWritable();
    const checked = checkFilter(filter);
    const parsed = parseUpdate(update);
    const matches = this.#query(checked, limit);
    if (matches.length === 0) {
      if (!options.upsert) return NO_MATCH;
      const change = upsertChange(checked, (seed) => {
        applyUpdate([seed], parsed, checked, 'insert');
        return seed;
      });
      await this.#write([change]);
      return { ...NO_MATCH, upsertedCount: 1, upsertedId: change.id };
    }
    const changes = changedDocuments(matches, (docs) => applyUpdate(docs, parsed, checked, 'update'));
    await this.#write(changes);
    return { ...NO_MATCH, matchedCount: matches.length, modifiedCount: changes.length };
  }

  async #delete(filter: Filter<T>, limit: number): Promise<StoreDeleteResult> {
    this.#writer.assertWritable();
    const matches = this.#query(checkFilter(filter), limit);
    await this.#write(matches.map(deletion));
    return { acknowledged: true, deletedCount: matches.length };
  }

  /**
   * Checks, applies to memory (synchronously: nothing else runs in between) and journals a
   * write. A write with no change journals nothing.
   */
  async #write(changes: DocumentChange[]): Promise<void> {
    if (changes.length === 0) return;
    this.#data.apply(this.#data.prepare(changes));
    await this.#writer.commit(changes.map((change) => journalOp(this.collectionName, change)));
  }
}

function skipAndLimit(options: { skip?: number; limit?: number }): { skip: number; limit: number } {
  const skip = options.skip ?? 0;
  const limit = options.limit ?? 0;
  if (!Number.isInteger(skip) || skip < 0) {
    throw new EmbeddedServerError(
      'BadValue',
      `skip must be a non-negative integer, got ${JSON.stringify(skip)}`,
    );
  }
  if (!Number.isInteger(limit)) {
    throw new EmbeddedServerError('BadValue', `limit must be an integer, got ${JSON.stringify(limit)}`);
  }
  // A negative limit asks the driver for a single batch of that size: the same documents.
  return { skip, limit: Math.abs(limit) };
}

/**
 * An insert's change. Like the driver, a document without `_id` gets one generated and
 * assigned to the caller's object.
 */
function newDocument(doc: Document): DocumentChange {
  if (!isPlainObject(doc)) throw new InvalidArgumentError('A document to insert must be a plain object');
  if (doc._id === undefined) doc._id = generateObjectId();
  assertDocumentId(doc._id);
  assertJsonDocument(doc);
  // The index keys come from `doc` itself: they are computed before the caller can change it.
  return {
    id: doc._id,
    key: idKeyOf(doc._id),
    before: undefined,
    after: { doc, json: serializeDocument(doc) },
  };
}

/** The insert of an upsert: `build` turns the filter's equality seed into the new document. */
function upsertChange(filter: Document, build: (seed: Document) => Document): DocumentChange {
  const seed = seedFromFilter(filter);
  const doc = build(seed);
  if (seed._id !== undefined && !bsonEquals(doc._id, seed._id)) throw immutableId(doc._id);
  return newDocument(doc);
}

/**
 * Runs `mutate` on the matches' private parsed documents and returns the changes of those
 * it modified; throws if one cannot be stored or had its `_id` changed.
 */
function changedDocuments(matches: MatchedDocument[], mutate: (docs: Document[]) => void): DocumentChange[] {
  mutate(matches.map((match) => match.doc));
  const changes: DocumentChange[] = [];
  for (const match of matches) {
    const { doc } = match;
    if (doc._id === undefined || typeof doc._id !== typeof match.id || !bsonEquals(doc._id, match.id)) {
      throw immutableId(doc._id);
    }
    assertJsonDocument(doc);
    const json = serializeDocument(doc);
    if (json !== match.json)
      changes.push({ id: match.id, key: match.key, before: match.json, after: { doc, json } });
  }
  return changes;
}

function deletion(match: MatchedDocument): DocumentChange {
  return { id: match.id, key: match.key, before: match.json, after: undefined };
}

function journalOp(collection: string, change: DocumentChange): JournalOp {
  return change.after === undefined
    ? { op: 'del', c: collection, id: change.key }
    : { op: 'put', c: collection, id: change.key, doc: change.after.json };
}

function immutableId(value: unknown): EmbeddedServerError {
  return new EmbeddedServerError(
    'ImmutableField',
    `Performing an update on the path '_id' would modify the immutable field '_id' (new value: ${JSON.stringify(value) ?? 'missing'})`,
  );
}
