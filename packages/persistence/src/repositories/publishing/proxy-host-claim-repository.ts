import type { ProxyHostClaimRecord, ProxyHostClaimRepository } from '@quire/domain';
import {
  type CollectionIndexes,
  defineIndexes,
  type StoreCollection,
  type StoreDatabase,
} from '@quire/store';
import { insertedUnlessTaken } from '../duplicate-key';

const COLLECTION = 'proxyHostClaims';

/**
 * The claim on a proxy's host as stored: `_id` is the host (unique by construction: the store
 * has no transactions, so one organization per host is the key's); a takeover is a
 * compare-and-set on `organizationId`.
 */
interface ProxyHostClaimDocument {
  _id: string;
  organizationId: string;
  createdAt: string;
}

export const proxyHostClaimIndexes: CollectionIndexes[] = [
  defineIndexes<ProxyHostClaimDocument>(COLLECTION, [
    // An organization's claimed hosts.
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

const toDocument = (record: ProxyHostClaimRecord): ProxyHostClaimDocument => ({
  _id: record.hostname,
  organizationId: record.organizationId,
  createdAt: record.createdAt,
});

const toRecord = (doc: ProxyHostClaimDocument): ProxyHostClaimRecord => ({
  hostname: doc._id,
  organizationId: doc.organizationId,
  createdAt: doc.createdAt,
});

export class MongoProxyHostClaimRepository implements ProxyHostClaimRepository {
  readonly #claims: StoreCollection<ProxyHostClaimDocument>;

  constructor(db: StoreDatabase) {
    this.#claims = db.collection<ProxyHostClaimDocument>(COLLECTION);
  }

  async find(hostname: string): Promise<ProxyHostClaimRecord | null> {
    const doc = await this.#claims.findOne({ _id: hostname });
    return doc ? toRecord(doc) : null;
  }

  async insert(record: ProxyHostClaimRecord): Promise<boolean> {
    return insertedUnlessTaken(() => this.#claims.insertOne(toDocument(record)));
  }

  async replaceHolder(record: ProxyHostClaimRecord, expectedOrganizationId: string): Promise<boolean> {
    const replaced = await this.#claims.replaceOne(
      { _id: record.hostname, organizationId: expectedOrganizationId },
      toDocument(record),
    );
    return replaced.matchedCount === 1;
  }

  async remove(hostname: string, organizationId: string): Promise<boolean> {
    const removed = await this.#claims.deleteOne({ _id: hostname, organizationId });
    return removed.deletedCount === 1;
  }
}
