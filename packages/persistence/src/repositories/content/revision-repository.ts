import type { RevisionRecord, RevisionRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes, isDuplicateKeyError } from '@quire/store';

const COLLECTION = 'revisions';

interface RevisionDocument extends Omit<RevisionRecord, 'id'> {
  _id: string;
}

export const revisionIndexes: CollectionIndexes[] = [
  defineIndexes<RevisionDocument>(COLLECTION, [
    // A space's revisions (counts; removal with the space).
    { key: { spaceId: 1, _id: 1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: RevisionDocument): RevisionRecord => ({ id: _id, ...rest });

/** Revision records kept by this process: a record never changes once written. */
const CACHE_CAPACITY = 10_000;

export class MongoRevisionRepository implements RevisionRepository {
  readonly #revisions: StoreCollection<RevisionDocument>;
  readonly #cache = new Map<string, RevisionRecord>();

  constructor(db: StoreDatabase) {
    this.#revisions = db.collection<RevisionDocument>(COLLECTION);
  }

  async insert({ id, ...rest }: RevisionRecord): Promise<void> {
    try {
      await this.#revisions.insertOne({ _id: id, ...rest });
    } catch (error) {
      // Only a space's first revision written by two requests at once has its id stored
      // already (its id is the space's, its content the same): the stored one stands.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  async findById(spaceId: string, id: string): Promise<RevisionRecord | null> {
    const cached = this.#cache.get(id);
    if (cached) return cached.spaceId === spaceId ? cached : null;
    const doc = await this.#revisions.findOne({ _id: id, spaceId });
    if (!doc) return null;
    const record = Object.freeze(toRecord(doc));
    if (this.#cache.size >= CACHE_CAPACITY) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.set(id, record);
    return record;
  }

  countForSpace(spaceId: string): Promise<number> {
    return this.#revisions.countDocuments({ spaceId });
  }
}
