import type { PasswordResetRecord, PasswordResetRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';

const COLLECTION = 'passwordResets';

/** A password reset as stored: the record with its id as `_id`; never the link's token. */
export interface PasswordResetDocument extends Omit<PasswordResetRecord, 'id'> {
  _id: string;
}

export const passwordResetIndexes: CollectionIndexes[] = [
  defineIndexes<PasswordResetDocument>(COLLECTION, [
    // Using a link looks its reset up by the token's hash.
    { key: { tokenHash: 1 }, unique: true },
    // A new password uses up the user's other links.
    { key: { userId: 1, _id: 1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: PasswordResetDocument): PasswordResetRecord => ({ id: _id, ...rest });

export class MongoPasswordResetRepository implements PasswordResetRepository {
  readonly #resets: StoreCollection<PasswordResetDocument>;

  constructor(db: StoreDatabase) {
    this.#resets = db.collection<PasswordResetDocument>(COLLECTION);
  }

  async insert({ id, ...rest }: PasswordResetRecord): Promise<void> {
    await this.#resets.insertOne({ _id: id, ...rest });
  }

  async findByTokenHash(tokenHash: string): Promise<PasswordResetRecord | null> {
    const doc = await this.#resets.findOne({ tokenHash });
    return doc ? toRecord(doc) : null;
  }

  async markUsed(id: string, at: string): Promise<boolean> {
    // One atomic conditional update: of two requests racing with one link, one matches.
    const result = await this.#resets.updateOne(
      { _id: id, usedAt: { $exists: false } },
      { $set: { usedAt: at } },
    );
    return result.modifiedCount === 1;
  }

  async markAllUsedOfUser(userId: string, at: string): Promise<number> {
    const result = await this.#resets.updateMany(
      { userId, usedAt: { $exists: false } },
      { $set: { usedAt: at } },
    );
    return result.modifiedCount;
  }
}
