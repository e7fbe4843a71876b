import type { OidcLoginStateRecord, OidcLoginStateRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';

const COLLECTION = 'oidcLoginStates';

/** A started OpenID Connect sign-in; `_id` is the SHA-256 of its `state`. */
export interface OidcLoginStateDocument extends Omit<OidcLoginStateRecord, 'stateHash'> {
  _id: string;
}

export const oidcLoginStateIndexes: CollectionIndexes[] = [
  // The expired ones, dropped whenever a sign-in starts.
  defineIndexes<OidcLoginStateDocument>(COLLECTION, [{ key: { expiresAt: 1 } }]),
];

export class MongoOidcLoginStateRepository implements OidcLoginStateRepository {
  readonly #states: StoreCollection<OidcLoginStateDocument>;

  constructor(db: StoreDatabase) {
    this.#states = db.collection<OidcLoginStateDocument>(COLLECTION);
  }

  async insert({ stateHash, ...rest }: OidcLoginStateRecord, now: string): Promise<void> {
    // Sign-ins abandoned at the provider would otherwise stay: each start clears the expired.
    await this.#states.deleteMany({ expiresAt: { $lte: now } });
    await this.#states.insertOne({ _id: stateHash, ...rest });
  }

  async take(stateHash: string, now: string): Promise<OidcLoginStateRecord | null> {
    // One atomic delete: of two callbacks presenting the same state, one gets the record.
    const doc = await this.#states.findOneAndDelete({ _id: stateHash });
    if (!doc || doc.expiresAt <= now) return null;
    const { _id, ...rest } = doc;
    return { stateHash: _id, ...rest };
  }
}
