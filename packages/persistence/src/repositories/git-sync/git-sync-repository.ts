import type { GitSyncRecord, GitSyncRepository } from '@quire/domain';
import {
  type CollectionIndexes,
  defineIndexes,
  isDuplicateKeyError,
  type StoreCollection,
  type StoreDatabase,
} from '@quire/store';

const COLLECTION = 'gitSync';

/** A space's Git settings as stored; `_id` is the space's id (one per space). */
interface GitSyncDocument extends Omit<GitSyncRecord, 'spaceId'> {
  _id: string;
}

export const gitSyncIndexes: CollectionIndexes[] = [
  // The organization's Git settings (removed with it).
  defineIndexes<GitSyncDocument>(COLLECTION, [{ key: { organizationId: 1 } }]),
];

const toRecord = ({ _id, ...rest }: GitSyncDocument): GitSyncRecord => ({ spaceId: _id, ...rest });
const toDocument = ({ spaceId, ...rest }: GitSyncRecord): GitSyncDocument => ({ _id: spaceId, ...rest });

export class MongoGitSyncRepository implements GitSyncRepository {
  readonly #settings: StoreCollection<GitSyncDocument>;

  constructor(db: StoreDatabase) {
    this.#settings = db.collection<GitSyncDocument>(COLLECTION);
  }

  async findBySpace(spaceId: string): Promise<GitSyncRecord | null> {
    const doc = await this.#settings.findOne({ _id: spaceId });
    return doc ? toRecord(doc) : null;
  }

  async insert(record: GitSyncRecord): Promise<boolean> {
    try {
      await this.#settings.insertOne(toDocument(record));
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async replace(record: GitSyncRecord, expectedVersion: number): Promise<boolean> {
    // One atomic step: matched only while nobody replaced the version read.
    const result = await this.#settings.replaceOne(
      { _id: record.spaceId, version: expectedVersion },
      toDocument(record),
    );
    return result.matchedCount === 1;
  }

  async delete(spaceId: string): Promise<boolean> {
    const result = await this.#settings.deleteOne({ _id: spaceId });
    return result.deletedCount === 1;
  }
}
