import type { SiteRecord, SiteRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';

const COLLECTION = 'sites';

/**
 * A site as stored: one document with its whole structure (see the domain's `records.ts`);
 * `_id` is the site's id (time-ordered: by id is by creation).
 */
export interface SiteDocument extends Omit<SiteRecord, 'id'> {
  _id: string;
}

export const siteIndexes: CollectionIndexes[] = [
  defineIndexes<SiteDocument>(COLLECTION, [
    // The sites of an organization, in creation order.
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: SiteDocument): SiteRecord => ({ id: _id, ...rest });
const toDocument = ({ id, ...rest }: SiteRecord): SiteDocument => ({ _id: id, ...rest });

export class MongoSiteRepository implements SiteRepository {
  readonly #sites: StoreCollection<SiteDocument>;

  constructor(db: StoreDatabase) {
    this.#sites = db.collection<SiteDocument>(COLLECTION);
  }

  async findById(id: string): Promise<SiteRecord | null> {
    const doc = await this.#sites.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async listAll(organizationId: string): Promise<SiteRecord[]> {
    const docs = await this.#sites.find({ organizationId }, { sort: { _id: 1 } }).toArray();
    return docs.map(toRecord);
  }

  async insert(site: SiteRecord): Promise<void> {
    await this.#sites.insertOne(toDocument(site));
  }

  async replace(site: SiteRecord, expectedVersion: number): Promise<boolean> {
    // One atomic step: matched only while nobody replaced the version read.
    const result = await this.#sites.replaceOne({ _id: site.id, version: expectedVersion }, toDocument(site));
    return result.matchedCount === 1;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.#sites.deleteOne({ _id: id });
    return result.deletedCount === 1;
  }
}
