import type { GitSyncRecord, GitSyncRepository } from '@quire/domain';
import { type CollectionIndexes, defineIndexes, type StoreDatabase } from '@quire/store';
import { type StoredRecord, VersionedRecordRepository } from '../versioned-record-repository';

const COLLECTION = 'gitSync';

/** A space's Git settings as stored; `_id` is the space's id (one per space). */
type GitSyncDocument = StoredRecord<GitSyncRecord, 'spaceId'>;

export const gitSyncIndexes: CollectionIndexes[] = [
  // The organization's Git settings (removed with it).
  defineIndexes<GitSyncDocument>(COLLECTION, [{ key: { organizationId: 1 } }]),
];

export class MongoGitSyncRepository
  extends VersionedRecordRepository<GitSyncRecord, 'spaceId'>
  implements GitSyncRepository
{
  constructor(db: StoreDatabase) {
    super(db, COLLECTION, 'spaceId');
  }

  findBySpace(spaceId: string): Promise<GitSyncRecord | null> {
    return this.findById(spaceId);
  }
}
