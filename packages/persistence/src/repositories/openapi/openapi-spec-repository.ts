import type { OpenApiSpecRecord, OpenApiSpecRepository } from '@quire/domain';
import { type CollectionIndexes, defineIndexes, type StoreDatabase } from '@quire/store';
import { type StoredRecord, VersionedRecordRepository } from '../versioned-record-repository';

const COLLECTION = 'openApiSpecs';

/** A spec as stored; `_id` is its id (time-ordered: by id is by creation). */
type OpenApiSpecDocument = StoredRecord<OpenApiSpecRecord, 'id'>;

export const openApiSpecIndexes: CollectionIndexes[] = [
  defineIndexes<OpenApiSpecDocument>(COLLECTION, [
    // One spec per slug in an organization: two creates racing, one wins.
    { key: { organizationId: 1, slug: 1 }, unique: true },
    // The specs of an organization, in creation order.
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

export class MongoOpenApiSpecRepository
  extends VersionedRecordRepository<OpenApiSpecRecord, 'id'>
  implements OpenApiSpecRepository
{
  constructor(db: StoreDatabase) {
    super(db, COLLECTION, 'id');
  }

  async findBySlug(organizationId: string, slug: string): Promise<OpenApiSpecRecord | null> {
    const doc = await this.collection.findOne({ organizationId, slug });
    return doc ? this.toRecord(doc) : null;
  }

  async listAll(organizationId: string): Promise<OpenApiSpecRecord[]> {
    const docs = await this.collection.find({ organizationId }, { sort: { _id: 1 } }).toArray();
    return docs.map(this.toRecord);
  }
}
