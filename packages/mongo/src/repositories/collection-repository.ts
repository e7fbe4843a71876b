import type { CollectionRecord, CollectionRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '../store/collection';
import { type CollectionIndexes, defineIndexes } from '../store/indexes';

const COLLECTION = 'collections';

/** A collection as stored: the record with its id as `_id`. */
export interface CollectionDocument extends Omit<CollectionRecord, 'id'> {
  _id: string;
}

export const collectionIndexes: CollectionIndexes[] = [
  defineIndexes<CollectionDocument>(COLLECTION, [
    // An organization's collections in creation order (ids are time-ordered).
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

function toRecord({ _id, ...rest }: CollectionDocument): CollectionRecord {
  return { id: _id, ...rest };
}

export class MongoCollectionRepository implements CollectionRepository {
  readonly #collections: StoreCollection<CollectionDocument>;

  constructor(db: StoreDatabase) {
    this.#collections = db.collection<CollectionDocument>(COLLECTION);
  }

  async findById(id: string): Promise<CollectionRecord | null> {
    const doc = await this.#collections.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findByIds(ids: readonly string[]): Promise<CollectionRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.#collections.find({ _id: { $in: [...ids] } }).toArray();
    return docs.map(toRecord);
  }
}
