import type {
  CustomHostnameRecord,
  CustomHostnameRepository,
  CustomHostnameTargetRecord,
} from '@quire/domain';
import {
  type CollectionIndexes,
  defineIndexes,
  type StoreCollection,
  type StoreDatabase,
} from '@quire/store';
import { insertedUnlessTaken } from '../duplicate-key';

const COLLECTION = 'customHostnames';

/**
 * A custom hostname's claim as stored: `_id` is the hostname (unique by construction: the
 * store has no transactions, so uniqueness across sites and organizations is the key's);
 * `holder` names the target in one string, so a takeover is a compare-and-set on one field.
 */
interface CustomHostnameDocument {
  _id: string;
  holder: string;
  organizationId: string;
  target: CustomHostnameTargetRecord;
  createdAt: string;
}

export const customHostnameIndexes: CollectionIndexes[] = [
  defineIndexes<CustomHostnameDocument>(COLLECTION, [
    // An organization's hostnames (its own and its sites').
    { key: { organizationId: 1, _id: 1 } },
  ]),
];

const holderOf = (target: CustomHostnameTargetRecord): string =>
  target.type === 'site' ? `site:${target.siteId}` : `organization:${target.organizationId}`;

const toDocument = (record: CustomHostnameRecord): CustomHostnameDocument => ({
  _id: record.hostname,
  holder: holderOf(record.target),
  organizationId: record.target.organizationId,
  target: record.target,
  createdAt: record.createdAt,
});

const toRecord = (doc: CustomHostnameDocument): CustomHostnameRecord => ({
  hostname: doc._id,
  target: doc.target,
  createdAt: doc.createdAt,
});

export class MongoCustomHostnameRepository implements CustomHostnameRepository {
  readonly #claims: StoreCollection<CustomHostnameDocument>;

  constructor(db: StoreDatabase) {
    this.#claims = db.collection<CustomHostnameDocument>(COLLECTION);
  }

  async find(hostname: string): Promise<CustomHostnameRecord | null> {
    const doc = await this.#claims.findOne({ _id: hostname });
    return doc ? toRecord(doc) : null;
  }

  async insert(record: CustomHostnameRecord): Promise<boolean> {
    return insertedUnlessTaken(() => this.#claims.insertOne(toDocument(record)));
  }

  async replaceHolder(record: CustomHostnameRecord, expected: CustomHostnameTargetRecord): Promise<boolean> {
    const replaced = await this.#claims.replaceOne(
      { _id: record.hostname, holder: holderOf(expected) },
      toDocument(record),
    );
    return replaced.matchedCount === 1;
  }

  async remove(hostname: string, holder: CustomHostnameTargetRecord): Promise<boolean> {
    const removed = await this.#claims.deleteOne({ _id: hostname, holder: holderOf(holder) });
    return removed.deletedCount === 1;
  }

  async listOfOrganization(organizationId: string): Promise<CustomHostnameRecord[]> {
    const docs = await this.#claims.find({ organizationId }, { sort: { _id: 1 } }).toArray();
    return docs.map(toRecord);
  }
}
