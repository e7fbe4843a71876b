import type { SiteRecord, SiteRepository, SiteStamp } from '@quire/domain';
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
    // A site at Quire's own address (`~sites/<organization>/<basename>`).
    { key: { organizationId: 1, basename: 1 } },
    // A published URL's site, by custom hostname or by proxy (`<host>/<path>`: a range of keys).
    { key: { hostname: 1 } },
    { key: { proxy: 1 } },
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

  async stampById(id: string): Promise<SiteStamp | null> {
    const [stamp] = await this.collection.find({ _id: id }, { limit: 1 }).map(stampOf).toArray();
    return stamp ?? null;
  }

  async stampByName(organizationId: string, name: string): Promise<SiteStamp | null> {
    // The oldest of that basename (basenames are not unique), as the list in creation order has it first.
    const [named] = await this.collection
      .find({ organizationId, basename: name }, { sort: { _id: 1 }, limit: 1 })
      .map(stampOf)
      .toArray();
    if (named) return named;
    const [byId] = await this.collection
      .find({ _id: name, organizationId }, { limit: 1 })
      .map(stampOf)
      .toArray();
    return byId ?? null;
  }

  async stampsByProxyHost(hostname: string): Promise<SiteStamp[]> {
    return this.collection
      .find({ proxy: { $gte: `${hostname}/`, $lt: `${hostname}0` } }, { limit: 100 })
      .map(stampOf)
      .toArray();
  }

  async findByHostname(hostname: string): Promise<SiteRecord | null> {
    const doc = await this.collection.findOne({ hostname });
    return doc ? this.toRecord(doc) : null;
  }

  async findByProxyHost(hostname: string): Promise<SiteRecord[]> {
    // Every proxy of the host starts with `<hostname>/`; '0' is the character after '/'.
    const docs = await this.collection
      .find({ proxy: { $gte: `${hostname}/`, $lt: `${hostname}0` } }, { limit: 100 })
      .toArray();
    return docs.map(this.toRecord);
  }
}

/**
 * A stamp read off the stored document without copying it (`map` is handed the store's own
 * document, so the structure and customization, the bulk of a site, are never copied).
 */
const stampOf = (doc: {
  _id: string;
  organizationId: string;
  version: number;
  proxy?: string;
}): SiteStamp => ({
  id: doc._id,
  organizationId: doc.organizationId,
  version: doc.version,
  ...(doc.proxy === undefined ? {} : { proxy: doc.proxy }),
});
