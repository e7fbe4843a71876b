/**
 * The repository of an organization's identity providers, written once for both kinds (SAML
 * in `samlProviders`, OpenID Connect in `oidcProviders`): a provider is one document, its
 * `_id` the provider's id (time-ordered: by id is by creation).
 */
import type {
  IdentityProviderRecordBase,
  IdentityProviderRepository,
  IdentityProviderUpdate,
  PageRequest,
  Slice,
} from '@quire/domain';
import type { Document, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { definedFields } from '../defined-fields';
import { findPage } from '../find-page';

/** A provider as stored: the record's fields, its id as `_id` (the kinds' other fields are theirs). */
interface IdentityProviderDocument {
  _id: string;
  organizationId: string;
  status: string;
  defaultTeam?: string;
  [field: string]: unknown;
}

/** The indexes of one kind's collection. */
export const identityProviderIndexes = (collection: string): CollectionIndexes[] => [
  defineIndexes<IdentityProviderDocument>(collection, [
    // The providers of an organization in creation order, and its active ones.
    { key: { organizationId: 1, _id: 1 } },
    { key: { organizationId: 1, status: 1, _id: 1 } },
    // Providers that name a team being deleted.
    { key: { organizationId: 1, defaultTeam: 1 } },
  ]),
];

/** More than any organization configures; `listActive` is not paged. */
const MAX_ACTIVE_PROVIDERS = 1000;

export class MongoIdentityProviderRepository<R extends IdentityProviderRecordBase>
  implements IdentityProviderRepository<R>
{
  readonly #providers: StoreCollection<IdentityProviderDocument>;

  constructor(db: StoreDatabase, collection: string) {
    this.#providers = db.collection<IdentityProviderDocument>(collection);
  }

  async insert(provider: R): Promise<void> {
    await this.#providers.insertOne(toDocument(provider));
  }

  async findById(organizationId: string, providerId: string): Promise<R | null> {
    const doc = await this.#providers.findOne({ _id: providerId, organizationId });
    return doc ? toRecord<R>(doc) : null;
  }

  async findAnyById(providerId: string): Promise<R | null> {
    const doc = await this.#providers.findOne({ _id: providerId });
    return doc ? toRecord<R>(doc) : null;
  }

  list(organizationId: string, page: PageRequest): Promise<Slice<R>> {
    return findPage(this.#providers, { organizationId }, { direction: 1 }, page, toRecord<R>);
  }

  count(organizationId: string): Promise<number> {
    return this.#providers.countDocuments({ organizationId });
  }

  async listActive(organizationId: string): Promise<R[]> {
    const docs = await this.#providers
      .find(
        { organizationId, status: 'active' },
        {
          sort: { _id: 1 },
          limit: MAX_ACTIVE_PROVIDERS,
        },
      )
      .toArray();
    return docs.map(toRecord<R>);
  }

  async update(
    organizationId: string,
    providerId: string,
    set: IdentityProviderUpdate<R>,
    unset: ReadonlyArray<keyof IdentityProviderUpdate<R>> = [],
  ): Promise<R | null> {
    const update: Document = {};
    const fields = definedFields(set as Record<string, unknown>);
    if (Object.keys(fields).length > 0) update.$set = fields;
    if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((field) => [field, '']));
    if (Object.keys(update).length === 0) return this.findById(organizationId, providerId);
    const doc = await this.#providers.findOneAndUpdate({ _id: providerId, organizationId }, update, {
      returnDocument: 'after',
    });
    return doc ? toRecord<R>(doc) : null;
  }

  async delete(organizationId: string, providerId: string): Promise<boolean> {
    const result = await this.#providers.deleteOne({ _id: providerId, organizationId });
    return result.deletedCount === 1;
  }

  async clearDefaultTeam(organizationId: string, teamId: string): Promise<void> {
    await this.#providers.updateMany(
      { organizationId, defaultTeam: teamId },
      {
        $unset: { defaultTeam: '' },
      },
    );
  }
}

// The collection holds one kind only, written by `insert` from an `R`: read back as one.
function toRecord<R extends IdentityProviderRecordBase>({ _id, ...rest }: IdentityProviderDocument): R {
  return { id: _id, ...rest } as unknown as R;
}

function toDocument<R extends IdentityProviderRecordBase>({ id, ...rest }: R): IdentityProviderDocument {
  return { _id: id, ...rest };
}
