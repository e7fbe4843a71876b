import type { RevisionRecord, RevisionRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';

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

export class MongoRevisionRepository implements RevisionRepository {
  readonly #revisions: StoreCollection<RevisionDocument>;

  constructor(db: StoreDatabase) {
    this.#revisions = db.collection<RevisionDocument>(COLLECTION);
  }

  async insert({ id, ...rest }: RevisionRecord): Promise<void> {
    await this.#revisions.insertOne({ _id: id, ...rest });
  }

  async findById(spaceId: string, id: string): Promise<RevisionRecord | null> {
    const doc = await this.#revisions.findOne({ _id: id, spaceId });
    return doc ? toRecord(doc) : null;
  }

  countForSpace(spaceId: string): Promise<number> {
    return this.#revisions.countDocuments({ spaceId });
  }
}
