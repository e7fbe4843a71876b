import type { SiteRecord, SiteRepository } from '@quire/domain';
import { type CollectionIndexes, defineIndexes, type StoreDatabase } from '@quire/store';
import { type StoredRecord, VersionedRecordRepository } from '../versioned-record-repository';

const COLLECTION = 'sites';

/**
 * A site as stored: one document with its whole structure (see the domain's `records.ts`);
 * `_id` is the site's id (time-ordered: by id is by creation).
 */
type SiteDocument = StoredRecord<SiteRecord, 'id'>;

export const siteIndexes: CollectionIndexes[] = [
  defineIndexes<SiteDocument>(COLLECTION, [
    // The sites of an organization, in creation order.
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

export class MongoSiteRepository
  extends VersionedRecordRepository<SiteRecord, 'id'>
  implements SiteRepository
{
  constructor(db: StoreDatabase) {
    super(db, COLLECTION, 'id');
  }

  async listAll(organizationId: string): Promise<SiteRecord[]> {
    const docs = await this.collection.find({ organizationId }, { sort: { _id: 1 } }).toArray();
    return docs.map(this.toRecord);
  }
}
