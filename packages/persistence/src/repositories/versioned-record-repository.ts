/**
 * The repository of a record written by compare-and-swap on its `version` (a space's Git
 * settings, a translation, an OpenAPI specification, a site), written once: the record is
 * stored as it is, its key (its id, or the space's id) as `_id`; inserted once, replaced only
 * while the stored version is the one read (one atomic `replaceOne` on `{_id, version}`),
 * deleted by key. An area's repository extends it with its own queries over `collection`, and
 * declares its collection's indexes with `defineIndexes<StoredRecord<...>>` next to them.
 */

import type { Filter, OptionalUnlessRequiredId, StoreCollection, StoreDatabase, WithId } from '@quire/store';
import { insertedUnlessTaken } from './duplicate-key';

/** The fields of `R` holding a string: what can key a record. */
type StringKeyOf<R> = { [P in keyof R]: R[P] extends string ? P : never }[keyof R] & string;

/** A record as stored: its key as `_id`, every other field as it is. */
export type StoredRecord<R, K extends keyof R> = Omit<R, K> & { _id: string };

export class VersionedRecordRepository<R extends { version: number }, K extends StringKeyOf<R>> {
  protected readonly collection: StoreCollection<StoredRecord<R, K>>;
  readonly #key: K;

  constructor(db: StoreDatabase, collectionName: string, key: K) {
    this.collection = db.collection<StoredRecord<R, K>>(collectionName);
    this.#key = key;
  }

  protected readonly toRecord = ({ _id, ...rest }: WithId<StoredRecord<R, K>>): R =>
    ({ [this.#key]: _id, ...rest }) as unknown as R;

  #toDocument(record: R): StoredRecord<R, K> {
    const { [this.#key]: key, ...rest } = record;
    return { _id: key as string, ...rest } as unknown as StoredRecord<R, K>;
  }

  /** The record whose key is `key`. */
  async findById(key: string): Promise<R | null> {
    const doc = await this.collection.findOne(this.#byKey(key));
    return doc ? this.toRecord(doc) : null;
  }

  /** False when a record with its key, or with the values of a unique index, is stored (nothing written). */
  async insert(record: R): Promise<boolean> {
    return insertedUnlessTaken(() =>
      this.collection.insertOne(this.#toDocument(record) as OptionalUnlessRequiredId<StoredRecord<R, K>>),
    );
  }

  /** Replaces the record when its stored version is still `expectedVersion`; false otherwise. */
  async replace(record: R, expectedVersion: number): Promise<boolean> {
    // One atomic step: matched only while nobody replaced the version read.
    const filter = { _id: record[this.#key], version: expectedVersion } as Filter<StoredRecord<R, K>>;
    const result = await this.collection.replaceOne(filter, this.#toDocument(record));
    return result.matchedCount === 1;
  }

  /** True when a record was deleted. */
  async delete(key: string): Promise<boolean> {
    const result = await this.collection.deleteOne(this.#byKey(key));
    return result.deletedCount === 1;
  }

  #byKey(key: string): Filter<StoredRecord<R, K>> {
    return { _id: key } as Filter<StoredRecord<R, K>>;
  }
}
