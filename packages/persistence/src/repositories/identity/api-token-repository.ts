import type { ApiTokenRecord, ApiTokenRepository, PageRequest, Slice } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { translateDuplicateKey } from '../duplicate-key';
import { findPage } from '../find-page';

const COLLECTION = 'apiTokens';

/** A token as stored: the record with its id as `_id`; never the token itself, only its hash. */
export interface ApiTokenDocument extends Omit<ApiTokenRecord, 'id'> {
  _id: string;
}

export const apiTokenIndexes: CollectionIndexes[] = [
  defineIndexes<ApiTokenDocument>(COLLECTION, [
    // Every authenticated request looks its token up by hash.
    { key: { tokenHash: 1 }, unique: true },
    // A user's tokens, in creation order (ids are time-ordered).
    { key: { userId: 1, _id: 1 } },
  ]),
];

function toRecord({ _id, ...rest }: ApiTokenDocument): ApiTokenRecord {
  return { id: _id, ...rest };
}

function toDocument({ id, ...rest }: ApiTokenRecord): ApiTokenDocument {
  return { _id: id, ...rest };
}

export class MongoApiTokenRepository implements ApiTokenRepository {
  readonly #tokens: StoreCollection<ApiTokenDocument>;

  constructor(db: StoreDatabase) {
    this.#tokens = db.collection<ApiTokenDocument>(COLLECTION);
  }

  async insert(token: ApiTokenRecord): Promise<void> {
    await translateDuplicateKey(
      () => this.#tokens.insertOne(toDocument(token)),
      'This API token is already registered',
    );
  }

  async findById(id: string): Promise<ApiTokenRecord | null> {
    const doc = await this.#tokens.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findByHash(tokenHash: string): Promise<ApiTokenRecord | null> {
    const doc = await this.#tokens.findOne({ tokenHash });
    return doc ? toRecord(doc) : null;
  }

  listByUser(userId: string, page: PageRequest): Promise<Slice<ApiTokenRecord>> {
    return findPage(this.#tokens, { userId }, { direction: 1 }, page, toRecord);
  }

  countByUser(userId: string): Promise<number> {
    return this.#tokens.countDocuments({ userId });
  }

  async revoke(id: string, at: string): Promise<ApiTokenRecord | null> {
    // The first revocation's time is kept: revoking again changes nothing.
    const revoked = await this.#tokens.findOneAndUpdate(
      { _id: id, revokedAt: { $exists: false } },
      { $set: { revokedAt: at } },
      { returnDocument: 'after' },
    );
    return revoked ? toRecord(revoked) : this.findById(id);
  }

  async touch(id: string, at: string): Promise<void> {
    await this.#tokens.updateOne({ _id: id }, { $set: { lastUsedAt: at } });
  }
}
