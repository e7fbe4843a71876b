/**
 * A collection of the embedded engine, with MongoDB's semantics for the `StoreCollection`
 * contract.
 *
 * Every write runs in three steps: checks and the new documents are computed synchronously
 * (a refused write throws here, having changed nothing); the change is applied to memory in
 * the same synchronous stretch, so concurrent calls see each write whole and in call order
 * (which makes `$inc`, compare-and-swap updates and unique checks atomic); then the write
 * resolves once its journal batch is durable. If the journal refuses it, the change is
 * taken back before the write rejects. No caller is ever answered from a write that is not
 * acknowledged: a read (or a write that changes nothing) that saw one in memory answers
 * once it is durable, or reads again if it was refused (see `journal-writer.ts`).
 */
import type {
  Document,
  Filter,
  IndexSpecification,
  OptionalUnlessRequiredId,
  Sort,
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
  UpdateFilter,
  WithId,
} from '@quire/store';
import type { IndexDefinition, JournalOp } from '../journal-types';
import { bsonEquals, isPlainObject } from './bson-order';
import type { CollectionData, DocumentChange } from './collection-data';
import { EmbeddedCursor } from './cursor';
import { assertDocumentId, type DocumentId, idKeyOf } from './document-id';
import { normalizeSort } from './document-sort';
import { DuplicateKeyError, EmbeddedServerError, InvalidArgumentError } from './errors';
import { soleIdEquality, soleIdIn } from './filter-analysis';
import { checkFilter } from './filter-validation';
import { buildIndexDefinition, ID_INDEX, resolveIndexCreation, sameIndexKey } from './index-spec';
import type { Attempt, JournalWriter } from './journal-writer';
import { assertJsonDocument, serializeDocument } from './json-document';
import { compileFilter } from './matcher';
import { generateObjectId } from './object-id';
import { compileProjection, type Projector } from './projection';
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
    return new EmbeddedCursor<WithId<T>>((transform) =>
      this.#writer.read(
        this.collectionName,
        () => this.#read(filter, options, undefined, transform).documents,
        () => visibility(filter),
      ),
    );
  }

  findOne(filter: Filter<T> = {}, options: StoreFindOptions = {}): Promise<WithId<T> | null> {
    // The hot path, nothing of this collection in flight: answered at once, no closures.
    if (this.#writer.isSettled(this.collectionName)) {
      try {
        return Promise.resolve(this.#findOne(filter, options));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return this.#writer.read(
      this.collectionName,
      () => this.#findOne(filter, options),
      () => {
        const id = soleIdEquality(filter);
        return id === undefined ? visibility(filter) : { key: idKeyOf(id) };
      },
    );
  }

  #findOne(filter: Filter<T>, options: StoreFindOptions): WithId<T> | null {
    const id = options.skip ? undefined : soleIdEquality(filter);
    if (id !== undefined) {
      const { documents } = this.#readByIds([id], 1, compileProjection(options.projection));
      return (documents[0] as WithId<T> | undefined) ?? null;
    }
    return (this.#read(filter, options, 1).documents[0] as WithId<T> | undefined) ?? null;
  }

  /**
   * Runs `find` and reports how: the plan, the index used, whether it sorted in memory, and
   * how many keys and documents it examined (an indexed page examines about `limit`).
   */
  explain(filter: Filter<T> = {}, options: StoreFindOptions = {}): QueryStats {
    return this.#read(filter, options, undefined).stats;
  }

  countDocuments(filter: Filter<T> = {}, options: StoreCountOptions = {}): Promise<number> {
    return this.#writer.read(
      this.collectionName,
      () => this.#count(filter, options).count,
      () => visibility(filter),
    );
  }

  /** Runs `countDocuments` and reports how (see `explain`). */
  explainCount(filter: Filter<T> = {}, options: StoreCountOptions = {}): QueryStats {
    return this.#count(filter, options).stats;
  }

  #count(filter: Filter<T>, options: StoreCountOptions) {
    const { skip, limit } = skipAndLimit(options);
    return countMatches(this.#data, checkFilter(filter), skip, limit);
  }

  insertOne(doc: OptionalUnlessRequiredId<T>): Promise<StoreInsertOneResult> {
    return this.#perform(() => {
      const change = newDocument(doc);
      return { answer: { acknowledged: true, insertedId: change.id }, durable: this.#write([change]) };
    });
  }

  /**
   * Ordered, as MongoDB's default: the documents before the first one refused (a duplicate
   * key) are inserted, journaled as one batch; that one and those after it are not. The
   * refusal then says, as the driver's bulk write error does, what was inserted
   * (`insertedCount`, `insertedIds`) and which document was refused (`writeErrors[0].index`).
   */
  insertMany(docs: ReadonlyArray<OptionalUnlessRequiredId<T>>): Promise<EmbeddedInsertManyResult> {
    return this.#perform(() => {
      if (!Array.isArray(docs)) throw new InvalidArgumentError('insertMany needs an array of documents');
      if (docs.length === 0) throw new InvalidArgumentError('Invalid BulkOperation, Batch cannot be empty');
      const changes = docs.map(newDocument);
      const refusal = this.#firstRefused(changes);
      const written = refusal === undefined ? changes : changes.slice(0, refusal.index);
      const answer = {
        acknowledged: true,
        insertedCount: written.length,
        insertedIds: Object.fromEntries(written.map((change, i) => [i, change.id])),
      } as const;
      if (refusal !== undefined && written.length === 0) throw asBulkRefusal(refusal, answer);
      return { answer: { answer, refusal }, durable: this.#write(written) };
    }).then(({ answer, refusal }) => {
      if (refusal !== undefined) throw asBulkRefusal(refusal, answer);
      return answer;
    });
  }

  /**
   * The first change of an insert that a duplicate key refuses, with its error; none when
   * all are accepted. Every prefix of an accepted batch is accepted, so the longest accepted
   * prefix is found by halving: log(n) checks, each linear.
   */
  #firstRefused(changes: DocumentChange[]): InsertRefusal | undefined {
    const refusalOf = (count: number): DuplicateKeyError | undefined => {
      try {
        this.#data.prepare(changes.slice(0, count));
        return undefined;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return error;
        throw error;
      }
    };
    let error = refusalOf(changes.length);
    if (error === undefined) return undefined;
    let accepted = 0;
    let refused = changes.length;
    while (refused - accepted > 1) {
      const middle = (accepted + refused) >> 1;
      const refusal = refusalOf(middle);
      if (refusal === undefined) accepted = middle;
      else [refused, error] = [middle, refusal];
    }
    return { index: accepted, error };
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

  replaceOne(
    filter: Filter<T>,
    replacement: T,
    options: StoreUpdateOptions = {},
  ): Promise<StoreUpdateResult> {
    return this.#perform(() => {
      const checked = checkFilter(filter);
      const fields = parseReplacement(replacement);
      const [match] = this.#query(checked, 1);
      if (match === undefined) {
        if (!options.upsert) return { answer: NO_MATCH };
        const change = upsertChange(checked, () => {
          const filterId = seededId(checked);
          if (filterId !== undefined && fields._id !== undefined && !bsonEquals(filterId, fields._id)) {
            throw immutableId(fields._id);
          }
          return { ...(filterId === undefined ? {} : { _id: filterId }), ...fields };
        });
        return {
          answer: { ...NO_MATCH, upsertedCount: 1, upsertedId: change.id },
          durable: this.#write([change]),
        };
      }
      if (fields._id !== undefined && !bsonEquals(fields._id, match.id)) throw immutableId(fields._id);
      const changes = changedDocuments([match], ([doc]) => {
        for (const field of Object.keys(doc!)) delete doc![field];
        Object.assign(doc!, { _id: match.id }, fields);
      });
      return {
        answer: { ...NO_MATCH, matchedCount: 1, modifiedCount: changes.length },
        durable: this.#write(changes),
      };
    });
  }

  findOneAndUpdate(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: StoreFindOneAndUpdateOptions = {},
  ): Promise<WithId<T> | null> {
    return this.#perform(() => {
      const checked = checkFilter(filter);
      const parsed = parseUpdate(update);
      const project = compileProjection(options.projection);
      const returnAfter = options.returnDocument === 'after';
      const projected = (doc: Document | null) =>
        (doc !== null && project !== undefined ? project(doc) : doc) as WithId<T> | null;
      const [match] = this.#query(checked, 1, options.sort);
      if (match === undefined) {
        if (!options.upsert) return { answer: null };
        const change = upsertChange(checked, (seed) => {
          applyUpdate([seed], parsed, checked, 'insert');
          return seed;
        });
        const answer = returnAfter ? projected(JSON.parse(change.after!.json) as Document) : null;
        return { answer, durable: this.#write([change]) };
      }
      const before = this.#data.parsed.copyOf(match.key, match.json);
      const [change] = changedDocuments([match], (docs) => applyUpdate(docs, parsed, checked, 'update'));
      const answer = projected(
        returnAfter && change !== undefined ? (JSON.parse(change.after!.json) as Document) : before,
      );
      return { answer, durable: this.#write(change === undefined ? [] : [change]) };
    });
  }

  findOneAndDelete(filter: Filter<T>, options: StoreFindOneAndDeleteOptions = {}): Promise<WithId<T> | null> {
    return this.#perform(() => {
      const project = compileProjection(options.projection);
      const [match] = this.#query(checkFilter(filter), 1, options.sort);
      if (match === undefined) return { answer: null };
      const answer = (project === undefined ? match.doc : project(match.doc)) as WithId<T>;
      return { answer, durable: this.#write([deletion(match)]) };
    });
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
  createIndex(spec: IndexSpecification, options: StoreCreateIndexOptions = {}): Promise<string> {
    return this.#perform(() => {
      const definition = buildIndexDefinition(
        spec,
        options as StoreCreateIndexOptions & Record<string, unknown>,
      );
      if (
        sameIndexKey(definition.key, ID_INDEX.key) &&
        (options.name === undefined || options.name === ID_INDEX.name)
      ) {
        return { answer: ID_INDEX.name };
      }
      const resolution = resolveIndexCreation(definition, [ID_INDEX, ...this.#data.indexDefinitions]);
      if (resolution.action === 'exists') return { answer: resolution.name };
      this.#data.addIndex(definition);
      const durable = this.#writer.commit(
        this.collectionName,
        [{ op: 'createIndex', c: this.collectionName, index: definition }],
        () => this.#data.removeIndex(definition.name),
        'collection',
      );
      return { answer: definition.name, durable };
    });
  }

  /** The indexes, `_id_` first, as `createIndex` defined them. */
  indexDefinitions(): IndexDefinition[] {
    return [ID_INDEX, ...this.#data.indexDefinitions].map((index) => ({ ...index, key: [...index.key] }));
  }

  /**
   * Runs a query. Without `transform` each document is a private copy (or projection); with
   * one, `transform` of the document as kept (read only, see `StoreCursor.map`), or of its
   * projection, which is a copy already.
   */
  #read<U>(
    filter: Filter<T>,
    options: StoreFindOptions,
    forcedLimit: number | undefined,
    transform?: (doc: WithId<T>) => U,
  ) {
    const { skip, limit } = skipAndLimit(options);
    const project = compileProjection(options.projection);
    // `{ _id: <id> }` or `{ _id: { $in: [...] } }` unsorted, nothing skipped: the document map
    // answers it (as `findOne` does), without planning; the same documents and stats as the
    // plan's `idLookup`.
    if (skip === 0 && options.sort === undefined) {
      const id = soleIdEquality(filter);
      const ids = id === undefined ? soleIdIn(filter) : [id];
      if (ids !== undefined) return this.#readByIds(ids, forcedLimit ?? limit, project, transform);
    }
    const { matches, stats } = runQuery(this.#data, {
      filter: checkFilter(filter),
      sort: normalizeSort(options.sort),
      skip,
      limit: forcedLimit ?? limit,
    });
    let documents: Array<WithId<T> | U>;
    if (transform === undefined) {
      documents = matches.map(
        (match) => (project === undefined ? match.doc : match.projected(project)) as WithId<T>,
      );
    } else {
      documents = matches.map((match) =>
        transform((project === undefined ? match.view : match.projected(project)) as WithId<T>),
      );
    }
    return { documents, stats };
  }

  /**
   * `#read` of `_id`s in the plan's `idLookup` order (each once, as listed), at most `limit`
   * documents (0: all), with its stats: every id looked up until the limit is reached.
   */
  #readByIds<U>(
    ids: readonly DocumentId[],
    limit: number,
    project: Projector | undefined,
    transform?: (doc: WithId<T>) => U,
  ) {
    const parsed = this.#data.parsed;
    const documents: Array<WithId<T> | U> = [];
    let keysExamined = 0;
    for (const id of ids) {
      if (limit > 0 && documents.length >= limit) break;
      keysExamined++;
      const key = idKeyOf(id);
      const json = this.#data.docs.get(key);
      if (json === undefined) continue;
      // A projection is a copy already; without one, a private copy, or the kept document for a transform.
      const doc = (
        project !== undefined
          ? parsed.projectedCopyOf(key, json, project)
          : transform === undefined
            ? parsed.copyOf(key, json)
            : parsed.view(key, json, true)
      ) as WithId<T>;
      documents.push(transform === undefined ? doc : transform(doc));
    }
    const stats: QueryStats = {
      plan: 'idLookup',
      sortedInMemory: false,
      keysExamined,
      docsExamined: documents.length,
      returned: documents.length,
    };
    return { documents, stats };
  }

  #query(filter: Document, limit: number, sort?: Sort): MatchedDocument[] {
    return runQuery(this.#data, { filter, sort: normalizeSort(sort), skip: 0, limit }).matches;
  }

  #update(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: StoreUpdateOptions,
    limit: number,
  ): Promise<StoreUpdateResult> {
    return this.#perform(() => {
      const checked = checkFilter(filter);
      const parsed = parseUpdate(update);
      const matches = this.#query(checked, limit);
      if (matches.length === 0) {
        if (!options.upsert) return { answer: NO_MATCH };
        const change = upsertChange(checked, (seed) => {
          applyUpdate([seed], parsed, checked, 'insert');
          return seed;
        });
        return {
          answer: { ...NO_MATCH, upsertedCount: 1, upsertedId: change.id },
          durable: this.#write([change]),
        };
      }
      const changes = changedDocuments(matches, (docs) => applyUpdate(docs, parsed, checked, 'update'));
      return {
        answer: { ...NO_MATCH, matchedCount: matches.length, modifiedCount: changes.length },
        durable: this.#write(changes),
      };
    });
  }

  #delete(filter: Filter<T>, limit: number): Promise<StoreDeleteResult> {
    return this.#perform(() => {
      const matches = this.#query(checkFilter(filter), limit);
      return {
        answer: { acknowledged: true, deletedCount: matches.length },
        durable: this.#write(matches.map(deletion)),
      };
    });
  }

  /** Runs a write's synchronous part and answers once that answer is safe to give (see `JournalWriter.run`). */
  #perform<R>(attempt: () => Attempt<R>): Promise<R> {
    return this.#writer.run(this.collectionName, attempt);
  }

  /**
   * Checks, applies to memory and commits a write, all in one synchronous step (nothing
   * else runs in between), and returns the commit; `undefined` if nothing changes. Must be
   * the last step of an attempt: the answer is computed before it.
   */
  #write(changes: DocumentChange[]): Promise<void> | undefined {
    if (changes.length === 0) return undefined;
    const prepared = this.#data.prepare(changes);
    this.#data.apply(prepared);
    return this.#writer.commit(
      this.collectionName,
      changes.map((change) => journalOp(this.collectionName, change)),
      () => this.#data.revert(prepared),
      changes,
    );
  }
}

interface InsertRefusal {
  /** The position of the first document refused. */
  index: number;
  error: DuplicateKeyError;
}

/** The refusal of an ordered insert, telling what went in before it, as the driver's `MongoBulkWriteError`. */
function asBulkRefusal(refusal: InsertRefusal, inserted: EmbeddedInsertManyResult) {
  return Object.assign(refusal.error, {
    insertedCount: inserted.insertedCount,
    insertedIds: inserted.insertedIds,
    writeErrors: [{ index: refusal.index, code: refusal.error.code, errmsg: refusal.error.message }],
  });
}

/** Which document versions a read with `filter` could see: those the filter matches. */
function visibility(filter: Document): (doc: Document) => boolean {
  return compileFilter(checkFilter(filter));
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
export function newDocument(doc: Document): DocumentChange {
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

export function journalOp(collection: string, change: DocumentChange): JournalOp {
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
