import type { PageRequest, Slice, TranslationRecord, TranslationRepository } from '@quire/domain';
import { type CollectionIndexes, defineIndexes, type StoreDatabase } from '@quire/store';
import { findPage } from '../find-page';
import { type StoredRecord, VersionedRecordRepository } from '../versioned-record-repository';

const COLLECTION = 'translations';

/** A translation as stored; `_id` is its id (time-ordered: by id is by creation). */
type TranslationDocument = StoredRecord<TranslationRecord, 'id'>;

export const translationIndexes: CollectionIndexes[] = [
  defineIndexes<TranslationDocument>(COLLECTION, [
    // One translation of a space into a language: two creates racing, one wins.
    { key: { organizationId: 1, sourceSpaceId: 1, language: 1 }, unique: true },
    // The translations of an organization, in creation order.
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

export class MongoTranslationRepository
  extends VersionedRecordRepository<TranslationRecord, 'id'>
  implements TranslationRepository
{
  constructor(db: StoreDatabase) {
    super(db, COLLECTION, 'id');
  }

  listPage(organizationId: string, page: PageRequest): Promise<Slice<TranslationRecord>> {
    return findPage(this.collection, { organizationId }, { direction: 1 }, page, this.toRecord);
  }

  count(organizationId: string): Promise<number> {
    return this.collection.countDocuments({ organizationId });
  }
}
