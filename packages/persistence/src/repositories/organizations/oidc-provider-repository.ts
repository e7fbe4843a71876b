import type {
  OidcProviderRecord,
  OidcProviderRepository,
  OidcProviderUpdate,
  PageRequest,
  Slice,
} from '@quire/domain';
import type { Document, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { definedFields } from '../defined-fields';
import { findPage } from '../find-page';

const COLLECTION = 'oidcProviders';

/** An OpenID Connect provider as stored; `_id` is the provider's id (time-ordered: by id is by creation). */
export interface OidcProviderDocument extends Omit<OidcProviderRecord, 'id'> {
  _id: string;
}

export const oidcProviderIndexes: CollectionIndexes[] = [
  defineIndexes<OidcProviderDocument>(COLLECTION, [
    // The providers of an organization in creation order, and its active ones.
    { key: { organizationId: 1, _id: 1 } },
    { key: { organizationId: 1, status: 1, _id: 1 } },
  ]),
];

/** More than any organization configures; `listActive` is not paged. */
const MAX_ACTIVE_PROVIDERS = 1000;

const toRecord = ({ _id, ...rest }: OidcProviderDocument): OidcProviderRecord => ({ id: _id, ...rest });
const toDocument = ({ id, ...rest }: OidcProviderRecord): OidcProviderDocument => ({ _id: id, ...rest });

export class MongoOidcProviderRepository implements OidcProviderRepository {
  readonly #providers: StoreCollection<OidcProviderDocument>;

  constructor(db: StoreDatabase) {
    this.#providers = db.collection<OidcProviderDocument>(COLLECTION);
  }

  async insert(provider: OidcProviderRecord): Promise<void> {
    await this.#providers.insertOne(toDocument(provider));
  }

  async findById(organizationId: string, providerId: string): Promise<OidcProviderRecord | null> {
    const doc = await this.#providers.findOne({ _id: providerId, organizationId });
    return doc ? toRecord(doc) : null;
  }

  async findAnyById(providerId: string): Promise<OidcProviderRecord | null> {
    const doc = await this.#providers.findOne({ _id: providerId });
    return doc ? toRecord(doc) : null;
  }

  list(organizationId: string, page: PageRequest): Promise<Slice<OidcProviderRecord>> {
    return findPage(this.#providers, { organizationId }, { direction: 1 }, page, toRecord);
  }

  count(organizationId: string): Promise<number> {
    return this.#providers.countDocuments({ organizationId });
  }

  async listActive(organizationId: string): Promise<OidcProviderRecord[]> {
    const docs = await this.#providers
      .find({ organizationId, status: 'active' }, { sort: { _id: 1 }, limit: MAX_ACTIVE_PROVIDERS })
      .toArray();
    return docs.map(toRecord);
  }

  async update(
    organizationId: string,
    providerId: string,
    set: OidcProviderUpdate,
    unset: ReadonlyArray<keyof OidcProviderUpdate> = [],
  ): Promise<OidcProviderRecord | null> {
    const update: Document = {};
    const fields = definedFields(set);
    if (Object.keys(fields).length > 0) update.$set = fields;
    if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((field) => [field, '']));
    if (Object.keys(update).length === 0) return this.findById(organizationId, providerId);
    const doc = await this.#providers.findOneAndUpdate({ _id: providerId, organizationId }, update, {
      returnDocument: 'after',
    });
    return doc ? toRecord(doc) : null;
  }

  async delete(organizationId: string, providerId: string): Promise<boolean> {
    const result = await this.#providers.deleteOne({ _id: providerId, organizationId });
    return result.deletedCount === 1;
  }
}
