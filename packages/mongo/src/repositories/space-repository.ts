import type { SpaceRecord, SpaceRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '../store/collection';
import { type CollectionIndexes, defineIndexes } from '../store/indexes';

const COLLECTION = 'spaces';

/** A space as stored: the record with its id as `_id`. */
export interface SpaceDocument extends Omit<SpaceRecord, 'id'> {
  _id: string;
}

export const spaceIndexes: CollectionIndexes[] = [
  defineIndexes<SpaceDocument>(COLLECTION, [
    // An organization's spaces in creation order (ids are time-ordered).
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

function toRecord({ _id, ...rest }: SpaceDocument): SpaceRecord {
  return { id: _id, ...rest };
}

export class MongoSpaceRepository implements SpaceRepository {
  readonly #spaces: StoreCollection<SpaceDocument>;

  constructor(db: StoreDatabase) {
    this.#spaces = db.collection<SpaceDocument>(COLLECTION);
  }

  async findById(id: string): Promise<SpaceRecord | null> {
    const doc = await this.#spaces.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findByIds(ids: readonly string[]): Promise<SpaceRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.#spaces.find({ _id: { $in: [...ids] } }).toArray();
    return docs.map(toRecord);
  }
}
